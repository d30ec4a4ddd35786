package resolver

import (
	"github.com/pbemd/pbemd/game"
)

// EventKind classifies an event; the kinds of EaW are listed here, those
// the daemon shares with every ruleset in game.
type EventKind = game.EventKind

// The kinds of event a turn produces.
const (
	EventOrdersDropped EventKind = "orders-dropped"
	EventMoved         EventKind = "moved"
	EventPinned        EventKind = "pinned"
	EventBattle        EventKind = "battle"
	EventBattleFought  EventKind = "battle-fought"
	EventDestroyed     EventKind = "destroyed"
	EventEliminated              = game.EventEliminated
	EventStandings     EventKind = "standings"
	EventCaptured      EventKind = "captured"
	EventBuilt         EventKind = "built"
	EventDeveloped     EventKind = "developed"
	EventOrderFailed   EventKind = "order-failed"
	EventIncome        EventKind = "income"
	EventForfeit                 = game.EventForfeit
	EventDropped                 = game.EventDropped
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
	EventNotice = game.EventNotice
)

// Event is one thing that happened during resolution (game.Event).
type Event = game.Event
