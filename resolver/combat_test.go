package resolver

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// TestAutoBattle_FoughtAndApplied: with battles: auto, a meeting is fought
// at once; losses leave the state, the sides get the log, and every player
// reads who fought where, with what, and how it ended (EaW 1b, 1e).
func TestAutoBattle_FoughtAndApplied(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "b", "cruiser", "cruiser", "cruiser", "frigate").
		withFleet("red", "1st", "c", "frigate")
	st.Players = append(st.Players, campaign.Player{ID: "green", Name: "Green", Email: "green@example.test", Home: "a"})
	sub := submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	if len(res.Next.Battles) != 0 {
		t.Errorf("battles still pending after an automatic battle: %+v", res.Next.Battles)
	}
	var summary string
	for _, v := range res.Views {
		found := false
		for _, e := range v.Events {
			if e.Kind == EventBattleFought {
				found, summary = true, e.Text
			}
		}
		if !found {
			t.Errorf("%s's report does not tell of the battle", v.Player)
		}
		fought := v.Player != "green"
		if got := len(v.BattleLogs) > 0; got != fought {
			t.Errorf("%s has a battle log: %v, want %v (only the sides read it)", v.Player, got, fought)
		}
		if fought && !strings.Contains(v.BattleLogs[0].Text, "Round 1") {
			t.Errorf("%s's battle log has no round 1:\n%s", v.Player, v.BattleLogs[0].Text)
		}
	}
	for _, want := range []string{"at C", "blue with 3 cruiser, frigate", "red with frigate", "rounds"} {
		if !strings.Contains(summary, want) {
			t.Errorf("the public summary %q does not say %q", summary, want)
		}
	}
	red := res.Next.Fleet("red", "1st")
	blue := res.Next.Fleet("blue", "1st")
	switch {
	case blue == nil:
		t.Fatal("three cruisers and a frigate lost everything to one frigate")
	case red != nil && red.At == "c":
		t.Errorf("red's lone frigate still holds c against three cruisers: %+v", red)
	}
	if red == nil && res.Next.Player("blue").VP != 60 {
		t.Errorf("blue's VP = %d after destroying a 60-CBPV frigate, want 60 (EaW 4e)", res.Next.Player("blue").VP)
	}
}

// TestAutoBattle_SameSeedSameBattle: the battle's dice come from the
// campaign's seed and the turn, so the same state gives the same battle,
// and another campaign seed another one.
func TestAutoBattle_SameSeedSameBattle(t *testing.T) {
	run := func(seed uint64) []byte {
		st := newTestState().
			withFleet("blue", "1st", "b", "cruiser", "frigate", "frigate").
			withFleet("red", "1st", "c", "cruiser", "frigate", "frigate")
		st.Seed = seed
		sub := submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")
		res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if !bytes.Equal(run(1), run(1)) {
		t.Error("the same state and seed gave two different battles")
	}
	if bytes.Equal(run(1), run(2)) {
		t.Error("two campaign seeds gave the same battle, to the byte")
	}
}
