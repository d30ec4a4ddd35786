package thunderdome

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Scrap scraps ships of one fleet, or one shipyard (UTD6.3F): for 1
// point half their BPV, or half the yard's price, comes back to the bank,
// or for none nothing does. Defenses are scrapped by ReviseDefenses
// (UTD6.3A).
type Scrap struct {
	Fleet    campaign.FleetID     `json:"fleet"`
	Units    []campaign.ClassName `json:"units"`
	Refund   bool                 `json:"refund"`
	FleetPos orders.Pos           `json:"fleet_pos"`
	UnitsPos []orders.Pos         `json:"units_pos"`
	// Shipyard names the yard to scrap, nil for ships.
	Shipyard *YardAt `json:"shipyard,omitempty"`
}

// Name returns "scrap".
func (*Scrap) Name() string { return "scrap" }

// Example is a scrap order as players write it, for hints.
func (*Scrap) Example() string { return "- scrap: {fleet: F1, units: [frigate], refund: true}" }

// Fields are the keys a scrap order may hold.
func (*Scrap) Fields() []string { return []string{"fleet", "units", "sector", "yard", "refund"} }

// yardExample is a scrap order naming a shipyard, for hints.
const yardExample = "scrap: {sector: lyra, yard: sc3}"

func (*Scrap) parse(p *parser, f orders.Fields) Kind {
	s := &Scrap{Refund: true}
	if n := f.Value("refund"); n != nil {
		s.Refund, _ = p.Bool(n, "refund")
	}
	if f.Value("sector") != nil || f.Value("yard") != nil {
		if n := cmp.Or(f.Value("fleet"), f.Value("units")); n != nil {
			p.Add(orders.PosOf(n), "UTD6.3F", "a scrap order scraps either ships (fleet: and units:) or one shipyard (sector: and yard:), not both",
				"give each its own order, e.g. "+(&Scrap{}).Example()[2:]+" and "+yardExample)
		}
		y := readYardAt(p, f, yardKinds, "UTD6.3F", "lyra")
		if y.Yard == YardCapital {
			p.Add(y.YardPos, "UTD6.32", "the capital's own yard cannot be scrapped: it goes only with the capital (UTD6.32, UTD6.3843)",
				"scrap an sc2, sc3 or sc4 yard, e.g. "+yardExample+"; the capital's yard moves with the capital (move_capital)")
		}
		s.Shipyard = &y
		return s
	}
	var fleet string
	var units []string
	fleet, s.FleetPos = p.name(f, "fleet", "fleet: F1")
	units, s.UnitsPos = p.names(f, "units", "units: [frigate]")
	s.Fleet, s.Units = campaign.FleetID(fleet), ids[campaign.ClassName](units)
	return s
}

func (*Scrap) schema() object {
	return kindSchema("Scrap any number of ships of one fleet (fleet: and units:), or one of your shipyards (sector: and "+
		"yard:), not the capital's (UTD6.3F): for 1 order point half their BPV, or half the yard's price, comes back to "+
		"your bank at once; with refund: false the order is free and nothing comes back. A yard goes once its dry dock's "+
		"ships fit the positions of your other yards there (UTD7.62). Defenses are scrapped by revise_defenses (UTD6.3A).",
		[]string{}, object{"fleet": fleetRef,
			"units":  object{"type": "array", "items": object{"type": "string"}, "description": "The ships to scrap, by class."},
			"sector": sectorRef,
			"yard":   object{"type": "string", "enum": builtKinds, "description": "The shipyard at sector: to scrap, by kind."},
			"refund": object{"type": "boolean", "default": true, "description": "false: scrap for free and get nothing back."}})
}

// YAML echoes the order as players write it.
func (s *Scrap) YAML() string {
	if y := s.Shipyard; y != nil {
		return fmt.Sprintf("scrap: {sector: %s, yard: %s, refund: %t}", y.Sector, y.Yard, s.Refund)
	}
	return fmt.Sprintf("scrap: {fleet: %s, units: [%s], refund: %t}", s.Fleet, joinNames(s.Units), s.Refund)
}

// apply scraps the ships (UTD6.3F): 1 point and half their BPV, and half
// that of the fighters and PFs they carry, back to the bank at once,
// fractions retained, or free for nothing. A fleet left empty is
// disbanded.
func (s *Scrap) apply(c *ctx) {
	if s.Shipyard != nil {
		s.scrapYard(c)
		return
	}
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
	if s.Refund {
		refund := c.x.scrapRefund(c.st, gone)
		c.credit(refund)
		c.say("fleet %s scrapped %s: %s BPV, half their BPV, came back to %s (UTD6.3F)", f.ID, campaign.UnitList(gone.units.Units), refund, c.funder())
	} else {
		c.say("fleet %s scrapped %s for free: nothing comes back (UTD6.3F)", f.ID, campaign.UnitList(gone.units.Units))
	}
	c.disband(s.Fleet)
}

