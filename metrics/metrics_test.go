package metrics_test

import (
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/metrics/metricstest"
	"github.com/pbemd/pbemd/moderator"
)

// The daemon's own families and their types, as the README's table and
// its alerts name them; operators' dashboards and alerts rely on both.
var pbemdTypes = map[string]string{
	"pbemd_mail_received_total":            "counter",
	"pbemd_mail_sent_total":                "counter",
	"pbemd_mail_failed_total":              "counter",
	"pbemd_outbox_mails":                   "gauge",
	"pbemd_outbox_oldest_age_seconds":      "gauge",
	"pbemd_turns_resolved_total":           "counter",
	"pbemd_turn_resolution_seconds":        "histogram",
	"pbemd_imap_up":                        "gauge",
	"pbemd_imap_reconnects_total":          "counter",
	"pbemd_smtp_up":                        "gauge",
	"pbemd_smtp_failures_total":            "counter",
	"pbemd_campaigns":                      "gauge",
	"pbemd_campaign_next_deadline_seconds": "gauge",
	"pbemd_campaign_failures_total":        "counter",
	"pbemd_loop_panics_total":              "counter",
}

// TestExpositionIsWhatPrometheusReads scrapes /metrics after something of
// every kind was counted and reads it strictly as Prometheus does: every
// family the README lists is there under its type, with the runtime's go_*
// and process_* families, and the values are what was counted.
func TestExpositionIsWhatPrometheusReads(t *testing.T) {
	m, _, url := served(t)
	m.MailReceived(moderator.MailAccepted)
	m.MailSent("report")
	m.MailSent("report")
	m.MailFailed("welcome")
	m.SMTPFailed(os.ErrDeadlineExceeded)
	m.IMAPFailed(os.ErrDeadlineExceeded)
	m.IMAPConnected()
	for _, took := range []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 10 * time.Minute} {
		m.TurnResolved(`odd "id" \ here`, took)
	}
	m.TurnResolved("frontier", time.Second)
	m.CampaignFailed("frontier")

	code, body := fetch(t, url+"/metrics")
	if code != http.StatusOK {
		t.Fatalf("GET /metrics = %d %q", code, body)
	}
	fams, err := metricstest.Parse(body)
	if err != nil {
		t.Fatalf("%v\n%s", err, body)
	}
	for name, typ := range pbemdTypes {
		if name == "pbemd_campaign_next_deadline_seconds" {
			continue // only while a campaign runs: TestMetricsCountWhatTheDaemonDid
		}
		if got := fams[name]; got == nil || got.Type != typ {
			t.Errorf("family %s: %+v, want a %s", name, got, typ)
		}
	}
	for _, name := range []string{"go_goroutines", "go_memstats_heap_inuse_bytes", "go_gc_duration_seconds",
		"process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds", "process_start_time_seconds"} {
		if fams[name] == nil {
			t.Errorf("no family %s", name)
		}
	}
	for series, want := range map[string]float64{
		`pbemd_mail_received_total{outcome="accepted"}`: 1,
		`pbemd_mail_received_total{outcome="rejected"}`: 0,
		`pbemd_mail_sent_total{purpose="report"}`:       2,
		`pbemd_mail_failed_total{purpose="welcome"}`:    1,
		`pbemd_smtp_up`:                                             0,
		`pbemd_smtp_failures_total`:                                 1,
		`pbemd_imap_up`:                                             1,
		`pbemd_imap_reconnects_total`:                               1,
		`pbemd_turns_resolved_total{campaign="frontier"}`:           1,
		`pbemd_turns_resolved_total{campaign="odd \"id\" \\ here"}`: 3,
		`pbemd_turn_resolution_seconds`:                             4,
		`pbemd_campaigns{status="running"}`:                         0,
		`pbemd_campaign_failures_total{campaign="frontier"}`:        1,
		`pbemd_loop_panics_total{loop="intake"}`:                    0,
		`pbemd_outbox_mails`:                                        0,
	} {
		if got := metricstest.Value(fams, series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
	// A bucket counts what took up to its bound, that included.
	var buckets []string
	for _, s := range fams["pbemd_turn_resolution_seconds"].Samples {
		if s.Name == "pbemd_turn_resolution_seconds_bucket" && slices.Contains([]string{"0.1", "0.25", "1", "300", "+Inf"}, s.Labels["le"]) {
			buckets = append(buckets, s.Labels["le"]+":"+strconv.FormatFloat(s.Value, 'g', -1, 64))
		}
	}
	if got, want := strings.Join(buckets, " "), "0.1:1 0.25:2 1:3 300:3 +Inf:4"; got != want {
		t.Errorf("buckets %s, want %s", got, want)
	}
}

// TestREADMEListsEveryMetric: the README's table names each of the
// daemon's families, and no other.
func TestREADMEListsEveryMetric(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, m := range regexp.MustCompile("(?m)^\\| `(pbemd_[a-z_]+)").FindAllStringSubmatch(string(readme), -1) {
		listed = append(listed, m[1])
	}
	var want []string
	for name := range pbemdTypes {
		want = append(want, name)
	}
	slices.Sort(listed)
	slices.Sort(want)
	if !slices.Equal(listed, want) {
		t.Errorf("the README lists %v, want %v", listed, want)
	}
}
