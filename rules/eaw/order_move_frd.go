package eaw

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// MoveFRD tows one of the player's FRDs along warp lanes (EaW 15e, 15f,
// 15g). At is the system the FRD stands in; Tug, if set, is a fleet there
// with a tug, which goes along and lowers the cost per lane.
type MoveFRD struct {
	At      campaign.SystemID
	Path    []campaign.SystemID
	Tug     campaign.FleetID
	AtPos   orders.Pos
	PathPos []orders.Pos
	TugPos  orders.Pos
}

// Name returns "move_frd".
func (*MoveFRD) Name() string { return "move_frd" }

// Example is a move_frd order as players write it, for hints.
func (*MoveFRD) Example() string { return "- move_frd: {at: drakkar, path: [ferrum], tug: 4th}" }

// Fields are the keys a move_frd order may hold.
func (*MoveFRD) Fields() []string { return []string{"at", "path", "tug"} }

func (*MoveFRD) parse(p *parser, key, n *yaml.Node) Kind {
	f := p.orderFields(key, n)
	m := &MoveFRD{}
	m.At, m.AtPos = requiredName[campaign.SystemID](p, f, key, "at", "at: drakkar")
	if e, ok := p.required(f, key, "path"); ok {
		m.Path, m.PathPos = p.systems(e.Value, "path")
	}
	if e, ok := f.Get("tug"); ok {
		s, _ := p.Name(e.Value, "tug", "tug: 4th")
		m.Tug, m.TugPos = campaign.FleetID(s), orders.PosOf(e.Value)
	}
	return m
}

func (m *MoveFRD) schema(r *campaign.Rules) *schema {
	tow := r.FRD.TowCost
	return kindSchema(m.Name(), "A move_frd order: tow an FRD along warp lanes (EaW 15e).",
		fmt.Sprintf("Move one of your FRDs along warp lanes: %s per lane, %d with a salvage tug, %d with a military "+
			"tug (EaW 15e, 15f, 15g). Never a free jump. Its MON goes with it (EaW 17e).", orderPoints(tow[0]), tow[1], tow[2]),
		[]string{"at", "path"},
		prop{"at", nameSchema("The system your FRD stands in, e.g. drakkar.")},
		prop{"path", namesSchema("The systems to enter, in order, each one lane from the one before.", "A system ID, e.g. ferrum.")},
		prop{"tug", nameSchema("A fleet of yours at the FRD with a tug, which tows it and goes along, e.g. 4th.")})
}

// YAML echoes the order as players write it.
func (m *MoveFRD) YAML() string {
	tug := ""
	if m.Tug != "" {
		tug = fmt.Sprintf(", tug: %s", m.Tug)
	}
	return fmt.Sprintf("move_frd: {at: %s, path: [%s]%s}", m.At, join(m.Path), tug)
}

