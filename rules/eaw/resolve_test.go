package eaw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// testState is a builder for small campaigns: a line of systems a–b–c–d–e
// (all mineral but c, a life planet), two players and a small catalogue.
type testState struct{ *campaign.State }

func newTestState() testState {
	st := &campaign.State{
		Campaign: "test", Title: "Test", Rules: campaign.PresetEaW(), Seed: 1, Turn: 1,
		Start: campaign.Date{Year: 165, Season: campaign.Spring}, EndYear: 175,
		Catalogue: campaign.Catalogue{
			{Class: "cruiser", CBPV: 120, EBPV: 120, Size: 3, Docking: 6},
			{Class: "frigate", CBPV: 60, EBPV: 55, Size: 4, Docking: 3},
			{Class: "scout", CBPV: 40, EBPV: 45, Size: 4, Docking: 2, Scout: true},
		},
		Players: []campaign.Player{
			{ID: "blue", Name: "Blue", Email: "blue@example.test", Home: "a", Treasury: 500},
			{ID: "red", Name: "Red", Email: "red@example.test", Home: "e", Treasury: 500},
		},
		FRDs: []campaign.FRD{{Owner: "blue", At: "a"}, {Owner: "red", At: "e"}},
	}
	ids := []campaign.SystemID{"a", "b", "c", "d", "e"}
	for i, id := range ids {
		planet := campaign.Mineral
		if id == "c" {
			planet = campaign.Life
		}
		st.Map.Systems = append(st.Map.Systems, campaign.System{ID: id, Name: strings.ToUpper(string(id)), X: i, Planet: planet})
		if i > 0 {
			st.Map.Lanes = append(st.Map.Lanes, campaign.Lane{A: ids[i-1], B: id})
		}
	}
	return testState{st}
}

func (s testState) withFleet(owner campaign.PlayerID, id campaign.FleetID, at campaign.SystemID, units ...campaign.ClassName) testState {
	s.Fleets = append(s.Fleets, campaign.Fleet{Owner: owner, ID: id, At: at, Units: units})
	return s
}

func (s testState) withDevelopment(owner campaign.PlayerID, at campaign.SystemID, kind campaign.DevelopmentKind, since campaign.Date) testState {
	s.Developments = append(s.Developments, campaign.Development{At: at, Owner: owner, Kind: kind, Since: since})
	return s
}

// reported makes the campaign's battles wait for a reported result, so a
// test can look at a battle as it was found.
func (s testState) reported() testState {
	s.Rules.Battles = campaign.BattlesReported
	return s
}

func (s testState) atTurn(n int) testState {
	s.Turn = n
	return s
}

// parseOrders parses one order per line for a player in st's turn,
// failing the test if they do not parse.
func parseOrders(t *testing.T, st *campaign.State, player campaign.PlayerID, lines ...string) *orders.Submission {
	t.Helper()
	src := fmt.Sprintf("campaign: test\nplayer: %s\nturn: %d\norders:\n", player, st.Turn)
	for _, l := range lines {
		src += "  - " + l + "\n"
	}
	sub, err := parse([]byte(src))
	if err != nil {
		t.Fatalf("orders.Parse:\n%s\n= %v", src, err)
	}
	return sub
}

// submit parses orders for a player, failing the test on any problem.
func submit(t *testing.T, st testState, player campaign.PlayerID, lines ...string) *orders.Submission {
	t.Helper()
	sub := parseOrders(t, st.State, player, lines...)
	if _, err := Validate(st.State, sub); err != nil {
		t.Fatalf("Validate(%q) = %v", lines, err)
	}
	return sub
}

func fleetAt(t *testing.T, st *campaign.State, owner campaign.PlayerID, id campaign.FleetID) campaign.SystemID {
	t.Helper()
	f := st.Fleet(owner, id)
	if f == nil {
		t.Fatalf("fleet %s/%s is gone", owner, id)
	}
	return f.At
}

