package game

import (
	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// ScenarioSpec is what a ruleset asks of the generic part of its
// scenario files, which package config reads.
type ScenarioSpec struct {
	// Keys are the ruleset's own keys at the top of a scenario; messages
	// list them after rules:. PlayerKeys are its keys in a player's
	// entry, listed after id, name, email and race.
	Keys, PlayerKeys []string
	// Start is the date a campaign starts on, and EndYear the year it
	// ends after, when its scenario does not say.
	Start   campaign.Date
	EndYear int
}

// ScenarioPart is a scenario file as config read it, handed to the
// ruleset its rules: key names: config has read and checked what every
// scenario has, and the ruleset reads its own keys and applies its rules
// to the whole (Ruleset.LoadScenario). It comes with where each thing was
// written, so that the ruleset's problems point at the file's lines too.
//
// A part config could not read is missing: a player's entry without a
// usable id makes no player, a fleet naming a system not on the map makes
// no fleet. The ruleset checks what is there, so that one mistake is not
// reported a hundred times.
type ScenarioPart struct {
	// State is turn 1 as config read it: the campaign, its title, seed
	// and dates, the players with their contacts, the map, the unit
	// catalogue, the starting fleets and developments, each in file
	// order. The ruleset completes it: its Rules, and whatever its setup
	// gives the players.
	State *campaign.State
	// Problems collects the problems of the whole file. The ruleset reads
	// its keys with its decoding methods and records what is wrong with
	// Addf at the node where it was written.
	Problems *orders.Collector
	// Keys are the keys at the top of the file; the ruleset reads its own
	// (ScenarioSpec.Keys) with Keys.Value.
	Keys orders.Fields
	// Players is every entry of players: that is a mapping, in file
	// order, whether it made a player or not.
	Players []ScenarioPlayer
	// Units is every entry of units: that is a mapping, in file order,
	// including those config could not put in the catalogue.
	Units []ScenarioUnit
	// Systems maps each system of the map to its entry; nil when the
	// systems could not be read, so that references to them cannot be
	// checked. Lanes reports whether the lanes were read as well, so that
	// the map can be checked as a whole.
	Systems map[campaign.SystemID]*yaml.Node
	Lanes   bool
	// Fleets maps each starting fleet to its id.
	Fleets map[campaign.FleetKey]*yaml.Node
	// Developments is each starting development of the state with its
	// entry, in file order.
	Developments []ScenarioDevelopment
}

// ScenarioPlayer is one entry of a scenario's players.
type ScenarioPlayer struct {
	// Fields are the entry's keys; the ruleset reads its own
	// (ScenarioSpec.PlayerKeys) with Fields.Value.
	Fields orders.Fields
	// ID is the player the entry made, or empty if it made none: its id
	// is missing, malformed or another player's.
	ID campaign.PlayerID
}

// ScenarioUnit is one unit class of a scenario's catalogue.
type ScenarioUnit struct {
	Fields orders.Fields
	// Class is the class as read, which is in the catalogue only if its
	// name could be read and is its own.
	Class campaign.UnitClass
}

// ScenarioDevelopment is one starting development, with the entry that
// made it and its at:.
type ScenarioDevelopment struct {
	campaign.Development
	Entry, At *yaml.Node
}

// ScenarioGenerator is a Ruleset that writes scenarios of any size, for
// benchmarks and load tests (pbemd scenario generate).
type ScenarioGenerator interface {
	Ruleset
	// GenerateScenario writes a valid scenario of the given size as YAML;
	// the same size always gives the same bytes.
	GenerateScenario(size ScenarioSize) []byte
}

// ScenarioSize sizes a generated scenario. A zero field takes the
// ruleset's default; Seed seeds the generator and becomes the
// scenario's seed.
type ScenarioSize struct {
	Systems, Players, FleetsPerPlayer int
	Seed                              uint64
}
