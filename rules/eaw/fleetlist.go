package eaw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
)

// fleetRow is one of the player's fleets as the text and HTML reports list
// it. Trapped is empty for a free fleet.
type fleetRow struct {
	ID, At, Units, Note, Trapped string
	CBPV                         int
}

func newFleetRow(f FleetView, names map[campaign.SystemID]string) fleetRow {
	return fleetRow{ID: string(f.ID), At: names[f.At], Units: fleetUnits(f), CBPV: f.CBPV,
		Note: strings.Join(fleetNotes(f, true), ", "), Trapped: trappedLine(f)}
}

// fleetUnits writes a fleet's units as players read them: the units
// without a record of their own counted by class (campaign.UnitList), then
// each unit that has one, with it: "cruiser, 2 destroyer, frigate
// (captured, inspect at your FRD), destroyer [outstanding crew, 35 XP]".
func fleetUnits(f FleetView) string {
	var plain []campaign.ClassName
	var marked []string
	for i, u := range f.Units {
		if notes := unitNotes(f, i); notes != "" {
			marked = append(marked, string(u)+notes)
		} else {
			plain = append(plain, u)
		}
	}
	var parts []string
	if len(plain) > 0 {
		parts = append(parts, campaign.UnitList(plain))
	}
	return strings.Join(append(parts, marked...), ", ")
}

// unitNotes writes what sets unit i apart, with a leading space, or "":
// in parentheses its state (a prize not yet inspected, EaW 25b; a carried
// base, EaW 14.0; its damage), in brackets its crew (EaW 2e).
func unitNotes(f FleetView, i int) string {
	var state, crew []string
	if slices.Contains(f.Captured, i) {
		state = append(state, "captured, inspect at your FRD or small repair freighter")
	}
	if slices.Contains(f.Carried, i) {
		state = append(state, "carried base, install at a planet")
	}
	for _, d := range f.Damage {
		if d.Unit == i && d.Any() {
			state = append(state, "damaged: "+d.Text())
		}
	}
	for _, c := range f.Crews {
		if c.Unit != i {
			continue
		}
		if c.Quality != "" {
			crew = append(crew, c.Quality+" crew")
		}
		if c.Legendary != "" {
			crew = append(crew, "Legendary Officer "+c.Legendary)
		}
		if c.XP != 0 {
			crew = append(crew, fmt.Sprintf("%d XP", c.XP))
		}
	}
	var out string
	if len(state) > 0 {
		out += " (" + strings.Join(state, "; ") + ")"
	}
	if len(crew) > 0 {
		out += " [" + strings.Join(crew, ", ") + "]"
	}
	return out
}

// fleetNotes lists what the fleet as a whole can do or has: a scout, its
// units' roles, with counts whether it counts for order points (EaW 5.0),
// and, once it has damage to mend or has mended some, the self-repair it
// has left (EaW 22b).
func fleetNotes(f FleetView, counts bool) []string {
	var notes []string
	if f.Scout {
		notes = append(notes, "scout")
	}
	for _, r := range f.Roles {
		notes = append(notes, string(r))
	}
	if counts && f.Counts {
		notes = append(notes, "counts for points")
	}
	if needsRepair(f) || slices.ContainsFunc(f.Crews, func(c campaign.UnitCrew) bool { return c.Repaired > 0 }) {
		if f.SelfRepair > 0 {
			notes = append(notes, fmt.Sprintf("self-repair: %d left", f.SelfRepair))
		} else {
			notes = append(notes, "no self-repair left")
		}
	}
	return notes
}

// needsRepair reports whether an inspected unit of the fleet carries
// damage: what a resupply or a self-repair mends (EaW 6d, 24.0).
func needsRepair(f FleetView) bool {
	return slices.ContainsFunc(f.Damage, func(d campaign.UnitDamage) bool {
		return d.Any() && !slices.Contains(f.Captured, d.Unit)
	})
}

// trappedLine tells the owner of a trapped fleet what it may do (EaW 10a,
// 10c, 10h); "" for a free fleet.
func trappedLine(f FleetView) string {
	if f.Trapped == 0 {
		return ""
	}
	return fmt.Sprintf("Trapped by an enemy fortification since turn %d (EaW 10a, 10h): only a siege order: "+
		"siege: {fleet: %s}; from turn %d (EaW 10c).", f.Trapped, yamlName(string(f.ID)), f.Trapped+1)
}
