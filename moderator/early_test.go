package moderator_test

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// TestTurnResolvesWhenEveryoneIsFinal: once every player has final orders on
// file, the turn resolves at once, without waiting for the deadline.
func TestTurnResolvesWhenEveryoneIsFinal(t *testing.T) {
	skipUnderRace(t)
	h := newHarness(t)
	players := []campaign.PlayerID{"vorn", "castellan", "ashari", "tekkar"}
	for _, p := range players {
		h.next(string(p))
		h.next(string(p))
	}
	for i, p := range players {
		final := i < len(players)-1
		h.send(h.mailFrom(string(p), h.orders(p, 1, final)))
		h.next(string(p)).want(t, "accepted")
	}
	if c := h.campaign(); c.Turn != 1 {
		t.Fatalf("turn %d resolved with one player not final", c.Turn-1)
	}
	h.send(h.mailFrom("tekkar", h.orders("tekkar", 1, true)))
	h.next("tekkar").want(t, "accepted", "You marked these orders final")
	for _, p := range players {
		h.next(string(p)).want(t, "Turn 2 report")
	}
	if c := h.campaign(); c.Turn != 2 || !h.clock.Now().Equal(start) {
		t.Errorf("campaign at turn %d, clock %v; want turn 2 with no time passed", c.Turn, h.clock.Now())
	}
}

// TestWelcomeExampleIsValidOrders sends back the example from the welcome
// mail, as a new player would, and expects it to be accepted.
func TestWelcomeExampleIsValidOrders(t *testing.T) {
	skipUnderRace(t)
	h := newHarness(t)
	welcome := h.next("castellan").body()
	start := strings.Index(welcome, "campaign: frontier")
	end := strings.Index(welcome, "Your first report")
	if start < 0 || end < start {
		t.Fatalf("welcome mail has no example orders:\n%s", welcome)
	}
	h.next("castellan")
	h.send(h.mailFrom("castellan", welcome[start:end]))
	h.next("castellan").want(t, "accepted", "Order points: 1 of 3 used, 2 left")
}

// TestOrdersAboveAQuotedReplyAreAccepted: a player answers a confirmation
// with new orders on top, as mail clients arrange a reply; the quoted
// confirmation below must not spoil them.
func TestOrdersAboveAQuotedReplyAreAccepted(t *testing.T) {
	skipUnderRace(t)
	h := newHarness(t)
	h.next("vorn")
	h.next("vorn")
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false)))
	confirmation := h.next("vorn")
	quoted := "\nOn Mon, 23 Nov 2026 at 12:00, pbemd <moderator@example.test> wrote:\n> " +
		strings.ReplaceAll(strings.TrimSpace(confirmation.body()), "\n", "\n> ") + "\n"
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, true, "move: {fleet: 1st, path: [ferrum]}")+quoted,
		"In-Reply-To: <"+confirmation.MessageID+">"))
	h.next("vorn").want(t, "accepted", "path: [ferrum]", "replace the orders you sent earlier")
}
