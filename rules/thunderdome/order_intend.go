package thunderdome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Intend declares the legal intention of a deliberately illegal fleet
// (UTD7.26652): the fleets it will join, and where, to make legal fleets.
type Intend struct {
	Fleet    campaign.FleetID   `json:"fleet"`
	Join     []campaign.FleetID `json:"join"`
	At       campaign.SystemID  `json:"at"`
	FleetPos orders.Pos         `json:"fleet_pos"`
	JoinPos  []orders.Pos       `json:"join_pos"`
	AtPos    orders.Pos         `json:"at_pos"`
}

// Name returns "intend".
func (*Intend) Name() string { return "intend" }

// Example is an intend order as players write it, for hints.
func (*Intend) Example() string { return "- intend: {fleet: f4, join: [f1], at: lyra}" }

// Fields are the keys an intend order may hold.
func (*Intend) Fields() []string { return []string{"fleet", "join", "at"} }

func (*Intend) parse(p *parser, f orders.Fields) Kind {
	i := &Intend{}
	var fleet, at string
	var join []string
	fleet, i.FleetPos = p.name(f, "fleet", "fleet: f4")
	join, i.JoinPos = p.names(f, "join", "join: [f1]")
	at, i.AtPos = p.name(f, "at", "at: lyra")
	i.Fleet, i.Join, i.At = campaign.FleetID(fleet), ids[campaign.FleetID](join), campaign.SystemID(at)
	return i
}

func (*Intend) schema() object {
	return kindSchema("Declare the legal intention of a fleet you make illegal on purpose (UTD7.26652), for no order point: "+
		"the fleets it will join, and the sector where they meet, to be organized into legal fleets. Declare it before the "+
		"order that makes the fleet illegal, take a step toward it on this turn or your next (a move of one of the fleets "+
		"nearer the sector, or an organize of them), and keep it unless enemy action makes it moot (UTD7.26653).",
		[]string{"fleet", "join", "at"}, object{"fleet": object{"type": "string", "description": "The illegal fleet, or the name of the fleet an order below will form."},
			"join": object{"type": "array", "minItems": 1, "items": fleetRef, "description": "The fleets it will join."},
			"at":   sectorRef})
}

// YAML echoes the order as players write it.
func (i *Intend) YAML() string {
	return fmt.Sprintf("intend: {fleet: %s, join: [%s], at: %s}", i.Fleet, joinNames(i.Join), i.At)
}

// apply records the intention (UTD7.26652): the fleets to join are the
// player's, the sector is on the map, and an intention already standing
// for the fleet changes only when enemy action made it moot (UTD7.26653)
// or it lapsed. Declaring is free (reading: the rules price no order).
func (i *Intend) apply(c *ctx) {
	for n, id := range i.Join {
		if id == i.Fleet {
			c.refuse(i.JoinPos[n], "UTD7.26652", fmt.Sprintf("fleet %s cannot join itself", id), "name the fleets it will join")
			return
		}
		if c.fleet(id, i.JoinPos[n], "UTD7.26652") == nil {
			return
		}
	}
	if c.x.sector(i.At) == nil {
		c.refuse(i.AtPos, "UTD7.26652", fmt.Sprintf("there is no sector %s", orders.Quote(string(i.At))), "name a sector by the ID the report gives it")
		return
	}
	old := c.x.intention(c.player, i.Fleet)
	if old != nil && !old.Lapsed {
		if moot := c.x.moot(c.st, *old); moot == "" {
			c.refuse(i.FleetPos, "UTD7.26653", fmt.Sprintf("fleet %s already has a legal intention, to join %s at %s, and nothing the enemy did made it moot",
				i.Fleet, joinNames(old.Join), old.At), "keep to it: move the fleets toward "+string(old.At)+" and organize them there")
			return
		}
	}
	c.x.Intentions = slices.DeleteFunc(c.x.Intentions, func(o Intention) bool { return o.Owner == c.player && o.Fleet == i.Fleet })
	c.x.Intentions = append(c.x.Intentions, Intention{Owner: c.player, Fleet: i.Fleet, Join: i.Join, At: i.At, Cycle: c.x.Cycle})
	c.say("%s declares the legal intention of fleet %s: to join %s at %s, with a step toward it on this turn or the next (UTD7.26652)",
		c.player, i.Fleet, joinNames(i.Join), i.At)
}

// offer offers each illegal fleet of the player's without a standing
// legal intention one: to join another of their fleets where it stands
// (UTD7.26652), no point.
func (i *Intend) offer(o *offerer) {
	c := o.c
	fs := o.fleets()
	if len(fs) < 2 {
		return
	}
	for _, f := range fs {
		if it := c.x.intention(c.player, f.ID); len(c.x.illegal(c.st, f)) == 0 || it != nil && !it.Lapsed {
			continue
		}
		o.add(i, 0, 0, "then take a step toward it on this turn or your next, a move nearer or an organize there (UTD7.26652, UTD7.2664)",
			strings.TrimPrefix(c.intendExample(f), "- "))
	}
}
