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
// install (EaW 14.0): each kind in its own file (order_resupply.go, ...).
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

// service is a fleet-service kind: Resupply, Transfer, Scrap, Inspect,
// SelfRepair and Install.
type service interface {
	Kind
	// doing says what the order does, for event texts: the fleet it is
	// for, what it does ("scrap 2 frigate") and its rule.
	doing() (fleet campaign.FleetID, what, rule string)
}

// serviceStep is the step that carries out a fleet service: before
// movement, or after the battles when it comes after a move of one of its
// fleets (Timing).
func serviceStep(late bool) step {
	if late {
		return stepServeAfter
	}
	return stepServeBefore
}

// arrived reports whether a fleet service carried out after the battles
// finds its fleets where the owner's orders sent them; if not, the owner
// is told why it was not carried out. A fleet was destroyed or disbanded,
// met hostile fleets and lost its later orders (EaW 19a), was trapped by
// a fortification (EaW 10a, 10h), or ended its move elsewhere. forms is
// a fleet the order forms, which need not exist yet; "" for none.
func (t *turn) arrived(a act, s service, forms campaign.FleetID) bool {
	if !a.late {
		return true
	}
	for _, id := range s.fleets() {
		f, sent := t.next.Fleet(a.owner, id), a.sentTo(id)
		why := ""
		switch {
		case f == nil && id == forms && t.was.Fleet(a.owner, id) == nil:
			// a new fleet the order forms
		case f == nil:
			why = fmt.Sprintf("fleet %s is gone: it was destroyed or disbanded", id)
		case f.Trapped != 0:
			why = fmt.Sprintf("fleet %s is trapped by an enemy fortification at %s (EaW 10a, 10h)", id, t.systemName(f.At))
		case t.pinned[f.Key()]:
			why = fmt.Sprintf("fleet %s met hostile fleets at %s, and its orders after its move were lost (EaW 19a)", id, t.systemName(f.At))
		case sent != "" && f.At != sent:
			why = fmt.Sprintf("fleet %s is at %s, not at %s: its move was cut short", id, t.systemName(f.At), t.systemName(sent))
		}
		if why != "" {
			t.failService(a.owner, s, why)
			return false
		}
	}
	return true
}

// settled reports whether a fleet service that changes its fleets' units
// (scrap, transfer, install, inspect) leaves alone every fleet in a battle
// that waits for its result, whose report names the fleet's ships by
// their places as the battle found them (EaW 26.0); if not, the owner is
// told why it was not carried out. Intake refuses such orders; this
// catches a battle that came after it.
func (t *turn) settled(owner campaign.PlayerID, s service) bool {
	for _, b := range t.next.Battles {
		for _, f := range b.Fleets {
			if f.Owner == owner && slices.Contains(s.fleets(), f.ID) {
				t.failRule(owner, s, "EaW 26.0", fmt.Sprintf("fleet %s fought battle %s, which waits for its result, and keeps its units as the battle found them until the result is in (EaW 26.0)",
					f.ID, b.ID))
				return false
			}
		}
	}
	return true
}

// failService tells the owner that a fleet-service order was not carried
// out, and why; nothing of it was done or paid.
func (t *turn) failService(owner campaign.PlayerID, s service, why string) {
	_, _, rule := s.doing()
	t.failRule(owner, s, rule, why)
}

// failRule is failService under another rule than the order's own: the
// one the order would break.
func (t *turn) failRule(owner campaign.PlayerID, s service, rule, why string) {
	id, what, _ := s.doing()
	at := campaign.SystemID("")
	if f := t.next.Fleet(owner, id); f != nil {
		at = f.At
	}
	t.emit(game.Event{Kind: EventOrderFailed, Players: []campaign.PlayerID{owner}, At: at, Rule: rule,
		Text: fmt.Sprintf("Fleet %s did not %s: %s.", id, what, why)})
}

// fleetFor returns the owner's fleet an order names, or nil after telling
// the owner the order failed.
func (t *turn) fleetFor(owner campaign.PlayerID, s service, id campaign.FleetID) *campaign.Fleet {
	f := t.next.Fleet(owner, id)
	if f == nil {
		t.failService(owner, s, fmt.Sprintf("fleet %s is gone: it was destroyed or disbanded", id))
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
	slices.SortFunc(t.next.Fleets, func(a, b campaign.Fleet) int { return campaign.CompareKeys(a.Key(), b.Key()) })
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

// creditRefunds pays the turn's scrap refunds into the treasuries, after
// the turn's spending (EaW 9.0).
func (t *turn) creditRefunds() {
	for i := range t.next.Players {
		p := &t.next.Players[i]
		if n := t.refunds[p.ID]; n > 0 {
			p.Treasury += n
			t.emit(game.Event{Kind: EventIncome, Players: []campaign.PlayerID{p.ID}, Rule: "EaW 9.0",
				Text: fmt.Sprintf("Scrapping paid %d BPV into your treasury, which now holds %d BPV.", n, p.Treasury)})
		}
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
