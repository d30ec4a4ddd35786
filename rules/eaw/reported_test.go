package eaw

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// pendingBattle resolves a turn in which blue jumps into red at c, with
// battles: reported, and returns the next state with the battle pending.
func pendingBattle(t *testing.T) *campaign.State {
	t.Helper()
	st := newTestState().reported().
		withFleet("blue", "1st", "b", "cruiser", "frigate").
		withFleet("red", "1st", "c", "cruiser", "scout")
	sub := submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	if len(res.Next.Battles) != 1 {
		t.Fatalf("battles = %+v, want one pending", res.Next.Battles)
	}
	return res.Next
}

func TestShipRefsCountEachPlayersUnits(t *testing.T) {
	refs := ShipRefs(pendingBattle(t).Battles[0])
	var got []string
	for _, r := range refs {
		got = append(got, r.Ref+" "+string(r.Class))
	}
	if want := "blue#1 cruiser, blue#2 frigate, red#1 cruiser, red#2 scout"; strings.Join(got, ", ") != want {
		t.Errorf("refs = %s, want %s", strings.Join(got, ", "), want)
	}
}

func TestEaW22_ReportedResultIsChecked(t *testing.T) {
	st := pendingBattle(t)
	r := &orders.BattleResult{Ships: []orders.ShipFate{
		{Ship: "red#9", Fate: "destroyed"},
		{Ship: "red#1", Fate: "captured", By: "blue#2", To: "new"},
		{Ship: "blue#2", Fate: "destroyed"},
		{Ship: "red#2", Fate: "disengaged", Direction: "a"},
		{Ship: "blue#1", Fate: "intact", Fighters: 2},
	}, VP: map[campaign.PlayerID]int{"green": 5}, Negotiated: "conquest"}
	got := strings.Join(Ruleset{}.CheckResult(st, st.Battles[0], r), "\n")
	for _, want := range []string{
		"negotiated: Empires at War has no negotiated ends",
		"red#9: there is no such ship",
		"red#1: the captor blue#2 is listed as destroyed itself",
		"red#1: to: new: a captured ship joins its captor's fleet (EaW 25.0); leave to: out",
		"red#2: a is not a system it could withdraw to (b, d)",
		"vp: green did not fight",
		"blue#1: Empires at War keeps no fighters",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems do not say %q:\n%s", want, got)
		}
	}
}

func TestEaW21_ReportedResultIsApplied(t *testing.T) {
	st := pendingBattle(t)
	r := &orders.BattleResult{Ships: []orders.ShipFate{
		{Ship: "red#1", Fate: "captured", By: "blue#1"},
		{Ship: "red#2", Fate: "disengaged", Direction: "d"},
		{Ship: "blue#2", Fate: "crippled", Damage: 4},
	}, VP: map[campaign.PlayerID]int{"blue": 120}}
	events, err := ApplyReported(st, st.Battles[0].ID, r, "agreed by both sides")
	if err != nil {
		t.Fatal(err)
	}
	blue := st.Fleet("blue", "1st")
	if blue == nil || strings.Join(names(blue.Units), ",") != "cruiser,frigate,cruiser" || blue.DamageOf(1).Structure != 4 {
		t.Errorf("blue's fleet = %+v, want cruiser, crippled frigate and the captured cruiser", blue)
	}
	red := st.Fleet("red", "1st")
	if red == nil || red.At != "d" || strings.Join(names(red.Units), ",") != "scout" {
		t.Errorf("red's fleet = %+v, want its scout withdrawn to d", red)
	}
	if len(st.Battles) != 0 || st.Player("blue").VP != 120 {
		t.Errorf("battles %v, blue VP %d; want none pending and 120 VP", st.Battles, st.Player("blue").VP)
	}
	if len(events) != 1 || len(events[0].Players) != 2 || !strings.Contains(events[0].Text, "agreed by both sides") {
		t.Errorf("events = %+v, want one public event", events)
	}
}

