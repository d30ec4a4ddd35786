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
