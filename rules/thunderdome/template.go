package thunderdome

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
)

// Offer is what the order template offers the player whose turn is open:
// one order, or a few to give together in their order, that Check
// accepts on the state as the turn opens, with what it costs there.
type Offer struct {
	// Kind is the order kind, the first order's.
	Kind string `json:"kind"`
	// Orders are the orders as players write them, in flow style without
	// the leading "- ".
	Orders []string `json:"orders"`
	// Points and BPV are what the orders cost together.
	Points int `json:"points"`
	BPV    BPV `json:"bpv,omitempty"`
	// Note says why it costs that, and what else the player should know,
	// with the rules.
	Note string `json:"note"`
}

// offerer gathers what the kinds offer (Kind.offer): a ctx over the
// state as the open turn starts, never applied to. The offer methods
// only read it; the checks they borrow from apply refuse into a
// collector nobody reads (fits).
type offerer struct {
	c   *ctx
	out []Offer
}

// offersFor is what the order template offers player p on st: for each
// kind in the table's order, the orders that fit now, each as its kind
// offers it. Nothing while the turn waits for battles or for a volunteer
// to play a non-player empire (Check refuses every order then) or is not
// p's, and only buys while a retreat debt
// takes every point (UTD7.46723).
func offersFor(st *campaign.State, x *Ext, p campaign.PlayerID) []Offer {
	if st.Ended || len(st.Battles) > 0 || calling(st) || x.current() != p || x.empire(p) == nil {
		return nil
	}
	o := &offerer{c: newCtx(st, x, p, &orders.Collector{})}
	for k := range kinds.All() {
		if _, isBuy := k.(*Buy); isBuy || o.c.left() >= 0 {
			k.offer(o)
		}
	}
	return o.out
}

// add offers orders of kind k, given together, for points and bpv,
// unless the player lacks either (spend and pay refuse then; an order
// costing no point passes even under a retreat debt, UTD7.46724).
func (o *offerer) add(k Kind, points int, bpv BPV, note string, lines ...string) {
	if points > 0 && points > o.c.left() || bpv > o.c.funds() {
		return
	}
	o.out = append(o.out, Offer{Kind: k.Name(), Orders: lines, Points: points, BPV: bpv, Note: note})
}

// fits reports whether a check of apply's passes on the state as it is,
// without refusing.
func (o *offerer) fits(check func() bool) bool {
	o.c.refused = false
	ok := check() && !o.c.refused
	o.c.refused = false
	return ok
}

// fleets are the player's fleets, in the state's order.
func (o *offerer) fleets() []*campaign.Fleet {
	var out []*campaign.Fleet
	for i := range o.c.st.Fleets {
		if f := &o.c.st.Fleets[i]; f.Owner == o.c.player {
			out = append(out, f)
		}
	}
	return out
}

// free reports whether a fleet may move on now: not pinned, trapped,
// freed this cycle, establishing or holding a wreck (Move.apply).
func (o *offerer) free(f *campaign.Fleet) bool {
	c := o.c
	fs := c.x.fleet(f.Owner, f.ID)
	return fs.Pinned != c.st.Turn && !fs.Trapped && fs.Released != c.x.Cycle && !c.establishing(f) && len(fs.Wrecked) == 0 &&
		!c.x.retreating(f.Owner, f.ID)
}

// lane is the first lane out of a fleet's sector that it may take
// (mayEnter), "" for none, and the sectors the other lanes lead to.
func (o *offerer) lane(f *campaign.Fleet, from campaign.SystemID) (campaign.SystemID, []string) {
	var to campaign.SystemID
	var others []string
	for _, s := range o.c.g.Neighbours(from) {
		if to == "" && o.fits(func() bool { return o.c.mayEnter(f, s, orders.Pos{}) }) {
			to = s
			continue
		}
		others = append(others, string(s))
	}
	return to, others
}

// moveCost is what a move out of a sector costs: 1 point, none from the
// player's own developed colony (UTD6.31, UTD4.334).
func (o *offerer) moveCost(from campaign.SystemID) (int, string) {
	if o.c.ownColony(from) {
		return 0, fmt.Sprintf("it leaves your developed colony at %s (UTD4.334)", from)
	}
	return 1, "one lane (UTD6.31)"
}

