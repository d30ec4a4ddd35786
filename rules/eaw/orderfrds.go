package eaw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
)

// The FRD orders an order template offers: a tow of each FRD (EaW 15e–15g,
// 17e) and a new FRD where the player may place one (EaW 15a), at the
// campaign's costs (Rules.FRD), like every cost the template states.

// tow offers to move the FRD at a system one lane (EaW 15e), with the
// fleet there that tows it cheapest (EaW 15f, 15g). The fleets holding a
// MON there go along (EaW 17e), so the tow is not offered when one of them
// is trapped (EaW 10h), and it goes only where they and the tug leave room
// (EaW 17a).
func (t *orderTemplate) tow(at campaign.SystemID) []suggestion {
	var going []FleetView
	for _, f := range t.v.Fleets {
		if f.At != at || !slices.Contains(f.Roles, campaign.RoleMonitor) {
			continue
		}
		if f.Trapped != 0 {
			t.b.WriteString(wrapComment(fmt.Sprintf("Your FRD at %s cannot move: fleet %s holds its MON and is trapped (EaW 17e, 10h).", at, f.ID), 76))
			return nil
		}
		going = append(going, f)
	}
	tow := t.v.Rules.FRD.TowCost
	cost, rule, tug := tow[0], "EaW 15e", ""
	if f, ok := t.tug(at, campaign.RoleMilitaryTug); ok {
		cost, rule, tug = tow[2], fmt.Sprintf("EaW 15g: fleet %s has a military tug", f.ID), string(f.ID)
	} else if f, ok := t.tug(at, campaign.RoleSalvageTug); ok {
		cost, rule, tug = tow[1], fmt.Sprintf("EaW 15f: fleet %s has a salvage tug", f.ID), string(f.ID)
	}
	if tug != "" && !slices.ContainsFunc(going, func(f FleetView) bool { return string(f.ID) == tug }) {
		going = append(going, FleetView{ID: campaign.FleetID(tug)})
	}
	if cost > t.v.Budget {
		return nil
	}
	for _, s := range t.g.Neighbours(at) {
		if t.crowded(len(fleetsAt(t.v, s)) + len(going)) {
			continue // EaW 17a
		}
		order := fmt.Sprintf("- move_frd: {at: %s, path: [%s]", yamlName(string(at)), yamlName(string(s)))
		if tug != "" {
			order += ", tug: " + yamlName(tug)
		}
		what := fmt.Sprintf("%s a lane (%s)", points(cost), rule)
		if ids := fleetIDs(going); ids != "" {
			what += "; " + ids + " go along"
		}
		return []suggestion{{order + "}", what + "; never a free jump (EaW 13c)"}}
	}
	return nil
}

// tug returns the player's free fleet at a system that has the role, the
// first in the view's order.
func (t *orderTemplate) tug(at campaign.SystemID, r campaign.Role) (FleetView, bool) {
	for _, f := range t.v.Fleets {
		if f.At == at && f.Trapped == 0 && slices.Contains(f.Roles, r) {
			return f, true
		}
	}
	return FleetView{}, false
}

// newFRDs offers a new FRD at each of the player's developed mines and
// colonies that has none of the player's FRDs yet (EaW 15a), when the
// treasury and the order points cover it.
func (t *orderTemplate) newFRDs() {
	var sites []campaign.SystemID
	for _, d := range t.v.Developments {
		if d.Developed() && !slices.Contains(t.v.FRDs, d.At) && !slices.Contains(sites, d.At) {
			sites = append(sites, d.At)
		}
	}
	r := t.v.Rules.FRD
	if len(sites) == 0 || t.v.Treasury < r.Price || t.v.Budget < r.BuildCost {
		return
	}
	t.b.WriteString("#\n")
	t.b.WriteString(wrapComment("A new FRD stands at one of your developed mines or colonies; it is placed after the battles "+
		"if no enemy fleet is there, and builds from next turn (EaW 15a).", 76))
	var out []suggestion
	for _, at := range sites {
		out = append(out, suggestion{fmt.Sprintf("- build_frd: {at: %s}", yamlName(string(at))),
			fmt.Sprintf("%s and %d BPV from the treasury (EaW 15a)", points(r.BuildCost), r.Price)})
	}
	writeSuggestions(t.b, out)
}

// fleetIDs writes fleets as "fleet 1st" or "fleets 1st, 2nd"; "" for none.
func fleetIDs(fs []FleetView) string {
	ids := make([]string, len(fs))
	for i, f := range fs {
		ids[i] = string(f.ID)
	}
	switch len(ids) {
	case 0:
		return ""
	case 1:
		return "fleet " + ids[0]
	}
	return "fleets " + strings.Join(ids, ", ")
}
