package metrics_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/buildinfo"
	"github.com/pbemd/pbemd/metrics/metricstest"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/store"
)

// The daemon's own families and their types, as the README's table and
// its alerts name them; operators' dashboards and alerts rely on both.
var pbemdTypes = map[string]dto.MetricType{
	"pbemd_mail_received_total":            dto.MetricType_COUNTER,
	"pbemd_mail_sent_total":                dto.MetricType_COUNTER,
	"pbemd_mail_failed_total":              dto.MetricType_COUNTER,
	"pbemd_outbox_mails":                   dto.MetricType_GAUGE,
	"pbemd_outbox_oldest_age_seconds":      dto.MetricType_GAUGE,
	"pbemd_turns_resolved_total":           dto.MetricType_COUNTER,
	"pbemd_turn_resolution_seconds":        dto.MetricType_HISTOGRAM,
	"pbemd_imap_up":                        dto.MetricType_GAUGE,
	"pbemd_imap_reconnects_total":          dto.MetricType_COUNTER,
	"pbemd_smtp_up":                        dto.MetricType_GAUGE,
	"pbemd_smtp_failures_total":            dto.MetricType_COUNTER,
	"pbemd_campaigns":                      dto.MetricType_GAUGE,
	"pbemd_campaign_next_deadline_seconds": dto.MetricType_GAUGE,
	"pbemd_build_info":                     dto.MetricType_GAUGE,
	"pbemd_campaign_failures_total":        dto.MetricType_COUNTER,
	"pbemd_loop_panics_total":              dto.MetricType_COUNTER,
	"pbemd_cache_reads_total":              dto.MetricType_COUNTER,
}

// TestFirstScrape scrapes /metrics before anything happened, with one
// campaign in the store, and reads it with Prometheus's own parser:
// every family is there under its type (the deadline's only while a
// campaign runs), with the runtime's go_* and process_* families, and
// every labelled counter has a series at 0 for each value it is known to
// take: each mail outcome and purpose, each campaign.
func TestFirstScrape(t *testing.T) {
	_, db, url := served(t)
	createCampaign(t, db, "frontier")
	fams := metricstest.Scrape(t, url)
	for name, typ := range pbemdTypes {
		if got := fams[name]; got == nil || got.GetType() != typ {
			t.Errorf("family %s: %v, want a %s", name, got, typ)
		}
	}
	for name := range fams {
		if _, known := pbemdTypes[name]; strings.HasPrefix(name, "pbemd_") && !known {
			t.Errorf("family %s is served but not known to this test, nor so to the README's table", name)
		}
	}
	for _, name := range []string{"go_goroutines", "go_memstats_heap_inuse_bytes", "go_gc_duration_seconds",
		"process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds", "process_start_time_seconds"} {
		if fams[name] == nil {
			t.Errorf("no family %s", name)
		}
	}
	var zeros []string
	for _, o := range moderator.MailOutcomes() {
		zeros = append(zeros, fmt.Sprintf("pbemd_mail_received_total{outcome=%q}", o))
	}
	for _, p := range moderator.MailPurposes() {
		zeros = append(zeros, fmt.Sprintf("pbemd_mail_sent_total{purpose=%q}", p), fmt.Sprintf("pbemd_mail_failed_total{purpose=%q}", p))
	}
	if got := metricstest.Value(fams, `pbemd_campaign_next_deadline_seconds{campaign="frontier"}`); got != 24*60*60 {
		t.Errorf("pbemd_campaign_next_deadline_seconds = %v, want a day", got)
	}
	for _, l := range moderator.Loops() {
		zeros = append(zeros, fmt.Sprintf("pbemd_loop_panics_total{loop=%q}", l))
	}
	zeros = append(zeros, `pbemd_cache_reads_total{cache="turns",result="hit"}`, `pbemd_cache_reads_total{cache="turns",result="miss"}`)
	zeros = append(zeros, `pbemd_turns_resolved_total{campaign="frontier"}`, `pbemd_campaign_failures_total{campaign="frontier"}`, "pbemd_imap_reconnects_total", "pbemd_smtp_failures_total",
		"pbemd_turn_resolution_seconds")
	for _, series := range zeros {
		if got := metricstest.Value(fams, series); got != 0 {
			t.Errorf("%s = %v on the first scrape, want 0", series, got)
		}
	}
	bi := buildinfo.Read()
	if got := metricstest.Value(fams, fmt.Sprintf("pbemd_build_info{version=%q}", bi.Version)); got != 1 {
		t.Errorf("pbemd_build_info{version=%q} = %v, want 1", bi.Version, got)
	}
}

// TestMetricsCount scrapes /metrics after something of every kind was
// counted and reads it with Prometheus's own parser: the values are what
// was counted.
func TestMetricsCount(t *testing.T) {
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
	m.LoopPanicked("sender")
	m.TurnCacheRead(true)
	m.TurnCacheRead(true)
	m.TurnCacheRead(false)

	fams := metricstest.Scrape(t, url)
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
		`pbemd_loop_panics_total{loop="sender"}`:                    1,
		`pbemd_loop_panics_total{loop="intake"}`:                    0,
		`pbemd_outbox_mails`:                                        0,
		`pbemd_cache_reads_total{cache="turns",result="hit"}`:       2,
		`pbemd_cache_reads_total{cache="turns",result="miss"}`:      1,
	} {
		if got := metricstest.Value(fams, series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
	// A bucket counts what took up to its bound, that included.
	var buckets []string
	for _, b := range fams["pbemd_turn_resolution_seconds"].GetMetric()[0].GetHistogram().GetBucket() {
		if slices.Contains([]float64{0.1, 0.25, 1, 300}, b.GetUpperBound()) {
			buckets = append(buckets, fmt.Sprintf("%g:%d", b.GetUpperBound(), b.GetCumulativeCount()))
		}
	}
	if got, want := strings.Join(buckets, " "), "0.1:1 0.25:2 1:3 300:3"; got != want {
		t.Errorf("buckets %s, want %s", got, want)
	}
}

// createCampaign puts a running campaign in the store, its one player's
// orders due in a day.
func createCampaign(t *testing.T, db *store.DB, id campaign.ID) {
	t.Helper()
	c := &store.Campaign{ID: id, Status: store.Running, Players: []store.Seat{{Player: "vorn"}}}
	c.Open(1, []game.Due{{Player: "vorn", By: time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)}})
	err := db.Update(func(tx *store.Tx) error {
		return tx.CreateCampaign(c, &store.TurnRecord{State: &campaign.State{Campaign: id, Turn: 1}})
	})
	if err != nil {
		t.Fatal(err)
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
