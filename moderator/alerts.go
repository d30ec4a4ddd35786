package moderator

import (
	"fmt"
	"sync"
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
	alertsUnproven = "unproven"
	alertsProven   = "proven"
)

// withAlert adds to d the alert to c's GM of what mail in attempted, if
// the hour's budget of its class allows, and the step that counts it;
// proven says the mail carried a valid token. When the hour of earlier
// attempts held back is over, their summary goes first.
func (m *Moderator) withAlert(d decision, c *store.Campaign, in *mail.Inbound, what report.Text, proven bool) (decision, error) {
	class := alertsUnproven
	if proven {
		class = alertsProven
	}
	var a *store.Alerts
	if err := m.db.View(func(tx *store.Tx) (err error) { a, err = tx.Alerts(c.ID, class); return err }); err != nil {
		return d, err
	}
	now := m.clock.Now().UTC()
	next := *a
	if next.Since.IsZero() || !now.Before(next.Since.Add(time.Hour)) {
		if next.Held > 0 {
			d.mails = append(d.mails, m.alertSummary(c, class, &next, in.MessageID))
			next.Held, next.First = 0, time.Time{}
		}
		next.Since, next.Told = now, 0
	}
	if next.Told < alertsPerHour {
		next.Told++
		d.mails = append(d.mails, m.alertGM(c, in, what))
	} else {
		next.Held++
		if next.First.IsZero() {
			next.First = now
		}
		d.alertsDue = next.SummaryDue()
	}
	d.apply = steps(d.apply, func(tx *store.Tx) error { return tx.PutAlerts(c.ID, class, &next) })
	return d, nil
}

// alertSummary tells c's GM of the attempts of a class held back in the
// hour that began at a.Since.
func (m *Moderator) alertSummary(c *store.Campaign, class string, a *store.Alerts, incoming string) outgoing {
	loc := playerLocation(c, nil)
	return m.toGM(c, fmt.Sprintf("%s\x00summary %s %d", incoming, class, a.Since.Unix()), "alert-summary", report.AlertSummary{
		Title: c.Title, Count: a.Held, Since: report.FormatDeadline(a.First, loc), PerHour: alertsPerHour,
		Proven: class == alertsProven,
	})
}

// alertClock keeps, in memory, when the next summary of held-back alerts
// is due, so that the scheduler reads the campaigns' counts only then.
type alertClock struct {
	mu sync.Mutex
	// known is false until the counts were read once: a restarted daemon
	// does not know what an earlier one held back.
	known bool
	due   time.Time // zero: none
}

// note records that a summary falls due at t, and reports whether that
// is sooner than anything the scheduler knew of.
func (a *alertClock) note(t time.Time) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	sooner := a.known && (a.due.IsZero() || t.Before(a.due))
	if sooner {
		a.due = t
	}
	return sooner
}

// sendAlertSummaries sends the summaries of held-back alerts whose hour is
// over, and returns when the next falls due (zero if none). It reads the
// campaigns' counts only when one is due, or on its first call. It holds
// turnMu: intake counts alerts under it.
func (m *Moderator) sendAlertSummaries() (time.Time, error) {
	now := m.clock.Now()
	m.alerts.mu.Lock()
	known, due := m.alerts.known, m.alerts.due
	m.alerts.mu.Unlock()
	if known && (due.IsZero() || now.Before(due)) {
		return due, nil
	}
	m.turnMu.Lock()
	defer m.turnMu.Unlock()
	var (
		mails []outgoing
		reset []func(tx *store.Tx) error
		next  time.Time
	)
	err := m.db.View(func(tx *store.Tx) error {
		camps, err := m.campaigns.all(tx)
		if err != nil {
			return err
		}
		for _, c := range camps {
			all, err := tx.AllAlerts(c.ID)
			if err != nil {
				return err
			}
			for _, class := range []string{alertsProven, alertsUnproven} {
				a := all[class]
				if a == nil || a.Held == 0 {
					continue
				}
				if due := a.SummaryDue(); now.Before(due) {
					next = earliest(next, due)
					continue
				}
				mails = append(mails, m.alertSummary(c, class, a, fmt.Sprintf("alerts.%s", c.ID)))
				cleared := *a
				cleared.Held, cleared.First = 0, time.Time{}
				reset = append(reset, putAlerts(c.ID, class, &cleared))
			}
		}
		return nil
	})
	if err != nil {
		return time.Time{}, err
	}
	if len(mails) > 0 {
		composed, err := compose(mails)
		if err != nil {
			return time.Time{}, err
		}
		if err := m.db.Update(func(tx *store.Tx) error { return steps(append(reset, enqueueStep(composed))...)(tx) }); err != nil {
			return time.Time{}, err
		}
		wake(m.wakeSender)
	}
	m.alerts.mu.Lock()
	m.alerts.known, m.alerts.due = true, next
	m.alerts.mu.Unlock()
	return next, nil
}

func putAlerts(id campaign.ID, class string, a *store.Alerts) func(tx *store.Tx) error {
	return func(tx *store.Tx) error { return tx.PutAlerts(id, class, a) }
}

func enqueueStep(mails []*store.Mail) func(tx *store.Tx) error {
	return func(tx *store.Tx) error { return enqueue(tx, mails) }
}