func TestEaW5a_FleetFliesItsPath(t *testing.T) {
	st := newTestState().withFleet("blue", "1st", "a", "cruiser", "frigate")
	sub := submit(t, st, "blue", "move: {fleet: 1st, path: [b, c]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	if got := fleetAt(t, res.Next, "blue", "1st"); got != "c" {
		t.Errorf("fleet 1st at %s after moving a→b→c, want c", got)
	}
	if res.Next.Turn != 2 {
		t.Errorf("next turn = %d, want 2", res.Next.Turn)
	}
	if st.Fleet("blue", "1st").At != "a" {
		t.Error("Resolve changed the state it was given")
	}
}

func TestEaW19a_HostileFleetStopsAMove(t *testing.T) {
	st := newTestState().reported().
		withFleet("blue", "1st", "a", "cruiser", "frigate").
		withFleet("red", "1st", "c", "frigate")
	sub := submit(t, st, "blue", "move: {fleet: 1st, path: [b, c, d]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	if got := fleetAt(t, res.Next, "blue", "1st"); got != "c" {
		t.Errorf("blue 1st at %s, want it stopped at c where red waits", got)
	}
	if len(res.Next.Battles) != 1 || res.Next.Battles[0].At != "c" {
		t.Fatalf("battles = %+v, want one pending battle at c", res.Next.Battles)
	}
	if !slices.Equal(res.Next.Battles[0].Sides, []campaign.PlayerID{"blue", "red"}) {
		t.Errorf("battle sides = %v, want [blue red]", res.Next.Battles[0].Sides)
	}
}

func TestEaW5c_HostileFleetsMeetInALane(t *testing.T) {
	st := newTestState().reported().
		withFleet("blue", "1st", "b", "cruiser").
		withFleet("red", "1st", "c", "frigate")
	blue := submit(t, st, "blue", "move: {fleet: 1st, path: [c, d]}")
	red := submit(t, st, "red", "move: {fleet: 1st, path: [b, a]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": blue, "red": red})
	if got := fleetAt(t, res.Next, "blue", "1st"); got != "b" {
		t.Errorf("blue 1st at %s, want b: it met red in the lane b–c", got)
	}
	if got := fleetAt(t, res.Next, "red", "1st"); got != "c" {
		t.Errorf("red 1st at %s, want c", got)
	}
	if len(res.Next.Battles) != 1 || res.Next.Battles[0].Lane == nil {
		t.Fatalf("battles = %+v, want one battle in a lane", res.Next.Battles)
	}
	if l := *res.Next.Battles[0].Lane; l != (campaign.Lane{A: "b", B: "c"}) {
		t.Errorf("battle lane = %v, want b–c", l)
	}
}

func TestEaW5c_NoMeetingWhenOneLeavesAsTheOtherArrives(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "a", "cruiser").
		withFleet("red", "1st", "b", "frigate")
	blue := submit(t, st, "blue", "move: {fleet: 1st, path: [b]}")
	red := submit(t, st, "red", "move: {fleet: 1st, path: [c]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": blue, "red": red})
	if len(res.Next.Battles) != 0 {
		t.Errorf("battles = %+v, want none: red left b by another lane as blue arrived", res.Next.Battles)
	}
}

func TestEaW12_MineIsDeveloped(t *testing.T) {
	st := newTestState().withFleet("blue", "1st", "a", "cruiser")
	sub := submit(t, st, "blue", "move: {fleet: 1st, path: [b]}", "develop: {fleet: 1st, what: mine}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	if !res.Next.HasDevelopment("blue", "b", campaign.Mine) {
		t.Fatalf("developments = %+v, want blue's mine at b", res.Next.Developments)
	}
	if d := res.Next.DevelopmentsAt("b")[0]; d.Since != st.Date() {
		t.Errorf("mine since %v, want %v", d.Since, st.Date())
	}
}

