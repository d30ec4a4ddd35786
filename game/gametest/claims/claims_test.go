package claims_test

import (
	"testing"

	"github.com/pbemd/pbemd/game/gametest"
	"github.com/pbemd/pbemd/game/gametest/claims"
)

// Scenario is a campaign of claims for two players on three systems.
const Scenario = `campaign: claims
title: Claims
rules: claims
seed: 7
schedule: {every: 72h}
gm: {email: gm@example.test}
players:
  - {id: ada, name: Ada, email: ada@example.test}
  - {id: bo, name: Bo, email: bo@example.test}
map:
  systems:
    - {id: vega, x: 0, y: 0, planet: mineral}
    - {id: tau, x: 1, y: 0, planet: unknown}
    - {id: sol, x: 2, y: 0, planet: unknown}
  lanes: [[vega, tau], [tau, sol]]
units:
  - {class: frigate, cbpv: 60, ebpv: 55, size: 4, docking: 3}
`

// TestConformance: the smallest ruleset passes the seam's conformance
// test, both players claiming vega, one of them refused a system not on
// the map and another a second claim.
func TestConformance(t *testing.T) {
	gametest.Conformance(t, claims.Ruleset{}, gametest.Options{
		Scenario: []byte(Scenario),
		Orders: [][]byte{
			[]byte("campaign: claims\nplayer: bo\nturn: 1\nfinal: true\norders: [vega]\n"),
		},
		Refused: [][]byte{
			[]byte("campaign: claims\nplayer: ada\nturn: 1\norders: [nowhere]\n"),
			[]byte("campaign: claims\nplayer: ada\nturn: 1\norders: [vega, tau]\n"),
		},
	})
}
