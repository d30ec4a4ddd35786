package store

import (
	"slices"
	"time"

	"github.com/pbemd/pbemd/game"
)

// Due reports whether the seat owes orders for the open turn.
func (s *Seat) Due() bool { return s.Active() && !s.Deadline.IsZero() }

// DueSeats returns the seats that owe orders for the open turn, in seat
// order.
func (c *Campaign) DueSeats() []*Seat { return c.seats((*Seat).Due) }

// Deadline returns the open turn's deadline: the last of the deadlines
// of the seats that owe orders, after which the turn resolves; zero if no
// seat owes any.
func (c *Campaign) Deadline() time.Time {
	var last time.Time
	for _, s := range c.DueSeats() {
		if s.Deadline.After(last) {
			last = s.Deadline
		}
	}
	return last
}

// Open opens turn n with the players of due owing orders by their
// deadlines (game.Ruleset.Due); every other seat owes none. No reminder
// has been sent for the new turn.
func (c *Campaign) Open(n int, due []game.Due) {
	c.Turn = n
	for i := range c.Players {
		s := &c.Players[i]
		s.Deadline, s.Reminded = time.Time{}, nil
		for _, d := range due {
			if d.Player == s.Player {
				s.Deadline = d.By.UTC()
			}
		}
	}
}

// MoveDeadlines moves the deadline of every seat that owes orders by d:
// an extension, or the length of a pause.
func (c *Campaign) MoveDeadlines(d time.Duration) {
	for _, s := range c.DueSeats() {
		s.Deadline = s.Deadline.Add(d)
	}
}

// SetDeadlines sets the deadline of every seat that owes orders to t, as
// the GM may.
func (c *Campaign) SetDeadlines(t time.Time) {
	for _, s := range c.DueSeats() {
		s.Deadline = t.UTC()
	}
}

// Clone returns a copy of c whose seats can change without changing c's.
func (c *Campaign) Clone() *Campaign {
	out := *c
	out.Players = slices.Clone(c.Players)
	for i := range out.Players {
		out.Players[i].Reminded = slices.Clone(out.Players[i].Reminded)
		out.Players[i].Proxies = slices.Clone(out.Players[i].Proxies)
	}
	return &out
}

// storedCampaign is a campaign's record as it is stored. The releases
// before deadlines were kept per seat stored one deadline, and the
// reminders sent, for the whole campaign: such a record loads with every
// seat still playing due at that deadline, and is stored in the new form
// when it is next written.
type storedCampaign struct {
	Campaign
	Deadline time.Time       `json:"deadline,omitzero"`
	Reminded []time.Duration `json:"reminded,omitempty"`
}

// campaign returns the record in the current form.
func (r *storedCampaign) campaign() *Campaign {
	c := &r.Campaign
	if c.Rules == "" {
		c.Rules = legacyRules
	}
	if r.Deadline.IsZero() {
		return c
	}
	for i := range c.Players {
		if s := &c.Players[i]; s.Active() {
			s.Deadline, s.Reminded = r.Deadline.UTC(), slices.Clone(r.Reminded)
		}
	}
	return c
}

// legacyRules is the ruleset of the campaigns stored before campaigns
// named theirs: Empires at War was the only one.
const legacyRules = "eaw"
