package thunderdome

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// RemoveFortification has a fleet remove the player's own fortification
// in the sector it began the turn in, by the procedure that establishes
// one (UTD4.352).
type RemoveFortification struct {
	Fleet    campaign.FleetID `json:"fleet"`
	FleetPos orders.Pos       `json:"fleet_pos"`
}

// Name returns "remove_fortification".
func (*RemoveFortification) Name() string { return "remove_fortification" }

// Example is a remove_fortification order as players write it, for hints.
func (*RemoveFortification) Example() string { return "- remove_fortification: {fleet: F2}" }

// Fields are the keys a remove_fortification order may hold.
func (*RemoveFortification) Fields() []string { return []string{"fleet"} }

func (*RemoveFortification) parse(p *parser, f orders.Fields) Kind {
	r := &RemoveFortification{}
	var fleet string
	fleet, r.FleetPos = p.name(f, "fleet", "fleet: F2")
	r.Fleet = campaign.FleetID(fleet)
	return r
}

func (*RemoveFortification) schema() object {
	return kindSchema("Remove your own fortification (UTD4.352) with a fleet that began the turn in its sector, for 1 order "+
		"point, none with a minesweeper in the fleet. It goes at the start of your next turn if the fleet stays there until "+
		"then; the fleet may not move on this turn.",
		[]string{"fleet"}, object{"fleet": fleetRef})
}

// YAML echoes the order as players write it.
func (r *RemoveFortification) YAML() string {
	return fmt.Sprintf("remove_fortification: {fleet: %s}", r.Fleet)
}

// apply checks the removal (UTD4.352: "the same procedure to establish
// the fortification"): a fleet that began the turn in the sector of the
// player's own fortification, not already being removed; 1 point, none
// with a minesweeper (UTD4.351). The fortification goes at step 1 of the
// player's next turn, if the fleet is still there.
func (r *RemoveFortification) apply(c *ctx) {
	f := c.fleet(r.Fleet, r.FleetPos, "UTD4.352")
	if f == nil || !c.canEstablish(f, c.x.sector(f.At), "UTD4.352", r.FleetPos) {
		return
	}
	if !c.st.HasDevelopment(c.player, f.At, campaign.Fortification) {
		c.refuse(r.FleetPos, "UTD4.352", fmt.Sprintf("you have no fortification at %s, where fleet %s is", f.At, f.ID),
			"remove a fortification with a fleet that began the turn in its sector")
		return
	}
	for _, p := range c.x.Pending {
		if p.At == f.At && p.Kind == campaign.Fortification && p.Remove {
			c.refuse(r.FleetPos, "UTD4.352", fmt.Sprintf("fleet %s is already removing the fortification at %s", p.Fleet, f.At),
				"drop this order")
			return
		}
	}
	if !c.spendUnless(c.hasRole(f, campaign.RoleMinesweeper), "UTD4.352", "free: fleet %s holds a minesweeper (UTD4.351)", f.ID) {
		return
	}
	c.x.Pending = append(c.x.Pending, Pending{Owner: c.player, At: f.At, Kind: campaign.Fortification, Remove: true, Fleet: f.ID, Turn: c.st.Turn})
	c.say("fleet %s is removing %s's fortification at %s: it goes at the start of %s's next turn if the fleet is still there (UTD4.352)", f.ID, c.player, f.At, c.player)
}

// offer offers the removal of each fortification of the player's where a
// fleet of theirs began the turn, by the first such fleet (UTD4.352):
// 1 point, none with a minesweeper.
func (r *RemoveFortification) offer(o *offerer) {
	c := o.c
	for _, f := range o.fleets() {
		if !c.st.HasDevelopment(c.player, f.At, campaign.Fortification) ||
			!o.fits(func() bool { return c.canEstablish(f, c.x.sector(f.At), "", orders.Pos{}) }) {
			continue
		}
		cost, note := 1, ""
		if c.hasRole(f, campaign.RoleMinesweeper) {
			cost, note = 0, "free, as it holds a minesweeper (UTD4.351); "
		}
		o.add(r, cost, 0, note+fmt.Sprintf("your fortification at %s goes at the start of your next turn if fleet %s stays there (UTD4.352)", f.At, f.ID),
			(&RemoveFortification{Fleet: f.ID}).YAML())
		return
	}
}
