// Package rules lists the rulesets this build of pbemd runs. The daemon
// and the command line get their game.Registry here, so that they import
// no ruleset themselves.
package rules

import (
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// Registry returns the rulesets pbemd runs: Empires at War and
// Thunderdome IV.
func Registry() *game.Registry {
	return game.NewRegistry(eaw.Ruleset{}, thunderdome.Ruleset{})
}
