package moderator_test

import (
	"regexp"
	"slices"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/store"
)

// TestProxyOrders: a player names an address that may send orders for
// them; its mail with the player's token is taken as the player's, and
// the answer goes to both. Before it is named, and after it is removed,
// the address is a stranger: never answered, nothing filed, and the
// player told (once a day) that their token came from another address. A
// proxy may not give the player's commands.
func TestProxyOrders(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	proxyOrders := func(final bool) string {
		return h.mailFrom("stranger", h.orders("vorn", 1, final, "move: {fleet: 1st, path: [ferrum]}"))
	}
	h.send(proxyOrders(false))
	h.next("vorn").want(t, "Your token was used from another address", "stranger@example.test")
	h.quiet("stranger", "vorn")
	if h.onFile("vorn", 1) != nil {
		t.Fatal("orders from an address vorn never named are on file")
	}

	h.ask("vorn", "command: proxy add Stranger@Example.test").want(t, "Proxy added", "stranger@example.test may now send orders and battle results for vorn")
	if got := h.campaign().Seat("vorn").Proxies; !slices.Equal(got, []string{"stranger@example.test"}) {
		t.Fatalf("vorn's proxies = %q", got)
	}
	h.ask("vorn", "command: proxy add vorn@example.test").want(t, "is your own address", "Nothing changed")

	h.send(proxyOrders(false))
	h.next("stranger").want(t, "Orders for turn 1 accepted", "fleet: 1st")
	h.next("vorn").want(t, "Orders for turn 1 accepted", "fleet: 1st")
	if rec := h.onFile("vorn", 1); rec == nil || rec.Submission.Orders.Len() != 1 {
		t.Fatalf("vorn's orders on file = %+v; want the proxy's one order", rec)
	}
	// A mistake is answered to both too; a command is not the proxy's to give.
	h.send(h.mailFrom("stranger", h.orders("vorn", 1, false, "move: {fleet: 9th, path: [ferrum]}")))
	h.next("stranger").want(t, "not accepted")
	h.next("vorn").want(t, "not accepted")
	h.send(h.mailFrom("stranger", "campaign: frontier\nplayer: vorn\ntoken: "+h.tokens["vorn"]+"\ncommand: resign\n"))
	h.next("stranger").want(t, "This address is a proxy for vorn: it may send orders and battle results for them, nothing else")
	h.next("vorn").want(t, "is a proxy for vorn")

	h.ask("vorn", "command: proxy remove stranger@example.test").want(t, "Proxy removed", "You have no proxy now")
	h.send(proxyOrders(true))
	h.quiet("stranger", "vorn")
	if rec := h.onFile("vorn", 1); rec.Submission.Final {
		t.Error("a removed proxy's orders replaced vorn's")
	}
}

// resignCodeOf reads the code a resignation's confirmation gives.
func resignCodeOf(t *testing.T, r *received) string {
	t.Helper()
	m := regexp.MustCompile(`command: resign ([A-Z2-7]{4}-[A-Z2-7]{4})`).FindStringSubmatch(r.body())
	if m == nil {
		t.Fatalf("the confirmation gives no code:\n%s", r.body())
	}
	return m[1]
}

// TestResignInTwoMails: command: resign alone changes nothing and
// answers with a code; a wrong code changes nothing; the code resigns the
// player at once: their fleets leave the map, everyone and the GM are
// told, and the turn goes on without them (Empires at War).
func TestResignInTwoMails(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	r := h.ask("ashari", "command: resign")
	r.want(t, "Confirm your resignation", "Nothing has changed yet")
	code := resignCodeOf(t, r)
	if !h.campaign().Seat("ashari").Active() {
		t.Fatal("ashari is out after asking to resign, before confirming")
	}
	h.ask("ashari", "command: resign ABCD-EFGH").want(t, "not the code that confirms your resignation")
	h.ask("ashari", "command: resign "+code).want(t, "You have resigned from Frontier Wars")
	for _, p := range []string{"vorn", "castellan", "tekkar", "gm"} {
		h.next(p).want(t, "ashari resigned", "Everything they held has left the map")
	}
	if s := h.campaign().Seat("ashari"); s.Active() || s.Out != "resigned" {
		t.Errorf("ashari's seat: out %q; want resigned", s.Out)
	}
	st := h.turnState(1)
	if slices.ContainsFunc(st.Fleets, func(f campaign.Fleet) bool { return f.Owner == "ashari" }) {
		t.Error("ashari's fleets are still on the map")
	}
	h.send(h.mailFrom("ashari", h.orders("ashari", 1, true)))
	h.next("ashari").want(t, "You are out of campaign frontier: resigned")
	h.quiet(append(players, "gm")...)
}

// TestResignOnYourTurn: a player who resigns on their own turn, under a
// ruleset played one player at a time, ends it: the turn passes at once
// to the player the ruleset names next, and everyone gets its report.
func TestResignOnYourTurn(t *testing.T) {
	skipUnderRace(t)
	h := newInTurnsHarness(t)
	code := resignCodeOf(t, h.ask("vorn", "command: resign"))
	h.ask("vorn", "command: resign "+code).want(t, "You have resigned")
	for _, p := range []string{"castellan", "ashari", "tekkar"} {
		h.next(p).want(t, "vorn resigned")
	}
	for _, p := range []string{"castellan", "ashari", "tekkar"} {
		h.next(p).want(t, "Turn 2 report")
	}
	if c := h.campaign(); c.Turn != 2 || len(duePlayers(c)) != 1 || duePlayers(c)[0] == "vorn" {
		t.Errorf("turn %d, %v due; want turn 2, another player due", c.Turn, duePlayers(c))
	}
}

// noResign is Empires at War without resignation.
type noResign struct{ game.Ruleset }

// TestNoResignWithoutTheRules: under a ruleset with no resignation, the
// daemon refuses it and nothing changes.
func TestNoResignWithoutTheRules(t *testing.T) {
	skipUnderRace(t)
	h := newHarnessWith(t, game.NewRegistry(noResign{eaw.Ruleset{}}))
	for _, p := range players {
		h.next(p)
		h.next(p)
	}
	h.ask("vorn", "command: resign").want(t, "have no resignation, so nothing changed")
	if !h.campaign().Seat("vorn").Active() {
		t.Error("vorn is out")
	}
}

// turnState reads the state of a turn of frontier as the store holds it.
func (h *harness) turnState(turn int) *campaign.State { return h.turnStateOf("frontier", turn) }

// turnStateOf reads the state of a campaign's turn as the store holds it.
func (h *harness) turnStateOf(id campaign.ID, turn int) *campaign.State {
	h.t.Helper()
	var rec *store.TurnRecord
	if err := h.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn(id, turn); return err }); err != nil {
		h.t.Fatal(err)
	}
	return rec.State
}

// campaignNamed reads a campaign's record.
func (h *harness) campaignNamed(id campaign.ID) (*store.Campaign, error) {
	var c *store.Campaign
	err := h.db.View(func(tx *store.Tx) (err error) { c, err = tx.Campaign(id); return err })
	return c, err
}

// onFileIn returns a player's orders on file in a campaign, or nil.
func (h *harness) onFileIn(id campaign.ID, p campaign.PlayerID, turn int) *store.OrdersRecord {
	h.t.Helper()
	var rec *store.OrdersRecord
	if err := h.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Orders(id, turn, p); return err }); err != nil {
		h.t.Fatal(err)
	}
	return rec
}
