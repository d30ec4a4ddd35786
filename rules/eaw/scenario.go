package eaw

import (
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules/eaw/setup"
)

var _ game.ScenarioGenerator = Ruleset{}

// ScenarioSpec is what EaW reads of a scenario: overrides of the preset,
// each player's home and treasury, and the dates of EaW 2d and 4e.
func (Ruleset) ScenarioSpec() game.ScenarioSpec { return setup.Spec() }

// LoadScenario sets up turn 1 (EaW 2a) and checks the scenario against
// EaW 1d, 2c, 6.0, 12.0, 13.0 and 16.0 (package setup).
func (Ruleset) LoadScenario(p *game.ScenarioPart) { setup.Load(p) }

// GenerateScenario writes an EaW scenario of any size, for load tests.
func (Ruleset) GenerateScenario(size game.ScenarioSize) []byte { return setup.Generate(size) }
