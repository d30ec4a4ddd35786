package thunderdome

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// TransferFighters moves spare fighters held in one fleet to the carriers
// of another in the same sector, or of the same fleet, that lack fighters
// (UTD6.3B2), and may refill the emptied spares (UTD6.3B5).
type TransferFighters struct {
	Fleet    campaign.FleetID `json:"fleet"`
	From     campaign.FleetID `json:"from,omitempty"`
	Refill   bool             `json:"refill,omitempty"`
	FleetPos orders.Pos       `json:"fleet_pos"`
	FromPos  orders.Pos       `json:"from_pos"`
}

// Name returns "transfer_fighters".
func (*TransferFighters) Name() string { return "transfer_fighters" }

// Example is a transfer_fighters order as players write it, for hints.
func (*TransferFighters) Example() string {
	return "- transfer_fighters: {fleet: F1, from: F2, refill: true}"
}

// Fields are the keys a transfer_fighters order may hold.
func (*TransferFighters) Fields() []string { return []string{"fleet", "from", "refill"} }

func (*TransferFighters) parse(p *parser, f orders.Fields) Kind {
	t := &TransferFighters{}
	var fleet string
	fleet, t.FleetPos = p.name(f, "fleet", "fleet: F1")
	t.Fleet = campaign.FleetID(fleet)
	if n := f.Value("from"); n != nil {
		from, _ := p.Name(n, "from", "from: F2")
		t.From, t.FromPos = campaign.FleetID(from), orders.PosOf(n)
	}
	if n := f.Value("refill"); n != nil {
		t.Refill, _ = p.Bool(n, "refill")
	}
	return t
}

func (*TransferFighters) schema() object {
	return kindSchema("Move spare fighters (a true carrier's or a fighter conveyor's) to the carriers of a fleet that lack "+
		"fighters, up to the load each was paid for (UTD6.3B2, UTD6.3B4): free, from spares in the same fleet or in another "+
		"of yours in the same sector (UTD6.3B3). refill: true buys the emptied spares back at the scenario's price (UTD6.3B5).",
		[]string{"fleet"}, object{"fleet": fleetRef,
			"from":   object{"type": "string", "description": "The fleet holding the spares, in the same sector; the receiving fleet when left out."},
			"refill": object{"type": "boolean", "default": false, "description": "true: buy the spares moved back into the fleet that held them."}})
}

// YAML echoes the order as players write it.
func (t *TransferFighters) YAML() string {
	return fmt.Sprintf("transfer_fighters: {fleet: %s, from: %s, refill: %t}", t.Fleet, t.from(), t.Refill)
}

// from is the fleet holding the spares.
func (t *TransferFighters) from() campaign.FleetID {
	if t.From == "" {
		return t.Fleet
	}
	return t.From
}

// apply moves spares (UTD6.3B2): the carriers of the fleet, in fleet
// order, take the spare fighters of the other fleet's units, in its
// order, each up to the fighters it was paid for (UTD6.3B4); the fleets
// share a sector (UTD6.3B3). Free, whatever the sector (UTD6.3B2);
// refilling the spares moved costs their price (UTD6.3B5).
func (t *TransferFighters) apply(c *ctx) {
	to := c.fleet(t.Fleet, t.FleetPos, "UTD6.3B2")
	if to == nil {
		return
	}
	from := c.fleet(t.from(), or(t.FromPos, t.FleetPos), "UTD6.3B2")
	if from == nil {
		return
	}
	held, lacking := c.x.sparesHeld(from), c.x.fightersLacking(to)
	buy := fmt.Sprintf("or buy the %s with replace_fighters for %d BPV (UTD6.3B1)", plural(lacking, "fighter"), c.x.loadBPV(Attrition{Fighters: lacking}))
	switch {
	case from.At != to.At:
		c.refuse(t.FromPos, "UTD6.3B3", fmt.Sprintf("fleet %s is at %s and fleet %s at %s; spares reach only carriers in their own sector", from.ID, from.At, to.ID, to.At),
			"move the fleets together first, "+buy+", which reaches a carrier anywhere")
		return
	case held == 0:
		c.refuse(t.FromPos, "UTD6.3B2", fmt.Sprintf("fleet %s holds no spare fighters", from.ID),
			"name a fleet with a true carrier's or a fighter conveyor's spares in from:, "+buy)
		return
	case lacking == 0:
		c.refuse(t.FleetPos, "UTD6.3B4", fmt.Sprintf("the carriers of fleet %s carry every fighter paid for", to.ID),
			"drop the order; a refit (refit_fleet) changes the load paid for (UTD6.3J6)")
		return
	}
	moved := min(held, lacking)
	if t.Refill && !c.pay(whole(c.x.loadBPV(Attrition{Fighters: moved})), "UTD6.3B5", fmt.Sprintf("refilling %s", plural(moved, "spare fighter"))) {
		return
	}
	left := moved
	for i := range from.Units {
		l := c.x.loadOf(from, i)
		n := min(l.Spares, left)
		if !t.Refill {
			l.Spares -= n
			c.x.SetLoad(from, l)
		}
		left -= n
	}
	left = moved
	for i := range to.Units {
		l := c.x.loadOf(to, i)
		n := min(max(l.Paid.Fighters-l.Carried.Fighters, 0), left)
		l.Carried.Fighters += n
		c.x.SetLoad(to, l)
		left -= n
	}
	c.say("fleet %s took %s from the spares of fleet %s (UTD6.3B2)", to.ID, plural(moved, "spare fighter"), from.ID)
	if t.Refill {
		c.say("the spares were refilled for %d BPV (UTD6.3B5)", c.x.loadBPV(Attrition{Fighters: moved}))
	}
}

// offer offers, for each fleet whose carriers lack fighters, the spares
// of the first fleet of the player's in its sector that holds some, for
// free (UTD6.3B2, UTD6.3B3).
func (t *TransferFighters) offer(o *offerer) {
	c := o.c
	fleets := o.fleets()
	for _, to := range fleets {
		lacking := c.x.fightersLacking(to)
		if lacking == 0 {
			continue
		}
		for _, from := range fleets {
			held := c.x.sparesHeld(from)
			if from.At != to.At || held == 0 {
				continue
			}
			o.add(t, 0, 0, fmt.Sprintf("moves %s from fleet %s's spares (UTD6.3B2)", plural(min(held, lacking), "fighter"), from.ID),
				(&TransferFighters{Fleet: to.ID, From: from.ID}).YAML())
			break
		}
	}
}

// sparesHeld is the spare fighters the units of fleet f hold.
func (x *Ext) sparesHeld(f *campaign.Fleet) int {
	held := 0
	for i := range f.Units {
		held += x.loadOf(f, i).Spares
	}
	return held
}

// fightersLacking is the fighters the units of fleet f lack of those paid
// for (shortfall).
func (x *Ext) fightersLacking(f *campaign.Fleet) int {
	missing, _ := x.shortfall(f)
	return missing.Fighters
}
