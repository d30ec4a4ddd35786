package workflow

import (
	"github.com/pbemd/pbemd/report"
)

// playerVerb carries out one of the players' commands; r holds the
// player's seat.
type playerVerb func(m *Moderation, r *request) (Decision, error)

// playerVerbs are the players' commands by the word after "command:", each
// in a file of its own, player_<verb>.go.
var playerVerbs = map[string]playerVerb{
	"status":  (*Moderation).playerStatus,
	"report":  (*Moderation).resendReport,
	"message": (*Moderation).relayMessage,
	"mail":    (*Moderation).setMailPrefs,
	"proxy":   (*Moderation).setProxy,
	"resign":  (*Moderation).resign,
	"vote":    (*Moderation).castVote,
	"propose": (*Moderation).propose,
	"token":   (*Moderation).newSeatToken,
}

// playerCommand carries out a command from an authenticated player.
func (m *Moderation) playerCommand(r *request) (Decision, error) {
	verb, ok := playerVerbs[r.Sub.Command.Verb]
	if !ok {
		return r.refuse(report.NotAPlayerCommand{Verb: r.Sub.Command.Verb})
	}
	return verb(m, r)
}
