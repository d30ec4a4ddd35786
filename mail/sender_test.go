package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/pbemd/pbemd/internal/faultproxy"
	"github.com/pbemd/pbemd/mail/localmail"
)

func testSender(t *testing.T, w *localmail.World, user, password string) *Sender {
	t.Helper()
	return testSenderWith(t, w, SenderOptions{User: user, Password: password})
}

// testSenderWith is testSender with opts, to which it adds the world's
// server.
func testSenderWith(t *testing.T, w *localmail.World, opts SenderOptions) *Sender {
	t.Helper()
	host, port, err := net.SplitHostPort(w.SMTPAddr)
	if err != nil {
		t.Fatal(err)
	}
	opts.Host, opts.TLS, opts.HELO, opts.Timeout, opts.Logger = host, TLSNone, "pbemd.test", 10*time.Second, testLogger(t)
	opts.Port, _ = strconv.Atoi(port)
	s := NewSender(opts)
	t.Cleanup(s.Close)
	return s
}

// envelope composes a report numbered i from gm to the given users.
func envelope(t *testing.T, w *localmail.World, i int, to ...string) Envelope {
	t.Helper()
	m := Message{
		From:      Address{Name: "GM", Email: "gm@" + w.Domain},
		Subject:   fmt.Sprintf("report %d", i),
		MessageID: fmt.Sprintf("report-%d@%s", i, w.Domain),
		Date:      time.Date(2026, 11, 3, 18, 0, i, 0, time.UTC),
		Text:      fmt.Sprintf("report %d\n", i),
	}
	for _, u := range to {
		m.To = append(m.To, Address{Email: u + "@" + w.Domain})
	}
	env, err := ComposeEnvelope(m)
	if err != nil {
		t.Fatalf("ComposeEnvelope(%d) error: %v", i, err)
	}
	return env
}

// subjects lists the subjects in a user's INBOX, in UID order.
func subjects(t *testing.T, w *localmail.World, user string) []string {
	t.Helper()
	raws, err := w.Mailbox(t.Context(), user, user, "INBOX")
	if err != nil {
		t.Fatalf("Mailbox(%s) error: %v", user, err)
	}
	var out []string
	for _, raw := range raws {
		in, err := Parse(raw, ParseOptions{})
		if err != nil {
			t.Fatalf("Parse(mail of %s) error: %v", user, err)
		}
		out = append(out, in.Subject)
	}
	return out
}

func TestSender_delivers(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	envs := []Envelope{envelope(t, w, 0, "alice"), envelope(t, w, 1, "bob"), envelope(t, w, 2, "alice", "bob")}
	var sent []int
	err := testSender(t, w, "gm", "gm").Send(t.Context(), envs, func(accepted []int) error {
		sent = append(sent, accepted...)
		return nil
	})
	if err != nil {
		t.Fatalf("Send() error: %v", err)
	}
	if want := []int{0, 1, 2}; !slices.Equal(sent, want) {
		t.Errorf("Send() called sent(%v), want %v", sent, want)
	}
	for user, want := range map[string][]string{"alice": {"report 0", "report 2"}, "bob": {"report 1", "report 2"}, "gm": nil} {
		if got := subjects(t, w, user); !slices.Equal(got, want) {
			t.Errorf("INBOX of %s = %q, want %q", user, got, want)
		}
	}
}

func TestSender_noAuth(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	if err := testSender(t, w, "", "").Send(t.Context(), []Envelope{envelope(t, w, 0, "alice")}, func([]int) error { return nil }); err != nil {
		t.Fatalf("Send() without login error: %v", err)
	}
	if got := subjects(t, w, "alice"); !slices.Equal(got, []string{"report 0"}) {
		t.Errorf("INBOX of alice = %q, want [report 0]", got)
	}
}

func TestSender_wrongPassword(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	err := testSender(t, w, "gm", "wrong").Send(t.Context(), []Envelope{envelope(t, w, 0, "alice")}, func([]int) error {
		t.Errorf("sent called despite a failed login")
		return nil
	})
	if err == nil {
		t.Fatalf("Send() with a wrong password succeeded")
	}
}

