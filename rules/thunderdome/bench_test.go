package thunderdome_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// BenchmarkPlayerTurn plays one player turn of a generated campaign of
// 500 sectors and 8 players: the current player's mail checked (Check)
// and the turn resolved (Resolve), the player activating the capital's
// shipyard to overhaul a ship and build one into a new fleet, then moving
// every fleet a lane and exploring where they end, which finds a
// non-player empire and fights it (TestGenerateScenario). The issue asks
// for under 10 ms.
func BenchmarkPlayerTurn(b *testing.B) {
	st, sub := generatedTurn(b, 500, 8)
	b.ResetTimer()
	for b.Loop() {
		if _, err := rs.Check(st, sub); err != nil {
			b.Fatal(err)
		}
		rs.Resolve(game.Turn{State: st, Orders: map[campaign.PlayerID]*orders.Submission{sub.Player: sub}})
	}
}

// generatedTurn loads a generated campaign and writes the current
// player's orders: a shipyard activation at home (UTD6.37), then each
// fleet one lane on, each sector it reaches explored.
func generatedTurn(tb testing.TB, systems, players int) (*campaign.State, *orders.Submission) {
	tb.Helper()
	sc, err := config.ParseScenario("generated.yaml", rs.GenerateScenario(game.ScenarioSize{Systems: systems, Players: players, Seed: 7}), rules.Registry())
	if err != nil {
		tb.Fatal(err)
	}
	st := sc.State
	x, err := thunderdome.ExtOf(st)
	if err != nil {
		tb.Fatal(err)
	}
	p := x.Order[x.Current]
	g := campaign.NewGraph(st.Map)
	var body strings.Builder
	for _, e := range x.Empires {
		if e.Player == p {
			fmt.Fprintf(&body, "  - activate_shipyard: {sector: %s, jobs: [{overhaul: cruiser, fleet: f1}, {build: destroyer, into: built}]}\n", e.Capital)
		}
	}
	for i, f := range st.Fleets {
		if f.Owner != p {
			continue
		}
		next := g.Neighbours(f.At)
		to := next[i%len(next)]
		fmt.Fprintf(&body, "  - move: {fleet: %s, to: %s}\n  - explore: {sector: %s}\n", f.ID, to, to)
	}
	src := fmt.Sprintf("campaign: generated\nplayer: %s\nturn: 1\nfinal: true\norders:\n%s", p, body.String())
	sub, err := orders.Parse([]byte(src), orders.Only(rs.Kinds()))
	if err != nil {
		tb.Fatal(err)
	}
	return st, sub
}

// TestGenerateScenario: a generated scenario loads, its player turn
// checks, and the same size gives the same bytes. The turn finds a
// non-player empire and fights it (UTD5.133, UTD5.25), so that
// BenchmarkPlayerTurn times them.
func TestGenerateScenario(t *testing.T) {
	size := game.ScenarioSize{Systems: 500, Players: 8, Seed: 7}
	if a, b := rs.GenerateScenario(size), rs.GenerateScenario(size); !bytes.Equal(a, b) {
		t.Error("two scenarios generated for the same size differ")
	}
	st, sub := generatedTurn(t, 500, 8)
	if len(st.Map.Systems) != 500 || len(st.Players) != 8 || len(st.Fleets) != 24 {
		t.Errorf("generated %d sectors, %d players, %d fleets; want 500, 8, 24", len(st.Map.Systems), len(st.Players), len(st.Fleets))
	}
	check(t, st, sub)
	res := rs.Resolve(game.Turn{State: st, Orders: map[campaign.PlayerID]*orders.Submission{sub.Player: sub}})
	var npe string
	for _, e := range res.Events {
		npe += e.Text + "\n"
	}
	if !strings.Contains(npe, "finds a non-player empire") || !strings.Contains(npe, "against Independent Worlds with fleet npe") {
		t.Errorf("the generated turn does not find and fight an NPE:\n%s", npe)
	}
}
