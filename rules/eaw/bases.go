package eaw

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// install installs bases a fleet carries at the planet where it is
// (EaW 14.0): permanently, dated with this turn's season, which prorates
// their first year's income. A planet holds at most 12 ground bases and 5
// DEFSATs of every owner together, twice that with dual planets. All or
// nothing: if a base named is no longer in the fleet, or the planet has
// no room, none is installed.
func (t *turn) install(owner campaign.PlayerID, o Order) {
	in := o.Install
	f := t.fleetFor(owner, o, in.Fleet)
	if f == nil {
		return
	}
	sys := t.next.System(f.At)
	idx, missing := campaign.PickUnits(f, in.Units)
	switch {
	case sys == nil || sys.Planet == campaign.Unknown:
		t.failService(owner, o, fmt.Sprintf("the planet at %s is unexplored", t.systemName(f.At)))
		return
	case len(missing) > 0:
		t.failService(owner, o, fmt.Sprintf("fleet %s holds %s", in.Fleet, campaign.UnitList(f.Units)))
		return
	}
	var add []campaign.Installation
	for _, i := range idx {
		if c := t.next.Catalogue.Class(f.Units[i]); c == nil || !c.IsBase() {
			t.failService(owner, o, fmt.Sprintf("a %s is not a base", f.Units[i]))
			return
		}
		add = append(add, campaign.Installation{Owner: owner, At: f.At, Class: f.Units[i], Since: t.date})
	}
	if why := t.noRoom(sys, add); why != "" {
		t.failService(owner, o, why)
		return
	}
	f.Take(idx)
	t.next.Bases = append(t.next.Bases, add...)
	var units []campaign.ClassName
	for _, b := range add {
		units = append(units, b.Class)
	}
	text := fmt.Sprintf("Fleet %s installed %s at %s, for good (EaW 14.0).", in.Fleet, campaign.UnitList(units), t.systemName(f.At))
	if len(f.Units) == 0 {
		text += fmt.Sprintf(" Fleet %s, left without units, is disbanded.", in.Fleet)
	}
	t.emit(game.Event{Kind: EventInstalled, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 14.0", Text: text})
}

// noRoom says why the planet cannot take the bases (EaW 14.0), or "".
func (t *turn) noRoom(sys *campaign.System, add []campaign.Installation) string {
	ground, defsats := t.next.BaseCounts(append(t.next.BasesAt(sys.ID), add...))
	n := sys.Planets()
	switch {
	case ground > campaign.MaxGroundBases*n:
		return fmt.Sprintf("%s would then hold %d ground bases, and holds at most %d", t.systemName(sys.ID), ground, campaign.MaxGroundBases*n)
	case defsats > campaign.MaxDEFSATs*n:
		return fmt.Sprintf("%s would then hold %d DEFSATs, and holds at most %d", t.systemName(sys.ID), defsats, campaign.MaxDEFSATs*n)
	}
	return ""
}

// baseIncome is what the player's ground bases pay at New Year (EaW 14.0,
// digest §4.2): with a CPL of the player's in the system, Rules.Income.GSA
// per GSA at the player's developed colony, GSO per GSO at a dead planet
// and GMS per GMS at the player's developed mine. A base earns from the
// later of its own installation and the CPL's, prorated like a mine by
// that season in the year just ended (EaW 12a); enemy fleets trapped at
// the system cut it by Rules.Fortify.Disruption percent (EaW 10i).
func (t *turn) baseIncome(owner campaign.PlayerID) incomePart {
	income, bases := 0, 0
	for _, b := range t.next.Bases {
		if b.Owner != owner {
			continue
		}
		yield := t.baseYield(b)
		cpl, ok := t.next.CPLSince(owner, b.At)
		if yield == 0 || !ok {
			continue
		}
		since := b.Since
		if since.Before(cpl) {
			since = cpl
		}
		share := 100
		if since.Year == t.date.Year {
			share = t.next.Rules.Income.Prorate[since.Season]
		}
		bpv := yield * share / 100
		if t.next.Disrupted(b.At, owner) {
			bpv -= bpv * min(max(t.next.Rules.Fortify.Disruption, 0), 100) / 100
		}
		income += bpv
		bases++
	}
	switch bases {
	case 0:
		return incomePart{}
	case 1:
		return incomePart{what: "1 ground base", bpv: income}
	}
	return incomePart{what: fmt.Sprintf("%d ground bases", bases), bpv: income}
}

// baseYield is a year's income of one base where it stands, before the
// CPL and prorating (EaW 14.0); 0 for a base that earns nothing there.
func (t *turn) baseYield(b campaign.Installation) int {
	c := t.next.Catalogue.Class(b.Class)
	sys := t.next.System(b.At)
	r := t.next.Rules.Income
	switch {
	case c == nil || sys == nil:
		return 0
	case c.Has(campaign.RoleGSA) && t.next.HasDevelopment(b.Owner, b.At, campaign.Colony):
		return r.GSA
	case c.Has(campaign.RoleGSO) && sys.Planet == campaign.Dead:
		return r.GSO
	case c.Has(campaign.RoleGMS) && t.next.HasDevelopment(b.Owner, b.At, campaign.Mine):
		return r.GMS
	}
	return 0
}
