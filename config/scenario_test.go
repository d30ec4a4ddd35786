package config

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/eaw/setup"
	"go.yaml.in/yaml/v3"
)

// TestLoadScenario_bad checks every problem kind against its golden file:
// testdata/scenario/bad/X.yaml must give exactly the problems in X.err.
func TestLoadScenario_bad(t *testing.T) {
	goldenCases(t, "testdata/scenario/bad", func(path string) error {
		sc, err := LoadScenario(path, registry)
		if sc != nil {
			t.Errorf("LoadScenario(%s) returned a scenario as well as problems", path)
		}
		return err
	})
}

func TestLoadScenario_good(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		check func(t *testing.T, sc *Scenario)
	}{
		{"minimal defaults", "testdata/scenario/good/minimal.yaml", func(t *testing.T, sc *Scenario) {
			st := sc.State
			if st.Turn != 1 || st.Start != (campaign.Date{Year: 165, Season: campaign.Spring}) || st.EndYear != 205 {
				t.Errorf("turn %d, start %v, end %d; want 1, Y165 spring (EaW 2d), 205", st.Turn, st.Start, st.EndYear)
			}
			if !reflect.DeepEqual(st.Rules, campaign.PresetEaW()) {
				t.Errorf("rules = %+v, want the eaw preset", st.Rules)
			}
			if sc.GM.Email != "gm@example.org" || st.Players[0].Email != "solo@example.org" {
				t.Errorf("emails %q, %q; want them lower-cased", sc.GM.Email, st.Players[0].Email)
			}
			if st.Map.Systems[0].Name != "home" {
				t.Errorf("system name = %q, want the id when no name is given", st.Map.Systems[0].Name)
			}
			if sc.Schedule.Every != 24*time.Hour {
				t.Errorf("schedule = %+v", sc.Schedule)
			}
		}},
		{"home gets FRD and mine (EaW 2a)", "testdata/scenario/good/full.yaml", func(t *testing.T, sc *Scenario) {
			st := sc.State
			start := campaign.Date{Year: 170, Season: campaign.Fall}
			wantFRDs := []campaign.FRD{{Owner: "amy", At: "a"}, {Owner: "zed", At: "b"}}
			if !slices.Equal(st.FRDs, wantFRDs) {
				t.Errorf("FRDs = %v, want %v", st.FRDs, wantFRDs)
			}
			wantDevs := []campaign.Development{
				{At: "a", Owner: "amy", Kind: campaign.Mine, Since: start},
				{At: "c", Owner: "amy", Kind: campaign.Fortification, Since: start},
				{At: "d", Owner: "amy", Kind: campaign.Fortification, Since: start},
				{At: "b", Owner: "zed", Kind: campaign.Mine, Since: start},
				{At: "c", Owner: "zed", Kind: campaign.Colony, Since: start},
			}
			if !slices.Equal(st.Developments, wantDevs) {
				t.Errorf("developments = %v, want %v", st.Developments, wantDevs)
			}
		}},
		{"fleets sorted by owner then id", "testdata/scenario/good/full.yaml", func(t *testing.T, sc *Scenario) {
			var got []campaign.FleetKey
			for i := range sc.State.Fleets {
				got = append(got, sc.State.Fleets[i].Key())
			}
			want := []campaign.FleetKey{{Owner: "amy", ID: "1st"}, {Owner: "zed", ID: "1st"}, {Owner: "zed", ID: "2nd"}}
			if !slices.Equal(got, want) {
				t.Errorf("fleets = %v, want %v", got, want)
			}
		}},
		{"overrides on a fresh preset", "testdata/scenario/good/full.yaml", func(t *testing.T, sc *Scenario) {
			want := campaign.PresetEaW()
			want.Vision.Radius = 2
			want.Battles = campaign.BattlesReported
			want.Budget.Min = 4
			want.Budget.FreeJumpFromColony = false
			want.Income.Prorate = [4]int{100, 80, 60, 40}
			want.Fleets.StartCount = 0
			if !reflect.DeepEqual(sc.State.Rules, want) {
				t.Errorf("rules = %+v, want %+v", sc.State.Rules, want)
			}
			if campaign.PresetEaW().Vision.Radius != 1 {
				t.Error("overrides changed the preset itself")
			}
		}},
		{"everything else as written", "testdata/scenario/good/full.yaml", func(t *testing.T, sc *Scenario) {
			st := sc.State
			if st.Seed != 18446744073709551615 || st.EndYear != 170 || st.Campaign != "full-1" || st.Title != "Full" {
				t.Errorf("seed %d, end %d, campaign %q, title %q", st.Seed, st.EndYear, st.Campaign, st.Title)
			}
			wantSched := campaign.Schedule{Weekly: []string{"mon 20:00", "thu 20:00"}, TimeZone: "Europe/Berlin"}
			if !reflect.DeepEqual(sc.Schedule, wantSched) {
				t.Errorf("schedule = %+v, want %+v", sc.Schedule, wantSched)
			}
			wantZed := campaign.Player{ID: "zed", Name: "Zed", Email: "zed@example.org", Race: "Zedi", Home: "b", TimeZone: "America/New_York"}
			if got := *st.Player("zed"); got != wantZed {
				t.Errorf("player zed = %+v, want %+v", got, wantZed)
			}
			if sc.GM != (Contact{Name: "Dana Ortiz", Email: "gm@example.org"}) {
				t.Errorf("gm = %+v", sc.GM)
			}
			wantLanes := []campaign.Lane{{A: "a", B: "c"}, {A: "c", B: "b"}, {A: "d", B: "c"}}
			if !slices.Equal(st.Map.Lanes, wantLanes) {
				t.Errorf("lanes = %v, want %v", st.Map.Lanes, wantLanes)
			}
			if sc := st.Catalogue.Class("SC"); sc == nil || !sc.Scout || sc.Size != 4 {
				t.Errorf("class SC = %+v, want a size 4 scout", sc)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := LoadScenario(tc.file, registry)
			if err != nil {
				t.Fatalf("LoadScenario(%s) = %v", tc.file, err)
			}
			tc.check(t, sc)
		})
	}
}

