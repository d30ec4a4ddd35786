package main

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMetricsListener: with metrics.listen in the config, `pbemd run`
// serves /metrics and /healthz from the moment it reports ready, says where
// in its log, and stops listening on SIGTERM.
func TestMetricsListener(t *testing.T) {
	bin := buildPbemd(t)
	site := newTestSite(t)
	site.appendConfig(t, "metrics: {listen: '127.0.0.1:0'}\n")
	d, ready := runReady(t, bin, site)
	url := "http://" + ready.Metrics
	if code, body := httpGet(url + "/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("GET /healthz = %d %q, want 200 ok", code, body)
	}
	waitFor(t, 10*time.Second, "pbemd_imap_up 1 on /metrics", func() bool {
		_, body := httpGet(url + "/metrics")
		return strings.Contains(body, "\npbemd_imap_up 1\n") && strings.Contains(body, "\npbemd_outbox_mails 0\n")
	})

	d.cmd.Process.Signal(syscall.SIGTERM)
	if code := d.wait(t, 5*time.Second); code != exitOK {
		t.Errorf("pbemd exited %d after SIGTERM, want 0", code)
	}
	if _, err := http.Get(url + "/healthz"); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("GET /healthz after SIGTERM: %v, want the connection refused", err)
	}
}

// appendConfig adds text to the site's daemon config.
func (s *testSite) appendConfig(t *testing.T, text string) {
	t.Helper()
	cfg, err := os.OpenFile(s.config, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer cfg.Close()
	if _, err := cfg.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// runReady starts pbemd run on the site's config, waits until it tells
// systemd it is ready and has logged so, and returns it with that line.
func runReady(t *testing.T, bin string, site *testSite) (*child, readyLine) {
	t.Helper()
	notify, name := notifySocket(t, filepath.Join(t.TempDir(), "notify"))
	d := startChild(t, bin, []string{"NOTIFY_SOCKET=" + name}, "run", "--config", site.config)
	if got := readNotify(t, notify, 30*time.Second); got != notifyReady {
		t.Fatalf("first notification = %q, want %q", got, notifyReady)
	}
	// READY=1 may come before the log line has reached the pipe.
	waitFor(t, 10*time.Second, "the ready line in the log", func() bool {
		_, after, found := strings.Cut(d.stderr.String(), readyMsg)
		return found && strings.Contains(after, "\n")
	})
	return d, loggedReady(t, d.stderr.String())
}

// readyLine is what the daemon's ready line in its JSON log says of
// where the metrics and the players' pages listen.
type readyLine struct{ Msg, Metrics, Web string }

// loggedReady finds the ready line in the daemon's JSON log.
func loggedReady(t *testing.T, log string) readyLine {
	t.Helper()
	for line := range strings.Lines(log) {
		var rec readyLine
		if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == readyMsg {
			return rec
		}
	}
	t.Fatalf("no %q in the log:\n%s", readyMsg, log)
	return readyLine{}
}

// httpGet fetches a URL and returns its status and body; 0 if it failed.
func httpGet(url string) (int, string) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}
