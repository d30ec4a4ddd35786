package thunderdome

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// DeadDrop leaves BPV containers or derelict ships in a fleet's sector
// for another player to take (UTD6.3D).
type DeadDrop struct {
	Fleet        campaign.FleetID     `json:"fleet"`
	Containers   int                  `json:"containers,omitempty"`
	Derelicts    []campaign.ClassName `json:"derelicts,omitempty"`
	FleetPos     orders.Pos           `json:"fleet_pos"`
	DerelictsPos []orders.Pos         `json:"derelicts_pos,omitempty"`
}

// The price and worth of a dead-drop container (UTD6.3D1).
const (
	containerPrice = 110
	containerWorth = 100
)

// maxContainers bounds the containers of one order: one point each.
const maxContainers = 20

// Name returns "dead_drop".
func (*DeadDrop) Name() string { return "dead_drop" }

// Example is a dead_drop order as players write it, for hints.
func (*DeadDrop) Example() string { return "- dead_drop: {fleet: F1, containers: 2}" }

// Fields are the keys a dead_drop order may hold.
func (*DeadDrop) Fields() []string { return []string{"fleet", "containers", "derelicts"} }

func (*DeadDrop) parse(p *parser, f orders.Fields) Kind {
	d := &DeadDrop{}
	var fleet string
	fleet, d.FleetPos = p.name(f, "fleet", "fleet: F1")
	d.Fleet = campaign.FleetID(fleet)
	d.Containers, _ = p.count(f, "containers", 1, maxContainers, 0)
	if n := f.Value("derelicts"); n != nil {
		var units []string
		units, d.DerelictsPos, _ = p.Names(n, "derelicts", "derelicts: [frigate]")
		d.Derelicts = ids[campaign.ClassName](units)
	}
	if (d.Containers > 0) == (len(d.Derelicts) > 0) {
		p.Add(d.FleetPos, "UTD6.3D", "a dead drop leaves either containers or derelicts",
			"write containers: 2 or derelicts: [frigate], one dead_drop order each")
	}
	return d
}

func (*DeadDrop) schema() object {
	return kindSchema("A dead drop (UTD6.3D) in the fleet's sector, for the first enemy fleet to enter and hold it, after "+
		"the battles: containers cost 1 order point and 110 BPV each and are worth 100 BPV (UTD6.3D1); derelicts are ships of "+
		"the fleet left empty, any number for 1 order point (UTD6.3D2).",
		[]string{"fleet"}, object{"fleet": fleetRef,
			"containers": object{"type": "integer", "minimum": 1, "maximum": maxContainers, "description": "How many containers to leave."},
			"derelicts":  object{"type": "array", "items": object{"type": "string"}, "description": "The ships to leave as derelicts, by class."}})
}

// YAML echoes the order as players write it.
func (d *DeadDrop) YAML() string {
	if len(d.Derelicts) > 0 {
		return fmt.Sprintf("dead_drop: {fleet: %s, derelicts: [%s]}", d.Fleet, joinNames(d.Derelicts))
	}
	return fmt.Sprintf("dead_drop: {fleet: %s, containers: %d}", d.Fleet, d.Containers)
}

// apply leaves the drop (UTD6.3D1, UTD6.3D2): containers for 1 point and
// 110 BPV each; derelicts, any number of the fleet's ships, for 1 point.
// Whoever takes them does so at step 9 (§11 #10).
func (d *DeadDrop) apply(c *ctx) {
	f := c.fleet(d.Fleet, d.FleetPos, "UTD6.3D")
	if f == nil {
		return
	}
	at := f.At
	if len(d.Derelicts) == 0 {
		n := d.Containers
		if !c.spend(n, "UTD6.3D1") || !c.pay(whole(n*containerPrice), "UTD6.3D1", plural(n, "container")) {
			return
		}
		c.x.Containers = append(c.x.Containers, Container{At: at, Owner: c.player, Count: n})
		c.say("fleet %s left %s worth %d BPV at %s for the first enemy fleet to enter and hold it (UTD6.3D1)", f.ID, plural(n, "container"), n*containerWorth, at)
		return
	}
	idx, ok := c.pick(f, d.Derelicts, d.DerelictsPos, "UTD6.3D2")
	if !ok || !c.spend(1, "UTD6.3D2") {
		return
	}
	gone := c.x.take(f, idx)
	c.x.Derelicts = append(c.x.Derelicts, Derelict{At: at, Owner: c.player, Units: gone.units.Units})
	c.say("fleet %s left %s as derelicts at %s for the first enemy fleet to enter and hold it (UTD6.3D2)", f.ID, campaign.UnitList(gone.units.Units), at)
	c.disband(d.Fleet)
}

// offer offers the first fleet of the player's a container dropped where
// it is (UTD6.3D1): 1 point and its price.
func (d *DeadDrop) offer(o *offerer) {
	if fs := o.fleets(); len(fs) > 0 {
		o.add(d, 1, whole(containerPrice), fmt.Sprintf("worth %d BPV to the first enemy fleet to enter and hold %s (UTD6.3D1); derelicts: [a ship] leaves ships instead, 1 point for any number (UTD6.3D2)",
			containerWorth, fs[0].At), (&DeadDrop{Fleet: fs[0].ID, Containers: 1}).YAML())
	}
}
