package eaw

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// unknownAt makes the planets at the given systems unknown (EaW 1c).
func (s testState) unknownAt(ids ...campaign.SystemID) testState {
	for _, id := range ids {
		s.System(id).Planet = campaign.Unknown
	}
	return s
}

// withSeed sets the campaign's seed, from which every die derives.
func (s testState) withSeed(seed uint64) testState {
	s.Seed = seed
	return s
}

// diceFor returns the faces of the first throw whose text names what,
// and whether there was one.
func diceFor(events []game.Event, what string) ([]int, bool) {
	for _, e := range events {
		if e.Kind != EventDice || !strings.Contains(e.Text, what) {
			continue
		}
		faces := e.Text[strings.LastIndex(e.Text, ": ")+2 : len(e.Text)-1]
		faces, _, _ = strings.Cut(faces, " = ")
		var out []int
		for _, f := range strings.Split(faces, " + ") {
			n, err := strconv.Atoi(f)
			if err != nil {
				panic(fmt.Sprintf("dice text %q: %v", e.Text, err))
			}
			out = append(out, n)
		}
		return out, true
	}
	return nil, false
}

func sumOf(faces []int) int {
	n := 0
	for _, f := range faces {
		n += f
	}
	return n
}

func eventsOfKind(events []game.Event, kind game.EventKind) []game.Event {
	var out []game.Event
	for _, e := range events {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

func TestEaW16a_DiscoveryTable(t *testing.T) {
	want := map[int]discoveryRow{2: rowMine, 3: rowBonus, 11: rowBonus, 12: rowColony}
	for roll := 2; roll <= 12; roll++ {
		w, ok := want[roll]
		if !ok {
			w = rowPlain
		}
		if got := discoveryRowOf(roll, false); got != w {
			t.Errorf("discoveryRowOf(%d, no scout) = %d, want %d", roll, got, w)
		}
	}
}

func TestEaW16b_ScoutDiscoveryTable(t *testing.T) {
	want := map[int]discoveryRow{2: rowMine, 3: rowMine, 4: rowBonus, 10: rowBonus, 11: rowColony, 12: rowColony}
	for roll := 2; roll <= 12; roll++ {
		w, ok := want[roll]
		if !ok {
			w = rowPlain
		}
		if got := discoveryRowOf(roll, true); got != w {
			t.Errorf("discoveryRowOf(%d, scout) = %d, want %d", roll, got, w)
		}
	}
}

func TestEaW16a_PlanetTypeRolls(t *testing.T) {
	plain := []campaign.PlanetType{campaign.Dead, campaign.Dead, campaign.Life, campaign.Life, campaign.Mineral, campaign.Mineral}
	bonus := []campaign.PlanetType{campaign.Dead, campaign.Life, campaign.Life, campaign.Mineral, campaign.Mineral, campaign.Dead}
	for d := 1; d <= 6; d++ {
		if got := plainType(d); got != plain[d-1] {
			t.Errorf("plainType(%d) = %s, want %s", d, got, plain[d-1])
		}
		if got := bonusType(d, campaign.Dead); got != bonus[d-1] {
			t.Errorf("bonusType(%d, dead) = %s, want %s (a 6 is the Admiral's choice)", d, got, bonus[d-1])
		}
	}
}

func TestEaW16d_MapTypeTable(t *testing.T) {
	living := []campaign.MapType{campaign.MapSolarSystemSlice, campaign.MapSolarSystemSlice, campaign.MapDualPlanets,
		campaign.MapDualPlanets, campaign.MapOpenSpace, campaign.MapOpenSpace}
	dead := []campaign.MapType{campaign.MapStarEdge, campaign.MapStarEdge, campaign.MapStarEdge,
		campaign.MapDeathMap, campaign.MapDeathMap, campaign.MapDeathMap}
	for d := 1; d <= 6; d++ {
		for _, p := range []campaign.PlanetType{campaign.Life, campaign.Mineral} {
			if got := mapTypeOf(d, p); got != living[d-1] {
				t.Errorf("mapTypeOf(%d, %s) = %s, want %s", d, p, got, living[d-1])
			}
		}
		if got := mapTypeOf(d, campaign.Dead); got != dead[d-1] {
			t.Errorf("mapTypeOf(%d, dead) = %s, want %s", d, got, dead[d-1])
		}
		if mapTypeNames[living[d-1]] == "" || mapTypeNames[dead[d-1]] == "" {
			t.Errorf("map types %s, %s have no name", living[d-1], dead[d-1])
		}
	}
}

func TestEaW16_0_FleetThatStaysExplores(t *testing.T) {
	st := newTestState().unknownAt("b").
		withFleet("blue", "1st", "a", "cruiser", "frigate").
		withFleet("red", "1st", "e", "frigate")
	sub := submit(t, st, "blue", "move: {fleet: 1st, path: [b]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	b := res.Next.System("b")
	if b.Planet == campaign.Unknown || b.MapType == "" {
		t.Fatalf("b after blue stayed there: planet %s, map type %q; want both rolled (EaW 16.0, 16d)", b.Planet, b.MapType)
	}
	explored := eventsOfKind(res.Events, EventExplored)
	if len(explored) != 1 || len(explored[0].Players) != 1 || explored[0].Players[0] != "blue" {
		t.Fatalf("explored events = %v, want one, for blue alone", explored)
	}
	if _, ok := diceFor(res.Events, "exploring B with fleet 1st"); !ok {
		t.Error("no 2D6 for the exploration among the events")
	}
	for _, e := range res.Views[1].Events {
		if e.Kind == EventDice || e.Kind == EventExplored {
			t.Errorf("red learned of blue's exploration: %v", e)
		}
	}
	blueMap := res.Views[0].Map.Systems()[1]
	if blueMap.Planet != b.Planet || blueMap.MapType != b.MapType {
		t.Errorf("blue's map shows b as %s/%s, want %s/%s", blueMap.Planet, blueMap.MapType, b.Planet, b.MapType)
	}
	if redMap := res.Views[1].Map.Systems()[1]; redMap.Planet != "" || redMap.MapType != "" {
		t.Errorf("red, who never looked at b, sees it as %s/%s (digest §8 F7)", redMap.Planet, redMap.MapType)
	}
}

func TestEaW16_F7_OthersSeeTheTypeWhenTheyLook(t *testing.T) {
	st := newTestState().unknownAt("c").
		withFleet("blue", "1st", "b", "cruiser").
		withFleet("red", "1st", "d", "frigate")
	sub := submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	c := res.Next.System("c")
	if c.Planet == campaign.Unknown {
		t.Fatal("c was not explored")
	}
	red := res.Views[1]
	if got := red.Map.Systems()[2]; got.Planet != c.Planet || got.MapType != c.MapType {
		t.Errorf("red's fleet next door sees c as %s/%s, want the map's %s/%s", got.Planet, got.MapType, c.Planet, c.MapType)
	}
	if hasEvent(red, EventExplored) {
		t.Error("red was told of blue's exploration")
	}
}

func TestEaW33_2_FleetPassingThroughLearnsNothing(t *testing.T) {
	st := newTestState().unknownAt("b").withFleet("blue", "1st", "a", "cruiser")
	sub := submit(t, st, "blue", "move: {fleet: 1st, path: [b, c]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	if got := res.Next.System("b").Planet; got != campaign.Unknown {
		t.Errorf("b is %s after a fleet flew through it, want unknown", got)
	}
}

func TestEaW15_0_FRDNeverExplores(t *testing.T) {
	st := newTestState().unknownAt("b")
	st.FRDs[0].At = "b"
	res := Resolve(st.State, nil)
	if got := res.Next.System("b").Planet; got != campaign.Unknown {
		t.Errorf("b is %s with only an FRD there, want unknown", got)
	}
}

func TestEaW16_O10_ContestedSystemIsNotExplored(t *testing.T) {
	st := newTestState().reported().unknownAt("c").
		withFleet("blue", "1st", "b", "cruiser").
		withFleet("red", "1st", "d", "frigate")
	subs := map[campaign.PlayerID]*orders.Submission{
		"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [c]}"),
		"red":  submit(t, st, "red", "move: {fleet: 1st, path: [c]}"),
	}
	res := Resolve(st.State, subs)
	if got := res.Next.System("c").Planet; got != campaign.Unknown {
		t.Errorf("c is %s with a battle waiting there, want unknown", got)
	}
	// Both empires still there after the battle (none was fought): nobody.
	after := Resolve(res.Next, nil)
	if len(after.Next.Battles) == 0 {
		t.Fatal("the battle vanished")
	}
	if got := after.Next.System("c").Planet; got != campaign.Unknown {
		t.Errorf("c is %s while two empires hold it, want unknown", got)
	}
}

func TestEaW16_0_OneExplorationPerSystem(t *testing.T) {
	st := newTestState().unknownAt("a").
		withFleet("blue", "1st", "a", "cruiser", "frigate").
		withFleet("blue", "2nd", "a", "frigate", "scout").
		withFleet("blue", "3rd", "a", "frigate")
	res := Resolve(st.State, nil)
	if n := len(eventsOfKind(res.Events, EventExplored)); n != 1 {
		t.Errorf("%d explorations of a, want 1", n)
	}
	if _, ok := diceFor(res.Events, "exploring A with fleet 2nd"); !ok {
		t.Error("fleet 2nd, which has the scout, did not explore (EaW 16b)")
	}
}

// TestEaW16a_DiscoveryOutcomes explores with many seeds and checks each
// result against the logged 2D6, and that the results come as often as
// table 16a (no scout) or 16b (scout) says.
func TestEaW16a_DiscoveryOutcomes(t *testing.T) {
	for _, scout := range []bool{false, true} {
		units := []campaign.ClassName{"cruiser", "frigate"}
		if scout {
			units = append(units, "scout")
		}
		count := map[discoveryRow]int{}
		const runs = 3600
		for seed := range uint64(runs) {
			st := newTestState().unknownAt("b").withSeed(seed).withFleet("blue", "1st", "b", units...)
			res := Resolve(st.State, nil)
			faces, ok := diceFor(res.Events, "exploring B")
			if !ok {
				t.Fatalf("seed %d: no exploration roll", seed)
			}
			row := discoveryRowOf(sumOf(faces), scout)
			count[row]++
			checkDiscovery(t, seed, st.State, res, row, scout)
		}
		// 36ths of the runs each row should get (EaW 16a, 16b).
		want := map[discoveryRow]int{rowMine: 1, rowColony: 1, rowBonus: 4, rowPlain: 30}
		if scout {
			want = map[discoveryRow]int{rowMine: 3, rowColony: 3, rowBonus: 6, rowPlain: 24}
		}
		for row, w := range want {
			exp := runs * w / 36
			if got := count[row]; got < exp*3/4-10 || got > exp*5/4+10 {
				t.Errorf("scout %v: row %d came %d times in %d, want about %d", scout, row, got, runs, exp)
			}
		}
	}
}

// checkDiscovery checks one exploration's result against its row.
func checkDiscovery(t *testing.T, seed uint64, before *campaign.State, res *Result, row discoveryRow, scout bool) {
	t.Helper()
	b := res.Next.System("b")
	gain := res.Next.Player("blue").Treasury - before.Player("blue").Treasury
	devs := res.Next.DevelopmentsAt("b")
	switch row {
	case rowMine, rowColony:
		kind, planet := campaign.Mine, campaign.Mineral
		if row == rowColony {
			kind, planet = campaign.Colony, campaign.Life
		}
		if b.Planet != planet || len(devs) != 1 || devs[0].Kind != kind || devs[0].Owner != "blue" || devs[0].Since != before.Date() {
			t.Errorf("seed %d: %s planet, developments %v; want a %s planet with blue's %s since %v", seed, b.Planet, devs, planet, kind, before.Date())
		}
	case rowBonus:
		want := 10
		if scout {
			want = 20
		}
		if gain != want || len(devs) != 0 {
			t.Errorf("seed %d: bonus row paid %d BPV with developments %v, want %d and none", seed, gain, devs, want)
		}
	default:
		faces, _ := diceFor(res.Events, "the type of the planet at B")
		if len(faces) != 1 || b.Planet != plainType(faces[0]) || gain != 0 || len(devs) != 0 {
			t.Errorf("seed %d: plain row gave %s, %d BPV, %v for type die %v", seed, b.Planet, gain, devs, faces)
		}
	}
	faces, _ := diceFor(res.Events, "the map type at B")
	if len(faces) != 1 || b.MapType != mapTypeOf(faces[0], b.Planet) {
		t.Errorf("seed %d: map type %s for a %s planet and die %v", seed, b.MapType, b.Planet, faces)
	}
}

func TestEaW16a_AdmiralsChoiceTakesExplorePlanet(t *testing.T) {
	chose := 0
	for seed := range uint64(1500) {
		st := newTestState().unknownAt("b").withSeed(seed).withFleet("blue", "1st", "b", "cruiser")
		sub := &orders.Submission{Campaign: "test", Player: "blue", Turn: 1,
			Prefs: orders.NewPart(Prefs{ExploreBonus: ExploreBPV, ExplorePlanet: campaign.Dead})}
		res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
		roll, _ := diceFor(res.Events, "exploring B")
		kind, _ := diceFor(res.Events, "the type of the planet at B")
		if discoveryRowOf(sumOf(roll), false) != rowBonus || kind[0] != 6 {
			continue
		}
		chose++
		if got := res.Next.System("b").Planet; got != campaign.Dead {
			t.Errorf("seed %d: a 6 on the bonus row gave %s, want dead (explore_planet: dead)", seed, got)
		}
	}
	if chose == 0 {
		t.Fatal("no seed rolled the Admiral's choice")
	}
}

func TestEaW16c_PrecursorPrefRollsInsteadOfBPV(t *testing.T) {
	rolled := 0
	for seed := range uint64(300) {
		st := newTestState().unknownAt("b").withSeed(seed).withFleet("blue", "1st", "b", "cruiser", "frigate")
		sub := &orders.Submission{Campaign: "test", Player: "blue", Turn: 1,
			Prefs: orders.NewPart(Prefs{ExploreBonus: ExplorePrecursor})}
		res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
		roll, _ := diceFor(res.Events, "exploring B")
		_, precursor := diceFor(res.Events, "precursor object")
		if bonus := discoveryRowOf(sumOf(roll), false) == rowBonus; bonus != precursor {
			t.Errorf("seed %d: bonus row %v, precursor roll %v; want a precursor roll exactly on a bonus row", seed, bonus, precursor)
		}
		if precursor {
			rolled++
			if d, _ := diceFor(res.Events, "precursor object"); d[0] != 3 && d[0] != 4 && res.Next.Player("blue").Treasury != 500 {
				t.Errorf("seed %d: precursor %d changed the treasury to %d; only a refund (3) or treasure (4) pays", seed, d[0], res.Next.Player("blue").Treasury)
			}
		}
	}
	if rolled == 0 {
		t.Fatal("no seed rolled a bonus row")
	}
}

// precursorTurn is a turn in which blue's fleet 1st, a frigate, a cruiser
// and the given units, has found a precursor object at b.
func precursorTurn(seed uint64, units ...campaign.ClassName) (*turn, *campaign.Fleet) {
	st := newTestState().withSeed(seed).withFleet("blue", "1st", "b", append([]campaign.ClassName{"frigate", "cruiser"}, units...)...)
	st.Catalogue = append(st.Catalogue, campaign.UnitClass{Class: "destroyer", CBPV: 90, EBPV: 80, Size: 4, Docking: 4},
		campaign.UnitClass{Class: "tender", CBPV: 200, EBPV: 300, Size: 5, Docking: 9})
	tu := newTurn(st.State)
	return tu, tu.next.Fleet("blue", "1st")
}

// TestEaW16c_PrecursorTable checks every face of table 16c against what
// it did, over many seeds.
func TestEaW16c_PrecursorTable(t *testing.T) {
	seen := map[int]bool{}
	for seed := range uint64(200) {
		tu, f := precursorTurn(seed)
		tu.precursor("b", f, false)
		faces, _ := diceFor(tu.events, "precursor object")
		d := faces[0]
		seen[d] = true
		treasury := tu.next.Player("blue").Treasury
		switch d {
		case 1:
			if f.CrewOf(1).Legendary == "" {
				t.Errorf("seed %d: a 1 put no Legendary Officer on the cruiser: %v", seed, f.Crews)
			}
		case 2:
			if f.CrewOf(1).Quality != crewOutstanding {
				t.Errorf("seed %d: a 2 put no Outstanding Crew on the cruiser: %v", seed, f.Crews)
			}
		case 3:
			if treasury != 500+120*20/100 {
				t.Errorf("seed %d: a 3 with auto battles left the treasury at %d, want 524 (20%% of the cruiser)", seed, treasury)
			}
		case 4:
			if treasury != 550 {
				t.Errorf("seed %d: a 4 left the treasury at %d, want 550", seed, treasury)
			}
		case 5:
			if len(f.Units) != 3 || f.Units[2] != "destroyer" || !f.IsCaptured(2) {
				t.Errorf("seed %d: a 5 left the fleet %v captured %v, want a captured destroyer added", seed, f.Units, f.Captured)
			}
		case 6:
			strike, _ := diceFor(tu.events, "disaster")
			poor := f.CrewOf(0).Quality == crewPoor
			if poor != (strike[0] >= 5) {
				t.Errorf("seed %d: disaster die %d, frigate crew poor %v; want poor on 5 or 6", seed, strike[0], poor)
			}
		}
		if d != 3 && d != 4 && treasury != 500 {
			t.Errorf("seed %d: precursor %d changed the treasury to %d", seed, d, treasury)
		}
	}
	if len(seen) != 6 {
		t.Errorf("faces seen %v, want all six", seen)
	}
}

func TestEaW16c_LegendaryOfficerGoesToLargestShipWithout(t *testing.T) {
	tu, f := precursorTurn(1, "tender")
	f.SetCrew(campaign.UnitCrew{Unit: 1, Legendary: legendaryOfficer})
	tu.foundLegendary("b", f)
	if f.CrewOf(0).Legendary != legendaryOfficer {
		t.Errorf("crews %v: want the officer on the frigate, the largest ship without one (not the size 5 tender)", f.Crews)
	}
	e := eventsOfKind(tu.events, EventLegendary)
	if len(e) != 1 || len(e[0].Players) != 1 || e[0].Players[0] != "blue" {
		t.Errorf("legendary events %v, want one for blue", e)
	}
	if tu.next.Player("blue").Treasury != 500 {
		t.Error("the precursor officer was charged for")
	}
}

func TestEaW16c_OutstandingCrewSkipsOutstandingShips(t *testing.T) {
	tu, f := precursorTurn(1)
	f.SetCrew(campaign.UnitCrew{Unit: 1, Quality: crewOutstanding})
	tu.foundCrew("b", f)
	if f.CrewOf(0).Quality != crewOutstanding {
		t.Errorf("crews %v: want the frigate outstanding too", f.Crews)
	}
}

func TestEaW16c_CommanderOptionsWithReportedBattles(t *testing.T) {
	tu, f := precursorTurn(1)
	tu.next.Rules.Battles = campaign.BattlesReported
	tu.foundOptions("b", f)
	if tu.next.Player("blue").Treasury != 500 {
		t.Error("with reported battles the options rise; nothing is refunded")
	}
	if e := eventsOfKind(tu.events, EventExplored); len(e) != 1 || !strings.Contains(e[0].Text, "20%") {
		t.Errorf("events %v, want the player told of the options", e)
	}
}

func TestEaW16c_FutureShipWithoutSizeFourClassIsLost(t *testing.T) {
	tu, f := precursorTurn(1)
	tu.next.Catalogue = campaign.Catalogue{{Class: "cruiser", CBPV: 120, EBPV: 120, Size: 3}}
	tu.foundFutureShip("b", f)
	if len(f.Units) != 2 {
		t.Errorf("fleet %v, want no ship added", f.Units)
	}
}

func TestEaW16c_DisasterWithScoutStrikesOnlyOnSix(t *testing.T) {
	struck := 0
	for seed := range uint64(120) {
		tu, f := precursorTurn(seed, "scout")
		f.SetCrew(campaign.UnitCrew{Unit: 0, Quality: crewOutstanding})
		tu.disaster("b", f, true)
		d, _ := diceFor(tu.events, "disaster")
		poor := -1
		for i := range f.Units {
			if f.CrewOf(i).Quality == crewPoor {
				poor = i
			}
		}
		switch {
		case d[0] < 6 && poor >= 0:
			t.Errorf("seed %d: a %d with a scout made unit %d poor", seed, d[0], poor)
		case d[0] == 6:
			struck++
			if poor != 2 {
				t.Errorf("seed %d: the disaster struck unit %d, want 2, the scout: the smallest ordinary crew", seed, poor)
			}
		}
	}
	if struck == 0 {
		t.Fatal("no seed rolled a 6")
	}
}
