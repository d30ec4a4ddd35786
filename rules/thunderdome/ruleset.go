package thunderdome

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Name is the ruleset's name in scenario files.
const Name = "thunderdome"

// Version is the version of TD IV's resolution, stamped into every
// resolved turn: raise it whenever the same state and orders would resolve
// otherwise. docs/rules-thunderdome.md, "Resolver versions", says what
// each version changed.
const Version = 6

// Ruleset is Thunderdome IV. Its zero value is ready to use.
type Ruleset struct{}

var _ game.Ruleset = Ruleset{}

// Name returns "thunderdome".
func (Ruleset) Name() string { return Name }

// Version is TD IV's resolver version.
func (Ruleset) Version() int { return Version }

// Amend returns the orders the open turn holds after a new mail: those
// on file, then the new mail's, all applied again in that order
// (UTD6.122). The header comes from the new mail, and so does each
// standing preference (defend:, raze:, captured:) it gives; those it leaves out stay
// as on file.
func (Ruleset) Amend(onFile, incoming *orders.Submission) *orders.Submission {
	if onFile == nil {
		return incoming
	}
	out := *incoming
	old, errOld := content(onFile)
	cur, errCur := content(incoming)
	if errOld != nil || errCur != nil {
		return incoming // Check reports an unreadable part
	}
	out.Orders = orders.NewPart(append(old, cur...))
	now, errNow := prefsOf(incoming)
	was, errWas := prefsOf(onFile)
	switch {
	case errNow != nil || errWas != nil: // Check reports an unreadable part
	case !now.given():
		out.Prefs = onFile.Prefs // standing preferences stay until a mail changes them
	case was.given():
		out.Prefs = orders.NewPart(now.over(was)) // each key a mail leaves out stays
	}
	return &out
}

// Check applies a submission to a copy of the state, order by order
// (UTD6.121, UTD6.122), and tells what each order did. An order that
// cannot be given is refused with its rule, and the orders below it are
// not applied; the mail then stands or falls as a whole. Once the orders
// are final, an illegal fleet left in an unknown sector is refused
// (UTD7.2661).
func (Ruleset) Check(st *campaign.State, sub *orders.Submission) (game.Checked, error) {
	if st == nil || sub == nil {
		return nil, errors.New("thunderdome: check: nil state or submission")
	}
	x, err := load(st)
	if err != nil {
		return nil, err
	}
	var c orders.Collector
	if len(st.Battles) > 0 {
		c.Add(sub.Pos["player"], "UTD2.3", fmt.Sprintf("%s's turn waits for the results of battles %s", x.current(), strings.Join(battleIDs(st.Battles), ", ")),
			"send your orders once they are settled: the next turn opens then")
		return nil, c.Err()
	}
	if calling(st) {
		c.Add(sub.Pos["player"], "UTD5.231", fmt.Sprintf("%s's turn waits for a volunteer to play a non-player empire", x.current()),
			"volunteer by answering the call's mail, or send your orders once it closes: the next turn opens then")
		return nil, c.Err()
	}
	if x.current() != sub.Player {
		c.Add(sub.Pos["player"], "UTD2.1", fmt.Sprintf("it is %s's turn, not %s's", x.current(), sub.Player),
			"send your orders when your turn comes; the turn order is "+orderList(x))
		return nil, c.Err()
	}
	list, err := content(sub)
	if err != nil {
		return nil, err
	}
	prefs, err := prefsOf(sub)
	if err != nil {
		return nil, err
	}
	// x is decoded afresh from st, so it serves as the copy's TD IV
	// state: the orders change it and work, never st.
	ctx := newCtx(st.Clone(), x, sub.Player, &c)
	if ctx.run(list) {
		ctx.setPrefs(prefs)
		if sub.Final || ctx.left() <= 0 {
			ctx.explorers()
		}
	}
	return &checked{list: list, ctx: ctx, prefs: prefs}, c.Err()
}

// orderList writes the turn order: "ashari, vorn, tekkar".
func orderList(x *Ext) string { return strings.Join(names(x.Order), ", ") }

// checked is a submission applied to a copy of the state.
type checked struct {
	list []Order
	ctx  *ctx
	// prefs are the standing preferences the mails gave.
	prefs Prefs
}