// TestSender_temporaryFailure: a 4xx that persists after reconnecting ends
// Send; the mail before it stays sent. The sender records each mail before
// the next is accepted, so that the failure armed while mail 0 is recorded
// meets mail 1.
func TestSender_temporaryFailure(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	envs := []Envelope{envelope(t, w, 0, "alice"), envelope(t, w, 1, "alice"), envelope(t, w, 2, "alice")}
	var sent []int
	s := testSenderWith(t, w, SenderOptions{User: "gm", Password: "gm", Unrecorded: 1})
	err := s.Send(t.Context(), envs, func(accepted []int) error {
		sent = append(sent, accepted...)
		if accepted[0] == 0 { // mail 1 fails in this session and again after reconnecting
			w.FailNextData(&smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try later"})
			w.FailNextData(&smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try later"})
		}
		return nil
	})
	var se *SendError
	if !errors.As(err, &se) || se.Index != 1 || se.Code != 451 || !se.Temporary() {
		t.Fatalf("Send() error = %v, want a temporary SendError for mail 1 with code 451", err)
	}
	if !slices.Equal(sent, []int{0}) {
		t.Errorf("Send() called sent(%v), want [0]", sent)
	}
	if got := subjects(t, w, "alice"); !slices.Equal(got, []string{"report 0"}) {
		t.Errorf("INBOX of alice = %q, want [report 0]", got)
	}
}

// TestSender_reconnects: one 4xx after some mail (OpenSMTPD's limit of mails
// per session) is passed by reconnecting. As in temporaryFailure, the
// failure is armed while mail 0 is recorded, before mail 1 may end.
func TestSender_reconnects(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	envs := []Envelope{envelope(t, w, 0, "alice"), envelope(t, w, 1, "alice"), envelope(t, w, 2, "alice")}
	var sent []int
	s := testSenderWith(t, w, SenderOptions{User: "gm", Password: "gm", Unrecorded: 1})
	err := s.Send(t.Context(), envs, func(accepted []int) error {
		sent = append(sent, accepted...)
		if accepted[0] == 0 {
			w.FailNextData(&smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 5, 3}, Message: "Too many messages sent"})
		}
		return nil
	})
	if err != nil {
		t.Fatalf("Send() error: %v", err)
	}
	if !slices.Equal(sent, []int{0, 1, 2}) {
		t.Errorf("Send() called sent(%v), want [0 1 2]", sent)
	}
	if got, want := subjects(t, w, "alice"), []string{"report 0", "report 1", "report 2"}; !slices.Equal(got, want) {
		t.Errorf("INBOX of alice = %q, want %q", got, want)
	}
}

// TestSender_keepsTheConnection: mail sent a few at a time, as an outbox
// drains while mail comes in, goes over one connection; when the server
// has closed the kept connection meanwhile, the next mail goes over a new
// one, once.
func TestSender_keepsTheConnection(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	p := faultproxy.Start(t, w.SMTPAddr)
	host, port := p.HostPort()
	s := NewSender(SenderOptions{Host: host, Port: port, TLS: TLSNone, User: "gm", Password: "gm", HELO: "pbemd.test", Logger: testLogger(t)})
	t.Cleanup(s.Close)
	send := func(i int) {
		t.Helper()
		if err := s.Send(t.Context(), []Envelope{envelope(t, w, i, "alice")}, func([]int) error { return nil }); err != nil {
			t.Fatalf("Send(report %d) error: %v", i, err)
		}
	}
	send(0)
	send(1)
	send(2)
	if n := p.Accepted(); n != 1 {
		t.Errorf("three Sends in a row made %d connections, want 1", n)
	}
	p.Cut()
	send(3)
	if n := p.Accepted(); n != 2 {
		t.Errorf("a Send after the server dropped the connection made %d connections in all, want 2", n)
	}
	if got, want := subjects(t, w, "alice"), []string{"report 0", "report 1", "report 2", "report 3"}; !slices.Equal(got, want) {
		t.Errorf("INBOX of alice = %q, want %q", got, want)
	}
}

