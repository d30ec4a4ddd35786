package realmail

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/smtp"
	"slices"
	"strings"
	"testing"
	"time"
)

// waitFor polls a user's mailbox until it holds n messages.
func waitFor(t *testing.T, s *System, user, mailbox string, n int) []Message {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	for {
		msgs, err := s.Messages(ctx, user, mailbox)
		if err != nil {
			t.Fatalf("Messages(%s, %s) = %v", user, mailbox, err)
		}
		if len(msgs) >= n {
			return msgs
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s's %s holds %d messages, want %d", user, mailbox, len(msgs), n)
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// TestSendThroughPostfixIntoDovecot: mail handed to Postfix reaches the
// recipients' Dovecot INBOXes, plus-addresses included.
func TestSendThroughPostfixIntoDovecot(t *testing.T) {
	t.Parallel()
	s := Start(t)
	alice, _ := s.AddUser("Alice")
	bob, _ := s.AddUser("bob")
	if alice != "alice@example.test" {
		t.Errorf("AddUser(Alice) = %q, want alice@example.test", alice)
	}
	raw := "From: " + bob + "\nTo: " + alice + "\nSubject: hello\nMessage-ID: <one@example.test>\n\nhi there\n"
	if err := s.Send(t.Context(), bob, []string{alice, "alice+orders@example.test"}, []byte(raw)); err != nil {
		t.Fatalf("Send() = %v", err)
	}
	// One copy per address, as Dovecot's LMTP files each recipient.
	msgs := waitFor(t, s, "alice", "INBOX", 2)
	for i := range msgs {
		got := string(msgs[i].Raw)
		for _, want := range []string{"Return-Path: <bob@example.test>", "by imap.example.test with LMTP",
			"Message-ID: <one@example.test>", "\r\n\r\nhi there\r\n"} {
			if !strings.Contains(got, want) {
				t.Errorf("mail %d lacks %q:\n%s", i+1, want, got)
			}
		}
		if slices.Contains(msgs[i].Flags, `\Seen`) {
			t.Errorf("mail %d is marked seen before anyone read it", i+1)
		}
	}
}

// TestSendRefusesOtherDomains: Postfix relays nothing beyond its domain.
func TestSendRefusesOtherDomains(t *testing.T) {
	t.Parallel()
	s := Start(t)
	bob, _ := s.AddUser("bob")
	err := s.Send(t.Context(), bob, []string{"carol@example.org"}, []byte("Subject: x\n\nx\n"))
	if err == nil || !strings.Contains(err.Error(), "554") {
		t.Errorf("Send() to another domain = %v, want a 554 refusal", err)
	}
}

// TestSMTPAuth: Postfix checks logins against the users through
// Dovecot's auth service, as it does for the daemon's outgoing mail.
func TestSMTPAuth(t *testing.T) {
	t.Parallel()
	s := Start(t)
	alice, pw := s.AddUser("alice")
	if _, again := s.AddUser("alice"); again != pw {
		t.Errorf("AddUser again gave password %q, want the first one %q", again, pw)
	}
	msg := []byte("Subject: authenticated\r\n\r\nbody\r\n")
	if err := smtp.SendMail(s.SMTPAddr(), smtp.PlainAuth("", alice, pw, "127.0.0.1"), alice, []string{alice}, msg); err != nil {
		t.Fatalf("SendMail() with the right password = %v", err)
	}
	waitFor(t, s, alice, "INBOX", 1)
	// Last: after a failure, Dovecot delays the next login from 127.0.0.1.
	err := smtp.SendMail(s.SMTPAddr(), smtp.PlainAuth("", alice, "wrong", "127.0.0.1"), alice, []string{alice}, msg)
	if err == nil || !strings.Contains(err.Error(), "535") {
		t.Errorf("SendMail() with a wrong password = %v, want 535", err)
	}
}

// TestStartWithoutBinaries: on a machine without the daemons, Start skips
// with one line saying what to install.
func TestStartWithoutBinaries(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("CI", "")
	_, why := find()
	for _, want := range []string{"dovecot", "postfix", "apt-get install dovecot-imapd dovecot-lmtpd postfix"} {
		if !strings.Contains(why, want) {
			t.Errorf("find() = %q, want it to name %q", why, want)
		}
	}
	if strings.Contains(why, "\n") {
		t.Errorf("find() = %q, want one line", why)
	}
	skipped := false
	t.Run("bare machine", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		Start(t)
		t.Error("Start returned without the daemons")
	})
	if !skipped {
		t.Error("Start did not skip without the daemons")
	}
}

// TestStartOnATakenPort: a daemon that finds its port taken exits, and
// start says so, for Start to try other ports. Postfix logs that only to
// syslog, so start finds out itself.
func TestStartOnATakenPort(t *testing.T) {
	t.Parallel()
	bins := require(t)
	for _, which := range []string{"imap", "smtp"} {
		t.Run(which, func(t *testing.T) {
			t.Parallel()
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			p, err := freePorts()
			if err != nil {
				t.Fatal(err)
			}
			taken := ln.Addr().(*net.TCPAddr).Port
			if which == "imap" {
				p.imap = taken
			} else {
				p.smtp = taken
			}
			dir, err := workDir(t)
			if err != nil {
				t.Fatal(err)
			}
			s := &System{dir: dir, bins: bins, users: map[string]string{}}
			err = s.start(t.Context(), p)
			s.stop()
			if !errors.Is(err, errPortTaken) || !strings.Contains(err.Error(), fmt.Sprint(taken)) {
				t.Errorf("start() with port %d taken = %v, want errPortTaken naming it", taken, err)
			}
		})
	}
}
