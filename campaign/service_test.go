package campaign

import (
	"slices"
	"testing"
)

func TestPickUnits(t *testing.T) {
	// A fleet of a cruiser, a captured cruiser, a frigate and a cruiser.
	f := &Fleet{Units: []ClassName{"cruiser", "cruiser", "frigate", "cruiser"}, Captured: []int{1}}
	tests := []struct {
		name    string
		classes []ClassName
		idx     []int
		missing []int
	}{
		{"inspected units first, in fleet order", []ClassName{"cruiser", "cruiser"}, []int{0, 3}, nil},
		{"the prize last", []ClassName{"cruiser", "cruiser", "cruiser"}, []int{0, 1, 3}, nil},
		{"more than the fleet holds", []ClassName{"frigate", "frigate"}, []int{2}, []int{1}},
		{"a class it lacks", []ClassName{"scout", "frigate"}, []int{2}, []int{0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			idx, missing := PickUnits(f, tc.classes)
			if !slices.Equal(idx, tc.idx) || !slices.Equal(missing, tc.missing) {
				t.Errorf("PickUnits(%v) = %v, %v; want %v, %v", tc.classes, idx, missing, tc.idx, tc.missing)
			}
		})
	}
}

func TestEaW17_0_FleetLoadLeavesOutPrizesAndBases(t *testing.T) {
	s := &State{Catalogue: Catalogue{
		{Class: "dreadnought", CBPV: 210, Size: 2},
		{Class: "frigate", CBPV: 60, Size: 4},
		{Class: "cpl", CBPV: 10, Size: 6, Roles: []Role{RoleCPL}},
		{Class: "defsat", CBPV: 20, Size: 6, Roles: []Role{RoleDEFSAT}},
	}}
	f := &Fleet{Units: []ClassName{"dreadnought", "frigate", "frigate", "cpl", "defsat"}, Captured: []int{2}}
	if total, big := s.FleetLoad(f); total != 270 || big != 210 {
		t.Errorf("FleetLoad = %d, %d; want 270, 210: the captured frigate (EaW 25b) and the carried bases (EaW 17.0) left out", total, big)
	}
	if got := s.FleetCBPV(f); got != 270 {
		t.Errorf("FleetCBPV = %d, want 270", got)
	}
}

func TestEaW22b_SelfRepairCapacity(t *testing.T) {
	s := &State{Catalogue: Catalogue{{Class: "cruiser", CBPV: 120, Size: 3, Damcon: 3}}}
	f := &Fleet{Units: []ClassName{"cruiser", "cruiser", "cruiser"}, Captured: []int{2},
		Crews: []UnitCrew{{Unit: 1, Repaired: 4}}, Damage: []UnitDamage{{Unit: 0, Structure: 2}, {Unit: 2, Attack: 1}}}
	for i, want := range []int{9, 5, 0} {
		if got := s.SelfRepairLeft(f, i); got != want {
			t.Errorf("SelfRepairLeft(unit %d) = %d, want %d", i, got, want)
		}
	}
	if mended := f.Resupply(true); !slices.Equal(mended, []int{0}) {
		t.Errorf("Resupply repaired units %v, want [0]: the prize keeps its damage (EaW 25b)", mended)
	}
	if s.SelfRepairLeft(f, 1) != 9 || !slices.Equal(f.Damage, []UnitDamage{{Unit: 2, Attack: 1}}) {
		t.Errorf("after Resupply: capacity %d, damage %v; want 9 and only the prize's", s.SelfRepairLeft(f, 1), f.Damage)
	}
	if done := f.Inspect(); !slices.Equal(done, []int{2}) || len(f.Damage) != 0 || f.IsCaptured(2) {
		t.Errorf("Inspect = %v, damage %v, captured %v; want [2] restored and counted", done, f.Damage, f.Captured)
	}
}

// TestEaW5_0_FleetCountsForPointsByItsShips: a fleet counts toward its
// owner's order points with 2 ships and 175 combat BPV (EaW 5.0). Bases
// it carries are cargo, not ships; freighters are ships, but their combat
// BPV is not the fleet's (EaW 17.0).
func TestEaW5_0_FleetCountsForPointsByItsShips(t *testing.T) {
	s := &State{Rules: PresetEaW(), Catalogue: Catalogue{
		{Class: "battleship", CBPV: 200, Size: 2},
		{Class: "cruiser", CBPV: 120, Size: 3},
		{Class: "frigate", CBPV: 60, Size: 4},
		{Class: "freighter", CBPV: 60, Size: 5, Roles: []Role{RoleLargeFreighter}},
		{Class: "gsa", CBPV: 10, Size: 6, Roles: []Role{RoleGSA}},
	}}
	tests := []struct {
		name  string
		units []ClassName
		want  bool
	}{
		{"two warships of 180", []ClassName{"cruiser", "frigate"}, true},
		{"one warship of 120", []ClassName{"cruiser"}, false},
		{"one ship carrying a base", []ClassName{"battleship", "gsa"}, false},
		{"a freighter's CBPV left out", []ClassName{"cruiser", "freighter"}, false},
		{"a freighter is a ship", []ClassName{"battleship", "freighter"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := s.CountsForPoints(&Fleet{Units: tc.units}); got != tc.want {
				t.Errorf("CountsForPoints(%v) = %v, want %v", tc.units, got, tc.want)
			}
		})
	}
}
