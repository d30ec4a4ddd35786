package realmail

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

const (
	// domain is the one mail domain a System delivers: the frontier
	// scenario's players live there.
	domain = "example.test"
	// startTimeout bounds the wait for the daemons to answer on their
	// ports; the machine may be busy with other test binaries.
	startTimeout = 60 * time.Second
	// startAttempts is how often Start picks new ports when a daemon
	// finds one of them taken.
	startAttempts = 3
	// maxDirLen keeps socket paths under the daemons' work directory
	// within the 107 bytes a unix socket address holds.
	maxDirLen = 60
)

// System is a running Dovecot and Postfix for one test. Its methods are
// safe for concurrent use.
type System struct {
	dir     string
	bins    binaries
	ports   ports
	dovecot *daemon
	postfix *daemon
	mu      sync.Mutex
	users   map[string]string // local part to password
}

// ports are the loopback ports a System listens on.
type ports struct {
	imap, lmtp, auth, smtp int
}

// Start starts a private Dovecot and Postfix on random loopback ports, with
// their configuration, queues and mailboxes in a temporary directory of
// the test, and stops them when the test ends. It skips the test if the
// daemons are not installed or this is not root (see the package doc), and
// fails it if they do not start; the failure shows the daemons' logs, as
// does every test that fails while a System runs.
func Start(t testing.TB) *System {
	t.Helper()
	bins := require(t)
	dir, err := workDir(t)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), startTimeout)
	defer cancel()
	s, err := launch(ctx, dir, bins)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.stop()
		if t.Failed() {
			t.Logf("realmail: the daemons' logs:\n%s", s.Logs())
		}
	})
	return s
}

// require returns the daemons, or skips t with one line saying what is
// missing; on CI it fails t instead.
func require(t testing.TB) binaries {
	t.Helper()
	bins, why := find()
	if why != "" {
		if inCI() {
			t.Fatalf("%s; CI is set, so the real mail tests must not skip", why)
		}
		t.Skip(why)
	}
	return bins
}

// launch starts a System in dir, on other ports if one it picked was
// taken meanwhile. A failure carries the daemons' logs.
func launch(ctx context.Context, dir string, bins binaries) (*System, error) {
	for attempt := 1; ; attempt++ {
		s := &System{dir: dir, bins: bins, users: map[string]string{}}
		p, err := freePorts()
		if err == nil {
			err = s.start(ctx, p)
		}
		if err == nil {
			return s, nil
		}
		s.stop()
		if !errors.Is(err, errPortTaken) || attempt == startAttempts {
			return nil, fmt.Errorf("%w\n%s", err, s.Logs())
		}
	}
}

// start writes the configuration for ports and starts Dovecot, then
// Postfix, each once its ports answer.
func (s *System) start(ctx context.Context, p ports) error {
	s.ports = p
	var err error
	for _, sub := range []string{"dovecot", "postfix"} {
		if err := os.RemoveAll(filepath.Join(s.dir, sub)); err != nil {
			return fmt.Errorf("realmail: clear %s: %w", sub, err)
		}
	}
	if s.dovecot, err = s.startDovecot(ctx); err != nil {
		return err
	}
	if s.postfix, err = s.startPostfix(ctx); err != nil {
		return err
	}
	return nil
}

// stop ends both daemons, Postfix first so that it delivers nothing into
// a stopping Dovecot.
func (s *System) stop() {
	for _, d := range []*daemon{s.postfix, s.dovecot} {
		if d != nil {
			d.stop()
		}
	}
}

// Domain returns the mail domain the System delivers to, "example.test".
func (s *System) Domain() string { return domain }

// IMAPAddr returns the host:port of Dovecot's IMAP service (no TLS; PLAIN
// and LOGIN accepted). Users log in with their local part or full address.
func (s *System) IMAPAddr() string { return loopback(s.ports.imap) }

// SMTPAddr returns the host:port of Postfix's SMTP service (no TLS). It
// takes mail for the System's domain from anyone on loopback, and offers
// AUTH PLAIN and LOGIN for the users, checked by Dovecot.
func (s *System) SMTPAddr() string { return loopback(s.ports.smtp) }

// AddUser creates a virtual user with a random password and returns its
// address, local@example.test. Mail to that address, or to
// local+anything@example.test, lands in the user's INBOX; it may be added
// while the System runs. Adding a user again returns the same password.
func (s *System) AddUser(local string) (address, password string) {
	local = strings.ToLower(local)
	if local == "" || strings.ContainsAny(local, ":@+ \t\r\n") {
		panic(fmt.Sprintf("realmail: AddUser(%q): want a plain local part", local))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if pw, ok := s.users[local]; ok {
		return local + "@" + domain, pw
	}
	s.users[local] = rand.Text()[:16]
	if err := s.writeUsers(); err != nil {
		panic(err.Error()) // a temp dir that stopped being writable
	}
	return local + "@" + domain, s.users[local]
}

// password returns a user's password, or "" for an unknown user.
func (s *System) password(local string) string {
	local, _, _ = strings.Cut(strings.ToLower(local), "@")
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.users[local]
}

// writeUsers replaces Dovecot's passwd-file, which Dovecot rereads when it
// changes. The caller holds s.mu.
func (s *System) writeUsers() error {
	var b strings.Builder
	for _, u := range slices.Sorted(maps.Keys(s.users)) {
		fmt.Fprintf(&b, "%s:{PLAIN}%s\n", u, s.users[u])
	}
	path := filepath.Join(s.dir, "dovecot", "users")
	tmp := path + ".new"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("realmail: write users: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("realmail: write users: %w", err)
	}
	return nil
}

// Logs returns the end of each daemon's log files, for a failing test.
func (s *System) Logs() string {
	var b strings.Builder
	for _, d := range []*daemon{s.dovecot, s.postfix} {
		if d != nil {
			b.WriteString(d.tail())
		}
	}
	return b.String()
}

// workDir returns the test's temporary directory, or a shorter one that
// is removed when the test ends if socket paths would not fit, made
// searchable by the daemons' unprivileged users.
func workDir(t testing.TB) (string, error) {
	dir := t.TempDir()
	if len(dir) > maxDirLen {
		short, err := os.MkdirTemp("", "realmail-")
		if err != nil {
			return "", fmt.Errorf("realmail: make work dir: %w", err)
		}
		t.Cleanup(func() { os.RemoveAll(short) })
		dir = short
	} else if err := os.Chmod(filepath.Dir(dir), 0o755); err != nil {
		return "", fmt.Errorf("realmail: make work dir searchable: %w", err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return "", fmt.Errorf("realmail: make work dir searchable: %w", err)
	}
	for p := dir; ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			return "", fmt.Errorf("realmail: check work dir: %w", err)
		}
		if fi.Mode().Perm()&0o001 == 0 {
			return "", fmt.Errorf("realmail: %s is not searchable by other users, so Dovecot's and Postfix's own users cannot reach %s; point TMPDIR elsewhere", p, dir)
		}
		if p == filepath.Dir(p) {
			return dir, nil
		}
	}
}

// inCI reports whether the tests run on CI, where skipping is failing.
func inCI() bool {
	v := os.Getenv("CI")
	return v != "" && v != "0" && !strings.EqualFold(v, "false")
}
