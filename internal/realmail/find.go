package realmail

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
)

// install is the command that installs what a System runs, on Debian.
const install = "apt-get install dovecot-imapd dovecot-lmtpd postfix"

// binaries are the programs a System runs.
type binaries struct {
	dovecot  string // the Dovecot master
	master   string // the Postfix master
	postconf string // Postfix's configuration tool
}

// find locates the daemons in PATH. If a System cannot run here it says
// why in one line, naming what is missing and how to install it.
func find() (binaries, string) {
	var bins binaries
	var missing []string
	if dovecot, err := exec.LookPath("dovecot"); err != nil {
		missing = append(missing, "dovecot (dovecot-imapd)")
	} else {
		bins.dovecot = dovecot
		if lmtpBinary(dovecot) == "" {
			missing = append(missing, "Dovecot's lmtp (dovecot-lmtpd)")
		}
	}
	bins.postconf, bins.master = postfixMaster()
	if bins.master == "" {
		missing = append(missing, "postfix")
	}
	if len(missing) > 0 {
		return bins, fmt.Sprintf("realmail: %s not found in PATH; install with: %s", strings.Join(missing, ", "), install)
	}
	if v := dovecotVersion(bins.dovecot); !strings.HasPrefix(v, "2.3.") {
		return bins, fmt.Sprintf("realmail: Dovecot %q is installed, but realmail writes Dovecot 2.3 configuration (Debian 12's)", v)
	}
	if uid := os.Geteuid(); uid != 0 {
		return bins, fmt.Sprintf("realmail: Postfix's master runs only as root, and this is uid %d; run the tests as root", uid)
	}
	for _, u := range []string{"dovecot", "dovenull", "postfix"} {
		if _, err := user.Lookup(u); err != nil {
			return bins, fmt.Sprintf("realmail: the system user %s is missing; reinstall: %s", u, install)
		}
	}
	if _, err := user.LookupGroup("postdrop"); err != nil {
		return bins, "realmail: the system group postdrop is missing; reinstall: " + install
	}
	return bins, ""
}

// lmtpBinary finds the lmtp service among Dovecot's helper programs:
// /usr/lib/dovecot on Debian, /usr/libexec/dovecot elsewhere.
func lmtpBinary(dovecot string) string {
	prefix := filepath.Dir(filepath.Dir(dovecot))
	for _, dir := range []string{"lib", "libexec"} {
		p := filepath.Join(prefix, dir, "dovecot", "lmtp")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// postfixMaster finds postconf and asks it where Postfix keeps its
// daemons. It returns "" for the master if Postfix is not installed.
func postfixMaster() (postconf, master string) {
	postconf, err := exec.LookPath("postconf")
	if err != nil {
		return "", ""
	}
	out, err := exec.Command(postconf, "-d", "-h", "daemon_directory").Output()
	if err != nil {
		return postconf, ""
	}
	master = filepath.Join(strings.TrimSpace(string(out)), "master")
	if _, err := os.Stat(master); err != nil {
		return postconf, ""
	}
	return postconf, master
}

// dovecotVersion returns Dovecot's version, "2.3.19.1" say, or the error.
func dovecotVersion(dovecot string) string {
	out, err := exec.Command(dovecot, "--version").Output()
	if err != nil {
		return err.Error()
	}
	v, _, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	return v
}
