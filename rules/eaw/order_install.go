package eaw

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// Install installs ground bases, DEFSATs or a CPL that a fleet carries at
// the planet where it is, for good (EaW 14.0).
type Install struct{ UnitsOrder }

// Name returns "install".
func (*Install) Name() string { return "install" }

// Example is an install order as players write it, for hints.
func (*Install) Example() string { return "- install: {fleet: 1st, units: [cpl, gsa]}" }

// Fields are the keys an install order may hold.
func (*Install) Fields() []string { return []string{"fleet", "units"} }

func (*Install) parse(p *parser, key, n *yaml.Node) Kind {
	return &Install{p.unitsOrder(key, n)}
}

func (in *Install) schema(*campaign.Rules) *schema {
	return kindSchema(in.Name(), "An install order: install ground bases, DEFSATs or a CPL (EaW 14.0).",
		"Install ground bases, DEFSATs or a CPL that a fleet carries at the planet where it is, for "+orderPoints(ServiceCost)+" "+
			"for any number in one system (EaW 14.0). Installation is permanent.",
		[]string{"fleet", "units"}, fleetField, unitsField("The bases to install, by class."))
}

// YAML echoes the order as players write it.
func (in *Install) YAML() string {
	return fmt.Sprintf("install: {fleet: %s, units: [%s]}", in.Fleet, join(in.Units))
}

// check checks an install order (EaW 14.0): bases the fleet carries
// (ground bases, DEFSATs, a CPL) are installed at the planet where the
// fleet is, permanently. One point pays for any number of installs in one
// system. A planet holds at most 12 ground bases and 5 DEFSATs, twice that
// with dual planets; the player's own bases are counted here, everyone's
// when the order is carried out.
func (in *Install) check(v *validator, o Order) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	v.afterBattles(in.fleets()...)
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
		case c.Has(campaign.RoleGSA) && !v.index.HasDevelopment(v.player, sys, campaign.Colony):
			notes = append(notes, fmt.Sprintf("a %s earns only at your developed colony (EaW 14.0)", b.Class))
		case c.Has(campaign.RoleGMS) && !v.index.HasDevelopment(v.player, sys, campaign.Mine):
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

// timing names the fleet it serves: a fleet service.
func (in *Install) timing(CostedOrder) (moves, serves []campaign.FleetID) { return nil, in.fleets() }

// track binds the fleet to an install after the battles.
func (in *Install) track(v *validator, co CostedOrder, late bool) {
	v.bindLate(co.Order.Pos, late, in.fleets())
}

// step is a fleet service's (serviceStep).
func (*Install) step(late bool) step { return serviceStep(late) }

// carryOut installs bases a fleet carries at the planet where it is
// (EaW 14.0): permanently, dated with this turn's season, which prorates
// their first year's income. A planet holds at most 12 ground bases and 5
// DEFSATs of every owner together, twice that with dual planets. All or
// nothing: if a base named is no longer in the fleet, or the planet has
// no room, none is installed.
func (in *Install) carryOut(t *turn, a act) {
	if !t.arrived(a, in, "") || !t.settled(a.owner, in) {
		return
	}
	owner := a.owner
	f := t.fleetFor(owner, in, in.Fleet)
	if f == nil {
		return
	}
	sys := t.next.System(f.At)
	idx, missing := campaign.PickUnits(f, in.Units)
	switch {
	case sys == nil || sys.Planet == campaign.Unknown:
		t.failService(owner, in, fmt.Sprintf("the planet at %s is unexplored", t.systemName(f.At)))
		return
	case len(missing) > 0:
		t.failService(owner, in, fmt.Sprintf("fleet %s holds %s", in.Fleet, campaign.UnitList(f.Units)))
		return
	}
	var add []campaign.Installation
	for _, i := range idx {
		if c := t.next.Catalogue.Class(f.Units[i]); c == nil || !c.IsBase() {
			t.failService(owner, in, fmt.Sprintf("a %s is not a base", f.Units[i]))
			return
		}
		add = append(add, campaign.Installation{Owner: owner, At: f.At, Class: f.Units[i], Since: t.date})
	}
	if why := t.noRoom(sys, add); why != "" {
		t.failService(owner, in, why)
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

func (in *Install) doing() (campaign.FleetID, string, string) {
	return in.Fleet, "install " + campaign.UnitList(in.Units), "EaW 14.0"
}

// installable picks a base the fleet carries to install where it stands
// (EaW 14.0): at an explored planet, where the player's own bases leave
// room for one more of any kind (campaign.MaxDEFSATs, the smaller limit).
func (t *orderTemplate) installable(f FleetView) (campaign.ClassName, bool) {
	if len(f.Carried) == 0 {
		return "", false
	}
	switch t.sys[f.At].Planet {
	case campaign.Life, campaign.Mineral, campaign.Dead:
	default:
		return "", false
	}
	mine := 0
	for _, b := range t.v.Bases {
		if b.At == f.At {
			mine++
		}
	}
	if mine >= campaign.MaxDEFSATs {
		return "", false
	}
	return f.Units[f.Carried[0]], true
}

// offer offers a free fleet the install of a base it carries
// (installable, EaW 14.0).
func (*Install) offer(t *orderTemplate, sp spot) []suggestion {
	if sp.place != atFleet {
		return nil
	}
	u, ok := t.installable(sp.fleet)
	if !ok {
		return nil
	}
	return []suggestion{{fmt.Sprintf("- install: {fleet: %s, units: [%s]}", yamlName(string(sp.fleet.ID)), yamlName(string(u))),
		points(ServiceCost) + " for every install in this system this turn (EaW 14.0)"}}
}
