package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Disavow gives up the player's claim on a sector (UTD4.13): their fleets
// there no longer take it at the start of their turns, and a sector they
// own becomes nobody's. Withdraw takes the disavowal back.
type Disavow struct {
	Sector    campaign.SystemID `json:"sector"`
	SectorPos orders.Pos        `json:"sector_pos"`
	Withdraw  bool              `json:"withdraw,omitempty"`
}

// Name returns "disavow".
func (*Disavow) Name() string { return "disavow" }

// Example is a disavow order as players write it, for hints.
func (*Disavow) Example() string { return "- disavow: {sector: s10}" }

// Fields are the keys a disavow order may hold.
func (*Disavow) Fields() []string { return []string{"sector", "withdraw"} }

func (*Disavow) parse(p *parser, f orders.Fields) Kind {
	d := &Disavow{}
	var sector string
	sector, d.SectorPos = p.name(f, "sector", "sector: s10")
	d.Sector = campaign.SystemID(sector)
	if n := f.Value("withdraw"); n != nil {
		d.Withdraw, _ = p.Bool(n, "withdraw")
	}
	return d
}

func (*Disavow) schema() object {
	return kindSchema("Disavow a sector (UTD4.13), for no order point: your fleets there no longer claim it at the start "+
		"of your turns, and if you own it, it becomes nobody's. withdraw: true takes the disavowal back.",
		[]string{"sector"}, object{"sector": sectorRef,
			"withdraw": object{"type": "boolean", "description": "Take back an earlier disavowal of the sector."}})
}

// YAML echoes the order as players write it.
func (d *Disavow) YAML() string {
	if d.Withdraw {
		return fmt.Sprintf("disavow: {sector: %s, withdraw: true}", d.Sector)
	}
	return fmt.Sprintf("disavow: {sector: %s}", d.Sector)
}

// apply records the disavowal (UTD4.13: claims are automatic unless the
// player disavows), free (reading: the rules price no order for it). A
// sector the player owns becomes nobody's until someone claims it.
func (d *Disavow) apply(c *ctx) {
	s := c.x.sector(d.Sector)
	if s == nil {
		c.refuse(d.SectorPos, "UTD4.13", fmt.Sprintf("there is no sector %s", orders.Quote(string(d.Sector))),
			"name a sector by the ID the report gives it")
		return
	}
	has := slices.Contains(s.Disavowed, c.player)
	switch {
	case d.Withdraw && !has:
		c.refuse(d.SectorPos, "UTD4.13", fmt.Sprintf("you have not disavowed %s", s.ID), "drop the order")
	case d.Withdraw:
		s.Disavowed = slices.DeleteFunc(s.Disavowed, func(p campaign.PlayerID) bool { return p == c.player })
		c.say("%s claims %s again: a fleet of %s's that holds it from one of their turns to the next takes it (UTD4.13)", c.player, s.ID, c.player)
	case has:
		c.refuse(d.SectorPos, "UTD4.13", fmt.Sprintf("you have already disavowed %s", s.ID),
			fmt.Sprintf("drop the order, or take the disavowal back with disavow: {sector: %s, withdraw: true}", s.ID))
	default:
		s.Disavowed = append(s.Disavowed, c.player)
		if s.Owner == c.player {
			s.Owner = ""
			c.say("%s no longer owns %s, and their fleets will not claim it (UTD4.13)", c.player, s.ID)
		} else {
			c.say("%s's fleets will not claim %s (UTD4.13)", c.player, s.ID)
		}
	}
}

// offer offers to take back the player's first disavowal, or else to
// disavow the first sector where a fleet of theirs stands that they do
// not own (UTD4.13): no point.
func (d *Disavow) offer(o *offerer) {
	c := o.c
	for _, s := range c.x.Sectors {
		if slices.Contains(s.Disavowed, c.player) {
			o.add(d, 0, 0, "your fleets there claim it again (UTD4.13)", (&Disavow{Sector: s.ID, Withdraw: true}).YAML())
			return
		}
	}
	for _, f := range o.fleets() {
		if s := c.x.sector(f.At); s != nil && s.Owner != c.player {
			o.add(d, 0, 0, fmt.Sprintf("fleet %s and your other fleets there no longer claim it (UTD4.13)", f.ID), (&Disavow{Sector: s.ID}).YAML())
			return
		}
	}
}
