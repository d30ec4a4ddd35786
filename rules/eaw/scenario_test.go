package eaw

import "github.com/pbemd/pbemd/game"

// eawScenarios reads scenarios as Empires at War sets them up.
var eawScenarios = game.NewRegistry(Ruleset{})
