package demo

import (
	"context"
	"fmt"
	"net/smtp"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/internal/syncbuf"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/store"
)

// TestDemoPlaysTurns runs the demo on a fake clock: once every scripted
// player's orders for turn 1 are accepted, it moves the clock past the
// deadline, the first turn's after 30 minutes and the next after one
// turn, until the free seat, whose player sends nothing, has the reports
// of two turns resolved at their deadlines. Then it stops the demo
// as Ctrl-C would, and checks that the scripted players' orders are on file.
func TestDemoPlaysTurns(t *testing.T) {
	const turn = 10 * time.Minute
	clk := clocktest.New(time.Now())
	d := startDemo(t, Options{Turn: turn, Clock: clk})
	imapAddr := d.imapAddr
	for _, bot := range []string{"vorn", "castellan", "ashari"} {
		waitForMails(t, imapAddr, bot, 3) // welcome, first report, orders accepted
	}
	clk.Advance(30 * time.Minute)          // the first turn waits longer for the newcomer
	waitForMails(t, imapAddr, "tekkar", 3) // welcome, first report, report of turn 1
	clk.Advance(turn)
	waitForMails(t, imapAddr, "tekkar", 4) // and of turn 2
	db := d.stop(t)
	for _, want := range []string{"player    tekkar", "orders to moderator@example.test", "pbemd demo stopped."} {
		if !strings.Contains(d.out.String(), want) {
			t.Errorf("demo output lacks %q:\n%s", want, d.out.String())
		}
	}
	db.View(func(tx *store.Tx) error {
		if orders, _ := tx.TurnOrders("frontier", 1); len(orders) != 3 {
			t.Errorf("turn 1 had orders from %d scripted players, want 3", len(orders))
		}
		return nil
	})
}

func TestDemoRefusesAnExistingDataFile(t *testing.T) {
	data := filepath.Join(t.TempDir(), "demo.db")
	db, err := store.Open(data, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	err = Run(t.Context(), Options{Data: data})
	if err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("Run with an existing data file = %v, want a refusal", err)
	}
}

// runningDemo is a demo a test started.
type runningDemo struct {
	imapAddr string
	out      *syncbuf.Buffer
	data     string
	cancel   context.CancelFunc
	done     chan error
}

// startDemo runs the demo with opts, a fresh data file and quick scripted
// players, until the test stops it, and waits for its IMAP server.
func startDemo(t *testing.T, opts Options) *runningDemo {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	t.Cleanup(cancel)
	d := &runningDemo{out: &syncbuf.Buffer{}, data: filepath.Join(t.TempDir(), "demo.db"), cancel: cancel, done: make(chan error, 1)}
	opts.Poll, opts.Data, opts.Stdout = 50*time.Millisecond, d.data, d.out
	go func() { d.done <- Run(ctx, opts) }()
	d.imapAddr = waitFor(t, d.out, regexp.MustCompile(`IMAP +(127\.0\.0\.1:\d+)`))
	return d
}

// stop stops the demo as Ctrl-C would, waits for it to end, and opens
// its data file.
func (d *runningDemo) stop(t *testing.T) *store.DB {
	t.Helper()
	d.cancel()
	select {
	case err := <-d.done:
		if err != nil {
			t.Fatalf("Run = %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the demo did not stop after its context was cancelled")
	}
	db, err := store.Open(d.data, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// waitFor waits until the output matches re and returns the first group.
func waitFor(t *testing.T, out *syncbuf.Buffer, re *regexp.Regexp) string {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			return m[1]
		}
	}
	t.Fatalf("the demo never printed %v:\n%s", re, out.String())
	return ""
}

// waitForMails logs into a demo mailbox over IMAP until it holds n mails.
func waitForMails(t *testing.T, imapAddr, user string, n int) {
	t.Helper()
	w := &localmail.World{IMAPAddr: imapAddr}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if msgs, err := w.Mailbox(t.Context(), user, Password, "INBOX"); err == nil && len(msgs) >= n {
			return
		}
	}
	t.Fatalf("%s never had %d mails", user, n)
}

