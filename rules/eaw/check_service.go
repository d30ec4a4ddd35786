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

// ServiceFleets returns the fleets a fleet-service order names; nil for
// any other order.
func ServiceFleets(o Order) []campaign.FleetID {
	switch {
	case o.Resupply != nil:
		return []campaign.FleetID{o.Resupply.Fleet}
	case o.Transfer != nil:
		return []campaign.FleetID{o.Transfer.From, o.Transfer.To}
	case o.Scrap != nil:
		return []campaign.FleetID{o.Scrap.Fleet}
	case o.Inspect != nil:
		return []campaign.FleetID{o.Inspect.Fleet}
	case o.SelfRepair != nil:
		return []campaign.FleetID{o.SelfRepair.Fleet}
	case o.Install != nil:
		return []campaign.FleetID{o.Install.Fleet}
	}
	return nil
}

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
	// ahead is what a first pass over the whole text found (foresee); nil
	// during that pass.
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
	if sf := v.index[campaign.FleetKey{Owner: v.player, ID: id}]; sf != nil {
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
// below it: when it is carried out, what it does to the fleets' units,
// and whether it names a fleet disbanded above or moves a fleet bound to
// a post-combat order. Every fleet a move or a tow moves counts as moving
// (Timing).
func (v *validator) track(co CostedOrder) {
	s := v.services()
	o := co.Order
	switch {
	case o.Move != nil:
		v.freeze(o.Move.Fleet)
	case o.MoveFRD != nil:
		v.freeze(co.Towed...)
	case o.Build != nil && o.Build.MP == 0:
		v.freeze(o.Build.Fleet)
	}
	late := s.timing.Add(co)
	for _, id := range append(ServiceFleets(o), namedFleets(o)...) {
		if at, ok := s.disbanded[id]; ok && at != o.Pos {
			v.Add(o.Pos, "EaW 7a", fmt.Sprintf("fleet %s is disbanded at %s, where its last unit leaves it", id, at),
				"give this order before that one, or keep a unit in the fleet")
		}
	}
	switch {
	case o.Move != nil:
		v.lockedMove(o.Pos, o.Move.Fleet, "move")
	case o.MoveFRD != nil:
		for _, id := range co.Towed {
			v.lockedMove(o.Pos, id, "move_frd")
		}
	case o.Build != nil && o.Build.Fleet != "":
		if f := v.contents(o.Build.Fleet); f != nil {
			f.Units = append(f.Units, o.Build.Units...)
		}
		if f := s.moving[o.Build.Fleet]; f != nil && o.Build.MP == 1 {
			f.Units = append(f.Units, o.Build.Units...)
		}
	case late:
		for _, id := range ServiceFleets(o) {
			if _, ok := s.lockedBy[id]; !ok && o.SelfRepair == nil {
				s.lockedBy[id] = o.Pos
			}
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

// namedFleets returns the fleets the other orders name.
func namedFleets(o Order) []campaign.FleetID {
	switch {
	case o.Move != nil:
		return []campaign.FleetID{o.Move.Fleet}
	case o.Develop != nil:
		return []campaign.FleetID{o.Develop.Fleet}
	case o.Build != nil:
		return []campaign.FleetID{o.Build.Fleet}
	case o.MoveFRD != nil && o.MoveFRD.Tug != "":
		return []campaign.FleetID{o.MoveFRD.Tug}
	case o.Siege != nil:
		return []campaign.FleetID{o.Siege.Fleet}
	}
	return nil
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

// transfer checks a transfer of units between two of the player's fleets in
// one system (EaW 7.0, §8 O3), or into a new fleet formed there. Moving
// the last unit disbands the fleet (EaW 7a). The receiving fleet must keep
// to the caps of EaW 17.0 and crowding (EaW 17a, in Validate).
func (v *validator) transfer(o Order, t *Transfer) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	late := v.afterBattles(o)
	from, fromUnits := v.serviceFleet(or(t.FromPos, o.Pos), "EaW 7.0", t.From, "transfer units")
	if from == nil || v.refuseInBattle(or(t.FromPos, o.Pos), t.From, "transfer units") {
		return co
	}
	if t.To == t.From {
		v.Add(or(t.ToPos, o.Pos), "EaW 7.0", fmt.Sprintf("from and to both name fleet %s; a transfer moves units to another fleet", t.From),
			"name the fleet that takes the units, or a new fleet ID")
		return co
	}
	to, toUnits, notes := v.receiver(o, t, from)
	co.Notes = append(co.Notes, notes...)
	if to == nil {
		return co
	}
	idx := v.pick(o, "EaW 7.0", t.From, fromUnits, t.Units, t.UnitsPos, "transfer")
	toUnits.Join(fromUnits.Take(idx))
	v.overCap(or(t.ToPos, o.Pos), t.To, toUnits, "transfer fewer units, or form a new fleet with them")
	v.alone(or(t.ToPos, o.Pos), t.To, toUnits)
	v.alone(or(t.FromPos, o.Pos), t.From, fromUnits)
	co.Notes = append(co.Notes, v.emptied(o, t.From, fromUnits, "EaW 7a")...)
	if late {
		co.Notes = append(co.Notes, fmt.Sprintf("carried out after the battles, at %s", from.at))
	}
	return co
}

// receiver returns the fleet a transfer's units join: the player's fleet in
// the same system, or a new one formed there with a valid name.
func (v *validator) receiver(o Order, t *Transfer, from *fleetPlan) (*fleetPlan, *campaign.Fleet, []string) {
	pos := or(t.ToPos, o.Pos)
	if to := v.fleet(t.To); to != nil {
		if v.disbanded(t.To) {
			return nil, nil, nil
		}
		if v.refuseTrapped(pos, t.To, "take units") || v.refuseInBattle(pos, t.To, "take units") {
			return nil, nil, nil
		}
		if from.known && to.known && from.at != to.at {
			v.Add(pos, "EaW 7.0", fmt.Sprintf("fleet %s %s and fleet %s %s; a transfer needs both in one system", t.From, where(from), t.To, where(to)),
				fmt.Sprintf("move one to the other first, or name a fleet at %s: %s", from.at, list(v.fleetsAt(from.at))))
			return nil, nil, nil
		}
		return to, v.contents(t.To), nil
	}
	if !fleetName.MatchString(string(t.To)) {
		v.Add(pos, "EaW 7.0", fmt.Sprintf("%q cannot name a new fleet", t.To),
			"name it with up to 32 letters, digits, '-' or '_', e.g. to: 7th")
		return nil, nil, nil
	}
	to := &fleetPlan{at: from.at, known: from.known, createdAt: o.Pos, createdMP: 1}
	v.fleets[t.To] = to
	v.created = append(v.created, t.To)
	return to, v.contents(t.To), []string{fmt.Sprintf("new fleet %s forms at %s (EaW 7.0)", t.To, from.at)}
}

// scrap checks a scrap order (EaW 9.0): any number of one fleet's units, at
// the player's FRD or with the player's large repair freighter there
// (EaW 9a). Half their EBPV comes back, to spend from next turn.
func (v *validator) scrap(o Order, s *UnitsOrder) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	late := v.afterBattles(o)
	f, fl := v.serviceFleet(or(s.FleetPos, o.Pos), "EaW 9.0", s.Fleet, "scrap units")
	if f == nil || v.refuseInBattle(or(s.FleetPos, o.Pos), s.Fleet, "scrap units") {
		return co
	}
	v.once(o, kindScrap, s.Fleet, "EaW 9.0", "put all the fleet's units to scrap into one scrap order")
	if f.known {
		if sp := v.servicesAt(f.at, late); !sp.frd && !sp.large {
			v.Add(o.Pos, "EaW 9.0", fmt.Sprintf("fleet %s %s, where you have neither an FRD nor a large repair freighter; units are scrapped only there", s.Fleet, where(f)),
				v.serviceSites()+"; a large repair freighter scraps wherever it is (EaW 9a)")
		}
	}
	idx := v.pick(o, "EaW 9.0", s.Fleet, fl, s.Units, s.UnitsPos, "scrap")
	ebpv := 0
	for _, i := range idx {
		if c := v.st.Catalogue.Class(fl.Units[i]); c != nil {
			ebpv += c.EBPV
		}
	}
	fl.Take(idx)
	if len(idx) > 0 {
		co.Notes = append(co.Notes, fmt.Sprintf("scrapping refunds %d BPV, half the units' EBPV, to spend from next turn (EaW 9.0)", ebpv*ScrapRefund/100))
	}
	v.alone(or(s.FleetPos, o.Pos), s.Fleet, fl)
	co.Notes = append(co.Notes, v.emptied(o, s.Fleet, fl, "EaW 9.0")...)
	return co
}

// inspect checks an inspection (EaW 9b): every captured unit of the fleet,
// at the player's FRD or with the player's small repair freighter there
// (EaW 9c). Inspected units are restored and count toward the fleet's caps
// from then on (EaW 25b).
func (v *validator) inspect(o Order, in *FleetOrder) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	late := v.afterBattles(o)
	f, fl := v.serviceFleet(or(in.FleetPos, o.Pos), "EaW 9b", in.Fleet, "inspect units")
	if f == nil || v.refuseInBattle(or(in.FleetPos, o.Pos), in.Fleet, "inspect units") {
		return co
	}
	v.once(o, kindInspect, in.Fleet, "EaW 9b", "drop one of the two orders: one inspection takes every captured unit of the fleet")
	if f.known {
		if sp := v.servicesAt(f.at, late); !sp.frd && !sp.small {
			v.Add(o.Pos, "EaW 9b", fmt.Sprintf("fleet %s %s, where you have neither an FRD nor a small repair freighter; captured units are inspected only there", in.Fleet, where(f)),
				v.serviceSites()+"; a small repair freighter inspects wherever it is (EaW 9c)")
		}
	}
	switch n := len(fl.Captured); {
	case n == 0 && late:
		co.Notes = append(co.Notes, fmt.Sprintf("fleet %s holds no captured units now; the inspection takes those it captures in this turn's battles", in.Fleet))
	case n == 0:
		v.Add(o.Pos, "EaW 9b", fmt.Sprintf("fleet %s holds no captured units to inspect", in.Fleet),
			"units taken in battle join the captor's fleet uninspected (EaW 25b); inspect them after that")
	default:
		co.Notes = append(co.Notes, fmt.Sprintf("fleet %s's captured %s inspected, and counted toward its caps from then on (EaW 25b)", in.Fleet, capturedList(fl)))
	}
	fl.Inspect()
	v.overCap(o.Pos, in.Fleet, fl, "transfer units out of the fleet in an order above, so the inspected units fit")
	return co
}

// selfRepair checks a self-repair (EaW 24.0): anywhere, by a fleet with
// damage control and capacity left since its last resupply (EaW 22b). The
// repairs are made after the battles.
func (v *validator) selfRepair(o Order, sr *FleetOrder) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	v.afterBattles(o)
	f, fl := v.serviceFleet(or(sr.FleetPos, o.Pos), "EaW 24.0", sr.Fleet, "repair itself")
	if f == nil {
		return co
	}
	v.once(o, kindSelfRepair, sr.Fleet, "EaW 24.0", "drop one of the two orders")
	damcon, left, damaged := false, 0, false
	for i, u := range fl.Units {
		if c := v.st.Catalogue.Class(u); c != nil && c.Damcon > 0 && !fl.IsCaptured(i) {
			damcon = true
			left += v.st.SelfRepairLeft(fl, i)
			damaged = damaged || fl.DamageOf(i).Any()
		}
	}
	switch {
	case !damcon:
		v.Add(o.Pos, "EaW 22b", fmt.Sprintf("no unit of fleet %s has damage control, so it cannot repair itself", sr.Fleet),
			"resupply it at your FRD or developed colony instead (EaW 6d)")
	case left == 0:
		v.Add(o.Pos, "EaW 22b", fmt.Sprintf("the units of fleet %s have used all their self-repair capacity since they last resupplied", sr.Fleet),
			"resupply the fleet (EaW 6d) in an order above, or wait for the New Year resupply (EaW 3b)")
	case !damaged:
		co.Notes = append(co.Notes, fmt.Sprintf("fleet %s carries no damage now; it mends what this turn's battles do to it, after them (EaW 24.0)", sr.Fleet))
	default:
		co.Notes = append(co.Notes, "the repairs are made after the battles (EaW 24.0)")
	}
	return co
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
