package eaw

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Move sends a fleet along warp lanes (EaW 5a).
type Move struct {
	Fleet campaign.FleetID
	// Path lists the systems to enter in order; if the first element is the
	// fleet's current system it is the start and is not a jump.
	Path []campaign.SystemID
	// PathPos holds the position of each element of Path.
	PathPos  []orders.Pos
	FleetPos orders.Pos
}

// Name returns "move".
func (*Move) Name() string { return "move" }

// Example is a move order as players write it, for hints.
func (*Move) Example() string { return "- move: {fleet: 1st, path: [kessel, vega]}" }

// Fields are the keys a move order may hold.
func (*Move) Fields() []string { return []string{"fleet", "path"} }

func (*Move) parse(p *parser, key, n *yaml.Node) Kind {
	f := p.orderFields(key, n)
	m := &Move{}
	m.Fleet, m.FleetPos = requiredName[campaign.FleetID](p, f, key, "fleet", "fleet: 1st")
	if e, ok := p.required(f, key, "path"); ok {
		m.Path, m.PathPos = p.systems(e.Value, "path")
	}
	return m
}

func (*Move) schema(r *campaign.Rules) *schema {
	cost := "Each lane jumped costs " + orderPoints(r.Budget.JumpCost) + " (EaW 5.0), except one jump per fleet per turn " +
		"that starts at your own developed colony, which is free (EaW 5b)."
	perLane := points(r.Budget.JumpCost) + " per lane (EaW 5a); the first jump from your own developed colony is free (EaW 5b)."
	if !r.Budget.FreeJumpFromColony {
		cost = "Each lane jumped costs " + orderPoints(r.Budget.JumpCost) + " (EaW 5.0), from your own developed colony too: " +
			"this campaign has no free jump (EaW 5b)."
		perLane = points(r.Budget.JumpCost) + " per lane (EaW 5a); no jump is free (EaW 5b)."
	}
	return closed("A move order: fly one fleet along warp lanes (EaW 5a).", []string{"move"},
		prop{"move", closed("Fly a fleet along warp lanes (EaW 5a). "+cost+" A fleet moves once per turn, and not after "+
			"a develop order (EaW 12b, 13a). A fleet that enters a system holding another empire's fleet stops there (EaW 19a).",
			[]string{"fleet", "path"},
			prop{"fleet", nameSchema("One of your fleets, by the ID your report gives it, e.g. 1st.")},
			prop{"path", namesSchema("The systems to enter, in order, by ID, each one lane from the one before; it may "+
				"start with the fleet's own system, which is no jump. "+perLane, "A system ID, as your report gives it, e.g. ferrum.")},
		)})
}

// YAML echoes the order as players write it.
func (m *Move) YAML() string {
	return fmt.Sprintf("move: {fleet: %s, path: [%s]}", m.Fleet, join(m.Path))
}

// check checks a move along warp lanes (EaW 5a) and costs its jumps, the
// first jump from the player's own developed colony free (EaW 5b).
func (m *Move) check(v *validator, o Order) CostedOrder {
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

// freeJump reports whether the fleet's jump from here is free: its first
// jump this turn from the player's own developed colony (EaW 5b, §8 O12),
// unless enemy fleets trapped there disrupt the colony (EaW 10i).
func (v *validator) freeJump(f *fleetPlan, from campaign.SystemID) bool {
	return v.costs.FreeJumpFromColony && !f.freeJumpUsed && v.index.HasDevelopment(v.player, from, campaign.Colony) &&
		!v.index.Disrupted(from, v.player)
}

// fleets names the order's fleet.
func (m *Move) fleets() []campaign.FleetID { return []campaign.FleetID{m.Fleet} }

// timing names the fleet, which moves: its services below the move wait
// until after the battles.
func (m *Move) timing(CostedOrder) (moves, serves []campaign.FleetID) {
	return []campaign.FleetID{m.Fleet}, nil
}

// track keeps what the fleet holds while it flies (freeze), and refuses
// a move after a service it takes part in after the battles.
func (m *Move) track(v *validator, co CostedOrder, _ bool) {
	v.freeze(m.Fleet)
	v.lockedMove(co.Order.Pos, m.Fleet, m.Name())
}

// step sets the fleets out on their moves together (moveFleets).
func (*Move) step(bool) step { return stepMove }

// carryOut sets the fleet out on its route, if it still stands where
// the route starts: it flies with every other mover (moveFleets).
func (m *Move) carryOut(t *turn, a act) {
	route := a.co.Route
	if len(route) < 2 {
		return
	}
	f := t.flights.fleets[campaign.FleetKey{Owner: a.owner, ID: m.Fleet}]
	if f == nil || f.At != route[0] {
		return
	}
	t.flights.movers = append(t.flights.movers, &mover{owner: a.owner, fleets: []*campaign.Fleet{f}, route: route})
}

// offer offers a free fleet a move along each lane out that leaves room for the fleet
// (EaW 17a), at what it costs: the campaign's jump cost (EaW 5a), the
// first jump from the player's own undisrupted colony free where the
// campaign grants it (EaW 5b, 10i), the MON jump cost a lane for a MON's
// fleet away from its FRD, and none for a MON's fleet at an FRD, which
// goes where the FRD goes (EaW 17e).
func (*Move) offer(t *orderTemplate, sp spot) []suggestion {
	if sp.place != atFleet {
		return nil
	}
	f, next, r := sp.fleet, t.g.Neighbours(sp.fleet.At), &t.v.Rules
	mon := slices.Contains(f.Roles, campaign.RoleMonitor)
	cost := points(r.Budget.JumpCost) + " (EaW 5a)"
	switch {
	case mon && slices.Contains(t.v.FRDs, f.At):
		t.b.WriteString(wrapComment(fmt.Sprintf("It holds a MON, so it moves only with your FRD at %s: see move_frd below (EaW 17e).", f.At), 76))
		return nil
	case mon:
		cost = points(r.FRD.MONJumpCost) + " a lane: it holds a MON away from your FRDs (EaW 17e)"
	case r.Budget.FreeJumpFromColony && hasDevelopment(t.v, f.At, campaign.Colony) && !slices.Contains(t.v.Disrupted, f.At):
		cost = "free: the first jump from your own colony (EaW 5b)"
	}
	var out []suggestion
	for _, s := range next {
		if t.crowded(len(fleetsAt(t.v, s)) + 1) {
			continue // one fleet too many there breaks EaW 17a
		}
		out = append(out, suggestion{fmt.Sprintf("- move: {fleet: %s, path: [%s]}", yamlName(string(f.ID)), yamlName(string(s))), cost})
	}
	return out
}
