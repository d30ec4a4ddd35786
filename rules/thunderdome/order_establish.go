package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Establish has a fleet establish a colony, a mine or a fortification in
// the sector it began the turn in (UTD6.34–6.36): it appears at step 1 of
// the player's next turn if the fleet is still there (UTD4.331).
type Establish struct {
	Fleet    campaign.FleetID         `json:"fleet"`
	What     campaign.DevelopmentKind `json:"what"`
	FleetPos orders.Pos               `json:"fleet_pos"`
	WhatPos  orders.Pos               `json:"what_pos"`
}

// Name returns "establish".
func (*Establish) Name() string { return "establish" }

// Example is an establish order as players write it, for hints.
func (*Establish) Example() string { return "- establish: {fleet: F2, what: colony}" }

// Fields are the keys an establish order may hold.
func (*Establish) Fields() []string { return []string{"fleet", "what"} }

// developments are what an establish order may establish.
var developments = []string{string(campaign.Colony), string(campaign.Mine), string(campaign.Fortification)}

func (*Establish) parse(p *parser, f orders.Fields) Kind {
	e := &Establish{}
	var fleet, what string
	fleet, e.FleetPos = p.name(f, "fleet", "fleet: F2")
	what, e.WhatPos = p.name(f, "what", "what: colony")
	e.Fleet, e.What = campaign.FleetID(fleet), campaign.DevelopmentKind(what)
	if what != "" && !slices.Contains(developments, what) {
		p.Add(e.WhatPos, "UTD6.34", fmt.Sprintf("what %s: a fleet establishes a colony, a mine or a fortification", orders.Quote(what)),
			"write what: colony, what: mine or what: fortification")
	}
	return e
}

func (*Establish) schema() object {
	return kindSchema("Establish a colony in a life sector, a mine in a mineral sector or a fortification in any explored sector "+
		"(UTD6.34–6.36), with a fleet that began the turn there, for 1 order point: none for a colony or mine with a large "+
		"freighter in the fleet, none for a fortification with a minesweeper. It appears at the start of your next turn if the "+
		"fleet stays there until then (UTD4.331); the fleet may not move on this turn.",
		[]string{"fleet", "what"}, object{"fleet": fleetRef, "what": object{"enum": developments,
			"description": "What to establish: colony, mine or fortification."}})
}

// YAML echoes the order as players write it.
func (e *Establish) YAML() string {
	return fmt.Sprintf("establish: {fleet: %s, what: %s}", e.Fleet, e.What)
}

// rule is the rule of what e establishes.
func (e *Establish) rule() string {
	switch e.What {
	case campaign.Colony:
		return "UTD6.34"
	case campaign.Mine:
		return "UTD6.35"
	}
	return "UTD6.36"
}

// apply checks the establishment (UTD6.34–6.36): a fleet that began the
// turn in the sector (and has not left it), a life sector for a colony
// and a mineral one for a mine (UTD4.33, UTD4.34), any explored sector
// for a fortification (§11 #20), one of each kind per sector, counting
// those pending (§11 #34), and not in a sector another player owns or
// fortified (UTD4.13, §11 #35). It costs 1 point, none with a large
// freighter (colony, mine: UTD4.331, UTD4.341) or a minesweeper
// (fortification: UTD4.351). The development is pending until step 1 of
// the player's next turn.
func (e *Establish) apply(c *ctx) {
	rule := e.rule()
	f := c.fleet(e.Fleet, e.FleetPos, rule)
	if f == nil {
		return
	}
	s := c.x.sector(f.At)
	if !c.canEstablish(f, s, rule, e.FleetPos) {
		return
	}
	switch {
	case e.What == campaign.Colony && !s.Type.IsLife():
		c.refuse(e.WhatPos, "UTD4.33", fmt.Sprintf("%s is a %s sector; a colony needs a life sector", f.At, s.Type),
			"establish a colony where a fleet begins its turn in a life sector, or a fortification here")
		return
	case e.What == campaign.Mine && !s.Type.IsMineral():
		c.refuse(e.WhatPos, "UTD4.34", fmt.Sprintf("%s is a %s sector; a mine needs a mineral sector", f.At, s.Type),
			"establish a mine where a fleet begins its turn in a mineral sector, or a fortification here")
		return
	}
	if owner := c.developedOrPending(f.At, e.What); owner != "" {
		c.refuse(e.WhatPos, rule, fmt.Sprintf("%s already has a %s of %s, standing or ordered; a sector holds one", f.At, e.What, owner),
			"establish something else, or elsewhere")
		return
	}
	free, freeRule := campaign.RoleLargeFreighter, "UTD4.331"
	if e.What == campaign.Fortification {
		free, freeRule = campaign.RoleMinesweeper, "UTD4.351"
	}
	if !c.spendUnless(c.hasRole(f, free), rule, "free: fleet %s holds a %s (%s)", f.ID, free, freeRule) {
		return
	}
	c.x.Pending = append(c.x.Pending, Pending{Owner: c.player, At: f.At, Kind: e.What, Fleet: f.ID, Turn: c.st.Turn})
	c.say("fleet %s is establishing a %s at %s: it appears at the start of %s's next turn if the fleet is still there (%s, UTD4.331)",
		f.ID, e.What, f.At, c.player, rule)
}