// TestSender_recordsBeforeTheNextMail: with Unrecorded 1, while sent
// records a mail, which may take as long as a disk's flush, the next mail
// is on its way but not accepted: the server holds only the mails recorded
// and the one being recorded, so a crash leaves at most one mail sent and
// unrecorded.
func TestSender_recordsBeforeTheNextMail(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	envs := []Envelope{envelope(t, w, 0, "alice"), envelope(t, w, 1, "alice"), envelope(t, w, 2, "alice")}
	s := testSenderWith(t, w, SenderOptions{User: "gm", Password: "gm", Unrecorded: 1})
	err := s.Send(t.Context(), envs, func(accepted []int) error {
		if len(accepted) != 1 {
			t.Errorf("sent(%v), want one mail at a time", accepted)
		}
		for _, when := range []string{"as", "after"} { // reading the INBOX takes a while
			if n, i := len(subjects(t, w, "alice")), accepted[0]; n != i+1 {
				t.Errorf("%s mail %d is recorded, alice holds %d mails, want %d", when, i, n, i+1)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("Send() error: %v", err)
	}
	if got := subjects(t, w, "alice"); len(got) != 3 {
		t.Errorf("INBOX of alice = %q, want 3 mails", got)
	}
}

// TestSender_recordsAFewAtATime: while sent records mail, the server
// accepts more, up to Unrecorded in all; the next waits before the end of
// its DATA, and the mails accepted meanwhile are recorded together by the
// next call, so one disk flush serves them all.
func TestSender_recordsAFewAtATime(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	envs := envelopes(t, w, 7)
	// The first two calls hold up their mails until the server has
	// accepted as many as may be unrecorded, and see that it accepts no
	// more: mail 0 being recorded and 1 and 2 waiting, then 1 and 2 being
	// recorded and 3 waiting.
	calls, err := sendHolding(t, w, envs, func(first int) {
		switch first {
		case 0:
			holdUntil(t, w, holdWindow)
		case 1:
			holdUntil(t, w, 1+holdWindow)
		}
	})
	if err != nil {
		t.Fatalf("Send() error: %v", err)
	}
	if len(calls) < 2 || !slices.Equal(calls[0], []int{0}) || !slices.Equal(calls[1], []int{1, 2}) {
		t.Errorf("sent called with %v, want [0], then [1 2] accepted meanwhile", calls)
	}
	if got, want := slices.Concat(calls...), []int{0, 1, 2, 3, 4, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("sent recorded %v, want %v, each once, in order", got, want)
	}
	if got := subjects(t, w, "alice"); len(got) != len(envs) {
		t.Errorf("INBOX of alice = %q, want %d mails", got, len(envs))
	}
}

// TestSender_reconnectsWithMailUnrecorded: a 4xx that a new session gets
// past comes while mails wait to be recorded; they are recorded before
// Send reconnects, and the mails of the new session are reported by
// their places in the whole outbox, several at a time.
func TestSender_reconnectsWithMailUnrecorded(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	calls, err := sendHolding(t, w, envelopes(t, w, 8), func(first int) {
		switch first {
		case 0:
			// Mail 3 waits before the end of its DATA, already past the
			// DATA command: the failure meets mail 4, in this session.
			holdUntil(t, w, holdWindow)
			w.FailNextData(&smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 5, 3}, Message: "Too many messages sent"})
		case 4: // the new session's first mail
			holdUntil(t, w, 4+holdWindow)
		}
	})
	if err != nil {
		t.Fatalf("Send() error: %v", err)
	}
	if want := [][]int{{0}, {1, 2}, {3}, {4}, {5, 6}, {7}}; !slices.EqualFunc(calls, want, slices.Equal) {
		t.Errorf("sent called with %v, want %v", calls, want)
	}
	want := []string{"report 0", "report 1", "report 2", "report 3", "report 4", "report 5", "report 6", "report 7"}
	if got := subjects(t, w, "alice"); !slices.Equal(got, want) {
		t.Errorf("INBOX of alice = %q, want %q", got, want)
	}
}

// holdWindow is the Unrecorded of sendHolding's sender.
const holdWindow = 3

// sendHolding sends envs with at most holdWindow mails unrecorded, and
// calls hold with the first mail of each call of sent, inside the call.
// It returns the mails of each call, and Send's error.
func sendHolding(t *testing.T, w *localmail.World, envs []Envelope, hold func(first int)) ([][]int, error) {
	t.Helper()
	s := testSenderWith(t, w, SenderOptions{User: "gm", Password: "gm", Unrecorded: holdWindow})
	var calls [][]int
	err := s.Send(t.Context(), envs, func(accepted []int) error {
		calls = append(calls, slices.Clone(accepted))
		hold(accepted[0])
		return nil
	})
	return calls, err
}

// envelopes composes n reports to alice.
func envelopes(t *testing.T, w *localmail.World, n int) []Envelope {
	t.Helper()
	envs := make([]Envelope, n)
	for i := range envs {
		envs[i] = envelope(t, w, i, "alice")
	}
	return envs
}

// holdUntil waits, inside a call of sent, until alice's INBOX holds n
// mails, and checks that it holds no more, twice, as reading the INBOX
// takes a while: the sender must wait for the call before it lets the
// server accept another.
func holdUntil(t *testing.T, w *localmail.World, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(subjects(t, w, "alice")) < n && time.Now().Before(deadline) {
	}
	for _, when := range []string{"once", "still"} {
		if got := len(subjects(t, w, "alice")); got != n {
			t.Errorf("%s sent holds up its call, alice holds %d mails, want %d", when, got, n)
		}
	}
}

func TestSender_permanentFailure(t *testing.T) {
	w := testWorld(t, localmail.Options{})
	envs := []Envelope{envelope(t, w, 0, "alice"), envelope(t, w, 1, "nobody"), envelope(t, w, 2, "alice")}
	var sent []int
	err := testSender(t, w, "gm", "gm").Send(t.Context(), envs, func(accepted []int) error {
		sent = append(sent, accepted...)
		return nil
	})
	var se *SendError
	if !errors.As(err, &se) || se.Index != 1 || se.Code != 550 || se.Temporary() {
		t.Fatalf("Send() error = %v, want a permanent SendError for mail 1 with code 550", err)
	}
	if !slices.Equal(sent, []int{0}) {
		t.Errorf("Send() called sent(%v), want [0]", sent)
	}
}

// TestSender_sentError: when sent cannot record mail, Send stops with its
// error once the server holds as many mails as may be unrecorded, and
// calls sent no more.
func TestSender_sentError(t *testing.T) {
	for _, unrecorded := range []int{1, 8} {
		t.Run(fmt.Sprintf("unrecorded %d", unrecorded), func(t *testing.T) {
			w := testWorld(t, localmail.Options{})
			errStore := errors.New("store is full")
			s := testSenderWith(t, w, SenderOptions{User: "gm", Password: "gm", Unrecorded: unrecorded})
			var calls atomic.Int32
			var returned atomic.Bool
			err := s.Send(t.Context(), envelopes(t, w, 12), func([]int) error {
				if calls.Add(1) > 1 || returned.Load() {
					t.Errorf("sent called again after it failed, or after Send returned")
				}
				holdUntil(t, w, unrecorded)
				return errStore
			})
			returned.Store(true)
			if !errors.Is(err, errStore) {
				t.Fatalf("Send() error = %v, want %v", err, errStore)
			}
			if got := subjects(t, w, "alice"); len(got) != unrecorded {
				t.Errorf("INBOX of alice = %q, want %d mails", got, unrecorded)
			}
		})
	}
}

func TestSender_serverDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	s := NewSender(SenderOptions{Host: "127.0.0.1", Port: port, TLS: TLSNone, Timeout: time.Minute})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	err = s.Send(ctx, []Envelope{{From: "gm@pbemd.test", To: []string{"alice@pbemd.test"}, Raw: []byte("Subject: x\r\n\r\nx\r\n")}}, func([]int) error {
		t.Errorf("sent called with the server down")
		return nil
	})
	if err == nil || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Send() to a closed port error = %v, want a connection error before the deadline", err)
	}
}

