package eaw

import (
	"maps"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// When the fleet services are carried out (Timing), what the fleets hold
// during movement, and where the FRDs and fleets stand when a service is
// carried out: before movement where they start, after the battles where
// the player's whole text leaves them (lookahead).

// Timing says when the fleet-service orders are carried out. An order that
// comes before any move of its fleets in the player's text is carried out
// before movement. One that comes after a move of one of its fleets (or a
// tow it goes with, as the tug's or a MON's fleet: CostedOrder.Towed), after
// an mp 0 build into one (those units join after movement, EaW 6.0), or
// after another such order for one of its fleets is carried out after the
// battles, at post-combat, where the fleets ended (EaW 4b). The zero value
// is ready to read the first order.
type Timing struct {
	late map[campaign.FleetID]bool
}

// Add reads the next costed order in text order and reports whether it is
// a fleet-service order carried out after the battles.
func (tm *Timing) Add(co CostedOrder) bool {
	if tm.late == nil {
		tm.late = map[campaign.FleetID]bool{}
	}
	if co.Order.Kind == nil {
		return false
	}
	moves, serves := co.Order.Kind.timing(co)
	for _, id := range moves {
		tm.late[id] = true
	}
	late := tm.peek(serves)
	if late {
		for _, id := range serves {
			tm.late[id] = true
		}
	}
	return late
}

// peek reports whether a fleet-service order naming these fleets, read
// next, is carried out after the battles.
func (tm *Timing) peek(ids []campaign.FleetID) bool {
	return slices.ContainsFunc(ids, func(id campaign.FleetID) bool { return tm.late[id] })
}

// afterBattles reports whether a fleet-service order for these fleets,
// read next, is carried out after the battles (Timing). If so, their
// units during movement are kept (freeze) before the order changes them.
func (v *validator) afterBattles(ids ...campaign.FleetID) bool {
	late := v.services().timing.peek(ids)
	if late {
		v.freeze(ids...)
	}
	return late
}

// freeze keeps what each fleet holds now as its units during movement,
// unless an order above kept them: a move, a tow, an mp 0 build or a
// post-combat order is about to touch the fleet, and nothing read later
// changes what it holds before movement but an mp 1 build (track). A
// fleet that does not exist yet holds nothing then.
func (v *validator) freeze(ids ...campaign.FleetID) {
	s := v.services()
	for _, id := range ids {
		if _, ok := s.moving[id]; ok {
			continue
		}
		kept := &campaign.Fleet{Owner: v.player, ID: id}
		if f := v.contents(id); f != nil {
			kept.Join(*f)
		}
		s.moving[id] = kept
	}
}

// movingFleet returns the units a fleet holds during movement and the
// developments, as the orders read so far leave it: kept by freeze, or
// else its contents. Nil for a fleet the player does not have.
func (v *validator) movingFleet(id campaign.FleetID) *campaign.Fleet {
	if f, ok := v.services().moving[id]; ok {
		return f
	}
	return v.contents(id)
}

// servicePoint is what serves a fleet in one system: the player's FRD,
// developed colony (disrupted by an enemy fleet trapped there, EaW 10i) and
// repair freighters in the player's fleets there (EaW 6d, 9a, 9c).
type servicePoint struct {
	frd, colony, disrupted, large, small bool
}

// servicesAt returns what serves a fleet at sys when a fleet-service order
// is carried out. Before movement, the FRDs and fleets stand where they
// start, with what they hold then. After the battles (late) they stand
// where the movement leaves them, every tow and move of the text flown
// (ahead), and a fleet a post-combat order above touched holds what that
// order left it.
func (v *validator) servicesAt(sys campaign.SystemID, late bool) servicePoint {
	var sp servicePoint
	var a *ahead
	if late {
		a = v.lookahead()
	}
	for i, f := range v.frdPlans() {
		at := f.start
		switch {
		case a != nil && i < len(a.frds):
			at = a.frds[i]
		case late:
			at = f.at
		}
		sp.frd = sp.frd || at == sys
	}
	sp.colony = v.index.HasDevelopment(v.player, sys, campaign.Colony)
	sp.disrupted = v.index.Disrupted(sys, v.player)
	for _, id := range v.servers(late) {
		at, f := v.server(id, late)
		if f == nil || at != sys {
			continue
		}
		sp.large = sp.large || v.serves(f, campaign.RoleLargeRepair)
		sp.small = sp.small || v.serves(f, campaign.RoleSmallRepair)
	}
	return sp
}

// servers lists the player's fleets that may hold a repair freighter when
// a fleet-service order is carried out: those the orders read so far know
// and, after the battles, those the whole text forms.
func (v *validator) servers(late bool) []campaign.FleetID {
	ids := v.fleetIDs()
	if !late || v.lookahead() == nil {
		return ids
	}
	for _, id := range slices.Sorted(maps.Keys(v.lookahead().fleets)) {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// server returns where a fleet stands when a fleet-service order is
// carried out, and what it holds then; a nil fleet if it is nowhere on the
// map then.
func (v *validator) server(id campaign.FleetID, late bool) (campaign.SystemID, *campaign.Fleet) {
	if !late {
		if at, ok := v.startOf(id); ok {
			return at, v.movingFleet(id)
		}
		return "", nil
	}
	s := v.services()
	var seen foreseen
	ok := false
	if a := v.lookahead(); a != nil {
		seen, ok = a.fleets[id]
	}
	switch {
	case ok && !seen.known:
		return "", nil
	case ok && s.timing.late[id]:
		return seen.at, v.contents(id)
	case ok:
		return seen.at, seen.units
	}
	if f := v.fleet(id); f != nil && f.known {
		return f.at, v.contents(id)
	}
	return "", nil
}

// startOf returns where a fleet starts the turn's movement: where it
// stands when the turn begins, or where the order that formed it put it.
func (v *validator) startOf(id campaign.FleetID) (campaign.SystemID, bool) {
	if sf := v.index.Fleet(v.player, id); sf != nil {
		return sf.At, v.graph.Has(sf.At)
	}
	f := v.fleets[id]
	switch {
	case f == nil:
		return "", false
	case len(f.route) > 0:
		return f.route[0], v.graph.Has(f.route[0])
	}
	return f.at, f.known
}

// ahead is what a first pass over the player's whole text finds: where
// each FRD and fleet ends the movement, and what each fleet holds during
// it. Post-combat services are checked against it, since a tow or a move
// below them in the text is flown before them (EaW 4b).
type ahead struct {
	frds   []campaign.SystemID // where each FRD ends, by its index in frdPlans
	fleets map[campaign.FleetID]foreseen
}

// foreseen is one fleet as the first pass leaves it.
type foreseen struct {
	at    campaign.SystemID
	known bool
	units *campaign.Fleet // what it holds during movement (movingFleet)
}

// lookahead returns what a first pass over the player's whole text finds
// (ahead), making the pass when a post-combat service first asks; nil in
// the first pass itself.
func (v *validator) lookahead() *ahead {
	s := v.services()
	if s.ahead == nil && v.list != nil {
		s.ahead = v.foresee()
	}
	return s.ahead
}

// foresee makes the first pass: it checks the whole text in a fresh
// validator, drops what that one finds wrong, and keeps where the FRDs and
// fleets end (ahead).
func (v *validator) foresee() *ahead {
	first := v.checker.validator(v.st.Player(v.player), &orders.Collector{})
	for _, o := range v.list {
		co := first.order(o)
		first.charge(&co)
		first.track(co)
	}
	a := &ahead{fleets: map[campaign.FleetID]foreseen{}}
	for _, f := range first.frdPlans() {
		a.frds = append(a.frds, f.at)
	}
	for _, id := range first.fleetIDs() {
		if f := first.fleet(id); f != nil {
			a.fleets[id] = foreseen{at: f.at, known: f.known, units: first.movingFleet(id)}
		}
	}
	return a
}
