package moderator_test

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/workflow"
)

// TestRepliesNameTheSendersOwnCampaign: in a second campaign, rimward,
// whose players are not frontier's, the GM's welcome and the answer to a
// player's question in prose give examples with rimward's own IDs.
func TestRepliesNameTheSendersOwnCampaign(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	createRimward(t, h)
	welcome := h.next("gm")
	welcome.want(t, "You are the GM of Rimward Drift", "command: replace zeph new@example.org", "command: drop zeph")
	welcome.wantNot(t, "vorn", "frontier")

	h.next("zeph").want(t, "Welcome")
	h.next("zeph").want(t, "report")
	h.send(h.mailFrom("zeph", "Hello GM, when is the next deadline? And can I ally with the Castellan?\n\nDrask\n"))
	help := h.next("zeph")
	help.want(t, "not accepted", "campaign: rimward, player: zeph, turn: 1", "move: {fleet: 1st, path: [")
	help.wantNot(t, "frontier", "vorn", "kessel")
}

// createRimward creates a second campaign, rimward, from the frontier
// scenario with zeph in vorn's seat and the scenario's text further changed
// by replace (old, new pairs), and returns its seats.
func createRimward(t *testing.T, h *harness, replace ...string) []workflow.Seat {
	t.Helper()
	h.world.AddUser("zeph", password)
	pairs := append([]string{"campaign: frontier", "campaign: rimward", "title: Frontier Wars", "title: Rimward Drift", "vorn", "zeph"}, replace...)
	sc, err := config.ParseScenario("rimward.yaml", []byte(strings.NewReplacer(pairs...).Replace(string(scenarios.Frontier))), rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	seats, err := h.mod.CreateCampaign(h.ctx, sc)
	if err != nil {
		t.Fatalf("CreateCampaign = %v", err)
	}
	return seats
}
