package eaw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// The fleet services: resupply (EaW 6d–6f), transfer (EaW 7.0, 7a), scrap
// (EaW 9.0, 9a), inspect (EaW 9b, 9c), self-repair (EaW 22b, 24.0) and
// install (EaW 14.0, bases.go).
//
// An order that comes before any move of its fleets in the player's text
// is carried out before movement, where the fleets start; one that comes
// after is carried out after the battles, where they ended
// (Timing). A self-repair is always made after the battles
// (EaW 24.0). An order whose fleets did not get where the player's orders
// sent them fails with an order-failed event that says why. Each order is
// checked again when carried out, against what the turn has done to its
// fleets since intake: the caps of EaW 17.0, and the battles that wait for
// a result (EaW 26.0).

// ledger is what the services carried out before movement leave for the
// end of the turn: each player's scrap refunds, credited once the turn's
// spending is done, to spend from the next turn (EaW 9.0).
type ledger struct {
	refunds map[campaign.PlayerID]int
}

// serveBeforeMovement carries out the fleet-service orders that come
// before any move of their fleets, but self-repairs (EaW 24.0).
func (t *turn) serveBeforeMovement() *ledger {
	l := &ledger{refunds: map[campaign.PlayerID]int{}}
	for _, p := range t.plans {
		late := p.costed.PostCombat()
		for i, co := range p.costed.Orders {
			if !late[i] && co.Order.SelfRepair == nil && ServiceFleets(co.Order) != nil {
				t.serve(l, p.player, co.Order)
			}
		}
	}
	t.tidyFleets()
	return l
}

// serveAfterBattles carries out, at post-combat, the fleet-service orders
// that come after a move of one of their fleets, if the fleets got where
// they were sent, and every self-repair; then it credits the turn's scrap
// refunds.
func (t *turn) serveAfterBattles(l *ledger) {
	for _, p := range t.plans {
		late := p.costed.PostCombat()
		dest := map[campaign.FleetID]campaign.SystemID{}
		for i, co := range p.costed.Orders {
			o := co.Order
			ids, end := moveEnds(co)
			for _, id := range ids {
				dest[id] = end
			}
			switch {
			case ServiceFleets(o) == nil:
			case late[i]:
				if why := t.stopped(p.player, o, dest); why != "" {
					t.failService(p.player, o, why)
					continue
				}
				t.serve(l, p.player, o)
			case o.SelfRepair != nil:
				if f := t.next.Fleet(p.player, o.SelfRepair.Fleet); f != nil && f.Trapped != 0 {
					t.failService(p.player, o, fmt.Sprintf("a fortification at %s trapped it on its way, and a trapped fleet makes no repairs (EaW 10h)", t.systemName(f.At)))
					continue
				}
				t.serve(l, p.player, o)
			}
		}
	}
	t.tidyFleets()
	t.creditRefunds(l)
}

// moveEnds returns the fleets a move or an FRD's tow takes (the tug's
// and the MON's fleets, CostedOrder.Towed) and where its route
// ends; none for any other order.
func moveEnds(co CostedOrder) ([]campaign.FleetID, campaign.SystemID) {
	if len(co.Route) < 2 {
		return nil, ""
	}
	end := co.Route[len(co.Route)-1]
	switch {
	case co.Order.Move != nil:
		return []campaign.FleetID{co.Order.Move.Fleet}, end
	case co.Order.MoveFRD != nil:
		return co.Towed, end
	}
	return nil, ""
}

// stopped says why a post-combat order's fleets are not where the
// player's orders sent them, or "" if they are: a fleet was destroyed or
// disbanded, met hostile fleets and lost its later orders (EaW 19a), was
// trapped by a fortification (EaW 10a, 10h), or ended its move elsewhere.
func (t *turn) stopped(owner campaign.PlayerID, o Order, dest map[campaign.FleetID]campaign.SystemID) string {
	for n, id := range ServiceFleets(o) {
		f := t.next.Fleet(owner, id)
		switch {
		case f == nil && o.Transfer != nil && n == 1 && t.prev.Fleet(owner, id) == nil:
			// a new fleet the transfer forms
		case f == nil:
			return fmt.Sprintf("fleet %s is gone: it was destroyed or disbanded", id)
		case f.Trapped != 0:
			return fmt.Sprintf("fleet %s is trapped by an enemy fortification at %s (EaW 10a, 10h)", id, t.systemName(f.At))
		case t.pinned[f.Key()]:
			return fmt.Sprintf("fleet %s met hostile fleets at %s, and its orders after its move were lost (EaW 19a)", id, t.systemName(f.At))
		case dest[id] != "" && f.At != dest[id]:
			return fmt.Sprintf("fleet %s is at %s, not at %s: its move was cut short", id, t.systemName(f.At), t.systemName(dest[id]))
		}
	}
	return ""
}

