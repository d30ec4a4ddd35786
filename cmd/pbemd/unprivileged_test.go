package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// nobody is the unprivileged user the tests run pbemd as when they run as
// root, as systemd runs the unit's ExecStartPre as its User=.
const nobody = 65534

// TestConfigTestAsTheServiceUser runs `pbemd config test` as an
// unprivileged user (nobody, when the test runs as root) on a config
// whose IMAP password file that user may not read, and which has a
// mistake besides: both are reported, each at its line, in one run, and
// it exits 2. Root could read the file, so a check run as root would
// have passed and the daemon failed later.
func TestConfigTestAsTheServiceUser(t *testing.T) {
	bin := buildPbemd(t)
	dir, err := os.MkdirTemp("", "pbemd-unprivileged-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	exe := filepath.Join(dir, "pbemd")
	copyFile(t, bin, exe, 0o755)
	os.WriteFile(filepath.Join(dir, "imap.pass"), []byte("secret\n"), 0o600)
	os.Chmod(filepath.Join(dir, "imap.pass"), 0o000) // for a test not run as root
	cfg := filepath.Join(dir, "pbemd.yaml")
	os.WriteFile(cfg, []byte(`data: pbemd.db
address: moderator@example.org
imap: {host: imap.example.org, user: moderator, password_file: imap.pass}
smtp: {host: smtp.example.org, tls: maybe}
`), 0o644)

	cmd := exec.Command(exe, "config", "test", cfg)
	if os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	want := []string{
		"pbemd.yaml:3:64: read imap password: open " + filepath.Join(dir, "imap.pass") + ": permission denied; the daemon's user must read it",
		`pbemd.yaml:4:37: tls "maybe" is not allowed`,
	}
	for _, w := range want {
		if !strings.Contains(stderr.String(), w) {
			t.Errorf("pbemd config test as an unprivileged user = %v\n%s\nwant %q", err, stderr.String(), w)
		}
	}
	if code := cmd.ProcessState.ExitCode(); code != exitConfig {
		t.Errorf("pbemd config test as an unprivileged user exited %d, want %d", code, exitConfig)
	}
}

func copyFile(t *testing.T, from, to string, mode os.FileMode) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
