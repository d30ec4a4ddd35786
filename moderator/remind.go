package moderator

import (
	"fmt"
	"slices"
	"time"

	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// remind sends the reminders that fell due to every player who owes
// orders and has none on file or orders not marked final, and records
// them as sent. When several fall due at once (the daemon slept), one
// reminder goes out.
func (m *Moderator) remind(o *workflow.OpenTurn) error {
	c, now := o.Campaign, m.clock.Now()
	updated := c.Clone()
	var mails []workflow.Outgoing
	changed := false
	for _, s := range updated.DueSeats() {
		due := workflow.PassedReminders(c, s, now)
		fresh := slices.DeleteFunc(slices.Clone(due), func(d time.Duration) bool { return slices.Contains(s.Reminded, d) })
		if len(fresh) == 0 {
			continue
		}
		s.Reminded, changed = due, true
		if !now.Before(s.Deadline) {
			continue // too late to send orders, so too late to remind
		}
		if on := o.Orders(s.Player); on == nil || !on.Submission.Final {
			mails = append(mails, m.Reminder(c, s, on, slices.Min(fresh), now))
		}
	}
	if !changed {
		return nil
	}
	composed, err := workflow.Compose(mails)
	if err != nil {
		return err
	}
	err = m.db.Update(func(tx *store.Tx) error {
		cur, err := tx.Campaign(c.ID)
		if err != nil || !workflow.SameDeadlines(cur, c) {
			return err
		}
		if err := tx.PutCampaign(updated); err != nil {
			return err
		}
		return workflow.Enqueue(tx, composed)
	})
	if err != nil {
		return fmt.Errorf("remind %s turn %d: %w", c.ID, c.Turn, err)
	}
	*c = *updated
	m.log.Info("reminders sent", "campaign", c.ID, "turn", c.Turn, "players", len(composed), "left", c.Deadline().Sub(now).Round(time.Minute))
	wake(m.wakeSender)
	return nil
}
