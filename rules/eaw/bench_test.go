package eaw_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/rules/eaw/setup"
)

// BenchmarkResolveTurn resolves one turn of a generated campaign of 2,000
// systems, 64 players and about 4,000 fleets, every player spending the
// whole order-point budget on one-lane moves, with vision for every player.
func BenchmarkResolveTurn(b *testing.B) { benchResolve(b, 2000, 64) }

// BenchmarkResolveScaling is BenchmarkResolveTurn from 500 to 8,000
// systems, with players and fleets in the same proportion (one player
// per 31¼ systems, two fleets per system): the time of a turn should grow
// with the campaign, not faster.
func BenchmarkResolveScaling(b *testing.B) {
	for _, systems := range []int{500, 1000, 2000, 4000, 8000} {
		b.Run(fmt.Sprintf("systems=%d", systems), func(b *testing.B) { benchResolve(b, systems, systems*64/2000) })
	}
}

// benchResolve resolves one turn of a generated campaign of this size,
// with busyOrders.
func benchResolve(b *testing.B, systems, players int) {
	sc, err := config.ParseScenario("generated.yaml", setup.Generate(game.ScenarioSize{Systems: systems, Players: players, Seed: 1}), rules.Registry())
	if err != nil {
		b.Fatal(err)
	}
	st := sc.State
	subs := busyOrders(b, st)
	b.ReportMetric(float64(len(st.Fleets)), "fleets")
	b.ResetTimer()
	for b.Loop() {
		res := eaw.Resolve(st, subs)
		if len(res.Views) != len(st.Players) {
			b.Fatalf("%d views for %d players", len(res.Views), len(st.Players))
		}
	}
}

// busyOrders gives every player orders that move as many fleets one lane as
// the budget allows.
func busyOrders(b *testing.B, st *campaign.State) map[campaign.PlayerID]*orders.Submission {
	b.Helper()
	g, check := campaign.NewGraph(st.Map), eaw.NewChecker(st)
	subs := map[campaign.PlayerID]*orders.Submission{}
	for _, p := range st.Players {
		var s strings.Builder
		fmt.Fprintf(&s, "campaign: %s\nplayer: %s\nturn: 1\norders:\n", st.Campaign, p.ID)
		budget, moves := st.Budget(p.ID), 0
		for i, f := range st.Fleets {
			if f.Owner != p.ID || moves == budget {
				continue
			}
			next := g.Neighbours(f.At)
			fmt.Fprintf(&s, "  - move: {fleet: %s, path: [%s]}\n", f.ID, next[i%len(next)])
			moves++
		}
		sub, err := orders.Parse([]byte(s.String()), orders.Only(eaw.Ruleset{}.Kinds()))
		if err != nil {
			b.Fatalf("orders of %s: %v", p.ID, err)
		}
		if _, err := check.Validate(sub); err != nil {
			b.Fatalf("orders of %s: %v", p.ID, err)
		}
		subs[p.ID] = sub
	}
	return subs
}
