package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Validation of the fleet-service orders: resupply (EaW 6d–6f, 8.0),
// transfer (EaW 7.0, 7a), scrap (EaW 9.0, 9a), inspect (EaW 9b, 9c, 25b),
// self_repair (EaW 22b, 24.0) and install (EaW 14.0, 14a). Each costs one
// order point (EaW 5.0); installs in one system share theirs.
//
// When each is carried out follows the player's text (Timing): before
// movement, or after the battles where the fleets end.

// ServiceCost is the order points each fleet-service order costs (EaW 5.0
// #3–6, #10, #11).
const ServiceCost = 1

// ScrapRefund is the share of a scrapped unit's EBPV, in percent, that
// comes back to the treasury, to spend from the next turn (EaW 9.0).
const ScrapRefund = 50

// services follows what the orders read so far do to the player's fleets
// beyond where they stand (fleetPlan): their units after builds,
// transfers, scraps, installs, refits and inspections, the fleets
// disbanded, and what the fleet-service orders have claimed.
type services struct {
	timing Timing
	// fleets holds the units of the fleets the orders touched, with their
	// records; looked up only.
	fleets map[campaign.FleetID]*campaign.Fleet
	// disbanded is the order that took a fleet's last unit.
	disbanded map[campaign.FleetID]orders.Pos
	// lockedBy is the post-combat order a fleet takes part in: it may not
	// move after it.
	lockedBy map[campaign.FleetID]orders.Pos
	// once holds the resupply, scrap, inspect and self_repair order given
	// to each fleet.
	once map[onceKey]orders.Pos
	// installs is the first install order at each system, which pays for
	// all of them there; installed what the orders install there.
	installs  map[campaign.SystemID]orders.Pos
	installed map[campaign.SystemID][]campaign.Installation
	// moving holds, for each fleet that a move, a tow, an mp 0 build or a
	// post-combat order has touched, its units as they were then: what it
	// holds during movement and the developments (movingFleet).
	moving map[campaign.FleetID]*campaign.Fleet
	// ahead is what a first pass over the whole text found (lookahead);
	// nil until a post-combat service asks, and during that pass.
	ahead *ahead
}

type onceKey struct {
	kind  string
	fleet campaign.FleetID
}

// services returns the validator's tracker, created on first use.
func (v *validator) services() *services {
	if v.svc == nil {
		v.svc = &services{
			fleets:    map[campaign.FleetID]*campaign.Fleet{},
			disbanded: map[campaign.FleetID]orders.Pos{},
			lockedBy:  map[campaign.FleetID]orders.Pos{},
			once:      map[onceKey]orders.Pos{},
			installs:  map[campaign.SystemID]orders.Pos{},
			installed: map[campaign.SystemID][]campaign.Installation{},
			moving:    map[campaign.FleetID]*campaign.Fleet{},
		}
	}
	return v.svc
}

// contents returns the units a fleet has after the orders read so far, or nil
// for a fleet the player does not have.
func (v *validator) contents(id campaign.FleetID) *campaign.Fleet {
	s := v.services()
	if f, ok := s.fleets[id]; ok {
		return f
	}
	f := &campaign.Fleet{Owner: v.player, ID: id}
	if sf := v.index.Fleet(v.player, id); sf != nil {
		f.At = sf.At
		f.Units = slices.Clone(sf.Units)
		f.Damage = slices.Clone(sf.Damage)
		f.Crews = slices.Clone(sf.Crews)
		f.Captured = slices.Clone(sf.Captured)
	} else if v.fleets[id] == nil {
		return nil
	}
	s.fleets[id] = f
	return f
}

// disbanded reports whether an order above took the fleet's last unit.
func (v *validator) disbanded(id campaign.FleetID) bool {
	if v.svc == nil {
		return false
	}
	_, ok := v.svc.disbanded[id]
	return ok
}

// track follows one costed order, after it was checked, for the orders
// below it: when it is carried out (Timing), whether it names a fleet
// disbanded above, and what its kind does to the fleets (Kind.track).
func (v *validator) track(co CostedOrder) {
	o := co.Order
	if o.Kind == nil {
		return
	}
	s := v.services()
	late := s.timing.Add(co)
	for _, id := range o.Kind.fleets() {
		if at, ok := s.disbanded[id]; ok && at != o.Pos {
			v.Add(o.Pos, "EaW 7a", fmt.Sprintf("fleet %s is disbanded at %s, where its last unit leaves it", id, at),
				"give this order before that one, or keep a unit in the fleet")
		}
	}
	o.Kind.track(v, co, late)
}

