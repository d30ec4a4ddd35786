package eaw

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// winterState is the test campaign in its first winter (turn 4), the turn
// after which the New Year events run.
func winterState() testState { return newTestState().atTurn(4) }

// veteran gives unit i of the fleet crew experience: it has fought.
func (s testState) veteran(owner campaign.PlayerID, id campaign.FleetID, i, xp int) testState {
	f := s.Fleet(owner, id)
	c := f.CrewOf(i)
	c.XP = xp
	f.SetCrew(c)
	return s
}

// legendaryOdds sets the Legendary Officer roll's threshold and cost.
func (s testState) legendaryOdds(roll, cost int) testState {
	s.Rules.Legendary = campaign.LegendaryRules{Roll: roll, Cost: cost}
	return s
}

// newYearKinds lists the kinds of the events, leaving out forfeits: the New
// Year tests send no orders.
func newYearKinds(events []game.Event) []game.EventKind {
	var out []game.EventKind
	for _, e := range events {
		if e.Kind != game.EventForfeit {
			out = append(out, e.Kind)
		}
	}
	return out
}

func TestEaW3_0_NewYearEventsInOrder(t *testing.T) {
	st := winterState().legendaryOdds(2, 10).
		withDevelopment("blue", "a", campaign.Mine, campaign.Date{Year: 164, Season: campaign.Spring}).
		withFleet("blue", "1st", "a", "cruiser").
		veteran("blue", "1st", 0, 30)
	st.Rules.Fleets.StepYears = 1 // the caps rise at the first New Year
	res := Resolve(st.State, nil)
	got := newYearKinds(res.Events)
	want := []game.EventKind{EventIncome, EventDice, EventLegendary, EventFleetCaps}
	newYear := slices.DeleteFunc(slices.Clone(res.Events), func(e game.Event) bool { return e.Kind == game.EventForfeit })
	if !slices.Equal(got, want) {
		t.Fatalf("New Year events = %v, want %v: income, the Legendary Officer roll, the fleet caps (EaW 3.0, 2e, 17.0)", got, want)
	}
	if got := res.Next.Player("blue").Treasury; got != 500+100-12 {
		t.Errorf("blue treasury = %d, want 588: 100 income, then 12 for the officer (10%% of 120)", got)
	}
	for _, e := range newYear[:3] {
		if !slices.Equal(e.Players, []campaign.PlayerID{"blue"}) {
			t.Errorf("%s event told to %v, want blue alone", e.Kind, e.Players)
		}
	}
	if caps := newYear[3]; !slices.Equal(caps.Players, []campaign.PlayerID{"blue", "red"}) || !strings.Contains(caps.Text, "800") {
		t.Errorf("fleet caps event %q told to %v, want 800 told to everyone", caps.Text, caps.Players)
	}
}

func TestEaW3_0_NoNewYearBeforeWinterEnds(t *testing.T) {
	st := newTestState().atTurn(3).legendaryOdds(2, 10).
		withDevelopment("blue", "a", campaign.Mine, campaign.Date{Year: 164, Season: campaign.Spring}).
		withFleet("blue", "1st", "a", "cruiser").
		veteran("blue", "1st", 0, 30)
	if res := Resolve(st.State, nil); len(newYearKinds(res.Events)) != 0 {
		t.Errorf("fall turn events = %v, want none", newYearKinds(res.Events))
	}
}

func TestEaW3c_IncomeNamesItsParts(t *testing.T) {
	st := winterState().
		withDevelopment("blue", "a", campaign.Mine, campaign.Date{Year: 164, Season: campaign.Spring}).
		withDevelopment("red", "e", campaign.Mine, campaign.Date{Year: 164, Season: campaign.Spring}).
		withDevelopment("red", "d", campaign.Mine, campaign.Date{Year: 165, Season: campaign.Fall})
	res := Resolve(st.State, nil)
	texts := map[campaign.PlayerID]string{}
	for _, e := range eventsOfKind(res.Events, EventIncome) {
		texts[e.Players[0]] = e.Text
	}
	if want := "New Year Y166: 1 developed mine paid 100 BPV; the treasury now holds 600 BPV."; texts["blue"] != want {
		t.Errorf("blue's income: %q, want %q", texts["blue"], want)
	}
	if want := "New Year Y166: 2 developed mines paid 150 BPV; the treasury now holds 650 BPV."; texts["red"] != want {
		t.Errorf("red's income: %q, want %q", texts["red"], want)
	}
}

func TestEaW2e_LegendaryOfficerIsPaidEvenIntoDebt(t *testing.T) {
	st := winterState().legendaryOdds(2, 10).
		withFleet("blue", "1st", "b", "frigate", "cruiser").
		veteran("blue", "1st", 1, -40)
	st.Player("blue").Treasury = 5
	res := Resolve(st.State, nil)
	if got := res.Next.Fleet("blue", "1st").CrewOf(1).Legendary; got == "" {
		t.Fatal("the only ship that fought got no Legendary Officer")
	}
	if got := res.Next.Player("blue").Treasury; got != 5-12 {
		t.Errorf("treasury = %d, want -7: the officer cannot be declined (EaW 2e, §8 V5)", got)
	}
	if res.Next.Fleet("blue", "1st").CrewOf(0).Legendary != "" {
		t.Error("the frigate, which never fought, got an officer")
	}
}