// TestLoadScenario_frontier checks the shipped example against the brief
// and the EaW setup rules (EaW 2a, 2c, 17.0).
func TestLoadScenario_frontier(t *testing.T) {
	sc, err := LoadScenario("../scenarios/frontier.yaml", registry)
	if err != nil {
		t.Fatalf("LoadScenario(frontier.yaml) = %v", err)
	}
	st := sc.State
	unknown := 0
	for _, s := range st.Map.Systems {
		if s.Planet == campaign.Unknown {
			unknown++
		}
	}
	if len(st.Map.Systems) < 24 || len(st.Players) != 4 || unknown < 6 || len(st.Fleets) != 24 {
		t.Errorf("%d systems, %d players, %d unknown planets, %d fleets; want ≥24, 4, ≥6, 24",
			len(st.Map.Systems), len(st.Players), unknown, len(st.Fleets))
	}
	wantSched := campaign.Schedule{Every: 72 * time.Hour, At: "20:00", TimeZone: "UTC"}
	if !reflect.DeepEqual(sc.Schedule, wantSched) || st.Seed != 7741 || st.EndYear != 175 || st.Start.Year != 165 {
		t.Errorf("schedule %+v, seed %d, years %d–%d", sc.Schedule, st.Seed, st.Start.Year, st.EndYear)
	}
	g := campaign.NewGraph(st.Map)
	for _, p := range st.Players {
		t.Run(string(p.ID), func(t *testing.T) { checkEaWStart(t, st, g, p) })
	}
}

