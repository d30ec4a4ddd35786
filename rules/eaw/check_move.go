package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// move checks a move along warp lanes (EaW 5a) and costs its jumps, the
// first jump from the player's own developed colony free (EaW 5b).
func (v *validator) move(o Order, m *Move) CostedOrder {
	co := CostedOrder{Order: o}
	f := v.fleet(m.Fleet)
	if f == nil {
		v.noSuchFleet(or(m.FleetPos, o.Pos), "EaW 5a", m.Fleet)
		co.Route = slices.Clone(m.Path)
		co.Points = len(m.Path) * v.costs.JumpCost
		return co
	}
	// The first system is the start if the fleet is there already.
	skip := 0
	if f.known && len(m.Path) > 0 && m.Path[0] == f.at {
		skip = 1
	}
	jumps := m.Path[skip:]
	v.movable(o, m.Fleet, f, jumps, true)
	if len(jumps) == 0 && len(m.Path) > 0 {
		v.Add(at(m.PathPos, 0, o.Pos), "EaW 5a", fmt.Sprintf("the path names only %s, where fleet %s already is", f.at, m.Fleet),
			fmt.Sprintf("add the systems to enter; from %s, lanes lead to: %s", f.at, list(v.graph.Neighbours(f.at))))
	}
	if f.known {
		co.Route = append(co.Route, f.at)
	}
	co.Route = append(co.Route, jumps...)

	v.jump(&co, m, f, skip)
	if f.movedAt.IsZero() {
		f.movedAt = o.Pos
	}
	if len(f.route) == 0 {
		f.route = slices.Clone(co.Route)
	} else {
		f.route = append(f.route, jumps...)
	}
	return co
}

// jump walks the path lane by lane from where the fleet is, costs each jump
// into co and leaves the fleet at the path's end.
func (v *validator) jump(co *CostedOrder, m *Move, f *fleetPlan, skip int) {
	where := "is"
	if !f.movedAt.IsZero() || !f.createdAt.IsZero() {
		where = "will be"
	}
	prev, prevKnown := f.at, f.known
	jumpCost, mon := v.costs.JumpCost, v.hasRole(v.unitsOf(m.Fleet), campaign.RoleMonitor)
	if mon {
		jumpCost = v.st.Rules.FRD.MONJumpCost
		co.Notes = append(co.Notes, fmt.Sprintf("fleet %s holds a MON: each lane costs %s, and it takes no free jump (EaW 17e, 13c)",
			m.Fleet, points(jumpCost)))
	}
	for i, s := range m.Path[skip:] {
		pos := at(m.PathPos, i+skip, co.Order.Pos)
		cost := jumpCost
		switch {
		case !v.graph.Has(s):
			v.unknownSystem(pos, s, prev, prevKnown)
		case prevKnown && !v.graph.Adjacent(prev, s):
			msg := fmt.Sprintf("no warp lane joins %s and %s", prev, s)
			if i == 0 && skip == 0 {
				msg = fmt.Sprintf("fleet %s %s at %s, and %s", m.Fleet, where, prev, msg)
			}
			v.Add(pos, "EaW 5a", msg, fmt.Sprintf("from %s, lanes lead to: %s", prev, list(v.graph.Neighbours(prev))))
		case prevKnown && !mon && v.freeJump(f, prev):
			cost = 0
			f.freeJumpUsed = true
			co.Notes = append(co.Notes, fmt.Sprintf("jump %s → %s is free: it starts at your developed colony (EaW 5b)", prev, s))
		}
		co.Points += cost
		prev, prevKnown = s, v.graph.Has(s)
	}
	f.at, f.known = prev, prevKnown
}

