package moderator_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/thunderdome"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
)

// tdPlayers are the players of scenarios/thunderdome.yaml.
var tdPlayers = []string{"lyran", "hydran", "gorn", "kzinti"}

// newThunderdomeHarness runs the Thunderdome IV example campaign by mail,
// past the welcome mails and the first reports.
func newThunderdomeHarness(t *testing.T) *harness {
	t.Helper()
	h := newThunderdomeStarted(t)
	for _, p := range tdPlayers {
		h.next(p).want(t, "Welcome to Thunderdome IV")
		h.next(p).want(t, "Turn 1")
	}
	h.next("gm")
	return h
}

// newThunderdomeStarted starts the Thunderdome IV example campaign, its
// scenario's text changed by edit, pairs of a text and what replaces it;
// no mail is read yet.
func newThunderdomeStarted(t *testing.T, edit ...string) *harness {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	clk := clocktest.New(start)
	world := localmail.Start(t, localmail.Options{Domain: "example.test", Clock: clk})
	for _, u := range append([]string{"moderator", "gm", "stranger"}, tdPlayers...) {
		world.AddUser(u, password)
	}
	h := newBareHarness(t, ctx, world, clk)
	h.mod = h.newModerator()
	src := string(scenarios.Thunderdome)
	for i := 0; i+1 < len(edit); i += 2 {
		if !strings.Contains(src, edit[i]) {
			t.Fatalf("the thunderdome scenario has no %q", edit[i])
		}
		src = strings.Replace(src, edit[i], edit[i+1], 1)
	}
	sc, err := config.ParseScenario("thunderdome.yaml", []byte(src), rules.Registry())
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
	skipUnderRace(t)
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

// tdOthers are the players of the Thunderdome IV campaign but p.
func tdOthers(p campaign.PlayerID) []string {
	return slices.DeleteFunc(slices.Clone(tdPlayers), func(o string) bool { return o == string(p) })
}

// tdCampaign reads the Thunderdome IV campaign's record.
func (h *harness) tdCampaign() *store.Campaign {
	h.t.Helper()
	c, err := h.campaignNamed("thunderdome")
	if err != nil {
		h.t.Fatal(err)
	}
	return c
}

// tdResign resigns a player of the Thunderdome IV campaign in two mails.
func (h *harness) tdResign(p campaign.PlayerID) {
	h.t.Helper()
	code := resignCodeOf(h.t, h.askIn("thunderdome", string(p), "command: resign"))
	h.askIn("thunderdome", string(p), "command: resign "+code).want(h.t, "You have resigned from Thunderdome IV")
}

// TestUTD3_32_RealLifeWeekAtOnce: the player due who cites real-life
// reasons gets a week more at once, without the GM, though the campaign's
// own settings grant none; everyone is told, and the GM hears of it.
func TestUTD3_32_RealLifeWeekAtOnce(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p, _ := h.tdCurrent()
	c := h.tdCampaign()
	if c.Moderation.Extensions.RealLifeWeek {
		t.Fatal("the scenario grants the real-life week itself; the test needs the ruleset to")
	}
	before := c.Seat(p).Deadline
	h.askIn("thunderdome", string(p), `extension: {hours: 24, reason: "moving house", real_life: true}`).
		want(t, "Granted: a week more for turn 1", "on your real-life claim")
	if got := h.tdCampaign().Seat(p).Deadline; !got.Equal(before.Add(7 * 24 * time.Hour)) {
		t.Errorf("%s's deadline = %v, want a week after %v", p, got, before)
	}
	for _, o := range tdOthers(p) {
		h.next(o).want(t, string(p), "real-life reasons", "(UTD3.32)")
	}
	h.next("gm").want(t, string(p)+" got a week's extension", "moving house")
	h.quiet(append(tdPlayers, "gm")...)
}

// TestUTD3_91_ResignOnYourTurn: a player who resigns on their own turn
// leaves the map at once, with every unit, and everyone is told; the next
// player's turn opens at once, and its report shows none of the
// resigned player's units.
func TestUTD3_91_ResignOnYourTurn(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p, _ := h.tdCurrent()
	h.tdResign(p)
	for _, o := range append(tdOthers(p), "gm") {
		h.next(o).says(t, string(p)+" resigned", "every unit of theirs has left the map (UTD3.91)")
	}
	for _, o := range tdOthers(p) {
		r := h.next(o)
		r.want(t, "Turn 2")
		r.says(t, "is out of the campaign: resigned", "left during their own turn", "capital none")
		r.wantNot(t, string(p)+" f1 at", "owned by "+string(p))
	}
	c := h.tdCampaign()
	st := h.turnStateOf("thunderdome", 2)
	if queue := (thunderdome.Ruleset{}).Queue(st); c.Turn != 2 || len(queue) != 3 || !slices.Equal(duePlayers(c), queue[:1]) {
		t.Errorf("turn %d, %v due, queue %v; want turn 2 open for the first of 3 players left", c.Turn, duePlayers(c), queue)
	}
	if slices.ContainsFunc(st.Fleets, func(f campaign.Fleet) bool { return f.Owner == p }) ||
		slices.ContainsFunc(st.Developments, func(d campaign.Development) bool { return d.Owner == p }) {
		t.Errorf("%s's units are still on the map", p)
	}
	h.quiet(tdPlayers...)
}

// TestUTD3_31_DroppedAfterThreeForfeits: a player who lets the clock run
// out on three turns of theirs in a row is dropped at the third: they and
// the GM are told, everyone else reads it in the report of the turn, and
// their units have left the map.
func TestUTD3_31_DroppedAfterThreeForfeits(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	idle, _ := h.tdCurrent()
	for round := 1; round <= 3; round++ {
		c := h.tdCampaign()
		h.advanceTo(c.Seat(idle).Deadline)
		if round == 3 {
			h.next(string(idle)).want(t, "You are out of Thunderdome IV", "dropped after 3 turns in a row without orders")
			h.next("gm").want(t, string(idle)+" is out of Thunderdome IV")
			for _, o := range tdOthers(idle) {
				r := h.next(o)
				r.want(t, fmt.Sprintf("Turn %d", c.Turn+1))
				r.says(t, "is out of the campaign: dropped after 3 turns in a row without orders", "capital none")
				r.wantNot(t, string(idle)+" f1 at")
			}
			break
		}
		for _, p := range tdPlayers {
			h.next(p).want(t, fmt.Sprintf("Turn %d", c.Turn+1))
		}
		for range 3 {
			p, _ := h.tdCurrent()
			n := h.tdCampaign().Turn
			h.send(h.mailFrom(string(p), h.tdOrders(p, n, true)))
			h.next(string(p)).want(t, "passes now")
			for _, o := range tdPlayers {
				h.next(o).want(t, fmt.Sprintf("Turn %d", n+1))
			}
		}
	}
	c := h.tdCampaign()
	if s := c.Seat(idle); s.Active() || s.Forfeits != 3 || !strings.Contains(s.Out, "(UTD3.31)") {
		t.Errorf("%s: out %q after %d forfeits; want dropped after 3, citing UTD3.31", idle, s.Out, s.Forfeits)
	}
	if st := h.turnStateOf("thunderdome", c.Turn); slices.ContainsFunc(st.Fleets, func(f campaign.Fleet) bool { return f.Owner == idle }) {
		t.Errorf("%s's fleets are still on the map", idle)
	}
	if due := duePlayers(c); len(due) != 1 || due[0] == idle {
		t.Errorf("%v due; want the next player", due)
	}
}

// TestUTD1_9_LastPlayerStandingWins: when the others have resigned, the
// one player left on the map wins at once: the campaign ends, every
// player, those out too, gets the final report that names the winner and
// opens no turn, and the GM is told.
func TestUTD1_9_LastPlayerStandingWins(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	winner, _ := h.tdCurrent()
	out := tdOthers(winner)
	for i, p := range out {
		h.tdResign(campaign.PlayerID(p))
		for _, o := range append(append([]string{string(winner)}, out[i+1:]...), "gm") {
			h.next(o).says(t, p+" resigned")
		}
	}
	h.next("gm").want(t, "Thunderdome IV has ended: "+string(winner)+" won it")
	h.tdWonBy(winner)
	h.send(h.mailFrom(string(winner), h.tdOrders(winner, 2, true)))
	h.next(string(winner)).want(t, "ended")
	h.quiet(append(tdPlayers, "gm")...)
}

// TestUTD3_3_ReminderBeforeTheClockRunsOut: the player whose turn it is
// is reminded before their week is out, as the campaign's reminders
// say, and forfeits at its end; the players who owe nothing hear no
// reminder, so their next mail is the report of the turn passed.
func TestUTD3_3_ReminderBeforeTheClockRunsOut(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	first, _ := h.tdCurrent()
	due := h.tdCampaign().Seat(first).Deadline
	h.advanceTo(due.Add(-24 * time.Hour))
	h.next(string(first)).want(t, "Turn 1 of Thunderdome IV is due in 24 hours", "forfeit the turn: nothing of yours moves (UTD3.31).")
	h.advanceTo(due.Add(-2 * time.Hour))
	h.next(string(first)).want(t, "Turn 1 of Thunderdome IV is due in 2 hours")
	h.advanceTo(due)
	for _, p := range tdPlayers {
		h.next(p).want(t, "Turn 2", string(first)+" sent no orders in time")
	}
}

// TestUTD6_37_ShipyardOrdersByMail: a shipyard activation over capacity
// is refused at intake with the capacity left, and nothing is filed; a
// mail that activates the capital's yard and revises the home's defenses
// is confirmed with what it costs, and the build arrives with the turn
// (UTD6.37, UTD6.372, UTD6.3A, UTD6.3734).
func TestUTD6_37_ShipyardOrdersByMail(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p, _ := h.tdCurrent()
	st := h.turnStateOf("thunderdome", 1)
	home := st.Player(p).Home
	bank := st.Player(p).Treasury

	over := fmt.Sprintf("activate_shipyard: {sector: %s, jobs: [{build: battlecruiser, into: f1}, {build: battlecruiser, into: f2}, {build: battlecruiser, into: f3}]}", home)
	h.send(h.mailFrom(string(p), h.tdOrders(p, 1, false, over)))
	h.next(string(p)).want(t, "not accepted", "too little capacity left", "UTD6.3721")
	if rec := h.onFileIn("thunderdome", p, 1); rec != nil {
		t.Errorf("a refused shipyard order left orders on file: %+v", rec.Submission)
	}

	ok := fmt.Sprintf("activate_shipyard: {sector: %s, jobs: [{build: battlecruiser, into: f1}]}", home)
	def := fmt.Sprintf("revise_defenses: {sector: %s, build: [defsat]}", home)
	h.send(h.mailFrom(string(p), h.tdOrders(p, 1, true, ok, def)))
	h.next(string(p)).want(t, "Orders for turn 1 accepted", "activate_shipyard", "revise_defenses", "passes now")
	for _, q := range tdPlayers {
		h.next(q).want(t, "Turn 2")
	}
	next := h.turnStateOf("thunderdome", 2)
	if f := next.Fleet(p, "f1"); f == nil || !slices.Contains(f.Units, "battlecruiser") || len(f.Units) != len(st.Fleet(p, "f1").Units)+1 {
		t.Errorf("%s's f1 after the turn = %+v; want the new battlecruiser in it", p, f)
	}
	if got := next.Player(p).Treasury; got >= bank {
		t.Errorf("bank %d after building, was %d; want the build and the defense paid for", got, bank)
	}
}

// TestUTD2_1_WelcomesTellTheTurnOrder: each player's welcome says their
// place in the turn order and when their turn comes: the first player's
// that the open turn is theirs and when it is due, each other's the turn
// that will be theirs and when it opens at the latest, each turn before
// running its full clock (UTD2.1, UTD3.3), never the first player's
// deadline as their own. The GM's welcome says whose turn is first and,
// as the players decide by vote (UTD1.7), what the GM does there.
func TestUTD2_1_WelcomesTellTheTurnOrder(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeStarted(t, "timezone: UTC", "timezone: Asia/Tokyo")
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Fatal(err)
	}
	c := h.tdCampaign()
	queue := thunderdome.Ruleset{}.Queue(h.turnStateOf("thunderdome", 1))
	due := c.Seat(queue[0]).Deadline
	order := fmt.Sprintf("(%s, %s, %s, %s)", queue[0], queue[1], queue[2], queue[3])
	places := []string{"first", "second", "third", "fourth"}
	for i, p := range queue {
		w := h.next(string(p))
		h.next(string(p)).want(t, "Turn 1")
		if i == 0 {
			w.want(t, "Turn 1 is open, and it is yours: you play first in the turn order "+order,
				"Your orders are due "+report.FormatDeadline(due, tokyo), "turn: 1")
			continue
		}
		opens := due.AddDate(0, 0, 8*(i-1))
		w.want(t, fmt.Sprintf("You play %s in the turn order %s: your turn, turn %d, comes after those of", places[i], order, i+1),
			"by "+report.FormatDeadline(opens, tokyo)+" at the latest", fmt.Sprintf("turn: %d", i+1))
		w.wantNot(t, "Turn 1 is open", "Orders are due")
	}
	gm := h.next("gm")
	gm.want(t, fmt.Sprintf("it is %s's, the first in the turn order", queue[0]), "the players decide by vote what a GM decides elsewhere (UTD1.7)")
	gm.wantNot(t, "reply to them with")
}

