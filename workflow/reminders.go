package workflow

import (
	"fmt"
	"slices"
	"time"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// MarkReminded marks, on every seat that owes orders, the reminders
// already due at now for its deadline as sent. A turn opens, and a
// deadline moves, with them marked: a reminder is never sent late, only
// on time.
func MarkReminded(c *store.Campaign, now time.Time) {
	for _, s := range c.DueSeats() {
		s.Reminded = PassedReminders(c, s, now)
	}
}

// PassedReminders returns the campaign's reminders that are due at now
// for a seat's deadline.
func PassedReminders(c *store.Campaign, s *store.Seat, now time.Time) []time.Duration {
	var out []time.Duration
	for _, d := range c.Moderation.Reminders {
		if !now.Before(s.Deadline.Add(-d)) {
			out = append(out, d)
		}
	}
	return out
}

// NextReminder returns when the campaign next needs the scheduler: the
// earliest reminder still to send to a seat that owes orders, or the
// turn's deadline; zero if never.
func NextReminder(c *store.Campaign) time.Time {
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

// Reminder writes the mail that reminds a seat its orders are due. which
// is the shortest of the reminders that fell due, which names the mail; on
// is the seat's orders on file, or nil.
func (m *Moderation) Reminder(c *store.Campaign, s *store.Seat, on *store.OrdersRecord, which time.Duration, now time.Time) Outgoing {
	loc := SeatLocation(c, s)
	remind := report.Reminder{Turn: c.Turn, Title: c.Title, Left: s.Deadline.Sub(now), Deadline: report.FormatDeadline(s.Deadline, loc),
		Rule: m.cite(c, game.TopicForfeit)}
	if on != nil {
		remind.Received = report.FormatDeadline(on.Received, loc)
	}
	id := fmt.Sprintf("remind.%s.t%d.%d.%dm.%s@%s", c.ID, c.Turn, s.Deadline.Unix(), int(which/time.Minute), s.Player, m.domain)
	msg := m.MailText(c.ID, s.Email, remind, id)
	msg.AutoSubmitted = "auto-generated"
	return Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "reminder"}
}

// SameDeadlines reports whether two records of a campaign have the same
// turn open, with the same deadlines.
func SameDeadlines(a, b *store.Campaign) bool {
	return a.Turn == b.Turn && slices.EqualFunc(a.Players, b.Players, func(x, y store.Seat) bool {
		return x.Player == y.Player && x.Deadline.Equal(y.Deadline)
	})
}
