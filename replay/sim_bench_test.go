package replay_test

import (
	"io"
	"testing"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/replay"
	"github.com/pbemd/pbemd/rules"
)

// BenchmarkSimulate is `pbemd sim` of one turn of a generated campaign of
// 2,000 systems and 64 players, with no orders: the turn resolved, and
// every player's text, JSON, HTML and map written. The goal is under a
// second.
func BenchmarkSimulate(b *testing.B) {
	reg := rules.Registry()
	rs, err := reg.Lookup("eaw")
	if err != nil {
		b.Fatal(err)
	}
	src := rs.(game.ScenarioGenerator).GenerateScenario(game.ScenarioSize{Systems: 2000, Players: 64, Seed: 1})
	sc, err := config.ParseScenario("generated.yaml", src, reg)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		opts := replay.SimOptions{Scenario: sc, Rulesets: reg, Orders: b.TempDir(), Turns: 1, Out: b.TempDir(), Log: io.Discard}
		if err := replay.Simulate(opts); err != nil {
			b.Fatal(err)
		}
	}
}
