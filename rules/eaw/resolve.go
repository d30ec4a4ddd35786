package eaw

import (
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Version is stamped into every resolved turn. Raise it whenever a change
// alters the outcome of the same state and orders; what each version
// changed is in docs/rules-eaw.md ("Resolver versions").
const Version = 6

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
// nothing this turn and forfeits it; the rules know no forfeits, so the
// event cites no rule. Orders are validated again against st, so orders that
// no longer fit the state (after a rollback, say) are dropped with an event
// instead of being half applied.
func Resolve(st *campaign.State, subs map[campaign.PlayerID]*orders.Submission) *Result {
	t := newTurn(st)
	t.acceptOrders(subs)
	t.placeBuilds(stepBuildMoving) // EaW 6.0: units built with 1 MP may move this turn
	// EaW 6d, 7.0, 9.0, 9b, 14.0: services ordered before their fleets' moves
	t.serve(stepServeBefore)
	t.moveFleets() // EaW 5a, 5c, 19a, 10a, 15e
	auto := t.next.Rules.Battles == campaign.BattlesAuto
	if auto {
		t.fightBattles(inLane) // EaW 5c: a lane's winner goes on to its target
	}
	t.findBattles() // EaW 5d, 19.0
	if auto {
		t.fightBattles(atSystem)
	}
	t.fortify()                  // EaW 10b–10f: sieges, releases
	t.ravage()                   // EaW 12a, 13c
	t.overrunFRDs()              // EaW 15a
	t.carryOut(stepPlaceFRD)     // EaW 15a: new FRDs
	t.carryOut(stepDevelop)      // EaW 11.0, 12.0, 13.0
	t.explore(subs)              // EaW 16.0, 33.0 #2
	t.placeBuilds(stepBuildLate) // EaW 6.0: units built with 0 MP move next turn
	// EaW 4b, 24.0, 9.0: services after their fleets' moves, self-repairs
	t.serve(stepServeAfter)
	t.creditRefunds() // EaW 9.0: scrap refunds, to spend from next turn
	t.newYear()       // EaW 3.0, 3c, 12a
	t.eliminate()     // EaW 29.0
	t.next.Turn++
	t.standings()              // EaW 4e, once the campaign is over
	views := t.computeVision() // EaW 5e
	attachLogs(views, t.logs)
	return &Result{Next: t.next, Events: t.events, Views: views}
}

// step is a step of the turn that carries out orders, in rule order
// (Resolve). Each order kind says at which step its orders are carried
// out (Kind.step), and the step calls on them (carryOut).
type step int

// The steps of a turn that carry out orders.
const (
	_               step = iota
	stepBuildMoving      // EaW 6.0: builds with mp 1, whose units may move this turn
	stepServeBefore      // EaW 4b: fleet services given before their fleets' moves
	stepMove             // EaW 5a: the fleets' moves set out
	stepTow              // EaW 15e: the FRDs' tows set out, in the same steps as the fleets
	stepSiege            // EaW 10c: the siege rolls
	stepPlaceFRD         // EaW 15a: the new FRDs
	stepDevelop          // EaW 11.0, 12.0, 13.0: the developments
	stepBuildLate        // EaW 6.0: builds with mp 0, whose units join after movement
	stepServeAfter       // EaW 4b, 24.0: fleet services after their fleets' moves, and self-repairs
	stepCount
)

// act is one order being carried out: whose it is, as intake costed it,
// and what the turn knows of it then.
type act struct {
	owner campaign.PlayerID
	co    CostedOrder
	// late is set for a fleet service carried out after the battles
	// (Timing).
	late bool
	// above are the owner's orders above this one.
	above []CostedOrder
}

// carryOut carries out the orders of one step of the turn: every
// player's, in player order, and each player's in the order written.
func (t *turn) carryOut(s step) {
	for _, p := range t.plans {
		for i, co := range p.costed.Orders {
			if co.Order.Kind.step(p.late[i]) == s {
				co.Order.Kind.carryOut(t, act{owner: p.player, co: co, late: p.late[i], above: p.costed.Orders[:i]})
			}
		}
	}
}

// sentTo returns where the owner's orders above an act sent a fleet: the
// end of the route of the last move or tow that takes it (Kind.timing),
// or "" if none does.
func (a act) sentTo(id campaign.FleetID) campaign.SystemID {
	end := campaign.SystemID("")
	for _, co := range a.above {
		if len(co.Route) < 2 {
			continue
		}
		if moves, _ := co.Order.Kind.timing(co); slices.Contains(moves, id) {
			end = co.Route[len(co.Route)-1]
		}
	}
	return end
}

// placeBuilds carries out the builds of a step: units built with 1 MP
// join their fleet before movement and may move this turn; units built
// with 0 MP join after movement and move next turn (EaW 6.0). The fleets
// stay in owner and ID order.
func (t *turn) placeBuilds(s step) {
	if s == stepBuildLate {
		t.completeBigShips() // EaW 6.0: ships laid down last turn
	}
	t.carryOut(s)
	slices.SortFunc(t.next.Fleets, func(a, b campaign.Fleet) int { return campaign.CompareKeys(a.Key(), b.Key()) })
}

// serve carries out the fleet services of a step, then drops the fleets
// they emptied (tidyFleets).
func (t *turn) serve(s step) {
	t.carryOut(s)
	t.tidyFleets()
}
