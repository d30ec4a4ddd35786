package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/mail/localmail"
)

// waitLimit guards every wait for a real server; tests never sleep.
const waitLimit = 10 * time.Second

// errStore is what recorder fails with.
var errStore = errors.New("store unavailable")

// recorder is a Handler that keeps its cursor in memory, like the
// moderator keeps it in the store.
type recorder struct {
	mu       sync.Mutex
	cursor   Cursor
	got      []Fetched
	fail     map[string]int // by subject: how many times to fail with errStore
	attempts int
	handled  chan string // subjects, as they are handled
}

func newRecorder() *recorder {
	return &recorder{fail: map[string]int{}, handled: make(chan string, 100)}
}

func (r *recorder) Cursor(context.Context) (Cursor, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.cursor, nil
}

func (r *recorder) Handle(_ context.Context, m Fetched) error {
	in, err := Parse(m.Raw, ParseOptions{})
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.attempts++
	if r.fail[in.Subject] > 0 {
		r.fail[in.Subject]--
		return errStore
	}
	r.got = append(r.got, m)
	r.cursor = Cursor{UIDValidity: m.UIDValidity, LastUID: m.UID}
	r.handled <- in.Subject
	return nil
}

func (r *recorder) subjects(t *testing.T) []string {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, m := range r.got {
		in, err := Parse(m.Raw, ParseOptions{})
		if err != nil {
			t.Fatalf("Parse(handled mail) error: %v", err)
		}
		out = append(out, in.Subject)
	}
	return out
}

// waitFor waits until the recorder has handled the mail with this subject.
func (r *recorder) waitFor(t *testing.T, subject string) {
	t.Helper()
	timeout := time.After(waitLimit)
	for {
		select {
		case got := <-r.handled:
			if got == subject {
				return
			}
		case <-timeout:
			t.Fatalf("mail %q not handled within %v", subject, waitLimit)
		}
	}
}

// orders is a small mail from alice to the GM.
func orders(w *localmail.World, subject string) []byte {
	return fmt.Appendf(nil, "From: Alice <alice@%[1]s>\r\nTo: gm@%[1]s\r\nSubject: %[2]s\r\nMessage-ID: <%[3]s@%[1]s>\r\n\r\nturn: 3\r\n",
		w.Domain, subject, strings.ReplaceAll(subject, " ", "-"))
}

func deliver(t *testing.T, w *localmail.World, subjects ...string) {
	t.Helper()
	for _, s := range subjects {
		if err := w.Deliver(t.Context(), "gm", "gm", orders(w, s)); err != nil {
			t.Fatalf("Deliver(%q) error: %v", s, err)
		}
	}
}

func testIntake(t *testing.T, w *localmail.World, opts IntakeOptions) *Intake {
	opts.Addr, opts.TLS, opts.User, opts.Password = w.IMAPAddr, TLSNone, "gm", "gm"
	if opts.Logger == nil {
		opts.Logger = testLogger(t)
	}
	return NewIntake(opts)
}

// stored lists a mailbox of gm as "subject flags" strings.
func stored(t *testing.T, w *localmail.World, mailbox string) []string {
	t.Helper()
	msgs, err := w.Messages(t.Context(), "gm", "gm", mailbox)
	if err != nil {
		t.Fatalf("Messages(%s) error: %v", mailbox, err)
	}
	var out []string
	for _, m := range msgs {
		in, err := Parse(m.Raw, ParseOptions{})
		if err != nil {
			t.Fatalf("Parse(mail in %s) error: %v", mailbox, err)
		}
		out = append(out, strings.TrimSpace(in.Subject+" "+strings.Join(m.Flags, " ")))
	}
	return out
}

func wantMailbox(t *testing.T, w *localmail.World, mailbox string, want ...string) {
	t.Helper()
	if got := stored(t, w, mailbox); !slices.Equal(got, want) {
		t.Errorf("mailbox %s = %q, want %q", mailbox, got, want)
	}
}

