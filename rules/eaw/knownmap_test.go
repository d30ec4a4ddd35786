package eaw

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestKnownMapReadsBack: a view whose known map shares the turn's blank
// map reads back from its JSON to the same JSON, and the systems one
// player's map returns are the caller's: changing them changes no view.
func TestKnownMapReadsBack(t *testing.T) {
	_, views := frontierViews(t)
	for i := range views {
		data, err := json.Marshal(&views[i])
		if err != nil {
			t.Fatal(err)
		}
		back, err := Ruleset{}.DecodeView(data)
		if err != nil {
			t.Fatal(err)
		}
		again, err := json.Marshal(back)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, again) {
			t.Errorf("%s's view reads back as\n%s\nwant\n%s", views[i].Player, again, data)
		}
	}
	before, _ := json.Marshal(views[1].Map)
	systems := views[0].Map.Systems()
	for i := range systems {
		systems[i].Planet, systems[i].Name = "dead", "changed"
	}
	if after, _ := json.Marshal(views[1].Map); !bytes.Equal(before, after) {
		t.Error("changing the systems of one player's map changed another's")
	}
}