func TestUTD3_5_TimedOutBattleIsFoughtAutomatically(t *testing.T) {
	st := pendingBattle(t)
	events, logs, err := FightPending(st, st.Battles[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Battles) != 0 || len(logs) != 1 || len(events) == 0 || events[0].Kind != EventBattleFought {
		t.Errorf("after FightPending: battles %v, %d logs, events %+v", st.Battles, len(logs), events)
	}
}

func names(units []campaign.ClassName) []string {
	out := make([]string, len(units))
	for i, u := range units {
		out[i] = string(u)
	}
	return out
}

// TestEaW25b_ReportedPrizeIsUninspected: a ship reported captured joins
// the captor's fleet marked uninspected, with its damage and a new crew;
// a ship that withdraws keeps its crew (EaW 25.0, 25b, 21.0).
func TestEaW25b_ReportedPrizeIsUninspected(t *testing.T) {
	st := pendingBattle(t)
	red := st.Fleet("red", "1st")
	red.Damage = []campaign.UnitDamage{{Unit: 0, Structure: 2}}
	red.SetCrew(campaign.UnitCrew{Unit: 0, XP: 30})
	red.SetCrew(campaign.UnitCrew{Unit: 1, Quality: "outstanding", XP: 20})
	r := &orders.BattleResult{Ships: []orders.ShipFate{
		{Ship: "red#1", Fate: "captured", By: "blue#1"},
		{Ship: "red#2", Fate: "disengaged", Direction: "d"},
	}}
	if _, err := ApplyReported(st, st.Battles[0].ID, r, "agreed by both sides"); err != nil {
		t.Fatal(err)
	}
	blue := st.Fleet("blue", "1st")
	switch {
	case blue == nil || len(blue.Units) != 3:
		t.Fatalf("blue's fleet = %+v, want the captured cruiser with it", blue)
	case !blue.IsCaptured(2) || len(blue.Captured) != 1:
		t.Errorf("blue's captured units = %v, want [2] (EaW 25b)", blue.Captured)
	case blue.DamageOf(2).Structure != 2:
		t.Errorf("the prize's damage = %+v, want its 2 structure (EaW 25b)", blue.DamageOf(2))
	case blue.CrewOf(2).XP != 0:
		t.Errorf("the prize's crew = %+v, want a new crew", blue.CrewOf(2))
	}
	if red := st.Fleet("red", "1st"); red == nil || red.CrewOf(0) != (campaign.UnitCrew{Unit: 0, Quality: "outstanding", XP: 20}) {
		t.Errorf("red's withdrawn scout = %+v, want it with its outstanding crew", red)
	}
}

// TestCarry_SettledEventsLeadTheReports: events from while the turn was
// open head the result and the reports of the players they concern.
func TestCarry_SettledEventsLeadTheReports(t *testing.T) {
	st := newTestState()
	res := Resolve(st.State, nil)
	before := len(res.Events)
	settled := game.Event{Kind: EventBattleFought, Players: []campaign.PlayerID{"blue"}, Text: "Battle T0-B1 is settled."}
	res.Carry([]game.Event{settled})
	if len(res.Events) != before+1 || res.Events[0].Text != settled.Text {
		t.Errorf("events = %+v, want the settlement first", res.Events)
	}
	for _, v := range res.Views {
		got := len(v.Events) > 0 && v.Events[0].Text == settled.Text
		if want := v.Player == "blue"; got != want {
			t.Errorf("%s's report leads with the settlement: %v, want %v", v.Player, got, want)
		}
	}
}

// TestEaW19_WaitingMeetingIsNotFoundTwice: a meeting that waits for its
// result is the same meeting next turn, even if a fleet in it changed
// since: it is not recorded, and so not fought, twice.
func TestEaW19_WaitingMeetingIsNotFoundTwice(t *testing.T) {
	st := pendingBattle(t)
	st.Fleet("red", "1st").Units = append(st.Fleet("red", "1st").Units, "frigate")
	res := Resolve(st, nil)
	if len(res.Next.Battles) != 1 {
		t.Errorf("battles = %+v, want the one meeting still waiting", res.Next.Battles)
	}
}
