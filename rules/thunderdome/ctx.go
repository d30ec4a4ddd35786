package thunderdome

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// ctx is the working state of one player's turn while its orders apply,
// one by one in the player's order (UTD6.122): what an order kind's apply
// reads and changes. Check makes one on a copy of the state; Resolve on
// the next turn's state.
type ctx struct {
	// st is the working state and x its TD IV part; apply changes both.
	st *campaign.State
	x  *Ext
	g  *campaign.Graph
	// player is the player whose turn it is, and emp their accounts.
	player campaign.PlayerID
	emp    *Empire
	// used are the order points spent so far this turn.
	used int
	// problems collects refusals.
	problems *orders.Collector
	// Outcomes holds one outcome per order applied, in order.
	outcomes []Outcome
	// cur is the order being applied, and index its place in the turn's
	// list.
	cur   Order
	index int
	// refused is set once the order being applied is refused.
	refused bool
	// moved holds, for each fleet that entered a sector this turn, the
	// order that moved it there last (UTD7.2661: where it ends its moves).
	moved map[campaign.FleetID]orders.Pos
}

// Outcome is what one order did: its cost and what came of it, dice
// included. Reports show every player's outcomes (UTD3.1).
type Outcome struct {
	Order  string   `json:"order"`
	Points int      `json:"points"`
	BPV    BPV      `json:"bpv,omitempty"`
	Text   []string `json:"text,omitempty"`
}

// newCtx starts applying a player's orders to st, whose TD IV part is x.
func newCtx(st *campaign.State, x *Ext, player campaign.PlayerID, problems *orders.Collector) *ctx {
	return &ctx{st: st, x: x, g: campaign.NewGraph(st.Map), player: player, emp: x.empire(player), problems: problems}
}

// run applies the orders, in order, and stops at the first one refused:
// the orders below it are not applied. An order that makes a fleet
// illegal without a legal intention declared for it is refused
// (UTD7.26652). It reports whether every order applied.
func (c *ctx) run(list []Order) bool {
	for i, o := range list {
		c.cur, c.index, c.refused = o, i, false
		c.outcomes = append(c.outcomes, Outcome{Order: o.YAML()})
		if _, isBuy := o.Kind.(*Buy); !isBuy && c.left() < 0 {
			c.refuse(o.Pos, "UTD7.46723", fmt.Sprintf("your retreat debt of %s is more than your order points this turn (%d): you may give no orders at all, not even free ones",
				pts(c.emp.Owed), c.budget()),
				"buy extra order points first with "+(&Buy{}).Example()[2:]+" (UTD7.46724), or send final: true to pass the turn")
		} else {
			before := c.illegalFleets()
			o.Kind.apply(c)
			if !c.refused {
				c.deliberate(before)
			}
		}
		if c.refused {
			c.outcomes = c.outcomes[:len(c.outcomes)-1]
			return false
		}
	}
	return true
}

// budget is the player's order points this turn: one per player the
// campaign started with, never fewer (UTD6.2), plus the permanent and
// temporary extras (UTD6.21, UTD6.22).
func (c *ctx) budget() int { return c.x.InitialPlayers + c.emp.Permanent + c.emp.Temporary }

// left is what the player may still spend: the budget less the retreat
// debt, paid first (UTD7.4663), and the points spent.
func (c *ctx) left() int { return c.budget() - c.emp.Owed - c.used }

// debtNote says what of the turn's budget the retreat debt took first
// (UTD7.4663), or nothing when there is none.
func (c *ctx) debtNote() string {
	if c.emp.Owed == 0 {
		return ""
	}
	return fmt.Sprintf(", %s of it taken by retreat debt (UTD7.4663)", pts(c.emp.Owed))
}

// out is the outcome of the order being applied.
func (c *ctx) out() *Outcome { return &c.outcomes[len(c.outcomes)-1] }

// refuse refuses the order being applied: rule says why, msg what is
// wrong and hint what to send instead. at is the field at fault, or zero
// for the order.
func (c *ctx) refuse(at orders.Pos, rule, msg, hint string) {
	c.problems.Add(or(at, c.cur.Pos), rule, msg, hint)
	c.refused = true
}

// at is the position at index i, or zero.
func at(pos []orders.Pos, i int) orders.Pos {
	if i < len(pos) {
		return pos[i]
	}
	return orders.Pos{}
}

