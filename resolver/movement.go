package resolver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
)

// mover is a fleet with a route to fly this turn.
type mover struct {
	fleet *campaign.Fleet
	route []campaign.SystemID // including the start
	step  int                 // index in route of the system the fleet is at
	done  bool
}

// moveFleets flies every move order lane by lane, all empires at once
// (EaW 5a). Hostile fleets crossing the same lane in the same step meet in
// the lane and stop (EaW 5c); a fleet entering a system that holds another
// empire's fleet stops there and loses the rest of its route (EaW 19a).
func (t *turn) moveFleets() {
	movers := t.movers()
	occupants := t.occupants()
	for {
		active := activeMovers(movers)
		if len(active) == 0 {
			break
		}
		t.meetInLanes(active)
		entered := map[campaign.SystemID]bool{}
		for _, m := range active {
			if m.done {
				continue
			}
			from, to := m.route[m.step], m.route[m.step+1]
			occupants[from] = slices.DeleteFunc(occupants[from], func(f *campaign.Fleet) bool { return f == m.fleet })
			occupants[to] = append(occupants[to], m.fleet)
			m.fleet.At = to
			m.step++
			entered[to] = true
		}
		for _, m := range active {
			if m.done || !entered[m.fleet.At] {
				continue
			}
			if hostilePresent(occupants[m.fleet.At], m.fleet.Owner) {
				t.pin(m)
			} else if m.step == len(m.route)-1 {
				m.done = true
			}
		}
	}
	for _, m := range movers {
		t.reportMove(m)
	}
}

// movers lists the fleets with move orders, in player order then order
// order.
func (t *turn) movers() []*mover {
	index := make(map[campaign.FleetKey]*campaign.Fleet, len(t.next.Fleets))
	for i := range t.next.Fleets {
		index[t.next.Fleets[i].Key()] = &t.next.Fleets[i]
	}
	var out []*mover
	for _, p := range t.plans {
		for _, co := range p.costed.Orders {
			if co.Order.Move == nil || len(co.Route) < 2 {
				continue
			}
			f := index[campaign.FleetKey{Owner: p.player, ID: co.Order.Move.Fleet}]
			if f == nil || f.At != co.Route[0] {
				continue
			}
			out = append(out, &mover{fleet: f, route: co.Route})
		}
	}
	return out
}

func (t *turn) occupants() map[campaign.SystemID][]*campaign.Fleet {
	occ := make(map[campaign.SystemID][]*campaign.Fleet)
	for i := range t.next.Fleets {
		f := &t.next.Fleets[i]
		occ[f.At] = append(occ[f.At], f)
	}
	return occ
}

func activeMovers(ms []*mover) []*mover {
	var out []*mover
	for _, m := range ms {
		if !m.done && m.step < len(m.route)-1 {
			out = append(out, m)
		} else {
			m.done = true
		}
	}
	return out
}

func hostilePresent(fleets []*campaign.Fleet, owner campaign.PlayerID) bool {
	for _, f := range fleets {
		if f.Owner != owner {
			return true
		}
	}
	return false
}

// meetInLanes finds hostile fleets about to cross one lane in opposite
// directions in this step (EaW 5c). They meet in open space and stay where
// they were; the battle decides who goes on.
func (t *turn) meetInLanes(active []*mover) {
	type hop struct{ from, to campaign.SystemID }
	byHop := map[hop][]*mover{}
	for _, m := range active {
		h := hop{m.route[m.step], m.route[m.step+1]}
		byHop[h] = append(byHop[h], m)
	}
	for _, m := range active {
		if m.done {
			continue
		}
		from, to := m.route[m.step], m.route[m.step+1]
		if from > to {
			continue // each lane is examined once, from its lower end
		}
		var met []*mover
		for _, n := range byHop[hop{to, from}] {
			if n.fleet.Owner != m.fleet.Owner {
				met = append(met, n)
			}
		}
		if len(met) == 0 {
			continue
		}
		var fleets []*campaign.Fleet
		for _, n := range byHop[hop{from, to}] {
			fleets = append(fleets, n.fleet)
			t.pin(n)
		}
		for _, n := range byHop[hop{to, from}] {
			fleets = append(fleets, n.fleet)
			t.pin(n)
		}
		lane := campaign.Lane{A: from, B: to}
		t.addBattle("", &lane, fleets)
	}
}

// pin stops a fleet where it is; its remaining orders are lost (EaW 19a).
func (t *turn) pin(m *mover) {
	m.done = true
	t.pinned[m.fleet.Key()] = true
}

func (t *turn) reportMove(m *mover) {
	flown := m.route[:m.step+1]
	owner := []campaign.PlayerID{m.fleet.Owner}
	if len(flown) > 1 {
		t.emit(Event{Kind: EventMoved, Players: owner, At: m.fleet.At, Rule: "EaW 5a",
			Text: fmt.Sprintf("Fleet %s moved %s.", m.fleet.ID, t.routeText(flown))})
	}
	if m.step < len(m.route)-1 {
		t.emit(Event{Kind: EventPinned, Players: owner, At: m.fleet.At, Rule: "EaW 19a",
			Text: fmt.Sprintf("Fleet %s stopped at %s: it met hostile fleets, and its remaining route (%s) was not flown.",
				m.fleet.ID, t.systemName(m.fleet.At), t.routeText(m.route[m.step:]))})
	}
}

func (t *turn) routeText(route []campaign.SystemID) string {
	names := make([]string, len(route))
	for i, id := range route {
		names[i] = t.systemName(id)
	}
	return strings.Join(names, " → ")
}

func (t *turn) systemName(id campaign.SystemID) string {
	if n := t.names[id]; n != "" {
		return n
	}
	return string(id)
}
