package game

import "github.com/pbemd/pbemd/campaign"

// EventKind classifies an event. Each ruleset names its own kinds; the
// ones here are those the daemon itself adds or looks for.
type EventKind string

// The event kinds every ruleset shares.
const (
	// EventNotice is a public note from the moderator, such as a rerun
	// after a rollback.
	EventNotice EventKind = "notice"
	// EventForfeit is a player who sent no orders for a turn.
	EventForfeit EventKind = "forfeit"
	// EventDropped is a player taken out of the campaign.
	EventDropped EventKind = "dropped"
	// EventEliminated is a player with nothing left, out of the campaign.
	EventEliminated EventKind = "eliminated"
)

// Event is one thing that happened during resolution. Players lists who
// may learn of it; the GM sees every event.
type Event struct {
	Kind    EventKind           `json:"kind"`
	Players []campaign.PlayerID `json:"players"`
	At      campaign.SystemID   `json:"at,omitempty"`
	Rule    string              `json:"rule,omitempty"`
	Text    string              `json:"text"`
}

// Concerns reports whether player may learn of e: whatever reaches a
// player, in a report or a mail, is only the events that concern them.
func (e Event) Concerns(player campaign.PlayerID) bool {
	for _, p := range e.Players {
		if p == player {
			return true
		}
	}
	return false
}