// withIMAP runs f on a client logged in as gm.
func withIMAP(t *testing.T, w *localmail.World, f func(c *imapclient.Client) error) {
	t.Helper()
	c, err := imapclient.DialInsecure(w.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("gm", "gm").Wait(); err != nil {
		t.Fatal(err)
	}
	if err := f(c); err != nil {
		t.Fatal(err)
	}
}

func uidValidity(t *testing.T, w *localmail.World, mailbox string) uint32 {
	t.Helper()
	var v uint32
	withIMAP(t, w, func(c *imapclient.Client) error {
		data, err := c.Status(mailbox, &imap.StatusOptions{UIDValidity: true}).Wait()
		if err == nil {
			v = data.UIDValidity
		}
		return err
	})
	return v
}

func TestIntake_Once(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	deliver(t, w, "orders 1", "orders 2", "orders 3")
	h := newRecorder()
	if err := testIntake(t, w, IntakeOptions{}).Once(t.Context(), h); err != nil {
		t.Fatalf("Once() error: %v", err)
	}
	if got, want := h.subjects(t), []string{"orders 1", "orders 2", "orders 3"}; !slices.Equal(got, want) {
		t.Errorf("Once() handled %q, want %q", got, want)
	}
	for i, m := range h.got {
		if m.UID != uint32(i+1) || m.Truncated || m.UIDValidity == 0 || m.Size != int64(len(m.Raw)) {
			t.Errorf("Once() handed over %d: UID %d, UIDValidity %d, Size %d of %d bytes, Truncated %v", i, m.UID, m.UIDValidity, m.Size, len(m.Raw), m.Truncated)
		}
	}
	wantMailbox(t, w, "INBOX")
	wantMailbox(t, w, "pbemd/processed", `orders 1 \Seen`, `orders 2 \Seen`, `orders 3 \Seen`)

	// A second pass finds nothing, and the existing folder is fine.
	if err := testIntake(t, w, IntakeOptions{}).Once(t.Context(), h); err != nil {
		t.Fatalf("second Once() error: %v", err)
	}
	if n := len(h.subjects(t)); n != 3 {
		t.Errorf("second Once() handled %d more mails, want none", n-3)
	}
}

// TestIntake_handlerError: a failed mail and the mail after it stay unseen
// in the INBOX, and the next pass hands them over again, in order.
func TestIntake_handlerError(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	deliver(t, w, "orders 1", "orders 2", "orders 3")
	h := newRecorder()
	h.fail["orders 2"] = 1
	in := testIntake(t, w, IntakeOptions{Processed: "done"})
	if err := in.Once(t.Context(), h); !errors.Is(err, errStore) {
		t.Fatalf("Once() error = %v, want %v", err, errStore)
	}
	wantMailbox(t, w, "INBOX", "orders 2", "orders 3")
	wantMailbox(t, w, "done", `orders 1 \Seen`)

	if err := in.Once(t.Context(), h); err != nil {
		t.Fatalf("Once() after the store recovered error: %v", err)
	}
	if got, want := h.subjects(t), []string{"orders 1", "orders 2", "orders 3"}; !slices.Equal(got, want) {
		t.Errorf("Once() handled %q, want %q", got, want)
	}
	wantMailbox(t, w, "INBOX")
}

// batchRecorder is a recorder that takes the mail of a fetch at once.
type batchRecorder struct {
	*recorder
	batches []int // the size of each batch it was given
}

func (r *batchRecorder) HandleBatch(ctx context.Context, ms []Fetched) (int, error) {
	r.batches = append(r.batches, len(ms))
	for i, m := range ms {
		if err := r.Handle(ctx, m); err != nil {
			return i, err
		}
	}
	return len(ms), nil
}

// TestIntake_batchHandlerError: a handler that takes the mail of a fetch
// at once gets it so; when it fails on a mail, the mails it handled before
// are filed, and the failed mail and those after it stay in the INBOX for
// the next pass.
func TestIntake_batchHandlerError(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	deliver(t, w, "orders 1", "orders 2", "orders 3", "orders 4")
	h := &batchRecorder{recorder: newRecorder()}
	h.fail["orders 3"] = 1
	in := testIntake(t, w, IntakeOptions{Processed: "done"})
	if err := in.Once(t.Context(), h); !errors.Is(err, errStore) {
		t.Fatalf("Once() error = %v, want %v", err, errStore)
	}
	wantMailbox(t, w, "INBOX", "orders 3", "orders 4")
	wantMailbox(t, w, "done", `orders 1 \Seen`, `orders 2 \Seen`)
	if err := in.Once(t.Context(), h); err != nil {
		t.Fatalf("Once() after the store recovered error: %v", err)
	}
	if got, want := h.subjects(t), []string{"orders 1", "orders 2", "orders 3", "orders 4"}; !slices.Equal(got, want) {
		t.Errorf("Once() handled %q, want %q", got, want)
	}
	if want := []int{4, 2}; !slices.Equal(h.batches, want) {
		t.Errorf("the handler was given batches of %v mails, want %v", h.batches, want)
	}
	wantMailbox(t, w, "INBOX")
}

// TestIntake_cursor: mail at or below the cursor was handled before (a
// crash between commit and move) and is only filed.
func TestIntake_cursor(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	deliver(t, w, "orders 1", "orders 2", "orders 3")
	h := newRecorder()
	h.cursor = Cursor{UIDValidity: uidValidity(t, w, "INBOX"), LastUID: 2}
	if err := testIntake(t, w, IntakeOptions{}).Once(t.Context(), h); err != nil {
		t.Fatalf("Once() error: %v", err)
	}
	if got, want := h.subjects(t), []string{"orders 3"}; !slices.Equal(got, want) {
		t.Errorf("Once() handled %q, want %q", got, want)
	}
	wantMailbox(t, w, "INBOX")
	wantMailbox(t, w, "pbemd/processed", `orders 1 \Seen`, `orders 2 \Seen`, `orders 3 \Seen`)
}

// TestIntake_uidValidity: a re-created mailbox numbers its mail from 1
// again; all of it is handed over, though the UIDs are below the cursor.
func TestIntake_uidValidity(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	deliver(t, w, "orders 1", "orders 2")
	h := newRecorder()
	in := testIntake(t, w, IntakeOptions{})
	if err := in.Once(t.Context(), h); err != nil {
		t.Fatalf("Once() error: %v", err)
	}
	before := h.cursor
	withIMAP(t, w, func(c *imapclient.Client) error {
		if err := c.Delete("INBOX").Wait(); err != nil {
			return err
		}
		return c.Create("INBOX", nil).Wait()
	})
	deliver(t, w, "orders 3", "orders 4")
	if err := in.Once(t.Context(), h); err != nil {
		t.Fatalf("Once() after re-creating INBOX error: %v", err)
	}
	if got, want := h.subjects(t), []string{"orders 1", "orders 2", "orders 3", "orders 4"}; !slices.Equal(got, want) {
		t.Errorf("Once() handled %q, want %q", got, want)
	}
	if h.cursor.UIDValidity == before.UIDValidity || h.cursor.LastUID != 2 {
		t.Errorf("cursor = %+v after %+v, want a new UIDVALIDITY and LastUID 2", h.cursor, before)
	}
}

func TestIntake_truncated(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	big := append(orders(w, "big orders"), strings.Repeat("# padding\r\n", 400)...)
	if err := w.Deliver(t.Context(), "gm", "gm", big); err != nil {
		t.Fatal(err)
	}
	h := newRecorder()
	if err := testIntake(t, w, IntakeOptions{MaxMessageBytes: 1024}).Once(t.Context(), h); err != nil {
		t.Fatalf("Once() error: %v", err)
	}
	if len(h.got) != 1 {
		t.Fatalf("Once() handled %d mails, want 1", len(h.got))
	}
	m := h.got[0]
	if !m.Truncated || m.Size != int64(len(big)) || len(m.Raw) >= 1024 || !strings.HasSuffix(string(m.Raw), "\r\n\r\n") {
		t.Errorf("Once() handed over Truncated %v, Size %d, %d bytes %q; want the header of a %d-byte mail", m.Truncated, m.Size, len(m.Raw), m.Raw, len(big))
	}
	if got := h.subjects(t); !slices.Equal(got, []string{"big orders"}) {
		t.Errorf("subject of the truncated mail = %q", got)
	}
}

// TestIntake_manyAmongBig: mail fetched in batches, a large mail among
// small ones, is handed over in UID order, each small one whole and the
// large one as its header.
func TestIntake_manyAmongBig(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	var want []string
	for i := range fileBatch + 10 { // more than a batch, and the recorder keeps 100
		subject := fmt.Sprintf("orders %d", i)
		raw := orders(w, subject)
		if i == fileBatch+5 || i == fileBatch+7 {
			subject = "big " + subject
			raw = append(orders(w, subject), strings.Repeat("# padding\r\n", 400)...)
		}
		if err := w.Deliver(t.Context(), "gm", "gm", raw); err != nil {
			t.Fatal(err)
		}
		want = append(want, subject)
	}
	h := newRecorder()
	if err := testIntake(t, w, IntakeOptions{MaxMessageBytes: 1024}).Once(t.Context(), h); err != nil {
		t.Fatalf("Once() error: %v", err)
	}
	if got := h.subjects(t); !slices.Equal(got, want) {
		t.Errorf("Once() handled %q, want %q", got, want)
	}
	for i, m := range h.got {
		big := strings.HasPrefix(want[i], "big ")
		if m.UID != uint32(i+1) || m.Truncated != big || (!big && m.Size != int64(len(m.Raw))) {
			t.Errorf("Once() handed over %d: UID %d, Size %d of %d bytes, Truncated %v", i, m.UID, m.Size, len(m.Raw), m.Truncated)
		}
	}
	wantMailbox(t, w, "INBOX")
}

func TestIntake_wrongPassword(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	in := NewIntake(IntakeOptions{Addr: w.IMAPAddr, TLS: TLSNone, User: "gm", Password: "wrong"})
	if err := in.Once(t.Context(), newRecorder()); err == nil {
		t.Fatalf("Once() with a wrong password succeeded")
	}
}

// runIntake runs in.Run until the test ends, and checks that it returns nil
// once its context is cancelled.
func runIntake(t *testing.T, in *Intake, h Handler) {
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- in.Run(ctx, h) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run() = %v after cancel, want nil", err)
			}
		case <-time.After(waitLimit):
			t.Errorf("Run() did not return within %v of cancel", waitLimit)
		}
	})
}