// serve carries out one fleet-service order for owner.
func (t *turn) serve(l *ledger, owner campaign.PlayerID, o Order) {
	if why := t.waiting(owner, o); why != "" {
		t.failRule(owner, o, "EaW 26.0", why)
		return
	}
	switch {
	case o.Resupply != nil:
		t.resupply(owner, o)
	case o.Transfer != nil:
		t.transfer(owner, o)
	case o.Scrap != nil:
		t.scrap(l, owner, o)
	case o.Inspect != nil:
		t.inspect(owner, o)
	case o.SelfRepair != nil:
		t.selfRepair(owner, o)
	case o.Install != nil:
		t.install(owner, o)
	}
}

// waiting says why an order that would change a fleet's units (scrap,
// transfer, install, inspect) waits, or "": the fleet is in a battle that
// waits for its result, whose report names the fleet's ships by their
// places as the battle found them (EaW 26.0). Intake refuses such orders;
// this catches a battle that came after it.
func (t *turn) waiting(owner campaign.PlayerID, o Order) string {
	var ids []campaign.FleetID
	switch {
	case o.Scrap != nil, o.Transfer != nil, o.Install != nil, o.Inspect != nil:
		ids = ServiceFleets(o)
	}
	for _, b := range t.next.Battles {
		for _, f := range b.Fleets {
			if f.Owner == owner && slices.Contains(ids, f.ID) {
				return fmt.Sprintf("fleet %s fought battle %s, which waits for its result, and keeps its units as the battle found them until the result is in (EaW 26.0)",
					f.ID, b.ID)
			}
		}
	}
	return ""
}

// doing says what a fleet-service order does, for event texts.
func doing(o Order) (fleet campaign.FleetID, what, rule string) {
	switch {
	case o.Resupply != nil:
		return o.Resupply.Fleet, "resupply", "EaW 6d"
	case o.Transfer != nil:
		return o.Transfer.From, fmt.Sprintf("transfer %s to fleet %s", campaign.UnitList(o.Transfer.Units), o.Transfer.To), "EaW 7.0"
	case o.Scrap != nil:
		return o.Scrap.Fleet, "scrap " + campaign.UnitList(o.Scrap.Units), "EaW 9.0"
	case o.Inspect != nil:
		return o.Inspect.Fleet, "inspect its captured units", "EaW 9b"
	case o.SelfRepair != nil:
		return o.SelfRepair.Fleet, "repair itself", "EaW 24.0"
	case o.Install != nil:
		return o.Install.Fleet, "install " + campaign.UnitList(o.Install.Units), "EaW 14.0"
	}
	return "", "", ""
}

// failService tells the owner that a fleet-service order was not carried
// out, and why; nothing of it was done or paid.
func (t *turn) failService(owner campaign.PlayerID, o Order, why string) {
	_, _, rule := doing(o)
	t.failRule(owner, o, rule, why)
}

// failRule is failService under another rule than the order's own: the
// one the order would break.
func (t *turn) failRule(owner campaign.PlayerID, o Order, rule, why string) {
	id, what, _ := doing(o)
	at := campaign.SystemID("")
	if f := t.next.Fleet(owner, id); f != nil {
		at = f.At
	}
	t.emit(game.Event{Kind: EventOrderFailed, Players: []campaign.PlayerID{owner}, At: at, Rule: rule,
		Text: fmt.Sprintf("Fleet %s did not %s: %s.", id, what, why)})
}

// fleetFor returns the owner's fleet an order names, or nil after telling
// the owner the order failed.
func (t *turn) fleetFor(owner campaign.PlayerID, o Order, id campaign.FleetID) *campaign.Fleet {
	f := t.next.Fleet(owner, id)
	if f == nil {
		t.failService(owner, o, fmt.Sprintf("fleet %s is gone: it was destroyed or disbanded", id))
	}
	return f
}

// site is what serves the owner's fleets at one system: an FRD, a
// developed colony, disrupted or not (EaW 10i), and repair freighters in
// the owner's fleets there (EaW 6d, 9a, 9c).
type site struct {
	frd, colony, disrupted, large, small bool
}

