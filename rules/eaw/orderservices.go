package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
)

// The fleet services and the siege roll an order template offers a fleet
// (EaW 6d, 7.0, 9.0, 9b, 10c, 14.0, 24.0), each only where intake would
// take it, as far as the view can tell.

// trapped writes what a trapped fleet may do: a siege roll from the turn
// after the trap (EaW 10c), nothing else (EaW 10h).
func (t *orderTemplate) trapped(f FleetView) {
	t.b.WriteString(wrapComment(fmt.Sprintf("It is trapped by an enemy fortification since turn %d (EaW 10a) and does nothing but a "+
		"siege roll (EaW 10h). It also goes free when a second fleet of yours enters %s (EaW 10b), or a fleet with a minesweeper "+
		"(EaW 10d).", f.Trapped, f.At), 76))
	if f.Trapped >= t.v.Turn {
		t.b.WriteString(wrapComment(fmt.Sprintf("Its first siege roll comes in turn %d (EaW 10c).", f.Trapped+1), 76))
		return
	}
	r := t.v.Rules.Fortify
	writeSuggestions(t.b, []suggestion{{fmt.Sprintf("- siege: {fleet: %s}", yamlName(string(f.ID))),
		fmt.Sprintf("%s: on %s on 2D6 the fortification falls, and the fleet is free next turn (EaW 10c)", points(r.SiegeCost), aNumber(r.Siege))}})
}

// services offers a free fleet the fleet services that fit where it
// stands: a resupply or a self-repair when it has damage to mend, an
// inspection of its prizes, a scrap, a transfer into a new fleet, and an
// install of a base it carries. Each costs ServiceCost, as intake
// charges it.
func (t *orderTemplate) services(f FleetView) []suggestion {
	id := yamlName(string(f.ID))
	sp := t.servicesAt(f.At)
	used := slices.ContainsFunc(f.Crews, func(c campaign.UnitCrew) bool { return c.Repaired > 0 })
	cost := points(ServiceCost)
	var out []suggestion
	if (sp.frd || sp.colony || sp.large || sp.small) && (needsRepair(f) || used) {
		out = append(out, suggestion{fmt.Sprintf("- resupply: {fleet: %s}", id),
			cost + ": repairs every inspected unit and restores its self-repair (EaW 6d, 22b)"})
	}
	if f.SelfRepair > 0 && needsRepair(f) {
		out = append(out, suggestion{fmt.Sprintf("- self_repair: {fleet: %s}", id),
			fmt.Sprintf("%s: mends up to %d points of damage after the battles (EaW 24.0, 22b)", cost, f.SelfRepair)})
	}
	if len(f.Captured) > 0 && (sp.frd || sp.small) {
		out = append(out, suggestion{fmt.Sprintf("- inspect: {fleet: %s}", id),
			cost + ": its prizes are repaired and count in its CBPV, within the fleet limits (EaW 9b, 25b, 17.0)"})
	}
	if sp.frd || sp.large {
		if u, ok := scrappable(f); ok {
			out = append(out, suggestion{fmt.Sprintf("- scrap: {fleet: %s, units: [%s]}", id, yamlName(string(u))),
				cost + ": half its EBPV comes back at the end of the turn (EaW 9.0)"})
		}
	}
	if u, ok := splittable(f); ok && !t.crowded(len(fleetsAt(t.v, f.At))+1) {
		out = append(out, suggestion{fmt.Sprintf("- transfer: {from: %s, to: NAME, units: [%s]}", id, yamlName(string(u))),
			cost + ": into a new fleet NAME formed here, or into a fleet of yours here (EaW 7.0)"})
	}
	if u, ok := t.installable(f); ok {
		out = append(out, suggestion{fmt.Sprintf("- install: {fleet: %s, units: [%s]}", id, yamlName(string(u))),
			cost + " for every install in this system this turn (EaW 14.0)"})
	}
	return out
}

// siteServices is what serves the player's fleets in one system: an FRD,
// a developed colony that enemy fleets trapped there do not disrupt
// (EaW 6d, 10i), and repair freighters in the player's fleets, large
// (EaW 6d, 9a) and small (EaW 6d, 9c).
type siteServices struct {
	frd, colony, large, small bool
}

func (t *orderTemplate) servicesAt(at campaign.SystemID) siteServices {
	sp := siteServices{
		frd:    slices.Contains(t.v.FRDs, at),
		colony: hasDevelopment(t.v, at, campaign.Colony) && !slices.Contains(t.v.Disrupted, at),
	}
	for _, f := range t.v.Fleets {
		if f.At == at {
			sp.large = sp.large || slices.Contains(f.Roles, campaign.RoleLargeRepair)
			sp.small = sp.small || slices.Contains(f.Roles, campaign.RoleSmallRepair)
		}
	}
	return sp
}

// scrappable picks a unit of the fleet to scrap (EaW 9.0): a prize first,
// else its last unit, such that what is left is not prizes alone
// (EaW 25b). Units are named by class and picked as intake picks them
// (campaign.PickUnits).
func scrappable(f FleetView) (campaign.ClassName, bool) {
	var cands []campaign.ClassName
	for _, i := range f.Captured {
		if i >= 0 && i < len(f.Units) {
			cands = append(cands, f.Units[i])
		}
	}
	if len(f.Units) > 0 {
		cands = append(cands, f.Units[len(f.Units)-1])
	}
	for _, u := range cands {
		if left, _ := take(f, u); !left.OnlyPrizes() {
			return u, true
		}
	}
	return "", false
}

// splittable picks a ship of the fleet to transfer into a new fleet
// (EaW 7.0): its last inspected ship that is not a carried base, such
// that neither fleet is left with prizes alone (EaW 25b) and the fleet
// keeps a unit. A part of a fleet keeps within the fleet limits the whole
// kept within (EaW 17.0).
func splittable(f FleetView) (campaign.ClassName, bool) {
	for i := len(f.Units) - 1; i >= 0; i-- {
		if slices.Contains(f.Captured, i) || slices.Contains(f.Carried, i) {
			continue
		}
		left, moved := take(f, f.Units[i])
		if len(left.Units) > 0 && !left.OnlyPrizes() && !moved.OnlyPrizes() {
			return f.Units[i], true
		}
	}
	return "", false
}

// take returns the fleet's units without one unit of class u, picked as
// intake picks it, and that unit as a fleet of its own.
func take(f FleetView, u campaign.ClassName) (left, taken campaign.Fleet) {
	left = campaign.Fleet{Units: slices.Clone(f.Units), Captured: slices.Clone(f.Captured)}
	idx, _ := campaign.PickUnits(&left, []campaign.ClassName{u})
	taken = left.Take(idx)
	return left, taken
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

// aNumber writes a die roll with its article: "a 7", "an 8", "an 11".
func aNumber(n int) string {
	if n == 8 || n == 11 || n == 18 {
		return fmt.Sprintf("an %d", n)
	}
	return fmt.Sprintf("a %d", n)
}
