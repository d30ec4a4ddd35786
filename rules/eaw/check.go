package eaw

import (
	"errors"
	"fmt"
	"regexp"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Costed is a validated submission with every order's cost.
type Costed struct {
	Orders   []CostedOrder // same order as Submission.Orders
	Budget   int           // the player's order points this turn (State.Budget)
	Used     int
	Left     int // Budget - Used; negative when the orders are over budget
	Treasury int // before builds
	Spent    int // BPV the builds cost
	// Fleets forecasts where each of the player's fleets ends the turn if
	// nothing stops it, from the player's own orders alone: existing
	// fleets in the state's order, then the fleets builds create.
	Fleets []FleetForecast
}

// FleetForecast is where one fleet starts and ends the turn.
type FleetForecast struct {
	Fleet campaign.FleetID
	// From is where the fleet starts; empty for a fleet a build creates.
	From campaign.SystemID
	To   campaign.SystemID
}

// CostedOrder is one order with what it costs.
type CostedOrder struct {
	Order  Order
	Points int                 // order points (EaW 5.0)
	BPV    int                 // economic BPV the order spends (EaW 6.0)
	Route  []campaign.SystemID // for a move: the full route including the start
	Notes  []string            // e.g. "jump kessel → tau-ceti is free: it starts at your developed colony (EaW 5b)"
	// Towed lists, for a move_frd, the fleets that go with the FRD: the
	// tug's and each of the player's fleets there that holds a MON, as
	// the orders above leave them (EaW 15f, 17e). The resolver moves
	// exactly these, and they count as moving (Timing).
	Towed []campaign.FleetID
}

// Validate checks sub against st as sub.Player can know it and costs every order. It does not check campaign, turn, token or deadline (the moderator does). The error is Problems.
//
// Orders are checked in text order, each from where the earlier orders leave
// the player's fleets. With problems, Validate still returns the costs as
// far as it could work them out, for the reply; an order with a mistake is
// charged as written. An error that is not Problems means a nil argument.
func Validate(st *campaign.State, sub *orders.Submission) (*Costed, error) {
	if st == nil {
		return nil, errors.New("eaw: validate: nil state")
	}
	return NewChecker(st).Validate(sub)
}

// Checker validates any number of submissions against one state, which it
// indexes once: the resolver checks every player's orders with one Checker.
// The state must not change while the Checker is in use.
type Checker struct {
	st    *campaign.State
	graph *campaign.Graph
	index *campaign.Index
}

// NewChecker indexes st for validation.
func NewChecker(st *campaign.State) *Checker {
	return &Checker{st: st, graph: campaign.NewGraph(st.Map), index: campaign.NewIndex(st)}
}

// Validate is the package-level Validate against the Checker's state.
func (ch *Checker) Validate(sub *orders.Submission) (*Costed, error) {
	if sub == nil {
		return nil, errors.New("eaw: validate: nil submission")
	}
	st := ch.st
	var c orders.Collector
	pl := st.Player(sub.Player)
	if pl == nil {
		c.Add(sub.Pos["player"], "", fmt.Sprintf("there is no player %q in campaign %s", sub.Player, st.Campaign),
			"write player: with the player ID from your welcome mail")
		return nil, c.Err()
	}
	list, _, err := content(sub)
	if err != nil {
		return nil, err
	}
	v := ch.validator(pl, &c)
	v.list = list
	out := &Costed{Budget: v.budget, Treasury: v.treasury}
	for _, o := range list {
		co := v.order(o)
		v.charge(&co)
		v.track(co)
		out.Orders = append(out.Orders, co)
	}
	if v.overAt >= 0 {
		r := v.costs
		c.SetHint(v.overAt, fmt.Sprintf("drop or shorten orders: they cost %d points in all, and your budget is %d "+
			"(the larger of %d and your fleets of %d+ ships and %d+ CBPV divided by %d; carried bases are not ships, "+
			"and freighters' CBPV does not count)",
			v.used, v.budget, r.Min, r.FleetMinShips, r.FleetMinCBPV, r.Divisor))
	}
	out.Used, out.Left, out.Spent = v.used, v.budget-v.used, v.spent
	out.Fleets = v.forecast()
	v.crowding(out.Fleets)
	return out, c.Err()
}

// validator starts following a player's orders against the Checker's
// state, collecting problems in c.
func (ch *Checker) validator(pl *campaign.Player, c *orders.Collector) *validator {
	return &validator{
		Collector: c,
		checker:   ch,
		st:        ch.st,
		graph:     ch.graph,
		index:     ch.index,
		player:    pl.ID,
		costs:     ch.st.Rules.Budget,
		fleets:    map[campaign.FleetID]*fleetPlan{},
		budget:    ch.index.Budget(pl.ID),
		treasury:  pl.Treasury,
		overAt:    -1,
	}
}

// crowding checks that no system ends the turn with more of the player's
// fleets than the rules allow (EaW 17a: 3), where the orders brought a
// fleet in: starting positions may hold more. The problem stands at the
// last order that brought a fleet there.
func (v *validator) crowding(forecast []FleetForecast) {
	limit := v.st.Rules.Fleets.PerSystem
	if limit == 0 {
		return
	}
	before, after := map[campaign.SystemID]int{}, map[campaign.SystemID]int{}
	last := map[campaign.SystemID]orders.Pos{}
	for _, f := range forecast {
		if f.From != "" {
			before[f.From]++
		}
		after[f.To]++
		if p := v.fleets[f.Fleet]; p != nil && f.From != f.To {
			at := p.movedAt
			if at.IsZero() {
				at = p.createdAt
			}
			if at.Line > last[f.To].Line || (at.Line == last[f.To].Line && at.Col > last[f.To].Col) {
				last[f.To] = at
			}
		}
	}
	for _, f := range forecast {
		sys := f.To
		if n := after[sys]; n > limit && n > before[sys] && !last[sys].IsZero() {
			v.Add(last[sys], "EaW 17a", fmt.Sprintf("this would leave %d of your fleets at %s; a system holds at most %d of one player's fleets", n, sys, limit),
				"send the fleet elsewhere, or build into a fleet already there")
			delete(last, sys)
		}
	}
}

// forecast lists where the player's fleets end up after the orders.
func (v *validator) forecast() []FleetForecast {
	navy := v.index.Navy(v.player)
	out := make([]FleetForecast, 0, len(navy)+len(v.created))
	for _, f := range navy {
		if v.disbanded(f.ID) {
			continue
		}
		to := f.At
		if p := v.fleets[f.ID]; p != nil && p.known {
			to = p.at
		}
		out = append(out, FleetForecast{Fleet: f.ID, From: f.At, To: to})
	}
	for _, id := range v.created {
		if p := v.fleets[id]; p != nil && !v.disbanded(id) {
			out = append(out, FleetForecast{Fleet: id, To: p.at})
		}
	}
	return out
}

// validator follows one player's orders through the turn.
type validator struct {
	*orders.Collector
	checker *Checker
	// list is the player's whole text, for the first pass (lookahead);
	// nil in that pass.
	list   []Order
	st     *campaign.State
	graph  *campaign.Graph
	index  *campaign.Index
	player campaign.PlayerID
	costs  campaign.BudgetRules
	// fleets holds the fleets the orders touched, by ID; looked up only.
	fleets map[campaign.FleetID]*fleetPlan
	// created lists the fleets builds created, in order.
	created []campaign.FleetID

	budget, used int
	overAt       int // index in list of the budget problem, or -1

	treasury, spent int
	overTreasury    bool

	planned []plannedDevelopment

	// frds are the player's FRDs as the orders so far leave them, in the
	// state's order, once frdsRead (frdPlans).
	frds     []*frdPlan
	frdsRead bool

	// svc follows what the fleet-service orders do to the fleets
	// (services).
	svc *services
}

// fleetPlan is where a fleet stands after the orders read so far.
type fleetPlan struct {
	at    campaign.SystemID
	known bool // at is a system on the map
	// createdAt is the build order that created the fleet, zero for a fleet
	// that existed at the start of the turn; createdMP is that build's mp.
	createdAt orders.Pos
	createdMP int
	// reinforcedAt is an mp 0 build into this existing fleet: its units
	// join after movement, so the fleet must stay at the FRD (EaW 6.0).
	reinforcedAt orders.Pos
	movedAt      orders.Pos
	route        []campaign.SystemID
	// developedAt is the develop order given to the fleet, zero if none.
	developedAt  orders.Pos
	developed    campaign.DevelopmentKind
	freeJumpUsed bool
	// towedAt is the move_frd order the fleet goes along with, as the tug
	// or as the MON's fleet (EaW 15f, 15g, 17e); siegedAt is its siege roll
	// (EaW 10c). Zero if none.
	towedAt  orders.Pos
	siegedAt orders.Pos
}

// plannedDevelopment is a develop order read so far.
type plannedDevelopment struct {
	at   campaign.SystemID
	kind campaign.DevelopmentKind
	pos  orders.Pos
}

// order checks and costs one order.
func (v *validator) order(o Order) CostedOrder {
	if o.Kind != nil {
		return o.Kind.check(v, o)
	}
	v.Add(o.Pos, "", "this order is empty", "give it a kind, e.g. "+(&Move{}).Example())
	return CostedOrder{Order: o}
}

// charge adds an order's points to the total. The first order that goes
// over the budget gets the problem (EaW 5.0); its hint is completed once the
// total is known.
func (v *validator) charge(co *CostedOrder) {
	if v.overAt < 0 && co.Points > 0 && v.used+co.Points > v.budget {
		v.overAt = v.Len()
		v.Add(co.Order.Pos, "EaW 5.0", fmt.Sprintf("this order costs %s, but %d of your %s are left (%d used by the orders above)",
			points(co.Points), max(0, v.budget-v.used), points(v.budget), v.used), "")
	}
	v.used += co.Points
}

// fleet returns the player's fleet with this ID as the orders so far leave
// it, or nil if the player has no such fleet.
func (v *validator) fleet(id campaign.FleetID) *fleetPlan {
	if f, ok := v.fleets[id]; ok {
		return f
	}
	sf := v.index.Fleet(v.player, id)
	if sf == nil {
		return nil
	}
	f := &fleetPlan{at: sf.At, known: v.graph.Has(sf.At)}
	v.fleets[id] = f
	return f
}

// fleetIDs lists the player's fleets, sorted, then the ones builds created.
func (v *validator) fleetIDs() []campaign.FleetID {
	var ids []campaign.FleetID
	for _, f := range v.index.Navy(v.player) {
		ids = append(ids, f.ID)
	}
	slices.Sort(ids)
	return append(ids, v.created...)
}

// noSuchFleet reports an order for a fleet the player does not have. Only
// the player's own fleet IDs appear in the hint: other navies' names are
// secret.
func (v *validator) noSuchFleet(at orders.Pos, rule string, id campaign.FleetID) {
	ids := v.fleetIDs()
	hint := "your fleets: " + list(ids)
	if n, ok := v.Suggest(string(id), strs(ids)); ok {
		hint = fmt.Sprintf("did you mean %s? ", n) + hint
	}
	v.Add(at, rule, fmt.Sprintf("you have no fleet %q", id), hint)
}

// points formats a number of order points: "1 point", "3 points".
func points(n int) string {
	if n == 1 {
		return "1 point"
	}
	return fmt.Sprintf("%d points", n)
}

// or returns p, or fallback when p is unknown.
func or(p, fallback orders.Pos) orders.Pos {
	if p.IsZero() {
		return fallback
	}
	return p
}

// at returns the i-th position of ps, or fallback.
func at(ps []orders.Pos, i int, fallback orders.Pos) orders.Pos {
	if i < len(ps) {
		return or(ps[i], fallback)
	}
	return fallback
}

// pay spends bpv from the treasury. The first order that overdraws it
// gets the problem (EaW 6.0, 15a);
// cost says what this order costs, e.g. "these units cost 120 BPV".
func (v *validator) pay(o Order, bpv int, rule, cost string) {
	v.spent += bpv
	if v.spent <= v.treasury || v.overTreasury {
		return
	}
	v.overTreasury = true
	msg := fmt.Sprintf("%s, but your treasury holds %d", cost, v.treasury)
	if v.spent != bpv {
		msg = fmt.Sprintf("your builds cost %d BPV so far, but your treasury holds %d", v.spent, v.treasury)
	}
	v.Add(o.Pos, rule, msg, "build fewer or cheaper units")
}

// fleetName is what a new fleet's ID may be: short, and safe to echo in a
// reply or a report.
var fleetName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$`)

// fleetsAt lists the player's fleets that the orders so far leave at sys.
func (v *validator) fleetsAt(sys campaign.SystemID) []campaign.FleetID {
	var out []campaign.FleetID
	for _, id := range v.fleetIDs() {
		if f := v.fleet(id); f != nil && f.known && f.at == sys {
			out = append(out, id)
		}
	}
	return out
}
