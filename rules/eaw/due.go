package eaw

import (
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// Due says who owes orders for the turn st opens: every player plots
// their moves at once, in secret (EaW 4.0), so every player still in owes
// orders by one deadline, the schedule's next after now.
func (Ruleset) Due(st *campaign.State, sched campaign.Schedule, now time.Time) ([]game.Due, error) {
	by, err := sched.Next(now)
	if err != nil {
		return nil, err
	}
	var due []game.Due
	for _, p := range st.Players {
		if p.Active() {
			due = append(due, game.Due{Player: p.ID, By: by})
		}
	}
	return due, nil
}
