package eaw

import (
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// View is what one player knows after a turn: the only input of every
// report renderer. It holds the player's own navy and developments in full,
// the shared map, and of everything else only what the player's fleets saw
// (EaW 5e).
type View struct {
	Campaign campaign.ID       `json:"campaign"`
	Title    string            `json:"title"`
	Player   campaign.PlayerID `json:"player"`
	Name     string            `json:"name"`
	Race     string            `json:"race"`
	// Turn is the turn now open for orders, and Date its season.
	Turn int           `json:"turn"`
	Date campaign.Date `json:"date"`
	// Resolved is the turn just resolved; 0 before the first.
	Resolved        int `json:"resolved"`
	ResolverVersion int `json:"resolver_version"`
	// Ended is set when the campaign is over: no turn is open. Winner is
	// the player who won it by eliminating every other player (EaW 1.0,
	// 4e); at the end year the standings name the winner.
	Ended  bool              `json:"ended,omitempty"`
	Winner campaign.PlayerID `json:"winner,omitempty"`
	// Out says why the player is out of the campaign (EaW 29.0), once
	// they are: no turn is open for them, and this report, on the turn
	// they went out, is their last.
	Out string `json:"out,omitempty"`

	Treasury int `json:"treasury"`
	// Budget is the player's order points for Turn (EaW 5.0).
	Budget int `json:"budget"`
	// Rules are the campaign's rules, its preset with the scenario's
	// overrides, as they stood when the view was made: every cost, limit
	// and roll a report or an order template states comes from them.
	Rules campaign.Rules `json:"rules"`

	// Map is the map every player shares: systems and lanes (EaW 1a–1d),
	// with planet types only where the player has looked.
	Map          KnownMap               `json:"map"`
	Fleets       []FleetView            `json:"fleets"`
	FRDs         []campaign.SystemID    `json:"frds"`
	Developments []campaign.Development `json:"developments"`
	// Bases are the player's ground bases, DEFSATs and CPLs installed at
	// planets (EaW 14.0).
	Bases []campaign.Installation `json:"bases,omitempty"`
	// Disrupted lists the systems of the player's mines and colonies where
	// enemy fleets are trapped (EaW 10i): a mine there earns less, and a
	// colony gives no free jump (EaW 5b) and no resupply (EaW 6d).
	Disrupted []campaign.SystemID `json:"disrupted,omitempty"`
	// Systems lists every system the player has seen, this turn or
	// earlier, by system ID.
	Systems []SystemView `json:"systems"`
	// Battles lists the battles the player takes part in.
	Battles []BattleView `json:"battles"`
	Events  []game.Event `json:"events"`
	// BattleLogs are the round-by-round logs of the battles the player
	// fought this turn. A report rebuilt later (Replay) has none.
	BattleLogs []game.BattleLog `json:"battle_logs,omitempty"`
}

// FleetView is one of the player's own fleets.
type FleetView struct {
	ID    campaign.FleetID     `json:"id"`
	At    campaign.SystemID    `json:"at"`
	Units []campaign.ClassName `json:"units"`
	CBPV  int                  `json:"cbpv"`
	Scout bool                 `json:"scout"`
	// Counts says whether the fleet counts toward the order-point budget
	// (EaW 5.0: at least 2 ships and 175 CBPV).
	Counts bool `json:"counts"`
	// Damage is the battle damage the fleet's units carry, by index into
	// Units.
	Damage []campaign.UnitDamage `json:"damage,omitempty"`
	// Crews are the units' crews that are more than ordinary, with the
	// experience they have from battle (EaW 2e), by index into Units.
	Crews []campaign.UnitCrew `json:"crews,omitempty"`
	// Captured lists, by index into Units, the prizes not yet inspected
	// (EaW 25b).
	Captured []int `json:"captured,omitempty"`
	// Carried lists, by index into Units, the bases the fleet carries to
	// install at a planet (EaW 14.0): cargo, outside its CBPV (EaW 17.0).
	Carried []int `json:"carried,omitempty"`
	// Roles are the special jobs the fleet's inspected ships do, each once,
	// in the order of campaign.Roles: a repair freighter, a tug, a MON
	// (EaW 5.0). Prizes do none until inspected (EaW 25b), and carried
	// bases none until installed.
	Roles []campaign.Role `json:"roles,omitempty"`
	// SelfRepair is how many points of damage the fleet's inspected units
	// can still mend by self-repair before they resupply (EaW 22b, 24.0):
	// 0 when none has damage control or every one has used it up.
	SelfRepair int `json:"self_repair,omitempty"`
	// Trapped is the turn in which another player's fortification at At
	// trapped the fleet (EaW 10a); 0 while it is free. A trapped fleet does
	// nothing but a siege roll, from the turn after (EaW 10c, 10h).
	Trapped int `json:"trapped,omitempty"`
}

// Detail says how much a player learned of a system (EaW 5e).
type Detail string

// The levels of detail. A fleet without a scout learns only whether a system
// one lane away is fortified; a fleet with a scout also learns whether it is
// developed, and the combat BPV of every fleet there. A fleet sees its own
// system as a scout would (rules decision EaW-F1 in docs/rules-eaw.md).
const (
	DetailFortified Detail = "fortified-only"
	DetailScout     Detail = "scout"
)

// SystemView is what the player knows of one system: what their fleets saw
// of it this turn, or, faded, what they saw when they last looked.
type SystemView struct {
	ID campaign.SystemID `json:"id"`
	// Seen is the turn at whose end the system was last seen (0: the
	// campaign's start); Current says that is the turn just resolved.
	Seen    int                 `json:"seen"`
	Current bool                `json:"current"`
	Planet  campaign.PlanetType `json:"planet"`
	Detail  Detail              `json:"detail"`
	// Fortified is known at every detail.
	Fortified bool `json:"fortified"`
	// Developed, with DetailScout: a mine or colony stands there. The
	// player's own developments set Fortified and Developed whatever the
	// detail: a player always knows their own (EaW 1b).
	Developed bool `json:"developed"`
	// Contacts, with DetailScout: the combat BPV of each other empire's
	// fleet there, largest first. Owners and classes stay unknown.
	Contacts []int `json:"contacts"`
	// Bases, with DetailScout: how many ground bases, DEFSATs and CPLs
	// stand there, of every owner; their kinds, owners and combat BPV stay
	// unknown (EaW 5e, 14.0; digest §8 F5).
	Bases int `json:"bases,omitempty"`
}

// BattleView is a battle the player takes part in, with every fleet in it:
// participants see what they face.
type BattleView struct {
	ID     string            `json:"id"`
	At     campaign.SystemID `json:"at,omitempty"`
	Lane   *campaign.Lane    `json:"lane,omitempty"`
	Sides  []BattleSide      `json:"sides"`
	Status string            `json:"status"`
}

// BattleSide is one empire in a battle.
type BattleSide struct {
	Player campaign.PlayerID `json:"player"`
	Fleets []BattleFleet     `json:"fleets"`
}

// BattleFleet is one fleet in a battle. Its ID is shown to its owner only.
type BattleFleet struct {
	ID    campaign.FleetID     `json:"id,omitempty"`
	Units []campaign.ClassName `json:"units"`
	CBPV  int                  `json:"cbpv"`
}

// Header is whose view it is and which turn's report it makes
// (game.View).
func (v *View) Header() game.ViewHeader {
	return game.ViewHeader{Player: v.Player, Turn: v.Turn, Resolved: v.Resolved}
}
