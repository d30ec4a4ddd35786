package eaw

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

var _ game.Resigner = Ruleset{}

// Resign takes a player who resigns out of the campaign as one dropped
// (EaW 29.0): everything they held leaves the map at once, and the turn's
// report tells of it as of any player who left.
func (Ruleset) Resign(st *campaign.State, p campaign.PlayerID) (*campaign.State, []game.Event) {
	next := st.Clone()
	pl := next.Player(p)
	if pl == nil || !next.Drop(p, "resigned") {
		return next, nil
	}
	return next, []game.Event{{Kind: game.EventDropped, Players: next.PlayerIDs(), Rule: "EaW 29.0",
		Text: fmt.Sprintf("%s (%s) resigned. Everything they held has left the map.", pl.Name, p)}}
}
