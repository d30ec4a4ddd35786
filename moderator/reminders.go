package moderator

import (
	"fmt"
	"slices"
	"time"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// markReminded marks, on every seat that owes orders, the reminders
// already due at now for its deadline as sent. A turn opens, and a
// deadline moves, with them marked: a reminder is never sent late, only
// on time.
func markReminded(c *store.Campaign, now time.Time) {
	for _, s := range c.DueSeats() {
		s.Reminded = passedReminders(c, s, now)
	}
}

// passedReminders returns the campaign's reminders that are due at now
// for a seat's deadline.
func passedReminders(c *store.Campaign, s *store.Seat, now time.Time) []time.Duration {
	var out []time.Duration
	for _, d := range c.Moderation.Reminders {
		if !now.Before(s.Deadline.Add(-d)) {
			out = append(out, d)
		}
	}
	return out
}

// nextReminder returns when the campaign next needs the scheduler: the
// earliest reminder still to send to a seat that owes orders, or the
// turn's deadline; zero if never.
func nextReminder(c *store.Campaign) time.Time {
	if c.Status != store.Running {
		return time.Time{}
	}
	next := c.Deadline()
	for _, s := range c.DueSeats() {
		for _, d := range c.Moderation.Reminders {
			if due := s.Deadline.Add(-d); !slices.Contains(s.Reminded, d) && due.Before(next) {
				next = due
			}
		}
	}
	return next
}

// remind sends the reminders that fell due to every player who owes
// orders and has none on file or orders not marked final, and records
// them as sent. When several fall due at once (the daemon slept), one
// reminder goes out.
func (m *Moderator) remind(o *openTurn) error {
	c, now := o.c, m.clock.Now()
	updated := c.Clone()
	var mails []outgoing
	changed := false
	for _, s := range updated.DueSeats() {
		due := passedReminders(c, s, now)
		fresh := slices.DeleteFunc(slices.Clone(due), func(d time.Duration) bool { return slices.Contains(s.Reminded, d) })
		if len(fresh) == 0 {
			continue
		}
		s.Reminded, changed = due, true
		if !now.Before(s.Deadline) {
			continue // too late to send orders, so too late to remind
		}
		if on := o.orders(s.Player); on == nil || !on.Submission.Final {
			mails = append(mails, m.reminder(c, s, on, slices.Min(fresh), now))
		}
	}
	if !changed {
		return nil
	}
	composed, err := compose(mails)
	if err != nil {
		return err
	}
	err = m.db.Update(func(tx *store.Tx) error {
		cur, err := tx.Campaign(c.ID)
		if err != nil || !sameDeadlines(cur, c) {
			return err
		}
		if err := tx.PutCampaign(updated); err != nil {
			return err
		}
		return enqueue(tx, composed)
	})
	if err != nil {
		return fmt.Errorf("remind %s turn %d: %w", c.ID, c.Turn, err)
	}
	*c = *updated
	m.log.Info("reminders sent", "campaign", c.ID, "turn", c.Turn, "players", len(composed), "left", c.Deadline().Sub(now).Round(time.Minute))
	wake(m.wakeSender)
	return nil
}

// reminder writes the mail that reminds a seat its orders are due. which
// is the shortest of the reminders that fell due, which names the mail; on
// is the seat's orders on file, or nil.
func (m *Moderation) reminder(c *store.Campaign, s *store.Seat, on *store.OrdersRecord, which time.Duration, now time.Time) outgoing {
	loc := seatLocation(c, s)
	remind := report.Reminder{Turn: c.Turn, Title: c.Title, Left: s.Deadline.Sub(now), Deadline: report.FormatDeadline(s.Deadline, loc),
		Rule: m.cite(c, game.TopicForfeit)}
	if on != nil {
		remind.Received = report.FormatDeadline(on.Received, loc)
	}
	id := fmt.Sprintf("remind.%s.t%d.%d.%dm.%s@%s", c.ID, c.Turn, s.Deadline.Unix(), int(which/time.Minute), s.Player, m.domain)
	msg := m.mailText(c.ID, s.Email, remind, id)
	msg.AutoSubmitted = "auto-generated"
	return outgoing{msg: msg, campaign: string(c.ID), purpose: "reminder"}
}

// sameDeadlines reports whether two records of a campaign have the same
// turn open, with the same deadlines.
func sameDeadlines(a, b *store.Campaign) bool {
	return a.Turn == b.Turn && slices.EqualFunc(a.Players, b.Players, func(x, y store.Seat) bool {
		return x.Player == y.Player && x.Deadline.Equal(y.Deadline)
	})
}
