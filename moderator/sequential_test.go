package moderator_test

import (
	"slices"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/eaw"
)

// inTurns is turnAbout whose turns take several mails (game.Sequential):
// each mail's orders are added to those on file, and two orders spend a
// turn (game.Spent). It tells the order of play (game.TurnOrder) and
// grants a week at once on a real-life claim (game.ExtensionPolicy). It
// stands in for a ruleset played one player at a time, mail by mail, so
// that the daemon's side of such play is tested on its own.
type inTurns struct{ turnAbout }

var (
	_ game.Sequential      = inTurns{}
	_ game.TurnOrder       = inTurns{}
	_ game.ExtensionPolicy = inTurns{}
)

func (inTurns) Amend(onFile, incoming *orders.Submission) *orders.Submission {
	out := *incoming
	if onFile == nil {
		return &out
	}
	before, _ := orders.PartOf[[]eaw.Order](onFile.Orders)
	now, _ := orders.PartOf[[]eaw.Order](incoming.Orders)
	out.Orders = orders.NewPart(append(slices.Clone(before), now...))
	return &out
}

func (r inTurns) Check(st *campaign.State, sub *orders.Submission) (game.Checked, error) {
	c, err := r.turnAbout.Check(st, sub)
	if c == nil {
		return nil, err
	}
	return spentAfter{c, sub.Orders.Len() >= 2}, err
}

// Prepare checks as Check does: the embedded ruleset's Prepare would
// skip the spent mark.
func (r inTurns) Prepare(st *campaign.State) func(sub *orders.Submission) (game.Checked, error) {
	return func(sub *orders.Submission) (game.Checked, error) { return r.Check(st, sub) }
}

func (inTurns) Queue(st *campaign.State) []campaign.PlayerID {
	var in []campaign.PlayerID
	for _, p := range st.Players {
		if p.Active() {
			in = append(in, p.ID)
		}
	}
	if len(in) == 0 {
		return nil
	}
	first := (st.Turn - 1) % len(in)
	return append(in[first:], in[:first]...)
}

func (inTurns) RealLifeExtension() time.Duration { return 7 * 24 * time.Hour }

// spentAfter is a Checked that knows whether its orders spend the turn.
type spentAfter struct {
	game.Checked
	spent bool
}

func (s spentAfter) Spent() bool { return s.spent }

// newInTurnsHarness runs frontier under inTurns, past the welcome mails.
func newInTurnsHarness(t *testing.T) *harness {
	h := newHarnessWith(t, game.NewRegistry(inTurns{}))
	for _, p := range players {
		h.next(p).want(t, "Welcome to Frontier Wars")
		h.next(p).want(t, "Turn 1 (Y165 spring) is open")
	}
	return h
}

// ordersOnFile counts a player's orders on file for a turn.
func (h *harness) ordersOnFile(p campaign.PlayerID, turn int) int {
	h.t.Helper()
	rec := h.onFile(p, turn)
	if rec == nil {
		return 0
	}
	return rec.Submission.Orders.Len()
}

