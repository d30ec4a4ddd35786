package eaw

import (
	"slices"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// TestFleetViewTellsTheOwnerWhatTheFleetIs: the owner's view of a fleet
// carries the turn it was trapped (EaW 10a), the bases it carries
// (EaW 14.0), the roles of its inspected ships (EaW 25b) and the
// self-repair it has left (EaW 22b); the colony where an enemy fleet is
// trapped is disrupted (EaW 10i).
func TestFleetViewTellsTheOwnerWhatTheFleetIs(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "c", "cruiser", "tender", "gsa", "tender").
		withFleet("blue", "2nd", "d", "frigate").
		withFleet("red", "1st", "c", "frigate").
		withDevelopment("blue", "c", campaign.Colony, campaign.Date{Year: 165}).
		withDevelopment("blue", "c", campaign.Fortification, campaign.Date{Year: 165})
	st.Catalogue = append(st.Catalogue,
		campaign.UnitClass{Class: "tender", CBPV: 15, EBPV: 35, Size: 5, Docking: 3, Damcon: 1, Roles: []campaign.Role{campaign.RoleSmallRepair}},
		campaign.UnitClass{Class: "gsa", CBPV: 10, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleGSA}})
	st.Catalogue[0].Damcon = 3
	blue1 := &st.Fleets[0]
	blue1.Captured = []int{3}
	blue1.Crews = []campaign.UnitCrew{{Unit: 0, Repaired: 4}}
	st.Fleets[1].Trapped = 1
	st.Fleets[2].Trapped = 1
	st.Turn = 2

	blue := Observe(st.State)[0]
	f1, f2 := blue.Fleets[0], blue.Fleets[1]
	if f1.Trapped != 0 || f2.Trapped != 1 {
		t.Errorf("Trapped = %d and %d, want 0 for the free 1st and 1 for the trapped 2nd", f1.Trapped, f2.Trapped)
	}
	if !slices.Equal(f1.Carried, []int{2}) {
		t.Errorf("1st carries %v, want [2]: the gsa", f1.Carried)
	}
	if !slices.Equal(f1.Roles, []campaign.Role{campaign.RoleSmallRepair}) || f2.Roles != nil {
		t.Errorf("roles = %v and %v, want [small-repair] (the inspected tender's) and none", f1.Roles, f2.Roles)
	}
	// cruiser 3 × 3 − 4 mended, inspected tender 3 × 1, captured tender 0.
	if f1.SelfRepair != 8 || f2.SelfRepair != 0 {
		t.Errorf("SelfRepair = %d and %d, want 8 and 0 (a frigate without damage control)", f1.SelfRepair, f2.SelfRepair)
	}
	if !slices.Equal(blue.Disrupted, []campaign.SystemID{"c"}) {
		t.Errorf("blue's disrupted sites = %v, want [c]: red's 1st is trapped at blue's colony", blue.Disrupted)
	}
	if red := Observe(st.State)[1]; red.Disrupted != nil {
		t.Errorf("red's disrupted sites = %v, want none: red has no mine or colony", red.Disrupted)
	}
}
