package config

import (
	"bytes"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

func TestGenerateScenario(t *testing.T) {
	tests := []struct {
		name                            string
		opts                            GenerateOptions
		systems, players, fleetsPerNavy int
	}{
		{"benchmark size", GenerateOptions{Systems: 2000, Players: 64, FleetsPerPlayer: 63, Seed: 7741}, 2000, 64, 63},
		{"defaults", GenerateOptions{}, 2000, 64, 63},
		{"frontier size", GenerateOptions{Systems: 28, Players: 4, FleetsPerPlayer: 6, Seed: 1}, 28, 4, 6},
		{"smallest", GenerateOptions{Systems: 1, Players: 9, Seed: 2}, 2, 1, 4},
		{"players capped", GenerateOptions{Systems: 10, Players: 64, Seed: 3}, 10, 5, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := GenerateScenario(tc.opts)
			sc, err := ParseScenario("generated.yaml", data)
			if err != nil {
				t.Fatalf("ParseScenario(GenerateScenario(%+v)) = %v", tc.opts, err)
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

// checkGenerated checks what GenerateScenario promises beyond validity.
func checkGenerated(t *testing.T, st *campaign.State) {
	t.Helper()
	g := campaign.NewGraph(st.Map)
	for i := range st.Fleets {
		f := &st.Fleets[i]
		home := st.Player(f.Owner).Home
		if len(f.Units) < 2 || len(f.Units) > 4 || (f.At != home && !g.Adjacent(f.At, home)) {
			t.Fatalf("fleet %v: %d units at %s; want 2–4 units at home %s or one lane away", f.Key(), len(f.Units), f.At, home)
		}
	}
	scout := false
	for _, c := range st.Catalogue {
		scout = scout || c.Scout
	}
	if !scout {
		t.Error("catalogue has no scout class")
	}
}

func TestGenerateScenario_planetMix(t *testing.T) {
	sc, err := ParseScenario("generated.yaml", GenerateScenario(GenerateOptions{Systems: 400, Players: 8, Seed: 5}))
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

func TestGenerateScenario_deterministic(t *testing.T) {
	opts := GenerateOptions{Systems: 300, Players: 6, Seed: 99}
	a, b := GenerateScenario(opts), GenerateScenario(opts)
	if !bytes.Equal(a, b) {
		t.Error("GenerateScenario gave different bytes for the same options")
	}
	opts.Seed++
	if bytes.Equal(a, GenerateScenario(opts)) {
		t.Error("GenerateScenario gave the same bytes for different seeds")
	}
}

func TestOrdinal(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{1, "1st"}, {2, "2nd"}, {3, "3rd"}, {4, "4th"}, {11, "11th"}, {12, "12th"},
		{13, "13th"}, {21, "21st"}, {22, "22nd"}, {63, "63rd"}, {111, "111th"}, {101, "101st"},
	}
	for _, tc := range tests {
		if got := ordinal(tc.n); got != tc.want {
			t.Errorf("ordinal(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

func BenchmarkParseScenario(b *testing.B) {
	data := GenerateScenario(GenerateOptions{Systems: 2000, Players: 64, FleetsPerPlayer: 63, Seed: 7741})
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseScenario("generated.yaml", data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerateScenario(b *testing.B) {
	for b.Loop() {
		GenerateScenario(GenerateOptions{Seed: 7741})
	}
}
