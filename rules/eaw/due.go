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
	return game.DueTogether(st, sched, now)
}
