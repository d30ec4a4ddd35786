package replay_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/replay"
	"github.com/pbemd/pbemd/rules"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/scenarios"
)

// The golden campaign: scenarios/frontier.yaml played for two years, spring
// Y165 to winter Y166, with the New Years after turns 4 and 8, on the
// orders in frontierOrders.
const (
	frontierTurns  = 8
	frontierOrders = "testdata/sim/frontier/orders"
)

// TestSimulateFrontier plays the golden campaign offline and pins every
// state and report to golden files: the same scenario and orders must give
// the same bytes, every time. Then it checks that the campaign still shows
// every order kind carried out (frontierCoverage).
func TestSimulateFrontier(t *testing.T) {
	runs := simulateTwice(t)
	first, again := runs[0], runs[1]
	for _, path := range slices.Sorted(maps.Keys(first)) {
		data := first[path]
		if !bytes.Equal(data, again[path]) {
			t.Errorf("%s differs between two runs of the same campaign", path)
		}
		if strings.HasSuffix(path, ".png") {
			// Maps are pinned by the map's own golden test, within a
			// pixel tolerance; here they must only be pictures.
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				t.Errorf("%s is not a PNG: %v", path, err)
			}
			continue
		}
		golden.Check(t, filepath.Join("testdata/sim/frontier/want", path+".golden"), data)
	}
	if len(first) != frontierTurns*(1+4*4)+1 {
		t.Errorf("simulation wrote %d files, want %d turns × (state + 4 players × 4 report files) + log", len(first), frontierTurns)
	}
	t.Run("every order carried out", func(t *testing.T) { checkCoverage(t, first) })
}

// simulateTwice plays the golden campaign twice at once, each run into its
// own directory, and returns the files of each. The runs share nothing, so
// they must agree byte for byte; running them side by side saves time on a
// machine with a core to spare, most of all under -race, where rendering
// the maps takes most of it.
func simulateTwice(t *testing.T) [2]map[string][]byte {
	t.Helper()
	var runs [2]map[string][]byte
	var errs [2]error
	var wg sync.WaitGroup
	for i := range runs {
		out := t.TempDir()
		wg.Go(func() { runs[i], errs[i] = simulate(out) })
	}
	wg.Wait()
	if err := errors.Join(errs[:]...); err != nil {
		t.Fatal(err)
	}
	return runs
}

// TestSimulateSkipsInvalidOrders checks that an orders file intake would
// refuse is logged and skipped, as the daemon would reject the mail, and
// that its player forfeits the turn (UTD3.31). The golden campaign's
// orders are all valid, so it never shows this.
func TestSimulateSkipsInvalidOrders(t *testing.T) {
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "turn-1", "tekkar.yaml")
	src := "campaign: frontier\nplayer: tekkar\nturn: 1\norders:\n  - move: {fleet: 9th, path: [grist]}\n"
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := replay.Simulate(replay.SimOptions{Scenario: sc, Rulesets: rules.Registry(), Orders: dir, Turns: 1, Out: t.TempDir(), Log: &log}); err != nil {
		t.Fatalf("Simulate = %v", err)
	}
	for _, want := range []string{
		path + ": skipped:\n",
		path + `:5:19: EaW 5a: you have no fleet "9th"`,
		"turn 1 resolved: ", ", 0 orders files\n",
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("Simulate logged:\n%s\nwant a line with %q", log.String(), want)
		}
	}
}

// simulate runs the simulation into out and returns every file it wrote,
// by relative path, plus its log as "sim.log".
func simulate(out string) (map[string][]byte, error) {
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, rules.Registry())
	if err != nil {
		return nil, err
	}
	var log bytes.Buffer
	err = replay.Simulate(replay.SimOptions{Scenario: sc, Rulesets: rules.Registry(), Orders: frontierOrders, Turns: frontierTurns, Out: out, Log: &log})
	if err != nil {
		return nil, fmt.Errorf("simulate the golden campaign: %w", err)
	}
	files := map[string][]byte{"sim.log": log.Bytes()}
	err = filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(out, path)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	return files, err
}

