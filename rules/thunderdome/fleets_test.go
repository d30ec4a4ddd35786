package thunderdome_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// TestUTD7_24_AttritionBurden: the fighters and PFs a fleet carries add
// to its move cost, by the tables and examples of UTD7.2441–7.247.
func TestUTD7_24_AttritionBurden(t *testing.T) {
	x := &thunderdome.Ext{Classes: []thunderdome.ClassData{
		{Class: "f5v", MC: 15, Fighters: 8},                             // UTD7.246: 8 size-1 fighters
		{Class: "f5e", MC: 15},                                          //
		{Class: "overmind", MC: 30, Fighters: 12, Hydran: true, PFs: 6}, // UTD7.247: loads 24 and 12 in all
		{Class: "pft", MC: 30, PFs: 2, Interceptors: 4},                 // UTD7.2432: PF load 4
		{Class: "carrier", MC: 30, Fighters: 17},                        // UTD7.2431: 2×1 + 2×2 + 1×3 + 2×4
		{Class: "escort", MC: 15},                                       //
		{Class: "scout", MC: 10, Fighters: 7},                           // 7: no burden yet
		{Class: "big", MC: 30, Fighters: 50},                            // 43 and up: 2 MC
	}}
	for _, tc := range []struct {
		units []campaign.ClassName
		want  int // thirtieths of an MC
	}{
		{[]campaign.ClassName{"f5v", "f5e"}, 40},            // 1 1/3 (UTD7.246)
		{[]campaign.ClassName{"overmind", "overmind"}, 170}, // 5 2/3 (UTD7.247)
		{[]campaign.ClassName{"pft"}, 60},                   // 1 + 1 (UTD7.2442)
		{[]campaign.ClassName{"carrier", "escort"}, 65},     // 1 1/2 + 2/3
		{[]campaign.ClassName{"scout"}, 10},
		{[]campaign.ClassName{"big"}, 90},
	} {
		if got := x.UnitsMC(tc.units); got != tc.want {
			t.Errorf("MC of %v = %d/30, want %d/30", tc.units, got, tc.want)
		}
	}
}

// TestUTD7_23_OrganizeCountsTheAttritionBurden: organize refuses a fleet
// whose ships and attrition burden pass 5 MC, though the ships alone
// would not.
func TestUTD7_23_OrganizeCountsTheAttritionBurden(t *testing.T) {
	order := "  - organize: {fleets: {f1: [battlecruiser, cruiser, cruiser, destroyer], f2: [frigate, troop-ship, minesweeper]}}\n"
	wantPoints(t, setup(t, nil), order, 1) // 3 1/2 MC
	st := setup(t, func(_ *campaign.State, x *thunderdome.Ext) {
		for i := range x.Classes {
			if x.Classes[i].Class == "cruiser" {
				x.Classes[i].Fighters = 22 // two carry 44: 2 MC more
			}
		}
	})
	ps := refused(t, st, parse(t, st, player, order))
	if !strings.Contains(ps.Error(), "UTD7.23") || !strings.Contains(ps.Error(), "5 1/2") {
		t.Errorf("problems = %v, want f1 at 5 1/2 MC refused", ps)
	}
}

// TestUTD8_13_ReservedStartingFleetNames: a starting fleet may not be
// called defenses, npe or dock, names that stand for something else in
// battles and orders; the scenario check refuses it with why and another
// name to give it, as organize refuses a new fleet so named.
func TestUTD8_13_ReservedStartingFleetNames(t *testing.T) {
	for _, tc := range []struct{ id, why string }{
		{"defenses", "the units holding a sector in a battle's mail and result (UTD7.48)"},
		{"npe", "a non-player empire's force in a battle's mail and result (UTD5.231)"},
		{"dock", "the dry dock where orders name a fleet (UTD7.6)"},
	} {
		text := strings.Replace(string(scenarioText()), "{player: lyran, id: f3,", "{player: lyran, id: "+tc.id+",", 1)
		_, err := config.ParseScenario("thunderdome.yaml", []byte(text), rules.Registry())
		want := fmt.Sprintf("fleet %s of lyran may not be called %s: the name stands for %s; give it another name, e.g. f3", tc.id, tc.id, tc.why)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("fleet %s: ParseScenario = %v, want %q", tc.id, err, want)
		}
	}
}
