package eaw

import (
	"slices"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// TestEaW4_0_EveryPlayerPlotsEachTurn: every player still in owes orders
// for every turn, by the schedule's next deadline; a player who is out
// owes none.
func TestEaW4_0_EveryPlayerPlotsEachTurn(t *testing.T) {
	st := &campaign.State{Turn: 2, Players: []campaign.Player{{ID: "vorn"}, {ID: "castellan", Out: "dropped by the GM"}, {ID: "ashari"}}}
	sched := campaign.Schedule{Every: 72 * time.Hour, At: "20:00"}
	now := time.Date(2026, time.November, 23, 12, 0, 0, 0, time.UTC)
	by := time.Date(2026, time.November, 26, 20, 0, 0, 0, time.UTC)
	got, err := Ruleset{}.Due(st, sched, now)
	want := []game.Due{{Player: "vorn", By: by}, {Player: "ashari", By: by}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Due(%v) = %v, %v; want %v", now, got, err, want)
	}
	if _, err := (Ruleset{}).Due(st, campaign.Schedule{}, now); err == nil {
		t.Error("Due with no schedule gave no error")
	}
}
