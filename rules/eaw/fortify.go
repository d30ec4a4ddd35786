package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// Fortifications (EaW 10.0–10i): the trap during movement, and at
// post-combat the sieges, the releases and what falls with a fortification.

// fortifiedAgainst returns the owner of another player's fortification at
// a system, or "" if there is none (EaW 10a).
func (t *turn) fortifiedAgainst(at campaign.SystemID, owner campaign.PlayerID) campaign.PlayerID {
	return fortOwner(t.next.Developments, at, owner)
}

// fortifiedInMovement is fortifiedAgainst while fleets move and fight:
// the developments are those the turn began with until post-combat
// (fortify, ravage, develop, explore) changes them, so the index of the
// state as the turn began finds them at once.
func (t *turn) fortifiedInMovement(at campaign.SystemID, owner campaign.PlayerID) campaign.PlayerID {
	return fortOwner(t.was.DevelopmentsAt(at), at, owner)
}

// fortOwner returns the owner of a fortification at a system among devs
// that is not owner's, or "".
func fortOwner(devs []campaign.Development, at campaign.SystemID, owner campaign.PlayerID) campaign.PlayerID {
	for _, d := range devs {
		if d.At == at && d.Kind == campaign.Fortification && d.Owner != owner {
			return d.Owner
		}
	}
	return ""
}

// heldByFortification reports whether a fleet may not break off in a
// fight of the meeting s (EaW 10g, 21b): the meeting is at another
// player's fortification (every other player is an enemy), the fleet has
// no minesweeper (EaW 10d), and no fleet of its owner stands behind it,
// as the second fleet of 10b would: it is its owner's last fleet in the
// order of battle. A Legendary Captain changes nothing (EaW 21b).
func (t *turn) heldByFortification(s *series, f *campaign.Fleet) bool {
	if s.b.Lane != nil || t.fortifiedInMovement(s.b.At, f.Owner) == "" || t.fleetHas(f, campaign.RoleMinesweeper) {
		return false
	}
	var last campaign.FleetKey
	for _, k := range s.order {
		// A reported battle's order may name a fleet gone since.
		if g := t.fleet(k); k.Owner == f.Owner && g != nil && g.At == s.b.At {
			last = k
		}
	}
	return last == f.Key()
}

// trap stops a mover at another player's fortification (EaW 10a): its
// fleets are trapped and lose their remaining orders (EaW 10h).
func (t *turn) trap(m *mover) {
	t.pin(m)
	m.trapped = true
	for _, f := range m.fleets {
		f.Trapped = t.prev.Turn
	}
}

// reportTrap tells the trapped fleets' owner what the trap means, and the
// fortification's owner that it holds an enemy fleet, but not whose.
func (t *turn) reportTrap(m *mover, what, rest string) {
	at := t.systemName(m.at())
	text := fmt.Sprintf("%s entered a fortification at %s and stopped there%s.", what, at, rest)
	if len(m.fleets) > 0 {
		text += fmt.Sprintf(" %s trapped: %s nothing but a siege roll (EaW 10c, 10h) until the fortification falls, when a second fleet of yours "+
			"enters it (EaW 10b), a siege roll succeeds (EaW 10c) or a fleet with a minesweeper is there after the battles (EaW 10d).",
			t.fleetList(m.fleets, "is", "are"), doesText(len(m.fleets)))
	}
	t.emit(game.Event{Kind: EventTrapped, Players: []campaign.PlayerID{m.owner}, At: m.at(), Rule: "EaW 10a", Text: text})
	if len(m.fleets) == 0 {
		return
	}
	fort := t.fortifiedInMovement(m.at(), m.owner)
	t.emit(game.Event{Kind: EventTrapped, Players: []campaign.PlayerID{fort}, At: m.at(), Rule: "EaW 10a",
		Text: fmt.Sprintf("An enemy fleet entered your fortification at %s and is trapped there.", at)})
}

// fleetList names fleets for their owner, with the verb that follows:
// "Fleet 1st is", "Fleets 1st and 2nd are".
func (t *turn) fleetList(fleets []*campaign.Fleet, one, many string) string {
	if len(fleets) == 1 {
		return fmt.Sprintf("Fleet %s %s", fleets[0].ID, one)
	}
	ids := make([]campaign.FleetID, len(fleets))
	for i, f := range fleets {
		ids[i] = f.ID
	}
	return fmt.Sprintf("Fleets %s %s", andList(ids), many)
}

func doesText(n int) string {
	if n == 1 {
		return "it does"
	}
	return "they do"
}

// andList writes IDs as "a", "a and b", "a, b and c".
func andList[T ~string](ids []T) string {
	out := ""
	for i, id := range ids {
		switch {
		case i == 0:
		case i == len(ids)-1:
			out += " and "
		default:
			out += ", "
		}
		out += string(id)
	}
	return out
}

// fortify settles the fortifications at post-combat (EaW 4b, 10b–10f):
// the siege rolls are thrown (EaW 10c); a fortification falls when two
// fleets of one empire are trapped in it (EaW 10b), a siege roll succeeds,
// or an enemy fleet with a minesweeper stands there (EaW 10d), but only
// once its owner has no ground or orbital bases left there (EaW 10e). A
// fallen fortification frees the fleets it trapped from next turn and takes
// its owner's mines and colonies there with it (EaW 10e, 10f). Last, a
// fleet that no longer stands at an enemy fortification is free.
func (t *turn) fortify() {
	t.broken = map[campaign.SystemID]bool{}
	t.carryOut(stepSiege)
	broken := t.broken
	t.broken = nil
	var forts []campaign.Development
	for _, d := range t.next.Developments {
		if d.Kind == campaign.Fortification {
			forts = append(forts, d)
		}
	}
	for _, fort := range forts {
		rule, why := t.breach(fort, broken)
		if why == "" {
			continue
		}
		if t.basesHold(fort) {
			t.emit(game.Event{Kind: EventTrapped, Players: t.audience(fort), At: fort.At, Rule: "EaW 10e",
				Text: fmt.Sprintf("The fortification at %s held although %s: its owner's ground and orbital bases there must be destroyed or captured first.",
					t.systemName(fort.At), why)})
			continue
		}
		t.fall(fort, rule, why)
	}
	t.releaseTrapped()
}