// check checks a tow of one of the player's FRDs along warp lanes
// (EaW 15e): Rules.FRD.TowCost points a lane, less with a salvage or
// military tug in the named fleet (EaW 15f, 15g), never a free jump
// (EaW 13c). The tug's fleet and every fleet of the player at the FRD that
// holds a MON go along at no cost (EaW 17e), so none of them may move
// otherwise this turn.
func (m *MoveFRD) check(v *validator, o Order) CostedOrder {
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
// is not moving yet, one that completes no big ship first (EaW 6.0). It
// returns nil, with the problem reported, when there is none.
func (v *validator) tower(o Order, m *MoveFRD) *frdPlan {
	frds := slices.Clone(v.frdPlans())
	where := or(m.AtPos, o.Pos)
	if len(frds) == 0 {
		v.Add(where, "EaW 15a", "you have no FRD to move", v.noFRDHint())
		return nil
	}
	slices.SortStableFunc(frds, func(a, b *frdPlan) int {
		if (a.completing == nil) == (b.completing == nil) {
			return 0
		}
		if a.completing == nil {
			return -1
		}
		return 1
	})
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

// checkBuild refuses a tow of an FRD that builds with mp 0 this turn, or
// completes a big ship: those units join their fleet at the FRD after
// movement (EaW 6.0).
func (f *frdPlan) checkBuild(v *validator, o Order) {
	if c := f.completing; c != nil {
		v.Add(o.Pos, "EaW 6.0", fmt.Sprintf("your FRD at %s completes the %s for fleet %s after movement this turn; it cannot move away", f.start, c.Class, c.Fleet),
			"move the FRD next turn")
	}
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

// fleets names the tug's fleet, if any.
func (m *MoveFRD) fleets() []campaign.FleetID {
	if m.Tug == "" {
		return nil
	}
	return []campaign.FleetID{m.Tug}
}

// timing names the fleets that go with the FRD (CostedOrder.Towed), which
// move: their services below the tow wait until after the battles.
func (*MoveFRD) timing(co CostedOrder) (moves, serves []campaign.FleetID) { return co.Towed, nil }

// track keeps what the towed fleets hold while they fly (freeze), and
// refuses the tow of a fleet bound to a service after the battles.
func (m *MoveFRD) track(v *validator, co CostedOrder, _ bool) {
	v.freeze(co.Towed...)
	for _, id := range co.Towed {
		v.lockedMove(co.Order.Pos, id, m.Name())
	}
}

// step sets the FRDs out on their tows after the fleets' moves, and fly
// with them (moveFleets).
func (*MoveFRD) step(bool) step { return stepTow }

// carryOut sets the FRD out on its route, with the fleets intake named to
// go with it (CostedOrder.Towed): its tug's and each of its owner's
// fleets at its system that holds a MON (EaW 15f, 15g, 17e). Intake has
// made sure none of them moves otherwise, so the tow and the fleet
// services agree on which fleets move (Timing). An FRD gone from where
// the route starts stays, and its owner is told.
func (m *MoveFRD) carryOut(t *turn, a act) {
	route := a.co.Route
	if len(route) < 2 {
		return
	}
	i := -1
	for k, f := range t.next.FRDs {
		if f.Owner == a.owner && f.At == route[0] && !t.flights.frds[k] {
			i = k
			break
		}
	}
	if i < 0 {
		t.orderFailed(a.owner, route[0], "EaW 15e", fmt.Sprintf("Your FRD at %s did not move: you have no FRD there any more.",
			t.systemName(route[0])))
		return
	}
	t.flights.frds[i] = true
	mv := &mover{owner: a.owner, frd: &t.next.FRDs[i], route: route}
	for _, id := range a.co.Towed {
		f := t.next.Fleet(a.owner, id)
		if f == nil || f.At != route[0] || f.Trapped != 0 || t.flights.escorted[f.Key()] || len(f.Units) == 0 {
			continue
		}
		t.flights.escorted[f.Key()] = true
		mv.fleets = append(mv.fleets, f)
	}
	slices.SortFunc(mv.fleets, func(a, b *campaign.Fleet) int { return campaign.CompareKeys(a.Key(), b.Key()) })
	t.flights.movers = append(t.flights.movers, mv)
}

// offer offers the first FRD at a system a tow (tow).
func (*MoveFRD) offer(t *orderTemplate, sp spot) []suggestion {
	if sp.place != atFRD || !sp.first {
		return nil
	}
	return t.tow(sp.frd)
}

// tow offers to move the FRD at a system one lane (EaW 15e), with the
// fleet there that tows it cheapest (EaW 15f, 15g). The fleets holding a
// MON there go along (EaW 17e), so the tow is not offered when one of them
// is trapped (EaW 10h), and it goes only where they and the tug leave room
// (EaW 17a).
func (t *orderTemplate) tow(at campaign.SystemID) []suggestion {
	var going []FleetView
	for _, f := range t.v.Fleets {
		if f.At != at || !slices.Contains(f.Roles, campaign.RoleMonitor) {
			continue
		}
		if f.Trapped != 0 {
			t.b.WriteString(wrapComment(fmt.Sprintf("Your FRD at %s cannot move: fleet %s holds its MON and is trapped (EaW 17e, 10h).", at, f.ID), 76))
			return nil
		}
		going = append(going, f)
	}
	tow := t.v.Rules.FRD.TowCost
	cost, rule, tug := tow[0], "EaW 15e", ""
	if f, ok := t.tug(at, campaign.RoleMilitaryTug); ok {
		cost, rule, tug = tow[2], fmt.Sprintf("EaW 15g: fleet %s has a military tug", f.ID), string(f.ID)
	} else if f, ok := t.tug(at, campaign.RoleSalvageTug); ok {
		cost, rule, tug = tow[1], fmt.Sprintf("EaW 15f: fleet %s has a salvage tug", f.ID), string(f.ID)
	}
	if tug != "" && !slices.ContainsFunc(going, func(f FleetView) bool { return string(f.ID) == tug }) {
		going = append(going, FleetView{ID: campaign.FleetID(tug)})
	}
	if cost > t.v.Budget {
		return nil
	}
	for _, s := range t.g.Neighbours(at) {
		if t.crowded(len(fleetsAt(t.v, s)) + len(going)) {
			continue // EaW 17a
		}
		order := fmt.Sprintf("- move_frd: {at: %s, path: [%s]", yamlName(string(at)), yamlName(string(s)))
		if tug != "" {
			order += ", tug: " + yamlName(tug)
		}
		what := fmt.Sprintf("%s a lane (%s)", points(cost), rule)
		if ids := fleetIDs(going); ids != "" {
			what += "; " + ids + " go along"
		}
		return []suggestion{{order + "}", what + "; never a free jump (EaW 13c)"}}
	}
	return nil
}

// tug returns the player's free fleet at a system that has the role, the
// first in the view's order.
func (t *orderTemplate) tug(at campaign.SystemID, r campaign.Role) (FleetView, bool) {
	for _, f := range t.v.Fleets {
		if f.At == at && f.Trapped == 0 && slices.Contains(f.Roles, r) {
			return f, true
		}
	}
	return FleetView{}, false
}

// fleetIDs writes fleets as "fleet 1st" or "fleets 1st, 2nd"; "" for none.
func fleetIDs(fs []FleetView) string {
	ids := make([]string, len(fs))
	for i, f := range fs {
		ids[i] = string(f.ID)
	}
	switch len(ids) {
	case 0:
		return ""
	case 1:
		return "fleet " + ids[0]
	}
	return "fleets " + strings.Join(ids, ", ")
}
