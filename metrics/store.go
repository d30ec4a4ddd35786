package metrics

import (
	"time"

	"github.com/pbemd/pbemd/store"
)

// statuses are the values of pbemd_campaigns' status label, in the order
// they are written.
var statuses = [...]string{"ended", "held", "paused", "running"}

// statusOf is where a campaign stands, as pbemd_campaigns counts it.
func statusOf(c *store.Campaign) string {
	if c.Status == store.Running && !c.HeldSince.IsZero() {
		return "held"
	}
	return string(c.Status)
}

// storeState is what a scrape reads of the outbox and the campaigns, in
// one read transaction.
type storeState struct {
	queued int
	oldest []*store.Mail
	camps  []*store.Campaign
}

func (m *Metrics) readStore() (s storeState, err error) {
	err = m.db.View(func(tx *store.Tx) (err error) {
		s.queued = tx.OutboxLen()
		if s.oldest, err = tx.Outbox(1); err != nil {
			return err
		}
		s.camps, err = tx.Campaigns()
		return err
	})
	return s, err
}

// write writes the store's families: the deadlines and the campaigns
// first, the outbox after, in the order of their names.
func (s storeState) write(e expo, now time.Time) {
	byStatus := map[string]int{}
	var deadlines []*store.Campaign
	for _, c := range s.camps {
		st := statusOf(c)
		byStatus[st]++
		if st == "running" && !c.Deadline().IsZero() {
			deadlines = append(deadlines, c)
		}
	}
	if len(deadlines) > 0 {
		const name = "pbemd_campaign_next_deadline_seconds"
		e.family(name, "gauge", "Seconds until the open turn's deadline, for each running campaign; negative once it has passed.")
		for _, c := range deadlines {
			e.sample(name, "campaign", string(c.ID), c.Deadline().Sub(now).Seconds())
		}
	}
	e.family("pbemd_campaigns", "gauge", "Campaigns by status: running, paused (by the GM), held (waiting for the GM after an outage), ended.")
	for _, st := range statuses {
		e.sample("pbemd_campaigns", "status", st, float64(byStatus[st]))
	}
}

// writeOutbox writes the outbox's families.
func (s storeState) writeOutbox(e expo, now time.Time) {
	age := 0.0
	if len(s.oldest) > 0 {
		age = max(now.Sub(s.oldest[0].Queued).Seconds(), 0)
	}
	e.gauge("pbemd_outbox_mails", "Mails waiting in the outbox to be sent.", float64(s.queued))
	e.gauge("pbemd_outbox_oldest_age_seconds", "How long the oldest mail in the outbox has waited; 0 when it is empty.", age)
}