// TestIntake_RunIdle: on a fake clock that never moves, Poll never fires,
// so only IDLE can bring the second mail.
func TestIntake_RunIdle(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	deliver(t, w, "orders 1")
	h := newRecorder()
	clk := clocktest.New(time.Date(2026, 11, 3, 0, 0, 0, 0, time.UTC))
	runIntake(t, testIntake(t, w, IntakeOptions{Clock: clk}), h)
	h.waitFor(t, "orders 1")
	waitUntil(t, func() bool { return clk.Waiters() > 0 }) // idling, with Poll on the clock
	deliver(t, w, "orders 2")
	h.waitFor(t, "orders 2")
}

// TestIntake_RunPoll: without IDLE, Run looks again every Poll.
func TestIntake_RunPoll(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	h := newRecorder()
	in := testIntake(t, w, IntakeOptions{Poll: 20 * time.Millisecond, Clock: clock.System{}})
	in.forcePoll = true
	runIntake(t, in, h)
	deliver(t, w, "orders 1")
	h.waitFor(t, "orders 1")
	deliver(t, w, "orders 2")
	h.waitFor(t, "orders 2")
}

// TestIntake_RunMailDuringAPass: mail that comes while a pass hands mail
// over is taken right after that pass, not at the next Poll or IDLE
// wake-up (Dovecot reports new mail to IDLE half a second late). Here the
// server offers no IDLE and the fake clock never moves, so only looking
// again at once finds the second mail.
func TestIntake_RunMailDuringAPass(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	deliver(t, w, "orders 1")
	h := &arrivalRecorder{recorder: newRecorder(), arrive: func() error {
		return w.Deliver(t.Context(), "gm", "gm", orders(w, "orders 2"))
	}}
	in := testIntake(t, w, IntakeOptions{Clock: clocktest.New(time.Date(2026, 11, 3, 0, 0, 0, 0, time.UTC))})
	in.forcePoll = true
	runIntake(t, in, h)
	h.waitFor(t, "orders 1")
	h.waitFor(t, "orders 2")
}

