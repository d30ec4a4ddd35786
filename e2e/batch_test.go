package e2e_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/scenarios"
)

// TestProxyAndOwnerWaitingThroughDovecot: while the daemon is stopped, a
// Thunderdome IV player's proxy (UTD3.2) sends a move and the player then
// ends the turn with final: true, both through Postfix into Dovecot.
// Started again, the daemon finds both mails in its inbox and decides the
// player's after the proxy's is filed: the turn passes with the move, and
// every answer says so.
func TestProxyAndOwnerWaitingThroughDovecot(t *testing.T) {
	h := newScenarioHarness(t, "thunderdome", scenarios.Thunderdome, tdPlayers)
	h.mx.AddUser("friend")
	var first string
	for _, p := range tdPlayers {
		welcome := h.titled(p, "Welcome")
		h.tokens[p] = tokenOf(t, welcome)
		if r := h.titled(p, "Turn 1"); strings.Contains(r.Subject, "your turn") {
			first = p
		}
	}
	f1, _, to := tdFirstMoves(t, campaign.PlayerID(first))
	h.run()
	h.send(first, fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\ncommand: proxy add friend@example.test\n", first, h.tokens[first]))
	h.answer(first).want(t, "Proxy added")
	h.stop()

	h.send("friend", h.ordersFor(first, 1, false, fmt.Sprintf("move: {fleet: %s, to: %s}", f1, to)))
	byProxy := h.lastID
	h.send(first, h.ordersFor(first, 1, true))
	final := h.lastID
	h.run()

	h.lastID = byProxy
	h.answer("friend").want(t, "Orders for turn 1 accepted", string(f1), "Your turn is not over")
	h.lastID = final
	h.answer(first).want(t, "Orders for turn 1 accepted", "after those you sent earlier", string(f1), "passes now")
	for _, p := range tdPlayers {
		h.titled(p, "Turn 2").want(t, fmt.Sprintf("fleet %s moved from", f1))
	}
	h.stop()
}
