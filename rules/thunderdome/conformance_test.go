package thunderdome_test

import (
	"fmt"
	"testing"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game/gametest"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/thunderdome"
	"github.com/pbemd/pbemd/scenarios"
)

// TestConformance: Thunderdome IV honours the seam (game/gametest) on
// the example campaign, the player whose turn it is sending the example
// orders, and refused orders from a player whose turn it is not (UTD2.1)
// and a move to a sector not on the map.
func TestConformance(t *testing.T) {
	sc, err := config.ParseScenario("thunderdome.yaml", scenarios.Thunderdome, rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	queue := rs.Queue(sc.State)
	mail := func(p any, order string) []byte {
		return fmt.Appendf(nil, "campaign: thunderdome\nplayer: %s\nturn: 1\norders:\n  - %s\n", p, order)
	}
	gametest.Conformance(t, thunderdome.Ruleset{}, gametest.Options{
		Scenario: scenarios.Thunderdome,
		Refused: [][]byte{
			mail(queue[1], "move: {fleet: f1, to: nowhere}"),
			mail(queue[0], "move: {fleet: f1, to: nowhere}"),
		},
	})
}
