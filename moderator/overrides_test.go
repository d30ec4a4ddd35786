package moderator_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestEaW5_PlayersReadTheCampaignsCosts: in a campaign whose scenario
// overrides the budget and the jump cost, the welcome, the report's order
// template and the schema beside it state the campaign's numbers, and the
// confirmation charges a move what they state (EaW 5.0, 5a).
func TestEaW5_PlayersReadTheCampaignsCosts(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	seats := createRimward(t, h, "# overrides: {vision: {radius: 1}, battles: auto}", "overrides: {budget: {min: 5, jump_cost: 2}}")
	token := ""
	for _, s := range seats {
		if s.Player == "zeph" {
			token = s.Token
		}
	}

	h.next("zeph").want(t, "Welcome", "  - move: {fleet: 1st, path: [", "]}   # 2 points (EaW 5a)")
	parts := mailParts(t, h.next("zeph").raw)
	if tmpl := parts["orders-1.yaml"]; !strings.Contains(tmpl, "Order points for turn 1: 5 (EaW 5.0: the larger of 5 and half your") ||
		!regexp.MustCompile(`(?m)^#  - move: \{fleet: 1st, path: \[ferrum\]\} +# 2 points \(EaW 5a\)$`).MatchString(tmpl) {
		t.Errorf("the order template does not state the campaign's budget and jump cost:\n%s", tmpl)
	}
	if schema := parts["orders.schema.json"]; !strings.Contains(schema, "Each lane jumped costs 2 order points") {
		t.Errorf("the attached schema does not state the campaign's jump cost:\n%.600s", schema)
	}
	if text := parts["text/plain"]; !strings.Contains(text, "HOUSE RULES") || !strings.Contains(text, "budget.jump_cost") {
		t.Errorf("the report does not list the house rules:\n%s", text)
	}

	h.send(h.mailFrom("zeph", fmt.Sprintf("campaign: rimward\nplayer: zeph\nturn: 1\ntoken: %s\nfinal: false\norders:\n"+
		"  - move: {fleet: 1st, path: [ferrum]}\n", token)))
	h.next("zeph").want(t, "accepted", "- move: {fleet: 1st, path: [ferrum]}   # 2 points", "Order points: 2 of 5 used, 3 left")
}
