package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/orders"
)

// OverhaulShipyard overhauls one of the player's shipyards (UTD6.3H,
// UTD4.3372): its works boxes are whole again at once, and it does no
// shipyard job this turn (UTD6.3726).
type OverhaulShipyard struct{ YardAt }

// yardOverhaul is the share, in percent, of a yard's price that its
// overhaul costs (§11 #23, by analogy with a ship's 10%, UTD6.3743); a
// capital's yard is priced as an sc2 one.
const yardOverhaul = 10

// Name returns "overhaul_shipyard".
func (*OverhaulShipyard) Name() string { return "overhaul_shipyard" }

// Example is an overhaul_shipyard order as players write it, for hints.
func (*OverhaulShipyard) Example() string {
	return "- overhaul_shipyard: {sector: lyra, yard: capital}"
}

// Fields are the keys an overhaul_shipyard order may hold.
func (*OverhaulShipyard) Fields() []string { return []string{"sector", "yard"} }

func (*OverhaulShipyard) parse(p *parser, f orders.Fields) Kind {
	return &OverhaulShipyard{readYardAt(p, f, yardKinds, "UTD6.3H", "lyra")}
}

func (*OverhaulShipyard) schema() object {
	return kindSchema("Overhaul one of your shipyards, for 1 order point and 10% of its price (UTD6.3H, §11 #23): its works "+
		"boxes are whole at once, and it does no job this turn (UTD6.3726). A damaged yard also repairs itself for free at "+
		"the end of each of your turns, working at half its capacity meanwhile (UTD4.3372, UTD6.3725).",
		[]string{"sector", "yard"}, object{"sector": sectorRef, "yard": object{"type": "string", "enum": yardKinds}})
}

// YAML echoes the order as players write it.
func (o *OverhaulShipyard) YAML() string { return o.text(o.Name()) }

// apply overhauls the first yard of the kind at the sector that neither
// worked nor was overhauled this turn.
func (o *OverhaulShipyard) apply(c *ctx) {
	y, price := o.yard(c)
	if y == nil || !c.spend(1, "UTD6.3H") || !c.pay(price, "UTD6.3H", "the overhaul") {
		return
	}
	was := y.Destroyed
	y.Destroyed, y.Overhauled = 0, true
	c.say("%s's %s yard at %s overhauled: %s repaired; it does no job this turn (UTD6.3H, UTD6.3726)", c.player, o.Yard, o.Sector, counted(was, "works box", "works boxes"))
}

// yard finds the yard to overhaul and prices its overhaul, refusing the
// order when there is none or the player lacks the BPV.
func (o *OverhaulShipyard) yard(c *ctx) (*Yard, BPV) {
	var y *Yard
	var kinds []string
	for _, i := range c.x.workingYards(c.player, o.Sector) {
		kinds = append(kinds, c.x.Yards[i].Kind())
		if c.x.Yards[i].Kind() == o.Yard && y == nil && !c.x.Yards[i].Overhauled && c.x.Yards[i].Used == 0 {
			y = &c.x.Yards[i]
		}
	}
	switch {
	case !slices.Contains(kinds, o.Yard):
		c.noYard(o.YardAt, "UTD6.3H", kinds)
		return nil, 0
	case y == nil:
		c.refuse(o.YardPos, "UTD6.3726", fmt.Sprintf("your %s yard at %s worked or was overhauled this turn already; an overhauled yard does no job that turn", o.Yard, o.Sector),
			"overhaul it next turn")
		return nil, 0
	}
	kind := y.Kind()
	if y.Capital {
		kind = YardSC2
	}
	price := percent(c.x.yardSize(kind).BPV, yardOverhaul)
	if price > c.funds() {
		c.refuse(orders.Pos{}, "UTD6.3H", fmt.Sprintf("overhauling the %s yard costs %s BPV and you have %s", o.Yard, price, c.funds()), "drop it: the yard repairs itself at the end of your turn for free (UTD4.3372)")
		return nil, 0
	}
	return y, price
}

// offer offers the overhaul of each damaged yard of the player's that may
// be overhauled this turn (UTD6.3H): 1 point and 10% of its price.
func (o *OverhaulShipyard) offer(of *offerer) {
	c := of.c
	for _, y := range c.x.Yards {
		if y.Owner != c.player || y.Destroyed == 0 {
			continue
		}
		try := &OverhaulShipyard{YardAt{Sector: y.At, Yard: y.Kind()}}
		var price BPV
		if of.fits(func() bool { var z *Yard; z, price = try.yard(c); return z != nil }) {
			of.add(o, 1, price, fmt.Sprintf("%d of %d works boxes destroyed; whole at once, but no job this turn; it also repairs itself for free at the end of your turn (UTD6.3H, UTD6.3726, UTD4.3372)",
				y.Destroyed, y.Boxes), try.YAML())
		}
	}
}
