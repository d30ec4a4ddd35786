package thunderdome

import (
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

var _ game.Voting = Ruleset{}

// VoteRule cites the supermajority every TD IV vote needs: both of 2
// players, 2 of 3, three quarters of 4 or more (UTD1.7). TD IV has no GM
// (UTD1.11): long extensions (UTD3.32, UTD3.44), appeals of battles that
// ran out of time (UTD3.45), rule changes and a substitute for a resigned
// player's battle (UTD3.91) go to the players' vote (game.Voting).
func (Ruleset) VoteRule() string { return "UTD1.7" }

// Need is the supermajority of UTD1.7 (campaign.Supermajority) that every
// vote the moderator opens needs.
func (Ruleset) Need(voters int) int { return campaign.Supermajority(voters) }