func TestSender_unknownTLSMode(t *testing.T) {
	s := NewSender(SenderOptions{Host: "127.0.0.1", Port: 1, TLS: "tls"})
	if err := s.Send(t.Context(), []Envelope{{}}, func([]int) error { return nil }); err == nil {
		t.Fatalf("Send() with TLS mode %q succeeded", "tls")
	}
}

func TestSender_TLS(t *testing.T) {
	serverTLS, clientTLS := testTLS(t)
	w := testWorld(t, localmail.Options{TLSConfig: serverTLS})
	plain := testWorld(t, localmail.Options{})
	implicit := startProxy(t, w.SMTPAddr, serverTLS, true)
	tests := []struct {
		name string
		addr string
		mode TLSMode
		cfg  *tls.Config
		ok   bool
	}{
		{name: "starttls", addr: w.SMTPAddr, mode: TLSStartTLS, cfg: clientTLS, ok: true},
		{name: "implicit", addr: implicit.addr, mode: TLSImplicit, cfg: clientTLS, ok: true},
		{name: "starttls with an untrusted certificate", addr: w.SMTPAddr, mode: TLSStartTLS},
		{name: "implicit with an untrusted certificate", addr: implicit.addr, mode: TLSImplicit},
		{name: "starttls to a server without it", addr: plain.SMTPAddr, mode: TLSStartTLS, cfg: clientTLS},
		{name: "implicit to a plain server", addr: plain.SMTPAddr, mode: TLSImplicit, cfg: clientTLS},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			host, port, _ := net.SplitHostPort(tc.addr)
			p, _ := strconv.Atoi(port)
			s := NewSender(SenderOptions{Host: host, Port: p, TLS: tc.mode, TLSConfig: tc.cfg, User: "gm", Password: "gm",
				Timeout: 5 * time.Second, Logger: testLogger(t)})
			sent := 0
			err := s.Send(t.Context(), []Envelope{envelope(t, w, 0, "alice")}, func(accepted []int) error { sent += len(accepted); return nil })
			if tc.ok && (err != nil || sent != 1) {
				t.Errorf("Send() = %v after %d mails, want 1 mail sent", err, sent)
			}
			t.Logf("%s: %v", tc.name, err)
			if !tc.ok && err == nil {
				t.Errorf("Send() = nil, want an error")
			}
		})
	}
}
