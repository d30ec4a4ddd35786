package eaw

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

func systemView(v View, id campaign.SystemID) *SystemView {
	for i := range v.Systems {
		if v.Systems[i].ID == id {
			return &v.Systems[i]
		}
	}
	return nil
}

func TestEaW5e_ScoutSeesDevelopmentsAndFleetStrengths(t *testing.T) {
	st := newTestState().
		withFleet("blue", "eyes", "b", "scout").
		withFleet("red", "1st", "c", "cruiser", "frigate").
		withDevelopment("red", "c", campaign.Colony, campaign.Date{Year: 164}).
		withDevelopment("red", "a", campaign.Fortification, campaign.Date{Year: 164})
	blue := Observe(st.State)[0]
	c := systemView(blue, "c")
	if c == nil || c.Detail != DetailScout || !c.Developed || !slices.Equal(c.Contacts, []int{180}) {
		t.Fatalf("blue's view of c = %+v, want scout detail, developed, one contact of 180 CBPV", c)
	}
	if a := systemView(blue, "a"); a == nil || !a.Fortified {
		t.Errorf("blue's view of a = %+v, want fortified", a)
	}
	if d := systemView(blue, "d"); d != nil {
		t.Errorf("blue sees d, two lanes from its scout: %+v", d)
	}
}

func TestEaW5e_FleetWithoutScoutLearnsOnlyFortification(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "b", "cruiser").
		withFleet("red", "1st", "c", "cruiser", "frigate").
		withDevelopment("red", "c", campaign.Colony, campaign.Date{Year: 164}).
		withDevelopment("red", "c", campaign.Fortification, campaign.Date{Year: 164})
	blue := Observe(st.State)[0]
	c := systemView(blue, "c")
	if c == nil || c.Detail != DetailFortified || !c.Fortified || c.Developed || c.Contacts != nil {
		t.Fatalf("blue's view of c = %+v, want only fortified", c)
	}
}

func TestEaW5e_RadiusIsARule(t *testing.T) {
	st := newTestState().withFleet("blue", "eyes", "a", "scout")
	st.Rules.Vision.Radius = 2
	blue := Observe(st.State)[0]
	var seen []campaign.SystemID
	for _, s := range blue.Systems {
		seen = append(seen, s.ID)
	}
	if !slices.Equal(seen, []campaign.SystemID{"a", "b", "c"}) {
		t.Errorf("radius 2 from a sees %v, want [a b c]", seen)
	}
}

// TestEaW5e_ViewHoldsNothingOutsideVision marshals every player's view and
// looks for anything of the other empire that no fleet of the player could
// see: its fleet names, unit classes beyond sight, and developments.
func TestEaW5e_ViewHoldsNothingOutsideVision(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "a", "cruiser").
		withFleet("red", "hidden-armada", "e", "frigate", "scout").
		withDevelopment("red", "e", campaign.Mine, campaign.Date{Year: 164})
	for _, v := range Observe(st.State) {
		if v.Player != "blue" {
			continue
		}
		b, _ := json.Marshal(v)
		for _, secret := range []string{"hidden-armada", `"owner":"red"`, `"frigate"`} {
			if strings.Contains(string(b), secret) {
				t.Errorf("blue's view contains %s:\n%s", secret, b)
			}
		}
		if s := systemView(v, "e"); s != nil {
			t.Errorf("blue sees e: %+v", s)
		}
	}
}

// TestEaW5e_PendingBattleShowsFleetsAsTheyMet: a battle found in turn 1
// still waits in turn 3, after red flew out of blue's sight and added a
// cruiser. Blue's views show red's fleet as it was when they met, and
// nothing else of red.
func TestEaW5e_PendingBattleShowsFleetsAsTheyMet(t *testing.T) {
	st := newTestState().reported().
		withFleet("blue", "1st", "b", "frigate", "frigate").
		withFleet("red", "1st", "d", "frigate")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{
		"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [c]}"),
		"red":  submit(t, st, "red", "move: {fleet: 1st, path: [c]}"),
	})
	if len(res.Next.Battles) != 1 {
		t.Fatalf("battles after turn 1 = %+v, want one at c", res.Next.Battles)
	}
	st2 := testState{res.Next}
	res = Resolve(st2.State, map[campaign.PlayerID]*orders.Submission{"red": submit(t, st2, "red", "move: {fleet: 1st, path: [d, e]}")})
	st3 := testState{res.Next}
	res = Resolve(st3.State, map[campaign.PlayerID]*orders.Submission{"red": submit(t, st3, "red", "build: {units: [cruiser], fleet: 1st, mp: 0}")})
	if got := res.Next.Fleet("red", "1st").Units; len(got) != 2 {
		t.Fatalf("red's fleet = %v, want frigate and cruiser", got)
	}
	blue := res.Views[0]
	if len(blue.Battles) != 1 {
		t.Fatalf("blue's battles = %+v, want the one from turn 1", blue.Battles)
	}
	red := blue.Battles[0].Sides[1]
	if red.Player != "red" || len(red.Fleets) != 1 || !slices.Equal(red.Fleets[0].Units, []campaign.ClassName{"frigate"}) || red.Fleets[0].ID != "" {
		t.Errorf("red's side in blue's view = %+v, want one unnamed fleet of one frigate", red)
	}
	b, _ := json.Marshal(blue)
	if strings.Contains(string(b), "cruiser") || systemView(blue, "e") != nil {
		t.Errorf("blue's view shows red's fleet at e or its new cruiser:\n%s", b)
	}
}

