package thunderdome

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// A fleet made illegal on purpose needs a legal intention (UTD7.2664–
// 7.26654): the intend order declares it (order_intend.go), and the end of
// each of the owner's turns follows it up.

// Intention is the legal intention declared for a deliberately illegal
// fleet (UTD7.26652): the fleets it will join, and where.
type Intention struct {
	Owner campaign.PlayerID  `json:"owner"`
	Fleet campaign.FleetID   `json:"fleet"`
	Join  []campaign.FleetID `json:"join"`
	At    campaign.SystemID  `json:"at"`
	// Cycle is the cycle it was declared in: a step toward it is due on
	// that turn of the owner's or the next (UTD7.26652).
	Cycle int `json:"cycle"`
	// Acted is set once such a step was taken; Lapsed once none was in
	// time. A lapsed intention leaves the fleet unable to move until its
	// owner declares a new one (reading, UTD7.2664).
	Acted  bool `json:"acted,omitempty"`
	Lapsed bool `json:"lapsed,omitempty"`
}

// intention returns the intention declared for a player's fleet, or nil.
func (x *Ext) intention(p campaign.PlayerID, id campaign.FleetID) *Intention {
	for i := range x.Intentions {
		if x.Intentions[i].Owner == p && x.Intentions[i].Fleet == id {
			return &x.Intentions[i]
		}
	}
	return nil
}

// moot says what enemy action made an intention moot (UTD7.26653): a
// fleet it was to join is gone, or its meeting place is the enemy's now;
// "" while it still applies.
func (x *Ext) moot(st *campaign.State, it Intention) string {
	for _, id := range it.Join {
		if st.Fleet(it.Owner, id) == nil {
			return fmt.Sprintf("fleet %s, which it was to join, is gone", id)
		}
	}
	return attack(st, x, it.Owner, it.At)
}

// illegalFleets lists the player's fleets that are illegal now.
func (c *ctx) illegalFleets() map[campaign.FleetID]bool {
	out := map[campaign.FleetID]bool{}
	for i := range c.st.Fleets {
		if f := &c.st.Fleets[i]; f.Owner == c.player && len(c.x.illegal(c.st, f)) > 0 {
			out[f.ID] = true
		}
	}
	return out
}

// deliberate refuses the order just applied when it made one of the
// player's fleets illegal, one that was legal or did not exist before
// (illegal lists them), without a legal intention declared for it
// (UTD7.26652). Check refuses the mail as a whole, so the order's changes
// go with the copy of the state it worked on.
func (c *ctx) deliberate(before map[campaign.FleetID]bool) {
	for i := range c.st.Fleets {
		f := &c.st.Fleets[i]
		if f.Owner != c.player || before[f.ID] {
			continue
		}
		why := c.x.illegal(c.st, f)
		if it := c.x.intention(c.player, f.ID); len(why) == 0 || it != nil && !it.Lapsed {
			continue
		}
		c.refuse(orders.Pos{}, "UTD7.26652", fmt.Sprintf("this order makes fleet %s illegal (%s), and a fleet made illegal on purpose needs a legal intention", f.ID, why[0]),
			"declare it above this order, e.g. "+c.intendExample(f)+", naming the fleets it will join and where")
		return
	}
}

// intentions follows up the player's legal intentions at the end of
// their orders (UTD7.26652): an intention whose fleet is gone or legal is
// fulfilled; a step toward it is a move of its fleet or of one it joins
// nearer the meeting place, or the fleets meeting there; with no step on
// the turn it was declared or the next, it lapses, every player is told,
// and the fleet moves no more until a new intention is declared
// (reading, UTD7.2664). Fleets that met and are still illegal are
// reminded to organize (UTD7.26654).
func (t *turn) intentions() {
	var keep []Intention
	for _, it := range t.x.Intentions {
		if it.Owner != t.player {
			keep = append(keep, it)
			continue
		}
		f := t.st.Fleet(it.Owner, it.Fleet)
		switch {
		case f == nil:
			t.emit(game.EventNotice, "", "UTD7.26652", "Fleet %s of %s is gone: its legal intention ends.", it.Fleet, it.Owner)
			continue
		case len(t.x.illegal(t.st, f)) == 0:
			t.emit(game.EventNotice, f.At, "UTD7.26654", "Fleet %s of %s is legal again: its legal intention is fulfilled (UTD7.26654).", it.Fleet, it.Owner)
			continue
		}
		met, nearer := t.steps(it)
		switch {
		case met:
			it.Acted = true
			t.emit(game.EventNotice, it.At, "UTD7.26654", "Fleet %s of %s has met %s at %s and is still illegal: %s must organize them into legal fleets (UTD7.26654).",
				it.Fleet, it.Owner, joinNames(it.Join), it.At, it.Owner)
		case nearer:
			it.Acted = true
		case !it.Acted && !it.Lapsed && t.x.Cycle > it.Cycle:
			it.Lapsed = true
			t.emit(game.EventNotice, f.At, "UTD7.26652", "%s took no step toward the legal intention of fleet %s (to join %s at %s) on the turn it was declared or the next (UTD7.26652): "+
				"the fleet, illegal on purpose with no intention, moves no more until %s declares a new one (UTD7.2664).", it.Owner, it.Fleet, joinNames(it.Join), it.At, it.Owner)
		}
		keep = append(keep, it)
	}
	t.x.Intentions = keep
}

// steps tells what the owner did toward an intention this turn: whether
// its fleets have all met at the meeting place, and whether one of them
// moved nearer it than where it began the turn.
func (t *turn) steps(it Intention) (met, nearer bool) {
	dist := map[campaign.SystemID]int{}
	for _, r := range t.g.Within(it.At, t.g.Len()) {
		dist[r.System] = r.Hops
	}
	met = true
	for _, id := range append([]campaign.FleetID{it.Fleet}, it.Join...) {
		f := t.st.Fleet(it.Owner, id)
		if f == nil {
			continue
		}
		met = met && f.At == it.At
		d, ok := dist[f.At]
		if from, ok2 := dist[t.x.fleet(it.Owner, id).Started]; ok && ok2 && d < from {
			nearer = true
		}
	}
	return met, nearer
}

// intendExample is an intend order for fleet f, as a hint: joining
// another of the player's fleets, the first in the state's order, where f
// stands.
func (c *ctx) intendExample(f *campaign.Fleet) string {
	other := "f1"
	for _, g := range c.st.Fleets {
		if g.Owner == c.player && g.ID != f.ID {
			other = string(g.ID)
			break
		}
	}
	return fmt.Sprintf("- intend: {fleet: %s, join: [%s], at: %s}", f.ID, other, f.At)
}
