package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// FreighterRepair has a fleet's repair freighters give D9.4 repairs to
// some of its ships (UTD6.39).
type FreighterRepair struct {
	Fleet    campaign.FleetID     `json:"fleet"`
	Units    []campaign.ClassName `json:"units"`
	FleetPos orders.Pos           `json:"fleet_pos"`
	UnitsPos []orders.Pos         `json:"units_pos"`
}

// Name returns "freighter_repair".
func (*FreighterRepair) Name() string { return "freighter_repair" }

// Example is a freighter_repair order as players write it, for hints.
func (*FreighterRepair) Example() string { return "- freighter_repair: {fleet: F3, units: [cruiser]}" }

// Fields are the keys a freighter_repair order may hold.
func (*FreighterRepair) Fields() []string { return []string{"fleet", "units"} }

func (*FreighterRepair) parse(p *parser, f orders.Fields) Kind {
	r := &FreighterRepair{}
	var fleet string
	var units []string
	fleet, r.FleetPos = p.name(f, "fleet", "fleet: F3")
	units, r.UnitsPos = p.names(f, "units", "units: [cruiser]")
	r.Fleet, r.Units = campaign.FleetID(fleet), ids[campaign.ClassName](units)
	return r
}

func (*FreighterRepair) schema() object {
	return kindSchema("Repair ships of a fleet with its repair freighters (UTD6.39), for 1 order point: each small repair "+
		"freighter mends one ship per cycle, each large one two; each ship once until its next overhaul.",
		[]string{"fleet", "units"}, object{"fleet": fleetRef,
			"units": object{"type": "array", "items": object{"type": "string"}, "description": "The ships to repair, by class."}})
}

// YAML echoes the order as players write it.
func (r *FreighterRepair) YAML() string {
	return fmt.Sprintf("freighter_repair: {fleet: %s, units: [%s]}", r.Fleet, joinNames(r.Units))
}

// apply repairs the ships named (UTD6.39): the fleet's repair freighters
// mend, per cycle, one ship for each small one and two for each large one;
// 1 point. Damage control is 1 higher at the player's own developed
// colony (UTD7.54). A captured ship not yet inspected is not repaired
// (UTD6.3773).
func (r *FreighterRepair) apply(c *ctx) {
	f := c.fleet(r.Fleet, r.FleetPos, "UTD6.39")
	if f == nil {
		return
	}
	fs := c.x.fleet(f.Owner, f.ID)
	capacity, done := c.freighterRepairs(f)
	switch {
	case capacity == 0:
		c.refuse(r.FleetPos, "UTD6.39", fmt.Sprintf("fleet %s holds no repair freighter", f.ID),
			"repair the fleet at your developed colony with repair_fleet (UTD4.335)")
		return
	case done+len(r.Units) > capacity:
		c.refuse(r.FleetPos, "UTD6.39", fmt.Sprintf("fleet %s's repair freighters mend %d ships per cycle and have %d left this cycle", f.ID, capacity, capacity-done),
			"name fewer ships, or repair the rest next cycle")
		return
	}
	idx, ok := c.pick(f, r.Units, r.UnitsPos, "UTD6.39")
	if !ok {
		return
	}
	for _, i := range idx {
		if c.uninspected(f, i, "fleet "+string(f.ID), r.FleetPos, "repaired") {
			return
		}
		if slices.Contains(fs.Mended, i) {
			c.refuse(r.FleetPos, "UTD6.39", fmt.Sprintf("the %s of fleet %s had a D9.4 repair already; a ship gets one until its next overhaul", f.Units[i], f.ID),
				"name ships not repaired since their last overhaul")
			return
		}
	}
	if !c.spend(1, "UTD6.39") {
		return
	}
	fs.FreighterCycle, fs.FreighterRepairs = c.x.Cycle, done+len(idx)
	c.mend(f, idx, c.ownColony(f.At), "UTD6.39")
}

// offer offers each fleet whose repair freighters have a repair left
// this cycle the repair of its first ship that may be mended (UTD6.39):
// 1 point.
func (r *FreighterRepair) offer(o *offerer) {
	c := o.c
	for _, f := range o.fleets() {
		ships := mendable(c, f)
		if capacity, done := c.freighterRepairs(f); len(ships) == 0 || done >= capacity {
			continue
		}
		o.add(r, 1, 0, "each small repair freighter mends one ship a cycle, each large one two (UTD6.39); damaged: "+campaign.UnitList(ships),
			(&FreighterRepair{Fleet: f.ID, Units: ships[:1]}).YAML())
	}
}

// freighterRepairs is how many ships fleet f's repair freighters mend a
// cycle, and how many they mended this cycle (UTD6.39).
func (c *ctx) freighterRepairs(f *campaign.Fleet) (capacity, done int) {
	for _, u := range f.Units {
		if k := c.st.Catalogue.Class(u); k != nil {
			switch {
			case k.Has(campaign.RoleLargeRepair):
				capacity += 2
			case k.Has(campaign.RoleSmallRepair):
				capacity++
			}
		}
	}
	if fs := c.x.fleet(f.Owner, f.ID); fs.FreighterCycle == c.x.Cycle {
		done = fs.FreighterRepairs
	}
	return capacity, done
}