func (t *turn) siteAt(owner campaign.PlayerID, at campaign.SystemID) site {
	s := site{
		colony:    t.next.HasDevelopment(owner, at, campaign.Colony),
		disrupted: t.next.Disrupted(at, owner),
	}
	for _, frd := range t.next.FRDs {
		s.frd = s.frd || frd.Owner == owner && frd.At == at
	}
	for i := range t.next.Fleets {
		f := &t.next.Fleets[i]
		if f.Owner != owner || f.At != at {
			continue
		}
		for k, u := range f.Units {
			if c := t.next.Catalogue.Class(u); c != nil && !f.IsCaptured(k) {
				s.large = s.large || c.Has(campaign.RoleLargeRepair)
				s.small = s.small || c.Has(campaign.RoleSmallRepair)
			}
		}
	}
	return s
}

// tidyFleets drops the fleets the services emptied (EaW 7a, 9.0) and keeps
// the fleets in owner and ID order.
func (t *turn) tidyFleets() {
	t.next.Fleets = slices.DeleteFunc(t.next.Fleets, func(f campaign.Fleet) bool { return len(f.Units) == 0 })
	slices.SortFunc(t.next.Fleets, func(a, b campaign.Fleet) int { return compareKeys(a.Key(), b.Key()) })
}

// overCap says how a fleet would break a combat-BPV cap of the campaign's
// period (EaW 17.0), counted as campaign.State.FleetLoad counts it, or ""
// if it keeps to them. The battles may have added prizes to the fleet
// since intake checked the order.
func (t *turn) overCap(id campaign.FleetID, f *campaign.Fleet) string {
	capTotal, capBig := t.next.Rules.FleetCaps(t.next.Start, t.date)
	total, big := t.next.FleetLoad(f)
	switch {
	case capTotal > 0 && total > capTotal:
		return fmt.Sprintf("fleet %s would have %d combat BPV, over the cap of %d in Y%d (EaW 17.0)", id, total, capTotal, t.date.Year)
	case capBig > 0 && big > capBig:
		return fmt.Sprintf("fleet %s would have %d combat BPV of size class 2 and 3 ships, over the cap of %d in Y%d (EaW 17.0)", id, big, capBig, t.date.Year)
	}
	return ""
}