// Echo writes each order applied with its cost and outcome.
func (c *checked) Echo() string {
	var b strings.Builder
	b.WriteString("orders:\n")
	for _, o := range c.ctx.outcomes {
		fmt.Fprintf(&b, "  - %s\n", o.Order)
		fmt.Fprintf(&b, "    # %s%s\n", pts(o.Points), bpvNote(o.BPV))
		for _, t := range o.Text {
			fmt.Fprintf(&b, "    # %s\n", t)
		}
	}
	return b.String()
}

// bpvNote is ", 100 BPV" for an order that spent BPV.
func bpvNote(bpv BPV) string {
	if bpv == 0 {
		return ""
	}
	return fmt.Sprintf(", %s BPV", bpv)
}

// Summary says what the turn has spent and what is left.
func (c *checked) Summary() string {
	x := c.ctx
	s := fmt.Sprintf("Order points: %d this turn, %d spent, %d left", x.budget(), x.used, max(x.left(), 0))
	if x.emp.Owed > 0 {
		s += fmt.Sprintf(" (%s of retreat debt paid first, UTD7.4663)", pts(x.emp.Owed))
	}
	s += fmt.Sprintf(".\nBank: %s BPV", x.x.bank(x.st, x.player))
	if x.emp.Unbanked > 0 {
		s += fmt.Sprintf("; unbanked income %s BPV, lost at the end of the turn unless spent (UTD4.3236)", x.emp.Unbanked)
	}
	s += ".\n"
	if c.prefs.Defend != nil {
		s += "Fleets that fight for you: " + defendText(x.emp.Defend) + ".\n"
	}
	if c.prefs.Raze != nil {
		s += "Sectors where your fleets destroy enemy colonies and mines rather than capture them: " + razeText(x.emp.Raze) + ".\n"
	}
	s += x.illegalText()
	if c.prefs.Captured != "" {
		s += "Ships you capture go " + placeText(x.emp.Captured) + ".\n"
	}
	// The confirmation's frame says whether the turn goes on, once.
	return s
}

// Spent reports whether the player has no order points left: the turn
// ends as if final (UTD6.121).
func (c *checked) Spent() bool { return c.ctx.left() <= 0 }

var _ game.Calendar = Ruleset{}

// TurnDate names the turn st opens by its cycle and season (UTD2.2), as
// the reports do: "cycle 1.0, spring Y165".
func (Ruleset) TurnDate(st *campaign.State) string {
	x, err := load(st)
	if err != nil {
		return st.Date().String()
	}
	year, spring := x.Year(x.Cycle)
	return turnDate(CycleLabel(x.Cycle), season(spring), year)
}

// turnDate writes a turn's cycle and season: "cycle 1.0, spring Y165"
// (UTD2.2).
func turnDate(cycle, season string, year int) string {
	return fmt.Sprintf("cycle %s, %s Y%d", cycle, season, year)
}

// Observe returns every player's view of a state no turn was resolved
// into: the reports that start a campaign.
func (Ruleset) Observe(st *campaign.State) []game.View {
	return viewsOf(st, loadOrEmpty(st), nil)
}

// Replay rebuilds the views a resolution gave from its state and events.
func (Ruleset) Replay(next *campaign.State, events []game.Event) []game.View {
	return viewsOf(next, loadOrEmpty(next), events)
}

// DecodeView reads a view back from its JSON.
func (Ruleset) DecodeView(data []byte) (game.View, error) {
	var v View
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("thunderdome: read view: %w", err)
	}
	return &v, nil
}

// Example is the player's first fleet moving one lane on, for hints,
// and for the welcome mail the orders the order template offers them as
// the campaign starts, commented out with their costs (exampleOrders).
func (Ruleset) Example(st *campaign.State, p campaign.PlayerID) game.Example {
	ex := game.Example{Orders: exampleOrders(st, p)}
	g := campaign.NewGraph(st.Map)
	for _, f := range st.Fleets {
		if next := g.Neighbours(f.At); f.Owner == p && len(next) > 0 {
			ex.Order = fmt.Sprintf("move: {fleet: %s, to: %s}", f.ID, next[0])
			break
		}
	}
	return ex
}
