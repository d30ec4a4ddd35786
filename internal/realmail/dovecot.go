package realmail

import (
	"context"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"text/template"
)

// dovecotConf is a Dovecot 2.3 configuration with nothing from /etc:
// virtual users from a passwd-file, Maildirs under the work directory,
// IMAP and LMTP on loopback, and the auth service on loopback for
// Postfix's SMTP AUTH. Dovecot refuses to run its login and mail
// processes as root, so they run as the users its package creates.
var dovecotConf = template.Must(template.New("dovecot.conf").Parse(`# Written by pbemd's internal/realmail for one test.
base_dir = {{.Dir}}/run
state_dir = {{.Dir}}/state
log_path = {{.Dir}}/dovecot.log
protocols = imap lmtp
hostname = imap.{{.Domain}}
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_verbose = yes
# answer a wrong password at once; anvil's penalty still delays the next
# login from the same address by 2 s, doubling up to 15 s, as in production
auth_failure_delay = 0
default_internal_user = dovecot
default_internal_group = dovecot
default_login_user = dovenull
first_valid_uid = 1
recipient_delimiter = +
mail_location = maildir:{{.Dir}}/mail/%n

passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n {{.Dir}}/users
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home={{.Dir}}/mail/%n
}

service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = {{.IMAP}}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = {{.LMTP}}
  }
}
service auth {
  inet_listener sasl {
    address = 127.0.0.1
    port = {{.Auth}}
  }
}
service anvil {
  chroot =
}

protocol imap {
  # the daemon, a test reading mailboxes and a benchmark may overlap
  mail_max_userip_connections = 100
}
protocol lmtp {
  auth_username_format = %n
}
`))

// startDovecot writes Dovecot's configuration under dir/dovecot, starts
// it in the foreground, and waits until IMAP, LMTP and auth answer.
func (s *System) startDovecot(ctx context.Context) (*daemon, error) {
	if err := s.layoutDovecot(filepath.Join(s.dir, "dovecot")); err != nil {
		return nil, fmt.Errorf("realmail: set up dovecot: %w", err)
	}
	return s.runDovecot(ctx)
}

// StopDovecot stops Dovecot, as an operator's restart does: IMAP refuses
// connections, and Postfix keeps the mail for its users queued. Its
// configuration and mailboxes stay for StartDovecot.
func (s *System) StopDovecot() { s.dovecot.stop() }

// StartDovecot starts Dovecot again after StopDovecot, on the same ports
// with the same users and mailboxes, and waits until it answers.
func (s *System) StartDovecot(ctx context.Context) error {
	d, err := s.runDovecot(ctx)
	s.dovecot = d
	return err
}

// runDovecot starts Dovecot on the configuration under dir/dovecot and
// waits until IMAP, LMTP and auth answer.
func (s *System) runDovecot(ctx context.Context) (*daemon, error) {
	dir := filepath.Join(s.dir, "dovecot")
	d, err := startDaemon("dovecot", []string{filepath.Join(dir, "dovecot.out"), filepath.Join(dir, "dovecot.log")},
		s.bins.dovecot, "-F", "-c", filepath.Join(dir, "dovecot.conf"))
	if err != nil {
		return nil, err
	}
	p := s.ports
	err = d.waitReady(ctx, []int{p.imap, p.lmtp, p.auth},
		greets(p.imap, "* OK"), greets(p.lmtp, "220 "), greets(p.auth, "VERSION\t"))
	return d, err
}

// layoutDovecot makes Dovecot's directories, its empty users file and its
// configuration. The Maildirs belong to the dovecot user.
func (s *System) layoutDovecot(dir string) error {
	for _, sub := range []string{"run", "state", "mail"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	if err := chownTo(filepath.Join(dir, "mail"), "dovecot", "dovecot"); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "users"), nil, 0o644); err != nil {
		return err
	}
	var conf strings.Builder
	err := dovecotConf.Execute(&conf, map[string]any{
		"Dir": dir, "Domain": domain, "IMAP": s.ports.imap, "LMTP": s.ports.lmtp, "Auth": s.ports.auth,
	})
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "dovecot.conf"), []byte(conf.String()), 0o644)
}

// chownTo gives path to a system user and group.
func chownTo(path, owner, group string) error {
	uid, gid := -1, -1
	if owner != "" {
		u, err := user.Lookup(owner)
		if err != nil {
			return err
		}
		if uid, err = strconv.Atoi(u.Uid); err != nil {
			return err
		}
	}
	if group != "" {
		g, err := user.LookupGroup(group)
		if err != nil {
			return err
		}
		if gid, err = strconv.Atoi(g.Gid); err != nil {
			return err
		}
	}
	return os.Chown(path, uid, gid)
}
