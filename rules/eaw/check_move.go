package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

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
