package workflow

import (
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// alertsPerHour is how many refused attempts of one class a campaign's GM
// hears of one by one in an hour; the rest are counted, and go in one
// summary when the hour is over. A From line costs a forger nothing, so
// the bound is per campaign, whatever the From lines say.
const alertsPerHour = 3

// The classes of attempts the GM hears of, each with its own hourly
// budget (store.Alerts): by mail that proves nothing of its sender, and
// by mail that carries a valid token, whose holder a flood of the first
// must not hide.
const (
	AlertsUnproven = "unproven"
	AlertsProven   = "proven"
)

// withAlert adds to d the alert to c's GM of what mail in attempted, if
// the hour's budget of its class allows, and the step that counts it;
// proven says the mail carried a valid token. When the hour of earlier
// attempts held back is over, their summary goes first.
func (m *Moderation) withAlert(d Decision, c *store.Campaign, in *mail.Inbound, what report.Text, proven bool) (Decision, error) {
	class := AlertsUnproven
	if proven {
		class = AlertsProven
	}
	var a *store.Alerts
	if err := m.db.View(func(tx *store.Tx) (err error) { a, err = tx.Alerts(c.ID, class); return err }); err != nil {
		return d, err
	}
	now := m.clock.Now().UTC()
	next := *a
	if next.Since.IsZero() || !now.Before(next.Since.Add(time.Hour)) {
		if next.Held > 0 {
			d.Mails = append(d.Mails, m.AlertSummary(c, class, &next, in.MessageID))
			next.Held, next.First = 0, time.Time{}
		}
		next.Since, next.Told = now, 0
	}
	if next.Told < alertsPerHour {
		next.Told++
		d.Mails = append(d.Mails, m.alertGM(c, in, what))
	} else {
		next.Held++
		if next.First.IsZero() {
			next.First = now
		}
		d.AlertsDue = next.SummaryDue()
	}
	d.Apply = Steps(d.Apply, func(tx *store.Tx) error { return tx.PutAlerts(c.ID, class, &next) })
	return d, nil
}

// AlertSummary tells c's GM of the attempts of a class held back in the
// hour that began at a.Since.
func (m *Moderation) AlertSummary(c *store.Campaign, class string, a *store.Alerts, incoming string) Outgoing {
	loc := CampaignLocation(c)
	return m.ToGM(c, fmt.Sprintf("%s\x00summary %s %d", incoming, class, a.Since.Unix()), "alert-summary", report.AlertSummary{
		Title: c.Title, Count: a.Held, Since: report.FormatDeadline(a.First, loc), PerHour: alertsPerHour,
		Proven: class == AlertsProven,
	})
}

func PutAlerts(id campaign.ID, class string, a *store.Alerts) func(tx *store.Tx) error {
	return func(tx *store.Tx) error { return tx.PutAlerts(id, class, a) }
}

func EnqueueStep(mails []*store.Mail) func(tx *store.Tx) error {
	return func(tx *store.Tx) error { return Enqueue(tx, mails) }
}