// breach returns why a fortification falls this turn, with the rule, or
// "" if it stands.
func (t *turn) breach(fort campaign.Development, broken map[campaign.SystemID]bool) (rule, why string) {
	trapped := map[campaign.PlayerID]int{}
	sweeper := false
	for i := range t.next.Fleets {
		f := &t.next.Fleets[i]
		if f.At != fort.At || f.Owner == fort.Owner || len(f.Units) == 0 {
			continue
		}
		if f.Trapped != 0 {
			trapped[f.Owner]++
		}
		sweeper = sweeper || t.fleetHas(f, campaign.RoleMinesweeper)
	}
	for _, n := range trapped {
		if n >= 2 {
			return "EaW 10b", "a second fleet of one empire entered it"
		}
	}
	switch {
	case broken[fort.At]:
		return "EaW 10c", "a siege roll broke it"
	case sweeper:
		return "EaW 10d", "a minesweeper stood there after the battles"
	}
	return "", ""
}

// fleetHas reports whether a unit of the fleet, not an uninspected prize,
// is of a class with role r (EaW 25b).
func (t *turn) fleetHas(f *campaign.Fleet, r campaign.Role) bool {
	return t.next.Serves(f, func(c *campaign.UnitClass) bool { return c.Has(r) })
}

// basesHold reports whether a development's owner has ground or orbital
// bases installed in its system, which must be destroyed or captured
// before it falls (EaW 10e, 12a, 13c).
func (t *turn) basesHold(d campaign.Development) bool {
	return slices.ContainsFunc(t.next.BasesAt(d.At), func(b campaign.Installation) bool { return b.Owner == d.Owner })
}

// audience lists a development's owner and every other player with a
// fleet at it, in player order.
func (t *turn) audience(d campaign.Development) []campaign.PlayerID {
	who := []campaign.PlayerID{d.Owner}
	for _, p := range t.next.PlayerIDs() {
		for _, f := range t.next.Fleets {
			if f.At == d.At && f.Owner == p && !slices.Contains(who, p) {
				who = append(who, p)
			}
		}
	}
	return who
}

// fall removes a fortification (EaW 10e): the fleets it trapped are free
// from next turn, and its owner's mines and colonies there are destroyed,
// or captured by an enemy with a commando ship there (EaW 10f).
func (t *turn) fall(fort campaign.Development, rule, why string) {
	who := t.audience(fort)
	t.next.Developments = slices.DeleteFunc(t.next.Developments, func(d campaign.Development) bool { return d == fort })
	t.emit(game.Event{Kind: EventDestroyed, Players: who, At: fort.At, Rule: rule,
		Text: fmt.Sprintf("The fortification at %s fell: %s. The fleets it trapped are free from next turn (EaW 10e).",
			t.systemName(fort.At), why)})
	var fleets []*campaign.Fleet
	for i := range t.next.Fleets {
		if f := &t.next.Fleets[i]; f.At == fort.At {
			fleets = append(fleets, f)
			if f.Owner != fort.Owner {
				f.Trapped = 0
			}
		}
	}
	var kept []campaign.Development
	for _, d := range t.next.Developments {
		if d.At != fort.At || d.Owner != fort.Owner || !d.Developed() {
			kept = append(kept, d)
			continue
		}
		if d, captured := t.seize(d, fleets, "EaW 10f", "its fortification fell"); captured {
			kept = append(kept, d)
		}
	}
	t.next.Developments = kept
}

// orderFailed tells a player that an order was not carried out, and why.
func (t *turn) orderFailed(player campaign.PlayerID, at campaign.SystemID, rule, text string) {
	t.emit(game.Event{Kind: EventOrderFailed, Players: []campaign.PlayerID{player}, At: at, Rule: rule, Text: text})
}

// releaseTrapped frees every trapped fleet that no longer stands at
// another player's fortification: it broke off from a battle, or the
// fortification is gone (EaW 10e).
func (t *turn) releaseTrapped() {
	for i := range t.next.Fleets {
		f := &t.next.Fleets[i]
		if f.Trapped == 0 || t.fortifiedAgainst(f.At, f.Owner) != "" {
			continue
		}
		f.Trapped = 0
		t.emit(game.Event{Kind: EventTrapped, Players: []campaign.PlayerID{f.Owner}, At: f.At, Rule: "EaW 10e",
			Text: fmt.Sprintf("Fleet %s is free from next turn: it no longer stands at an enemy fortification.", f.ID)})
	}
}

// disrupt returns what a site's income of bpv comes to while enemy fleets
// are trapped there (EaW 10i): Rules.Fortify.Disruption percent less. The
// owner is told.
func (t *turn) disrupt(d campaign.Development, bpv int) int {
	if !t.next.Disrupted(d.At, d.Owner) {
		return bpv
	}
	left := bpv - bpv*min(max(t.next.Rules.Fortify.Disruption, 0), 100)/100
	t.emit(game.Event{Kind: EventIncome, Players: []campaign.PlayerID{d.Owner}, At: d.At, Rule: "EaW 10i",
		Text: fmt.Sprintf("Enemy fleets trapped at %s disrupt your %s there: it pays %d BPV instead of %d.", t.systemName(d.At), d.Kind, left, bpv)})
	return left
}
