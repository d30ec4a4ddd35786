package campaign

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestRulesUnmarshal_storedBeforeAParameterExisted: rules stored before a
// parameter was added load it with the preset's value, and a stored value
// stands, zero included.
func TestRulesUnmarshal_storedBeforeAParameterExisted(t *testing.T) {
	stored := PresetEaW()
	stored.Vision.Radius = 0
	data, err := json.Marshal(stored)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "fortify")
	delete(m, "frd")
	old, _ := json.Marshal(m)

	var got Rules
	if err := json.Unmarshal(old, &got); err != nil {
		t.Fatal(err)
	}
	want := PresetEaW()
	if got.Fortify != want.Fortify || got.FRD != want.FRD {
		t.Errorf("missing parameters = %+v, %+v; want the preset's %+v, %+v", got.Fortify, got.FRD, want.Fortify, want.FRD)
	}
	if got.Vision.Radius != 0 {
		t.Errorf("vision radius = %d, want the stored 0", got.Vision.Radius)
	}
}

// TestRulesOverrides lists the parameters a campaign changes from its
// preset, by their paths under a scenario's overrides:, and none for the
// preset itself.
func TestRulesOverrides(t *testing.T) {
	r := PresetEaW()
	if got := r.Overrides(); len(got) != 0 {
		t.Errorf("PresetEaW().Overrides() = %v, want none", got)
	}
	r.Budget.JumpCost = 2
	r.Budget.FreeJumpFromColony = false
	r.FRD.TowCost = [3]int{4, 3, 2}
	r.Battles = BattlesReported
	want := []Override{
		{Path: "budget.jump_cost", Value: "2", Preset: "1"},
		{Path: "budget.free_jump_from_colony", Value: "false", Preset: "true"},
		{Path: "battles", Value: "reported", Preset: "auto"},
		{Path: "frd.tow_cost", Value: "[4, 3, 2]", Preset: "[3, 2, 1]"},
	}
	if got := r.Overrides(); !reflect.DeepEqual(got, want) {
		t.Errorf("Overrides() = %v, want %v", got, want)
	}
	if got := (&Rules{Preset: "none"}).Overrides(); got != nil {
		t.Errorf("Overrides() of rules without a known preset = %v, want none", got)
	}
}
