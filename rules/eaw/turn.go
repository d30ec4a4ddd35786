package eaw

import (
	"bytes"
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// turn is the working state of one resolution.
type turn struct {
	prev *campaign.State
	// was finds the fleets and developments as the turn began.
	was   *campaign.Index
	next  *campaign.State
	graph *campaign.Graph
	date  campaign.Date
	// everyone lists every player, for the events all of them learn.
	everyone []campaign.PlayerID
	events   []game.Event
	// plans holds each player's accepted, costed orders, in player order.
	plans []plan
	// pinned marks fleets whose remaining orders were lost this turn
	// (EaW 19a).
	pinned map[campaign.FleetKey]bool
	// names maps system IDs to their names, for event texts.
	names map[campaign.SystemID]string
	// logs are the logs of the battles fought, for their sides' reports;
	// logBuf is room to write one in, used again fight after fight.
	logs   []foughtLog
	logBuf bytes.Buffer
	// refunds are the players' scrap refunds, credited at the end of the
	// turn to spend from the next (EaW 9.0).
	refunds map[campaign.PlayerID]int
	// flights are the movers of the movement while the orders set out
	// (moveFleets); broken the fortifications a siege roll broke, while
	// they are settled (fortify).
	flights *flights
	broken  map[campaign.SystemID]bool
	// fleets finds the next state's fleets while the battles are fought
	// (battles); nil otherwise.
	fleets *fleetIndex
	// battleCount counts the battles recorded, the pending ones the turn began
	// with included: it numbers the next (T3-B4).
	battleCount int
}

type plan struct {
	player campaign.PlayerID
	costed *Costed
	// late marks the fleet services carried out after the battles
	// (Timing).
	late []bool
}

func newTurn(st *campaign.State) *turn {
	next := st.Clone()
	names := make(map[campaign.SystemID]string, len(next.Map.Systems))
	for _, s := range next.Map.Systems {
		names[s.ID] = s.Name
	}
	return &turn{
		prev:        st,
		was:         campaign.NewIndex(st),
		everyone:    st.PlayerIDs(),
		next:        next,
		graph:       campaign.NewGraph(next.Map),
		date:        st.Date(),
		pinned:      make(map[campaign.FleetKey]bool),
		refunds:     make(map[campaign.PlayerID]int),
		names:       names,
		battleCount: len(st.Battles),
	}
}

func (t *turn) emit(e game.Event) { t.events = append(t.events, e) }

// acceptOrders validates each player's submission against the state at the
// start of the turn.
func (t *turn) acceptOrders(subs map[campaign.PlayerID]*orders.Submission) {
	// The graph of the next state's map is the previous one's: lanes never change.
	check := &Checker{st: t.prev, graph: t.graph, index: t.was}
	for _, p := range t.prev.Players {
		if !p.Active() {
			if p.OutTurn == t.prev.Turn {
				t.emit(game.Event{Kind: game.EventDropped, Players: t.everyone, Rule: "EaW 29.0",
					Text: fmt.Sprintf("%s (%s) left the campaign: %s. Everything they held is gone, and their planets must be found again.", p.Name, p.ID, p.Out)})
			}
			continue
		}
		sub, ok := subs[p.ID]
		if !ok || sub == nil {
			t.emit(game.Event{Kind: game.EventForfeit, Players: t.everyone,
				Text: fmt.Sprintf("%s (%s) sent no orders for turn %d and forfeits it: nothing of theirs moved, but income still accrues.", p.Name, p.ID, t.prev.Turn)})
			continue
		}
		costed, err := check.Validate(sub)
		if err != nil {
			t.emit(game.Event{Kind: EventOrdersDropped, Players: []campaign.PlayerID{p.ID},
				Text: "Your orders on file no longer fit the state at the deadline and were not carried out: " + err.Error()})
			continue
		}
		var tm Timing
		late := make([]bool, len(costed.Orders))
		for i, co := range costed.Orders {
			late[i] = tm.Add(co)
		}
		t.plans = append(t.plans, plan{player: p.ID, costed: costed, late: late})
	}
}
