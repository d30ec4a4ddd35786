package moderator_test

import (
	"fmt"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// tdProxied names stranger@example.test the proxy of the player whose
// Thunderdome IV turn is open (UTD3.2), and returns that player and a
// sector next to their home.
func (h *harness) tdProxied(t *testing.T) (campaign.PlayerID, campaign.SystemID) {
	t.Helper()
	p, to := h.tdCurrent()
	h.send(h.mailFrom(string(p), fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\ncommand: proxy add stranger@example.test\n", p, h.tokens[p])))
	h.next(string(p)).want(t, "Proxy added")
	return p, to
}

// TestUTD3_2_ProxyAndOwnerWaitingAtStartUp: while the daemon is down, a
// player's proxy sends a move and then the player ends the turn with
// final: true. Started again, the daemon reads both mails in one pass: the
// player's mail is decided after the proxy's is filed, so the turn passes
// with the proxy's move, and each reply says what was filed.
func TestUTD3_2_ProxyAndOwnerWaitingAtStartUp(t *testing.T) {
	h := newThunderdomeHarness(t)
	p, to := h.tdProxied(t)
	h.stop()
	h.send(h.mailFrom("stranger", h.tdOrders(p, 1, false, fmt.Sprintf("move: {fleet: f1, to: %s}", to))))
	h.send(h.mailFrom(string(p), h.tdOrders(p, 1, true)))
	h.restart()

	h.next("stranger").want(t, "Orders for turn 1 accepted", "f1", "Your turn is not over")
	h.next(string(p)).want(t, "Orders for turn 1 accepted", "f1") // the copy of the proxy's confirmation
	final := h.next(string(p))
	final.want(t, "Orders for turn 1 accepted", "after those you sent earlier", "f1", "passes now")
	for _, q := range tdPlayers {
		h.next(q).want(t, "Turn 2")
	}
	if rec := h.onFileIn("thunderdome", p, 1); rec == nil || rec.Submission.Orders.Len() != 1 || !rec.Submission.Final {
		t.Errorf("orders on file for turn 1 = %+v; want the proxy's move, final", rec)
	}
	st := h.turnStateOf("thunderdome", 2)
	if f := st.Fleet(p, "f1"); f == nil || f.At != to {
		t.Errorf("after turn 1 %s's f1 is %+v; want it at %s, moved by the proxy", p, f, to)
	}
}

// TestUTD3_2_NothingAddedOnceTheTurnIsFinal: the other way round, the
// player ends the turn first and the proxy's move comes after, both read
// in one pass. The player was told the turn passes with the orders on
// file, so it does: the proxy's move is refused, saying the turn is
// final, and nothing of it is filed.
func TestUTD3_2_NothingAddedOnceTheTurnIsFinal(t *testing.T) {
	h := newThunderdomeHarness(t)
	p, to := h.tdProxied(t)
	h.stop()
	h.send(h.mailFrom(string(p), h.tdOrders(p, 1, true)))
	h.send(h.mailFrom("stranger", h.tdOrders(p, 1, false, fmt.Sprintf("move: {fleet: f1, to: %s}", to))))
	h.restart()

	h.next(string(p)).want(t, "Orders for turn 1 accepted", "passes now")
	h.next("stranger").want(t, "not accepted", "final", "nothing of this mail was added")
	h.next(string(p)).want(t, "not accepted", "final") // the copy to the player
	for _, q := range tdPlayers {
		h.next(q).want(t, "Turn 2")
	}
	if rec := h.onFileIn("thunderdome", p, 1); rec == nil || rec.Submission.Orders.Len() != 0 || !rec.Submission.Final {
		t.Errorf("orders on file for turn 1 = %+v; want none, final", rec)
	}
}
