package eaw

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/report"
)

const sample = `campaign: frontier
player: vorn
turn: 3
token: ABCD-EFGH
final: true
orders:
  - move: {fleet: 1st, path: [drakkar, ferrum, mistral]}
  - develop: {fleet: 5th, what: colony}
  - build: {units: [cruiser, frigate], fleet: 7th, mp: 1}
`

func TestRenderConfirmation(t *testing.T) {
	sub, err := parse([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	costed := &Costed{
		Orders: []CostedOrder{
			{Points: 1, Notes: []string{"jump drakkar → ferrum is free: it starts at your developed colony (EaW 5b)"}},
			{Points: 1}, {Points: 1, BPV: 170},
		},
		Budget: 3, Used: 3, Left: 0, Treasury: 615, Spent: 170,
	}
	subject, text := report.RenderConfirmation(&report.Confirmation{Title: "Frontier Wars", Campaign: "frontier", Player: "vorn", Turn: 3,
		Deadline: "Thu 26 Nov 2026 21:00 CET (20:00 UTC)", Echo: EchoOrders(sub, costed), Summary: CostSummary(costed),
		Final: sub.Final, Replaced: true})
	if subject != "[frontier] Orders for turn 3 accepted" {
		t.Errorf("subject = %q", subject)
	}
	if strings.Contains(text, "ABCD-EFGH") {
		t.Error("the confirmation echoes the token")
	}
	golden.Check(t, "testdata/confirmation.txt.golden", []byte(text))
	echo, err := parse([]byte(EchoOrders(sub, costed)))
	if err != nil {
		t.Fatalf("the echoed orders do not parse: %v", err)
	}
	if b, ok := listOf(echo)[len(listOf(echo))-1].Kind.(*Build); len(listOf(echo)) != 3 || !ok || len(b.Units) != 2 {
		t.Errorf("echoed orders = %+v, want the same three orders", listOf(echo))
	}
}

func TestRenderWelcome(t *testing.T) {
	subject, text := report.RenderWelcome(&report.Welcome{Title: "Frontier Wars", Campaign: "frontier", Player: "vorn", Name: "Warlord Drask",
		Token: "ABCD-EFGH", Address: "moderator@example.test", GM: "Frontier GM <gm@example.test>", Turn: 1,
		Deadline: "Thu 26 Nov 2026 21:00 CET (20:00 UTC)", Orders: WelcomeOrders("move: {fleet: 1st, path: [ferrum]}", campaign.PresetEaW())})
	if subject != "[frontier] Welcome to Frontier Wars" || !strings.Contains(text, "token: ABCD-EFGH") {
		t.Errorf("welcome %q lacks the token:\n%s", subject, text)
	}
	golden.Check(t, "testdata/welcome.txt.golden", []byte(text))
}

// TestRenderWelcomeStatesTheCampaignsCosts: the welcome's example orders
// cost what the campaign's rules say (EaW 5a, 6.0, 12.0).
func TestRenderWelcomeStatesTheCampaignsCosts(t *testing.T) {
	r := campaign.PresetEaW()
	r.Budget.JumpCost, r.Budget.DevelopCost, r.Budget.BuildCost = 2, 3, 0
	w := &report.Welcome{Title: "Frontier Wars", Campaign: "frontier", Player: "vorn", Turn: 1, Orders: WelcomeOrders("move: {fleet: 1st, path: [ferrum]}", r)}
	_, text := report.RenderWelcome(w)
	for _, want := range []string{ // as wrapped to fit a line of a mail
		"  - move: {fleet: 1st, path: [ferrum]}   # 2 points (EaW 5a)\n",
		"  # - develop: {fleet: 2nd, what: mine}     # 3 points, at a mineral planet\n  #                                         # (EaW 12.0)\n",
		"  # - build: {units: [frigate], fleet: new}   # 0 points, at your FRD (EaW\n  #                                           # 6.0)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the welcome has no line %q:\n%s", want, text)
		}
	}
	w.Orders = WelcomeOrders("", r)
	if _, text := report.RenderWelcome(w); !strings.Contains(text, "orders:\n  []\n  # - develop:") {
		t.Errorf("the welcome of a player without a fleet to move does not send orders: []:\n%s", text)
	}
}
