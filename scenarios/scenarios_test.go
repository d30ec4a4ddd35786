package scenarios_test

import (
	"testing"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/scenarios"
)

func TestFrontier(t *testing.T) {
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, rules.Registry())
	if err != nil {
		t.Fatalf("config.ParseScenario(Frontier) = %v", err)
	}
	if sc.State.Campaign != "frontier" || len(sc.State.Players) != 4 {
		t.Errorf("campaign %q with %d players, want frontier with 4", sc.State.Campaign, len(sc.State.Players))
	}
}
