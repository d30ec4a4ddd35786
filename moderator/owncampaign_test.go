package moderator_test

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/scenarios"
)

// TestRepliesNameTheSendersOwnCampaign: in a second campaign, rimward,
// whose players are not frontier's, the GM's welcome and the answer to a
// player's question in prose give examples with rimward's own IDs.
func TestRepliesNameTheSendersOwnCampaign(t *testing.T) {
	h, _ := newGMHarness(t)
	h.world.AddUser("zeph", password)
	src := strings.NewReplacer("campaign: frontier", "campaign: rimward", "title: Frontier Wars", "title: Rimward Drift", "vorn", "zeph").
		Replace(string(scenarios.Frontier))
	sc, err := config.ParseScenario("rimward.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.mod.CreateCampaign(h.ctx, sc); err != nil {
		t.Fatalf("CreateCampaign = %v", err)
	}
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
