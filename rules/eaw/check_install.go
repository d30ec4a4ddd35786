package eaw

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
)

// Validation of the install order (EaW 14.0, 14a), a fleet service
// (service.go).

// install checks an install order (EaW 14.0): bases the fleet carries
// (ground bases, DEFSATs, a CPL) are installed at the planet where the
// fleet is, permanently. One point pays for any number of installs in one
// system. A planet holds at most 12 ground bases and 5 DEFSATs, twice that
// with dual planets; the player's own bases are counted here, everyone's
// when the order is carried out.
func (v *validator) install(o Order, in *UnitsOrder) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	v.afterBattles(o)
	f, fl := v.serviceFleet(or(in.FleetPos, o.Pos), "EaW 14.0", in.Fleet, "install bases")
	if f == nil || v.refuseInBattle(or(in.FleetPos, o.Pos), in.Fleet, "install bases") {
		return co
	}
	idx := v.pick(o, "EaW 14.0", in.Fleet, fl, in.Units, in.UnitsPos, "install")
	var bases []int
	for k, i := range idx {
		if c := v.st.Catalogue.Class(fl.Units[i]); c == nil || !c.IsBase() {
			v.Add(at(in.UnitsPos, k, o.Pos), "EaW 14.0", fmt.Sprintf("a %s is a ship, not a base; only ground bases, DEFSATs and CPLs are installed", fl.Units[i]),
				"move ships with transfer:; install names the bases the fleet carries")
			continue
		}
		bases = append(bases, i)
	}
	if !f.known {
		return co
	}
	s := v.services()
	if first, ok := s.installs[f.at]; ok {
		co.Points = 0
		co.Notes = append(co.Notes, fmt.Sprintf("free: the install at %s pays for every install at %s this turn (EaW 14.0)", first, f.at))
	} else {
		s.installs[f.at] = o.Pos
	}
	sys := v.st.System(f.at)
	if sys.Planet == campaign.Unknown {
		v.Add(o.Pos, "EaW 16.0", fmt.Sprintf("the planet at %s is unexplored; bases are installed at a known planet", f.at),
			fmt.Sprintf("end a move at %s and stay there a turn to explore it first", f.at))
		return co
	}
	var planned []campaign.Installation
	for _, i := range bases {
		planned = append(planned, campaign.Installation{Owner: v.player, At: f.at, Class: fl.Units[i], Since: v.st.Date()})
	}
	v.baseLimits(o, sys, planned)
	co.Notes = append(co.Notes, v.incomeNotes(f.at, planned)...)
	s.installed[f.at] = append(s.installed[f.at], planned...)
	fl.Take(bases)
	co.Notes = append(co.Notes, v.emptied(o, in.Fleet, fl, "EaW 14.0")...)
	return co
}

// mine returns the player's bases at sys: installed, and ordered above.
func (v *validator) mine(sys campaign.SystemID) []campaign.Installation {
	var out []campaign.Installation
	for _, b := range v.st.BasesAt(sys) {
		if b.Owner == v.player {
			out = append(out, b)
		}
	}
	return append(out, v.services().installed[sys]...)
}

// baseLimits reports an install that would put more ground bases or
// DEFSATs at a planet than EaW 14.0 allows.
func (v *validator) baseLimits(o Order, sys *campaign.System, planned []campaign.Installation) {
	ground, defsats := v.st.BaseCounts(append(v.mine(sys.ID), planned...))
	n := sys.Planets()
	if limit := campaign.MaxGroundBases * n; ground > limit {
		v.Add(o.Pos, "EaW 14.0", fmt.Sprintf("this would put %d of your ground bases at %s, which holds at most %d", ground, sys.ID, limit),
			"install fewer, and the rest at another planet")
	}
	if limit := campaign.MaxDEFSATs * n; defsats > limit {
		v.Add(o.Pos, "EaW 14.0", fmt.Sprintf("this would put %d of your DEFSATs at %s, which holds at most %d", defsats, sys.ID, limit),
			"install fewer, and the rest at another planet")
	}
}

// incomeNotes tells the player which of the bases being installed will not
// earn at New Year, and why (EaW 14.0).
func (v *validator) incomeNotes(sys campaign.SystemID, planned []campaign.Installation) []string {
	var notes []string
	earners, cpls := 0, 0
	for _, b := range append(v.mine(sys), planned...) {
		if c := v.st.Catalogue.Class(b.Class); c != nil && c.Has(campaign.RoleCPL) {
			cpls++
		}
	}
	planet := v.st.System(sys).Planet
	for _, b := range planned {
		c := v.st.Catalogue.Class(b.Class)
		switch {
		case c.Has(campaign.RoleGSA) && !v.st.HasDevelopment(v.player, sys, campaign.Colony):
			notes = append(notes, fmt.Sprintf("a %s earns only at your developed colony (EaW 14.0)", b.Class))
		case c.Has(campaign.RoleGMS) && !v.st.HasDevelopment(v.player, sys, campaign.Mine):
			notes = append(notes, fmt.Sprintf("a %s earns only at your developed mine (EaW 14.0)", b.Class))
		case c.Has(campaign.RoleGSO) && planet != campaign.Dead:
			notes = append(notes, fmt.Sprintf("a %s earns only at a dead planet (EaW 14.0)", b.Class))
		case c.Has(campaign.RoleGSA) || c.Has(campaign.RoleGMS) || c.Has(campaign.RoleGSO):
			earners++
		}
	}
	switch {
	case earners > 0 && cpls == 0:
		notes = append(notes, fmt.Sprintf("you have no CPL at %s: its ground bases earn nothing until one is installed (EaW 14.0)", sys))
	case cpls > 1:
		notes = append(notes, fmt.Sprintf("you will have %d CPLs at %s; one per system is enough (EaW 14.0)", cpls, sys))
	}
	return notes
}