// arrivalRecorder is a recorder during whose first Handle a mail arrives.
type arrivalRecorder struct {
	*recorder
	once   sync.Once
	arrive func() error
}

func (r *arrivalRecorder) Handle(ctx context.Context, m Fetched) error {
	var err error
	r.once.Do(func() { err = r.arrive() })
	if err != nil {
		return fmt.Errorf("deliver during the pass: %w", err)
	}
	return r.recorder.Handle(ctx, m)
}

// TestIntake_RunHandlerError: Run logs a handler error and tries the mail
// again on the next pass.
func TestIntake_RunHandlerError(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	h := newRecorder()
	h.fail["orders 1"] = 2
	runIntake(t, testIntake(t, w, IntakeOptions{Poll: 20 * time.Millisecond}), h)
	deliver(t, w, "orders 1")
	h.waitFor(t, "orders 1")
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.attempts != 3 {
		t.Errorf("Handle called %d times, want 3 (two failures, then success)", h.attempts)
	}
}

// TestIntake_RunReconnect: Run retries a server that is down, with backoff
// on the clock, and comes back when it is up; and again after the
// connection drops.
func TestIntake_RunReconnect(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	p := startProxy(t, w.IMAPAddr, nil, false)
	clk := clocktest.New(time.Date(2026, 11, 3, 0, 0, 0, 0, time.UTC))
	h := newRecorder()
	in := NewIntake(IntakeOptions{Addr: p.addr, TLS: TLSNone, User: "gm", Password: "gm", Clock: clk, Logger: testLogger(t)})
	deliver(t, w, "orders 1")
	runIntake(t, in, h)

	p.waitRefused(t) // the server is down
	p.setUp(true)
	advanceUntil(t, clk, func() bool { return slices.Contains(h.subjects(t), "orders 1") })

	p.setUp(false) // cuts the connection
	deliver(t, w, "orders 2")
	advanceUntil(t, clk, p.wasRefused)
	p.setUp(true)
	advanceUntil(t, clk, func() bool { return slices.Contains(h.subjects(t), "orders 2") })
}