// canEstablish checks what establishing and removing a development share
// (UTD6.34–6.36, UTD4.352): the fleet began the turn in the sector and is
// still there; the sector is explored, and neither owned nor fortified by
// another player.
func (c *ctx) canEstablish(f *campaign.Fleet, s *Sector, rule string, at orders.Pos) bool {
	switch {
	case !c.started(f):
		c.refuse(at, rule, fmt.Sprintf("fleet %s did not begin this turn at %s; a fleet must start its turn in the sector", f.ID, f.At),
			"give the order on your next turn, with the fleet still there")
	case s == nil || s.Type == Unknown || s.Type == "":
		c.refuse(at, rule, fmt.Sprintf("%s is not explored yet", f.At), "establish in an explored sector")
	case s.Owner != "" && s.Owner != c.player:
		c.refuse(at, "UTD4.13", fmt.Sprintf("%s belongs to %s; only a sector's owner benefits from what stands there", f.At, s.Owner),
			"hold the sector until you own it (UTD4.13), then establish")
	case enemyFortAt(c.st, c.player, f.At) != "":
		c.refuse(at, "UTD4.353", fmt.Sprintf("%s has a fortification of %s", f.At, enemyFortAt(c.st, c.player, f.At)),
			"destroy it with a minesweeper first (UTD4.352)")
	default:
		return true
	}
	return false
}

// developedOrPending returns who has a development of the kind at a
// sector, standing or ordered and not yet standing; "" for nobody.
func (c *ctx) developedOrPending(at campaign.SystemID, kind campaign.DevelopmentKind) campaign.PlayerID {
	for _, d := range c.st.Developments {
		if d.At == at && d.Kind == kind {
			return d.Owner
		}
	}
	for _, p := range c.x.Pending {
		if p.At == at && p.Kind == kind && !p.Remove {
			return p.Owner
		}
	}
	return ""
}

// offer offers each development a sector where a fleet of the player's
// began the turn may take, by the first such fleet, one that holds what
// makes it free if there is one: a colony in a life sector, a mine in a
// mineral one, a fortification anywhere explored (UTD6.34–6.36).
func (e *Establish) offer(o *offerer) {
	c := o.c
	for _, what := range developments {
		kind := campaign.DevelopmentKind(what)
		free, freeRule := campaign.RoleLargeFreighter, "UTD4.331"
		if kind == campaign.Fortification {
			free, freeRule = campaign.RoleMinesweeper, "UTD4.351"
		}
		var pick *campaign.Fleet
		for _, f := range o.fleets() {
			s := c.x.sector(f.At)
			switch {
			case !o.fits(func() bool { return c.canEstablish(f, s, "", orders.Pos{}) }),
				kind == campaign.Colony && !s.Type.IsLife(), kind == campaign.Mine && !s.Type.IsMineral(),
				c.developedOrPending(f.At, kind) != "":
				continue
			}
			if pick == nil || c.hasRole(f, free) && !c.hasRole(pick, free) {
				pick = f
			}
		}
		if pick == nil {
			continue
		}
		es := &Establish{Fleet: pick.ID, What: kind}
		cost, note := 1, ""
		if c.hasRole(pick, free) {
			cost, note = 0, fmt.Sprintf("free, as it holds a %s (%s); ", free, freeRule)
		}
		o.add(e, cost, 0, note+fmt.Sprintf("it appears at the start of your next turn if fleet %s stays at %s, and the fleet moves no more this turn (%s, UTD4.331)",
			pick.ID, pick.At, es.rule()), es.YAML())
	}
}
