package localmail

import (
	"bytes"
	"context"
	"errors"
	"net/smtp"
	"net/textproto"
	"slices"
	"testing"
	"time"

	gosmtp "github.com/emersion/go-smtp"
)

func startWorld(t *testing.T) *World {
	w := Start(t, Options{}) // no test logger: server goroutines may log after the test
	if got := w.AddUser("Alice", "alicepw"); got != "alice@pbemd.test" {
		t.Fatalf("AddUser(Alice) = %q, want alice@pbemd.test", got)
	}
	w.AddUser("gm", "gmpw")
	return w
}

func TestDeliverAndMailbox(t *testing.T) {
	w := startWorld(t)
	raw := []byte("Subject: one\r\n\r\nbody\r\n")
	if err := w.Deliver(t.Context(), "alice", "alicepw", raw); err != nil {
		t.Fatalf("Deliver() error: %v", err)
	}
	// Login works with the full address too.
	got, err := w.Mailbox(t.Context(), "alice@pbemd.test", "alicepw", "INBOX")
	if err != nil {
		t.Fatalf("Mailbox() error: %v", err)
	}
	if len(got) != 1 || !bytes.Equal(got[0], raw) {
		t.Errorf("Mailbox() = %q, want [%q]", got, raw)
	}
	if err := w.Deliver(t.Context(), "alice", "wrong", raw); err == nil {
		t.Errorf("Deliver() with a wrong password succeeded")
	}
	if _, err := w.Mailbox(t.Context(), "mallory", "x", "INBOX"); err == nil {
		t.Errorf("Mailbox() of an unknown user succeeded")
	}
}

func TestAddUser_again(t *testing.T) {
	w := startWorld(t)
	if err := w.Deliver(t.Context(), "alice", "alicepw", []byte("Subject: kept\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	w.AddUser("alice", "newpw")
	got, err := w.Mailbox(t.Context(), "alice", "newpw", "INBOX")
	if err != nil || len(got) != 1 {
		t.Errorf("Mailbox() with the new password = %d mails, %v; want the kept mail", len(got), err)
	}
}

func TestSMTPDelivery(t *testing.T) {
	w := startWorld(t)
	auth := smtp.PlainAuth("", "gm@pbemd.test", "gmpw", "127.0.0.1")
	msg := []byte("Subject: report\r\n\r\nhello\r\n")
	if err := smtp.SendMail(w.SMTPAddr, auth, "gm@pbemd.test", []string{"alice@pbemd.test", "ALICE@PBEMD.TEST"}, msg); err != nil {
		t.Fatalf("SendMail() error: %v", err)
	}
	if err := smtp.SendMail(w.SMTPAddr, nil, "", []string{"gm@pbemd.test"}, msg); err != nil {
		t.Fatalf("SendMail() with the null sender and no login error: %v", err)
	}
	// A sub-address is delivered to its user, as pbemd's reply addresses
	// (moderator+token@) need.
	if err := smtp.SendMail(w.SMTPAddr, nil, "alice@pbemd.test", []string{"gm+k7qx2@pbemd.test"}, msg); err != nil {
		t.Fatalf("SendMail() to a sub-address error: %v", err)
	}
	tests := []struct {
		user, password string
		want           []string
	}{
		{"alice", "alicepw", []string{"Return-Path: <gm@pbemd.test>\r\n" + string(msg)}},
		{"gm", "gmpw", []string{"Return-Path: <>\r\n" + string(msg), "Return-Path: <alice@pbemd.test>\r\n" + string(msg)}},
	}
	for _, tc := range tests {
		raws, err := w.Mailbox(t.Context(), tc.user, tc.password, "INBOX")
		var got []string
		for _, r := range raws {
			got = append(got, string(r))
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Mailbox(%s) = %q, %v; want %q", tc.user, got, err, tc.want)
		}
	}
}

func TestSMTPRefusals(t *testing.T) {
	w := startWorld(t)
	msg := []byte("Subject: x\r\n\r\nx\r\n")
	tests := []struct {
		name string
		auth smtp.Auth
		to   string
		fail *gosmtp.SMTPError
		code int
	}{
		{name: "unknown user", to: "bob@pbemd.test", code: 550},
		{name: "other domain", to: "alice@example.org", code: 550},
		{name: "sub-address of an unknown user", to: "bob+x@pbemd.test", code: 550},
		{name: "no user before the plus", to: "+alice@pbemd.test", code: 550},
		{name: "wrong password", auth: smtp.PlainAuth("", "gm", "wrong", "127.0.0.1"), to: "alice@pbemd.test", code: 535},
		{name: "FailNextData", to: "alice@pbemd.test", fail: &gosmtp.SMTPError{Code: 451, Message: "later"}, code: 451},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.fail != nil {
				w.FailNextData(tc.fail)
			}
			err := smtp.SendMail(w.SMTPAddr, tc.auth, "gm@pbemd.test", []string{tc.to}, msg)
			var te *textproto.Error
			if !errors.As(err, &te) || te.Code != tc.code {
				t.Errorf("SendMail() error = %v, want code %d", err, tc.code)
			}
		})
	}
	// The failure was used up: the next mail goes through.
	if err := smtp.SendMail(w.SMTPAddr, nil, "gm@pbemd.test", []string{"alice@pbemd.test"}, msg); err != nil {
		t.Errorf("SendMail() after the failure error: %v", err)
	}
}

// TestAwait: Await returns a message that arrives by SMTP after it began
// waiting, the one asked for and not an earlier one, and gives up when its
// context ends; Count agrees with what arrived.
func TestAwait(t *testing.T) {
	w := startWorld(t)
	first := []byte("Subject: first\r\n\r\none\r\n")
	if err := w.Deliver(t.Context(), "alice", "alicepw", first); err != nil {
		t.Fatal(err)
	}
	if got, err := w.Await(t.Context(), "alice", "alicepw", "INBOX", 0); err != nil || !bytes.Equal(got, first) {
		t.Fatalf("Await(0) = %q, %v; want the mail already there", got, err)
	}

	type result struct {
		raw []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		// A bound for a failure, not a wait: a delivery wakes Await at once.
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		defer cancel()
		raw, err := w.Await(ctx, "alice", "alicepw", "INBOX", 1)
		done <- result{raw, err}
	}()
	second := []byte("Subject: second\r\n\r\ntwo\r\n")
	if err := smtp.SendMail(w.SMTPAddr, nil, "gm@pbemd.test", []string{"alice@pbemd.test"}, second); err != nil {
		t.Fatal(err)
	}
	r := <-done
	if r.err != nil || !bytes.HasSuffix(r.raw, second) {
		t.Errorf("Await(1) = %q, %v; want the mail sent by SMTP", r.raw, r.err)
	}
	if n, err := w.Count(t.Context(), "alice", "alicepw", "INBOX"); n != 2 || err != nil {
		t.Errorf("Count = %d, %v; want 2", n, err)
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := w.Await(ctx, "alice", "alicepw", "INBOX", 2); err == nil {
		t.Error("Await(2) with an ended context returned no error")
	}
}
