// Package e2e_test runs pbemd as operators do, a built binary with a config
// file, against the mail servers they run: Dovecot and Postfix on loopback
// (internal/realmail). Players send orders through Postfix and read what
// the daemon answers from their Dovecot mailboxes over IMAP. Without those
// servers the tests skip, except on CI.
package e2e_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/internal/pbemdbin"
	"github.com/pbemd/pbemd/internal/realmail"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
)

const (
	// mailWait bounds the wait for one mail: through Postfix, Dovecot
	// and the daemon's IDLE, on a machine busy with other tests.
	mailWait = 60 * time.Second
	// stopWait is how long the daemon may take to exit after SIGTERM.
	stopWait = 5 * time.Second
	// moderator is the daemon's address.
	moderator = "moderator@example.test"
)

// players are the frontier scenario's seats, all at example.test.
var players = []string{"vorn", "castellan", "ashari", "tekkar"}

// tdPlayers are the seats of the Thunderdome IV example scenario.
var tdPlayers = []string{"lyran", "hydran", "gorn", "kzinti"}

// harness is a real mail system with a campaign set up by `pbemd init`,
// and the daemon once run starts it. Its methods read as the players act.
type harness struct {
	t        *testing.T
	campaign string // the campaign's ID, as orders name it
	mx       *realmail.System
	dir      string
	bin      string
	config   string
	tokens   map[string]string
	taken    map[string]map[uint32]bool // UIDs taken from each user's INBOX
	sent     int                        // mails sent to the moderator
	lastID   string                     // Message-ID of the last mail sent, without <>
	daemon   *daemonProc                // `pbemd run`, once run
}

// newHarness starts Dovecot and Postfix, builds pbemd, writes its config
// and runs `pbemd init` with the frontier scenario. The daemon polls only
// every 10 minutes: mail must reach it through Dovecot's IDLE.
func newHarness(t *testing.T) *harness {
	t.Helper()
	return newScenarioHarness(t, "frontier", scenarios.Frontier, players)
}

// newScenarioHarness is newHarness for the scenario of campaign name,
// whose seats are seats. The test runs in parallel with the others: each
// has its own mail system, data directory and daemon.
func newScenarioHarness(t *testing.T, name string, scenario []byte, seats []string) *harness {
	t.Helper()
	t.Parallel()
	mx := realmail.Start(t)
	h := &harness{t: t, campaign: name, mx: mx, dir: t.TempDir(), tokens: map[string]string{}, taken: map[string]map[uint32]bool{}}
	_, pw := mx.AddUser("moderator")
	for _, u := range append([]string{"gm"}, seats...) {
		mx.AddUser(u)
	}
	h.bin = buildPbemd(t)
	h.writeFile("moderator.pass", pw+"\n")
	file := h.writeFile(name+".yaml", string(scenario))
	h.config = h.writeFile("pbemd.yaml", fmt.Sprintf(`data: pbemd.db
address: %s
imap: {host: 127.0.0.1, port: %s, tls: none, user: moderator, password_file: moderator.pass, poll: 10m}
smtp: {host: 127.0.0.1, port: %s, tls: none, user: %s, password_file: moderator.pass, helo: pbemd.example.test}
log: {format: json, level: debug}
`, moderator, port(mx.IMAPAddr()), port(mx.SMTPAddr()), moderator))
	out, err := h.pbemd("init", "--config", h.config, "--scenario", file).CombinedOutput()
	if err != nil || !strings.Contains(string(out), " welcome and report mails sent") {
		t.Fatalf("pbemd init: %v\n%s", err, out)
	}
	return h
}

func TestMain(m *testing.M) { pbemdbin.Main(m) }

// buildPbemd builds the daemon as operators do, with the race detector if
// the tests have it, once for all the tests of a run.
func buildPbemd(t *testing.T) string {
	t.Helper()
	return pbemdbin.Build(t, raceEnabled)
}

// pbemd returns a pbemd command run in the harness's directory.
func (h *harness) pbemd(args ...string) *exec.Cmd {
	cmd := exec.CommandContext(h.t.Context(), h.bin, args...)
	cmd.Dir = h.dir
	return cmd
}

// run starts `pbemd run` and waits until it is ready. The test ends it
// with stop; if it does not, cleanup does. The daemon's log is shown if the
// test fails.
func (h *harness) run() {
	h.t.Helper()
	h.daemon = startDaemon(h.t, h.bin, h.dir, h.config)
}

// stop sends the daemon SIGTERM, as systemd does, and expects it to exit
// cleanly within stopWait.
func (h *harness) stop() {
	h.t.Helper()
	if h.daemon != nil {
		h.daemon.stop()
	}
}

