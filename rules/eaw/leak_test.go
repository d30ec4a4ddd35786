package eaw

import (
	"bytes"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/scenarios"
)

// TestReportShowsNothingOutsideVision renders vorn's whole report (text,
// HTML, JSON, order template, and the maps, wide and for a phone) twice: from the frontier state with
// other empires' fleets, developments and planet types out of vorn's sight,
// and from the same state with all of those changed. Every byte must be
// the same: what vorn cannot see cannot reach the report (EaW 5e).
func TestReportShowsNothingOutsideVision(t *testing.T) {
	render := func(st *campaign.State) *Report {
		t.Helper()
		v := Observe(st)[0]
		if v.Player != "vorn" {
			t.Fatalf("first view is %s's", v.Player)
		}
		rep, err := RenderReport(&v, time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC), time.UTC, "orders.schema.json", nil, "")
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	base := plainFrontier(t)
	want := render(base)

	hidden := plainFrontier(t)
	hidden.Catalogue = append(hidden.Catalogue, campaign.UnitClass{Class: "phantom", CBPV: 500, EBPV: 500, Size: 2, Docking: 12, Scout: true})
	hidden.Fleets = append(hidden.Fleets, campaign.Fleet{Owner: "tekkar", ID: "hidden-armada", At: "morrow", Units: []campaign.ClassName{"phantom", "phantom"}})
	hidden.Developments = append(hidden.Developments, campaign.Development{At: "verdant", Owner: "castellan", Kind: campaign.Colony})
	for i := range hidden.Map.Systems {
		if s := &hidden.Map.Systems[i]; s.ID == "sable" || s.ID == "brenn" {
			s.Planet = campaign.Dead // sable was mineral, brenn unexplored
		}
	}
	for i := range hidden.Fleets {
		if f := &hidden.Fleets[i]; f.Owner == "ashari" {
			f.Units = append(f.Units, "dreadnought")
		}
	}
	got := render(hidden)
	for _, part := range []struct {
		name      string
		got, want []byte
	}{
		{"text", []byte(got.Text), []byte(want.Text)},
		{"HTML", []byte(got.HTML), []byte(want.HTML)},
		{"JSON", got.JSON, want.JSON},
		{"order template", got.Orders, want.Orders},
		{"map", got.Map, want.Map},
		{"phone map", got.PhoneMap, want.PhoneMap},
	} {
		if !bytes.Equal(part.got, part.want) {
			t.Errorf("vorn's %s report changes with things vorn cannot see", part.name)
		}
	}

	// The control: a change vorn can see must show.
	seen := plainFrontier(t)
	seen.Fleets = append(seen.Fleets, campaign.Fleet{Owner: "tekkar", ID: "raiders", At: "mistral", Units: []campaign.ClassName{"cruiser", "cruiser"}})
	if bytes.Equal([]byte(render(seen).Text), []byte(want.Text)) {
		t.Error("an enemy fleet next to vorn's scout does not change vorn's report; the leak test proves nothing")
	}
}

func plainFrontier(t *testing.T) *campaign.State {
	t.Helper()
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, eawScenarios)
	if err != nil {
		t.Fatal(err)
	}
	return sc.State
}
