package moderator_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pbemd/pbemd/rules"

	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/internal/faultproxy"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/store"
)

// faultTimeout is the daemon's IMAP and SMTP command timeout under faults:
// long enough for healthy loopback servers under -race on a busy machine,
// short enough that a stall costs little. The SMTP DataTimeout keeps its
// default, as reports with maps take a while to accept under -race.
const faultTimeout = 500 * time.Millisecond

// The log messages the fault tests count: one per change of state.
const (
	logSendFailing = "sending mail failed; will retry"
	logSendWorks   = "sending mail works again"
	logIMAPFailing = "imap connection failed; retrying until it works"
	logIMAPWorks   = "imap connected"
	logIMAPAgain   = "imap connection failed again"
	logRescan      = "mailbox uidvalidity changed; rescanning"
	logSkipped     = "mail seen before; skipped"
)

// faultHarness is the harness's daemon with a fault proxy in front of each
// mail server, sending as the SMTP user "mailer", and with its log kept for
// counting.
type faultHarness struct {
	*harness
	imap, smtp *faultproxy.Proxy
	logs       *faultLogs
}

// newFaultHarness creates the frontier campaign, which queues its welcome
// mails, lets breakServers break the mail servers, then starts the daemon.
func newFaultHarness(t *testing.T, breakServers func(*faultHarness)) *faultHarness {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	clk := clocktest.New(start)
	world := localmail.Start(t, localmail.Options{Domain: "example.test", Clock: clk})
	for _, u := range []string{"moderator", "mailer", "gm", "vorn", "castellan", "ashari", "tekkar", "stranger"} {
		world.AddUser(u, password)
	}
	h := newBareHarness(t, ctx, world, clk)
	fh := &faultHarness{harness: h, imap: faultproxy.Start(t, world.IMAPAddr), smtp: faultproxy.Start(t, world.SMTPAddr)}
	var log *slog.Logger
	log, fh.logs = newFaultLogs(t)
	smtpHost, smtpPort := fh.smtp.HostPort()
	h.mod = moderator.New(moderator.Options{
		DB: h.db.DB, Rulesets: rules.Registry(), Address: "moderator@example.test", Clock: clk, Logger: log,
		Rand: rand.NewChaCha8([32]byte{7, 7, 4, 1}), Observer: h.metrics,
		Intake: mail.NewIntake(mail.IntakeOptions{
			Addr: fh.imap.Addr(), TLS: mail.TLSNone, User: "moderator", Password: password,
			Poll: 10 * time.Minute, Timeout: faultTimeout, Clock: clk, Logger: log, Observer: h.metrics,
		}),
		Sender: mail.NewSender(mail.SenderOptions{Host: smtpHost, Port: smtpPort, TLS: mail.TLSNone,
			User: "mailer", Password: password, Timeout: faultTimeout, Logger: log}),
	})
	h.createFrontier(ctx)
	if breakServers != nil {
		breakServers(fh)
	}
	h.run(ctx, cancel)
	return fh
}

// advanceUntil moves the fake clock on five seconds at a time, letting the
// daemon's loops run in between, until done. Backoff waits end this way;
// the first deadline is days ahead.
func (fh *faultHarness) advanceUntil(what string, done func() bool) {
	fh.t.Helper()
	limit, deadline := fh.clock.Now().Add(time.Hour), time.Now().Add(patience)
	for !done() {
		if fh.clock.Now().After(limit) || time.Now().After(deadline) {
			fh.t.Fatalf("%s: not within an hour of fake time (%v of real time)", what, patience)
		}
		fh.clock.Advance(5 * time.Second)
		time.Sleep(time.Millisecond) // let the loops run; done decides
	}
}

// nextAdvancing is next for a test whose clock may move: it advances the
// fake clock until the user's next mail is in, so that a retry after a
// transient fault (a command over faultTimeout on a loaded machine) comes
// round, and returns the mail.
func (fh *faultHarness) nextAdvancing(user string) *received {
	fh.t.Helper()
	fh.advanceUntil(fmt.Sprintf("mail %d for %s", fh.read[user]+1, user), func() bool {
		return fh.inboxSize(user) > fh.read[user]
	})
	return fh.next(user)
}