// waitUntil waits until done; it guards against a hang, it asserts nothing.
func waitUntil(t *testing.T, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("condition not met within %v", waitLimit)
		}
		time.Sleep(time.Millisecond)
	}
}

// advanceUntil moves clk on by the longest backoff whenever something waits
// on it, until done. Moving on an idle loop only makes it look again.
func advanceUntil(t *testing.T, clk *clocktest.Clock, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("condition not met within %v", waitLimit)
		}
		if clk.Waiters() > 0 {
			clk.Advance(backoffMax)
		}
		time.Sleep(time.Millisecond) // yield to Run; the condition decides
	}
}

func TestIntake_RunInvalidTLSMode(t *testing.T) {
	in := NewIntake(IntakeOptions{Addr: "127.0.0.1:1", TLS: "ssl"})
	if err := in.Run(t.Context(), newRecorder()); err == nil {
		t.Fatalf("Run() with TLS mode %q = nil, want an error", "ssl")
	}
}

func TestIntake_TLS(t *testing.T) {
	serverTLS, clientTLS := testTLS(t)
	w := testWorld(t, localmail.Options{TLSConfig: serverTLS})
	plain := testWorld(t, localmail.Options{})
	implicit := startProxy(t, w.IMAPAddr, serverTLS, true)
	tests := []struct {
		name string
		addr string
		mode TLSMode
		cfg  *tls.Config
		ok   bool
	}{
		{name: "starttls", addr: w.IMAPAddr, mode: TLSStartTLS, cfg: clientTLS, ok: true},
		{name: "implicit", addr: implicit.addr, mode: TLSImplicit, cfg: clientTLS, ok: true},
		{name: "starttls with an untrusted certificate", addr: w.IMAPAddr, mode: TLSStartTLS},
		{name: "implicit with an untrusted certificate", addr: implicit.addr, mode: TLSImplicit},
		{name: "starttls to a server without it", addr: plain.IMAPAddr, mode: TLSStartTLS, cfg: clientTLS},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			deliver(t, w, tc.name)
			h := newRecorder()
			in := NewIntake(IntakeOptions{Addr: tc.addr, TLS: tc.mode, TLSConfig: tc.cfg, User: "gm", Password: "gm", Logger: testLogger(t)})
			err := in.Once(t.Context(), h)
			if tc.ok && (err != nil || !slices.Equal(h.subjects(t), []string{tc.name})) {
				t.Errorf("Once() = %v, handled %q; want %q handled", err, h.subjects(t), tc.name)
			}
			t.Logf("%s: %v", tc.name, err)
			if !tc.ok && err == nil {
				t.Errorf("Once() = nil, want an error")
			}
		})
	}
}

