package config

import (
	"reflect"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/eaw"
)

// arena is a ruleset of its own for these tests, as a second ruleset
// would be: its scenarios list sectors, each a group of systems, and give
// each player a capital instead of a home; campaigns run from Y1 to Y10.
// Only its scenario part is played here.
type arena struct{ game.Ruleset }

func (arena) Name() string { return "arena" }

func (arena) ScenarioSpec() game.ScenarioSpec {
	return game.ScenarioSpec{
		Keys:       []string{"sectors"},
		PlayerKeys: []string{"capital"},
		Start:      campaign.Date{Year: 1, Season: campaign.Spring},
		EndYear:    10,
	}
}

// LoadScenario reads the sectors, whose systems must be on the map, and
// makes each player's capital their home; it needs players and systems
// read and named, which is what config hands it.
func (arena) LoadScenario(p *game.ScenarioPart) {
	c := p.Problems
	items, _ := c.List(c.Need(p.Keys, "sectors", "[[kessel, vega]]"), "sectors", "")
	for _, sector := range items {
		systems, _ := c.List(sector, "sector", "")
		for _, n := range systems {
			if p.Systems[campaign.SystemID(n.Value)] == nil {
				c.Addf(n, "sector system %q is not on the map", n.Value)
			}
		}
	}
	for _, e := range p.Players {
		capital, ok := c.Text(c.Need(e.Fields, "capital", "home"), "capital")
		if ok && e.ID != "" {
			p.State.Player(e.ID).Home = campaign.SystemID(capital)
		}
	}
}

// arenaRegistry holds arena beside Empires at War.
var arenaRegistry = game.NewRegistry(eaw.Ruleset{}, arena{})

const arenaScenario = `campaign: duel
title: Duel
rules: arena
sectors: [[home, away]]
seed: 1
schedule: {every: 24h}
gm: {email: gm@example.org}
players:
  - {id: solo, name: Solo, email: solo@example.org, capital: home}
map:
  systems:
    - {id: home, x: 0, y: 0, planet: mineral}
    - {id: away, x: 1, y: 0, planet: unknown}
  lanes: [[home, away]]
units:
  - {class: frigate, cbpv: 60, ebpv: 55, size: 4, docking: 3}
`

// TestParseScenario_rulesetPart: a scenario of another ruleset is read
// with that ruleset's keys and dates, and the ruleset gets the generic
// part to complete, with no EaW rule applied: no home setup, no FRD.
func TestParseScenario_rulesetPart(t *testing.T) {
	sc, err := ParseScenario("duel.yaml", []byte(arenaScenario), arenaRegistry)
	if err != nil {
		t.Fatalf("ParseScenario = %v", err)
	}
	st := sc.State
	want := campaign.Player{ID: "solo", Name: "Solo", Email: "solo@example.org", Home: "home"}
	if !reflect.DeepEqual(st.Players, []campaign.Player{want}) {
		t.Errorf("players = %+v, want %+v", st.Players, want)
	}
	if st.Rules.Preset != "arena" || st.Start.Year != 1 || st.EndYear != 10 || len(st.FRDs) != 0 || len(st.Developments) != 0 {
		t.Errorf("rules %q, years %d–%d, FRDs %v, developments %v; want arena's, Y1–Y10, none, none",
			st.Rules.Preset, st.Start.Year, st.EndYear, st.FRDs, st.Developments)
	}
}

// TestParseScenario_rulesetProblems: the ruleset's problems come with
// their positions, in file order among config's own; keys of another
// ruleset are unknown, and messages list the ruleset's keys with the
// generic ones.
func TestParseScenario_rulesetProblems(t *testing.T) {
	src := strings.NewReplacer(
		"sectors: [[home, away]]", "sectors: [[home, nowhere]]\noverrides: {vision: {radius: 2}}",
		"capital: home}", "home: home}",
		"seed: 1", "seed: many",
	).Replace(arenaScenario)
	_, err := ParseScenario("duel.yaml", []byte(src), arenaRegistry)
	want := []string{
		`duel.yaml:4:18: sector system "nowhere" is not on the map`,
		`duel.yaml:5:1: unknown key "overrides" in scenario; keys in scenario: campaign, title, rules, sectors, seed, start, end, schedule, gm, players, map, units, fleets, developments, moderation`,
		`duel.yaml:6:7: seed must be a whole number from 0 to 18446744073709551615, not "many"`,
		`duel.yaml:10:5: player has no capital; add e.g. capital: home`,
		`duel.yaml:10:53: unknown key "home" in player; keys in player: id, name, email, race, capital, timezone`,
	}
	if got := strings.Split(wantProblems(t, err).Error(), "\n"); !reflect.DeepEqual(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestParseScenario_unknownRules: a ruleset pbemd does not have is named
// with the rulesets it has, and the rest of the file is read as the one
// the name most resembles, or else the first, so that its other problems
// show at once: here, the eaw keys an arena scenario lacks.
func TestParseScenario_unknownRules(t *testing.T) {
	tests := []struct {
		name, rules string
		want        []string
	}{
		{"no such ruleset", "nosuch", []string{
			`duel.yaml:3:8: rules "nosuch" is not a preset pbemd knows: write arena or eaw`,
		}},
		{"a typo", "eaq", []string{
			`duel.yaml:3:8: rules "eaq" is not a preset pbemd knows: write arena or eaw; did you mean "eaw"?`,
			`duel.yaml:4:1: unknown key "sectors" in scenario; keys in scenario: campaign, title, rules, overrides, seed, start, end, schedule, gm, players, map, units, fleets, developments, moderation`,
			`duel.yaml:9:5: player has no home; add e.g. home: drakkar`,
			`duel.yaml:9:53: unknown key "capital" in player; keys in player: id, name, email, race, home, treasury, timezone`,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(arenaScenario, "rules: arena", "rules: "+tc.rules, 1)
			_, err := ParseScenario("duel.yaml", []byte(src), arenaRegistry)
			if got := strings.Split(wantProblems(t, err).Error(), "\n"); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestParseScenario_defaultRules: a scenario that names no ruleset plays
// Empires at War; with a registry that lacks it, the scenario must name
// one.
func TestParseScenario_defaultRules(t *testing.T) {
	src := strings.Replace(arenaScenario, "rules: arena\n", "", 1)
	_, err := ParseScenario("duel.yaml", []byte(src), arenaRegistry)
	if p := wantProblems(t, err)[0]; p.Msg != `unknown key "sectors" in scenario` {
		t.Errorf("first problem = %v, want sectors unknown to EaW", p)
	}
	_, err = ParseScenario("duel.yaml", []byte(src), game.NewRegistry(arena{}))
	want := orders.Problem{File: "duel.yaml", Pos: orders.Pos{Line: 1, Col: 1}, Msg: "scenario has no rules; add e.g. rules: arena"}
	if got := wantProblems(t, err); !reflect.DeepEqual(got, orders.Problems{want}) {
		t.Errorf("problems = %v, want %v", got, want)
	}
}