// waitFor waits, without moving the clock, until done.
func (fh *faultHarness) waitFor(what string, done func() bool) {
	fh.t.Helper()
	deadline := time.Now().Add(patience)
	for !done() {
		if time.Now().After(deadline) {
			fh.t.Fatalf("%s: not within %v", what, patience)
		}
		time.Sleep(time.Millisecond)
	}
}

// outbox returns how many mails wait to be sent.
func (fh *faultHarness) outbox() int {
	fh.t.Helper()
	var n int
	err := fh.db.View(func(tx *store.Tx) error {
		left, err := tx.Outbox(0)
		n = len(left)
		return err
	})
	if err != nil {
		fh.t.Fatal(err)
	}
	return n
}

// delivered returns the Message-IDs in a user's INBOX, in order.
func (fh *faultHarness) delivered(user string) []string {
	fh.t.Helper()
	raws, err := fh.world.Mailbox(fh.ctx, user, password, "INBOX")
	if err != nil {
		fh.t.Fatalf("read %s's inbox: %v", user, err)
	}
	ids := make([]string, len(raws))
	for i, raw := range raws {
		in, err := mail.Parse(raw, mail.ParseOptions{})
		if err != nil {
			fh.t.Fatalf("parse mail to %s: %v", user, err)
		}
		ids[i] = in.MessageID
	}
	return ids
}

// wantDelivered checks how many distinct mails each user got, each once;
// dups lists users who may have got one mail twice, with the same
// Message-ID.
func (fh *faultHarness) wantDelivered(want map[string]int, dups ...string) {
	fh.t.Helper()
	for user, n := range want {
		ids := fh.delivered(user)
		distinct := slices.Compact(slices.Sorted(slices.Values(ids)))
		extra := len(ids) - len(distinct)
		if len(distinct) != n || extra > 1 || (extra == 1 && !slices.Contains(dups, user)) {
			fh.t.Errorf("%s got %d mails, %d distinct (%q); want %d, each once", user, len(ids), len(distinct), ids, n)
		}
	}
}

// TestMailServersDownThenBack: the daemon starts with IMAP refused and SMTP
// dropping every connection. It keeps the welcome mails queued, retries
// with backoff (a few dozen attempts in five minutes, not hundreds), warns
// once for each server, and when both come back it answers the orders that
// waited and sends every mail once.
func TestMailServersDownThenBack(t *testing.T) {
	t.Parallel()
	fh := newFaultHarness(t, func(fh *faultHarness) {
		fh.imap.Refuse()
		fh.smtp.Drop()
	})
	queued := fh.outbox()
	fh.send(fh.mailFrom("vorn", fh.orders("vorn", 1, false)))
	for range 300 {
		fh.clock.Advance(time.Second)
		time.Sleep(time.Millisecond) // let the loops run
	}
	// One attempt every 7.5 to 15 s once the backoff is at its cap.
	if n := fh.smtp.Accepted(); n < 1 || n > 40 {
		t.Errorf("%d SMTP connections in five minutes of outage, want at most 40 with backoff", n)
	}
	if n := fh.outbox(); n != queued || queued != 9 {
		t.Errorf("outbox holds %d mails after the outage, want the %d queued before it (9)", n, queued)
	}
	if n := fh.inboxSize("vorn"); n != 0 {
		t.Errorf("vorn got %d mails through the outage", n)
	}

	fh.imap.Pass()
	fh.smtp.Pass()
	fh.advanceUntil("vorn's confirmation", func() bool { return fh.inboxSize("vorn") == 3 && fh.outbox() == 0 })
	fh.next("vorn")
	fh.next("vorn")
	fh.next("vorn").want(t, "accepted")
	fh.wantDelivered(map[string]int{"gm": 1, "vorn": 3, "castellan": 2, "ashari": 2, "tekkar": 2})
	for msg, want := range map[string]int{logSendFailing: 1, logSendWorks: 1, logIMAPFailing: 1, logIMAPWorks: 1} {
		if n := fh.logs.count(msg); n != want {
			t.Errorf("logged %q %d times, want %d", msg, n, want)
		}
	}
}

