package moderator_test

import (
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"github.com/pbemd/pbemd/metrics"
	"github.com/pbemd/pbemd/metrics/metricstest"
	"github.com/pbemd/pbemd/moderator"
)

// TestMetricsCountWhatTheDaemonDid scrapes a running daemon the way
// Prometheus does after mail of every outcome and a resolved turn, and
// reads the counters an operator alerts on.
func TestMetricsCountWhatTheDaemonDid(t *testing.T) {
	h := newHarness(t)
	h.stop()
	h.limits = moderator.Limits{SenderMailsPerHour: 1}
	h.restart()
	url := h.serveMetrics()

	h.send(h.mailFrom("stranger", "Hello, is this the game?"))
	h.send(h.mailFrom("castellan", "campaign: frontier\nplayer: castellan\nturn: 1\ntoken: NOT-THE-TOKEN\norders: []\n"))
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, true)))
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, true)))
	for _, p := range []string{"castellan", "vorn", "vorn"} {
		h.nextAfterReports(p)
	}
	h.advanceTo(h.campaign().Deadline())
	h.next("vorn").want(t, "turn 2")

	fams := h.scrapeUntil(url, map[string]float64{
		`pbemd_mail_received_total{outcome="accepted"}`:     1,
		`pbemd_mail_received_total{outcome="rejected"}`:     1,
		`pbemd_mail_received_total{outcome="ignored"}`:      1,
		`pbemd_mail_received_total{outcome="rate_limited"}`: 1,
		`pbemd_mail_sent_total{purpose="confirmation"}`:     1,
		`pbemd_mail_sent_total{purpose="rejection"}`:        2, // castellan's, and vorn's over the limit
		`pbemd_mail_sent_total{purpose="report"}`:           8, // turn 1 and turn 2, four players
		`pbemd_turns_resolved_total{campaign="frontier"}`:   1,
		`pbemd_turn_resolution_seconds`:                     1, // the histogram's count
		`pbemd_outbox_mails`:                                0,
		`pbemd_outbox_oldest_age_seconds`:                   0,
		`pbemd_campaigns{status="running"}`:                 1,
		`pbemd_campaigns{status="held"}`:                    0,
		`pbemd_imap_up`:                                     1,
		`pbemd_smtp_up`:                                     1,
	})
	next := h.campaign().Deadline().Sub(h.clock.Now()).Seconds()
	if got := metricstest.Value(fams, `pbemd_campaign_next_deadline_seconds{campaign="frontier"}`); got != next || next <= 0 {
		t.Errorf("pbemd_campaign_next_deadline_seconds = %v, want %v", got, next)
	}
	for name, fam := range fams {
		for _, s := range fam.GetMetric() {
			for _, l := range s.GetLabel() {
				if strings.Contains(l.GetValue(), "@") {
					t.Errorf("%s has the label %s=%q: an address", name, l.GetName(), l.GetValue())
				}
			}
		}
	}
	if code, body := Get(t, url+"/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("GET /healthz = %d %q, want 200 ok", code, body)
	}
}

// TestHealthAndOutboxWhileMailServersAreDown: with the IMAP server
// refusing and SMTP dropping every connection, /healthz stays 200 for
// metrics.IMAPGrace, then answers 503 with the reason; the metrics show
// both servers down and the welcome mails waiting. Once the servers are
// back, all is well again.
func TestHealthAndOutboxWhileMailServersAreDown(t *testing.T) {
	fh := newFaultHarness(t, func(fh *faultHarness) {
		fh.imap.Refuse()
		fh.smtp.Drop()
	})
	url := fh.serveMetrics()
	fh.waitFor("a refused IMAP connection and a dropped SMTP one", func() bool {
		return fh.logs.count(logIMAPFailing) == 1 && fh.logs.count(logSendFailing) == 1
	})
	if code, body := Get(t, url+"/healthz"); code != http.StatusOK {
		t.Errorf("GET /healthz right after the start = %d %q, want 200 within the grace", code, body)
	}

	fh.clock.Advance(metrics.IMAPGrace)
	code, body := Get(t, url+"/healthz")
	want := "imap: connection failed since 2026-11-23 12:00:00 UTC: mail: connect to imap " + fh.imap.Addr()
	if code != http.StatusServiceUnavailable || !strings.HasPrefix(body, want) || !strings.Contains(body, "connection refused") {
		t.Errorf("GET /healthz with IMAP down for %v = %d %q, want 503 %q...connection refused", metrics.IMAPGrace, code, body, want)
	}
	fams := fh.scrapeUntil(url, map[string]float64{
		`pbemd_imap_up`:                   0,
		`pbemd_smtp_up`:                   0,
		`pbemd_outbox_mails`:              9,
		`pbemd_outbox_oldest_age_seconds`: metrics.IMAPGrace.Seconds(),
	})
	for _, name := range []string{"pbemd_imap_reconnects_total", "pbemd_smtp_failures_total"} {
		if n := metricstest.Value(fams, name); n < 1 {
			t.Errorf("%s = %v through the outage, want at least 1", name, n)
		}
	}

	fh.imap.Pass()
	fh.smtp.Pass()
	fh.advanceUntil("the welcome mails sent", func() bool { return fh.outbox() == 0 && fh.logs.count(logIMAPWorks) == 1 })
	fh.scrapeUntil(url, map[string]float64{`pbemd_imap_up`: 1, `pbemd_smtp_up`: 1, `pbemd_outbox_mails`: 0})
	if code, body := Get(t, url+"/healthz"); code != http.StatusOK {
		t.Errorf("GET /healthz with the servers back = %d %q, want 200", code, body)
	}
}

// serveMetrics serves the harness's metrics on a loopback port until the
// test ends, and returns its base URL.
func (h *harness) serveMetrics() string {
	h.t.Helper()
	stop, addr, err := h.metrics.Start("127.0.0.1:0")
	if err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(stop)
	return "http://" + addr.String()
}

// nextAfterReports returns the next mail to a player after the welcome
// and the first report.
func (h *harness) nextAfterReports(player string) *received {
	h.t.Helper()
	for h.read[player] < 2 {
		h.next(player)
	}
	return h.next(player)
}

// scrapeUntil scrapes /metrics until every series in want has its value,
// as the counters of mail just sent may lag its delivery by a moment, and
// returns the last scrape, parsed.
func (h *harness) scrapeUntil(url string, want map[string]float64) map[string]*dto.MetricFamily {
	h.t.Helper()
	deadline := time.Now().Add(patience)
	for {
		fams := metricstest.Scrape(h.t, url)
		var wrong []string
		for _, series := range slices.Sorted(maps.Keys(want)) {
			if got := metricstest.Value(fams, series); got != want[series] {
				wrong = append(wrong, fmt.Sprintf("%s = %v, want %v", series, got, want[series]))
			}
		}
		if len(wrong) == 0 {
			return fams
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("/metrics:\n%s", strings.Join(wrong, "\n"))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Get fetches a URL and returns its status and body.
func Get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	return resp.StatusCode, string(body)
}