// bindLate binds the fleets of a fleet-service order carried out after
// the battles (late) to it: none of them may move after it in the text,
// for the move would be flown first (lockedMove).
func (v *validator) bindLate(pos orders.Pos, late bool, ids []campaign.FleetID) {
	if !late {
		return
	}
	s := v.services()
	for _, id := range ids {
		if _, ok := s.lockedBy[id]; !ok {
			s.lockedBy[id] = pos
		}
	}
}

// lockedMove reports a move of a fleet, by itself or with a tow, after a
// post-combat order it takes part in: the move would be flown first.
func (v *validator) lockedMove(pos orders.Pos, id campaign.FleetID, kind string) {
	if at, ok := v.services().lockedBy[id]; ok {
		v.Add(pos, "EaW 4b", fmt.Sprintf("fleet %s takes part in the order at %s, which is carried out after the battles, and may not move after it", id, at),
			fmt.Sprintf("put the %s before that order", kind))
	}
}

// serviceFleet returns the plan and units of the fleet a fleet-service
// order names, or nils after reporting why it cannot serve: no such fleet,
// disbanded above, or trapped (EaW 10h).
func (v *validator) serviceFleet(at orders.Pos, rule string, id campaign.FleetID, doing string) (*fleetPlan, *campaign.Fleet) {
	f := v.fleet(id)
	if f == nil {
		v.noSuchFleet(at, rule, id)
		return nil, nil
	}
	if v.disbanded(id) || v.refuseTrapped(at, id, doing) {
		return nil, nil
	}
	return f, v.contents(id)
}

// refuseInBattle reports an order that would change the units of a
// fleet in a pending battle, and returns true; for any other fleet it
// returns false. The battle waits for its result (EaW 26.0), and a
// reported result names the fleet's ships by their places as the battle
// found them, which scrapping, transferring, installing or inspecting
// would change. doing completes "cannot ...", e.g. "scrap units".
func (v *validator) refuseInBattle(at orders.Pos, id campaign.FleetID, doing string) bool {
	for _, b := range v.st.Battles {
		if !slices.ContainsFunc(b.Fleets, func(f campaign.BattleFleet) bool { return f.Owner == v.player && f.ID == id }) {
			continue
		}
		place := "at " + string(b.At)
		if b.Lane != nil {
			place = fmt.Sprintf("in the lane between %s and %s", b.Lane.A, b.Lane.B)
		}
		v.Add(at, "EaW 26.0", fmt.Sprintf("fleet %s fought battle %s %s, which waits for its result, and cannot %s until the result is in: "+
			"the result names the fleet's ships as the battle found them", id, b.ID, place, doing),
			"send this order again once the battle is settled (its sides report the result by mail), or drop it")
		return true
	}
	return false
}

// once claims the one order of a kind a fleet gets this turn, reporting a
// second.
func (v *validator) once(o Order, kind string, id campaign.FleetID, rule, hint string) {
	s := v.services()
	k := onceKey{kind, id}
	if first, ok := s.once[k]; ok {
		v.Add(o.Pos, rule, fmt.Sprintf("fleet %s already has a %s order at %s; a fleet gets one per turn", id, kind, first), hint)
		return
	}
	s.once[k] = o.Pos
}

// serves reports whether an inspected unit of the fleet has role r.
func (v *validator) serves(f *campaign.Fleet, r campaign.Role) bool {
	for i, u := range f.Units {
		if c := v.st.Catalogue.Class(u); c != nil && c.Has(r) && !f.IsCaptured(i) {
			return true
		}
	}
	return false
}

// where says where a fleet is or will be when an order is read: "is at
// kessel" or "will be at kessel".
func where(f *fleetPlan) string {
	if !f.movedAt.IsZero() || !f.createdAt.IsZero() {
		return "will be at " + string(f.at)
	}
	return "is at " + string(f.at)
}

