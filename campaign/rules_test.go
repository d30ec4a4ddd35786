package campaign

import (
	"encoding/json"
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