// TestThunderdomeConfirmationsSayItOnce: a Thunderdome IV confirmation
// says once how the turn goes on, and a final one only that it passes; a
// mail with a mistake asks for its own orders again, as a turn's orders
// are added mail by mail (UTD6.121), never for the whole set; a proxy's
// mail for another player is answered as the proxy's; a resigned
// player's vote is told a resignation cannot be undone, not to write to
// a GM who decides nothing here (UTD1.11).
func TestThunderdomeConfirmationsSayItOnce(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p, to := h.tdCurrent()
	h.send(h.mailFrom(string(p), h.tdOrders(p, 1, false, "move: {fleet: f9, to: nowhere}")))
	bad := h.next(string(p))
	bad.want(t, "not accepted", "Fix the mistakes and send this mail's orders again.")
	bad.wantNot(t, "whole set")

	h.send(h.mailFrom(string(p), h.tdOrders(p, 1, false, fmt.Sprintf("move: {fleet: f2, to: %s}", to))))
	more := h.next(string(p))
	more.want(t, "Your turn is not over")
	if n := strings.Count(more.body(), "final: true"); n != 1 {
		t.Errorf("the confirmation says %d times how to end the turn; want once:\n%s", n, more.body())
	}

	h.send(h.mailFrom(string(p), fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\ncommand: proxy add stranger@example.test\n", p, h.tokens[p])))
	h.next(string(p)).want(t, "Proxy added")
	other := campaign.PlayerID(tdOthers(p)[0])
	h.send(h.mailFrom("stranger", strings.Replace(h.tdOrders(p, 1, false), "player: "+string(p), "player: "+string(other), 1)))
	proxy := h.next("stranger")
	proxy.want(t, "This address is "+string(p)+"'s proxy in thunderdome: it sends orders and battle results for "+string(p)+`, not for "`+string(other)+`"`)
	proxy.wantNot(t, "This address plays")
	h.next(string(p)).want(t, "proxy")

	h.send(h.mailFrom(string(p), h.tdOrders(p, 1, true)))
	final := h.next(string(p))
	final.want(t, "You marked your turn final: it passes now")
	final.wantNot(t, "Send more orders", "Your turn is not over")
	for _, q := range tdPlayers {
		h.next(q).want(t, "Turn 2")
	}

	quitter := campaign.PlayerID(tdOthers(p)[1])
	h.tdResign(quitter)
	h.settle()
	for _, u := range append(tdOthers(quitter), "gm") {
		for h.inboxSize(u) > h.read[u] {
			h.next(u)
		}
	}
	out := h.tdAsk(quitter, "command: vote rule-1 yes")
	out.want(t, "You are out of campaign thunderdome: resigned. A resignation cannot be undone by mail.")
	out.wantNot(t, "Write to the GM")
}

// TestUTD6_2_RefusalByMailNamesTheBudget: orders that spend more points
// than the turn has are refused by mail, the refusal naming what the
// order costs, what is left and of what budget (UTD6.2), and nothing is
// filed.
func TestUTD6_2_RefusalByMailNamesTheBudget(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p, to := h.tdCurrent()
	home := h.turnStateOf("thunderdome", 1).Player(p).Home
	var moves []string
	for range 5 {
		moves = append(moves, fmt.Sprintf("move: {fleet: f1, to: %s}", to), fmt.Sprintf("move: {fleet: f1, to: %s}", home))
	}
	h.send(h.mailFrom(string(p), h.tdOrders(p, 1, false, moves...)))
	r := h.next(string(p))
	r.want(t, "Orders not accepted")
	r.says(t, "this order costs 1 point and you have 0 points left of 4 this turn")
	if rec := h.onFileIn("thunderdome", p, 1); rec != nil {
		t.Errorf("refused orders left orders on file: %+v", rec.Submission)
	}
}

// TestUTD6_3F_ScrapRefundByMail: a player scraps a frigate of 55 BPV by
// mail: the reply says 27.5 BPV came back and the bank holds the half,
// and so does every player's report of the turn (UTD6.3F: "retain all
// fractions").
func TestUTD6_3F_ScrapRefundByMail(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p, _ := h.tdCurrent()
	bank := h.turnStateOf("thunderdome", 1).Player(p).Treasury
	h.send(h.mailFrom(string(p), h.tdOrders(p, 1, true, "scrap: {fleet: f2, units: [frigate]}")))
	h.next(string(p)).says(t, "27.5 BPV, half their BPV, came back", fmt.Sprintf("Bank: %d.5 BPV", bank+27))
	for _, q := range tdPlayers {
		r := h.next(q)
		r.want(t, "Turn 2")
		r.says(t, fmt.Sprintf("%s (%s): bank %d.5 BPV", p, h.turnStateOf("thunderdome", 1).Player(p).Name, bank+27))
	}
}

// tdWonBy checks that every player, those out too, got the final report
// naming winner the last player on the map (UTD1.9), which opens no
// turn, and that the campaign ended with nobody due.
func (h *harness) tdWonBy(winner campaign.PlayerID) {
	h.t.Helper()
	final := fmt.Sprintf("%s is the last player on the map and wins the campaign (UTD1.9)", winner)
	for _, p := range tdPlayers {
		r := h.next(p)
		r.want(h.t, "The campaign is over")
		r.says(h.t, final)
		r.wantNot(h.t, "opens (UTD2.3 steps 1-3)")
	}
	if c := h.tdCampaign(); c.Status != store.Ended || len(duePlayers(c)) != 0 {
		h.t.Errorf("campaign %s with %v due; want ended, nobody due", c.Status, duePlayers(c))
	}
}
