package thunderdome

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// JailBreak frees a fleet an enemy fortification traps: another fleet of
// the player moved in this turn, and the trapped one moves out at once
// (UTD4.3564).
type JailBreak struct {
	Fleet      campaign.FleetID  `json:"fleet"`
	Rescuer    campaign.FleetID  `json:"rescuer"`
	To         campaign.SystemID `json:"to"`
	FleetPos   orders.Pos        `json:"fleet_pos"`
	RescuerPos orders.Pos        `json:"rescuer_pos"`
	ToPos      orders.Pos        `json:"to_pos"`
}

// Name returns "jail_break".
func (*JailBreak) Name() string { return "jail_break" }

// Example is a jail_break order as players write it, for hints.
func (*JailBreak) Example() string { return "- jail_break: {fleet: F3, rescuer: F4, to: kessel}" }

// Fields are the keys a jail_break order may hold.
func (*JailBreak) Fields() []string { return []string{"fleet", "rescuer", "to"} }

func (*JailBreak) parse(p *parser, f orders.Fields) Kind {
	j := &JailBreak{}
	var fleet, rescuer, to string
	fleet, j.FleetPos = p.name(f, "fleet", "fleet: F3")
	rescuer, j.RescuerPos = p.name(f, "rescuer", "rescuer: F4")
	to, j.ToPos = p.name(f, "to", "to: kessel")
	j.Fleet, j.Rescuer, j.To = campaign.FleetID(fleet), campaign.FleetID(rescuer), campaign.SystemID(to)
	return j
}

func (*JailBreak) schema() object {
	return kindSchema("A jail break (UTD4.3564): once another of your fleets (the rescuer) has moved into the sector where "+
		"an enemy fortification traps a fleet, the trapped fleet moves out along one lane at once, for 1 order point, never "+
		"free. The rescuer stays, trapped in its place.",
		[]string{"fleet", "rescuer", "to"}, object{"fleet": fleetRef, "rescuer": fleetRef, "to": sectorRef})
}

// YAML echoes the order as players write it.
func (j *JailBreak) YAML() string {
	return fmt.Sprintf("jail_break: {fleet: %s, rescuer: %s, to: %s}", j.Fleet, j.Rescuer, j.To)
}

// apply frees the trapped fleet (UTD4.3564): the rescuer moved into the
// fortified sector this turn (a move order above) and frees no other
// fleet; the trapped fleet moves one lane at once, for 1 point even from a
// colony ("must also spend an order point"), stopping at its destination
// as a move does; an illegal fleet may not break out into an attack
// (UTD7.2661).
func (j *JailBreak) apply(c *ctx) {
	f := c.fleet(j.Fleet, j.FleetPos, "UTD4.3564")
	if f == nil {
		return
	}
	r := c.fleet(j.Rescuer, j.RescuerPos, "UTD4.3564")
	if r == nil {
		return
	}
	fs, rs := c.x.fleet(f.Owner, f.ID), c.x.fleet(r.Owner, r.ID)
	switch {
	case !fs.Trapped:
		c.refuse(j.FleetPos, "UTD4.3564", fmt.Sprintf("fleet %s is not trapped by a fortification", f.ID),
			"move it with a move order")
	case r.At != f.At || rs.Entered != c.st.Turn || !rs.Trapped:
		c.refuse(j.RescuerPos, "UTD4.3564", fmt.Sprintf("fleet %s did not move into %s, where fleet %s is trapped, this turn", r.ID, f.At, f.ID),
			fmt.Sprintf("first move a fleet into %s with a move order, then name it as the rescuer", f.At))
	case rs.Rescued == c.st.Turn:
		c.refuse(j.RescuerPos, "UTD4.3564", fmt.Sprintf("fleet %s already freed a fleet this turn; each rescuer frees one fleet", r.ID),
			fmt.Sprintf("move another fleet into %s to free fleet %s", f.At, f.ID))
	case !c.g.Adjacent(f.At, j.To):
		c.refuse(j.ToPos, "UTD4.1", fmt.Sprintf("no warp lane joins %s and %s", f.At, j.To),
			fmt.Sprintf("from %s, lanes lead to %s", f.At, listOr(names(c.g.Neighbours(f.At)), "nowhere")))
	case len(fs.Wrecked) > 0:
		c.refuse(j.FleetPos, "UTD6.3E", fmt.Sprintf("fleet %s holds a wrecked ship, which cannot move by itself", f.ID),
			"move the wreck to another fleet, scrap it or leave it as a derelict first")
	case !c.mayEnter(f, j.To, j.FleetPos):
	default:
		if !c.spend(1, "UTD4.3564") {
			return
		}
		rs.Rescued = c.st.Turn
		fs.Trapped, fs.SiegeFails = false, 0
		c.say("fleet %s broke fleet %s out of the fortification at %s (UTD4.3564); fleet %s stays, trapped in its place", r.ID, f.ID, f.At, r.ID)
		c.enter(f, j.To)
	}
}

// offer offers, for each trapped fleet, a jail break by the first other
// fleet of the player's that may move into its sector, the move first
// (UTD4.3564): the move's cost and 1 point.
func (j *JailBreak) offer(o *offerer) {
	c := o.c
	for _, f := range o.fleets() {
		fs := c.x.fleet(f.Owner, f.ID)
		if !fs.Trapped || len(fs.Wrecked) > 0 {
			continue
		}
		for _, r := range o.fleets() {
			if r == f || !o.free(r) || !c.g.Adjacent(r.At, f.At) || !o.fits(func() bool { return c.mayEnter(r, f.At, orders.Pos{}) }) {
				continue
			}
			to, _ := o.lane(f, f.At)
			if to == "" {
				break
			}
			cost, why := o.moveCost(r.At)
			o.add(j, cost+1, 0, fmt.Sprintf("the rescuer moves in first (%s), then the jail break, 1 point; fleet %s stays, trapped in its place (UTD4.3564)", why, r.ID),
				(&Move{Fleet: r.ID, To: f.At}).YAML(), (&JailBreak{Fleet: f.ID, Rescuer: r.ID, To: to}).YAML())
			break
		}
	}
}
