package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// RepairFleet gives every ship of a fleet at the player's colony a D9.4
// repair (UTD4.335).
type RepairFleet struct {
	Fleet    campaign.FleetID `json:"fleet"`
	FleetPos orders.Pos       `json:"fleet_pos"`
}

// Name returns "repair_fleet".
func (*RepairFleet) Name() string { return "repair_fleet" }

// Example is a repair_fleet order as players write it, for hints.
func (*RepairFleet) Example() string { return "- repair_fleet: {fleet: F1}" }

// Fields are the keys a repair_fleet order may hold.
func (*RepairFleet) Fields() []string { return []string{"fleet"} }

func (*RepairFleet) parse(p *parser, f orders.Fields) Kind {
	r := &RepairFleet{}
	var fleet string
	fleet, r.FleetPos = p.name(f, "fleet", "fleet: F1")
	r.Fleet = campaign.FleetID(fleet)
	return r
}

func (*RepairFleet) schema() object {
	return kindSchema("Repair a fleet that began the turn at your own developed colony (UTD4.335), for 1 order point, none "+
		"with a repair freighter in the fleet: every ship mends twice its damage control in damage points, once until its next "+
		"overhaul; a repair freighter adds 1 to each ship's damage control.",
		[]string{"fleet"}, object{"fleet": fleetRef})
}

// YAML echoes the order as players write it.
func (r *RepairFleet) YAML() string { return fmt.Sprintf("repair_fleet: {fleet: %s}", r.Fleet) }

// apply repairs the fleet (UTD4.335): it began the turn at the player's
// own developed colony and is still there; 1 point, none with a repair
// freighter, which also adds 1 to every ship's damage control (UTD7.54).
// Captured ships not yet inspected are left as they are (UTD6.3773); a
// fleet of nothing else is refused.
func (r *RepairFleet) apply(c *ctx) {
	f := c.fleet(r.Fleet, r.FleetPos, "UTD4.335")
	if f == nil {
		return
	}
	if !c.started(f) || !c.ownColony(f.At) {
		c.refuse(r.FleetPos, "UTD4.335", fmt.Sprintf("fleet %s did not begin this turn at a developed colony of yours", f.ID),
			"repair it on a turn it begins at your colony, or with its repair freighter (freighter_repair, UTD6.39)")
		return
	}
	if len(f.Captured) == len(f.Units) && c.uninspected(f, 0, "fleet "+string(f.ID), r.FleetPos, "repaired") {
		return
	}
	freighter := c.hasRole(f, campaign.RoleLargeRepair, campaign.RoleSmallRepair)
	if !c.spendUnless(freighter, "UTD4.335", "free: fleet %s holds a repair freighter (UTD4.335)", f.ID) {
		return
	}
	var ships []int
	for i := range f.Units {
		if !f.IsCaptured(i) {
			ships = append(ships, i)
		}
	}
	if len(ships) < len(f.Units) {
		c.say("its captured ships not yet inspected are not repaired (UTD6.3773)")
	}
	c.mend(f, ships, freighter, "UTD4.335")
}

// mend gives the ships at idx of fleet f a D9.4 repair: each mends twice
// its class's damage control in damage points (reading, after
// UTD5.25312), bonus adding 1 to it (UTD7.54), and is marked until its
// next overhaul (UTD4.335). A ship already marked is not mended again;
// a ship without damage is left alone, unmarked.
func (c *ctx) mend(f *campaign.Fleet, idx []int, bonus bool, rule string) {
	fs := c.x.fleet(f.Owner, f.ID)
	dc := 0
	if bonus {
		dc = 1
	}
	total := 0
	var again []campaign.ClassName
	for _, i := range idx {
		j := slices.IndexFunc(f.Damage, func(d campaign.UnitDamage) bool { return d.Unit == i })
		k := c.st.Catalogue.Class(f.Units[i])
		switch {
		case j < 0 || f.Damage[j].Structure == 0 || k == nil:
			continue
		case slices.Contains(fs.Mended, i):
			again = append(again, f.Units[i])
			continue
		}
		fs.Mended = append(fs.Mended, i)
		fix := min(2*(k.Damcon+dc), f.Damage[j].Structure)
		f.Damage[j].Structure -= fix
		total += fix
	}
	slices.Sort(fs.Mended)
	f.Damage = slices.DeleteFunc(f.Damage, func(d campaign.UnitDamage) bool { return d == campaign.UnitDamage{Unit: d.Unit} })
	if total > 0 {
		c.say("fleet %s mended %s by D9.4 repairs (%s)", f.ID, plural(total, "damage point"), rule)
	} else if len(again) == 0 {
		c.say("fleet %s had no damage to mend (%s)", f.ID, rule)
	}
	if len(again) > 0 {
		c.say("%s had a D9.4 repair already and get none until overhauled (UTD4.335)", campaign.UnitList(again))
	}
}

// offer offers a repair to each fleet at the player's colony since the
// turn began with a damaged ship that may be mended (UTD4.335): 1 point,
// none with a repair freighter in the fleet.
func (r *RepairFleet) offer(o *offerer) {
	c := o.c
	for _, f := range o.fleets() {
		if !c.started(f) || !c.ownColony(f.At) || len(mendable(c, f)) == 0 {
			continue
		}
		cost, note := 1, ""
		if c.hasRole(f, campaign.RoleLargeRepair, campaign.RoleSmallRepair) {
			cost, note = 0, "free, as it holds a repair freighter; "
		}
		o.add(r, cost, 0, note+fmt.Sprintf("mends %s, once each until overhauled (UTD4.335)", campaign.UnitList(mendable(c, f))), (&RepairFleet{Fleet: f.ID}).YAML())
	}
}

// mendable lists the ships of fleet f a D9.4 repair would mend: damaged,
// not mended since their last overhaul, not captured (UTD4.335,
// UTD6.3773).
func mendable(c *ctx, f *campaign.Fleet) []campaign.ClassName {
	fs := c.x.fleet(f.Owner, f.ID)
	var out []campaign.ClassName
	for i, u := range f.Units {
		if f.DamageOf(i).Structure > 0 && !slices.Contains(fs.Mended, i) && !f.IsCaptured(i) && c.st.Catalogue.Class(u) != nil {
			out = append(out, u)
		}
	}
	return out
}
