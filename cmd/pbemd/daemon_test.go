package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/mail/localmail"
)

// TestInitThenRun sets up a campaign with `pbemd init` against a real IMAP
// and SMTP server on loopback, then runs `pbemd run` and mails it orders,
// as an operator and a player would.
func TestInitThenRun(t *testing.T) {
	world := localmail.Start(t, localmail.Options{Domain: "example.test"})
	for _, u := range []string{"moderator", "gm", "vorn", "castellan", "ashari", "tekkar"} {
		world.AddUser(u, "pw")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "pass"), []byte("pw\n"), 0o600)
	smtpHost, smtpPort := world.SMTPHostPort()
	imapHost, imapPort, _ := strings.Cut(world.IMAPAddr, ":")
	cfg := fmt.Sprintf(`data: pbemd.db
address: moderator@example.test
imap: {host: %s, port: %s, tls: none, user: moderator, password_file: pass, poll: 1s}
smtp: {host: %s, port: %d, tls: none}
log: {format: json, level: warn}
`, imapHost, imapPort, smtpHost, smtpPort)
	path := filepath.Join(dir, "pbemd.yaml")
	os.WriteFile(path, []byte(cfg), 0o600)

	code, out, errOut := run(t, "init", "--config", path, "--scenario", "../../scenarios/frontier.yaml")
	if code != exitOK || !strings.Contains(out, "9 welcome and report mails sent") {
		t.Fatalf("init = %d, %q, %q", code, out, errOut)
	}
	welcome := waitForMail(t, world, "vorn", 1)
	_, token, _ := strings.Cut(string(welcome.Text), "Your token is:\n\n    ")
	token, _, _ = strings.Cut(token, "\n")

	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan int, 1)
	go func() {
		var stderr bytes.Buffer
		done <- runMain(ctx, &env{stdout: &bytes.Buffer{}, stderr: &stderr}, []string{"run", "--config", path})
	}()
	orders := fmt.Sprintf("From: vorn@example.test\r\nTo: moderator@example.test\r\nSubject: t1\r\nMessage-ID: <t1@example.test>\r\n\r\n"+
		"campaign: frontier\r\nplayer: vorn\r\nturn: 1\r\ntoken: %s\r\norders:\r\n  - move: {fleet: 1st, path: [ferrum]}\r\n", token)
	if err := world.Deliver(ctx, "moderator", "pw", []byte(orders)); err != nil {
		t.Fatal(err)
	}
	reply := waitForMail(t, world, "vorn", 3)
	if !strings.Contains(reply.Subject, "accepted") {
		t.Errorf("reply to orders = %q:\n%s", reply.Subject, reply.Text)
	}
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("run exited %d after its context ended, want 0", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not stop")
	}
}

// waitForMail waits until user has n mails and returns the n-th.
func waitForMail(t *testing.T, w *localmail.World, user string, n int) *mail.Inbound {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 15*time.Second)
	defer cancel()
	raw, err := w.Await(ctx, user, "pw", "INBOX", n-1)
	if err != nil {
		t.Fatalf("%s never got mail %d: %v", user, n, err)
	}
	in, err := mail.Parse(raw, mail.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestReportShowsWhatThePlayerGot: after init, `pbemd report` rebuilds the
// first report exactly as the player's mail carried it, but for the mail's
// footer on how the player's mail comes.
func TestReportShowsWhatThePlayerGot(t *testing.T) {
	world := localmail.Start(t, localmail.Options{Domain: "example.test"})
	for _, u := range []string{"moderator", "vorn", "castellan", "ashari", "tekkar"} {
		world.AddUser(u, "pw")
	}
	dir := t.TempDir()
	smtpHost, smtpPort := world.SMTPHostPort()
	cfg := fmt.Sprintf("data: pbemd.db\naddress: moderator@example.test\nimap: {host: 127.0.0.1, port: 1, tls: none, user: m, password_env: PBEMD_TEST_PW}\nsmtp: {host: %s, port: %d, tls: none}\n", smtpHost, smtpPort)
	t.Setenv("PBEMD_TEST_PW", "x")
	path := filepath.Join(dir, "pbemd.yaml")
	os.WriteFile(path, []byte(cfg), 0o600)
	if code, out, errOut := run(t, "init", "--config", path, "--scenario", "../../scenarios/frontier.yaml"); code != exitOK {
		t.Fatalf("init = %d, %q, %q", code, out, errOut)
	}
	waitForMail(t, world, "vorn", 2)
	msgs, err := world.Mailbox(t.Context(), "vorn", "pw", "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	mailed, footer, found := strings.Cut(localmail.PlainText(msgs[1]), "\nYOUR MAIL\n")
	if !found || !strings.Contains(footer, "command: mail") {
		t.Errorf("the report mail has no footer on how to change the player's mail:\n%s", msgs[1])
	}
	code, out, errOut := run(t, "report", "frontier", "vorn", "--config", path)
	if code != exitOK {
		t.Fatalf("report = %d, %q", code, errOut)
	}
	if strings.TrimSpace(out) != strings.TrimSpace(mailed) {
		t.Errorf("pbemd report shows:\n%s\nbut the mail said:\n%s", out, mailed)
	}
	template, found := localmail.Attachment(msgs[1], "orders-1.yaml")
	code, out, errOut = run(t, "report", "frontier", "vorn", "--config", path, "--format", "orders")
	if !found || code != exitOK || out != template {
		t.Errorf("pbemd report --format orders = %d, %q, shows:\n%s\nbut the mail's order template (found %v) said:\n%s", code, errOut, out, found, template)
	}
	code, out, _ = run(t, "report", "frontier", "vorn", "--data", filepath.Join(dir, "pbemd.db"), "--format", "json")
	if code != exitOK || !strings.Contains(out, `"player": "vorn"`) {
		t.Errorf("report --format json = %d, %.200q", code, out)
	}
	if code, _, errOut := run(t, "report", "frontier", "nobody", "--config", path); code != exitFailure || !strings.Contains(errOut, "no such player") {
		t.Errorf("report of an unknown player = %d, %q", code, errOut)
	}
	if code, _, errOut := run(t, "report", "frontier", "vorn", "--config", path, "--turn", "3"); code != exitFailure || !strings.Contains(errOut, "not resolved yet") {
		t.Errorf("report of a future turn = %d, %q", code, errOut)
	}
	missing := filepath.Join(dir, "typo.db")
	if code, _, _ := run(t, "report", "frontier", "vorn", "--data", missing); code != exitFailure {
		t.Errorf("report from a missing data file = %d, want a failure", code)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("report created the data file it was pointed at")
	}
}
