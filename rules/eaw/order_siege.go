package eaw

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// Siege has a fleet that an enemy fortification traps roll to break it
// (EaW 10c).
type Siege struct{ FleetOrder }

// Name returns "siege".
func (*Siege) Name() string { return "siege" }

// Example is a siege order as players write it, for hints.
func (*Siege) Example() string { return "- siege: {fleet: 1st}" }

// Fields are the keys a siege order may hold.
func (*Siege) Fields() []string { return []string{"fleet"} }

func (*Siege) parse(p *parser, key, n *yaml.Node) Kind {
	return &Siege{p.fleetOrder(key, n)}
}

func (s *Siege) schema(r *campaign.Rules) *schema {
	return kindSchema(s.Name(), "A siege order: try to break a fortification that traps the fleet (EaW 10c).",
		fmt.Sprintf("A fleet trapped by an enemy fortification rolls 2D6, for %s, once per turn from the turn after "+
			"the trap: on %d the fortification falls after the battles and the fleet is free next turn (EaW 10c).",
			orderPoints(r.Fortify.SiegeCost), r.Fortify.Siege),
		[]string{"fleet"}, fleetField)
}

// YAML echoes the order as players write it.
func (s *Siege) YAML() string { return fmt.Sprintf("siege: {fleet: %s}", s.Fleet) }

// check checks a siege roll (EaW 10c): a fleet that an enemy fortification
// trapped in an earlier turn rolls 2D6 once per turn; on Rules.Fortify.Siege
// the fortification falls after the battles.
func (s *Siege) check(v *validator, o Order) CostedOrder {
	r := v.st.Rules.Fortify
	co := CostedOrder{Order: o, Points: r.SiegeCost}
	where := or(s.FleetPos, o.Pos)
	f := v.fleet(s.Fleet)
	if f == nil {
		v.noSuchFleet(where, "EaW 10c", s.Fleet)
		return co
	}
	at, trapped := v.trappedAt(s.Fleet)
	sf := v.index.Fleet(v.player, s.Fleet)
	switch {
	case !trapped:
		v.Add(where, "EaW 10c", fmt.Sprintf("fleet %s is not trapped by a fortification; a siege roll frees a trapped fleet", s.Fleet),
			"drop the siege order; a fleet a fortification traps this turn may roll from the turn after")
		return co
	case sf.Trapped >= v.st.Turn:
		v.Add(where, "EaW 10c", fmt.Sprintf("fleet %s was trapped in turn %d; its first siege roll comes the turn after", s.Fleet, sf.Trapped),
			"order the siege next turn")
		return co
	case !f.siegedAt.IsZero():
		v.Add(o.Pos, "EaW 10c", fmt.Sprintf("fleet %s already rolls a siege at %s; a fleet rolls once per turn", s.Fleet, f.siegedAt),
			"drop one of the two orders")
		return co
	}
	f.siegedAt = o.Pos
	co.Notes = append(co.Notes, fmt.Sprintf("siege of %s: on %d on 2D6 the fortification falls after the battles, and fleet %s is free from next turn (EaW 10c)",
		at, r.Siege, s.Fleet))
	return co
}

// timing is none: a siege roll bears on no fleet service.
func (*Siege) timing(CostedOrder) (moves, serves []campaign.FleetID) { return nil, nil }

// track does nothing more: check has noted the roll on the fleet's plan.
func (*Siege) track(*validator, CostedOrder, bool) {}

// step throws the siege rolls at post-combat, when the
// fortifications are settled (fortify).
func (*Siege) step(bool) step { return stepSiege }

// carryOut throws the siege roll (EaW 10c): 2D6 for a fleet still
// trapped, shown to the besieger and the fortification's owner; a roll of
// Rules.Fortify.Siege breaks the fortification (turn.broken). A fleet that
// is gone, or no longer trapped, throws nothing, and its owner is told.
func (s *Siege) carryOut(t *turn, a act) {
	need := t.next.Rules.Fortify.Siege
	f := t.next.Fleet(a.owner, s.Fleet)
	fort := campaign.PlayerID("")
	if f != nil {
		fort = t.fortifiedAgainst(f.At, f.Owner)
	}
	switch {
	case f == nil || len(f.Units) == 0:
		t.orderFailed(a.owner, "", "EaW 10c", fmt.Sprintf("Fleet %s made no siege roll: the fleet is gone.", s.Fleet))
		return
	case f.Trapped == 0 || fort == "":
		t.orderFailed(a.owner, f.At, "EaW 10c", fmt.Sprintf("Fleet %s made no siege roll: it is no longer trapped at %s.", s.Fleet, t.systemName(f.At)))
		return
	}
	r := t.throw(2, "EaW 10c", "siege", string(f.Owner)+"/"+string(f.ID), "a siege of the fortification at "+t.systemName(f.At),
		f.At, f.Owner, fort)
	if r.Total() == need {
		t.broken[f.At] = true
		return
	}
	t.emit(game.Event{Kind: EventTrapped, Players: []campaign.PlayerID{f.Owner}, At: f.At, Rule: "EaW 10c",
		Text: fmt.Sprintf("Fleet %s's siege roll of %d failed (it needs %d): the fleet stays trapped at %s.", f.ID, r.Total(), need, t.systemName(f.At))})
}

// aNumber writes a die roll with its article: "a 7", "an 8", "an 11".
func aNumber(n int) string {
	if n == 8 || n == 11 || n == 18 {
		return fmt.Sprintf("an %d", n)
	}
	return fmt.Sprintf("a %d", n)
}

// offer offers a trapped fleet its siege roll, from the turn after the
// trap (EaW 10c).
func (*Siege) offer(t *orderTemplate, sp spot) []suggestion {
	if sp.place != atTrapped {
		return nil
	}
	f := sp.fleet
	if f.Trapped >= t.v.Turn {
		t.b.WriteString(wrapComment(fmt.Sprintf("Its first siege roll comes in turn %d (EaW 10c).", f.Trapped+1), 76))
		return nil
	}
	r := t.v.Rules.Fortify
	return []suggestion{{fmt.Sprintf("- siege: {fleet: %s}", yamlName(string(f.ID))),
		fmt.Sprintf("%s: on %s on 2D6 the fortification falls, and the fleet is free next turn (EaW 10c)", points(r.SiegeCost), aNumber(r.Siege))}}
}