// frontierCoverage is what the golden campaign must show at least once:
// every order kind given and carried out, in the variants the rules cost
// or time differently, and the events the orders exist for. Each entry is
// what checkCoverage counts an order or event as.
//
// The prize that inspect needs comes from a precursor object, the ship
// from the future (EaW 16c #5, turn 2), not from commandos: they board only
// crippled ships that the round cap sends away (EaW 25.0,
// docs/battles.md), and fewer than 5% of the built-in battles last that
// long, none of this campaign's.
var frontierCoverage = []string{
	"move",
	"move with a free jump from a developed colony (EaW 5b)",
	"develop mine for 1 point",
	"develop colony for 1 point",
	"develop fortification for 1 point",
	"develop mine, free with a large freighter (EaW 12b)",
	"develop colony, free with a small freighter (EaW 13a)",
	"develop fortification, free with a minelayer (EaW 11a)",
	"build with mp 1",
	"build with mp 0",
	"build at: a second FRD (EaW 6.0, 15a)",
	"build_frd",
	"move_frd with a tug (EaW 15f, 15g)",
	"resupply with a refit (EaW 6f)",
	"transfer into an existing fleet",
	"transfer into a new fleet",
	"scrap",
	"inspect",
	"self_repair",
	"install",
	"siege",
	"siege that breaks the fortification (EaW 10c)",
	"exploration",
	"explore_bonus: precursor (EaW 16c)",
	"explore_planet chose the planet (EaW 16a, 16b)",
	"battle",
	"an order lost at resolution to hostile fleets (EaW 19a)",
	"ground bases paying at New Year (EaW 14.0)",
}

// simTurn is one turn of the simulation as a player sees it: the state it
// began with, the player's orders, validated against that state, and the
// events of the player's report.
type simTurn struct {
	n      int
	st     *campaign.State
	sub    *orders.Submission
	costed *eaw.Costed
	events []game.Event
}

// checkCoverage replays the golden campaign's orders against the states
// the simulation wrote and fails for every entry of frontierCoverage that
// no turn shows. An order counts only when its report tells that it was
// carried out.
func checkCoverage(t *testing.T, files map[string][]byte) {
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string][]string{}
	st := sc.State
	for n := 1; n <= frontierTurns; n++ {
		for _, p := range st.Players {
			turn := simTurn{n: n, st: st, events: reportEvents(t, files, n, p.ID)}
			turn.sub, turn.costed = turnOrders(t, st, n, p.ID)
			for _, what := range turn.covers() {
				seen[what] = append(seen[what], fmt.Sprintf("turn %d %s", n, p.ID))
			}
		}
		st = turnState(t, files, n)
	}
	for _, what := range frontierCoverage {
		if len(seen[what]) == 0 {
			t.Errorf("the golden campaign never shows %s; change the orders in %s", what, frontierOrders)
			continue
		}
		t.Logf("%s: %s", what, strings.Join(seen[what], ", "))
	}
}

// turnOrders reads and validates a player's orders for turn n; a player
// without orders gives nil. Every scripted order must pass intake.
func turnOrders(t *testing.T, st *campaign.State, n int, player campaign.PlayerID) (*orders.Submission, *eaw.Costed) {
	t.Helper()
	path := filepath.Join(frontierOrders, fmt.Sprintf("turn-%d", n), string(player)+".yaml")
	src, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	sub, err := orders.Parse(src, orders.Only(eaw.Ruleset{}.Kinds()))
	if err != nil {
		t.Fatalf("orders.Parse(%s) = %v", path, err)
	}
	costed, err := eaw.Validate(st, sub)
	if err != nil {
		t.Errorf("eaw.Validate(%s) = %v, want no problems: the golden campaign's orders are all valid at intake", path, err)
	}
	return sub, costed
}

// turnState decodes the state the simulation wrote after turn n.
func turnState(t *testing.T, files map[string][]byte, n int) *campaign.State {
	t.Helper()
	var st campaign.State
	if err := json.Unmarshal(files[fmt.Sprintf("turn-%d/state.json", n)], &st); err != nil {
		t.Fatalf("decode the state after turn %d: %v", n, err)
	}
	return &st
}

// reportEvents decodes the events of a player's report of turn n.
func reportEvents(t *testing.T, files map[string][]byte, n int, player campaign.PlayerID) []game.Event {
	t.Helper()
	var rep struct {
		View struct {
			Events []game.Event `json:"events"`
		} `json:"view"`
	}
	if err := json.Unmarshal(files[fmt.Sprintf("turn-%d/%s/report.json", n, player)], &rep); err != nil {
		t.Fatalf("decode %s's report of turn %d: %v", player, n, err)
	}
	return rep.View.Events
}

