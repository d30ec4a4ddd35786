package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/control"
	"github.com/pbemd/pbemd/internal/syncbuf"
	"github.com/pbemd/pbemd/store"
)

// startDaemon runs `pbemd run` in the test's process until stop is called,
// and waits until its control socket answers.
func startDaemon(t *testing.T, site *testSite) (stop func()) {
	t.Helper()
	stop, _ = startDaemonLogged(t, site)
	return stop
}

// startDaemonLogged is startDaemon, and returns what the daemon logs.
func startDaemonLogged(t *testing.T, site *testSite) (stop func(), log *syncbuf.Buffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan int, 1)
	var stderr syncbuf.Buffer
	go func() {
		done <- runMain(ctx, &env{stdout: &bytes.Buffer{}, stderr: &stderr}, []string{"run", "--config", site.config})
	}()
	waitFor(t, 10*time.Second, "the control socket", func() bool {
		c, err := control.Dial(t.Context(), site.data)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
	return func() {
		t.Helper()
		cancel()
		select {
		case code := <-done:
			if code != exitOK {
				t.Errorf("run exited %d, want 0:\n%s", code, stderr.String())
			}
		case <-time.After(5 * time.Second):
			t.Fatal("run did not stop within 5 s")
		}
	}, &stderr
}

// sendOrders mails a player's orders for turn 1 to the moderator.
func sendOrders(t *testing.T, site *testSite, player, token, fleet, to string) {
	t.Helper()
	raw := fmt.Sprintf("From: %[1]s@example.test\r\nTo: moderator@example.test\r\nSubject: turn 1\r\nMessage-ID: <t1.%[1]s@example.test>\r\n\r\n"+
		"campaign: frontier\r\nplayer: %[1]s\r\nturn: 1\r\ntoken: %[2]s\r\norders:\r\n  - move: {fleet: %[3]s, path: [%[4]s]}\r\n", player, token, fleet, to)
	if err := site.world.Deliver(t.Context(), "moderator", "pw", []byte(raw)); err != nil {
		t.Fatal(err)
	}
}

// tokenOf reads a player's token from their welcome mail.
func tokenOf(t *testing.T, site *testSite, player string) string {
	t.Helper()
	welcome := waitForMail(t, site.world, player, 1)
	_, token, _ := strings.Cut(string(welcome.Text), "Your token is:\n\n    ")
	token, _, _ = strings.Cut(token, "\n")
	return token
}

// TestAdminCommands is an operator's day: status, report, backup and
// resolve reach the running daemon through its control socket while it
// takes mail; restore is refused until the daemon stops; then the backup
// is restored, the orders it held are on file again, and the commands work
// on the file directly.
func TestAdminCommands(t *testing.T) {
	site := newTestSite(t)
	if code, out, errOut := run(t, "init", "--config", site.config, "--scenario", "../../scenarios/frontier.yaml"); code != exitOK {
		t.Fatalf("init = %d, %q, %q", code, out, errOut)
	}
	vorn, castellan := tokenOf(t, site, "vorn"), tokenOf(t, site, "castellan")
	stop := startDaemon(t, site)
	t.Chdir(site.dir) // relative paths, as an operator types them

	fi, err := os.Lstat(control.SocketPath(site.data))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("control socket: %v, %v; want mode 0600", fi.Mode(), err)
	}
	sendOrders(t, site, "vorn", vorn, "1st", "ferrum")
	if reply := waitForMail(t, site.world, "vorn", 3); !strings.Contains(reply.Subject, "accepted") {
		t.Fatalf("reply to vorn's orders = %q", reply.Subject)
	}

	code, out, errOut := run(t, "status", "--config", "pbemd.yaml")
	for _, want := range []string{"pbemd (pid ", "frontier (Frontier Wars): running, turn 1, deadline ", "on file:  vorn", "missing:  castellan, ashari, tekkar"} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("status = %d, %q, %q; want %q", code, out, errOut, want)
		}
	}
	var st control.Status
	code, out, _ = run(t, "status", "--data", "pbemd.db", "--json")
	if err := json.Unmarshal([]byte(out), &st); code != exitOK || err != nil || st.Daemon == nil || st.Campaigns[0].Turn != 1 {
		t.Errorf("status --json = %d, %+v, %v", code, st, err)
	}
	if code, out, errOut := run(t, "report", "frontier", "vorn", "--config", "pbemd.yaml"); code != exitOK || !strings.Contains(out, "Frontier Wars") {
		t.Errorf("report while the daemon runs = %d, %.100q, %q", code, out, errOut)
	}

	// A backup taken while castellan's orders come in holds vorn's for sure.
	sendOrders(t, site, "castellan", castellan, "1st", "quillon")
	code, out, errOut = run(t, "backup", "--out", "backup.db", "--config", "pbemd.yaml")
	backup := filepath.Join(site.dir, "backup.db")
	if code != exitOK || !strings.Contains(out, backup) || !strings.Contains(out, "written by the daemon") {
		t.Errorf("backup = %d, %q, %q", code, out, errOut)
	}
	if code, _, errOut := run(t, "backup", "--out", "pbemd.db.sock", "--config", "pbemd.yaml"); code != exitFailure || !strings.Contains(errOut, "control socket; name a new file") {
		t.Errorf("backup over the control socket = %d, %q; want exit %d naming the control socket", code, errOut, exitFailure)
	}
	if code, _, errOut := run(t, "status", "--config", "pbemd.yaml"); code != exitOK {
		t.Errorf("status after a backup over the control socket was refused = %d, %q", code, errOut)
	}
	waitForMail(t, site.world, "castellan", 3)
	for _, args := range [][]string{{"restore", "--from", "backup.db"}, {"compact"}} {
		if code, _, errOut := run(t, append(args, "--config", "pbemd.yaml")...); code != exitLocked || !strings.Contains(errOut, "stop the daemon first") {
			t.Errorf("%s while the daemon runs = %d, %q; want exit %d", args[0], code, errOut, exitLocked)
		}
	}

	code, out, errOut = run(t, "resolve", "frontier", "--config", "pbemd.yaml")
	if code != exitOK || !strings.Contains(out, "turn 1 resolved; turn 2 is open") || !strings.Contains(out, "the daemon is sending") {
		t.Errorf("resolve = %d, %q, %q", code, out, errOut)
	}
	if report := waitForMail(t, site.world, "vorn", 4); !strings.Contains(report.Subject, "Turn 2 report") {
		t.Errorf("vorn's mail after resolve = %q, want the turn 2 report, after turn 1", report.Subject)
	}
	if code, _, errOut := run(t, "resolve", "nowhere", "--config", "pbemd.yaml"); code != exitFailure || !strings.Contains(errOut, "campaign not found") {
		t.Errorf("resolve nowhere = %d, %q", code, errOut)
	}
	stop()

	if _, err := os.Lstat(control.SocketPath(site.data)); !os.IsNotExist(err) {
		t.Errorf("the control socket outlived the daemon: %v", err)
	}
	code, out, errOut = run(t, "restore", "--from", "backup.db", "--config", "pbemd.yaml")
	if code != exitOK || !strings.Contains(out, "1 campaigns, consistent") || !strings.Contains(out, "kept as "+site.data+".before-restore-") {
		t.Fatalf("restore = %d, %q, %q", code, out, errOut)
	}
	code, out, _ = run(t, "status", "--config", "pbemd.yaml")
	if code != exitOK || !strings.Contains(out, "no daemon runs") || !strings.Contains(out, "running, turn 1,") || !strings.Contains(out, "vorn") {
		t.Errorf("status after restore = %d, %q", code, out)
	}
	checkRestored(t, site.data)
	code, out, errOut = run(t, "compact", "--config", "pbemd.yaml")
	if code != exitOK || !strings.Contains(out, "1 campaigns, consistent") || !strings.Contains(out, "kept as "+site.data+".before-compact-") {
		t.Fatalf("compact = %d, %q, %q", code, out, errOut)
	}
	checkRestored(t, site.data)

	// Without a daemon, resolve queues the reports for the next run.
	code, out, errOut = run(t, "resolve", "frontier", "--config", "pbemd.yaml")
	if code != exitOK || !strings.Contains(out, "wait in the outbox") {
		t.Errorf("resolve without the daemon = %d, %q, %q", code, out, errOut)
	}
	if code, out, _ := run(t, "backup", "--out", "again.db", "--data", "pbemd.db"); code != exitOK || !strings.Contains(out, "read directly") {
		t.Errorf("backup without the daemon = %d, %q", code, out)
	}
	stop = startDaemon(t, site)
	defer stop()
	waitFor(t, 15*time.Second, "the outbox to drain", func() bool {
		_, out, _ := run(t, "status", "--json", "--config", "pbemd.yaml")
		var st control.Status
		return json.Unmarshal([]byte(out), &st) == nil && st.Outbox == 0
	})
}

// checkRestored opens a restored data file: it passes Check, and vorn's
// orders for turn 1 are on file.
func checkRestored(t *testing.T, data string) {
	t.Helper()
	db, err := store.Open(data, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		t.Errorf("restored data file is inconsistent: %v", err)
	}
	err = db.View(func(tx *store.Tx) error {
		o, err := tx.Orders("frontier", 1, "vorn")
		if err == nil && (o == nil || o.Submission.Orders.Len() != 1) {
			t.Errorf("vorn's orders on file after restore = %+v, want the move sent before the backup", o)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
