package mail

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/internal/faultproxy"
	"github.com/pbemd/pbemd/mail/localmail"
)

// faultTimeout is the IMAP and SMTP timeout in fault tests: long enough
// for a healthy loopback server under -race, short enough for stalls to
// cost little.
const faultTimeout = 250 * time.Millisecond

// Log messages the fault tests count.
const (
	msgIMAPFailed = "imap connection failed; retrying until it works"
	msgIMAPAgain  = "imap connection failed again"
	msgIMAPWorks  = "imap connected"
)

// logBook keeps the level and message of every log record, for a test to
// count.
type logBook struct {
	mu    sync.Mutex
	lines []logLine
}

type logLine struct {
	level slog.Level
	msg   string
}

// count returns how many records were logged at level with msg.
func (b *logBook) count(level slog.Level, msg string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, l := range b.lines {
		if l.level == level && l.msg == msg {
			n++
		}
	}
	return n
}

// warnings returns how many records were logged at Warn or above.
func (b *logBook) warnings() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, l := range b.lines {
		if l.level >= slog.LevelWarn {
			n++
		}
	}
	return n
}

// logRecorder is a slog.Handler that writes to the test's output and
// records into a logBook.
type logRecorder struct {
	book *logBook
	next slog.Handler
}

func newLogBook(t *testing.T) (*slog.Logger, *logBook) {
	b := &logBook{}
	return slog.New(logRecorder{b, slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelDebug})}), b
}

func (r logRecorder) Enabled(context.Context, slog.Level) bool { return true }

func (r logRecorder) Handle(ctx context.Context, rec slog.Record) error {
	r.book.mu.Lock()
	r.book.lines = append(r.book.lines, logLine{rec.Level, rec.Message})
	r.book.mu.Unlock()
	return r.next.Handle(ctx, rec)
}

func (r logRecorder) WithAttrs(as []slog.Attr) slog.Handler {
	return logRecorder{r.book, r.next.WithAttrs(as)}
}

func (r logRecorder) WithGroup(name string) slog.Handler {
	return logRecorder{r.book, r.next.WithGroup(name)}
}

// soak lets d of fake time pass in steps of a second, each taken only
// while the loop under test waits on the clock, so that every backoff runs
// out in turn and a loop that retried without waiting would show. It
// returns with the loop waiting again.
func soak(t *testing.T, clk *clocktest.Clock, d time.Duration) {
	t.Helper()
	asleep := func() bool { return clk.Waiters() > 0 }
	for end := clk.Now().Add(d); clk.Now().Before(end); {
		waitUntil(t, asleep)
		clk.Advance(time.Second)
	}
	waitUntil(t, asleep)
}

// faultRig is an intake reading gm's INBOX through a fault proxy, on a
// fake clock.
type faultRig struct {
	w    *localmail.World
	p    *faultproxy.Proxy
	clk  *clocktest.Clock
	logs *logBook
	h    *recorder
	in   *Intake
}

func newFaultRig(t *testing.T, timeout time.Duration) *faultRig {
	t.Helper()
	r := &faultRig{w: testWorld(t, localmail.Options{}), clk: clocktest.New(time.Date(2026, 11, 3, 0, 0, 0, 0, time.UTC)), h: newRecorder()}
	r.p = faultproxy.Start(t, r.w.IMAPAddr)
	var log *slog.Logger
	log, r.logs = newLogBook(t)
	r.in = NewIntake(IntakeOptions{Addr: r.p.Addr(), TLS: TLSNone, User: "gm", Password: "gm",
		Timeout: timeout, Clock: r.clk, Logger: log})
	return r
}

// attempts is how many connections failed, as the intake logged them.
func (r *faultRig) attempts() int {
	return r.logs.count(slog.LevelWarn, msgIMAPFailed) + r.logs.count(slog.LevelDebug, msgIMAPAgain)
}

// settled reports whether n mails were handled and intake waits again, so
// the last one was filed.
func (r *faultRig) settled(t *testing.T, n int) func() bool {
	return func() bool { return len(r.h.subjects(t)) == n && r.clk.Waiters() > 0 }
}

// wantHandled checks that the mails were handled once each, in order, and
// filed.
func (r *faultRig) wantHandled(t *testing.T, subjects ...string) {
	t.Helper()
	if got := r.h.subjects(t); !slices.Equal(got, subjects) {
		t.Errorf("handled %q, want %q once each", got, subjects)
	}
	wantMailbox(t, r.w, "INBOX")
	var filed []string
	for _, s := range subjects {
		filed = append(filed, s+` \Seen`)
	}
	wantMailbox(t, r.w, "pbemd/processed", filed...)
}