// scrapYard scraps a shipyard (UTD6.3F): 1 point and half its price back
// to the bank at once, fractions retained as for ships, or free for
// nothing.
func (s *Scrap) scrapYard(c *ctx) {
	i, refund := s.yard(c)
	if i < 0 || s.Refund && !c.spend(1, "UTD6.3F") {
		return
	}
	c.x.Yards = slices.Delete(c.x.Yards, i, i+1)
	y := s.Shipyard
	if !s.Refund {
		c.say("%s's %s yard at %s scrapped for free: nothing comes back (UTD6.3F)", c.player, y.Yard, y.Sector)
		return
	}
	c.credit(refund)
	c.say("%s's %s yard at %s scrapped: %s BPV, half its price, came back to %s (UTD6.3F)", c.player, y.Yard, y.Sector, refund, c.funder())
}

// yard finds the yard to scrap, the first of its kind at the sector that
// did no job this turn, and its refund: half its price. It refuses the
// order, returning -1, when the player has no such yard, when it is still
// on order (UTD6.382) or worked this turn (its construction arrives at
// the end of the turn, UTD6.3734), or when the yards left there would
// lack the dry-dock positions for the ships in dry dock (UTD7.62).
func (s *Scrap) yard(c *ctx) (int, BPV) {
	at, kind := s.Shipyard.Sector, s.Shipyard.Yard
	var kinds []string
	pick := -1
	for _, i := range c.x.workingYards(c.player, at) {
		kinds = append(kinds, c.x.Yards[i].Kind())
		if c.x.Yards[i].Kind() == kind && pick < 0 && c.x.Yards[i].Used == 0 {
			pick = i
		}
	}
	onOrder := slices.ContainsFunc(c.x.yardsAt(c.player, at), func(i int) bool { return c.x.Yards[i].Kind() == kind })
	switch {
	case !slices.Contains(kinds, kind) && onOrder:
		c.refuse(s.Shipyard.YardPos, "UTD6.382", fmt.Sprintf("your %s yard at %s is still on order: it is built at the end of the turn it was ordered in", kind, at),
			"scrap it from your next turn")
		return -1, 0
	case !slices.Contains(kinds, kind):
		c.noYard(*s.Shipyard, "UTD6.3F", kinds)
		return -1, 0
	case pick < 0:
		c.refuse(s.Shipyard.YardPos, "UTD6.3734", fmt.Sprintf("your %s yard at %s worked this turn: what it builds arrives at the end of the turn", kind, at),
			"scrap it next turn")
		return -1, 0
	}
	if d := c.x.dock(c.player, at); c.x.dockRoom(c.player, at) < yardDocks[kind] && d != nil {
		fleet := freeFleetID(c.st, c.player)
		for _, f := range c.st.Fleets {
			if f.Owner == c.player && f.At == at {
				fleet = f.ID
				break
			}
		}
		c.refuse(s.Shipyard.YardPos, "UTD7.62", fmt.Sprintf("your dry dock at %s holds %s (%s), and without the %s yard your yards there would have %s",
			at, plural(len(d.Ships.Units), "ship"), campaign.UnitList(d.Ships.Units), kind, plural(c.x.dockRoom(c.player, at)+len(d.Ships.Units)-yardDocks[kind], "dry-dock position")),
			fmt.Sprintf("organize them out of dry dock first, e.g. organize: {dock: %s, fleets: {%s: [%s]}} (UTD7.66), then scrap the yard", at, fleet, d.Ships.Units[0]))
		return -1, 0
	}
	return pick, half(c.x.yardSize(kind).BPV)
}

// noYard refuses an order naming a yard the player does not have: kinds
// are the kinds of their yards at its sector.
func (c *ctx) noYard(y YardAt, rule string, kinds []string) {
	c.refuse(y.YardPos, rule, fmt.Sprintf("you have no %s yard at %s", y.Yard, orders.Quote(string(y.Sector))),
		"your yards there are "+listOr(kinds, "none; they are at "+listOr(c.x.yardPlaces(c.player), "no sector")))
}

// scrapRefund is what scrapped ships bring back: half their BPV and half
// the BPV of the fighters and PFs they carry (UTD6.3F, UTD6.3I6).
func (x *Ext) scrapRefund(st *campaign.State, gone parcel) BPV {
	return half(unitsEBPV(st, gone.units.Units) + x.loadBPV(x.carriedBy(gone)))
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
	if pick != nil {
		u := pick.Units[unit]
		o.add(s, 1, 0, fmt.Sprintf("%s BPV, half its BPV, back to your bank; refund: false scraps it for free and for nothing (UTD6.3F)", half(ebpv(c.st, u))),
			(&Scrap{Fleet: pick.ID, Units: []campaign.ClassName{u}, Refund: true}).YAML())
	}
	s.offerYard(o)
}

// offerYard offers to scrap the player's first shipyard, not the
// capital's, that may be scrapped now, for half its price (UTD6.3F).
func (s *Scrap) offerYard(o *offerer) {
	for _, y := range o.c.x.Yards {
		if y.Owner != o.c.player || y.Capital {
			continue
		}
		try := &Scrap{Shipyard: &YardAt{Sector: y.At, Yard: y.Kind()}, Refund: true}
		var refund BPV
		if o.fits(func() bool { var i int; i, refund = try.yard(o.c); return i >= 0 }) {
			o.add(s, 1, 0, fmt.Sprintf("%s BPV, half the yard's price, back to your bank; its dry-dock positions and capacity go with it (UTD6.3F)", refund), try.YAML())
			return
		}
	}
}
