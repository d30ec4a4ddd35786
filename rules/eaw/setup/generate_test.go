package setup_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/eaw/setup"
	"github.com/pbemd/pbemd/scenarios"
)

func TestGenerate(t *testing.T) {
	tests := []struct {
		name                            string
		size                            game.ScenarioSize
		systems, players, fleetsPerNavy int
	}{
		{"benchmark size", game.ScenarioSize{Systems: 2000, Players: 64, FleetsPerPlayer: 63, Seed: 7741}, 2000, 64, 63},
		{"defaults", game.ScenarioSize{}, 2000, 64, 63},
		{"frontier size", game.ScenarioSize{Systems: 28, Players: 4, FleetsPerPlayer: 6, Seed: 1}, 28, 4, 6},
		{"smallest", game.ScenarioSize{Systems: 1, Players: 9, Seed: 2}, 2, 1, 4},
		{"players capped", game.ScenarioSize{Systems: 10, Players: 64, Seed: 3}, 10, 5, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := setup.Generate(tc.size)
			sc, err := config.ParseScenario("generated.yaml", data, rules.Registry())
			if err != nil {
				t.Fatalf("ParseScenario(Generate(%+v)) = %v", tc.size, err)
			}
			st := sc.State
			if len(st.Map.Systems) != tc.systems || len(st.Players) != tc.players || len(st.Fleets) != tc.players*tc.fleetsPerNavy {
				t.Errorf("%d systems, %d players, %d fleets; want %d, %d, %d", len(st.Map.Systems), len(st.Players),
					len(st.Fleets), tc.systems, tc.players, tc.players*tc.fleetsPerNavy)
			}
			checkGenerated(t, st)
		})
	}
}

// checkGenerated checks what Generate promises beyond validity.
func checkGenerated(t *testing.T, st *campaign.State) {
	t.Helper()
	g := campaign.NewGraph(st.Map)
	holder := map[campaign.SystemID]campaign.PlayerID{}
	for _, p := range st.Players {
		holder[p.Home] = p.ID
	}
	for i := range st.Fleets {
		f := &st.Fleets[i]
		home := st.Player(f.Owner).Home
		if len(f.Units) < 2 || len(f.Units) > 4 || (f.At != home && !g.Adjacent(f.At, home)) {
			t.Fatalf("fleet %v: %d units at %s; want 2–4 units at home %s or one lane away", f.Key(), len(f.Units), f.At, home)
		}
		// EaW 19.0: hostile fleets together would fight before any order.
		if p, held := holder[f.At]; held && p != f.Owner {
			t.Fatalf("fleet %v starts at %s, which %s holds; want no two empires together at the start", f.Key(), f.At, p)
		}
		holder[f.At] = f.Owner
	}
	scout := false
	for _, c := range st.Catalogue {
		scout = scout || c.Scout
	}
	if !scout {
		t.Error("catalogue has no scout class")
	}
}

func TestGenerate_planetMix(t *testing.T) {
	sc, err := config.ParseScenario("generated.yaml", setup.Generate(game.ScenarioSize{Systems: 400, Players: 8, Seed: 5}), rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	count := make(map[campaign.PlanetType]int)
	for _, s := range sc.State.Map.Systems {
		count[s.Planet]++
	}
	for _, p := range []campaign.PlanetType{campaign.Life, campaign.Mineral, campaign.Dead, campaign.Unknown} {
		if count[p] < 40 {
			t.Errorf("%d %s planets of 400, want a mix with at least 40 of each", count[p], p)
		}
	}
	if len(sc.State.Map.Lanes) <= len(sc.State.Map.Systems) {
		t.Errorf("%d lanes for %d systems, want extra lanes beyond a spanning tree", len(sc.State.Map.Lanes), len(sc.State.Map.Systems))
	}
}

// TestGenerate_frontierCatalogue: generated scenarios have the example's
// unit catalogue, combat blocks included.
func TestGenerate_frontierCatalogue(t *testing.T) {
	frontier, err := config.ParseCatalogue("frontier.yaml", scenarios.Frontier)
	if err != nil {
		t.Fatal(err)
	}
	generated, err := config.ParseCatalogue("generated.yaml", setup.Generate(game.ScenarioSize{Systems: 12, Players: 2}))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(generated, frontier) {
		t.Errorf("the generated catalogue differs from frontier.yaml's:\n%+v\n%+v", generated, frontier)
	}
}

func TestGenerate_deterministic(t *testing.T) {
	size := game.ScenarioSize{Systems: 300, Players: 6, Seed: 99}
	a, b := setup.Generate(size), setup.Generate(size)
	if !bytes.Equal(a, b) {
		t.Error("Generate gave different bytes for the same size")
	}
	size.Seed++
	if bytes.Equal(a, setup.Generate(size)) {
		t.Error("Generate gave the same bytes for different seeds")
	}
}

func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		setup.Generate(game.ScenarioSize{Seed: 7741})
	}
}

// TestGenerate_fleetNames: a player's fleets are named by English
// ordinals, one each: 1st, 2nd, 3rd, 4th, 11th to 13th, 21st, 101st, 111th.
func TestGenerate_fleetNames(t *testing.T) {
	sc, err := config.ParseScenario("generated.yaml", setup.Generate(game.ScenarioSize{Systems: 40, Players: 2, FleetsPerPlayer: 113, Seed: 4}), rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	names := map[campaign.FleetID]bool{}
	for _, f := range sc.State.Fleets {
		if f.Owner == sc.State.Players[0].ID {
			names[f.ID] = true
		}
	}
	if len(names) != 113 {
		t.Fatalf("%d fleet names for 113 fleets", len(names))
	}
	for _, want := range []campaign.FleetID{"1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "63rd", "101st", "111th", "112th", "113th"} {
		if !names[want] {
			t.Errorf("no fleet named %q", want)
		}
	}
}
