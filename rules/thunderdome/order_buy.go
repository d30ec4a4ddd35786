package thunderdome

import (
	"fmt"

	"github.com/pbemd/pbemd/orders"
)

// Buy buys extra order points, for this turn or for good, and extra
// fleets (UTD6.21–6.23, UTD7.22). It costs no order point, and may be
// given while retreat debt leaves no points for other orders (UTD7.46724).
type Buy struct {
	// OrderPoints are temporary points, for this turn only (UTD6.21).
	OrderPoints int `json:"order_points,omitempty"`
	// Permanent are permanent points (UTD6.22).
	Permanent int `json:"permanent,omitempty"`
	// Fleets are extra fleets, for good (UTD7.22).
	Fleets int `json:"fleets,omitempty"`
	// Pos is where the order's fields were written.
	Pos orders.Pos `json:"pos"`
}

// The prices of extras.
var (
	// tierPrice is the total price of 1, 2 or 3 extra order points in a
	// turn (UTD6.21): the tiers are totals, not added up.
	tierPrice = [4]int{0, 100, 200, 400}
	// fleetPrice is the total price of 1, 2 or 3 extra fleets (UTD7.22).
	fleetPrice = [4]int{0, 250, 500, 1000}
)

// PermanentPrice is the price of one permanent order point (UTD6.22).
const PermanentPrice = 750

// MaxExtras is the most extra order points a player has in a turn,
// permanent and temporary together (UTD6.22, UTD6.23), and the most extra
// fleets (UTD7.22, reading).
const MaxExtras = 3

// Name returns "buy".
func (*Buy) Name() string { return "buy" }

// Example is a buy order as players write it, for hints.
func (*Buy) Example() string { return "- buy: {order_points: 1}" }

// Fields are the keys a buy order may hold.
func (*Buy) Fields() []string { return []string{"order_points", "permanent", "fleets"} }

func (*Buy) parse(p *parser, f orders.Fields) Kind {
	b := &Buy{Pos: orders.PosOf(f.Node)}
	b.OrderPoints, _ = p.count(f, "order_points", 1, MaxExtras, 0)
	b.Permanent, _ = p.count(f, "permanent", 1, MaxExtras, 0)
	b.Fleets, _ = p.count(f, "fleets", 1, MaxExtras, 0)
	if f.Node != nil && len(f.Node.Content) == 0 {
		p.Add(orders.PosOf(f.Node), "", "buy names nothing to buy", "for example "+(&Buy{}).Example()[2:])
	}
	return b
}

func (*Buy) schema() object {
	n := object{"type": "integer", "minimum": 1, "maximum": MaxExtras}
	return kindSchema("Buy extras, for no order point. order_points: temporary order points for this turn, 1, 2 or 3 "+
		"for 100, 200 or 400 BPV in all (UTD6.21); a permanent point takes the lowest tier, so with one a temporary "+
		"point costs 200 (UTD6.23). permanent: permanent order points, 750 BPV each, at most 3 extras in all (UTD6.22). "+
		"fleets: extra fleets for good, 1, 2 or 3 for 250, 500 or 1000 BPV in all (UTD7.22).",
		[]string{}, object{"order_points": n, "permanent": n, "fleets": n})
}

// YAML echoes the order as players write it.
func (b *Buy) YAML() string {
	s := ""
	add := func(k string, v int) {
		if v == 0 {
			return
		}
		if s != "" {
			s += ", "
		}
		s += fmt.Sprintf("%s: %d", k, v)
	}
	add("permanent", b.Permanent)
	add("order_points", b.OrderPoints)
	add("fleets", b.Fleets)
	return "buy: {" + s + "}"
}