// send mails body from a player to the moderator through Postfix, as the
// player's mail client would, under a fresh Message-ID.
func (h *harness) send(from, body string) {
	h.t.Helper()
	h.sent++
	h.lastID = fmt.Sprintf("m%d.%s@example.test", h.sent, from)
	raw := fmt.Sprintf("From: %s@example.test\nTo: %s\nSubject: orders\nDate: %s\nMessage-ID: <%s>\n"+
		"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n%s",
		from, moderator, time.Now().Format(time.RFC1123Z), h.lastID, body)
	if err := h.mx.Send(h.t.Context(), from+"@example.test", []string{moderator}, []byte(raw)); err != nil {
		h.t.Fatal(err)
	}
}

// orders writes a turn 1 orders document for a player, with their token.
func (h *harness) orders(player string, final bool, items ...string) string {
	return h.ordersFor(player, 1, final, items...)
}

// ordersFor writes an orders document for a player's turn, with their
// token.
func (h *harness) ordersFor(player string, turn int, final bool, items ...string) string {
	s := fmt.Sprintf("campaign: %s\nplayer: %s\nturn: %d\ntoken: %s\nfinal: %t\norders:\n", h.campaign, player, turn, h.tokens[player], final)
	for _, it := range items {
		s += "  - " + it + "\n"
	}
	return s
}

// received is a mail a user got.
type received struct {
	*mail.Inbound
	raw []byte
}

// mailFor waits for a mail to user that match accepts and that no
// earlier call took. Postfix delivers in parallel, so mail need not arrive
// in the order it was sent.
func (h *harness) mailFor(user, what string, match func(*received) bool) *received {
	h.t.Helper()
	if h.taken[user] == nil {
		h.taken[user] = map[uint32]bool{}
	}
	var found *received
	h.poll(fmt.Sprintf("%s for %s", what, user), func(ctx context.Context) (bool, error) {
		msgs, err := h.mx.Messages(ctx, user, "INBOX")
		for _, m := range msgs {
			if h.taken[user][m.UID] {
				continue
			}
			in, err := mail.Parse(m.Raw, mail.ParseOptions{MaxTextBytes: 1 << 20})
			if err != nil {
				return false, fmt.Errorf("parse mail to %s: %w", user, err)
			}
			if r := (&received{Inbound: in, raw: m.Raw}); match(r) {
				h.taken[user][m.UID], found = true, r
				return true, nil
			}
		}
		return false, err
	})
	return found
}

// titled waits for a mail to user whose subject holds part.
func (h *harness) titled(user, part string) *received {
	h.t.Helper()
	return h.mailFor(user, fmt.Sprintf("a mail titled %q", part), func(r *received) bool {
		return strings.Contains(r.Subject, part)
	})
}

// answer waits for the daemon's answer to the last mail user sent,
// threaded under it.
func (h *harness) answer(user string) *received {
	h.t.Helper()
	id := h.lastID
	return h.mailFor(user, "an answer to <"+id+">", func(r *received) bool { return r.InReplyTo == id })
}

// poll calls done until it reports true, failing the test with what if it
// does not within mailWait.
func (h *harness) poll(what string, done func(context.Context) (bool, error)) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(h.t.Context(), mailWait)
	defer cancel()
	for {
		ok, err := done(ctx)
		if err != nil && ctx.Err() == nil {
			h.t.Fatalf("waiting for %s: %v", what, err)
		}
		if ok {
			return
		}
		select {
		case <-ctx.Done():
			h.t.Fatalf("no %s within %v", what, mailWait)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// body is the mail's plain-text part, as a person reads it.
func (r *received) body() string { return localmail.PlainText(r.raw) }

// want checks that the subject or the body holds each of parts; a part
// may run across a line the body's text wraps.
func (r *received) want(t *testing.T, parts ...string) {
	t.Helper()
	flat := strings.Join(strings.Fields(r.body()), " ")
	for _, p := range parts {
		if !strings.Contains(r.body(), p) && !strings.Contains(flat, p) && !strings.Contains(r.Subject, p) {
			t.Errorf("mail %q lacks %q:\n%s", r.Subject, p, r.body())
		}
	}
}

// store opens the daemon's data file once the daemon has stopped.
func (h *harness) store() *store.DB {
	h.t.Helper()
	db, err := store.Open(filepath.Join(h.dir, "pbemd.db"), store.Options{})
	if err != nil {
		h.t.Fatalf("open the data file: %v", err)
	}
	h.t.Cleanup(func() { db.Close() })
	return db
}

// writeFile writes a file into the harness's directory and returns its
// path.
func (h *harness) writeFile(name, content string) string {
	h.t.Helper()
	path := filepath.Join(h.dir, name)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		h.t.Fatal(err)
	}
	return path
}

// port returns the port of a host:port address.
func port(addr string) string {
	_, p, _ := strings.Cut(addr, ":")
	return p
}

// tokenOf digs a player's token out of their welcome mail.
func tokenOf(t *testing.T, welcome *received) string {
	t.Helper()
	_, token, found := strings.Cut(string(welcome.Text), "Your token is:\n\n    ")
	token, _, _ = strings.Cut(token, "\n")
	if !found || token == "" {
		t.Fatalf("welcome mail %q has no token:\n%s", welcome.Subject, welcome.Text)
	}
	return token
}
