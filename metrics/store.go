package metrics

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/pbemd/pbemd/store"
)

// What the store collector reads at each scrape.
var (
	outboxMailsDesc = prometheus.NewDesc("pbemd_outbox_mails",
		"Mails waiting in the outbox to be sent.", nil, nil)
	outboxAgeDesc = prometheus.NewDesc("pbemd_outbox_oldest_age_seconds",
		"How long the oldest mail in the outbox has waited; 0 when it is empty.", nil, nil)
	campaignsDesc = prometheus.NewDesc("pbemd_campaigns",
		"Campaigns by status: running, paused (by the GM), held (waiting for the GM after an outage), ended.", []string{"status"}, nil)
	deadlineDesc = prometheus.NewDesc("pbemd_campaign_next_deadline_seconds",
		"Seconds until the open turn's deadline, for each running campaign; negative once it has passed.", []string{"campaign"}, nil)
)

// statuses are the values of pbemd_campaigns' status label.
var statuses = [...]string{"running", "paused", "held", "ended"}

// statusOf is where a campaign stands, as pbemd_campaigns counts it.
func statusOf(c *store.Campaign) string {
	if c.Status == store.Running && !c.HeldSince.IsZero() {
		return "held"
	}
	return string(c.Status)
}

// storeCollector reads the outbox and the campaigns in one read
// transaction at each scrape.
type storeCollector struct{ m *Metrics }

// Describe sends the descriptions of what Collect sends.
func (s storeCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{outboxMailsDesc, outboxAgeDesc, campaignsDesc, deadlineDesc} {
		ch <- d
	}
}

// Collect reads the store; if it cannot, the scrape fails with why.
func (s storeCollector) Collect(ch chan<- prometheus.Metric) {
	var (
		queued  int
		oldest  []*store.Mail
		camps   []*store.Campaign
		byState = map[string]int{}
	)
	err := s.m.db.View(func(tx *store.Tx) (err error) {
		queued = tx.OutboxLen()
		if oldest, err = tx.Outbox(1); err != nil {
			return err
		}
		camps, err = tx.Campaigns()
		return err
	})
	if err != nil {
		ch <- prometheus.NewInvalidMetric(outboxMailsDesc, err)
		return
	}
	now := s.m.clock.Now()
	age := 0.0
	if len(oldest) > 0 {
		age = max(now.Sub(oldest[0].Queued).Seconds(), 0)
	}
	ch <- prometheus.MustNewConstMetric(outboxMailsDesc, prometheus.GaugeValue, float64(queued))
	ch <- prometheus.MustNewConstMetric(outboxAgeDesc, prometheus.GaugeValue, age)
	for _, c := range camps {
		st := statusOf(c)
		byState[st]++
		if deadline := c.Deadline(); st == "running" && !deadline.IsZero() {
			ch <- prometheus.MustNewConstMetric(deadlineDesc, prometheus.GaugeValue, deadline.Sub(now).Seconds(), string(c.ID))
		}
	}
	for _, st := range statuses {
		ch <- prometheus.MustNewConstMetric(campaignsDesc, prometheus.GaugeValue, float64(byState[st]), st)
	}
}