// spend charges order points, refusing the order when too few are left
// (UTD2.3 s4); the refusal names the turn's budget (UTD6.2).
func (c *ctx) spend(points int, rule string) bool {
	if points > c.left() {
		c.refuse(orders.Pos{}, rule, fmt.Sprintf("this order costs %s and you have %s left of %d this turn%s", pts(points), pts(max(c.left(), 0)), c.budget(), c.debtNote()),
			"drop it, or buy extra order points first with "+(&Buy{}).Example()[2:]+" (UTD6.21)")
		return false
	}
	c.used += points
	c.out().Points += points
	return true
}

// funds is the BPV the player may spend: the bank, with a capital, and
// the income received without one this turn (UTD4.3236).
func (c *ctx) funds() BPV {
	return c.x.bank(c.st, c.player) + c.emp.Unbanked
}

// pay spends BPV, unbanked income first (UTD4.3236), refusing the order
// when the player has too little.
func (c *ctx) pay(bpv BPV, rule, what string) bool {
	if bpv > c.funds() {
		c.refuse(orders.Pos{}, rule, fmt.Sprintf("%s costs %s BPV and you have %s", what, bpv, c.funds()),
			"drop it, or scrap ships for BPV first (UTD6.3F)")
		return false
	}
	from := min(bpv, c.emp.Unbanked)
	c.emp.Unbanked -= from
	c.x.setBank(c.st, c.player, c.x.bank(c.st, c.player)-(bpv-from))
	c.out().BPV += bpv
	return true
}

// say adds to what the order did.
func (c *ctx) say(format string, args ...any) {
	c.out().Text = append(c.out().Text, fmt.Sprintf(format, args...))
}

// roll throws n dice of the given sides for the order being applied: the
// same campaign, turn, order and purpose always throw the same dice, so
// that Resolve replays what Check answered (UTD1.5 by the campaign's
// seed). The throw is part of the order's outcome.
func (c *ctx) roll(n, sides int, purpose string) []int {
	d := dice(c.st.Seed, c.st.Turn, fmt.Sprintf("order %d: %s", c.index, purpose), n, sides)
	c.say("dice for %s: %s", purpose, diceText(d))
	return d
}

// dice throws n dice of the given sides, seeded from the campaign's seed,
// the turn and the purpose (DESIGN "Determinism").
func dice(seed uint64, turn int, purpose string, n, sides int) []int {
	h := fnv.New64a()
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], seed)
	binary.BigEndian.PutUint64(b[8:], uint64(turn))
	h.Write(b[:])
	h.Write([]byte(purpose))
	rng := rand.New(rand.NewPCG(h.Sum64(), 0x9e3779b97f4a7c15))
	out := make([]int, n)
	for i := range out {
		out[i] = 1 + rng.IntN(sides)
	}
	return out
}

// diceText writes a throw: "4", or "2, 6".
func diceText(d []int) string {
	parts := make([]string, len(d))
	for i, v := range d {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ", ")
}

// plural writes a count of a noun whose plural adds s: "1 lane",
// "2 lanes".
func plural(n int, noun string) string { return counted(n, noun, noun+"s") }

// counted writes a count with the noun's singular or plural: "1 die",
// "3 dice".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// pts writes a number of order points: "1 point", "3 points".
func pts(n int) string {
	if n == 1 {
		return "1 point"
	}
	return fmt.Sprintf("%d points", n)
}

// fleet returns one of the player's fleets, refusing the order when the
// player has none of that ID.
func (c *ctx) fleet(id campaign.FleetID, at orders.Pos, rule string) *campaign.Fleet {
	if f := c.st.Fleet(c.player, id); f != nil {
		return f
	}
	var mine []string
	for _, f := range c.st.Fleets {
		if f.Owner == c.player {
			mine = append(mine, string(f.ID))
		}
	}
	c.refuse(at, rule, fmt.Sprintf("you have no fleet %s", orders.Quote(string(id))), "your fleets are "+listOr(mine, "none"))
	return nil
}

// listOr joins names with commas, or gives none for no names.
func listOr(names []string, none string) string {
	if len(names) == 0 {
		return none
	}
	return strings.Join(names, ", ")
}

// event is a public event of the turn (UTD3.1): every player learns of it.
func (x *Ext) event(st *campaign.State, kind game.EventKind, at campaign.SystemID, rule, format string, args ...any) game.Event {
	return game.Event{Kind: kind, Players: st.PlayerIDs(), At: at, Rule: rule, Text: fmt.Sprintf(format, args...)}
}
