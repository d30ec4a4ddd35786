package eaw

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// heardBy returns the events a player may learn of.
func heardBy(events []game.Event, p campaign.PlayerID) []game.Event {
	var out []game.Event
	for _, e := range events {
		if e.Concerns(p) {
			out = append(out, e)
		}
	}
	return out
}

// TestEaW1b_OrderOfBattleToldOnlyToItsSides: a meeting of three fleets
// in which one never fights. Every player learns the fight that was
// fought (EaW 1e), but only the sides, who were there, learn the order of
// battle: the fleet that never fought stays secret (EaW 1b).
func TestEaW1b_OrderOfBattleToldOnlyToItsSides(t *testing.T) {
	st := newTestState().withGreen().
		withFleet("blue", "1st", "c", "cruiser", "cruiser", "cruiser").
		withFleet("blue", "2nd", "c", "scout").
		withFleet("red", "1st", "b", "frigate")
	subs := map[campaign.PlayerID]*orders.Submission{"red": submit(t, st, "red", "move: {fleet: 1st, path: [c]}")}
	res := Resolve(st.State, subs)
	f := fights(res)
	if len(f) != 1 || !strings.Contains(f[0].Text, "blue held the field") {
		t.Fatalf("fights = %+v, want one, blue's three cruisers beating red's frigate; pick a seed where they do", f)
	}
	if !slices.Contains(f[0].Players, "green") {
		t.Errorf("the fight %q reaches %v, want every player (EaW 1e)", f[0].Text, f[0].Players)
	}
	for _, p := range []campaign.PlayerID{"blue", "red"} {
		if !slices.ContainsFunc(heardBy(res.Events, p), func(e game.Event) bool { return e.Kind == EventBattle && strings.Contains(e.Text, "blue 40 CBPV") }) {
			t.Errorf("%s, a side, was not told the order of battle with blue's scout in it", p)
		}
	}
	for _, e := range heardBy(res.Events, "green") {
		if e.Kind == EventBattle || strings.Contains(e.Text, "40 CBPV") || strings.Contains(e.Text, "scout") {
			t.Errorf("green, who was not there, heard %q: blue's scout never fought and is secret (EaW 1b)", e.Text)
		}
	}
}

// TestEaW1b_BattleThatDidNotHappenToldOnlyToItsSides: red's frigate is in
// two meetings, in the lane b–c with blue and at c with green. Once the
// lane battle has destroyed it, the meeting at c cannot be fought; only
// its sides are told, since telling blue would reveal that red and green
// met at c (EaW 1b).
func TestEaW1b_BattleThatDidNotHappenToldOnlyToItsSides(t *testing.T) {
	st := newTestState().withGreen().reported().
		withFleet("blue", "1st", "b", "cruiser").
		withFleet("red", "1st", "c", "frigate").
		withFleet("green", "1st", "c", "frigate")
	subs := map[campaign.PlayerID]*orders.Submission{
		"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [c]}"),
		"red":  submit(t, st, "red", "move: {fleet: 1st, path: [b]}"),
	}
	next := Resolve(st.State, subs).Next
	if len(next.Battles) != 2 || next.Battles[0].Lane == nil || next.Battles[1].At != "c" {
		t.Fatalf("battles = %+v, want one in the lane b–c, then one at c", next.Battles)
	}
	lane, atC := next.Battles[0], next.Battles[1]
	if _, err := ApplyReported(next, lane.ID, &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "red#1", Fate: "destroyed"}}}, "agreed"); err != nil {
		t.Fatal(err)
	}
	events, _, err := FightPending(next, atC.ID)
	if err != nil {
		t.Fatal(err)
	}
	var told []campaign.PlayerID
	for _, e := range events {
		if strings.Contains(e.Text, "did not happen") {
			told = e.Players
		}
	}
	if !slices.Equal(told, []campaign.PlayerID{"green", "red"}) {
		t.Errorf("battle %s did not happen, told to %v, want only its sides [green red] (EaW 1b); events: %+v", atC.ID, told, events)
	}
}