// TestLastSeenMemory: a system seen in an earlier turn stays in the view,
// not current, with what was there when it was seen.
func TestLastSeenMemory(t *testing.T) {
	st := newTestState().
		withFleet("blue", "eyes", "b", "scout").
		withFleet("red", "1st", "c", "cruiser")
	views := Observe(st.State)
	if c := systemView(views[0], "c"); c == nil || !c.Current || c.Seen != 0 {
		t.Fatalf("blue's view of c at the start = %+v, want a current sighting", c)
	}
	sub := submit(t, st, "blue", "move: {fleet: eyes, path: [a]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	c := systemView(res.Views[0], "c")
	if c == nil || c.Current || c.Seen != 0 || !slices.Equal(c.Contacts, []int{120}) || c.Planet != campaign.Life {
		t.Errorf("blue's view of c after flying away = %+v, want the start's sighting: not current, a life planet, one contact of 120", c)
	}
	if b := systemView(res.Views[0], "b"); b == nil || !b.Current || b.Seen != 1 {
		t.Errorf("blue's view of b = %+v, want seen now, at the end of turn 1", b)
	}
}

func TestVisionRadiusPerUnitClass(t *testing.T) {
	st := newTestState().withFleet("blue", "eyes", "a", "scout")
	st.Catalogue[2].Vision = 3
	var seen []campaign.SystemID
	for _, s := range Observe(st.State)[0].Systems {
		seen = append(seen, s.ID)
	}
	if !slices.Equal(seen, []campaign.SystemID{"a", "b", "c", "d"}) {
		t.Errorf("a scout with vision 3 at a sees %v, want [a b c d]", seen)
	}
}

func TestEaW5e_PlanetTypesOnlyWhereThePlayerLooked(t *testing.T) {
	st := newTestState().withFleet("blue", "1st", "a", "cruiser")
	for _, s := range Observe(st.State)[0].Map.Systems() {
		known := s.ID == "a" || s.ID == "b"
		if known != (s.Planet != "") {
			t.Errorf("blue's map shows %s as %q", s.ID, s.Planet)
		}
	}
}

func TestReplayGivesTheReportsOfTheResolvedTurn(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "a", "cruiser", "scout").
		withFleet("red", "1st", "e", "frigate")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [b, c]}")})
	before, _ := json.Marshal(res.Next)
	again := Replay(res.Next, res.Events)
	after, _ := json.Marshal(res.Next)
	if string(before) != string(after) {
		t.Error("Replay changed the state it was given")
	}
	want, _ := json.Marshal(res.Views)
	got, _ := json.Marshal(again)
	if string(got) != string(want) {
		t.Errorf("Replay = %s\nwant the views of the resolution %s", got, want)
	}
}

// TestEaW5e_ScoutDetailReachesOnlyAsFarAsTheScout: a long-sighted unit
// widens what a fleet sees, but scout detail reaches only as far as the
// scout itself.
func TestEaW5e_ScoutDetailReachesOnlyAsFarAsTheScout(t *testing.T) {
	st := newTestState().
		withFleet("blue", "eyes", "a", "scout", "cruiser").
		withFleet("red", "1st", "c", "frigate")
	st.Catalogue[0].Vision = 3 // cruisers see three lanes
	blue := Observe(st.State)[0]
	if b := systemView(blue, "b"); b == nil || b.Detail != DetailScout {
		t.Errorf("blue's view of b, one lane off = %+v, want scout detail", b)
	}
	c := systemView(blue, "c")
	if c == nil || c.Detail != DetailFortified || c.Contacts != nil {
		t.Errorf("blue's view of c, two lanes off = %+v, want only what a fleet without a scout learns", c)
	}
	if d := systemView(blue, "d"); d == nil {
		t.Error("blue does not see d, three lanes off, with a vision-3 cruiser")
	}
}