// covers returns the entries of frontierCoverage the player's turn shows:
// its orders carried out, and the events of its report.
func (tn simTurn) covers() []string {
	var out []string
	if tn.costed != nil {
		for _, co := range tn.costed.Orders {
			out = append(out, tn.carriedOut(co)...)
		}
	}
	for _, e := range tn.events {
		out = append(out, tn.shows(e)...)
	}
	return out
}

// shows returns the entries an event of the player's report counts as.
func (tn simTurn) shows(e game.Event) []string {
	prefs := eaw.DefaultPrefs()
	if tn.sub != nil {
		prefs, _ = orders.PartOf[eaw.Prefs](tn.sub.Prefs)
	}
	switch {
	case e.Kind == eaw.EventBattleFought:
		return []string{"battle"}
	case e.Kind == eaw.EventExplored && strings.HasPrefix(e.Text, "The precursor object fleet ") && prefs.ExploreBonus == eaw.ExplorePrecursor:
		return []string{"explore_bonus: precursor (EaW 16c)"}
	case e.Kind == eaw.EventExplored && strings.Contains(e.Text, "as prefs explore_planet says") &&
		prefs.ExplorePlanet != eaw.DefaultPrefs().ExplorePlanet:
		return []string{"exploration", "explore_planet chose the planet (EaW 16a, 16b)"}
	case e.Kind == eaw.EventExplored && strings.Contains(e.Text, " explored "):
		return []string{"exploration"}
	case e.Kind == eaw.EventOrderFailed && strings.Contains(e.Text, "met hostile fleets, and its orders were lost (EaW 19a)"):
		return []string{"an order lost at resolution to hostile fleets (EaW 19a)"}
	case e.Kind == eaw.EventIncome && strings.HasPrefix(e.Text, "New Year ") && strings.Contains(e.Text, "ground base"):
		return []string{"ground bases paying at New Year (EaW 14.0)"}
	}
	return nil
}

// freeDevelop names what makes each kind of development free.
var freeDevelop = map[campaign.DevelopmentKind]string{
	campaign.Mine:          "free with a large freighter (EaW 12b)",
	campaign.Colony:        "free with a small freighter (EaW 13a)",
	campaign.Fortification: "free with a minelayer (EaW 11a)",
}

// carriedOut returns the entries an order counts as, if the player's
// report tells that it was carried out; none otherwise.
func (tn simTurn) carriedOut(co eaw.CostedOrder) []string {
	switch o := co.Order.Kind.(type) {
	case *eaw.Move:
		return tn.moved(o, co)
	case *eaw.Develop:
		if !tn.told(eaw.EventDeveloped, fmt.Sprintf("Fleet %s developed a %s at ", o.Fleet, o.What)) {
			return nil
		}
		if co.Points == 0 {
			return []string{fmt.Sprintf("develop %s, %s", o.What, freeDevelop[o.What])}
		}
		return []string{fmt.Sprintf("develop %s for %d point", o.What, co.Points)}
	case *eaw.Build:
		return tn.built(o)
	case *eaw.BuildFRD:
		return tn.tells(eaw.EventBuilt, "A new FRD stands at "+tn.st.System(o.At).Name, "build_frd")
	case *eaw.MoveFRD:
		if o.Tug != "" && tn.told(eaw.EventMoved, fmt.Sprintf("Your FRD moved %s, with fleet %s", tn.route(co.Route), o.Tug)) {
			return []string{"move_frd with a tug (EaW 15f, 15g)"}
		}
	case *eaw.Resupply:
		if len(o.Refit) > 0 && slices.ContainsFunc(tn.events, func(e game.Event) bool {
			return e.Kind == eaw.EventResupplied && strings.HasPrefix(e.Text, fmt.Sprintf("Fleet %s resupplied ", o.Fleet)) &&
				strings.Contains(e.Text, " Refitted ")
		}) {
			return []string{"resupply with a refit (EaW 6f)"}
		}
	case *eaw.Transfer:
		return tn.transferred(o)
	case *eaw.Scrap:
		return tn.tells(eaw.EventScrapped, fmt.Sprintf("Fleet %s scrapped ", o.Fleet), "scrap")
	case *eaw.Inspect:
		return tn.tells(eaw.EventInspected, fmt.Sprintf("Fleet %s inspected its captured ", o.Fleet), "inspect")
	case *eaw.SelfRepair:
		return tn.tells(eaw.EventSelfRepaired, fmt.Sprintf("Fleet %s repaired itself at ", o.Fleet), "self_repair")
	case *eaw.Install:
		return tn.tells(eaw.EventInstalled, fmt.Sprintf("Fleet %s installed ", o.Fleet), "install")
	case *eaw.Siege:
		return tn.besieged(o.Fleet)
	}
	return nil
}

