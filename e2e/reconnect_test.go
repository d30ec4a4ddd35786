package e2e_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"
)

// reconnectCap is how long intake may wait between attempts to reach
// the IMAP server: a restarted server is read again within it.
const reconnectCap = 15 * time.Second

// TestReconnectSoonAfterDovecotRestarts stops the daemon's Dovecot until
// intake's backoff has grown to its cap and stayed there, then starts it
// again: no wait between attempts is longer than reconnectCap, and the
// daemon is reading mail again within it (and a few seconds for the
// machine being busy) of Dovecot's start.
func TestReconnectSoonAfterDovecotRestarts(t *testing.T) {
	h := newHarness(t)
	h.run()
	h.daemon.awaitLog(t.Context(), "imap connected")

	h.mx.StopDovecot()
	// The first failure is a warning; each after it says how long until
	// the next attempt. The fifth such wait is the second at the cap.
	var waits []time.Duration
	h.daemon.awaitLogs(t, 3*time.Minute, "imap connection failed again", func(recs []logRecord) bool {
		waits = waits[:0]
		for _, r := range recs {
			waits = append(waits, r.RetryIn)
		}
		return len(recs) >= 5
	})
	for i, w := range waits {
		if w > reconnectCap {
			t.Errorf("wait %d after a failed IMAP connection = %v, want at most %v", i+1, w, reconnectCap)
		}
	}
	if err := h.mx.StartDovecot(t.Context()); err != nil {
		t.Fatal(err)
	}
	started := time.Now()
	h.daemon.awaitLogs(t, reconnectCap+time.Minute, "imap connected", func(recs []logRecord) bool { return len(recs) == 2 })
	if took := time.Since(started); took > reconnectCap+5*time.Second {
		t.Errorf("the daemon read mail again %v after Dovecot started, want within about %v", took, reconnectCap)
	}
}

// logRecord is what a test reads of a line of the daemon's JSON log.
type logRecord struct {
	Msg     string
	RetryIn time.Duration `json:"retry_in"`
}

// awaitLogs waits at most d until done accepts the records the daemon
// has logged with message msg.
func (d *daemonProc) awaitLogs(t *testing.T, wait time.Duration, msg string, done func([]logRecord) bool) {
	t.Helper()
	for deadline := time.Now().Add(wait); ; {
		data, _ := os.ReadFile(d.log)
		var recs []logRecord
		lines := bufio.NewScanner(bytes.NewReader(data))
		for lines.Scan() {
			var r logRecord
			if json.Unmarshal(lines.Bytes(), &r) == nil && r.Msg == msg {
				recs = append(recs, r)
			}
		}
		if done(recs) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("pbemd run did not log %q as the test waits for within %v", msg, wait)
		}
		time.Sleep(countEvery)
	}
}