// serviceSites lists where the player has an FRD or a developed colony,
// for hints.
func (v *validator) serviceSites() string {
	var frds, colonies []campaign.SystemID
	for _, f := range v.frdPlans() {
		if !slices.Contains(frds, f.start) {
			frds = append(frds, f.start)
		}
	}
	for _, d := range v.st.Developments {
		if d.Owner == v.player && d.Kind == campaign.Colony {
			colonies = append(colonies, d.At)
		}
	}
	out := "you have no FRD"
	if len(frds) > 0 {
		out = "your FRDs stand at " + list(frds)
	}
	if len(colonies) > 0 {
		return out + "; your developed colonies are at " + list(colonies)
	}
	return out + ", and no developed colony"
}

// pick finds the named units in the fleet (campaign.PickUnits) and reports
// each name that finds none. It returns the units' indices.
func (v *validator) pick(o Order, rule string, id campaign.FleetID, f *campaign.Fleet, classes []campaign.ClassName, pos []orders.Pos, doing string) []int {
	if len(classes) == 0 {
		v.Add(o.Pos, rule, fmt.Sprintf("the order names no units to %s", doing), "name them by class, e.g. units: [frigate]")
		return nil
	}
	idx, missing := campaign.PickUnits(f, classes)
	for _, n := range missing {
		u := classes[n]
		msg := fmt.Sprintf("fleet %s has no %s to %s", id, u, doing)
		if slices.Contains(f.Units, u) {
			msg = fmt.Sprintf("fleet %s has no more %s to %s: the order names more than it holds", id, u, doing)
		}
		hint := fmt.Sprintf("fleet %s holds: %s", id, campaign.UnitList(f.Units))
		if len(f.Units) == 0 {
			hint = fmt.Sprintf("fleet %s holds no units by then", id)
		}
		v.Add(at(pos, n, o.Pos), rule, msg, hint)
	}
	return idx
}

// overCap reports a fleet the orders would take over the combat-BPV caps of
// the campaign's period (EaW 17.0), counted as campaign.State.FleetLoad
// counts them. pbemd refuses such an order rather than make the fleet
// non-compliant (EaW 7a, 17g).
func (v *validator) overCap(at orders.Pos, id campaign.FleetID, f *campaign.Fleet, hint string) {
	capTotal, capBig := v.st.Rules.FleetCaps(v.st.Start, v.st.Date())
	total, big := v.st.FleetLoad(f)
	year := v.st.Date().Year
	switch {
	case capTotal > 0 && total > capTotal:
		v.Add(at, "EaW 17.0", fmt.Sprintf("fleet %s would have %d combat BPV, over the cap of %d in Y%d", id, total, capTotal, year), hint)
	case capBig > 0 && big > capBig:
		v.Add(at, "EaW 17.0", fmt.Sprintf("fleet %s would have %d combat BPV of size class 2 and 3 ships, over the cap of %d in Y%d", id, big, capBig, year), hint)
	}
}

// alone reports a fleet the orders would leave with nothing but
// uninspected prizes, which travel only with a fleet (EaW 25b).
func (v *validator) alone(at orders.Pos, id campaign.FleetID, f *campaign.Fleet) {
	if f.OnlyPrizes() {
		v.Add(at, "EaW 25b", fmt.Sprintf("fleet %s would hold only captured units, which travel only with a fleet until they are inspected", id),
			"keep an inspected unit with them, or inspect them first (EaW 9b)")
	}
}

// emptied marks a fleet whose last unit an order takes as disbanded and
// returns the note for the reply.
func (v *validator) emptied(o Order, id campaign.FleetID, f *campaign.Fleet, rule string) []string {
	if len(f.Units) > 0 {
		return nil
	}
	v.services().disbanded[id] = o.Pos
	return []string{fmt.Sprintf("fleet %s is disbanded: its last unit leaves it (%s)", id, rule)}
}

// capturedList writes a fleet's uninspected prizes with the verb's number:
// "frigate is", "2 cruiser are".
func capturedList(f *campaign.Fleet) string {
	var units []campaign.ClassName
	for _, i := range f.Captured {
		if i >= 0 && i < len(f.Units) {
			units = append(units, f.Units[i])
		}
	}
	if len(units) == 1 {
		return string(units[0]) + " is"
	}
	return campaign.UnitList(units) + " are"
}
