package claims_test

import (
	"testing"

	"github.com/pbemd/pbemd/game/gametest"
	"github.com/pbemd/pbemd/game/gametest/claims"
)

// TestConformance: the smallest ruleset passes the seam's conformance
// test, both players claiming vega, one of them refused a system not on
// the map and another a second claim.
func TestConformance(t *testing.T) {
	gametest.Conformance(t, claims.Ruleset{}, gametest.Options{
		Scenario: claims.Scenario,
		Orders: [][]byte{
			[]byte("campaign: claims\nplayer: bo\nturn: 1\nfinal: true\norders: [vega]\n"),
		},
		Refused: [][]byte{
			[]byte("campaign: claims\nplayer: ada\nturn: 1\norders: [nowhere]\n"),
			[]byte("campaign: claims\nplayer: ada\nturn: 1\norders: [vega, tau]\n"),
		},
	})
}
