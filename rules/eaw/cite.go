package eaw

import "github.com/pbemd/pbemd/game"

var _ game.Citer = Ruleset{}

// Cite names the EaW rule on the daemon's topics where the rules have
// one: a player who drops out (EaW 29.0), which is what dropping a player
// after forfeits applies. The rules know no deadlines, forfeits or
// extensions, and leave the battles to the GM (EaW 4.0), so the daemon's
// texts on those cite nothing.
func (Ruleset) Cite(t game.Topic) string {
	if t == game.TopicForfeitDrop {
		return "EaW 29.0"
	}
	return ""
}
