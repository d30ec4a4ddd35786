package thunderdome

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// BuildShipyard builds a shipyard at the player's developed colony
// (UTD6.38–6.385): received at the end of the turn, working from the
// player's next.
type BuildShipyard struct{ YardAt }

// Name returns "build_shipyard".
func (*BuildShipyard) Name() string { return "build_shipyard" }

// Example is a build_shipyard order as players write it, for hints.
func (*BuildShipyard) Example() string { return "- build_shipyard: {sector: s10, yard: sc3}" }

// Fields are the keys a build_shipyard order may hold.
func (*BuildShipyard) Fields() []string { return []string{"sector", "yard"} }

func (*BuildShipyard) parse(p *parser, f orders.Fields) Kind {
	return &BuildShipyard{readYardAt(p, f, builtKinds, "UTD6.38", "s10")}
}

func (*BuildShipyard) schema() object {
	return kindSchema("Build a shipyard at your developed colony, for 1 order point and its price (UTD6.381, UTD6.383): sc2 "+
		"(capacity 1.5), sc3 (1) or sc4 (2/3). At most two yards at a colony, of 3 MC of capacity in all, 3.5 with the "+
		"capital's (UTD6.384). It is received at the end of the turn and works from your next (UTD6.382).",
		[]string{"sector", "yard"}, object{"sector": sectorRef, "yard": object{"type": "string", "enum": builtKinds}})
}

// YAML echoes the order as players write it.
func (b *BuildShipyard) YAML() string { return b.text(b.Name()) }

// apply orders the yard (UTD6.38): at a developed colony of the
// player's, not a mine alone (UTD4.345); with the yards there, those
// ordered this turn too, at most two (UTD6.3841, the capital's counting, §11
// #21) of 3 MC of capacity, 3.5 with the capital's (UTD6.3842); 1 point
// (UTD6.383) and the scenario's price.
func (b *BuildShipyard) apply(c *ctx) {
	price, ok := b.check(c)
	if !ok || !c.spend(1, "UTD6.383") || !c.pay(price, "UTD6.381", "the yard") {
		return
	}
	// The yard stands on order from now, so that the colony's limits
	// count it and replace_capital may designate it (UTD6.3843); it
	// works from the player's next turn (workingYards).
	c.x.Yards = append(c.x.Yards, Yard{At: b.Sector, Owner: c.player, Size: yardClass(b.Yard), Boxes: c.x.yardSize(b.Yard).Boxes, Arrived: c.st.Turn})
	c.x.Builds = append(c.x.Builds, Build{Owner: c.player, At: b.Sector, Yard: b.Yard, BPV: price, Turn: c.st.Turn})
	c.say("an %s yard ordered at %s for %s BPV: it is built at the end of the turn and works from %s's next (UTD6.382)", b.Yard, b.Sector, price, c.player)
}

// check checks the yard against the colony's limits and the player's BPV,
// refusing the order when it breaks one, and returns its price.
func (b *BuildShipyard) check(c *ctx) (BPV, bool) {
	if !c.ownColony(b.Sector) {
		c.refuse(b.SectorPos, "UTD6.38", fmt.Sprintf("you have no developed colony at %s", orders.Quote(string(b.Sector))),
			"build shipyards at a developed colony of yours")
		return 0, false
	}
	kinds, capacity, capital := []string{b.Yard}, yardCapacity[b.Yard], false
	for _, i := range c.x.yardsAt(c.player, b.Sector) {
		y := &c.x.Yards[i]
		kinds, capacity, capital = append(kinds, y.Kind()), capacity+y.full(), capital || y.Capital
	}
	limit := maxColonyCapacity
	if capital {
		limit = maxCapitalColonyYard
	}
	price := whole(c.x.yardSize(b.Yard).BPV)
	switch {
	case len(kinds) > maxColonyYards:
		c.refuse(b.SectorPos, "UTD6.3841", fmt.Sprintf("%s would have %d shipyards (%s, the new one first); a colony has at most %d, the capital's counting",
			b.Sector, len(kinds), listOr(kinds, ""), maxColonyYards), "build it at another colony, or scrap a yard there first (UTD6.385)")
	case capacity > limit:
		c.refuse(b.YardPos, "UTD6.3842", fmt.Sprintf("the shipyards at %s would have %s MC of capacity; a colony's have at most %s",
			b.Sector, capText(capacity), capText(limit)), "build a smaller yard")
	case price > c.funds():
		c.refuse(b.YardPos, "UTD6.381", fmt.Sprintf("an %s yard costs %s BPV and you have %s", b.Yard, price, c.funds()), "build a smaller yard, or none")
	default:
		return price, true
	}
	return 0, false
}

// offer offers at the player's first developed colony with room the
// biggest yard that fits its limits and the player's BPV (UTD6.38): 1
// point and its price.
func (b *BuildShipyard) offer(o *offerer) {
	c := o.c
	for _, d := range c.st.Developments {
		if d.Owner != c.player || d.Kind != campaign.Colony {
			continue
		}
		for _, kind := range builtKinds {
			try := &BuildShipyard{YardAt{Sector: d.At, Yard: kind}}
			var price BPV
			if o.fits(func() (ok bool) { price, ok = try.check(c); return ok }) {
				o.add(b, 1, price, fmt.Sprintf("works from your next turn; at most 2 yards a colony, of 3 MC in all, 3.5 with the capital's; sc2 %d BPV, sc3 %d, sc4 %d (UTD6.38, UTD6.384)",
					c.x.yardSize(YardSC2).BPV, c.x.yardSize(YardSC3).BPV, c.x.yardSize(YardSC4).BPV), try.YAML())
				return
			}
		}
	}
}
