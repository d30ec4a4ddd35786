package orders

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/pbemd/pbemd/campaign"
)

// build checks a build order at the player's FRD (EaW 6.0): one per FRD per
// turn (EaW 33.0 #3), known classes, at most Rules.Build.Docking docking
// points, paid from the treasury, into a fleet at the FRD or a new one
// (EaW 6c). With mp 1 it costs a point and the units may move this turn.
func (v *validator) build(o Order, b *Build) CostedOrder {
	co := CostedOrder{Order: o}
	if b.MP == 1 {
		co.Points = v.costs.BuildCost
	}
	frd := v.st.FRDOf(v.player)
	if frd == nil {
		v.add(o.Pos, "EaW 6.0", "you have no FRD, and units are built only at an FRD",
			"build an FRD first (EaW 15a), then build units there")
	}
	if !v.built.IsZero() {
		v.add(o.Pos, "EaW 33.0", fmt.Sprintf("your FRD already builds at %s; an FRD builds once per turn", v.built),
			"put all the units into one build order")
	} else {
		v.built = o.Pos
	}
	var notes []string
	co.BPV, notes = v.units(o, b)
	co.Notes = append(co.Notes, notes...)
	v.spent += co.BPV
	if v.spent > v.treasury && !v.overTreasury {
		v.overTreasury = true
		msg := fmt.Sprintf("these units cost %d BPV, but your treasury holds %d", co.BPV, v.treasury)
		if v.spent != co.BPV {
			msg = fmt.Sprintf("your builds cost %d BPV so far, but your treasury holds %d", v.spent, v.treasury)
		}
		v.add(o.Pos, "EaW 6.0", msg, "build fewer or cheaper units")
	}
	if b.Fleet != "" {
		co.Notes = append(co.Notes, v.target(o, b, frd)...)
		v.fleetCap(o, b)
	}
	if b.MP == 0 {
		co.Notes = append(co.Notes, "mp 0: the new units move from next turn (EaW 6.0)")
	}
	return co
}

// units checks the classes and the docking points and returns the EBPV the
// units cost, with the similar-hull surcharge on the third and later ship
// of a class the player owns (EaW 17f), and notes on each surcharge.
func (v *validator) units(o Order, b *Build) (int, []string) {
	docking, ebpv := 0, 0
	owned := map[campaign.ClassName]int{}
	for _, f := range v.st.Fleets {
		if f.Owner == v.player {
			for _, u := range f.Units {
				owned[u]++
			}
		}
	}
	var notes []string
	for i, u := range b.Units {
		c := v.st.Catalogue.Class(u)
		if c == nil {
			var names []string
			for _, c := range v.st.Catalogue {
				names = append(names, string(c.Class))
			}
			v.add(at(b.UnitsPos, i, o.Pos), "EaW 6.0", fmt.Sprintf("there is no unit class %q in the catalogue", u),
				suggest(string(u), names, "the classes"))
			continue
		}
		docking += c.Docking
		cost := c.EBPV
		if pct := v.st.Rules.HullSurcharge(c, owned[u]); pct > 0 {
			cost = c.EBPV * (100 + pct) / 100
			notes = append(notes, fmt.Sprintf("%s number %d costs %d%% more: %d BPV (EaW 17f)", u, owned[u]+1, pct, cost))
		}
		owned[u]++
		ebpv += cost
	}
	if limit := v.st.Rules.Build.Docking; docking > limit {
		v.add(o.Pos, "EaW 6.0", fmt.Sprintf("these units take %d docking points, and an FRD builds at most %d per turn", docking, limit),
			"build fewer units now and the rest next turn")
	}
	return ebpv, notes
}

// fleetCap checks that the fleet the units join stays within the combat
// BPV caps of the campaign's period (EaW 17.0).
func (v *validator) fleetCap(o Order, b *Build) {
	capTotal, capBig := v.st.Rules.FleetCaps(v.st.Start, v.st.Date())
	units := slices.Clone(b.Units)
	if f := v.index[campaign.FleetKey{Owner: v.player, ID: b.Fleet}]; f != nil {
		units = append(units, f.Units...)
	}
	total, big := 0, 0
	for _, u := range units {
		if c := v.st.Catalogue.Class(u); c != nil {
			total += c.CBPV
			if c.Size == 2 || c.Size == 3 {
				big += c.CBPV
			}
		}
	}
	switch {
	case capTotal > 0 && total > capTotal:
		v.add(or(b.FleetPos, o.Pos), "EaW 17.0", fmt.Sprintf("fleet %s would have %d combat BPV, over the cap of %d in Y%d", b.Fleet, total, capTotal, v.st.Date().Year),
			"put some of the units into a new fleet")
	case capBig > 0 && big > capBig:
		v.add(or(b.FleetPos, o.Pos), "EaW 17.0", fmt.Sprintf("fleet %s would have %d combat BPV of size class 2 and 3 ships, over the cap of %d in Y%d", b.Fleet, big, capBig, v.st.Date().Year),
			"put the big ships into another fleet")
	}
}

// target checks the fleet the units go into: the player's fleet at the FRD,
// or a new fleet, created there (EaW 6c). It returns notes for the reply.
func (v *validator) target(o Order, b *Build, frd *campaign.FRD) []string {
	f := v.fleet(b.Fleet)
	if f != nil {
		if frd != nil && f.known && f.at != frd.At {
			hint := fmt.Sprintf("name a new fleet, which forms at %s", frd.At)
			if there := v.fleetsAt(frd.At); len(there) > 0 {
				hint = fmt.Sprintf("put the units into a fleet at %s (%s), or name a new fleet", frd.At, list(there))
			}
			v.add(or(b.FleetPos, o.Pos), "EaW 6c", fmt.Sprintf("fleet %s will be at %s, not at your FRD at %s", b.Fleet, f.at, frd.At), hint)
		}
		if b.MP == 0 && f.createdAt.IsZero() {
			f.reinforcedAt = o.Pos
		}
		return nil
	}
	if !fleetName.MatchString(string(b.Fleet)) {
		v.add(or(b.FleetPos, o.Pos), "EaW 6c", fmt.Sprintf("%q cannot name a new fleet", b.Fleet),
			"name it with up to 32 letters, digits, '-' or '_', e.g. fleet: 7th")
	}
	f = &fleetPlan{createdAt: o.Pos, createdMP: b.MP}
	v.fleets[b.Fleet] = f
	v.created = append(v.created, b.Fleet)
	if frd == nil {
		return nil
	}
	f.at, f.known = frd.At, v.graph.Has(frd.At)
	return []string{fmt.Sprintf("new fleet %s forms at %s (EaW 6c)", b.Fleet, frd.At)}
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