// movable reports why the fleet may not move now: an enemy fortification
// traps it (EaW 10h), it was ordered to develop (EaW 11a, 12b, 13a), it
// moves already (EaW 5a), with an FRD or by itself, it was built with mp 0
// (EaW 6.0), or, moving alone, it holds the MON of an FRD where it stands
// (EaW 17e). jumps are the lanes it would fly.
func (v *validator) movable(o Order, id campaign.FleetID, f *fleetPlan, jumps []campaign.SystemID, alone bool) {
	if v.refuseTrapped(o.Pos, id, "move") {
		return
	}
	if !f.developedAt.IsZero() {
		v.Add(o.Pos, developRule(f.developed), fmt.Sprintf("fleet %s is ordered to develop a %s at %s and may not move after that",
			id, f.developed, f.developedAt), "put the move before the develop order, or drop the move")
	}
	switch {
	case !f.towedAt.IsZero():
		v.Add(o.Pos, "EaW 5a", fmt.Sprintf("fleet %s goes with the FRD moved at %s; a fleet moves once per turn", id, f.towedAt),
			"drop this move, or the FRD's")
	case !f.movedAt.IsZero() && !alone:
		v.Add(o.Pos, "EaW 5a", fmt.Sprintf("fleet %s already moves at %s, and would go with the FRD; a fleet moves once per turn", id, f.movedAt),
			"drop the fleet's move, or move the FRD another turn")
	case !f.movedAt.IsZero():
		combined := slices.Concat(f.route, jumps)
		v.Add(o.Pos, "EaW 5a", fmt.Sprintf("fleet %s already moves at %s; a fleet moves once per turn", id, f.movedAt),
			fmt.Sprintf("combine the paths into one: path: [%s]", list(combined)))
	}
	if !f.createdAt.IsZero() && f.createdMP == 0 {
		v.Add(o.Pos, "EaW 6.0", fmt.Sprintf("fleet %s is built with mp 0 at %s, so it moves next turn", id, f.createdAt),
			fmt.Sprintf("build it with mp: 1 (%s) to move it this turn", points(v.costs.BuildCost)))
	}
	if !f.reinforcedAt.IsZero() {
		v.Add(o.Pos, "EaW 6.0", fmt.Sprintf("units built with mp 0 at %s join fleet %s after movement, at the FRD; the fleet cannot move away this turn", f.reinforcedAt, id),
			fmt.Sprintf("build with mp: 1 (%s) so the units move with the fleet, or build them into a fleet that stays", points(v.costs.BuildCost)))
	}
	if alone && f.known && v.hasRole(v.unitsOf(id), campaign.RoleMonitor) && slices.ContainsFunc(v.frdPlans(), func(d *frdPlan) bool { return d.at == f.at }) {
		v.Add(o.Pos, "EaW 17e", fmt.Sprintf("fleet %s holds a MON, which stays with your FRD at %s", id, f.at),
			fmt.Sprintf("move the FRD with move_frd: {at: %s, path: [...]}, and the fleet goes with it", f.at))
	}
}

// developRule is the rule that keeps a developing fleet in place: EaW 11a
// for a fortification, 12b for a mine, 13a for a colony.
func developRule(k campaign.DevelopmentKind) string {
	switch k {
	case campaign.Fortification:
		return "EaW 11a"
	case campaign.Colony:
		return "EaW 13a"
	}
	return "EaW 12b"
}

// freeJump reports whether the fleet's jump from here is free: its first
// jump this turn from the player's own developed colony (EaW 5b, §8 O12),
// unless enemy fleets trapped there disrupt the colony (EaW 10i).
func (v *validator) freeJump(f *fleetPlan, from campaign.SystemID) bool {
	return v.costs.FreeJumpFromColony && !f.freeJumpUsed && v.st.HasDevelopment(v.player, from, campaign.Colony) &&
		!v.st.Disrupted(from, v.player)
}

// unknownSystem reports a path element that names no system, suggesting
// the nearest ID or name, and the lanes from the system before it.
func (v *validator) unknownSystem(pos orders.Pos, s, prev campaign.SystemID, prevKnown bool) {
	var cands []string
	for _, sys := range v.st.Map.Systems {
		cands = append(cands, string(sys.ID))
	}
	for _, sys := range v.st.Map.Systems {
		cands = append(cands, sys.Name)
	}
	hint := ""
	if n, ok := v.Suggest(string(s), cands); ok {
		id := campaign.SystemID(n)
		for _, sys := range v.st.Map.Systems {
			if sys.Name == n && !v.graph.Has(id) {
				id = sys.ID
				break
			}
		}
		hint = fmt.Sprintf("did you mean %s? ", id)
	}
	if prevKnown {
		hint += fmt.Sprintf("from %s, lanes lead to: %s", prev, list(v.graph.Neighbours(prev)))
	} else {
		hint += "write systems by their ID, as your turn report shows them"
	}
	v.Add(pos, "EaW 5a", fmt.Sprintf("there is no system %q on the map", s), hint)
}
