package eaw

import (
	"fmt"
	"regexp"

	"github.com/pbemd/pbemd/campaign"
)

// build checks a build order at one of the player's FRDs (EaW 6.0, 15a):
// one per FRD per turn (EaW 33.0 #3), known classes, at most
// Rules.Build.Docking docking points, paid from the treasury, into a fleet
// at the FRD or a new one (EaW 6c). With mp 1 it costs Rules.Budget.BuildCost
// points and the units may move this turn.
func (v *validator) build(o Order, b *Build) CostedOrder {
	co := CostedOrder{Order: o}
	if b.MP == 1 {
		co.Points = v.costs.BuildCost
	}
	frd := v.builder(o, b)
	var notes []string
	co.BPV, notes = v.units(o, b)
	co.Notes = append(co.Notes, notes...)
	v.pay(o, co.BPV, "EaW 6.0", fmt.Sprintf("these units cost %d BPV", co.BPV))
	if b.Fleet != "" {
		co.Notes = append(co.Notes, v.target(o, b, frd)...)
		v.fleetCap(o, b)
	}
	if b.MP == 0 {
		co.Notes = append(co.Notes, "mp 0: the new units move from next turn (EaW 6.0)")
		if frd != nil && !frd.towedAt.IsZero() {
			v.Add(o.Pos, "EaW 6.0", fmt.Sprintf("units built with mp 0 join their fleet after movement, at the FRD, but your FRD at %s moves away at %s",
				frd.start, frd.towedAt), fmt.Sprintf("build with mp: 1 (%s), or leave the FRD where it is this turn", points(v.costs.BuildCost)))
		}
	}
	return co
}

// builder picks the FRD a build order uses and books it for the turn
// (EaW 33.0 #3): the one at b.At, the player's only FRD, or, of several,
// the one where the fleet the units join stands. It returns nil when the
// player has no such FRD; the problem is reported.
func (v *validator) builder(o Order, b *Build) *frdPlan {
	frds := v.frdPlans()
	if len(frds) == 0 {
		v.Add(o.Pos, "EaW 15a", "you have no FRD, and units are built only at an FRD", v.noFRDHint())
		return nil
	}
	var cands []*frdPlan
	switch {
	case b.At != "":
		cands = frdsAt(frds, b.At)
		if len(cands) == 0 {
			v.Add(or(b.AtPos, o.Pos), "EaW 6.0", fmt.Sprintf("you have no FRD at %s, and units are built only at an FRD", b.At),
				"your FRDs stand at: "+list(frdSystems(frds)))
			return nil
		}
	case len(frds) == 1:
		cands = frds
	default:
		if f := v.fleet(b.Fleet); f != nil && f.known {
			cands = frdsAt(frds, f.at)
		}
		if len(cands) == 0 {
			v.Add(o.Pos, "EaW 6.0", "you have several FRDs, and this build does not say which one builds",
				fmt.Sprintf("add at: with the FRD's system, e.g. at: %s; your FRDs stand at: %s", frds[0].start, list(frdSystems(frds))))
			return nil
		}
	}
	for _, f := range cands {
		if f.builtAt.IsZero() {
			f.builtAt, f.builtMP = o.Pos, b.MP
			return f
		}
	}
	msg := fmt.Sprintf("your FRD already builds at %s; an FRD builds once per turn", cands[0].builtAt)
	if len(frds) > 1 {
		msg = fmt.Sprintf("your FRD at %s already builds at %s; an FRD builds once per turn", cands[0].start, cands[0].builtAt)
	}
	v.Add(o.Pos, "EaW 33.0", msg, "put all the units into one build order")
	return cands[0]
}

// noFRDHint is the hint for an order that needs an FRD the player lacks,
// at the campaign's price of a new one.
func (v *validator) noFRDHint() string {
	r := v.st.Rules.FRD
	return fmt.Sprintf("build an FRD first with build_frd: {at: SYSTEM} at a system with your developed mine or colony "+
		"(%s, %d BPV; EaW 15a); it builds from the turn after", points(r.BuildCost), r.Price)
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
			v.Add(at(b.UnitsPos, i, o.Pos), "EaW 6.0", fmt.Sprintf("there is no unit class %q in the catalogue", u),
				v.NearestHint(string(u), names, "the classes"))
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
		v.Add(o.Pos, "EaW 6.0", fmt.Sprintf("these units take %d docking points, and an FRD builds at most %d per turn", docking, limit),
			"build fewer units now and the rest next turn")
	}
	return ebpv, notes
}