// TestDemoPlaysThunderdome runs the demo with --rules thunderdome on a
// fake clock. The scripted players (gorn, hydran) play turns 1 and 2 at
// once, in two mails each, and the free seat, kzinti, gets the report of
// its turn 3. The test moves the clock past its week (UTD3.3); the turn is
// forfeited, and lyran, gorn and hydran play turns 4 to 6 until kzinti's
// turn comes round again.
func TestDemoPlaysThunderdome(t *testing.T) {
	clk := clocktest.New(time.Now())
	d := startDemo(t, Options{Rules: "thunderdome", Clock: clk})
	imapAddr := d.imapAddr
	waitForSubject(t, imapAddr, "kzinti", "Turn 3, cycle 1.0: your turn")
	// Kzinti's orders are due at the end of the seventh day after today,
	// in the campaign's time zone, UTC (UTD3.3): the clock moves to that
	// moment, as a week passing would.
	now := clk.Now().UTC()
	clk.AdvanceTo(time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 8))
	waitForSubject(t, imapAddr, "kzinti", "Turn 7, cycle 1.5: your turn")
	db := d.stop(t)
	if want := "player    kzinti"; !strings.Contains(d.out.String(), want) {
		t.Errorf("demo output lacks %q:\n%s", want, d.out.String())
	}
	db.View(func(tx *store.Tx) error {
		for turn, who := range map[int]string{1: "gorn", 2: "hydran", 4: "lyran", 6: "hydran"} {
			orders, _ := tx.TurnOrders("thunderdome", turn)
			if len(orders) != 1 || string(orders[0].Player) != who || orders[0].Submission.Orders.Len() == 0 || !orders[0].Submission.Final {
				t.Errorf("turn %d has orders %v on file, want %s's move, made final by a second mail", turn, orders, who)
			}
		}
		return nil
	})
}

// waitForSubject logs into a demo mailbox over IMAP until it holds a mail
// whose text contains s.
func waitForSubject(t *testing.T, imapAddr, user, s string) {
	t.Helper()
	w := &localmail.World{IMAPAddr: imapAddr}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		msgs, _ := w.Mailbox(t.Context(), user, Password, "INBOX")
		for _, m := range msgs {
			if strings.Contains(string(m), s) {
				return
			}
		}
	}
	t.Fatalf("%s never had a mail with %q", user, s)
}

// TestDemoFirstTurnWaitsForTheNewcomer: the first turn of Frontier Wars
// lasts FirstTurn, not Turn, so a newcomer has time to set up a mail
// client, and the banner says so; it ends as soon as the newcomer's
// orders are final, as the scripted players' are. The turns after it
// last Turn.
func TestDemoFirstTurnWaitsForTheNewcomer(t *testing.T) {
	const turn, first = 3 * time.Minute, 30 * time.Minute
	start := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	clk := clocktest.New(start)
	d := startDemo(t, Options{Turn: turn, Clock: clk})
	for _, want := range []string{"a turn every 3m, or sooner", "Your first turn waits for you: it lasts 30m,"} {
		if !strings.Contains(d.out.String(), want) {
			t.Errorf("the banner lacks %q:\n%s", want, d.out.String())
		}
	}
	for _, bot := range []string{"vorn", "castellan", "ashari"} {
		waitForMails(t, d.imapAddr, bot, 3) // welcome, first report, orders accepted
	}
	welcome := mailWith(t, d.imapAddr, "tekkar", "Welcome to")
	if want := "Orders are due Tue 1 Dec 2026 18:30 UTC."; !strings.Contains(welcome, want) {
		t.Errorf("the free seat's welcome lacks %q:\n%s", want, welcome)
	}
	d.send(t, "tekkar", "moderator@example.test", fmt.Sprintf(
		"campaign: frontier\nplayer: tekkar\nturn: 1\ntoken: %s\nfinal: true\norders: []\n", tokenIn(t, welcome)))
	waitForSubject(t, d.imapAddr, "tekkar", "Orders are due Tue 1 Dec 2026 18:03 UTC")

	db := d.stop(t)
	db.View(func(tx *store.Tx) error {
		t1, err := tx.Turn("frontier", 1)
		if err != nil || !t1.Deadline.Equal(start.Add(first)) {
			t.Errorf("turn 1 deadline = %v, %v; want %v", t1.Deadline, err, start.Add(first))
		}
		c, err := tx.Campaign("frontier")
		if err != nil || c.Turn != 2 || !c.Deadline().Equal(start.Add(turn)) {
			t.Errorf("the campaign is at turn %d due %v, %v; want turn 2 due %v", c.Turn, c.Deadline(), err, start.Add(turn))
		}
		return nil
	})
}

