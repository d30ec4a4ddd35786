package eaw

import (
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Version is stamped into every resolved turn. Raise it whenever a change
// alters the outcome of the same state and orders.
const Version = 3

// Result is one resolved turn.
type Result struct {
	// Next is the state of the following turn.
	Next *campaign.State
	// Events is everything that happened, in order: the GM's view.
	Events []game.Event
	// Views holds one View per player, in the state's player order.
	Views []View
}

// Announce adds a public notice from the moderator to the result: to its
// events, first, so that a replay shows it too, and to every view.
func (r *Result) Announce(text string) {
	e := game.Event{Kind: game.EventNotice, Players: r.Next.PlayerIDs(), Text: text}
	r.Events = append([]game.Event{e}, r.Events...)
	for i := range r.Views {
		r.Views[i].Events = append([]game.Event{e}, r.Views[i].Events...)
	}
}

// Resolve plays st.Turn with the orders on file and returns the next turn.
// subs maps players to their submissions; a player without one does
// nothing this turn and forfeits it (UTD3.31). Orders are validated again against st, so orders that
// no longer fit the state (after a rollback, say) are dropped with an event
// instead of being half applied.
func Resolve(st *campaign.State, subs map[campaign.PlayerID]*orders.Submission) *Result {
	t := newTurn(st)
	t.acceptOrders(subs)
	t.placeBuilds(1) // EaW 6.0: units built with 1 MP may move this turn
	// EaW 6d, 7.0, 9.0, 9b, 14.0: services ordered before their fleets' moves
	svc := t.serveBeforeMovement()
	t.moveFleets() // EaW 5a, 5c, 19a, 10a, 15e
	auto := t.next.Rules.Battles == campaign.BattlesAuto
	if auto {
		t.fightBattles(inLane) // EaW 5c: a lane's winner goes on to its target
	}
	t.findBattles() // EaW 5d, 19.0
	if auto {
		t.fightBattles(atSystem)
	}
	t.fortify()        // EaW 10b–10f: sieges, releases
	t.ravage()         // EaW 12a, 13c
	t.overrunFRDs()    // EaW 15a
	t.placeFRDs()      // EaW 15a: new FRDs
	t.developPlanets() // EaW 11.0, 12.0, 13.0
	t.explore(subs)    // EaW 16.0, 33.0 #2
	t.placeBuilds(0)   // EaW 6.0: units built with 0 MP move next turn
	// EaW 4b, 24.0, 9.0: services after their fleets' moves, self-repairs
	t.serveAfterBattles(svc)
	t.newYear()   // EaW 3.0, 3c, 12a
	t.eliminate() // EaW 29.0
	t.next.Turn++
	t.standings()              // EaW 4e, once the campaign is over
	views := t.computeVision() // EaW 5e
	attachLogs(views, t.logs)
	return &Result{Next: t.next, Events: t.events, Views: views}
}