// syncRecorder is a recorder that also hears how far intake has read.
type syncRecorder struct {
	*recorder
	synced chan time.Time
}

func (r *syncRecorder) Synced(at time.Time) { r.synced <- at }

// TestIntake_arrivalAndSync: every mail is handed over with its
// INTERNALDATE, each whole pass tells the handler when it looked into the
// mailbox, and Poke makes a running intake look at once, even when the
// server offers no news and the next poll is an hour away.
func TestIntake_arrivalAndSync(t *testing.T) {
	at := time.Date(2026, 11, 26, 19, 59, 0, 0, time.UTC)
	clk := clocktest.New(at)
	w := testWorld(t, localmail.Options{Clock: clk})
	deliver(t, w, "orders 1")
	h := &syncRecorder{recorder: newRecorder(), synced: make(chan time.Time, 10)}
	in := testIntake(t, w, IntakeOptions{Poll: time.Hour, Clock: clk})
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- in.Run(ctx, h) }()
	defer func() { cancel(); <-done }()

	h.waitFor(t, "orders 1")
	// The pass that handed the mail over, and the look again at once that
	// follows such a pass, both before the clock moves.
	for _, pass := range []string{"first pass", "look again"} {
		if got := <-h.synced; !got.Equal(at) {
			t.Errorf("%s Synced(%v), want %v", pass, got, at)
		}
	}
	clk.AdvanceTo(at.Add(2 * time.Minute))
	if m := h.got[0]; !m.Arrived.Equal(at) {
		t.Errorf("mail handed over with Arrived %v, want its INTERNALDATE %v", m.Arrived, at)
	}
	in.Poke()
	select {
	case got := <-h.synced:
		if !got.Equal(at.Add(2 * time.Minute)) {
			t.Errorf("poked pass Synced(%v), want %v", got, at.Add(2*time.Minute))
		}
	case <-time.After(waitLimit):
		t.Fatalf("Poke made no pass within %v", waitLimit)
	}
}
