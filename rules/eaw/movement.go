package eaw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// mover is what flies one route this turn: a fleet on a move order, or an
// FRD on a move_frd order with the fleets that go with it, its tug's and
// its MON's (EaW 15e, 17e).
type mover struct {
	owner campaign.PlayerID
	// fleets fly the route together; none for an FRD towed alone.
	fleets []*campaign.Fleet
	// frd is the FRD a tow moves; nil for a fleet's move.
	frd   *campaign.FRD
	route []campaign.SystemID // including the start
	step  int                 // index in route of the system the mover is at
	done  bool
	// trapped is set when another player's fortification stopped it
	// (EaW 10a).
	trapped bool
}

// flights are the movers of the turn's movement as the move and move_frd
// orders set out (moveFleets): the fleets' moves first, then the FRDs'
// tows, each in player order, then in the order written.
type flights struct {
	movers []*mover
	// fleets are the fleets by key, to find a move's fleet.
	fleets map[campaign.FleetKey]*campaign.Fleet
	// frds marks the FRDs a tow takes, by their index in the state;
	// escorted the fleets that go with one.
	frds     map[int]bool
	escorted map[campaign.FleetKey]bool
}

func newFlights(st *campaign.State) *flights {
	f := &flights{fleets: make(map[campaign.FleetKey]*campaign.Fleet, len(st.Fleets)), frds: map[int]bool{},
		escorted: map[campaign.FleetKey]bool{}}
	for i := range st.Fleets {
		f.fleets[st.Fleets[i].Key()] = &st.Fleets[i]
	}
	return f
}

// at returns the system the mover is at.
func (m *mover) at() campaign.SystemID { return m.route[m.step] }

// moveFleets flies every move and move_frd order lane by lane, all empires
// at once (EaW 5a): an FRD's tow goes in the same steps as the fleets.
// Hostile fleets crossing the same lane in the same step meet in the lane
// and stop (EaW 5c); a mover entering a system that holds another empire's
// fleet stops there and loses the rest of its route (EaW 19a); one entering
// another player's fortification stops there too, and its fleets are
// trapped (EaW 10a).
func (t *turn) moveFleets() {
	t.flights = newFlights(t.next)
	t.carryOut(stepMove)
	t.carryOut(stepTow)
	movers := t.flights.movers
	t.flights = nil
	occupants := t.occupants()
	for {
		active := activeMovers(movers)
		if len(active) == 0 {
			break
		}
		t.meetInLanes(active)
		for _, m := range active {
			if !m.done {
				m.fly(occupants)
			}
		}
		for _, m := range active {
			switch {
			case m.done:
			case t.fortifiedInMovement(m.at(), m.owner) != "":
				t.trap(m)
			case hostilePresent(occupants[m.at()], m.owner):
				t.pin(m)
			case m.step == len(m.route)-1:
				m.done = true
			}
		}
	}
	for _, m := range movers {
		t.reportMove(m)
	}
}

