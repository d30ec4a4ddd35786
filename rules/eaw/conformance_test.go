package eaw_test

import (
	"testing"

	"github.com/pbemd/pbemd/game/gametest"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/scenarios"
)

// TestConformance: Empires at War honours the seam (game/gametest) on
// Frontier Wars, the players' example orders accepted, and a move to a
// system not on the map (EaW 5a) and a build away from an FRD (EaW 6.0)
// refused.
func TestConformance(t *testing.T) {
	gametest.Conformance(t, eaw.Ruleset{}, gametest.Options{
		Scenario: scenarios.Frontier,
		Refused: [][]byte{
			[]byte("campaign: frontier\nplayer: vorn\nturn: 1\norders:\n  - move: {fleet: 2nd, path: [nowhere]}\n"),
			[]byte("campaign: frontier\nplayer: castellan\nturn: 1\norders:\n  - build: {units: [D7], fleet: 9th, mp: 1}\n"),
		},
	})
}