// laneMeeting sends blue's three cruisers from b toward d and red's
// frigate from c toward a: they meet in the lane b–c (EaW 5c).
func laneMeeting(t *testing.T, st testState) (testState, map[campaign.PlayerID]*orders.Submission) {
	t.Helper()
	st = st.withFleet("blue", "1st", "b", "cruiser", "cruiser", "cruiser").withFleet("red", "1st", "c", "frigate")
	return st, map[campaign.PlayerID]*orders.Submission{
		"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [c, d]}"),
		"red":  submit(t, st, "red", "move: {fleet: 1st, path: [b, a]}"),
	}
}

// TestEaW5c_LaneBattleWinnerAdvances: the fleet that holds the field
// after a battle in a lane goes on to the system it was flying to, and
// stops there: the rest of its route is lost, as for any fleet that met
// hostile fleets (EaW 19a).
func TestEaW5c_LaneBattleWinnerAdvances(t *testing.T) {
	st, subs := laneMeeting(t, newTestState())
	res := Resolve(st.State, subs)
	f := fights(res)
	if len(f) != 1 || !strings.Contains(f[0].Text, "in the lane between B and C") || !strings.Contains(f[0].Text, "blue held the field") {
		t.Fatalf("fights = %+v, want blue to win in the lane b–c; pick a seed where it does", f)
	}
	if got := fleetAt(t, res.Next, "blue", "1st"); got != "c" {
		t.Errorf("blue's 1st, winner of the battle in the lane b–c, is at %s, want c, its target (EaW 5c)", got)
	}
	if !slices.ContainsFunc(heardBy(res.Events, "blue"), func(e game.Event) bool { return e.Rule == "EaW 5c" && strings.Contains(e.Text, "went on to C") }) {
		t.Errorf("blue was not told that its fleet went on to C; events: %+v", heardBy(res.Events, "blue"))
	}
}

// TestEaW5c_LaneBattleWinnerMeetsWhatIsThere: the winner of the battle
// in the lane arrives at its target in its current condition and fights
// green's fleet waiting there.
func TestEaW5c_LaneBattleWinnerMeetsWhatIsThere(t *testing.T) {
	st, subs := laneMeeting(t, newTestState().withGreen().withFleet("green", "1st", "c", "frigate"))
	res := Resolve(st.State, subs)
	f := fights(res)
	if len(f) < 2 || !strings.Contains(f[0].Text, "blue held the field") {
		t.Fatalf("fights = %+v, want blue to win in the lane, then a battle at C", f)
	}
	at := f[1].Text
	if !strings.HasPrefix(at, "Battle T1-B2 at C:") || !strings.Contains(at, "blue with") || !strings.Contains(at, "green with") {
		t.Errorf("the second battle is %q, want blue, the lane's winner, against green at C (EaW 5c)", at)
	}
}

// TestEaW5c_ReportedLaneBattleWinnerAdvances: with reported battles the
// winner goes on when the result is settled.
func TestEaW5c_ReportedLaneBattleWinnerAdvances(t *testing.T) {
	st, subs := laneMeeting(t, newTestState().reported())
	next := Resolve(st.State, subs).Next
	if len(next.Battles) != 1 || next.Battles[0].Lane == nil {
		t.Fatalf("battles = %+v, want one in the lane b–c", next.Battles)
	}
	events, err := ApplyReported(next, next.Battles[0].ID, &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "red#1", Fate: "destroyed"}}}, "agreed")
	if err != nil {
		t.Fatal(err)
	}
	if got := fleetAt(t, next, "blue", "1st"); got != "c" {
		t.Errorf("blue's 1st, winner of the battle in the lane b–c, is at %s, want c (EaW 5c); events: %+v", got, events)
	}
}
