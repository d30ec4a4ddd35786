package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Siege has a fleet that an enemy fortification traps try to escape
// (UTD6.3C, UTD4.3561–4.3563), with 1, 2 or 3 dice.
type Siege struct {
	Fleet    campaign.FleetID `json:"fleet"`
	Dice     int              `json:"dice"`
	FleetPos orders.Pos       `json:"fleet_pos"`
	DicePos  orders.Pos       `json:"dice_pos"`
}

// siegePrice is the BPV of a siege roll by its dice (UTD4.3562).
var siegePrice = map[int]int{1: 0, 2: 50, 3: 100}

// siegeServed is the number of failed siege dice after which the next
// attempt succeeds (UTD4.3563).
const siegeServed = 3

// Name returns "siege".
func (*Siege) Name() string { return "siege" }

// Example is a siege order as players write it, for hints.
func (*Siege) Example() string { return "- siege: {fleet: F3, dice: 1}" }

// Fields are the keys a siege order may hold.
func (*Siege) Fields() []string { return []string{"fleet", "dice"} }

func (*Siege) parse(p *parser, f orders.Fields) Kind {
	s := &Siege{}
	var fleet string
	fleet, s.FleetPos = p.name(f, "fleet", "fleet: F3")
	s.Fleet = campaign.FleetID(fleet)
	s.Dice, s.DicePos = p.count(f, "dice", 1, 3, 1)
	return s
}

func (*Siege) schema() object {
	return kindSchema("A siege roll (UTD6.3C, UTD4.3561): a fleet trapped by an enemy fortification tries to escape, once per "+
		"cycle, for 1 order point. Each die of 1–3 frees it, to move from the next cycle; 2 dice cost 50 BPV, 3 dice 100 "+
		"(UTD4.3562). After three failed dice the next attempt succeeds (UTD4.3563).",
		[]string{"fleet"}, object{"fleet": fleetRef, "dice": object{"type": "integer", "minimum": 1, "maximum": 3, "default": 1,
			"description": "How many dice to throw: 1 (free), 2 (50 BPV) or 3 (100 BPV)."}})
}

// YAML echoes the order as players write it.
func (s *Siege) YAML() string {
	return fmt.Sprintf("siege: {fleet: %s, dice: %d}", s.Fleet, max(s.Dice, 1))
}

// apply throws the siege roll (UTD4.3561): a trapped fleet, once per
// cycle, the entry turn included; 1 point and 0, 50 or 100 BPV for 1, 2
// or 3 dice (UTD4.3562). Any die of 1–3 frees it; once three dice have
// failed, the next attempt frees it without a throw (UTD4.3563, each die
// counting as a roll, §11 #26). A freed fleet moves from the next cycle.
func (s *Siege) apply(c *ctx) {
	f := c.fleet(s.Fleet, s.FleetPos, "UTD4.3561")
	if f == nil {
		return
	}
	fs := c.x.fleet(f.Owner, f.ID)
	dice := max(s.Dice, 1)
	switch {
	case !fs.Trapped:
		c.refuse(s.FleetPos, "UTD4.3561", fmt.Sprintf("fleet %s is not trapped by a fortification", f.ID),
			"drop the siege order; only a fleet an enemy fortification traps makes one")
		return
	case fs.SiegeCycle == c.x.Cycle:
		c.refuse(s.FleetPos, "UTD4.3561", fmt.Sprintf("fleet %s already made its siege roll in cycle %s; one attempt per cycle", f.ID, CycleLabel(c.x.Cycle)),
			"try again on your turn of the next cycle")
		return
	}
	if !c.spend(1, "UTD4.3561") || !c.pay(whole(siegePrice[dice]), "UTD4.3562", "a siege roll with "+counted(dice, "die", "dice")) {
		return
	}
	fs.SiegeCycle = c.x.Cycle
	if fs.SiegeFails >= siegeServed {
		c.free(fs, "time served: after %s, this attempt succeeds (UTD4.3563)", counted(fs.SiegeFails, "failed siege die", "failed siege dice"))
		return
	}
	d := c.roll(dice, 6, "the siege of "+string(f.At))
	if slices.ContainsFunc(d, func(v int) bool { return v <= 3 }) {
		c.free(fs, "a die of 1–3 frees fleet %s (UTD4.3561)", f.ID)
		return
	}
	fs.SiegeFails += dice
	c.say("no die of 1–3: fleet %s stays trapped at %s (%s so far; after %d the next attempt succeeds, UTD4.3563)",
		f.ID, f.At, counted(fs.SiegeFails, "failed siege die", "failed siege dice"), siegeServed)
}

// free releases a trapped fleet: it moves from the next cycle
// (UTD4.3561).
func (c *ctx) free(fs *FleetState, format string, args ...any) {
	fs.Trapped, fs.SiegeFails, fs.Released = false, 0, c.x.Cycle
	c.say(format, args...)
	c.say("fleet %s is free and moves from the next cycle (UTD4.3561)", fs.ID)
}

// offer offers each trapped fleet that has not tried this cycle a siege
// roll of one die (UTD4.3561): 1 point, more dice for BPV (UTD4.3562).
func (s *Siege) offer(o *offerer) {
	c := o.c
	for _, f := range o.fleets() {
		if fs := c.x.fleet(f.Owner, f.ID); fs.Trapped && fs.SiegeCycle != c.x.Cycle {
			o.add(s, 1, 0, fmt.Sprintf("once a cycle, a die of 1-3 frees it; dice: 2 for %d BPV, 3 for %d (UTD4.3561, UTD4.3562)", siegePrice[2], siegePrice[3]),
				(&Siege{Fleet: f.ID, Dice: 1}).YAML())
		}
	}
}
