package eaw

import (
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/campaign"
)

// develop checks a develop order: a fortification at any planet (EaW 11.0),
// a mine at a mineral planet (EaW 12.0), a colony at a life planet
// (EaW 13.0), once per fleet, where the player has none of that kind yet,
// and never at a planet not yet explored (EaW 33.0 #2). It is free with a
// minelayer, a large freighter or a small freighter in the fleet
// (EaW 11a, 12b, 13a). The fleet may not move afterwards.
func (v *validator) develop(o Order, d *Develop) CostedOrder {
	co := CostedOrder{Order: o, Points: v.costs.DevelopCost}
	planet, rule := d.What.Needs()
	f := v.fleet(d.Fleet)
	if f == nil {
		v.noSuchFleet(or(d.FleetPos, o.Pos), rule, d.Fleet)
		return co
	}
	if v.refuseTrapped(o.Pos, d.Fleet, "develop") {
		return co
	}
	if !f.developedAt.IsZero() {
		v.Add(o.Pos, rule, fmt.Sprintf("fleet %s is already ordered to develop a %s at %s; a fleet develops once per turn",
			d.Fleet, f.developed, f.developedAt), "send another fleet, or drop one of the two orders")
		return co
	}
	f.developedAt, f.developed = o.Pos, d.What
	if role, free := freeDeveloper(d.What); free != "" && v.hasRole(v.unitsOf(d.Fleet), role) {
		co.Points = 0
		co.Notes = append(co.Notes, fmt.Sprintf("the %s is free: fleet %s has a %s (%s)", d.What, d.Fleet, strings.ReplaceAll(string(role), "-", " "), free))
	}
	if !f.known || d.What == "" {
		return co
	}
	sys := v.st.System(f.at)
	where := or(d.WhatPos, o.Pos)
	switch {
	case sys.Planet == campaign.Unknown:
		v.Add(where, "EaW 16.0", fmt.Sprintf("the planet at %s is unexplored; explore it first", f.at),
			fmt.Sprintf("end a move at %s and stay there this turn; develop it next turn", f.at))
		return co
	case planet != "" && sys.Planet != planet:
		v.Add(where, rule, fmt.Sprintf("a %s needs a %s planet, but fleet %s will be at %s, which has a %s planet",
			d.What, planet, d.Fleet, f.at, sys.Planet), v.otherDevelopment(sys.Planet, d.What))
		return co
	}
	if v.st.HasDevelopment(v.player, f.at, d.What) {
		v.Add(where, rule, fmt.Sprintf("you already have a %s at %s", d.What, f.at), "develop another planet")
		return co
	}
	for _, p := range v.planned {
		if p.at == f.at && p.kind == d.What {
			v.Add(where, rule, fmt.Sprintf("a %s at %s is already ordered at %s", d.What, f.at, p.pos), "drop one of the two orders")
			return co
		}
	}
	v.planned = append(v.planned, plannedDevelopment{at: f.at, kind: d.What, pos: o.Pos})
	return co
}

// otherDevelopment is the hint for a develop order at the wrong planet.
func (v *validator) otherDevelopment(have campaign.PlanetType, want campaign.DevelopmentKind) string {
	switch {
	case have == campaign.Life && want == campaign.Mine:
		return "develop a colony there instead (what: colony), or move to a mineral planet first"
	case have == campaign.Mineral && want == campaign.Colony:
		return "develop a mine there instead (what: mine), or move to a life planet first"
	case want == campaign.Mine:
		return "move the fleet to a mineral planet first"
	}
	return "move the fleet to a life planet first"
}

// freeDeveloper returns the role that develops this kind for no point, and
// the rule: a minelayer sets up a fortification (EaW 11a), a large
// freighter a mine (EaW 12b), a small freighter a colony (EaW 13a).
func freeDeveloper(k campaign.DevelopmentKind) (campaign.Role, string) {
	switch k {
	case campaign.Fortification:
		return campaign.RoleMinelayer, "EaW 11a"
	case campaign.Mine:
		return campaign.RoleLargeFreighter, "EaW 12b"
	case campaign.Colony:
		return campaign.RoleSmallFreighter, "EaW 13a"
	}
	return "", ""
}
