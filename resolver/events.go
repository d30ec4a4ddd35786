package resolver

import "github.com/pbemd/pbemd/campaign"

// EventKind classifies an event.
type EventKind string

// The kinds of event a turn produces.
const (
	EventOrdersDropped EventKind = "orders-dropped"
	EventMoved         EventKind = "moved"
	EventPinned        EventKind = "pinned"
	EventBattle        EventKind = "battle"
	EventBattleFought  EventKind = "battle-fought"
	EventDestroyed     EventKind = "destroyed"
	EventEliminated    EventKind = "eliminated"
	EventStandings     EventKind = "standings"
	EventCaptured      EventKind = "captured"
	EventBuilt         EventKind = "built"
	EventDeveloped     EventKind = "developed"
	EventOrderFailed   EventKind = "order-failed"
	EventIncome        EventKind = "income"
	EventForfeit       EventKind = "forfeit"
	EventDropped       EventKind = "dropped"
	// EventDice is a throw of the campaign's strategic dice (exploration,
	// sieges, ties), shown to the players it concerns.
	EventDice EventKind = "dice"
	// EventNotice is a public note from the moderator, such as a rerun
	// after a rollback.
	EventNotice EventKind = "notice"
)

// Event is one thing that happened during resolution. Players lists who may
// learn of it; the GM sees every event.
type Event struct {
	Kind    EventKind           `json:"kind"`
	Players []campaign.PlayerID `json:"players"`
	At      campaign.SystemID   `json:"at,omitempty"`
	Rule    string              `json:"rule,omitempty"`
	Text    string              `json:"text"`
}

// concerns reports whether player may learn of e.
func (e Event) concerns(player campaign.PlayerID) bool {
	for _, p := range e.Players {
		if p == player {
			return true
		}
	}
	return false
}