// apply buys the extras: permanent points first, then temporary ones,
// then fleets, each paid from the BPV the player holds.
func (b *Buy) apply(c *ctx) {
	e := c.emp
	if b.Permanent > 0 {
		switch {
		case e.Temporary > 0:
			c.refuse(b.Pos, "UTD6.23", "you bought temporary order points this turn already; a permanent point takes the lowest tier, so buy it before them",
				"send the permanent point in an earlier buy order, on this turn's next mail or your next turn")
			return
		case e.Permanent+b.Permanent > MaxExtras:
			c.refuse(b.Pos, "UTD6.22", fmt.Sprintf("you have %d permanent order points, and a player has at most %d extras", e.Permanent, MaxExtras),
				fmt.Sprintf("buy at most %d", MaxExtras-e.Permanent))
			return
		}
		if !c.pay(whole(b.Permanent*PermanentPrice), "UTD6.22", plural(b.Permanent, "permanent order point")) {
			return
		}
		e.Permanent += b.Permanent
		c.say("%s bought for %d BPV (UTD6.22)", plural(b.Permanent, "permanent order point"), b.Permanent*PermanentPrice)
	}
	if b.OrderPoints > 0 {
		if have := e.Permanent + e.Temporary; have+b.OrderPoints > MaxExtras {
			c.refuse(b.Pos, "UTD6.23", fmt.Sprintf("you have %d extra order points this turn (%d permanent), and a player has at most %d", have, e.Permanent, MaxExtras),
				fmt.Sprintf("buy at most %d", max(MaxExtras-have, 0)))
			return
		}
		price := tempPrice(e.Permanent, e.Temporary+b.OrderPoints) - tempPrice(e.Permanent, e.Temporary)
		if !c.pay(whole(price), "UTD6.21", plural(b.OrderPoints, "temporary order point")) {
			return
		}
		e.Temporary += b.OrderPoints
		c.say("%s bought for this turn for %d BPV (UTD6.21, UTD6.23)", plural(b.OrderPoints, "order point"), price)
	}
	if b.Fleets > 0 {
		if e.ExtraFleets+b.Fleets > MaxExtras {
			c.refuse(b.Pos, "UTD7.22", fmt.Sprintf("you have %d extra fleets, and a player buys at most %d", e.ExtraFleets, MaxExtras),
				fmt.Sprintf("buy at most %d", MaxExtras-e.ExtraFleets))
			return
		}
		price := fleetPrice[e.ExtraFleets+b.Fleets] - fleetPrice[e.ExtraFleets]
		if !c.pay(whole(price), "UTD7.22", plural(b.Fleets, "extra fleet")) {
			return
		}
		e.ExtraFleets += b.Fleets
		c.say("%s bought for %d BPV (UTD7.22)", plural(b.Fleets, "extra fleet"), price)
	}
}

// tempPrice is what j temporary order points cost in a turn with k
// permanent ones: the tier of k+j, the permanent points taking the
// lowest tiers (UTD6.21, UTD6.23); nothing for none.
func tempPrice(k, j int) int {
	if j == 0 {
		return 0
	}
	return tierPrice[k+j]
}

// offer offers a temporary order point (UTD6.21, UTD6.23), an extra fleet
// (UTD7.22) and, before any temporary point, a permanent one (UTD6.22),
// each while the player has fewer than the most and the BPV.
func (b *Buy) offer(o *offerer) {
	e := o.c.emp
	if have := e.Permanent + e.Temporary; have < MaxExtras {
		price := tempPrice(e.Permanent, e.Temporary+1) - tempPrice(e.Permanent, e.Temporary)
		o.add(b, 0, whole(price), "for this turn only: 1, 2 or 3 cost 100, 200 or 400 BPV in all, permanent points taking the lowest tiers (UTD6.21, UTD6.23)",
			"buy: {order_points: 1}")
	}
	if e.Temporary == 0 && e.Permanent < MaxExtras {
		o.add(b, 0, whole(PermanentPrice), fmt.Sprintf("for good, at most %d extras in all (UTD6.22)", MaxExtras), "buy: {permanent: 1}")
	}
	if e.ExtraFleets < MaxExtras {
		o.add(b, 0, whole(fleetPrice[e.ExtraFleets+1]-fleetPrice[e.ExtraFleets]),
			fmt.Sprintf("one more fleet for good: you may have %d (UTD7.21, UTD7.22)", o.c.x.fleetLimit(o.c.player)), "buy: {fleets: 1}")
	}
}