// fleetCap checks that the fleet the units join stays within the combat
// BPV caps of the campaign's period (EaW 17.0).
func (v *validator) fleetCap(o Order, b *Build) {
	capTotal, capBig := v.st.Rules.FleetCaps(v.st.Start, v.st.Date())
	// The fleet as the orders above leave it (service.go), counted as
	// FleetLoad counts it: carried bases and prizes are left out.
	var f campaign.Fleet
	if have := v.contents(b.Fleet); have != nil {
		f.Join(*have)
	}
	f.Join(campaign.Fleet{Units: b.Units})
	total, big := v.st.FleetLoad(&f)
	switch {
	case capTotal > 0 && total > capTotal:
		v.Add(or(b.FleetPos, o.Pos), "EaW 17.0", fmt.Sprintf("fleet %s would have %d combat BPV, over the cap of %d in Y%d", b.Fleet, total, capTotal, v.st.Date().Year),
			"put some of the units into a new fleet")
	case capBig > 0 && big > capBig:
		v.Add(or(b.FleetPos, o.Pos), "EaW 17.0", fmt.Sprintf("fleet %s would have %d combat BPV of size class 2 and 3 ships, over the cap of %d in Y%d", b.Fleet, big, capBig, v.st.Date().Year),
			"put the big ships into another fleet")
	}
}

// target checks the fleet the units go into: the player's fleet at the FRD,
// or a new fleet, created there (EaW 6c). It returns notes for the reply.
// Units built with mp 1 join before movement, so they count for what the
// fleet does this turn (a free develop, a tow).
func (v *validator) target(o Order, b *Build, frd *frdPlan) []string {
	f := v.fleet(b.Fleet)
	if f != nil {
		if v.refuseTrapped(or(b.FleetPos, o.Pos), b.Fleet, "take new units") {
			return nil
		}
		if frd != nil && f.known && f.at != frd.start {
			hint := fmt.Sprintf("name a new fleet, which forms at %s", frd.start)
			if there := v.fleetsAt(frd.start); len(there) > 0 {
				hint = fmt.Sprintf("put the units into a fleet at %s (%s), or name a new fleet", frd.start, list(there))
			}
			v.Add(or(b.FleetPos, o.Pos), "EaW 6c", fmt.Sprintf("fleet %s will be at %s, not at your FRD at %s", b.Fleet, f.at, frd.start), hint)
		}
		if start := v.index[campaign.FleetKey{Owner: v.player, ID: b.Fleet}]; b.MP == 1 && frd != nil && start != nil &&
			f.at == frd.start && start.At != frd.start {
			v.Add(or(b.FleetPos, o.Pos), "EaW 6.0", fmt.Sprintf("units built with mp 1 join before movement, when fleet %s is still at %s, not at your FRD at %s",
				b.Fleet, start.At, frd.start), "build with mp: 0, and the units join it at the FRD after movement, or put them into a fleet that starts the turn at the FRD")
		}
		if b.MP == 0 && f.createdAt.IsZero() {
			f.reinforcedAt = o.Pos
		}
		return nil
	}
	if !fleetName.MatchString(string(b.Fleet)) {
		v.Add(or(b.FleetPos, o.Pos), "EaW 6c", fmt.Sprintf("%q cannot name a new fleet", b.Fleet),
			"name it with up to 32 letters, digits, '-' or '_', e.g. fleet: 7th")
	}
	f = &fleetPlan{createdAt: o.Pos, createdMP: b.MP}
	v.fleets[b.Fleet] = f
	v.created = append(v.created, b.Fleet)
	if frd == nil {
		return nil
	}
	f.at, f.known = frd.start, v.graph.Has(frd.start)
	return []string{fmt.Sprintf("new fleet %s forms at %s (EaW 6c)", b.Fleet, frd.start)}
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
