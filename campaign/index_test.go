package campaign

import (
	"reflect"
	"testing"
)

// TestIndexAgreesWithState: every answer of an Index is the one the
// state's own scan gives, for every system, player and kind.
func TestIndexAgreesWithState(t *testing.T) {
	st := fullState()
	st.Players = append(st.Players, Player{ID: "red", Name: "Red", Home: "b"})
	st.Catalogue = append(st.Catalogue, UnitClass{Class: "frigate", CBPV: 100, EBPV: 60, Size: 4, Docking: 3})
	st.Fleets = append(st.Fleets,
		Fleet{Owner: "blue", ID: "2nd", At: "b", Units: []ClassName{"frigate", "frigate"}},
		Fleet{Owner: "red", ID: "1st", At: "a", Units: []ClassName{"frigate"}, Trapped: 2},
		Fleet{Owner: "red", ID: "2nd", At: "b", Units: []ClassName{"frigate", "frigate", "cruiser"}})
	st.Developments = append(st.Developments,
		Development{At: "b", Owner: "red", Kind: Colony}, Development{At: "a", Owner: "red", Kind: Fortification})
	x := NewIndex(st)
	for _, p := range []PlayerID{"blue", "red", "green"} {
		if got, want := x.Budget(p), st.Budget(p); got != want {
			t.Errorf("Budget(%s) = %d, want %d", p, got, want)
		}
		var navy []*Fleet
		for i := range st.Fleets {
			if st.Fleets[i].Owner == p {
				navy = append(navy, &st.Fleets[i])
			}
		}
		if got := x.Navy(p); !reflect.DeepEqual(got, navy) {
			t.Errorf("Navy(%s) = %v, want %v", p, got, navy)
		}
		for _, id := range []FleetID{"1st", "2nd", "3rd"} {
			if got, want := x.Fleet(p, id), st.Fleet(p, id); got != want {
				t.Errorf("Fleet(%s, %s) = %p, want %p", p, id, got, want)
			}
		}
		for _, s := range []SystemID{"a", "b", "c"} {
			if got, want := x.Disrupted(s, p), st.Disrupted(s, p); got != want {
				t.Errorf("Disrupted(%s, %s) = %t, want %t", s, p, got, want)
			}
			for _, k := range []DevelopmentKind{Mine, Colony, Fortification} {
				if got, want := x.HasDevelopment(p, s, k), st.HasDevelopment(p, s, k); got != want {
					t.Errorf("HasDevelopment(%s, %s, %s) = %t, want %t", p, s, k, got, want)
				}
			}
		}
	}
	for _, s := range []SystemID{"a", "b", "c"} {
		if got, want := x.DevelopmentsAt(s), st.DevelopmentsAt(s); !reflect.DeepEqual(got, want) {
			t.Errorf("DevelopmentsAt(%s) = %v, want %v", s, got, want)
		}
	}
}
