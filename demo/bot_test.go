package demo

import (
	"bytes"
	"testing"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/workflow"
)

// TestBotOrdersFitTheCampaignsRules has every scripted player of Frontier
// Wars write its first orders, under the preset's rules and under
// overrides, and checks that intake takes them: the bot spends the
// campaign's jump costs within its budget (EaW 5.0, 5a) and crowds no
// system past the campaign's limit (EaW 17a).
func TestBotOrdersFitTheCampaignsRules(t *testing.T) {
	const example = "# overrides: {vision: {radius: 1}, battles: auto}   # change any preset parameter\n"
	for _, overrides := range []string{"", "overrides: {budget: {min: 5, jump_cost: 2}, fleets: {per_system: 2}}"} {
		src := bytes.Replace(scenarios.Frontier, []byte(example), []byte(overrides+"\n"), 1)
		sc, err := config.ParseScenario("frontier.yaml", src, rules.Registry())
		if err != nil {
			t.Fatalf("config.ParseScenario(frontier.yaml with %q) = %v", overrides, err)
		}
		for _, v := range eaw.Observe(sc.State) {
			b := &bot{campaign: sc.State.Campaign, seat: workflow.Seat{Player: v.Player, Token: "8Jq2"}}
			text := b.orders(&v)
			sub, err := orders.Parse([]byte(text), orders.Only(eaw.Ruleset{}.Kinds()))
			if err != nil {
				t.Fatalf("%q: orders.Parse(bot orders of %s) = %v\n%s", overrides, v.Player, err, text)
			}
			costed, err := eaw.Validate(sc.State, sub)
			if err != nil {
				t.Errorf("%q: eaw.Validate(bot orders of %s) = %v\n%s", overrides, v.Player, err, text)
				continue
			}
			if sub.Orders.Len() == 0 || costed.Left >= sc.State.Rules.Budget.JumpCost && sub.Orders.Len() < len(v.Fleets) {
				t.Errorf("%q: the bot of %s leaves %d of %d points unspent with fleets to move:\n%s", overrides, v.Player, costed.Left, costed.Budget, text)
			}
		}
	}
}
