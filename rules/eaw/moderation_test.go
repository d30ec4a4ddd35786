package eaw

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

func TestUTD3_31_ForfeitIsPublicAndIncomeStillAccrues(t *testing.T) {
	st := newTestState().atTurn(4).
		withFleet("blue", "1st", "a", "cruiser").
		withFleet("red", "1st", "e", "cruiser").
		withDevelopment("red", "e", campaign.Mine, campaign.Date{Year: 164, Season: campaign.Spring})
	blue := submit(t, st, "blue", "move: {fleet: 1st, path: [b]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": blue})
	for _, v := range res.Views {
		var forfeits []string
		for _, e := range v.Events {
			if e.Kind == game.EventForfeit {
				forfeits = append(forfeits, e.Text)
			}
		}
		if len(forfeits) != 1 || !strings.Contains(forfeits[0], "Red (red) sent no orders for turn 4") {
			t.Errorf("%s's report shows forfeits %q, want red's alone", v.Player, forfeits)
		}
	}
	if got := res.Next.Player("red").Treasury; got != 600 {
		t.Errorf("red's treasury = %d, want 600: a forfeited turn still earns income", got)
	}
}

func TestEaW29_DroppedPlayerLosesEverything(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "a", "cruiser").
		withFleet("red", "1st", "e", "cruiser").
		withDevelopment("red", "e", campaign.Mine, campaign.Date{Year: 165, Season: campaign.Spring})
	if !st.Drop("red", "dropped by the GM") {
		t.Fatal("Drop(red) = false for a player still in")
	}
	if st.Drop("red", "again") {
		t.Error("Drop(red) = true for a player already out")
	}
	if len(st.Fleets) != 1 || len(st.FRDs) != 1 || len(st.Developments) != 0 {
		t.Fatalf("after the drop: fleets %v, FRDs %v, developments %v; want red's all gone", st.Fleets, st.FRDs, st.Developments)
	}
	res := Resolve(st.State, nil)
	var dropped, forfeits int
	for _, e := range res.Views[0].Events {
		switch e.Kind {
		case game.EventDropped:
			dropped++
			if !strings.Contains(e.Text, "dropped by the GM") {
				t.Errorf("dropped event %q does not say why", e.Text)
			}
		case game.EventForfeit:
			forfeits++
		}
	}
	if dropped != 1 || forfeits != 1 {
		t.Errorf("blue's report has %d dropped and %d forfeit events; want red dropped once and blue's own forfeit only", dropped, forfeits)
	}
	again := Resolve(res.Next, nil)
	for _, e := range again.Events {
		if e.Kind == game.EventDropped || (e.Kind == game.EventForfeit && strings.Contains(e.Text, "(red)")) {
			t.Errorf("a turn after the drop still reports red: %q", e.Text)
		}
	}
}

func TestAnnounceReachesEveryReportAndTheReplay(t *testing.T) {
	st := newTestState()
	res := Resolve(st.State, nil)
	res.Announce("The GM rolled the campaign back; this report replaces the earlier one.")
	for _, v := range res.Views {
		if len(v.Events) == 0 || v.Events[0].Kind != game.EventNotice {
			t.Errorf("%s's report does not open with the notice: %+v", v.Player, v.Events)
		}
	}
	replayed := Replay(res.Next, res.Events)
	if !hasEvent(replayed[1], game.EventNotice) {
		t.Error("the replayed report lost the notice")
	}
}

func TestEaW29_PlayerWithNothingLeftIsEliminated(t *testing.T) {
	st := newTestState().withFleet("blue", "1st", "a", "cruiser")
	st.FRDs = []campaign.FRD{{Owner: "blue", At: "a"}} // red has no FRD, fleet or development
	res := Resolve(st.State, nil)
	if p := res.Next.Player("red"); p.Active() {
		t.Fatalf("red, with nothing on the map, is still in: %+v", p)
	}
	if !hasEvent(res.Views[0], game.EventEliminated) {
		t.Error("blue's report does not tell of red's elimination")
	}
	if res.Next.Player("blue").Active() == false {
		t.Error("blue, with a fleet and an FRD, was eliminated")
	}
}

// TestEaW4e_EliminatingEveryOtherPlayerWins: the turn that eliminates
// red leaves blue the only player in: blue wins and the campaign ends
// (EaW 1.0, 4e), with the standings; a turn that leaves nobody ends it
// with no winner.
func TestEaW4e_EliminatingEveryOtherPlayerWins(t *testing.T) {
	st := newTestState().withFleet("blue", "1st", "a", "cruiser")
	st.FRDs = []campaign.FRD{{Owner: "blue", At: "a"}}
	res := Resolve(st.State, nil)
	if !res.Next.Ended || res.Next.Winner != "blue" || !res.Views[0].Ended || res.Views[0].Winner != "blue" {
		t.Errorf("after red's elimination: ended %v, winner %q, blue's view %v %q; want ended, won by blue", res.Next.Ended, res.Next.Winner, res.Views[0].Ended, res.Views[0].Winner)
	}
	var text string
	for _, e := range res.Views[1].Events {
		if e.Kind == EventStandings {
			text = e.Text
		}
	}
	if !strings.Contains(text, "Blue wins: every other player is out of the campaign (EaW 1.0, 4e).") {
		t.Errorf("red's final standings = %q, want blue named the winner", text)
	}
	none := newTestState()
	none.Fleets, none.FRDs, none.Developments = nil, nil, nil
	if res := Resolve(none.State, nil); !res.Next.Ended || res.Next.Winner != "" {
		t.Errorf("with nobody left: ended %v, winner %q; want ended, no winner", res.Next.Ended, res.Next.Winner)
	}
}

func TestEaW4e_FinalStandingsByVictoryPoints(t *testing.T) {
	st := newTestState().atTurn(4)
	st.EndYear = 165
	st.Player("red").VP = 240
	st.Player("blue").VP = 60
	res := Resolve(st.State, nil)
	var text string
	for _, e := range res.Views[0].Events {
		if e.Kind == EventStandings {
			text = e.Text
		}
	}
	if !strings.Contains(text, "Red (red) 240 VP; Blue (blue) 60 VP") || !strings.Contains(text, "Red wins") {
		t.Errorf("final standings = %q, want red first and the winner named", text)
	}
	if mid := Resolve(newTestState().State, nil); hasEvent(mid.Views[0], EventStandings) {
		t.Error("standings were announced in the middle of the campaign")
	}
}
