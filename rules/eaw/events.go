package eaw

import (
	"github.com/pbemd/pbemd/game"
)

// The kinds of event an EaW turn produces, beside those every ruleset
// shares (game.EventNotice, EventForfeit, EventDropped, EventEliminated).
const (
	EventOrdersDropped game.EventKind = "orders-dropped"
	EventMoved         game.EventKind = "moved"
	EventPinned        game.EventKind = "pinned"
	EventBattle        game.EventKind = "battle"
	EventBattleFought  game.EventKind = "battle-fought"
	EventDestroyed     game.EventKind = "destroyed"
	EventStandings     game.EventKind = "standings"
	EventCaptured      game.EventKind = "captured"
	EventBuilt         game.EventKind = "built"
	EventDeveloped     game.EventKind = "developed"
	EventOrderFailed   game.EventKind = "order-failed"
	EventIncome        game.EventKind = "income"
	// EventHeld is a mine or colony that enemy ships stood over but could
	// neither destroy nor capture: its owner's bases there must fall first
	// (EaW 12a, 13c).
	EventHeld game.EventKind = "held"
	// EventTrapped is a fleet trapped by a fortification, a siege roll
	// that failed, or a trapped fleet set free (EaW 10a–10e).
	EventTrapped game.EventKind = "trapped"
	// EventRepaired is a fleet's free repairs after battle (EaW 23a), and
	// EventExperience what its crews gained or lost in it (EaW 2e).
	EventRepaired   game.EventKind = "repaired"
	EventExperience game.EventKind = "experience"
	// EventDice is a throw of the campaign's strategic dice (exploration,
	// sieges, ties), shown to the players it concerns.
	EventDice game.EventKind = "dice"
	// EventExplored is an unknown planet explored: its type and map type,
	// and what the explorer found there (EaW 16.0–16d); told to the
	// explorer only.
	EventExplored game.EventKind = "explored"
	// EventLegendary is a Legendary Officer joining a ship, at New Year or
	// from a precursor object (EaW 2e, 16c).
	EventLegendary game.EventKind = "legendary-officer"
	// EventCrew is a ship's crew changing quality: an Outstanding Crew
	// found, or a Poor Crew after a precursor disaster (EaW 2e, 16c).
	EventCrew game.EventKind = "crew"
	// EventFleetCaps is the fleet size limits rising at New Year
	// (EaW 17.0), told to every player.
	EventFleetCaps game.EventKind = "fleet-caps"
	// The fleet services, told to their owner: a resupply with its
	// repairs and refits (EaW 6d, 3b), a transfer of units (EaW 7.0), a
	// scrapping and its refund (EaW 9.0), an inspection of prizes
	// (EaW 9b), a self-repair (EaW 24.0) and bases installed (EaW 14.0).
	EventResupplied   game.EventKind = "resupplied"
	EventTransferred  game.EventKind = "transferred"
	EventScrapped     game.EventKind = "scrapped"
	EventInspected    game.EventKind = "inspected"
	EventSelfRepaired game.EventKind = "self-repaired"
	EventInstalled    game.EventKind = "installed"
)
