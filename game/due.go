package game

import (
	"time"

	"github.com/pbemd/pbemd/campaign"
)

// Due is one player owing orders for the open turn, and by when.
//
// A Ruleset says who is due when a turn opens (Ruleset.Due): Empires at
// War every player still in, by one deadline; a game of one player at a
// time the player whose turn it is, on their own clock. The daemon keeps
// these deadlines per seat and moves them as moderation asks (extensions,
// pauses, the GM's deadline); it takes orders only from a player who is
// due, and only before their own deadline, and resolves the turn once
// every player due has final orders (with early resolution) or the last
// of their deadlines has passed.
type Due struct {
	Player campaign.PlayerID
	// By is the deadline, in UTC.
	By time.Time
}

// DueTogether is who owes orders for a turn every player plays at once:
// every player still in, by one deadline, the schedule's next after now.
func DueTogether(st *campaign.State, sched campaign.Schedule, now time.Time) ([]Due, error) {
	by, err := sched.Next(now)
	if err != nil {
		return nil, err
	}
	var due []Due
	for _, p := range st.Players {
		if p.Active() {
			due = append(due, Due{Player: p.ID, By: by})
		}
	}
	return due, nil
}
