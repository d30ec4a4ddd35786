package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Tow moves a fleet along one lane with the wrecked ships it tows
// (UTD6.3E, UTD7.47).
type Tow struct {
	Fleet    campaign.FleetID  `json:"fleet"`
	To       campaign.SystemID `json:"to"`
	FleetPos orders.Pos        `json:"fleet_pos"`
	ToPos    orders.Pos        `json:"to_pos"`
}

// Name returns "tow".
func (*Tow) Name() string { return "tow" }

// Example is a tow order as players write it, for hints.
func (*Tow) Example() string { return "- tow: {fleet: F2, to: kessel}" }

// Fields are the keys a tow order may hold.
func (*Tow) Fields() []string { return []string{"fleet", "to"} }

func (*Tow) parse(p *parser, f orders.Fields) Kind {
	t := &Tow{}
	var fleet, to string
	fleet, t.FleetPos = p.name(f, "fleet", "fleet: F2")
	to, t.ToPos = p.name(f, "to", "to: kessel")
	t.Fleet, t.To = campaign.FleetID(fleet), campaign.SystemID(to)
	return t
}

func (*Tow) schema() object {
	return kindSchema("Move a fleet holding wrecked ships along one lane, towing them (UTD6.3E): the move's cost (none from "+
		"your own developed colony) plus 1 order point per wreck, even from a colony. Each wreck needs a free tractor beam on "+
		"a ship of the fleet that is not wrecked.",
		[]string{"fleet", "to"}, object{"fleet": fleetRef, "to": sectorRef})
}

// YAML echoes the order as players write it.
func (t *Tow) YAML() string { return fmt.Sprintf("tow: {fleet: %s, to: %s}", t.Fleet, t.To) }

// apply tows the fleet's wrecks one lane (UTD6.3E): the fleet may move as
// a move order's fleet may (canMove), its ships that are not wrecked have
// a tractor beam for every wreck, and it costs the move's points (none
// from the player's own developed colony, UTD4.334) plus 1 per wreck
// (§11 #25: the two add up).
func (t *Tow) apply(c *ctx) {
	f := c.fleet(t.Fleet, t.FleetPos, "UTD6.3E")
	if f == nil || !c.canMove(f, t.To, t.FleetPos, t.ToPos) {
		return
	}
	fs := c.x.fleet(f.Owner, f.ID)
	wrecks, tractors := len(fs.Wrecked), tractors(c.x, f, fs)
	switch {
	case wrecks == 0:
		c.refuse(t.FleetPos, "UTD6.3E", fmt.Sprintf("fleet %s holds no wrecked ship", f.ID), "move it with a move order")
		return
	case tractors < wrecks:
		c.refuse(t.FleetPos, "UTD6.3E", fmt.Sprintf("fleet %s has %d wrecks and %d tractor beams on ships that are not wrecked", f.ID, wrecks, tractors),
			"move wrecks to another fleet with organize, scrap them or leave them as derelicts; the fleet cannot move with untowed wrecks")
		return
	}
	cost := wrecks
	if !c.ownColony(f.At) {
		cost++
	}
	if !c.spend(cost, "UTD6.3E") {
		return
	}
	c.say("fleet %s towed %s: 1 point each, even from a colony (UTD6.3E)", f.ID, plural(wrecks, "wrecked ship"))
	c.enter(f, t.To)
}

// canMove checks that a fleet may move along one lane to a sector, as a
// move order checks it (UTD6.31): the lane exists; the fleet is not
// stopped this turn (UTD6.125), trapped (UTD4.356), freed this cycle
// (UTD4.3561) or establishing (UTD6.34); an illegal fleet does not
// attack (UTD7.2661).
func (c *ctx) canMove(f *campaign.Fleet, to campaign.SystemID, fleetPos, toPos orders.Pos) bool {
	fs := c.x.fleet(f.Owner, f.ID)
	switch {
	case !c.g.Has(to) || !c.g.Adjacent(f.At, to):
		c.refuse(toPos, "UTD4.1", fmt.Sprintf("no warp lane joins %s, where fleet %s is, and %s", f.At, f.ID, orders.Quote(string(to))),
			fmt.Sprintf("one lane per order; from %s, lanes lead to %s", f.At, listOr(names(c.g.Neighbours(f.At)), "nowhere")))
	case fs.Pinned == c.st.Turn:
		c.refuse(fleetPos, "UTD6.31", fmt.Sprintf("fleet %s entered %s, held by the enemy, this turn and moves no more until your next turn", f.ID, f.At),
			"leave it where it is this turn")
	case fs.Trapped:
		c.refuse(fleetPos, "UTD4.356", fmt.Sprintf("fleet %s is trapped by the enemy fortification at %s", f.ID, f.At),
			"try a siege roll (UTD4.3561) or a jail break (UTD4.3564)")
	case fs.Released == c.x.Cycle:
		c.refuse(fleetPos, "UTD4.3561", fmt.Sprintf("fleet %s was freed from the fortification at %s this cycle and moves from the next", f.ID, f.At),
			"move it on a turn of the next cycle")
	case c.establishing(f):
		c.refuse(fleetPos, "UTD6.34", fmt.Sprintf("fleet %s is establishing a development at %s and stays there the rest of the turn", f.ID, f.At),
			"move another fleet")
	default:
		return c.mayEnter(f, to, fleetPos)
	}
	return false
}

// offer offers each fleet with wrecks and tractor beams enough a tow
// along its first lane it may take (UTD6.3E): the move's cost and 1
// point a wreck.
func (t *Tow) offer(o *offerer) {
	c := o.c
	for _, f := range o.fleets() {
		fs := c.x.fleet(f.Owner, f.ID)
		if len(fs.Wrecked) == 0 || tractors(c.x, f, fs) < len(fs.Wrecked) {
			continue
		}
		var to campaign.SystemID
		for _, s := range c.g.Neighbours(f.At) {
			if o.fits(func() bool { return c.canMove(f, s, orders.Pos{}, orders.Pos{}) }) {
				to = s
				break
			}
		}
		if to == "" {
			continue
		}
		cost, why := o.moveCost(f.At)
		o.add(t, cost+len(fs.Wrecked), 0, fmt.Sprintf("%s for the lane (%s) and 1 a wreck, even from a colony (UTD6.3E)", pts(cost), why),
			(&Tow{Fleet: f.ID, To: to}).YAML())
	}
}

// tractors counts the tractor beams on fleet f's ships that are not
// wrecked (UTD6.3E).
func tractors(x *Ext, f *campaign.Fleet, fs *FleetState) int {
	n := 0
	for i, u := range f.Units {
		if !slices.Contains(fs.Wrecked, i) {
			n += x.class(u).Tractors
		}
	}
	return n
}
