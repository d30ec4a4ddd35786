package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Validation of the FRD orders, move_frd and build_frd (EaW 15a, 15e–15g,
// 17e), and of what a fortification's trap leaves a fleet: the siege roll
// (EaW 10c, 10h).

// frdPlan is one of the player's FRDs as the orders so far leave it.
type frdPlan struct {
	// start is where the FRD stands when the turn begins, at where the
	// orders so far take it.
	start, at campaign.SystemID
	// builtAt is the build order the FRD carries out this turn, with its
	// mp; towedAt its move_frd order. Zero if none.
	builtAt orders.Pos
	builtMP int
	towedAt orders.Pos
}

// frdPlans returns the player's FRDs, in the state's order.
func (v *validator) frdPlans() []*frdPlan {
	if !v.frdsRead {
		v.frdsRead = true
		for _, f := range v.st.FRDs {
			if f.Owner == v.player {
				v.frds = append(v.frds, &frdPlan{start: f.At, at: f.At})
			}
		}
	}
	return v.frds
}

// frdsAt returns the FRDs that stand at a system when the turn begins.
func frdsAt(frds []*frdPlan, at campaign.SystemID) []*frdPlan {
	var out []*frdPlan
	for _, f := range frds {
		if f.start == at {
			out = append(out, f)
		}
	}
	return out
}

// frdSystems lists where the FRDs stand when the turn begins, each system
// once.
func frdSystems(frds []*frdPlan) []campaign.SystemID {
	var out []campaign.SystemID
	for _, f := range frds {
		if !slices.Contains(out, f.start) {
			out = append(out, f.start)
		}
	}
	return out
}

// unitsOf returns the units a fleet holds when it moves and when the
// developments are made, as the orders read so far leave it: those it
// starts with, those mp 1 builds add, and what the fleet services carried
// out before movement give and take (movingFleet). Role checks (a MON, a
// tug, a freighter) read them, so intake and resolver agree on what a
// fleet holds (EaW 6.0, 7.0, 17e).
func (v *validator) unitsOf(id campaign.FleetID) []campaign.ClassName {
	if f := v.movingFleet(id); f != nil {
		return f.Units
	}
	return nil
}

// hasRole reports whether any of the units is of a class with role r.
func (v *validator) hasRole(units []campaign.ClassName, r campaign.Role) bool {
	return slices.ContainsFunc(units, func(u campaign.ClassName) bool {
		c := v.st.Catalogue.Class(u)
		return c != nil && c.Has(r)
	})
}

// trappedAt returns where an enemy fortification traps the player's fleet
// (EaW 10a), and whether one does.
func (v *validator) trappedAt(id campaign.FleetID) (campaign.SystemID, bool) {
	sf := v.index[campaign.FleetKey{Owner: v.player, ID: id}]
	if sf == nil || sf.Trapped == 0 {
		return "", false
	}
	return sf.At, true
}

// refuseTrapped reports an order for a fleet that an enemy fortification
// traps, which can do nothing but a siege roll (EaW 10h), and returns true;
// for a free fleet it returns false. doing completes "and cannot ...", e.g.
// "move" or "resupply". Every order for a fleet, but siege, asks it.
func (v *validator) refuseTrapped(pos orders.Pos, id campaign.FleetID, doing string) bool {
	at, trapped := v.trappedAt(id)
	if !trapped {
		return false
	}
	v.Add(pos, "EaW 10h", fmt.Sprintf("fleet %s is trapped by an enemy fortification at %s and cannot %s: a trapped fleet does nothing but a siege roll",
		id, at, doing), v.releaseHint(id, at))
	return true
}

// releaseHint says how a trapped fleet gets free (EaW 10b, 10c, 10d).
func (v *validator) releaseHint(id campaign.FleetID, at campaign.SystemID) string {
	r := v.st.Rules.Fortify
	return fmt.Sprintf("order siege: {fleet: %s} (%s; on %d on 2D6 the fortification falls, EaW 10c), send a second fleet into %s "+
		"(EaW 10b), or a fleet with a minesweeper (EaW 10d)", id, points(r.SiegeCost), r.Siege, at)
}

// siege checks a siege roll (EaW 10c): a fleet that an enemy fortification
// trapped in an earlier turn rolls 2D6 once per turn; on Rules.Fortify.Siege
// the fortification falls after the battles.
func (v *validator) siege(o Order, s *FleetOrder) CostedOrder {
	r := v.st.Rules.Fortify
	co := CostedOrder{Order: o, Points: r.SiegeCost}
	where := or(s.FleetPos, o.Pos)
	f := v.fleet(s.Fleet)
	if f == nil {
		v.noSuchFleet(where, "EaW 10c", s.Fleet)
		return co
	}
	at, trapped := v.trappedAt(s.Fleet)
	sf := v.index[campaign.FleetKey{Owner: v.player, ID: s.Fleet}]
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

// moveFRD checks a tow of one of the player's FRDs along warp lanes
// (EaW 15e): Rules.FRD.TowCost points a lane, less with a salvage or
// military tug in the named fleet (EaW 15f, 15g), never a free jump
// (EaW 13c). The tug's fleet and every fleet of the player at the FRD that
// holds a MON go along at no cost (EaW 17e), so none of them may move
// otherwise this turn.
func (v *validator) moveFRD(o Order, m *MoveFRD) CostedOrder {
	co := CostedOrder{Order: o}
	frd := v.tower(o, m)
	start := m.At
	if frd != nil {
		start = frd.at
	}
	cost, rule := v.st.Rules.FRD.TowCost[0], "EaW 15e"
	var ids []campaign.FleetID
	if m.Tug != "" {
		if f := v.fleet(m.Tug); f == nil {
			v.noSuchFleet(or(m.TugPos, o.Pos), "EaW 15f", m.Tug)
		} else {
			cost, rule = v.tug(o, m, f, start)
			ids = append(ids, m.Tug)
		}
	}
	if frd != nil {
		mons := v.monFleets(start, m.Tug)
		for _, id := range mons {
			co.Notes = append(co.Notes, fmt.Sprintf("fleet %s holds the FRD's MON and goes with it (EaW 17e)", id))
		}
		ids = append(ids, mons...)
	}
	skip := 0
	if len(m.Path) > 0 && m.Path[0] == start {
		skip = 1
	}
	jumps := m.Path[skip:]
	if len(jumps) == 0 && len(m.Path) > 0 {
		v.Add(at(m.PathPos, 0, o.Pos), "EaW 15e", fmt.Sprintf("the path names only %s, where the FRD already is", start),
			fmt.Sprintf("add the systems to enter; from %s, lanes lead to: %s", start, list(v.graph.Neighbours(start))))
	}
	end, endKnown := v.lanes(o, m, start, skip)
	if v.graph.Has(start) {
		co.Route = append(co.Route, start)
	}
	co.Route = append(co.Route, jumps...)
	co.Points = cost * len(jumps)
	co.Notes = append(co.Notes, fmt.Sprintf("the FRD moves for %s a lane (%s); it never takes a free jump (EaW 13c)", points(cost), rule))
	co.Towed = ids
	for _, id := range ids {
		f := v.fleet(id)
		v.movable(o, id, f, jumps, false)
		f.towedAt, f.movedAt = o.Pos, o.Pos
		f.route = slices.Clone(co.Route)
		f.at, f.known = end, endKnown
	}
	if frd != nil {
		frd.towedAt, frd.at = o.Pos, end
	}
	return co
}

// monFleets lists the player's fleets, but the tug, that stand at the FRD's
// system, have not moved, and hold a MON as the orders read so far leave
// them (unitsOf): they go with the FRD (EaW 17e). The resolver tows
// exactly these (CostedOrder.Towed).
func (v *validator) monFleets(at campaign.SystemID, tug campaign.FleetID) []campaign.FleetID {
	var out []campaign.FleetID
	for _, id := range v.fleetIDs() {
		f := v.fleet(id)
		if id != tug && f != nil && f.known && f.at == at && f.movedAt.IsZero() && v.hasRole(v.unitsOf(id), campaign.RoleMonitor) {
			out = append(out, id)
		}
	}
	return out
}

// tower picks the FRD a move_frd order tows: the player's FRD at m.At that
// is not moving yet. It returns nil, with the problem reported, when there
// is none.
func (v *validator) tower(o Order, m *MoveFRD) *frdPlan {
	frds := v.frdPlans()
	where := or(m.AtPos, o.Pos)
	if len(frds) == 0 {
		v.Add(where, "EaW 15a", "you have no FRD to move", v.noFRDHint())
		return nil
	}
	var moving *frdPlan
	for _, f := range frds {
		if f.start == m.At && f.towedAt.IsZero() {
			f.checkBuild(v, o)
			return f
		}
		if (f.start == m.At || f.at == m.At) && !f.towedAt.IsZero() {
			moving = f
		}
	}
	if moving != nil {
		v.Add(o.Pos, "EaW 15e", fmt.Sprintf("your FRD at %s already moves at %s; an FRD moves once per turn", moving.start, moving.towedAt),
			"combine the paths into one move_frd order")
		return nil
	}
	v.Add(where, "EaW 15e", fmt.Sprintf("you have no FRD at %s", m.At), "your FRDs stand at: "+list(frdSystems(frds)))
	return nil
}

// checkBuild refuses a tow of an FRD that builds with mp 0 this turn: those
// units join their fleet at the FRD after movement (EaW 6.0).
func (f *frdPlan) checkBuild(v *validator, o Order) {
	if !f.builtAt.IsZero() && f.builtMP == 0 {
		v.Add(o.Pos, "EaW 6.0", fmt.Sprintf("units built with mp 0 at %s join their fleet at your FRD at %s after movement; the FRD cannot move away this turn",
			f.builtAt, f.start), fmt.Sprintf("build with mp: 1 (%s), or move the FRD next turn", points(v.costs.BuildCost)))
	}
}

// tug checks the fleet named to tow the FRD and returns the cost of a lane
// and the rule for it: with a military tug (EaW 15g) or a salvage tug
// (EaW 15f) in the fleet. The fleet must stand at the FRD.
func (v *validator) tug(o Order, m *MoveFRD, f *fleetPlan, start campaign.SystemID) (int, string) {
	r := v.st.Rules.FRD
	where := or(m.TugPos, o.Pos)
	if f.known && f.at != start {
		v.Add(where, "EaW 15f", fmt.Sprintf("fleet %s will be at %s, not with your FRD at %s; a tug tows from where the FRD stands", m.Tug, f.at, start),
			fmt.Sprintf("name a fleet at %s, or leave tug: out", start))
	}
	units := v.unitsOf(m.Tug)
	switch {
	case v.hasRole(units, campaign.RoleMilitaryTug):
		return r.TowCost[2], "EaW 15g: with a military tug"
	case v.hasRole(units, campaign.RoleSalvageTug):
		return r.TowCost[1], "EaW 15f: with a salvage tug"
	}
	v.Add(where, "EaW 15f", fmt.Sprintf("fleet %s has no salvage tug or military tug", m.Tug),
		fmt.Sprintf("name a fleet with a salvage tug (%s a lane) or a military tug (%s), or leave tug: out to move the FRD for %s a lane",
			points(r.TowCost[1]), points(r.TowCost[2]), points(r.TowCost[0])))
	return r.TowCost[0], "EaW 15e"
}

// lanes checks the systems of a tow's path, each one lane from the one
// before, and returns where the tow ends.
func (v *validator) lanes(o Order, m *MoveFRD, start campaign.SystemID, skip int) (campaign.SystemID, bool) {
	prev, prevKnown := start, v.graph.Has(start)
	for i, s := range m.Path[skip:] {
		pos := at(m.PathPos, i+skip, o.Pos)
		switch {
		case !v.graph.Has(s):
			v.unknownSystem(pos, s, prev, prevKnown)
		case prevKnown && !v.graph.Adjacent(prev, s):
			v.Add(pos, "EaW 15e", fmt.Sprintf("no warp lane joins %s and %s", prev, s),
				fmt.Sprintf("from %s, lanes lead to: %s", prev, list(v.graph.Neighbours(prev))))
		}
		prev, prevKnown = s, v.graph.Has(s)
	}
	return prev, prevKnown
}

// buildFRD checks a new FRD (EaW 15a): Rules.FRD.BuildCost points and
// Rules.FRD.Price BPV, at a system where the player has a developed mine or
// colony. Whether an enemy fleet stands there is known only at resolution.
func (v *validator) buildFRD(o Order, b *BuildFRD) CostedOrder {
	r := v.st.Rules.FRD
	co := CostedOrder{Order: o, Points: r.BuildCost, BPV: r.Price}
	where := or(b.AtPos, o.Pos)
	var sites []campaign.SystemID
	for _, d := range v.st.Developments {
		if d.Owner == v.player && d.Developed() && !slices.Contains(sites, d.At) {
			sites = append(sites, d.At)
		}
	}
	hint := "you have no developed mine or colony yet: develop one first (EaW 12.0, 13.0)"
	if len(sites) > 0 {
		hint = "your developed mines and colonies: " + list(sites)
	}
	switch {
	case !v.graph.Has(b.At):
		v.Add(where, "EaW 15a", fmt.Sprintf("there is no system %q on the map", b.At), hint)
	case !slices.Contains(sites, b.At):
		v.Add(where, "EaW 15a", fmt.Sprintf("you have no developed mine or colony at %s, and a new FRD is placed only at one", b.At), hint)
	default:
		co.Notes = append(co.Notes, fmt.Sprintf("the new FRD at %s is placed after the battles if no enemy fleet stands there, "+
			"and builds from next turn (EaW 15a)", b.At))
	}
	v.pay(o, r.Price, "EaW 15a", fmt.Sprintf("a new FRD costs %d BPV", r.Price))
	return co
}