// TestIntakeFaults: whatever the IMAP server does wrong, intake retries
// with a backoff that doubles (a minute of fake time holds 6 or 7
// attempts, where a fixed one-second retry would make 60), warns once, never
// hangs, and handles the waiting mail exactly once when the server is back.
func TestIntakeFaults(t *testing.T) {
	t.Parallel() // waits out real timeouts, on its own servers
	tests := []struct {
		name  string
		fault func(r *faultRig)
		clear func(r *faultRig)
	}{
		{name: "refused", fault: func(r *faultRig) { r.p.Refuse() }},
		{name: "dropped at once", fault: func(r *faultRig) { r.p.Drop() }},
		{name: "reset mid-FETCH", fault: func(r *faultRig) { r.p.ResetAt(faultproxy.Cue{Text: "Subject: orders"}) }},
		{name: "stalled before the greeting", fault: func(r *faultRig) { r.p.StallAt(faultproxy.Cue{}) }},
		{name: "stalled after the greeting", fault: func(r *faultRig) { r.p.StallAt(faultproxy.Cue{Text: "\r\n", Bytes: 2}) }},
		{name: "stalled mid-FETCH", fault: func(r *faultRig) { r.p.StallAt(faultproxy.Cue{Text: "Subject: orders"}) }},
		{
			name:  "authentication failing",
			fault: func(r *faultRig) { r.w.AddUser("gm", "changed") },
			clear: func(r *faultRig) { r.w.AddUser("gm", "gm") },
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := newFaultRig(t, faultTimeout)
			deliver(t, r.w, "orders 1")
			tc.fault(r)
			runIntake(t, r.in, r.h)
			soak(t, r.clk, time.Minute)
			// Waits of 0.5-1 s, doubling up to 7.5-15 s: 8 to 12
			// attempts in a minute, fewer where each waits out a
			// timeout; not a busy loop.
			if n := r.attempts(); n < 5 || n > 12 {
				t.Errorf("%d connection attempts in a minute, want 5 to 12 with backoff", n)
			}
			if n := len(r.h.subjects(t)); n != 0 {
				t.Fatalf("handled %d mails through the fault", n)
			}
			if tc.clear != nil {
				tc.clear(r)
			} else {
				r.p.Pass()
			}
			advanceUntil(t, r.clk, r.settled(t, 1))
			r.wantHandled(t, "orders 1")
			if w, c := r.logs.warnings(), r.logs.count(slog.LevelInfo, msgIMAPWorks); w != 1 || c != 1 {
				t.Errorf("logged %d warnings and %d recoveries, want one of each", w, c)
			}
		})
	}
}

// TestIntakeFault_resetBeforeFiling: the connection drops after the
// handler committed a mail but before the server confirmed it \Seen; the
// next connection only files it.
func TestIntakeFault_resetBeforeFiling(t *testing.T) {
	r := newFaultRig(t, faultTimeout)
	deliver(t, r.w, "orders 1")
	r.p.ResetAt(faultproxy.Cue{Text: "STORE completed"})
	runIntake(t, r.in, r.h)
	waitUntil(t, func() bool { return r.attempts() == 1 })
	r.p.Pass()
	advanceUntil(t, r.clk, func() bool { return len(stored(t, r.w, "pbemd/processed")) > 0 })
	r.wantHandled(t, "orders 1")
	if r.h.attempts != 1 {
		t.Errorf("Handle called %d times, want once", r.h.attempts)
	}
}

// TestIntakeFault_resetWhileIdle: the server drops the connection while
// intake idles; mail that came meanwhile is handled after reconnecting,
// and nothing twice.
func TestIntakeFault_resetWhileIdle(t *testing.T) {
	r := newFaultRig(t, faultTimeout)
	deliver(t, r.w, "orders 1")
	runIntake(t, r.in, r.h)
	r.h.waitFor(t, "orders 1")
	waitUntil(t, func() bool { return r.clk.Waiters() > 0 }) // idling
	r.p.Cut()
	deliver(t, r.w, "orders 2")
	advanceUntil(t, r.clk, r.settled(t, 2))
	r.wantHandled(t, "orders 1", "orders 2")
	if w, c := r.logs.warnings(), r.logs.count(slog.LevelInfo, msgIMAPWorks); w != 1 || c != 2 {
		t.Errorf("logged %d warnings and %d connections, want 1 and 2", w, c)
	}
}