// checkEaWStart checks one player's start against EaW 2a and 2c.
func checkEaWStart(t *testing.T, st *campaign.State, g *campaign.Graph, p campaign.Player) {
	t.Helper()
	if !strings.HasSuffix(p.Email, "@example.test") {
		t.Errorf("email %s, want one at example.test", p.Email)
	}
	near := make(map[campaign.SystemID]bool)
	for _, r := range g.Within(p.Home, 2) {
		near[r.System] = true
	}
	fleets, cost, scouts := 0, 0, 0
	for i := range st.Fleets {
		f := &st.Fleets[i]
		if f.Owner != p.ID {
			continue
		}
		fleets++
		sc4, big := false, 0
		for _, u := range f.Units {
			c := st.Catalogue.Class(u)
			cost += c.EBPV
			sc4 = sc4 || c.Size == 4
			if c.Size == 2 || c.Size == 3 {
				big += c.CBPV
			}
		}
		if st.HasScout(f) {
			scouts++
		}
		if cbpv := st.FleetCBPV(f); cbpv < 175 || cbpv > 600 || !sc4 || big > 450 {
			t.Errorf("fleet %s: CBPV %d, SC4 ship %v, SC2+SC3 CBPV %d; want 175–600 with an SC4 ship (EaW 2c), SC2+SC3 ≤ 450 (EaW 17.0)", f.ID, cbpv, sc4, big)
		}
		if !near[f.At] {
			t.Errorf("fleet %s at %s, want it within 2 lanes of home %s", f.ID, f.At, p.Home)
		}
	}
	if fleets != 6 || scouts == 0 {
		t.Errorf("%d fleets, %d with a scout; want exactly 6 (EaW 2c) and a scout", fleets, scouts)
	}
	if p.Treasury != 2000-cost {
		t.Errorf("treasury %d, want 2000 - %d starting fleets' EBPV = %d (EaW 2a)", p.Treasury, cost, 2000-cost)
	}
	corner := st.System(p.Home)
	if corner.Planet != campaign.Mineral || (corner.X != 0 && corner.X != 12) || (corner.Y != 0 && corner.Y != 10) {
		t.Errorf("home %+v, want a mineral planet in a corner", corner)
	}
}

func TestLoadScenario_ioError(t *testing.T) {
	_, err := LoadScenario(filepath.Join(t.TempDir(), "missing.yaml"), registry)
	var probs orders.Problems
	if !errors.Is(err, fs.ErrNotExist) || errors.As(err, &probs) {
		t.Errorf("LoadScenario(missing) = %v, want a wrapped fs.ErrNotExist, not Problems", err)
	}
}

// TestParseScenario_hostile feeds input meant to exhaust the loader.
func TestParseScenario_hostile(t *testing.T) {
	bomb := "a: &a [x, x, x, x, x, x, x, x, x]\n"
	for i := 'b'; i <= 'k'; i++ {
		bomb += string(i) + ": &" + string(i) + " [" + strings.Repeat("*"+string(i-1)+", ", 8) + "*" + string(i-1) + "]\n"
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"too large", bytes.Repeat([]byte("#"), MaxScenarioBytes+1), "file is 8388609 bytes, more than the limit of 8 MiB"},
		{"alias bomb", []byte(bomb), "hostile.yaml:1:4: anchor &a is not allowed"},
		{"too many values", append([]byte("x: ["), bytes.Repeat([]byte("a,"), orders.MaxValues/2)...), "more than the limit of 1048576"},
		{"deep nesting", []byte(strings.Repeat("[", 20000) + strings.Repeat("]", 20000)), "the text nests too deeply"},
		{"deeper than files nest", []byte("x: " + strings.Repeat("[", 20) + strings.Repeat("]", 20)), "hostile.yaml:1:19: the text nests deeper than 16 levels"},
		{"custom tag", []byte("campaign: !!binary Zm9v\n"), "tag !!binary is not allowed"},
		{"binary", []byte("\x00\x01\x02"), "hostile.yaml:1:1: an invisible control character (U+0000) is here"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseScenario("hostile.yaml", tc.data, registry)
			probs := wantProblems(t, err)
			if !strings.Contains(probs.Error(), tc.want) {
				t.Errorf("ParseScenario = %v, want a problem containing %q", probs, tc.want)
			}
		})
	}
}

