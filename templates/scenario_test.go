package templates

import (
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules/eaw/setup"
)

// eawScenarios reads scenarios as Empires at War sets them up. The tests
// here cannot use the eaw ruleset itself, which renders its reports with
// this package: scenarioRuleset has its name and its scenario part only.
var eawScenarios = game.NewRegistry(scenarioRuleset{})

type scenarioRuleset struct{ game.Ruleset }

func (scenarioRuleset) Name() string                      { return "eaw" }
func (scenarioRuleset) ScenarioSpec() game.ScenarioSpec   { return setup.Spec() }
func (scenarioRuleset) LoadScenario(p *game.ScenarioPart) { setup.Load(p) }