// TestIntakeFault_stallWhileIdle: a server that goes silent during IDLE is
// not taken for dead at once, since silence is what IDLE is; when intake
// ends IDLE after Poll and DONE goes unanswered, the watchdog drops the
// connection and intake reconnects.
func TestIntakeFault_stallWhileIdle(t *testing.T) {
	t.Parallel() // waits out real timeouts, on its own servers
	r := newFaultRig(t, faultTimeout)
	deliver(t, r.w, "orders 1")
	r.p.StallAt(faultproxy.Cue{Text: "+ idling\r\n", Bytes: len("+ idling\r\n")})
	runIntake(t, r.in, r.h)
	r.h.waitFor(t, "orders 1")
	waitUntil(t, func() bool { return r.clk.Waiters() > 0 }) // idling
	deliver(t, r.w, "orders 2")                              // its EXISTS is never forwarded
	<-time.After(3 * faultTimeout)                           // real time: silence is what is tested
	if n := r.attempts(); n != 0 {
		t.Fatalf("intake gave up an idle connection after %v of silence, with Poll %v", 3*faultTimeout, defaultPoll)
	}
	r.p.Pass()
	advanceUntil(t, r.clk, r.settled(t, 2))
	r.wantHandled(t, "orders 1", "orders 2")
	if n := r.attempts(); n != 1 {
		t.Errorf("%d failed connections, want the stalled one", n)
	}
}

// TestIntakeFault_mailboxRecreated: the INBOX is deleted and created again
// while intake idles in it, and the server keeps the session, as
// imapmemserver does. Intake sees the new UIDVALIDITY when it selects the
// mailbox again after Poll, and hands over every mail in it, the one it
// handled before included: deduping is the handler's job.
func TestIntakeFault_mailboxRecreated(t *testing.T) {
	r := newFaultRig(t, faultTimeout)
	deliver(t, r.w, "orders 1")
	runIntake(t, r.in, r.h)
	waitUntil(t, r.settled(t, 1))
	before := r.h.cursor
	withIMAP(t, r.w, func(c *imapclient.Client) error {
		if err := c.Delete("INBOX").Wait(); err != nil {
			return err
		}
		return c.Create("INBOX", nil).Wait()
	})
	deliver(t, r.w, "orders 1", "orders 2")
	advanceUntil(t, r.clk, r.settled(t, 3))
	if got, want := r.h.subjects(t), []string{"orders 1", "orders 1", "orders 2"}; !slices.Equal(got, want) {
		t.Errorf("handled %q, want %q", got, want)
	}
	if r.h.cursor.UIDValidity == before.UIDValidity || r.logs.warnings() != 0 {
		t.Errorf("cursor %+v after %+v with %d warnings; want a new UIDVALIDITY and no warning", r.h.cursor, before, r.logs.warnings())
	}
}

// TestIntakeFault_slow: a server that pauses mid-FETCH, for less than the
// timeout, is only slow: the mail is handled and nothing is logged as a
// failure.
func TestIntakeFault_slow(t *testing.T) {
	t.Parallel() // waits out real timeouts, on its own servers
	r := newFaultRig(t, 4*faultTimeout)
	deliver(t, r.w, "orders 1")
	r.p.SlowAt(faultproxy.Cue{Text: "Subject: orders"}, 2*faultTimeout)
	runIntake(t, r.in, r.h)
	waitUntil(t, r.settled(t, 1))
	r.wantHandled(t, "orders 1")
	if n := r.attempts(); n != 0 {
		t.Errorf("%d failed connections to a slow server, want none", n)
	}
}

// retryable reports whether the moderator keeps a mail that failed with
// err in the outbox and tries again, as moderator.Flush decides.
func retryable(err error) bool {
	var se *SendError
	return !errors.As(err, &se) || se.Temporary()
}

// the 354 reply of go-smtp, which the client answers with the message.
const reply354 = "354 Go ahead. End your data with <CR><LF>.<CR><LF>\r\n"

