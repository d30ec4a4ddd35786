package moderator

import (
	"fmt"
	"slices"
	"time"

	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// passedReminders returns the campaign's reminders that are already due at
// now for its deadline. A turn opens with them marked as sent: a reminder
// is never sent late, only on time.
func passedReminders(c *store.Campaign, now time.Time) []time.Duration {
	var out []time.Duration
	for _, d := range c.Moderation.Reminders {
		if !now.Before(c.Deadline.Add(-d)) {
			out = append(out, d)
		}
	}
	return out
}

// nextReminder returns when the campaign next needs the scheduler: its
// earliest reminder still to send, or its deadline.
func nextReminder(c *store.Campaign, now time.Time) time.Time {
	next := c.Deadline
	for _, d := range c.Moderation.Reminders {
		if due := c.Deadline.Add(-d); !slices.Contains(c.Reminded, d) && due.Before(next) {
			next = due
		}
	}
	if c.Status != store.Running {
		return time.Time{}
	}
	return next
}

// remind sends the reminders that fell due to every active player with no
// orders on file or orders not marked final, and records them as sent.
// When several fall due at once (the daemon slept), one reminder goes out.
func (m *Moderator) remind(o *openTurn) error {
	c, now := o.c, m.clock.Now()
	due := passedReminders(c, now)
	fresh := slices.DeleteFunc(slices.Clone(due), func(d time.Duration) bool { return slices.Contains(c.Reminded, d) })
	if len(fresh) == 0 {
		return nil
	}
	left := c.Deadline.Sub(now)
	var mails []outgoing
	for _, s := range c.ActiveSeats() {
		on := o.orders(s.Player)
		if on != nil && on.Submission.Final {
			continue
		}
		loc := seatLocation(c, s)
		state := "You have no orders on file for it. Without orders you forfeit the turn: nothing of yours moves (UTD3.31)."
		if on != nil {
			state = fmt.Sprintf("Your orders received %s are on file but not marked final; they will be carried out as they stand. Add final: true when you are done, so the turn can resolve early.",
				report.FormatDeadline(on.Received, loc))
		}
		text := fmt.Sprintf("Turn %d of %s is due in %s, at %s.\n\n%s\n\nTo see your orders on file, send command: status with your campaign, player and token.\n",
			c.Turn, c.Title, roughly(left), report.FormatDeadline(c.Deadline, loc), state)
		id := fmt.Sprintf("remind.%s.t%d.%d.%dm.%s@%s", c.ID, c.Turn, c.Deadline.Unix(), int(slices.Min(fresh)/time.Minute), s.Player, m.domain)
		msg := m.newMail(s.Email, fmt.Sprintf("[%s] Turn %d is due in %s", c.ID, c.Turn, roughly(left)), text, id)
		msg.AutoSubmitted = "auto-generated"
		mails = append(mails, outgoing{msg: msg, campaign: string(c.ID), purpose: "reminder"})
	}
	composed, err := compose(mails)
	if err != nil {
		return err
	}
	updated := *c
	updated.Reminded = due
	err = m.db.Update(func(tx *store.Tx) error {
		cur, err := tx.Campaign(c.ID)
		if err != nil || cur.Turn != c.Turn || !cur.Deadline.Equal(c.Deadline) {
			return err
		}
		if err := tx.PutCampaign(&updated); err != nil {
			return err
		}
		return enqueue(tx, composed)
	})
	if err != nil {
		return fmt.Errorf("remind %s turn %d: %w", c.ID, c.Turn, err)
	}
	*c = updated
	m.log.Info("reminders sent", "campaign", c.ID, "turn", c.Turn, "players", len(composed), "left", left.Round(time.Minute))
	wake(m.wakeSender)
	return nil
}

// roughly writes a time left as players think of it: "24 hours", "2
// hours", "45 minutes".
func roughly(d time.Duration) string {
	switch h := int(d.Round(time.Hour) / time.Hour); {
	case d < 90*time.Second:
		return "1 minute"
	case d < 90*time.Minute:
		return fmt.Sprintf("%d minutes", int(d.Round(time.Minute)/time.Minute))
	default:
		return fmt.Sprintf("%d hours", h)
	}
}
