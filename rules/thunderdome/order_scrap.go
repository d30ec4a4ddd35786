package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Scrap scraps ships of one fleet (UTD6.3F): for 1 point half their BPV
// comes back to the bank, or for none nothing does.
type Scrap struct {
	Fleet    campaign.FleetID     `json:"fleet"`
	Units    []campaign.ClassName `json:"units"`
	Refund   bool                 `json:"refund"`
	FleetPos orders.Pos           `json:"fleet_pos"`
	UnitsPos []orders.Pos         `json:"units_pos"`
}

// Name returns "scrap".
func (*Scrap) Name() string { return "scrap" }

func (*Scrap) example() string  { return "- scrap: {fleet: F1, units: [frigate], refund: true}" }
func (*Scrap) fields() []string { return []string{"fleet", "units", "refund"} }

func (*Scrap) parse(p *parser, f orders.Fields) Kind {
	s := &Scrap{Refund: true}
	var fleet string
	var units []string
	fleet, s.FleetPos = p.name(f, "fleet", "fleet: F1")
	units, s.UnitsPos = p.names(f, "units", "units: [frigate]")
	s.Fleet, s.Units = campaign.FleetID(fleet), ids[campaign.ClassName](units)
	if n := f.Value("refund"); n != nil {
		s.Refund, _ = p.Bool(n, "refund")
	}
	return s
}

func (*Scrap) schema() object {
	return kindSchema("Scrap any number of ships of one fleet (UTD6.3F): for 1 order point half their BPV comes back to "+
		"your bank at once; with refund: false the order is free and nothing comes back.",
		[]string{"fleet", "units"}, object{"fleet": fleetRef,
			"units":  object{"type": "array", "items": object{"type": "string"}, "description": "The ships to scrap, by class."},
			"refund": object{"type": "boolean", "default": true, "description": "false: scrap for free and get nothing back."}})
}

func (s *Scrap) yaml() string {
	return fmt.Sprintf("scrap: {fleet: %s, units: [%s], refund: %t}", s.Fleet, joinNames(s.Units), s.Refund)
}

// apply scraps the ships (UTD6.3F): 1 point and half their BPV, and half
// that of the fighters and PFs they carry, back to the bank at once, or
// free for nothing. A fleet left empty is disbanded.
// Half an odd BPV is rounded down: the bank keeps whole BPV (reading of
// "retain all fractions").
func (s *Scrap) apply(c *ctx) {
	f := c.fleet(s.Fleet, s.FleetPos, "UTD6.3F")
	if f == nil {
		return
	}
	idx, ok := c.pick(f, s.Units, s.UnitsPos, "UTD6.3F")
	if !ok {
		return
	}
	if s.Refund && !c.spend(1, "UTD6.3F") {
		return
	}
	gone := c.x.take(f, idx)
	refund := 0
	if s.Refund {
		refund = (c.bpvOf(gone.units.Units) + c.x.loadBPV(c.x.carriedBy(gone))) / 2
		c.credit(refund)
		c.say("fleet %s scrapped %s: %d BPV, half their BPV, came back to %s (UTD6.3F)", f.ID, campaign.UnitList(gone.units.Units), refund, c.funder())
	} else {
		c.say("fleet %s scrapped %s for free: nothing comes back (UTD6.3F)", f.ID, campaign.UnitList(gone.units.Units))
	}
	c.disband(s.Fleet)
}

// carriedBy is the fighters and PFs the units of a parcel carry
// together.
func (x *Ext) carriedBy(p parcel) Attrition {
	var sum Attrition
	for i, l := range p.loads {
		if l == nil {
			sum = sum.plus(x.class(p.units.Units[i]).full())
		} else {
			sum = sum.plus(l.Carried)
		}
	}
	return sum
}

// joinNames writes IDs as a flow list's items: "cruiser, frigate".
func joinNames[T ~string](list []T) string {
	out := ""
	for i, v := range list {
		if i > 0 {
			out += ", "
		}
		out += string(v)
	}
	return out
}

// offer offers to scrap one ship of the player's for half its BPV
// (UTD6.3F): a wrecked one if there is one, else the last ship of the
// first fleet that stays legal without it.
func (s *Scrap) offer(o *offerer) {
	c := o.c
	var pick *campaign.Fleet
	unit, wreck := -1, false
	for _, f := range o.fleets() {
		i, w := len(f.Units)-1, c.x.fleet(f.Owner, f.ID).Wrecked
		if len(w) > 0 {
			i = w[0]
		}
		if i < 0 || wreck || pick != nil && len(w) == 0 || !o.legal(f, slices.Delete(slices.Clone(f.Units), i, i+1)) {
			continue
		}
		pick, unit, wreck = f, i, len(w) > 0
	}
	if pick == nil {
		return
	}
	u := pick.Units[unit]
	o.add(s, 1, 0, fmt.Sprintf("%d BPV, half its BPV, back to your bank; refund: false scraps it for free and for nothing (UTD6.3F)", c.bpvOf([]campaign.ClassName{u})/2),
		(&Scrap{Fleet: pick.ID, Units: []campaign.ClassName{u}, Refund: true}).yaml())
}
