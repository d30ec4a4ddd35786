package realmail

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"text/template"
	"time"
)

// postfixMainCf is a Postfix main.cf with nothing from /etc: its queue,
// data and log under the work directory; SMTP on loopback for one virtual
// domain, delivered through Dovecot's LMTP; SMTP AUTH checked by
// Dovecot's auth service. Nothing is relayed elsewhere, no DNS is asked,
// and deferred mail is retried within seconds, not minutes.
var postfixMainCf = template.Must(template.New("main.cf").Parse(`# Written by pbemd's internal/realmail for one test.
compatibility_level = 3.6
queue_directory = {{.Dir}}/queue
data_directory = {{.Dir}}/data
maillog_file = {{.Dir}}/postfix.log
maillog_file_prefixes = {{.Dir}}
myhostname = mx.{{.Domain}}
mydomain = {{.Domain}}
myorigin = $mydomain
mydestination =
local_recipient_maps =
alias_maps =
alias_database =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = reject_unauth_destination
smtpd_peername_lookup = no
smtpd_sasl_auth_enable = yes
smtpd_sasl_type = dovecot
smtpd_sasl_path = inet:127.0.0.1:{{.Auth}}
virtual_mailbox_domains = {{.Domain}}
virtual_transport = lmtp:inet:127.0.0.1:{{.LMTP}}
default_transport = error:realmail delivers only to {{.Domain}}
relay_transport = error:realmail delivers only to {{.Domain}}
recipient_delimiter = +
lmtp_host_lookup = native
message_size_limit = 67108864
in_flow_delay = 0s
smtpd_error_sleep_time = 0s
biff = no
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 4s
`))

// postfixMasterCf lists only the services this setup uses, none of them
// chrooted. postlogd writes maillog_file.
var postfixMasterCf = template.Must(template.New("master.cf").Parse(`# Written by pbemd's internal/realmail for one test.
127.0.0.1:{{.SMTP}} inet n - n - - smtpd
postlog   unix-dgram n - n - 1 postlogd
cleanup   unix n - n - 0 cleanup
qmgr      unix n - n 300 1 qmgr
rewrite   unix - - n - - trivial-rewrite
bounce    unix - - n - 0 bounce
defer     unix - - n - 0 bounce
trace     unix - - n - 0 bounce
flush     unix n - n 1000? 0 flush
proxymap  unix - - n - - proxymap
error     unix - - n - - error
retry     unix - - n - - error
discard   unix - - n - - discard
lmtp      unix - - n - - lmtp
anvil     unix - - n - 1 anvil
scache    unix - - n - 1 scache
`))

// queueDirs are the queue's directories with the owner, group and mode
// Postfix's postfix-files gives them; post-install would make them.
var queueDirs = []struct {
	name, owner, group string
	mode               os.FileMode
}{
	{"active", "postfix", "", 0o700},
	{"bounce", "postfix", "", 0o700},
	{"corrupt", "postfix", "", 0o700},
	{"defer", "postfix", "", 0o700},
	{"deferred", "postfix", "", 0o700},
	{"flush", "postfix", "", 0o700},
	{"hold", "postfix", "", 0o700},
	{"incoming", "postfix", "", 0o700},
	{"private", "postfix", "", 0o700},
	{"saved", "postfix", "", 0o700},
	{"trace", "postfix", "", 0o700},
	{"maildrop", "postfix", "postdrop", 0o730},
	{"public", "postfix", "postdrop", 0o710},
	{"pid", "", "", 0o755},
}

// startPostfix writes Postfix's configuration and queue under
// dir/postfix, starts its master in the foreground, and waits until SMTP
// answers.
func (s *System) startPostfix(ctx context.Context) (*daemon, error) {
	dir := filepath.Join(s.dir, "postfix")
	if err := s.layoutPostfix(dir); err != nil {
		return nil, fmt.Errorf("realmail: set up postfix: %w", err)
	}
	// -d keeps stdout and stderr, and the process group, ours.
	d, err := startDaemon("postfix", []string{filepath.Join(dir, "postfix.out"), filepath.Join(dir, "postfix.log")},
		s.bins.master, "-c", filepath.Join(dir, "conf"), "-d")
	if err != nil {
		return nil, err
	}
	err = d.waitReady(ctx, []int{s.ports.smtp}, greets(s.ports.smtp, "220 "))
	if err != nil && !errors.Is(err, errPortTaken) {
		err = fmt.Errorf("%w; Postfix's master logs its startup errors to syslog only, but postconf says: %s",
			err, s.checkPostfix(filepath.Join(dir, "conf")))
	}
	return d, err
}

// checkPostfix returns what postconf finds wrong with main.cf and
// master.cf, or "nothing".
func (s *System) checkPostfix(conf string) string {
	var problems []string
	for _, which := range []string{"-n", "-M"} {
		var stderr strings.Builder
		cmd := exec.Command(s.bins.postconf, "-c", conf, which)
		cmd.Stderr = &stderr
		err := cmd.Run()
		p := strings.TrimSpace(stderr.String())
		if p == "" && err != nil {
			p = err.Error()
		}
		if p != "" && !slices.Contains(problems, p) {
			problems = append(problems, p)
		}
	}
	if len(problems) == 0 {
		return "nothing"
	}
	return strings.Join(problems, "; ")
}

// layoutPostfix makes Postfix's config, queue and data directories.
func (s *System) layoutPostfix(dir string) error {
	for _, sub := range []string{"conf", "queue", "data"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	for _, q := range queueDirs {
		path := filepath.Join(dir, "queue", q.name)
		if err := os.Mkdir(path, q.mode); err != nil {
			return err
		}
		if err := os.Chmod(path, q.mode); err != nil { // past the umask
			return err
		}
		if q.owner != "" {
			if err := chownTo(path, q.owner, q.group); err != nil {
				return err
			}
		}
	}
	data := filepath.Join(dir, "data")
	if err := os.Chmod(data, 0o700); err != nil {
		return err
	}
	if err := chownTo(data, "postfix", ""); err != nil {
		return err
	}
	vars := map[string]any{"Dir": dir, "Domain": domain, "LMTP": s.ports.lmtp, "Auth": s.ports.auth, "SMTP": s.ports.smtp}
	for _, tmpl := range []*template.Template{postfixMainCf, postfixMasterCf} {
		var b strings.Builder
		if err := tmpl.Execute(&b, vars); err != nil {
			return err
		}
		path := filepath.Join(dir, "conf", tmpl.Name())
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			return err
		}
		// Postfix rereads a config file until it is a second old, in
		// case it is still being written: 1.8 s of every start.
		old := time.Now().Add(-time.Minute)
		if err := os.Chtimes(path, old, old); err != nil {
			return err
		}
	}
	return nil
}
