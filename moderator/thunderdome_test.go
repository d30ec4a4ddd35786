package moderator_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/scenarios"
)

// tdPlayers are the players of scenarios/thunderdome.yaml.
var tdPlayers = []string{"lyran", "hydran", "gorn", "kzinti"}

// newThunderdomeHarness runs the Thunderdome IV example campaign by mail,
// past the welcome mails and the first reports.
func newThunderdomeHarness(t *testing.T) *harness {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	clk := clocktest.New(start)
	world := localmail.Start(t, localmail.Options{Domain: "example.test", Clock: clk})
	for _, u := range append([]string{"moderator", "gm", "stranger"}, tdPlayers...) {
		world.AddUser(u, password)
	}
	h := newBareHarness(t, ctx, world, clk)
	h.mod = h.newModerator()
	sc, err := config.ParseScenario("thunderdome.yaml", scenarios.Thunderdome, rules.Registry())
	if err != nil {
		t.Fatalf("thunderdome scenario: %v", err)
	}
	seats, err := h.mod.CreateCampaign(ctx, sc)
	if err != nil {
		t.Fatalf("CreateCampaign = %v", err)
	}
	for _, s := range seats {
		h.tokens[s.Player] = s.Token
	}
	h.run(ctx, cancel)
	for _, p := range tdPlayers {
		h.next(p).want(t, "Welcome to Thunderdome IV")
		h.next(p).want(t, "Turn 1")
	}
	h.next("gm")
	return h
}

// tdOrders writes a Thunderdome IV orders mail's body.
func (h *harness) tdOrders(p campaign.PlayerID, turn int, final bool, items ...string) string {
	return h.ordersIn("thunderdome", p, turn, final, items...)
}

// tdCurrent is the player whose turn is open, and a sector next to their
// home.
func (h *harness) tdCurrent() (campaign.PlayerID, campaign.SystemID) {
	h.t.Helper()
	c, err := h.campaignNamed("thunderdome")
	if err != nil {
		h.t.Fatal(err)
	}
	due := duePlayers(c)
	if len(due) != 1 {
		h.t.Fatalf("%v due; want one player", due)
	}
	st := h.turnStateOf("thunderdome", c.Turn)
	var home campaign.SystemID
	for _, f := range st.Fleets {
		if f.Owner == due[0] {
			home = f.At
		}
	}
	return due[0], campaign.NewGraph(st.Map).Neighbours(home)[0]
}

// TestThunderdomeByMail plays Thunderdome IV turns by mail: a player's
// turn in two mails, whose outcome everyone gets at once; a player not
// due refused with whose turns come first; a forfeit when the clock runs
// out; and a proxy's orders, answered to the proxy and the player.
func TestThunderdomeByMail(t *testing.T) {
	h := newThunderdomeHarness(t)
	first, to := h.tdCurrent()
	var other string
	for _, p := range tdPlayers {
		if p != string(first) {
			other = p
			break
		}
	}
	h.send(h.mailFrom(other, h.tdOrders(campaign.PlayerID(other), 1, true)))
	h.next(other).want(t, "It is not your turn", "Orders for it are due from "+string(first))

	h.send(h.mailFrom(string(first), h.tdOrders(first, 1, false, fmt.Sprintf("move: {fleet: f1, to: %s}", to))))
	h.next(string(first)).want(t, "Orders for turn 1 accepted", "are applied", "Your turn is not over")
	h.send(h.mailFrom(string(first), h.tdOrders(first, 1, true, fmt.Sprintf("move: {fleet: f2, to: %s}", to))))
	h.next(string(first)).want(t, "after those you sent earlier", "f1", "f2", "passes now")
	for _, p := range tdPlayers {
		h.next(p).want(t, "Turn 2")
	}
	if n := h.onFileIn("thunderdome", first, 1).Submission.Orders.Len(); n != 2 {
		t.Errorf("turn 1 resolved with %d orders on file; want both mails' 2", n)
	}

	// The second player sends nothing: at their deadline they forfeit.
	second, _ := h.tdCurrent()
	c, _ := h.campaignNamed("thunderdome")
	h.advanceTo(c.Seat(second).Deadline)
	for _, p := range tdPlayers {
		h.next(p).want(t, "Turn 3")
	}
	if c, _ := h.campaignNamed("thunderdome"); c.Seat(second).Forfeits != 1 {
		t.Errorf("%s forfeited %d turns; want 1", second, c.Seat(second).Forfeits)
	}

	// The third names a proxy, whose orders end the turn.
	third, _ := h.tdCurrent()
	body := fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\ncommand: proxy add stranger@example.test\n", third, h.tokens[third])
	h.send(h.mailFrom(string(third), body))
	h.next(string(third)).want(t, "Proxy added")
	h.send(h.mailFrom("stranger", h.tdOrders(third, 3, true)))
	h.next("stranger").want(t, "Orders for turn 3 accepted", "passes now")
	h.next(string(third)).want(t, "Orders for turn 3 accepted")
	for _, p := range tdPlayers {
		h.next(p).want(t, "Turn 4")
	}
}