// TestSequentialTurnInSeveralMails: under a ruleset whose turns take
// several mails, each mail's orders are added to those on file and
// confirmed with the whole turn; a mail with a mistake changes nothing and
// says the orders on file stand; the turn passes within moments of the
// player marking it final, or of orders that spend it, with no poll of
// the inbox and no deadline in between. A player who is not due hears
// whose turns come before theirs, and nothing is filed.
func TestSequentialTurnInSeveralMails(t *testing.T) {
	skipUnderRace(t)
	h := newInTurnsHarness(t)
	h.send(h.mailFrom("ashari", h.orders("ashari", 1, true)))
	h.next("ashari").want(t, "It is not your turn", "Orders for it are due from vorn", "Yours comes after the turns of vorn and castellan, in that order")
	h.send(h.mailFrom("castellan", h.orders("castellan", 1, true)))
	h.next("castellan").want(t, "It is not your turn", "Yours comes next")
	if h.onFile("ashari", 1) != nil || h.onFile("castellan", 1) != nil {
		t.Fatal("orders from players not due are on file")
	}

	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 1st, path: [ferrum]}")))
	h.next("vorn").want(t, "Orders for turn 1 accepted", "are applied", "fleet: 1st", "Your turn is not over", "send more orders in another mail")
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 9th, path: [ferrum]}")))
	h.next("vorn").want(t, "not accepted", "Nothing of this mail was applied", "stand as they were", "send this mail's orders again")
	if n := h.ordersOnFile("vorn", 1); n != 1 {
		t.Fatalf("vorn has %d orders on file after a mail with a mistake; want the 1 he had", n)
	}

	// The second order spends the turn: it passes at once, on the same
	// fake clock.
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 2nd, path: [mistral]}")))
	confirm := h.next("vorn")
	confirm.want(t, "are applied, after those you sent earlier", "fleet: 1st", "fleet: 2nd", "your turn is over: it passes now")
	for _, p := range players {
		h.next(p).want(t, "Turn 2 report")
	}
	if n := h.ordersOnFile("vorn", 1); n != 2 {
		t.Errorf("vorn's turn resolved with %d orders on file; want both mails' 2", n)
	}

	// Castellan ends his turn with final: true and nothing ordered.
	h.send(h.mailFrom("castellan", h.orders("castellan", 2, true)))
	h.next("castellan").want(t, "You marked your turn final: it passes now")
	for _, p := range players {
		h.next(p).want(t, "Turn 3 report")
	}
	if c := h.campaign(); c.Turn != 3 || !slices.Equal(duePlayers(c), []campaign.PlayerID{"ashari"}) {
		t.Errorf("turn %d, %v due; want turn 3, ashari due", c.Turn, duePlayers(c))
	}
}

// TestSequentialClockRunsOut: a turn whose player sent orders but never
// ended it passes at their deadline with those orders, and counts no
// forfeit; the next player, who sends nothing, forfeits theirs.
func TestSequentialClockRunsOut(t *testing.T) {
	skipUnderRace(t)
	h := newInTurnsHarness(t)
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 1st, path: [ferrum]}")))
	h.next("vorn").want(t, "Your turn is not over")
	h.advanceTo(h.campaign().Seat("vorn").Deadline)
	for _, p := range players {
		h.next(p).want(t, "Turn 2 report")
	}
	h.advanceTo(h.campaign().Seat("castellan").Deadline)
	for _, p := range players {
		h.next(p).want(t, "Turn 3 report")
	}
	c := h.campaign()
	if v, cs := c.Seat("vorn").Forfeits, c.Seat("castellan").Forfeits; v != 0 || cs != 1 {
		t.Errorf("forfeits: vorn %d, castellan %d; want 0 and 1", v, cs)
	}
}

// TestRulesetGrantsRealLifeExtension: where the ruleset grants an
// extension at once on a real-life claim (game.ExtensionPolicy), the
// player due gets it without the GM, though the campaign's own settings
// grant none, and everyone is told; a second claim for the same turn, or
// a request for more than the ruleset grants, goes to the GM.
func TestRulesetGrantsRealLifeExtension(t *testing.T) {
	skipUnderRace(t)
	h := newInTurnsHarness(t)
	h.next("gm").want(t, "You are the GM of")
	if h.campaign().Moderation.Extensions.RealLifeWeek {
		t.Fatal("frontier grants the real-life week itself; the test needs a campaign that does not")
	}
	before := h.campaign().Seat("vorn").Deadline
	h.ask("vorn", `extension: {hours: 48, reason: "a funeral", real_life: true}`).want(t, "Granted: a week more for turn 1", "on your real-life claim")
	if got := h.campaign().Seat("vorn").Deadline; !got.Equal(before.Add(7 * 24 * time.Hour)) {
		t.Errorf("vorn's deadline = %v, want a week after %v", got, before)
	}
	h.next("gm").want(t, "vorn got a week's extension", "a funeral")
	for _, p := range []string{"castellan", "ashari", "tekkar"} {
		h.next(p).want(t, "real-life reasons")
	}
	h.ask("vorn", `extension: {hours: 24, real_life: true}`).want(t, "is with the GM")
	h.next("gm").want(t, "vorn asks for 24 more hours")
	h.quiet(append(players, "gm")...)
}
