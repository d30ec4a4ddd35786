package campaign

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// fullState is a state with every slice and pointer of State filled, so
// that a test walking it meets each of them.
func fullState() *State {
	spring := Date{Year: 165, Season: Spring}
	return &State{
		Campaign: "c", Title: "C", Rules: PresetEaW(), Seed: 7, Turn: 3, Start: spring, EndYear: 170,
		Map: Map{
			Systems: []System{{ID: "a", Name: "A", Planet: Mineral, MapType: MapOpenSpace}, {ID: "b", Name: "B", X: 1, Planet: Unknown}},
			Lanes:   []Lane{{A: "a", B: "b"}},
		},
		Catalogue: Catalogue{{Class: "cruiser", CBPV: 120, EBPV: 120, Size: 3, Docking: 6, Roles: []Role{RoleMinelayer},
			Refits: []ClassName{"heavy-cruiser"}, Combat: &CombatStats{Hull: HullHeavy, Structure: 8, FC: [2]int{10, 8}}}},
		Players: []Player{{ID: "blue", Name: "Blue", Home: "a", Treasury: 100}},
		Fleets: []Fleet{{Owner: "blue", ID: "1st", At: "a", Units: []ClassName{"cruiser", "cruiser"},
			Damage: []UnitDamage{{Unit: 1, Structure: 2}}, Crews: []UnitCrew{{Unit: 0, XP: 3}}, Captured: []int{1}}},
		FRDs:         []FRD{{Owner: "blue", At: "a"}},
		Construction: []Construction{{Owner: "blue", At: "a", Class: "cruiser", Fleet: "2nd", BPV: 120, Turn: 2}},
		Developments: []Development{{At: "a", Owner: "blue", Kind: Mine, Since: spring}},
		Bases:        []Installation{{Owner: "blue", At: "a", Class: "cruiser", Since: spring}},
		Battles: []Battle{{ID: "T2-B1", Turn: 2, Lane: &Lane{A: "a", B: "b"}, Sides: []PlayerID{"blue", "red"},
			Fleets: []BattleFleet{{Owner: "blue", ID: "1st", Units: []ClassName{"cruiser"}, CBPV: 120}}}},
		Polls: []Poll{{ID: "appeal-b1", Voters: []PlayerID{"blue", "red"}, Options: []string{"yes", "no"},
			Votes: []Vote{{Player: "blue", Option: "yes"}}, Data: []byte(`{"battle":"T2-B1"}`)}},
		Intel: []Intel{{Player: "blue", Systems: []Sighting{{System: "b", Turn: 2, Scout: true, Contacts: []int{120}}}}},
		Ext:   []byte(`{"cycle":1}`),
	}
}

// TestStateCloneSharesNothing: a clone equals its state, marshals to the
// same JSON, and shares no slice or pointer with it, so the resolver may
// change the next turn's state without touching the turn it came from.
func TestStateCloneSharesNothing(t *testing.T) {
	st := fullState()
	c := st.Clone()
	if !reflect.DeepEqual(st, c) {
		t.Fatalf("Clone() = %+v, want %+v", c, st)
	}
	a, _ := json.Marshal(st)
	b, _ := json.Marshal(c)
	if string(a) != string(b) {
		t.Errorf("the clone marshals to\n%s\nwant\n%s", b, a)
	}
	disjoint(t, "State", reflect.ValueOf(st).Elem(), reflect.ValueOf(c).Elem())
}

// disjoint fails the test where a and b, equal values, share memory: a
// slice's elements or a pointer's target. Every slice and pointer must be
// filled in a, so that the walk reaches what is inside.
func disjoint(t *testing.T, path string, a, b reflect.Value) {
	t.Helper()
	if a.Type() == reflect.TypeFor[time.Time]() {
		return // a value whose *Location is shared by design: never changed
	}
	switch a.Kind() {
	case reflect.Slice:
		if a.Len() == 0 {
			t.Errorf("%s is empty in the test state: fill it, so that the test checks Clone copies it", path)
			return
		}
		if a.Pointer() == b.Pointer() {
			t.Errorf("%s: the clone shares the slice", path)
		}
		for i := range a.Len() {
			disjoint(t, fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i))
		}
	case reflect.Pointer:
		if a.IsNil() {
			t.Errorf("%s is nil in the test state: fill it, so that the test checks Clone copies it", path)
			return
		}
		if a.Pointer() == b.Pointer() {
			t.Errorf("%s: the clone shares the pointer", path)
		}
		disjoint(t, path, a.Elem(), b.Elem())
	case reflect.Map, reflect.Interface, reflect.Func, reflect.Chan:
		t.Errorf("%s is a %s, which Clone does not copy", path, a.Kind())
	case reflect.Struct:
		for i := range a.NumField() {
			disjoint(t, path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i))
		}
	case reflect.Array:
		for i := range a.Len() {
			disjoint(t, fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i))
		}
	}
}

// TestUTD1_7_Supermajority checks the supermajority of UTD1.7: both of 2,
// 2 of 3, three quarters of 4 or more rounded up.
func TestUTD1_7_Supermajority(t *testing.T) {
	for voters, want := range map[int]int{1: 1, 2: 2, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 6, 9: 7, 10: 8} {
		if got := Supermajority(voters); got != want {
			t.Errorf("Supermajority(%d) = %d, want %d", voters, got, want)
		}
	}
}