// TestSenderFaults: whatever the SMTP server does wrong, Send fails within
// its timeouts with an error the outbox retries, reports as sent exactly
// the mails that arrived, and sends the rest once the server is back; only
// a reset after the server accepted a mail may deliver it twice. A server
// that takes longer than Timeout to accept a mail is waited for
// (DataTimeout), not given up on, which would send the mail twice.
func TestSenderFaults(t *testing.T) {
	t.Parallel() // waits out real timeouts, on its own servers
	tests := []struct {
		name  string
		fault func(p *faultproxy.Proxy, w *localmail.World)
		clear func(p *faultproxy.Proxy, w *localmail.World)
		// accepted: the server took the mail before the fault, so it
		// arrives without being reported sent.
		accepted bool
		// slow: the server is only slow, and the mail goes through.
		slow bool
	}{
		{name: "slow to accept DATA, past the command timeout", slow: true, fault: func(p *faultproxy.Proxy, _ *localmail.World) {
			p.SlowAt(faultproxy.Cue{Text: "250 2.0.0 OK: queued"}, 2*faultTimeout)
		}},
		{name: "refused", fault: func(p *faultproxy.Proxy, _ *localmail.World) { p.Refuse() }},
		{name: "dropped at once", fault: func(p *faultproxy.Proxy, _ *localmail.World) { p.Drop() }},
		{name: "reset before the DATA reply", fault: func(p *faultproxy.Proxy, _ *localmail.World) { p.ResetAt(faultproxy.Cue{Text: "354 "}) }},
		{name: "reset mid-DATA", fault: func(p *faultproxy.Proxy, _ *localmail.World) {
			p.ResetAt(faultproxy.Cue{Text: reply354, Bytes: len(reply354)})
		}},
		{name: "reset after the server accepted DATA", accepted: true, fault: func(p *faultproxy.Proxy, _ *localmail.World) {
			p.ResetAt(faultproxy.Cue{Text: "250 2.0.0 OK: queued"})
		}},
		{name: "stalled before the greeting", fault: func(p *faultproxy.Proxy, _ *localmail.World) { p.StallAt(faultproxy.Cue{}) }},
		{name: "stalled mid-DATA", fault: func(p *faultproxy.Proxy, _ *localmail.World) {
			p.StallAt(faultproxy.Cue{Text: reply354, Bytes: len(reply354)})
		}},
		{
			name:  "authentication failing",
			fault: func(_ *faultproxy.Proxy, w *localmail.World) { w.AddUser("gm", "changed") },
			clear: func(_ *faultproxy.Proxy, w *localmail.World) { w.AddUser("gm", "gm") },
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := testWorld(t, localmail.Options{})
			p := faultproxy.Start(t, w.SMTPAddr)
			host, port := p.HostPort()
			s := NewSender(SenderOptions{Host: host, Port: port, TLS: TLSNone, User: "gm", Password: "gm",
				HELO: "pbemd.test", Timeout: faultTimeout, DataTimeout: 4 * faultTimeout, Logger: testLogger(t)})
			outbox := []Envelope{envelope(t, w, 0, "alice"), envelope(t, w, 1, "alice"), envelope(t, w, 2, "alice")}
			// flush sends the outbox and keeps what was not reported sent.
			flush := func() error {
				sent := 0
				err := s.Send(t.Context(), outbox, func(accepted []int) error {
					sent = accepted[len(accepted)-1] + 1
					return nil
				})
				outbox = outbox[sent:]
				return err
			}

			tc.fault(p, w)
			start := time.Now()
			err := flush()
			if tc.slow {
				if err != nil || len(outbox) != 0 {
					t.Fatalf("Send() to a slow server = %v with %d mails left, want all sent", err, len(outbox))
				}
				if got, want := subjects(t, w, "alice"), []string{"report 0", "report 1", "report 2"}; !slices.Equal(got, want) {
					t.Errorf("INBOX of alice = %q, want %q", got, want)
				}
				return
			}
			if took := time.Since(start); err == nil || !retryable(err) || took > 8*faultTimeout {
				t.Fatalf("Send() through the fault = %v after %v; want an error to retry, within its timeout %v", err, took, faultTimeout)
			}
			t.Logf("Send() through the fault: %v", err)
			if len(outbox) != 3 {
				t.Errorf("%d mails reported sent through the fault, want none", 3-len(outbox))
			}
			arrived := subjects(t, w, "alice")
			if want := []string(nil); tc.accepted {
				want = []string{"report 0"}
				if !slices.Equal(arrived, want) {
					t.Errorf("INBOX of alice = %q, want %q", arrived, want)
				}
			} else if len(arrived) != 0 {
				t.Errorf("INBOX of alice = %q, want nothing", arrived)
			}

			if tc.clear != nil {
				tc.clear(p, w)
			} else {
				p.Pass()
			}
			if err := flush(); err != nil {
				t.Fatalf("Send() once the server is back: %v", err)
			}
			want := []string{"report 0", "report 1", "report 2"}
			if tc.accepted {
				want = slices.Insert(want, 0, "report 0") // the same mail, with the same Message-ID
			}
			if got := subjects(t, w, "alice"); !slices.Equal(got, want) {
				t.Errorf("INBOX of alice = %q, want %q", got, want)
			}
		})
	}
}
