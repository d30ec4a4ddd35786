package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
)

// Validation of the resupply order and its refits (EaW 6d–6f, 8.0), a
// fleet service (service.go).

// resupply checks a resupply (EaW 6d): at the player's FRD or developed
// colony, not disrupted (EaW 10i), or with the player's repair freighter
// in the system, which does not refit. Refits (EaW 6f) turn every
// inspected unit of a class into a class its Refits lists, for the EBPV
// difference, never refunded (§8 O16).
func (v *validator) resupply(o Order, r *Resupply) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	late := v.afterBattles(o)
	f, fl := v.serviceFleet(or(r.FleetPos, o.Pos), "EaW 6d", r.Fleet, "resupply")
	if f == nil {
		return co
	}
	v.once(o, kindResupply, r.Fleet, "EaW 6d", "drop one of the two orders")
	if !f.known {
		return co
	}
	sp := v.servicesAt(f.at, late)
	freighterOnly := false
	switch {
	case sp.frd || sp.colony && !sp.disrupted:
	case sp.large || sp.small:
		freighterOnly = true
		co.Notes = append(co.Notes, fmt.Sprintf("your repair freighter at %s resupplies and repairs fleet %s (EaW 6d)", f.at, r.Fleet))
	case sp.colony:
		v.Add(o.Pos, "EaW 10i", fmt.Sprintf("your colony at %s is disrupted by enemy fleets trapped there and resupplies nobody", f.at),
			"resupply at your FRD or another developed colony")
		return co
	default:
		v.Add(o.Pos, "EaW 6d", fmt.Sprintf("fleet %s %s, where you have no FRD, developed colony or repair freighter", r.Fleet, where(f)),
			v.serviceSites()+"; a repair freighter in the fleet's system also resupplies it")
		return co
	}
	if len(r.Refit) > 0 && freighterOnly {
		v.Add(or(r.Refit[0].Pos, o.Pos), "EaW 6d", "a repair freighter resupplies and repairs but does not refit",
			"refit at your FRD or developed colony")
	} else {
		co.BPV, co.Notes = v.refits(o, r, fl, co.Notes)
	}
	if len(fl.Captured) > 0 {
		co.Notes = append(co.Notes, fmt.Sprintf("fleet %s's captured %s not resupplied until inspected (EaW 25b)", r.Fleet, capturedList(fl)))
	}
	fl.Resupply(true)
	return co
}

// refits checks and applies a resupply's refits (EaW 6f) to the fleet's
// units and pays for them; it returns their cost and the notes.
func (v *validator) refits(o Order, r *Resupply, fl *campaign.Fleet, notes []string) (int, []string) {
	bpv := 0
	for _, rf := range r.Refit {
		pos := or(rf.Pos, o.Pos)
		from, to := v.st.Catalogue.Class(rf.From), v.st.Catalogue.Class(rf.To)
		if from == nil || to == nil {
			u := rf.From
			if from != nil {
				u = rf.To
			}
			v.Add(pos, "EaW 6f", fmt.Sprintf("there is no unit class %q in the catalogue", u), v.NearestHint(string(u), v.classNames(), "the classes"))
			continue
		}
		if !slices.Contains(from.Refits, rf.To) {
			hint := fmt.Sprintf("the catalogue offers no refit for a %s", rf.From)
			if len(from.Refits) > 0 {
				hint = fmt.Sprintf("a %s may be refitted to: %s", rf.From, list(from.Refits))
			}
			v.Add(pos, "EaW 6f", fmt.Sprintf("a %s cannot be refitted to %s", rf.From, rf.To), hint)
			continue
		}
		var units []int
		for i, u := range fl.Units {
			if u == rf.From && !fl.IsCaptured(i) {
				units = append(units, i)
			}
		}
		if len(units) == 0 {
			v.Add(pos, "EaW 6f", fmt.Sprintf("fleet %s has no %s to refit", r.Fleet, rf.From),
				fmt.Sprintf("fleet %s holds: %s; captured units are refitted only once inspected", r.Fleet, campaign.UnitList(fl.Units)))
			continue
		}
		each := max(0, to.EBPV-from.EBPV)
		bpv += each * len(units)
		note := fmt.Sprintf("refit of %d %s to %s: %d BPV each (EaW 6f)", len(units), rf.From, rf.To, each)
		if to.EBPV < from.EBPV {
			note = fmt.Sprintf("refit of %d %s to %s: free, and the cheaper class refunds nothing (EaW 6f)", len(units), rf.From, rf.To)
		}
		notes = append(notes, note)
		for _, i := range units {
			fl.Units[i] = rf.To
		}
	}
	if len(r.Refit) > 0 {
		v.overCap(o.Pos, r.Fleet, fl, "refit fewer units, or transfer some out of the fleet in an order above")
	}
	if bpv > 0 {
		v.pay(o, bpv, "EaW 6f", fmt.Sprintf("these refits cost %d BPV", bpv))
	}
	return bpv, notes
}

// classNames lists the catalogue's classes, for hints.
func (v *validator) classNames() []string {
	names := make([]string, len(v.st.Catalogue))
	for i, c := range v.st.Catalogue {
		names[i] = string(c.Class)
	}
	return names
}
