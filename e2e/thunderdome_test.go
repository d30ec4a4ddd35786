package e2e_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/scenarios"
)

// TestThunderdomeTurnThroughDovecotAndPostfix plays a Thunderdome IV
// player turn by mail through the real servers: a player not due is told
// whose turn it is; the current player sends the turn in two mails, each
// answered at once, the second final; every player then receives the
// public report of the turn passed, and the next player's turn opens.
func TestThunderdomeTurnThroughDovecotAndPostfix(t *testing.T) {
	h := newScenarioHarness(t, "thunderdome", scenarios.Thunderdome, tdPlayers)
	var first string
	for _, p := range tdPlayers {
		welcome := h.titled(p, "Welcome")
		welcome.want(t, "Welcome to Thunderdome IV")
		h.tokens[p] = tokenOf(t, welcome)
		if r := h.titled(p, "Turn 1"); strings.Contains(r.Subject, "your turn") {
			first = p
			r.want(t, "It is your turn.", "Order points: 4")
		} else {
			r.want(t, "'s turn")
		}
	}
	if first == "" {
		t.Fatal("no player's first report says it is their turn")
	}
	f1, f2, to := tdFirstMoves(t, campaign.PlayerID(first))
	h.run()

	other := tdPlayers[0]
	if other == first {
		other = tdPlayers[1]
	}
	h.send(other, h.ordersFor(other, 1, true))
	h.answer(other).want(t, "It is not your turn", "Orders for it are due from "+first)

	h.send(first, h.ordersFor(first, 1, false, fmt.Sprintf("move: {fleet: %s, to: %s}", f1, to)))
	h.answer(first).want(t, "Orders for turn 1 accepted", "are applied", "Your turn is not over")
	h.send(first, h.ordersFor(first, 1, true, fmt.Sprintf("move: {fleet: %s, to: %s}", f2, to)))
	h.answer(first).want(t, "after those you sent earlier", "passes now")

	var next string
	for _, p := range tdPlayers {
		r := h.titled(p, "Turn 2")
		r.want(t, "Orders of turn 1", fmt.Sprintf("fleet %s moved from", f1), fmt.Sprintf("fleet %s moved from", f2))
		if strings.Contains(r.Subject, "your turn") {
			next = p
			r.want(t, "It is your turn.")
		}
	}
	if next == "" || next == first {
		t.Fatalf("the turn 2 reports open %q's turn; want the next player's after %s", next, first)
	}

	// The player who just played is no longer due.
	h.send(first, h.ordersFor(first, 2, true))
	h.answer(first).want(t, "It is not your turn", "Orders for it are due from "+next)
	h.stop()
}

// tdFirstMoves names two fleets of player p in the example scenario and
// a sector next to the one they start in.
func tdFirstMoves(t *testing.T, p campaign.PlayerID) (f1, f2 campaign.FleetID, to campaign.SystemID) {
	t.Helper()
	sc, err := config.ParseScenario("thunderdome.yaml", scenarios.Thunderdome, rules.Registry())
	if err != nil {
		t.Fatalf("the Thunderdome IV scenario: %v", err)
	}
	var at campaign.SystemID
	var fleets []campaign.FleetID
	for _, f := range sc.State.Fleets {
		if f.Owner == p && (at == "" || f.At == at) {
			at, fleets = f.At, append(fleets, f.ID)
		}
	}
	if len(fleets) < 2 {
		t.Fatalf("%s starts with fleets %v in one sector; want two", p, fleets)
	}
	slices.Sort(fleets)
	return fleets[0], fleets[1], campaign.NewGraph(sc.State.Map).Neighbours(at)[0]
}
