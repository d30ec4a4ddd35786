package metrics

import (
	"maps"
	"sync"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
)

// statuses are the values of pbemd_campaigns' status label.
var statuses = [...]string{"ended", "held", "paused", "running"}

// statusOf is where a campaign stands, as pbemd_campaigns counts it.
func statusOf(c *store.Campaign) string {
	if c.Status == store.Running && !c.HeldSince.IsZero() {
		return "held"
	}
	return string(c.Status)
}

// The families read from the store at each scrape.
var (
	campaignsDesc = prometheus.NewDesc("pbemd_campaigns",
		"Campaigns by status: running, paused (by the GM), held (waiting for the GM after an outage), ended.", []string{"status"}, nil)
	deadlineDesc = prometheus.NewDesc("pbemd_campaign_next_deadline_seconds",
		"Seconds until the open turn's deadline, for each running campaign; negative once it has passed.", []string{"campaign"}, nil)
	outboxDesc = prometheus.NewDesc("pbemd_outbox_mails",
		"Mails waiting in the outbox to be sent.", nil, nil)
	oldestDesc = prometheus.NewDesc("pbemd_outbox_oldest_age_seconds",
		"How long the oldest mail in the outbox has waited; 0 when it is empty.", nil, nil)
	turnsDesc = prometheus.NewDesc("pbemd_turns_resolved_total",
		"Turns resolved, by campaign.", []string{"campaign"}, nil)
	failuresDesc = prometheus.NewDesc("pbemd_campaign_failures_total",
		"Failures in the work on one campaign (a panic in its ruleset's code), by campaign; each holds the campaign for its GM.", []string{"campaign"}, nil)
)

// storeCollector reads the outbox and the campaigns in one read
// transaction at each scrape, so what the metrics show of them is never
// out of step with the data file. If the store cannot be read, the scrape
// fails rather than show an empty outbox.
type storeCollector struct{ m *Metrics }

// Describe sends the families the store gives.
func (s *storeCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{campaignsDesc, deadlineDesc, outboxDesc, oldestDesc, turnsDesc, failuresDesc} {
		ch <- d
	}
}

// Collect reads the store and sends its families; the turns resolved and
// the failures are counted since the start, for every campaign in the
// store.
func (s *storeCollector) Collect(ch chan<- prometheus.Metric) {
	var (
		queued int
		oldest []*store.Mail
		camps  []*store.Campaign
	)
	err := s.m.db.View(func(tx *store.Tx) (err error) {
		queued = tx.OutboxLen()
		if oldest, err = tx.Outbox(1); err != nil {
			return err
		}
		camps, err = s.m.campaigns(tx)
		return err
	})
	if err != nil {
		s.m.log.Error("read the data file for metrics", "err", err)
		ch <- prometheus.NewInvalidMetric(outboxDesc, err)
		return
	}
	now := s.m.clock.Now()
	age := 0.0
	if len(oldest) > 0 {
		age = max(now.Sub(oldest[0].Queued).Seconds(), 0)
	}
	ch <- prometheus.MustNewConstMetric(outboxDesc, prometheus.GaugeValue, float64(queued))
	ch <- prometheus.MustNewConstMetric(oldestDesc, prometheus.GaugeValue, age)
	byStatus := map[string]int{}
	for _, c := range camps {
		st := statusOf(c)
		byStatus[st]++
		if st == "running" && !c.Deadline().IsZero() {
			ch <- prometheus.MustNewConstMetric(deadlineDesc, prometheus.GaugeValue, c.Deadline().Sub(now).Seconds(), string(c.ID))
		}
	}
	for _, st := range statuses {
		ch <- prometheus.MustNewConstMetric(campaignsDesc, prometheus.GaugeValue, float64(byStatus[st]), st)
	}
	s.m.turns.collect(ch, turnsDesc, camps)
	s.m.failures.collect(ch, failuresDesc, camps)
}

// campaignCounts counts something by campaign.
type campaignCounts struct {
	mu sync.Mutex
	n  map[campaign.ID]float64
}

func (t *campaignCounts) inc(c campaign.ID) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.n == nil {
		t.n = map[campaign.ID]float64{}
	}
	t.n[c]++
}

// collect sends the counts as counters of desc, with each of camps at 0
// until it is counted.
func (t *campaignCounts) collect(ch chan<- prometheus.Metric, desc *prometheus.Desc, camps []*store.Campaign) {
	t.mu.Lock()
	counts := maps.Clone(t.n)
	t.mu.Unlock()
	if counts == nil {
		counts = map[campaign.ID]float64{}
	}
	for _, c := range camps {
		counts[c.ID] += 0
	}
	for id, n := range counts {
		ch <- prometheus.MustNewConstMetric(desc, prometheus.CounterValue, n, string(id))
	}
}