// TestEaW1b_OwnDevelopmentsKnownWhateverTheDetail: once blue's fleet has
// left its colony at c, it sees c from b without a scout, at the detail
// that tells only a fortification; blue still knows its own colony there
// (EaW 1b: only other players' developments are secret).
func TestEaW1b_OwnDevelopmentsKnownWhateverTheDetail(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "c", "cruiser").
		withDevelopment("blue", "c", campaign.Colony, campaign.Date{Year: 164})
	sub := submit(t, st, "blue", "move: {fleet: 1st, path: [b]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	c := systemView(viewOf(t, res, "blue"), "c")
	if c == nil || c.Detail != DetailFortified || !c.Developed {
		t.Errorf("blue's view of c, its colony, seen from b = %+v, want fortified-only detail and developed (EaW 1b)", c)
	}
	red := Observe(res.Next)[1]
	if c := systemView(red, "c"); c != nil && c.Developed {
		t.Errorf("red's view of c = %+v: blue's colony is secret to red (EaW 1b)", c)
	}
}

// TestEaW5_0_BasesAndFreightersDoNotMakeAFleetCount: blue has eight
// fleets, four of one battleship carrying a GSA and four of a cruiser, a
// scout and a repair freighter. None counts toward the order points
// (EaW 5.0): a carried base is cargo, not a ship, and a freighter's combat
// BPV is not the fleet's (EaW 17.0). Intake and the report agree: 3
// points, the minimum.
func TestEaW5_0_BasesAndFreightersDoNotMakeAFleetCount(t *testing.T) {
	st := newTestState().withServiceClasses().withClass(campaign.UnitClass{Class: "battleship", CBPV: 200, EBPV: 220, Size: 2, Docking: 10})
	for i, at := range []campaign.SystemID{"a", "a", "b", "b"} {
		st = st.withFleet("blue", campaign.FleetID(fmt.Sprintf("bb%d", i)), at, "battleship", "gsa").
			withFleet("blue", campaign.FleetID(fmt.Sprintf("cr%d", i)), at, "cruiser", "scout", "repair-freighter")
	}
	view := Observe(st.State)[0]
	if view.Budget != 3 {
		t.Errorf("blue's report gives %d order points, want 3 (EaW 5.0: no fleet counts)", view.Budget)
	}
	for _, f := range view.Fleets {
		if f.Counts {
			t.Errorf("fleet %s (%v) counts for points, want not", f.ID, f.Units)
		}
	}
	sub := parseOrders(t, st.State, "blue", "move: {fleet: bb0, path: [b, c, d, e]}")
	costed, err := Validate(st.State, sub)
	if costed.Budget != 3 || err == nil || !strings.Contains(err.Error(), "budget is 3") {
		t.Errorf("Validate of 4 points: budget %d, error %v; want 3 and a refusal", costed.Budget, err)
	}
}

// TestEaW33_0_WithdrawnFleetMakesNoSightings: blue's hulk breaks off
// from its battle at c and withdraws to b (EaW 21.0). It is on the move:
// it makes no sightings this turn (EaW 33.0 #5), but blue still knows its
// own fleet; next turn it sees again.
func TestEaW33_0_WithdrawnFleetMakesNoSightings(t *testing.T) {
	st := boarding(false)
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")})
	if got := fleetAt(t, res.Next, "blue", "1st"); got != "b" {
		t.Fatalf("blue's hulk is at %s, want it withdrawn to b", got)
	}
	blue := viewOf(t, res, "blue")
	for _, s := range blue.Systems {
		if s.Current {
			t.Errorf("blue saw %s this turn (%+v), want nothing: its only fleet withdrew (EaW 33.0 #5)", s.ID, s)
		}
	}
	if len(blue.Fleets) != 1 || blue.Fleets[0].At != "b" {
		t.Errorf("blue's fleets = %+v, want its hulk at b: a player always knows their own", blue.Fleets)
	}
	later := Resolve(res.Next, nil)
	if b := systemView(viewOf(t, later, "blue"), "b"); b == nil || !b.Current || b.Detail != DetailScout {
		t.Errorf("blue's view of b a turn later = %+v, want seen again", b)
	}
}

// TestEaW33_0_WithdrawnFleetDoesNotExplore: a fleet that withdrew to an
// unknown system is on the move (EaW 33.0 #5) and has not stayed the rest
// of the turn there, which exploring takes (EaW 16.0).
func TestEaW33_0_WithdrawnFleetDoesNotExplore(t *testing.T) {
	st := boarding(false)
	st.System("b").Planet = campaign.Unknown
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")})
	if got := fleetAt(t, res.Next, "blue", "1st"); got != "b" {
		t.Fatalf("blue's hulk is at %s, want it withdrawn to b", got)
	}
	if p := res.Next.System("b").Planet; p != campaign.Unknown {
		t.Errorf("b's planet = %s after blue's hulk withdrew there, want still unknown", p)
	}
}