func TestEaW2e_NoRollWithoutShipsThatFought(t *testing.T) {
	st := winterState().legendaryOdds(2, 10).withFleet("blue", "1st", "b", "cruiser")
	res := Resolve(st.State, nil)
	if _, rolled := diceFor(res.Events, "Legendary Officer"); rolled {
		t.Error("blue rolled for an officer with no ship that has fought")
	}
}

func TestEaW2e_IdenticalOfficerIsLostAndFree(t *testing.T) {
	st := winterState().legendaryOdds(2, 10).withFleet("blue", "1st", "b", "cruiser")
	st.Fleet("blue", "1st").SetCrew(campaign.UnitCrew{Unit: 0, Legendary: legendaryOfficer, XP: 12})
	res := Resolve(st.State, nil)
	if got := res.Next.Player("blue").Treasury; got != 500 {
		t.Errorf("treasury = %d, want 500: the second officer is lost, and not paid for", got)
	}
	if e := eventsOfKind(res.Events, EventLegendary); len(e) != 1 || !strings.Contains(e[0].Text, "lost") {
		t.Errorf("legendary events %v, want one saying the officer is lost", e)
	}
}

// TestEaW2e_LegendaryRollOdds checks the yearly roll's threshold over many
// seeds: 11 or more on 2D6 comes 3 times in 36.
func TestEaW2e_LegendaryRollOdds(t *testing.T) {
	const runs = 3600
	awarded := 0
	for seed := range uint64(runs) {
		st := winterState().withSeed(seed).legendaryOdds(11, 10).
			withFleet("blue", "1st", "b", "cruiser").
			veteran("blue", "1st", 0, 5)
		res := Resolve(st.State, nil)
		faces, ok := diceFor(res.Events, "Legendary Officer at New Year Y166")
		if !ok {
			t.Fatalf("seed %d: no roll", seed)
		}
		got := res.Next.Fleet("blue", "1st").CrewOf(0).Legendary != ""
		if got != (sumOf(faces) >= 11) {
			t.Errorf("seed %d: roll %v, officer %v", seed, faces, got)
		}
		if got {
			awarded++
		}
	}
	if exp := runs * 3 / 36; awarded < exp*3/4 || awarded > exp*5/4 {
		t.Errorf("officers in %d years: %d, want about %d", runs, awarded, exp)
	}
}

// TestEaW2e_OfficerShipDrawnAtRandom checks that the dice choose evenly
// among the ships that fought, and never one that did not.
func TestEaW2e_OfficerShipDrawnAtRandom(t *testing.T) {
	const runs = 1200
	count := map[string]int{}
	for seed := range uint64(runs) {
		st := winterState().withSeed(seed).legendaryOdds(2, 0).
			withFleet("blue", "1st", "b", "cruiser", "frigate", "frigate").
			withFleet("blue", "2nd", "c", "scout", "cruiser").
			veteran("blue", "1st", 0, 5).veteran("blue", "1st", 2, 5).veteran("blue", "2nd", 0, 5)
		res := Resolve(st.State, nil)
		for _, f := range res.Next.Fleets {
			for i := range f.Units {
				if f.CrewOf(i).Legendary != "" {
					count[string(f.ID)+"/"+string(f.Units[i])+"/"+string(rune('0'+i))]++
				}
			}
		}
	}
	want := []string{"1st/cruiser/0", "1st/frigate/2", "2nd/scout/0"}
	total := 0
	for _, k := range want {
		total += count[k]
		if got := count[k]; got < runs/3*3/4 || got > runs/3*5/4 {
			t.Errorf("%s drew the officer %d times in %d, want about %d", k, got, runs, runs/3)
		}
	}
	if total != runs {
		t.Errorf("officers went to %v, want only to the ships that fought, once a year", count)
	}
}

func TestEaW17_0_FleetCapsRiseAtNewYear(t *testing.T) {
	for _, tc := range []struct {
		name string
		year int
		want string
	}{
		{"start +9 years: no change", 173, ""},
		{"start +10 years", 174, "800 combat BPV, 600 combat BPV of it"},
		{"start +20 years", 184, "1000 combat BPV, 750 combat BPV of it"},
		{"after the last step", 194, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := newTestState().atTurn((tc.year-165)*4 + 4)
			st.EndYear = 205
			res := Resolve(st.State, nil)
			caps := eventsOfKind(res.Events, EventFleetCaps)
			switch {
			case tc.want == "" && len(caps) != 0:
				t.Errorf("New Year Y%d: %v, want no fleet cap event", tc.year+1, caps)
			case tc.want != "" && (len(caps) != 1 || !strings.Contains(caps[0].Text, tc.want) || len(caps[0].Players) != 2):
				t.Errorf("New Year Y%d: %v, want one event for both players saying %q", tc.year+1, caps, tc.want)
			}
		})
	}
}