// reply354 is go-smtp's answer to DATA, after which the client sends the
// message.
const reply354 = "354 Go ahead. End your data with <CR><LF>.<CR><LF>\r\n"

// TestMailFaultsLoseNothing: one mail server fault after another while
// players send orders. Each fault is warned about once and its recovery
// told once; each player's confirmation arrives once, or twice with the
// same Message-ID when the connection broke after the server had accepted
// it.
func TestMailFaultsLoseNothing(t *testing.T) {
	t.Parallel()
	fh := newFaultHarness(t, nil)
	fh.advanceUntil("welcome mails", func() bool { return fh.outbox() == 0 })
	want := map[string]int{"gm": 1, "vorn": 2, "castellan": 2, "ashari": 2, "tekkar": 2}
	fh.wantDelivered(want)
	phases := []struct {
		name   string
		player string
		imap   bool // an IMAP fault, else an SMTP one
		fault  func()
		clear  func()
		dup    bool // the server took the mail before the fault
	}{
		{name: "SMTP reset mid-DATA", player: "vorn",
			fault: func() { fh.smtp.ResetAt(faultproxy.Cue{Text: reply354, Bytes: len(reply354)}) }},
		{name: "SMTP reset after the server accepted DATA", player: "castellan", dup: true,
			fault: func() { fh.smtp.ResetAt(faultproxy.Cue{Text: "250 2.0.0 OK: queued"}) }},
		{name: "SMTP stalled at DATA", player: "ashari",
			fault: func() { fh.smtp.StallAt(faultproxy.Cue{Text: "354 "}) }},
		{name: "SMTP authentication failing", player: "tekkar",
			fault: func() { fh.world.AddUser("mailer", "changed") },
			clear: func() { fh.world.AddUser("mailer", password) }},
		{name: "IMAP reset mid-FETCH", player: "vorn", imap: true,
			fault: func() { fh.imap.ResetAt(faultproxy.Cue{Text: "Subject: orders"}) }},
		{name: "IMAP stalled mid-FETCH", player: "castellan", imap: true,
			fault: func() { fh.imap.StallAt(faultproxy.Cue{Text: "Subject: orders"}) }},
	}
	var dups []string
	for _, ph := range phases {
		warn, works := logSendFailing, logSendWorks
		if ph.imap {
			warn, works = logIMAPFailing, logIMAPWorks
		}
		warned, recovered, again := fh.logs.count(warn), fh.logs.count(works), fh.logs.count(logIMAPAgain)
		ph.fault()
		orders := fh.mailFrom(ph.player, fh.orders(campaign.PlayerID(ph.player), 1, false))
		if ph.imap {
			// Drop the idle connection, so that the mail is fetched over
			// a new, faulty one.
			fh.imap.Cut()
			fh.waitFor(ph.name+": the warning", func() bool { return fh.logs.count(warn) > warned })
			fh.send(orders)
			fh.advanceUntil(ph.name+": a faulty retry", func() bool { return fh.logs.count(logIMAPAgain) > again })
		} else {
			// Drop the connection the sender keeps, so that the mail
			// goes over a new, faulty one.
			fh.smtp.Cut()
			fh.send(orders)
			fh.advanceUntil(ph.name+": the warning", func() bool { return fh.logs.count(warn) > warned })
		}
		if ph.clear != nil {
			ph.clear()
		} else {
			fh.smtp.Pass()
			fh.imap.Pass()
		}
		want[ph.player]++
		fh.advanceUntil(ph.name+": the confirmation", func() bool {
			return fh.logs.count(works) > recovered && fh.inboxSize(ph.player) >= want[ph.player] && fh.outbox() == 0
		})
		if ph.dup {
			dups = append(dups, ph.player)
		}
		fh.wantDelivered(want, dups...)
		if n, m := fh.logs.count(warn)-warned, fh.logs.count(works)-recovered; n != 1 || m != 1 {
			t.Errorf("%s: logged %d warnings and %d recoveries, want one of each", ph.name, n, m)
		}
	}
	for _, p := range players {
		if rec := fh.onFile(campaign.PlayerID(p), 1); rec == nil {
			t.Errorf("%s has no orders on file", p)
		}
	}
}

