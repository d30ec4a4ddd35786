package thunderdome_test

import (
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/thunderdome"
	"github.com/pbemd/pbemd/scenarios"
)

var rs = thunderdome.Ruleset{}

// start loads scenarios/thunderdome.yaml: turn 1, the first player's turn
// open.
func start(t *testing.T) *campaign.State {
	t.Helper()
	return startFrom(t, string(scenarioText()))
}

// scenarioText is scenarios/thunderdome.yaml.
func scenarioText() []byte { return scenarios.Thunderdome }

// startFrom loads a scenario: turn 1, the first player's turn open.
func startFrom(t testing.TB, text string) *campaign.State {
	t.Helper()
	sc, err := config.ParseScenario("thunderdome.yaml", []byte(text), rules.Registry())
	if err != nil {
		t.Fatalf("ParseScenario = %v", err)
	}
	return sc.State
}

// ext reads the TD IV part of a state.
func ext(t *testing.T, st *campaign.State) *thunderdome.Ext {
	t.Helper()
	x, err := thunderdome.ExtOf(st)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// parse reads an order mail of the current player.
func parse(t *testing.T, st *campaign.State, player campaign.PlayerID, body string) *orders.Submission {
	t.Helper()
	src := "campaign: thunderdome\nplayer: " + string(player) + "\nturn: 1\norders:\n" + body
	sub, err := orders.Parse([]byte(src), orders.Only(rs.Kinds()))
	if err != nil {
		t.Fatalf("Parse(%q) = %v", src, err)
	}
	return sub
}

// check checks a mail, failing the test on problems.
func check(t *testing.T, st *campaign.State, sub *orders.Submission) game.Checked {
	t.Helper()
	c, err := rs.Check(st, sub)
	if err != nil {
		t.Fatalf("Check = %v", err)
	}
	return c
}

// refused checks a mail and returns its problems, failing the test when
// there are none.
func refused(t *testing.T, st *campaign.State, sub *orders.Submission) orders.Problems {
	t.Helper()
	_, err := rs.Check(st, sub)
	ps, ok := err.(orders.Problems)
	if !ok {
		t.Fatalf("Check = %v, want problems", err)
	}
	return ps
}

// resolve plays the open turn with the current player's submission (nil
// for none).
func resolve(st *campaign.State, sub *orders.Submission) *game.Result {
	o := map[campaign.PlayerID]*orders.Submission{}
	if sub != nil {
		o[sub.Player] = sub
	}
	return rs.Resolve(game.Turn{State: st, Orders: o})
}

// bankOf is a player's bank, its fraction included (UTD6.3F).
func bankOf(t *testing.T, st *campaign.State, p campaign.PlayerID) thunderdome.BPV {
	t.Helper()
	return ext(t, st).Bank(st, p)
}