// moved reports a move flown to its end, and whether a jump of it was free
// (EaW 5b).
func (tn simTurn) moved(m *eaw.Move, co eaw.CostedOrder) []string {
	if !tn.told(eaw.EventMoved, fmt.Sprintf("Fleet %s moved %s.", m.Fleet, tn.route(co.Route))) {
		return nil
	}
	out := []string{"move"}
	if slices.ContainsFunc(co.Notes, func(n string) bool { return strings.HasSuffix(n, "(EaW 5b)") }) {
		out = append(out, "move with a free jump from a developed colony (EaW 5b)")
	}
	return out
}

// built reports a build placed: with its mp, and whether it named one of
// the player's several FRDs (EaW 15a).
func (tn simTurn) built(b *eaw.Build) []string {
	if !slices.ContainsFunc(tn.events, func(e game.Event) bool {
		return e.Kind == eaw.EventBuilt && strings.HasPrefix(e.Text, "Built ") && strings.Contains(e.Text, fmt.Sprintf(" into fleet %s for ", b.Fleet))
	}) {
		return nil
	}
	out := []string{fmt.Sprintf("build with mp %d", b.MP)}
	frds := 0
	for _, f := range tn.st.FRDs {
		if f.Owner == tn.sub.Player {
			frds++
		}
	}
	if b.At != "" && frds > 1 {
		out = append(out, "build at: a second FRD (EaW 6.0, 15a)")
	}
	return out
}

// transferred reports a transfer made, into a fleet that was there or one
// it formed.
func (tn simTurn) transferred(tr *eaw.Transfer) []string {
	for _, e := range tn.events {
		if e.Kind != eaw.EventTransferred || !strings.HasPrefix(e.Text, fmt.Sprintf("Fleet %s transferred ", tr.From)) ||
			!strings.Contains(e.Text, fmt.Sprintf(" to fleet %s at ", tr.To)) {
			continue
		}
		if strings.Contains(e.Text, fmt.Sprintf("Fleet %s formed there.", tr.To)) {
			return []string{"transfer into a new fleet"}
		}
		return []string{"transfer into an existing fleet"}
	}
	return nil
}

// besieged reports a siege roll thrown, and whether it broke the
// fortification (EaW 10c).
func (tn simTurn) besieged(id campaign.FleetID) []string {
	f := tn.st.Fleet(tn.sub.Player, id)
	if f == nil {
		return nil
	}
	for _, e := range tn.events {
		switch {
		case e.Kind == eaw.EventTrapped && strings.HasPrefix(e.Text, fmt.Sprintf("Fleet %s's siege roll of ", id)):
			return []string{"siege"}
		case e.Kind == eaw.EventDestroyed && e.At == f.At && strings.Contains(e.Text, " fell: a siege roll broke it."):
			return []string{"siege", "siege that breaks the fortification (EaW 10c)"}
		}
	}
	return nil
}

// told reports whether the player's report has an event of this kind whose
// text starts with prefix.
func (tn simTurn) told(kind game.EventKind, prefix string) bool {
	return slices.ContainsFunc(tn.events, func(e game.Event) bool { return e.Kind == kind && strings.HasPrefix(e.Text, prefix) })
}

// tells returns what, if the player's report has an event of this kind
// whose text starts with prefix.
func (tn simTurn) tells(kind game.EventKind, prefix, what string) []string {
	if tn.told(kind, prefix) {
		return []string{what}
	}
	return nil
}

// route writes a route as the events do: "Drakkar → Ferrum".
func (tn simTurn) route(ids []campaign.SystemID) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = tn.st.System(id).Name
	}
	return strings.Join(names, " → ")
}