// TestParseScenario_overridesEveryField overrides every field of
// campaign.Rules by its yaml tag, so a new field the loader cannot set
// fails here and not in a GM's face.
func TestParseScenario_overridesEveryField(t *testing.T) {
	want := campaign.PresetEaW()
	want.Turns = "simultaneous"
	want.Budget = campaign.BudgetRules{Min: 5, Divisor: 3, FleetMinShips: 1, FleetMinCBPV: 100, JumpCost: 2, BuildCost: 3, DevelopCost: 4}
	want.Vision.Radius = 3
	want.Income = campaign.IncomeRules{Mine: 80, Prorate: [4]int{90, 70, 40, 10}}
	want.Build.Docking = 48
	want.Battles = campaign.BattlesReported
	overrides, err := yaml.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	base, err := os.ReadFile("testdata/scenario/good/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	indented := "overrides:\n  " + strings.ReplaceAll(strings.TrimSpace(string(overrides)), "\n", "\n  ") + "\n"
	sc, err := ParseScenario("overrides.yaml", append(base, indented...), registry)
	if err != nil {
		t.Fatalf("ParseScenario with overrides\n%s= %v", indented, err)
	}
	if !reflect.DeepEqual(sc.State.Rules, want) {
		t.Errorf("rules = %+v, want %+v", sc.State.Rules, want)
	}
}

// TestParseScenario_syntaxLines checks that syntax problems point at the
// right line, whichever phase of the YAML parser found them.
func TestParseScenario_syntaxLines(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"unclosed list", "a: 1\ntitle: [x\nseed: 1\n", "f.yaml:2: a [list] is not closed"},
		// With the list on line 1, yaml v3 gives the line where it gave up.
		{"unclosed list on line 1", "title: [x\nseed: 1\n", "f.yaml:2: a [list] is not closed"},
		{"unclosed mapping", "a: 1\nb: 2\nc: {x\n", "f.yaml:3: a {mapping} is not closed"},
		{"bad indentation", "a: 1\nb: 2\n- c\n", "f.yaml:3: the structure breaks here"},
		{"colon in value", "a: 1\nb: 2\nc: d: e\n", "f.yaml:3: a colon appears where a plain value was expected"},
		{"tab", "a: 1\n\tb: 2\n", "f.yaml:2:1: a tab character indents this line"},
		{"reserved character", "a: 1\nb: @x\n", "f.yaml:2: a value starts with a character YAML reserves"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseScenario("f.yaml", []byte(tc.in), registry)
			if probs := wantProblems(t, err); !strings.HasPrefix(probs[0].Error(), tc.want) {
				t.Errorf("ParseScenario(%q) = %v, want %s...", tc.in, probs[0], tc.want)
			}
		})
	}
}