// fly takes the mover one lane on, its fleets and its FRD.
func (m *mover) fly(occupants map[campaign.SystemID][]*campaign.Fleet) {
	from, to := m.route[m.step], m.route[m.step+1]
	for _, f := range m.fleets {
		occupants[from] = slices.DeleteFunc(occupants[from], func(o *campaign.Fleet) bool { return o == f })
		occupants[to] = append(occupants[to], f)
		f.At = to
	}
	if m.frd != nil {
		m.frd.At = to
	}
	m.step++
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

// hostileAt reports whether another player's fleet stands at a system.
func (t *turn) hostileAt(at campaign.SystemID, owner campaign.PlayerID) bool {
	for i := range t.next.Fleets {
		if f := &t.next.Fleets[i]; f.At == at && f.Owner != owner {
			return true
		}
	}
	return false
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
// they were; the battle decides who goes on. An FRD towed alone is no
// fleet: it meets nobody in a lane.
func (t *turn) meetInLanes(active []*mover) {
	type hop struct{ from, to campaign.SystemID }
	byHop := map[hop][]*mover{}
	for _, m := range active {
		if len(m.fleets) > 0 {
			h := hop{m.route[m.step], m.route[m.step+1]}
			byHop[h] = append(byHop[h], m)
		}
	}
	for _, m := range active {
		if m.done || len(m.fleets) == 0 {
			continue
		}
		from, to := m.route[m.step], m.route[m.step+1]
		if from > to {
			continue // each lane is examined once, from its lower end
		}
		if !slices.ContainsFunc(byHop[hop{to, from}], func(n *mover) bool { return n.owner != m.owner }) {
			continue
		}
		var fleets []*campaign.Fleet
		for _, n := range slices.Concat(byHop[hop{from, to}], byHop[hop{to, from}]) {
			fleets = append(fleets, n.fleets...)
			t.pin(n)
		}
		lane := campaign.Lane{A: from, B: to}
		t.addBattle("", &lane, fleets)
	}
}

// pin stops a mover where it is; the remaining orders of its fleets are
// lost (EaW 19a).
func (t *turn) pin(m *mover) {
	m.done = true
	for _, f := range m.fleets {
		t.pinned[f.Key()] = true
	}
}

// reportMove tells the owner how far the mover flew, and why it stopped
// short.
func (t *turn) reportMove(m *mover) {
	flown := m.route[:m.step+1]
	owner := []campaign.PlayerID{m.owner}
	what := t.moverName(m)
	if len(flown) > 1 {
		text := fmt.Sprintf("%s moved %s.", what, t.routeText(flown))
		if m.frd != nil {
			text = fmt.Sprintf("%s moved %s%s.", what, t.routeText(flown), t.escortText(m))
		}
		t.emit(game.Event{Kind: EventMoved, Players: owner, At: m.at(), Rule: moveRule(m), Text: text})
	}
	rest := ""
	if m.step < len(m.route)-1 {
		rest = fmt.Sprintf(", and its remaining route (%s) was not flown", t.routeText(m.route[m.step:]))
	}
	switch {
	case m.trapped:
		t.reportTrap(m, what, rest)
	case rest != "":
		t.emit(game.Event{Kind: EventPinned, Players: owner, At: m.at(), Rule: "EaW 19a",
			Text: fmt.Sprintf("%s stopped at %s: it met hostile fleets%s.", what, t.systemName(m.at()), rest)})
	}
}

// moverName names a mover for its owner: "Fleet 1st" or "Your FRD".
func (t *turn) moverName(m *mover) string {
	if m.frd != nil {
		return "Your FRD"
	}
	return "Fleet " + string(m.fleets[0].ID)
}

func moveRule(m *mover) string {
	if m.frd != nil {
		return "EaW 15e"
	}
	return "EaW 5a"
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

// advance takes a fleet that won a battle in a lane on to the system it
// was flying to (EaW 5c), as it is after the battle. It stops there: the
// rest of its route is lost, as for every fleet that met hostile fleets
// (EaW 19a). There it may meet hostile fleets, or another player's
// fortification traps it (EaW 10a).
func (t *turn) advance(b campaign.Battle, f *campaign.Fleet) {
	to := b.Lane.A
	if f.At == b.Lane.A {
		to = b.Lane.B
	}
	m := &mover{owner: f.Owner, fleets: []*campaign.Fleet{f}, route: []campaign.SystemID{f.At, to}, step: 1}
	t.fleets.move(f, to)
	t.pinned[f.Key()] = true
	t.emit(game.Event{Kind: EventMoved, Players: []campaign.PlayerID{f.Owner}, At: to, Rule: "EaW 5c",
		Text: fmt.Sprintf("Fleet %s held the lane after battle %s and went on to %s, where it stops.", f.ID, b.ID, t.systemName(to))})
	if t.fortifiedInMovement(to, f.Owner) != "" {
		t.trap(m)
		t.reportTrap(m, t.moverName(m), "")
	}
}

// escortText names the fleets that went with a towed FRD: ", with fleet
// 4th", or "".
func (t *turn) escortText(m *mover) string {
	if len(m.fleets) == 0 {
		return ""
	}
	ids := make([]campaign.FleetID, len(m.fleets))
	for i, f := range m.fleets {
		ids[i] = f.ID
	}
	if len(ids) == 1 {
		return ", with fleet " + string(ids[0])
	}
	return ", with fleets " + andList(ids)
}