// TestDemoGMApprovesByReply plays the GM's extension flow of
// docs/by-mail.md over the demo's own SMTP and IMAP servers: the free seat
// asks for more time, the GM's mailbox gets the request with a single-use
// Reply-To address, moderator+<token>@example.test, and the GM's reply
// to it approves the extension.
func TestDemoGMApprovesByReply(t *testing.T) {
	clk := clocktest.New(time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC))
	d := startDemo(t, Options{Clock: clk})
	welcome := mailWith(t, d.imapAddr, "tekkar", "Welcome to")
	d.send(t, "tekkar", "moderator@example.test", fmt.Sprintf(
		"campaign: frontier\nplayer: tekkar\ntoken: %s\nextension: {hours: 24, reason: \"setting up mutt\"}\n", tokenIn(t, welcome)))
	ask := mailWith(t, d.imapAddr, "gm", "tekkar asks for 24 more hours")
	replyTo := regexp.MustCompile(`(?m)^Reply-To: [^<]*<(moderator\+[a-z0-9]+@example\.test)>`).FindStringSubmatch(ask)
	if replyTo == nil {
		t.Fatalf("the GM's request has no reply address:\n%s", ask)
	}
	d.send(t, "gm", replyTo[1], "approve\n")
	waitForSubject(t, d.imapAddr, "tekkar", "The GM approved 24 more hours for turn 1.")
	waitForSubject(t, d.imapAddr, "gm", "Approved: 24 more hours for tekkar.")
}

// send mails text from a demo user, logged in over the demo's SMTP.
func (d *runningDemo) send(t *testing.T, from, to, text string) {
	t.Helper()
	addr := waitFor(t, d.out, regexp.MustCompile(`SMTP +(127\.0\.0\.1:\d+)`))
	sender := from + "@example.test"
	msg := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: demo\r\nMessage-ID: <%s.%d@example.test>\r\nDate: %s\r\n\r\n%s",
		sender, to, from, time.Now().UnixNano(), time.Now().Format(time.RFC1123Z), strings.ReplaceAll(text, "\n", "\r\n"))
	auth := smtp.PlainAuth("", from, Password, "127.0.0.1")
	if err := smtp.SendMail(addr, auth, sender, []string{to}, []byte(msg)); err != nil {
		t.Fatalf("mail from %s to %s: %v", from, to, err)
	}
}

// mailWith waits for a mail in a demo mailbox that contains s, and
// returns it.
func mailWith(t *testing.T, imapAddr, user, s string) string {
	t.Helper()
	waitForSubject(t, imapAddr, user, s)
	msgs, _ := (&localmail.World{IMAPAddr: imapAddr}).Mailbox(t.Context(), user, Password, "INBOX")
	for _, m := range msgs {
		if strings.Contains(string(m), s) {
			return string(m)
		}
	}
	t.Fatalf("%s has no mail with %q", user, s)
	return ""
}

// tokenIn finds the token in a welcome mail.
func tokenIn(t *testing.T, welcome string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^token: (\S+)`).FindStringSubmatch(welcome)
	if m == nil {
		t.Fatalf("no token in the welcome:\n%s", welcome)
	}
	return m[1]
}