// legal reports whether a fleet of these units would break no fleet
// rule (UTD7.2661): an order that makes a fleet illegal needs a legal
// intention (UTD7.26652), which the template does not offer.
func (o *offerer) legal(f *campaign.Fleet, units []campaign.ClassName) bool {
	g := *f
	g.Units = units
	return len(o.c.x.illegal(o.c.st, &g)) == 0
}

// costText writes what an offer costs: "free", "1 point", "1 point and
// 110 BPV", "no order point, 100 BPV".
func costText(points int, bpv BPV) string {
	switch {
	case points == 0 && bpv == 0:
		return "free"
	case bpv == 0:
		return pts(points)
	case points == 0:
		return fmt.Sprintf("no order point, %s BPV", bpv)
	}
	return fmt.Sprintf("%s and %s BPV", pts(points), bpv)
}

// OrderTemplate renders the orders-<turn>.yaml attached to the report
// that opens a player's turn: a ready-to-edit orders document whose
// orders are the view's offers, each commented out with its cost and
// rule, so that the file sent back unchanged orders nothing. The first
// line points YAML editors at the orders' JSON Schema, schemaRef ("" to
// leave it out); the token, which no report carries, is a comment to
// complete. It reads nothing but the view; a view whose turn is not its
// player's, or of a campaign that is over, gives nil: that player's
// template comes with the report that opens their turn.
func OrderTemplate(v *View, schemaRef string) []byte {
	if v.Ended || v.waiting() || v.Current != v.Player {
		return nil
	}
	var b strings.Builder
	if schemaRef != "" {
		fmt.Fprintf(&b, "# yaml-language-server: $schema=%s\n", schemaRef)
	}
	comment := func(s string) { b.WriteString(report.Wrap(s, 76, "# ")) }
	comment(fmt.Sprintf("Orders for %s, turn %d (%s): %s (%s).", v.Title, v.Turn, turnDate(v.Cycle, v.Season, v.Year), v.Name, v.Player))
	b.WriteString("#\n")
	comment(`To give an order, remove the "# " before its "- " and change it as you like; lines starting with "#" are comments, ` +
		"so this file sent back unchanged orders nothing. Each order's comment gives its cost in order points and BPV on the " +
		"state as your turn opens, and its rule. Orders resolve at once, one after the other in the order you give them " +
		"(UTD6.121), so an order may change what the ones below it cost or allow. Mail the file back, as an attachment or in " +
		"the body of a plain-text mail.")
	b.WriteString("#\n")
	comment(pointsText(v))
	b.WriteString("#\n")
	fmt.Fprintf(&b, "campaign: %s\nplayer: %s\nturn: %d\n", v.Campaign, v.Player, v.Turn)
	b.WriteString("# Paste the token from your welcome mail after \"token:\" and remove the \"# \"\n" +
		"# before it; no report carries your token.\n" +
		"# token:\n" +
		"# final: true ends your turn with this mail; false (or left out) lets you\n" +
		"# send more orders in later mails before the deadline. Spending every\n" +
		"# order point ends it too (UTD6.121).\n" +
		"final: false\n" +
		"orders:\n")
	b.WriteString(offerLines(v.Offers))
	b.WriteString(prefsLines(v))
	return []byte(b.String())
}

// pointsText tells the order points and BPV the player has as the turn
// opens.
func pointsText(v *View) string {
	s := fmt.Sprintf("Order points this turn: %d (UTD6.2)", v.Points)
	if v.Debt > 0 {
		s += fmt.Sprintf(", less %s of retreat debt paid first (UTD7.4663): %d left", pts(v.Debt), max(v.Points-v.Debt, 0))
	}
	if e := v.own(); e != nil {
		s += fmt.Sprintf(". Bank: %s BPV", e.Bank)
		if e.Unbanked > 0 {
			s += fmt.Sprintf(", and %s BPV of unbanked income, lost at the end of the turn unless spent (UTD4.3236)", e.Unbanked)
		}
	}
	return s + ". Buying extra order points costs no order point, only BPV (UTD6.21)."
}

// padTo is the longest order the template pads to line up the costs of
// the orders after it.
const padTo = 44

