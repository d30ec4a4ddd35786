package thunderdome

import "github.com/pbemd/pbemd/game"

var _ game.Citer = Ruleset{}

// Cite names the TD IV rule on each of the daemon's topics: making
// contact (UTD3.4) and settling (UTD3.5) a battle fought outside pbemd,
// a silent side withdrawing (UTD3.42, UTD3.43), forfeiting a turn and
// being dropped for it (UTD3.31), extensions (UTD3.32) and the week more
// for a battle's clocks (UTD3.44).
func (Ruleset) Cite(t game.Topic) string {
	switch t {
	case game.TopicBattleContact:
		return "UTD3.4"
	case game.TopicBattleSettle:
		return "UTD3.5"
	case game.TopicSilentSide:
		return "UTD3.42, UTD3.43"
	case game.TopicForfeit, game.TopicForfeitDrop:
		return "UTD3.31"
	case game.TopicExtension:
		return "UTD3.32"
	case game.TopicBattleTime:
		return "UTD3.44"
	}
	return ""
}