// TestLoadScenario_combat reads a unit's stat block for the automatic
// battle engine (docs/battles.md); a key left out takes the default for
// the unit's size and CBPV.
func TestLoadScenario_combat(t *testing.T) {
	src, err := os.ReadFile("testdata/scenario/good/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const unit = "{class: frigate, cbpv: 60, ebpv: 55, size: 4, docking: 3}"
	withCombat := func(block string) []byte {
		return bytes.Replace(src, []byte(unit), []byte(strings.TrimSuffix(unit, "}")+", combat: "+block+"}"), 1)
	}
	def := campaign.DefaultCombat(4, 60, false)
	with := func(change func(c *campaign.CombatStats)) *campaign.CombatStats {
		c := def
		change(&c)
		return &c
	}
	valid := []struct {
		name, block string
		want        *campaign.CombatStats
	}{
		{"a key overrides its default", "{def: 12}", with(func(c *campaign.CombatStats) { c.Def = 12 })},
		{"a full block, dice as 10 or d10",
			"{hull: heavy, def: 11, sensor: 6, armor: 4, structure: 7, attack: 4, fc: [d10, 8], damage: d12, speed: 3, command: 3}",
			&campaign.CombatStats{Hull: campaign.HullHeavy, Def: 11, Sensor: 6, Armor: 4, Structure: 7, Attack: 4, FC: [2]int{10, 8}, Damage: 12, Speed: 3, Command: 3}},
		{"unarmed", "{attack: 0}", with(func(c *campaign.CombatStats) { c.Attack = 0 })},
	}
	for _, tc := range valid {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := ParseScenario("minimal.yaml", withCombat(tc.block), registry)
			if err != nil {
				t.Fatalf("ParseScenario(combat: %s) = %v", tc.block, err)
			}
			if got := sc.State.Catalogue[0].Combat; !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ParseScenario(combat: %s) combat = %+v, want %+v", tc.block, got, tc.want)
			}
		})
	}
	t.Run("no block: the defaults", func(t *testing.T) {
		sc, err := ParseScenario("minimal.yaml", src, registry)
		if err != nil {
			t.Fatal(err)
		}
		if u := sc.State.Catalogue[0]; u.Combat != nil || u.BattleStats() != def {
			t.Errorf("combat = %+v, stats %+v; want none, and the defaults %+v", u.Combat, u.BattleStats(), def)
		}
	})
	invalid := []struct{ name, block, want string }{
		{"unknown key", "{sensors: 6}", `minimal.yaml:16:72: unknown key "sensors" in combat; did you mean "sensor"?`},
		{"unknown hull", "{hull: capitol}", `minimal.yaml:16:78: hull "capitol" is not a hull: write capital, heavy or medium; did you mean "capital"?`},
		{"no structure", "{structure: 0}", "minimal.yaml:16:83: structure 0 is out of range; write the structure points, e.g. 8, from 1 to 999"},
		{"negative armor", "{armor: -1}", "minimal.yaml:16:79: armor -1 is out of range"},
		{"one fire-control die", "{fc: [10]}", "minimal.yaml:16:76: fc has 1 dice; write two"},
		{"a die of one side", "{damage: d1}", "minimal.yaml:16:80: damage die d1 has 1 sides; write a die from d2 to d100"},
		{"not a die", "{fc: [ten, 8]}", `minimal.yaml:16:77: fc must be a die such as 10 or d10, not "ten"`},
		{"not a mapping", "heavy", `minimal.yaml:16:71: combat must be a mapping, not "heavy"`},
	}
	for _, tc := range invalid {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseScenario("minimal.yaml", withCombat(tc.block), registry)
			probs := wantProblems(t, err)
			if len(probs) != 1 || !strings.HasPrefix(probs[0].Error(), tc.want) {
				t.Errorf("ParseScenario(combat: %s) = %v, want one problem starting %q", tc.block, err, tc.want)
			}
		})
	}
}

// TestParseScenario_valuesAsInOrders: a scenario reads values as orders
// are read, with the same kit: a quoted number is the number, yes is true,
// and a seed may be quoted too.
func TestParseScenario_valuesAsInOrders(t *testing.T) {
	src, err := os.ReadFile("testdata/scenario/good/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	in := strings.NewReplacer("seed: 1", `seed: "7"`, "x: 1,", `x: "3",`, "docking: 3}", "docking: 3, scout: yes}").Replace(string(src))
	sc, err := ParseScenario("minimal.yaml", []byte(in), registry)
	if err != nil {
		t.Fatalf("ParseScenario(%s) = %v", in, err)
	}
	if got := sc.State.System("away"); sc.State.Seed != 7 || got.X != 3 || !sc.State.Catalogue[0].Scout {
		t.Errorf("seed %d, away at x %d, frigate scout %v; want 7, 3, true", sc.State.Seed, got.X, sc.State.Catalogue[0].Scout)
	}
}

// TestLoadScenario_frontierCombat: every class of the example has a
// combat block.
func TestLoadScenario_frontierCombat(t *testing.T) {
	sc, err := LoadScenario("../scenarios/frontier.yaml", registry)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range sc.State.Catalogue {
		if u.Combat == nil {
			t.Errorf("class %s has no combat block", u.Class)
		}
	}
}

func BenchmarkParseScenario(b *testing.B) {
	data := setup.Generate(game.ScenarioSize{Systems: 2000, Players: 64, FleetsPerPlayer: 63, Seed: 7741})
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseScenario("generated.yaml", data, registry); err != nil {
			b.Fatal(err)
		}
	}
}
