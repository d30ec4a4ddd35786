package thunderdome

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// ReplaceFighters buys back, for every unit of one fleet, the fighters and
// PFs it lost and its empty spares (UTD6.3B1, UTD6.3B5).
type ReplaceFighters struct {
	Fleet    campaign.FleetID `json:"fleet"`
	FleetPos orders.Pos       `json:"fleet_pos"`
}

// Name returns "replace_fighters".
func (*ReplaceFighters) Name() string { return "replace_fighters" }

// Example is a replace_fighters order as players write it, for hints.
func (*ReplaceFighters) Example() string { return "- replace_fighters: {fleet: F1}" }

// Fields are the keys a replace_fighters order may hold.
func (*ReplaceFighters) Fields() []string { return []string{"fleet"} }

func (*ReplaceFighters) parse(p *parser, f orders.Fields) Kind {
	r := &ReplaceFighters{}
	var fleet string
	fleet, r.FleetPos = p.name(f, "fleet", "fleet: F1")
	r.Fleet = campaign.FleetID(fleet)
	return r
}

func (*ReplaceFighters) schema() object {
	return kindSchema("Buy back the fighters and PFs every unit of one fleet lost, up to the load paid for, and refill its "+
		"empty spare fighters (UTD6.3B1, UTD6.3B4, UTD6.3B5), at the scenario's price each: 1 order point, none in a sector "+
		"with your developed colony or shipyard.",
		[]string{"fleet"}, object{"fleet": fleetRef})
}

// YAML echoes the order as players write it.
func (r *ReplaceFighters) YAML() string { return fmt.Sprintf("replace_fighters: {fleet: %s}", r.Fleet) }

// apply buys the fleet's missing attrition units (UTD6.3B1): each unit is
// refilled to the load paid for, never beyond it (UTD6.3B4), and its
// spares to its class's (UTD6.3B5), at the scenario's prices. 1 point,
// none in a friendly sector with a developed colony or a shipyard of the
// player's (UTD6.3B1; the carrier may be anywhere, UTD6.3B3).
func (r *ReplaceFighters) apply(c *ctx) {
	f := c.fleet(r.Fleet, r.FleetPos, "UTD6.3B1")
	if f == nil {
		return
	}
	missing, spares := c.x.shortfall(f)
	if missing.IsZero() && spares == 0 {
		c.refuse(r.FleetPos, "UTD6.3B4", fmt.Sprintf("fleet %s carries every fighter and PF paid for, and its spares are full", f.ID),
			"drop the order; a refit (refit_fleet) changes the load paid for (UTD6.3J6)")
		return
	}
	bpv := whole(c.x.loadBPV(missing.plus(Attrition{Fighters: spares})))
	what := missing.String()
	switch {
	case missing.IsZero():
		what = plural(spares, "spare fighter")
	case spares > 0:
		what += " and " + plural(spares, "spare fighter")
	}
	if bpv > c.funds() {
		c.refuse(r.FleetPos, "UTD6.3B1", fmt.Sprintf("replacing %s for fleet %s costs %s BPV and you have %s", what, f.ID, bpv, c.funds()),
			"drop it, or move spares to it with transfer_fighters, which costs no BPV (UTD6.3B2)")
		return
	}
	friendly := c.ownColony(f.At) || c.friendlyYard(f.At)
	if !c.spendUnless(friendly, "UTD6.3B1", "free: %s holds your developed colony or shipyard (UTD6.3B1)", f.At) || !c.pay(bpv, "UTD6.3B1", "the replacements") {
		return
	}
	for i, u := range f.Units {
		l := c.x.loadOf(f, i)
		l.Carried, l.Spares = l.Paid, max(l.Spares, c.x.class(u).Spares)
		c.x.SetLoad(f, l)
	}
	c.say("fleet %s replaced %s for %s BPV (UTD6.3B1, UTD6.3B5)", f.ID, what, bpv)
}

// friendlyYard reports whether the player has a shipyard at a sector
// that stands there this turn, the capital's included (UTD6.3B1).
func (c *ctx) friendlyYard(at campaign.SystemID) bool {
	return len(c.x.workingYards(c.player, at)) > 0
}

// shortfall is what the units of fleet f lack of the load paid for, and
// the spare fighters their spares lack (UTD6.3B4, UTD6.3B5).
func (x *Ext) shortfall(f *campaign.Fleet) (missing Attrition, spares int) {
	for i, u := range f.Units {
		l := x.loadOf(f, i)
		missing = missing.plus(l.Paid.minus(l.Carried))
		spares += max(x.class(u).Spares-l.Spares, 0)
	}
	return missing, spares
}

// offer offers, for each fleet short of fighters, PFs or spares, their
// replacement at its price (UTD6.3B1, UTD6.3B5).
func (r *ReplaceFighters) offer(o *offerer) {
	c := o.c
	for _, f := range o.fleets() {
		missing, spares := c.x.shortfall(f)
		if missing.IsZero() && spares == 0 {
			continue
		}
		points, note := 1, "refills every carrier of the fleet (UTD6.3B1)"
		if c.ownColony(f.At) || c.friendlyYard(f.At) {
			points, note = 0, fmt.Sprintf("free at your developed colony or shipyard at %s; %s", f.At, note)
		}
		o.add(r, points, whole(c.x.loadBPV(missing.plus(Attrition{Fighters: spares}))), note, (&ReplaceFighters{Fleet: f.ID}).YAML())
	}
}