func TestEaW19a_PinnedFleetDoesNotDevelop(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "a", "cruiser").
		withFleet("red", "1st", "c", "frigate")
	blue := submit(t, st, "blue", "move: {fleet: 1st, path: [b]}", "develop: {fleet: 1st, what: mine}")
	red := submit(t, st, "red", "move: {fleet: 1st, path: [b]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": blue, "red": red})
	if res.Next.HasDevelopment("blue", "b", campaign.Mine) {
		t.Error("blue developed a mine at b while red's fleet was there")
	}
	if !hasEvent(res.Views[0], EventOrderFailed) {
		t.Errorf("blue's events = %+v, want a failed develop", res.Views[0].Events)
	}
}

func TestEaW6_BuildIsPaidAndMayMoveWithOneMP(t *testing.T) {
	st := newTestState()
	sub := submit(t, st, "blue", "build: {units: [cruiser, frigate], fleet: new, mp: 1}", "move: {fleet: new, path: [b]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	if got := res.Next.Player("blue").Treasury; got != 500-175 {
		t.Errorf("treasury = %d, want %d", got, 500-175)
	}
	if got := fleetAt(t, res.Next, "blue", "new"); got != "b" {
		t.Errorf("new fleet at %s, want b: built with 1 MP it moves this turn", got)
	}
}

func TestEaW3c_NewYearIncomeProratedBySeason(t *testing.T) {
	winter := campaign.Date{Year: 165, Season: campaign.Winter}
	st := newTestState().atTurn(4).
		withDevelopment("blue", "a", campaign.Mine, campaign.Date{Year: 165, Season: campaign.Spring}).
		withDevelopment("blue", "b", campaign.Mine, campaign.Date{Year: 165, Season: campaign.Summer}).
		withDevelopment("red", "e", campaign.Mine, campaign.Date{Year: 164, Season: campaign.Fall})
	if st.Date() != winter {
		t.Fatalf("turn 4 is %v, want %v", st.Date(), winter)
	}
	res := Resolve(st.State, nil)
	if got := res.Next.Player("blue").Treasury; got != 500+100+75 {
		t.Errorf("blue treasury = %d, want 675 (a full year and a summer mine, EaW 12a)", got)
	}
	if got := res.Next.Player("red").Treasury; got != 600 {
		t.Errorf("red treasury = %d, want 600", got)
	}
	if res.Next.Date() != (campaign.Date{Year: 166, Season: campaign.Spring}) {
		t.Errorf("next date = %v, want Y166 spring", res.Next.Date())
	}
	spring := Resolve(newTestState().withDevelopment("blue", "a", campaign.Mine, st.Start).State, nil)
	if got := spring.Next.Player("blue").Treasury; got != 500 {
		t.Errorf("treasury after a spring turn = %d, want 500: income comes only at New Year (EaW 3c)", got)
	}
}

func hasEvent(v View, kind game.EventKind) bool {
	return slices.ContainsFunc(v.Events, func(e game.Event) bool { return e.Kind == kind })
}

func TestResolve_SameInputSameBytes(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "a", "cruiser", "scout").
		withFleet("red", "1st", "e", "frigate")
	subs := map[campaign.PlayerID]*orders.Submission{
		"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [b, c]}"),
		"red":  submit(t, st, "red", "move: {fleet: 1st, path: [d, c]}"),
	}
	first, _ := json.Marshal(Resolve(st.State, subs))
	for range 5 {
		again, _ := json.Marshal(Resolve(st.State, subs))
		if !bytes.Equal(first, again) {
			t.Fatal("two resolutions of the same state and orders differ")
		}
	}
}

func TestEaW4e_CampaignEndsAfterTheEndYear(t *testing.T) {
	st := newTestState().atTurn(4)
	st.EndYear = 165
	res := Resolve(st.State, nil)
	if !res.Next.Over() || !res.Views[0].Ended {
		t.Errorf("after the winter of the end year: over %v, view ended %v; want both", res.Next.Over(), res.Views[0].Ended)
	}
	if Resolve(newTestState().State, nil).Views[0].Ended {
		t.Error("the campaign ended after its first spring")
	}
}