// offerLines writes the offers as commented-out list items of orders:,
// in the table's order of kinds, each with its cost on its line and its
// note below, and the kinds with nothing to offer now.
func offerLines(offers []Offer) string {
	var b strings.Builder
	width := 0
	for _, o := range offers {
		for _, l := range o.Orders {
			if n := utf8.RuneCountInString(l); n <= padTo {
				width = max(width, n)
			}
		}
	}
	var none []string
	for k := range kinds.All() {
		first := true
		for _, o := range offers {
			if o.Kind != k.Name() {
				continue
			}
			if first {
				b.WriteString("  #\n")
				first = false
			}
			for i, l := range o.Orders {
				what := "with the order above"
				if i == 0 {
					what = costText(o.Points, o.BPV)
					if len(o.Orders) > 1 {
						what += fmt.Sprintf(" for these %d orders together", len(o.Orders))
					}
				}
				fmt.Fprintf(&b, "  # - %s   # %s\n", report.Pad(width, l), what)
			}
			if o.Note != "" {
				b.WriteString(report.Wrap(o.Note, 72, "  #     "))
			}
		}
		if first {
			none = append(none, k.Name())
		}
	}
	if len(none) > 0 {
		b.WriteString("  #\n")
		b.WriteString(report.Wrap("Nothing fits now for "+strings.Join(none, ", ")+"; the schema and the README tell what each needs.", 74, "  # "))
	}
	return b.String()
}

// own is the view's player's empire, nil for none.
func (v *View) own() *EmpireView {
	for i := range v.Empires {
		if v.Empires[i].Player == v.Player {
			return &v.Empires[i]
		}
	}
	return nil
}

// prefsLines writes the standing preferences as a commented-out prefs:
// block, with what stands now (UTD7.423, UTD4.333, UTD6.3I2).
func prefsLines(v *View) string {
	me := v.own()
	if me == nil {
		return ""
	}
	defend := "{}"
	if len(me.Defend) > 0 {
		var parts []string
		for _, at := range sortedKeys(me.Defend) {
			parts = append(parts, fmt.Sprintf("%s: %s", at, me.Defend[at]))
		}
		defend = "{" + strings.Join(parts, ", ") + "}"
	}
	captured := or2(me.Captured, PlaceFleet)
	var b strings.Builder
	b.WriteString("#\n")
	b.WriteString(report.Wrap("Standing preferences stay until a mail changes them; each key below is as it stands now. "+
		`To change one, remove the "# " before prefs: and before that key.`, 76, "# "))
	b.WriteString("# prefs:\n")
	fmt.Fprintf(&b, "#   defend: %s   # the fleet that fights for you, by sector; elsewhere your strongest (UTD7.423)\n", defend)
	fmt.Fprintf(&b, "#   raze: [%s]   # sectors where your fleets destroy enemy colonies and mines, not capture them (UTD4.333, UTD4.343)\n", strings.Join(names(me.Raze), ", "))
	fmt.Fprintf(&b, "#   captured: %s   # where ships you capture go: %s (UTD6.3I2)\n", captured, strings.Join(places, ", "))
	return b.String()
}

// exampleOrders is the welcome mail's orders: the offers to player p as
// the campaign starts, commented out with their costs; for a player
// whose turn is not open, a comment saying when the offers come.
func exampleOrders(st *campaign.State, p campaign.PlayerID) string {
	x, err := load(st)
	if err != nil {
		return ""
	}
	if x.current() != p {
		return report.Wrap(fmt.Sprintf("It is %s's turn first; the report that opens your turn carries the orders that fit then, with their costs (UTD2.1).",
			x.current()), 74, "  # ")
	}
	return strings.TrimPrefix(offerLines(offersFor(st, x, p)), "  #\n")
}

// fleetsBySector lists the sectors where the player has fleets, in the
// order of the first fleet in each, and the player's fleets in each.
func (o *offerer) fleetsBySector() ([]campaign.SystemID, map[campaign.SystemID][]*campaign.Fleet) {
	var at []campaign.SystemID
	by := map[campaign.SystemID][]*campaign.Fleet{}
	for _, f := range o.fleets() {
		if !slices.Contains(at, f.At) {
			at = append(at, f.At)
		}
		by[f.At] = append(by[f.At], f)
	}
	return at, by
}