// TestUIDValidityChangeAnswersNothingTwice: the moderator's INBOX is
// created again, as when a server is restored from a backup, holding mail
// that was answered before and one new mail. The daemon rescans it from
// the start, skips what it handled by Message-ID, and answers only the new
// mail; whether the server drops the session on the deleted mailbox
// (Dovecot) or keeps it (imapmemserver), when intake selects it again after
// Poll.
func TestUIDValidityChangeAnswersNothingTwice(t *testing.T) {
	t.Parallel()
	for _, Drop := range []bool{true, false} {
		t.Run(fmt.Sprintf("session dropped %v", Drop), func(t *testing.T) {
			t.Parallel()
			fh := newFaultHarness(t, nil)
			var old []string
			for _, p := range []string{"vorn", "castellan"} {
				fh.nextAdvancing(p)
				fh.nextAdvancing(p)
				old = append(old, fh.mailFrom(p, fh.orders(campaign.PlayerID(p), 1, false)))
				fh.send(old[len(old)-1])
				fh.nextAdvancing(p).want(t, "accepted")
			}
			fh.nextAdvancing("ashari")
			fh.nextAdvancing("ashari")

			withIMAP(t, fh.world, "moderator", func(c *imapclient.Client) error {
				if err := c.Delete("INBOX").Wait(); err != nil {
					return err
				}
				return c.Create("INBOX", nil).Wait()
			})
			if Drop {
				fh.imap.Cut()
			}
			for _, raw := range old {
				fh.send(raw)
			}
			fh.send(fh.mailFrom("ashari", fh.orders("ashari", 1, false)))
			fh.advanceUntil("ashari's confirmation", func() bool { return fh.inboxSize("ashari") == 3 && fh.outbox() == 0 })
			fh.next("ashari").want(t, "accepted")
			fh.wantDelivered(map[string]int{"gm": 1, "vorn": 3, "castellan": 3, "ashari": 3, "tekkar": 2})
			if n := fh.logs.count(logRescan); n != 1 {
				t.Errorf("logged %q %d times, want once", logRescan, n)
			}
			if n := fh.logs.count(logSkipped); n != 2 {
				t.Errorf("logged %q %d times, want twice", logSkipped, n)
			}
		})
	}
}

// withIMAP runs f on a client logged in as user.
func withIMAP(t *testing.T, w *localmail.World, user string, f func(c *imapclient.Client) error) {
	t.Helper()
	c, err := imapclient.DialInsecure(w.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(user, password).Wait(); err != nil {
		t.Fatal(err)
	}
	if err := f(c); err != nil {
		t.Fatal(err)
	}
}

// faultLogs is a slog.Handler that keeps every record's message, for a
// test to count, and writes warnings and worse to the test's output.
type faultLogs struct {
	mu   *sync.Mutex
	msgs *[]string
	next slog.Handler
}

func newFaultLogs(t *testing.T) (*slog.Logger, *faultLogs) {
	l := &faultLogs{mu: new(sync.Mutex), msgs: new([]string),
		next: slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn})}
	return slog.New(l), l
}

// count returns how many records had msg.
func (l *faultLogs) count(msg string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, m := range *l.msgs {
		if m == msg {
			n++
		}
	}
	return n
}

func (l *faultLogs) Enabled(context.Context, slog.Level) bool { return true }

func (l *faultLogs) Handle(ctx context.Context, r slog.Record) error {
	l.mu.Lock()
	*l.msgs = append(*l.msgs, r.Message)
	l.mu.Unlock()
	if !l.next.Enabled(ctx, r.Level) {
		return nil
	}
	return l.next.Handle(ctx, r)
}

func (l *faultLogs) WithAttrs(as []slog.Attr) slog.Handler {
	c := *l
	c.next = l.next.WithAttrs(as)
	return &c
}

func (l *faultLogs) WithGroup(name string) slog.Handler {
	c := *l
	c.next = l.next.WithGroup(name)
	return &c
}