// resupply resupplies and repairs a fleet at the owner's FRD or developed
// colony, not disrupted (EaW 6d, 6e, 10i), or with the owner's repair
// freighter in the system, which does not refit; refits are paid as they
// are made (EaW 6f, §8 O16).
func (t *turn) resupply(owner campaign.PlayerID, o Order) {
	r := o.Resupply
	f := t.fleetFor(owner, o, r.Fleet)
	if f == nil {
		return
	}
	s := t.siteAt(owner, f.At)
	by := "your FRD"
	switch {
	case s.frd:
	case s.colony && !s.disrupted:
		by = "your developed colony"
	case s.large || s.small:
		by = "your repair freighter"
	case s.colony:
		t.failService(owner, o, fmt.Sprintf("enemy fleets trapped at %s disrupt your colony there (EaW 10i)", t.systemName(f.At)))
		return
	default:
		t.failService(owner, o, fmt.Sprintf("you have no FRD, developed colony or repair freighter at %s", t.systemName(f.At)))
		return
	}
	var refits []string
	if len(r.Refit) > 0 && by == "your repair freighter" {
		refits = append(refits, "a repair freighter does not refit, so nothing was refitted (EaW 6d)")
	} else {
		refits = t.refit(owner, f, r.Refit)
	}
	mended := f.Resupply(true)
	text := fmt.Sprintf("Fleet %s resupplied at %s from %s: %s repaired, self-repair capacity restored (EaW 6e, 22b).",
		r.Fleet, t.systemName(f.At), by, unitCount(len(mended)))
	if len(refits) > 0 {
		text += " " + strings.Join(refits, " ")
	}
	if n := len(f.Captured); n > 0 {
		text += fmt.Sprintf(" Its %s captured and not yet inspected, so not resupplied (EaW 25b).", unitCount(n))
	}
	t.emit(game.Event{Kind: EventResupplied, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 6d", Text: text})
}

// refit refits the fleet's inspected units (EaW 6f), each refit paid from
// the treasury as it is made, never refunded (§8 O16); one the treasury
// cannot pay is not made, nor one that would take the fleet over a cap of
// EaW 17.0 (its owner gets an order-failed event). It returns what
// happened, for the event.
func (t *turn) refit(owner campaign.PlayerID, f *campaign.Fleet, refits []Refit) []string {
	var out []string
	pl := t.next.Player(owner)
	for _, rf := range refits {
		from, to := t.next.Catalogue.Class(rf.From), t.next.Catalogue.Class(rf.To)
		var units []int
		for i, u := range f.Units {
			if u == rf.From && !f.IsCaptured(i) {
				units = append(units, i)
			}
		}
		switch {
		case from == nil || to == nil || !slices.Contains(from.Refits, rf.To):
			out = append(out, fmt.Sprintf("No %s was refitted to %s: the catalogue allows no such refit.", rf.From, rf.To))
			continue
		case len(units) == 0:
			out = append(out, fmt.Sprintf("No %s was refitted to %s: the fleet has none.", rf.From, rf.To))
			continue
		}
		cost := max(0, to.EBPV-from.EBPV) * len(units)
		if pl.Treasury < cost {
			out = append(out, fmt.Sprintf("No %s was refitted to %s: the refit costs %d BPV and the treasury holds %d.", rf.From, rf.To, cost, pl.Treasury))
			continue
		}
		for _, i := range units {
			f.Units[i] = rf.To
		}
		if why := t.overCap(f.ID, f); why != "" {
			for _, i := range units {
				f.Units[i] = rf.From
			}
			t.emit(game.Event{Kind: EventOrderFailed, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 17.0",
				Text: fmt.Sprintf("Fleet %s did not refit its %s to %s: %s.", f.ID, rf.From, rf.To, why)})
			continue
		}
		pl.Treasury -= cost
		out = append(out, fmt.Sprintf("Refitted %d %s to %s for %d BPV (EaW 6f).", len(units), rf.From, rf.To, cost))
	}
	return out
}

// unitCount writes "no units", "1 unit", "3 units".
func unitCount(n int) string {
	switch n {
	case 0:
		return "no units"
	case 1:
		return "1 unit"
	}
	return fmt.Sprintf("%d units", n)
}

// transfer moves units between two of the owner's fleets in one system, or
// into a new fleet formed there (EaW 7.0); moving the last unit disbands
// the fleet (EaW 7a). All or nothing: if a unit named is no longer there,
// or the receiving fleet would pass a cap of EaW 17.0, nothing moves.
func (t *turn) transfer(owner campaign.PlayerID, o Order) {
	tr := o.Transfer
	from := t.fleetFor(owner, o, tr.From)
	if from == nil {
		return
	}
	idx, missing := campaign.PickUnits(from, tr.Units)
	if len(missing) > 0 {
		t.failService(owner, o, fmt.Sprintf("fleet %s holds %s", tr.From, campaign.UnitList(from.Units)))
		return
	}
	at, formed := from.At, false
	to := t.next.Fleet(owner, tr.To)
	switch {
	case to == nil:
		formed = true
	case to.At != at:
		t.failService(owner, o, fmt.Sprintf("fleet %s is at %s and fleet %s at %s", tr.From, t.systemName(at), tr.To, t.systemName(to.At)))
		return
	}
	if why := t.joinedCap(tr.To, to, from, idx); why != "" {
		t.failRule(owner, o, "EaW 17.0", why)
		return
	}
	moved := from.Take(idx)
	if formed {
		t.next.Fleets = append(t.next.Fleets, campaign.Fleet{Owner: owner, ID: tr.To, At: at})
		to = t.next.Fleet(owner, tr.To)
		from = t.next.Fleet(owner, tr.From)
	}
	to.Join(moved)
	text := fmt.Sprintf("Fleet %s transferred %s to fleet %s at %s (EaW 7.0).", tr.From, campaign.UnitList(moved.Units), tr.To, t.systemName(at))
	if formed {
		text += fmt.Sprintf(" Fleet %s formed there.", tr.To)
	}
	if len(from.Units) == 0 {
		text += fmt.Sprintf(" Fleet %s, left without units, is disbanded (EaW 7a).", tr.From)
	}
	t.emit(game.Event{Kind: EventTransferred, Players: []campaign.PlayerID{owner}, At: at, Rule: "EaW 7.0", Text: text})
}

// joinedCap says how fleet id (to, nil for a new fleet) would break a cap
// of EaW 17.0 once the units idx of from join it, or "".
func (t *turn) joinedCap(id campaign.FleetID, to, from *campaign.Fleet, idx []int) string {
	var joined campaign.Fleet
	if to != nil {
		joined.Join(*to)
	}
	rest := *from
	joined.Join(rest.Take(idx))
	return t.overCap(id, &joined)
}

// scrap scraps units of a fleet at the owner's FRD or with the owner's
// large repair freighter there (EaW 9.0, 9a): half their EBPV is credited
// at the end of the turn, to spend from the next. All or nothing.
func (t *turn) scrap(l *ledger, owner campaign.PlayerID, o Order) {
	s := o.Scrap
	f := t.fleetFor(owner, o, s.Fleet)
	if f == nil {
		return
	}
	if site := t.siteAt(owner, f.At); !site.frd && !site.large {
		t.failService(owner, o, fmt.Sprintf("you have neither an FRD nor a large repair freighter at %s", t.systemName(f.At)))
		return
	}
	idx, missing := campaign.PickUnits(f, s.Units)
	if len(missing) > 0 {
		t.failService(owner, o, fmt.Sprintf("fleet %s holds %s", s.Fleet, campaign.UnitList(f.Units)))
		return
	}
	gone := f.Take(idx)
	ebpv := 0
	for _, u := range gone.Units {
		if c := t.next.Catalogue.Class(u); c != nil {
			ebpv += c.EBPV
		}
	}
	refund := ebpv * ScrapRefund / 100
	l.refunds[owner] += refund
	text := fmt.Sprintf("Fleet %s scrapped %s at %s: %d BPV come back to your treasury at the end of the turn, to spend from the next (EaW 9.0).",
		s.Fleet, campaign.UnitList(gone.Units), t.systemName(f.At), refund)
	if len(f.Units) == 0 {
		text += fmt.Sprintf(" Fleet %s, left without units, is disbanded.", s.Fleet)
	}
	t.emit(game.Event{Kind: EventScrapped, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 9.0", Text: text})
}

// creditRefunds pays the turn's scrap refunds into the treasuries, after
// the turn's spending (EaW 9.0).
func (t *turn) creditRefunds(l *ledger) {
	for i := range t.next.Players {
		p := &t.next.Players[i]
		if n := l.refunds[p.ID]; n > 0 {
			p.Treasury += n
			t.emit(game.Event{Kind: EventIncome, Players: []campaign.PlayerID{p.ID}, Rule: "EaW 9.0",
				Text: fmt.Sprintf("Scrapping paid %d BPV into your treasury, which now holds %d BPV.", n, p.Treasury)})
		}
	}
}

// inspect inspects every captured unit of a fleet at the owner's FRD or
// with the owner's small repair freighter there (EaW 9b, 9c): they are
// restored and count toward the fleet's caps from then on (EaW 25b). An
// inspection that would take the fleet over a cap of EaW 17.0, as the
// prizes of this turn's battles may, is not made.
func (t *turn) inspect(owner campaign.PlayerID, o Order) {
	in := o.Inspect
	f := t.fleetFor(owner, o, in.Fleet)
	if f == nil {
		return
	}
	if site := t.siteAt(owner, f.At); !site.frd && !site.small {
		t.failService(owner, o, fmt.Sprintf("you have neither an FRD nor a small repair freighter at %s", t.systemName(f.At)))
		return
	}
	if len(f.Captured) == 0 {
		t.failService(owner, o, "it holds no captured units")
		return
	}
	inspected := *f
	inspected.Captured = nil
	if why := t.overCap(in.Fleet, &inspected); why != "" {
		t.failRule(owner, o, "EaW 17.0", why)
		return
	}
	var units []campaign.ClassName
	for _, i := range f.Inspect() {
		units = append(units, f.Units[i])
	}
	t.emit(game.Event{Kind: EventInspected, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 9b",
		Text: fmt.Sprintf("Fleet %s inspected its captured %s at %s: restored to combat readiness, they count toward the fleet's caps from now on (EaW 25b).",
			in.Fleet, campaign.UnitList(units), t.systemName(f.At))})
}

// selfRepair makes a fleet's self-repairs after the battles (EaW 24.0):
// each inspected unit mends its damage with what its self-repair capacity
// has left since it last resupplied (EaW 22b), one point of capacity per
// point mended, as the free repairs after a battle do (repair, EaW 23a):
// its systems first, each point on the one hit worst, then structure.
// Uninspected prizes mend nothing (EaW 25b).
func (t *turn) selfRepair(owner campaign.PlayerID, o Order) {
	id := o.SelfRepair.Fleet
	f := t.fleetFor(owner, o, id)
	if f == nil {
		return
	}
	var mended []string
	spent := false
	for i, u := range f.Units {
		d := f.DamageOf(i)
		if f.IsCaptured(i) || !d.Any() {
			continue
		}
		left := t.next.SelfRepairLeft(f, i)
		if left == 0 {
			spent = true
			continue
		}
		fixed := repair(d, left)
		fixed.Unit = i
		setDamage(f, fixed)
		used := damagePoints(d) - damagePoints(fixed)
		c := f.CrewOf(i)
		c.Repaired += used
		f.SetCrew(c)
		mended = append(mended, fmt.Sprintf("%s #%d (%s mended, %d capacity left)", u, i+1, mendText(d, fixed), left-used))
	}
	switch {
	case len(mended) > 0:
		t.emit(game.Event{Kind: EventSelfRepaired, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 24.0",
			Text: fmt.Sprintf("Fleet %s repaired itself at %s: %s.", id, t.systemName(f.At), strings.Join(mended, ", "))})
	case spent:
		t.failService(owner, o, "its damaged units have used their self-repair capacity since they last resupplied (EaW 22b)")
	default:
		t.emit(game.Event{Kind: EventSelfRepaired, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 24.0",
			Text: fmt.Sprintf("Fleet %s had no damage to repair.", id)})
	}
}

// mendText says what a repair mended: "2 structure, 1 attack".
func mendText(before, after campaign.UnitDamage) string {
	var parts []string
	for _, p := range []struct {
		what string
		n    int
	}{
		{"structure", before.Structure - after.Structure}, {"attack", before.Attack - after.Attack},
		{"sensor", before.Sensor - after.Sensor}, {"speed", before.Speed - after.Speed},
	} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	return strings.Join(parts, ", ")
}

// resupplyAll is the New Year's global resupply (EaW 3b): every fleet of
// a player with an FRD (EaW 15a; §8 C9: one is enough), wherever it is,
// has its self-repair capacity restored. Fleets trapped by a fortification
// are not resupplied (EaW 10h; §8 C6), nor are uninspected prizes
// (EaW 9b). Damage is not repaired: that takes a resupply order (EaW 6d).
// pbemd keeps no expendables, so there is nothing else to replace. A
// player is told when capacity was restored, or when fleets that had used
// some were left out.
func (t *turn) resupplyAll() {
	for _, p := range t.next.Players {
		if !p.Active() {
			continue
		}
		hasFRD := slices.ContainsFunc(t.next.FRDs, func(f campaign.FRD) bool { return f.Owner == p.ID })
		var restored, left []string
		for i := range t.next.Fleets {
			f := &t.next.Fleets[i]
			if f.Owner != p.ID || !usedSelfRepair(f) {
				continue
			}
			if !hasFRD || f.Trapped != 0 {
				left = append(left, string(f.ID))
				continue
			}
			f.Resupply(false)
			restored = append(restored, string(f.ID))
		}
		var text []string
		if len(restored) > 0 {
			text = append(text, fmt.Sprintf("New Year Y%d: your fleets resupplied wherever they are, restoring the self-repair capacity of %s (EaW 3b).",
				t.date.Year+1, fleetNames(restored)))
		}
		switch {
		case len(left) > 0 && !hasFRD:
			text = append(text, fmt.Sprintf("New Year Y%d: you have no FRD, so your fleets were not resupplied, and the self-repair capacity of %s stays used (EaW 3b, 15a).",
				t.date.Year+1, fleetNames(left)))
		case len(left) > 0:
			text = append(text, fmt.Sprintf("Not resupplied, being trapped by a fortification (EaW 10h): %s.", fleetNames(left)))
		}
		if len(text) > 0 {
			t.emit(game.Event{Kind: EventResupplied, Players: []campaign.PlayerID{p.ID}, Rule: "EaW 3b", Text: strings.Join(text, " ")})
		}
	}
}

// usedSelfRepair reports whether a unit of the fleet has used some of its
// self-repair capacity since it last resupplied.
func usedSelfRepair(f *campaign.Fleet) bool {
	return slices.ContainsFunc(f.Crews, func(c campaign.UnitCrew) bool { return c.Repaired > 0 })
}

// fleetNames names fleets by their IDs: "fleet 1st", "fleets 1st and 2nd".
func fleetNames(ids []string) string {
	if len(ids) == 1 {
		return "fleet " + ids[0]
	}
	return "fleets " + strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1]
}
