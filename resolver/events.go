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
	// EventHeld is a mine or colony that enemy ships stood over but could
	// neither destroy nor capture: its owner's bases there must fall first
	// (EaW 12a, 13c).
	EventHeld EventKind = "held"
	// EventTrapped is a fleet trapped by a fortification, a siege roll
	// that failed, or a trapped fleet set free (EaW 10a–10e).
	EventTrapped EventKind = "trapped"
	// EventRepaired is a fleet's free repairs after battle (EaW 23a), and
	// EventExperience what its crews gained or lost in it (EaW 2e).
	EventRepaired   EventKind = "repaired"
	EventExperience EventKind = "experience"
	// EventDice is a throw of the campaign's strategic dice (exploration,
	// sieges, ties), shown to the players it concerns.
	EventDice EventKind = "dice"
	// EventExplored is an unknown planet explored: its type and map type,
	// and what the explorer found there (EaW 16.0–16d); told to the
	// explorer only.
	EventExplored EventKind = "explored"
	// EventLegendary is a Legendary Officer joining a ship, at New Year or
	// from a precursor object (EaW 2e, 16c).
	EventLegendary EventKind = "legendary-officer"
	// EventCrew is a ship's crew changing quality: an Outstanding Crew
	// found, or a Poor Crew after a precursor disaster (EaW 2e, 16c).
	EventCrew EventKind = "crew"
	// EventFleetCaps is the fleet size limits rising at New Year
	// (EaW 17.0), told to every player.
	EventFleetCaps EventKind = "fleet-caps"
	// The fleet services, told to their owner: a resupply with its
	// repairs and refits (EaW 6d, 3b), a transfer of units (EaW 7.0), a
	// scrapping and its refund (EaW 9.0), an inspection of prizes
	// (EaW 9b), a self-repair (EaW 24.0) and bases installed (EaW 14.0).
	EventResupplied   EventKind = "resupplied"
	EventTransferred  EventKind = "transferred"
	EventScrapped     EventKind = "scrapped"
	EventInspected    EventKind = "inspected"
	EventSelfRepaired EventKind = "self-repaired"
	EventInstalled    EventKind = "installed"
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

// Concerns reports whether player may learn of e: whatever reaches a
// player, in a report or a mail, is only the events that concern them
// (EaW 1b, 1e).
func (e Event) Concerns(player campaign.PlayerID) bool {
	for _, p := range e.Players {
		if p == player {
			return true
		}
	}
	return false
}
