package thunderdome

import (
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Move moves a fleet along one warp lane (UTD6.31); a fleet goes further
// with one move order per lane.
type Move struct {
	Fleet campaign.FleetID  `json:"fleet"`
	To    campaign.SystemID `json:"to"`
	// FleetPos and ToPos are where the fields were written.
	FleetPos orders.Pos `json:"fleet_pos"`
	ToPos    orders.Pos `json:"to_pos"`
}

// Name returns "move".
func (*Move) Name() string { return "move" }

// Example is a move order as players write it, for hints.
func (*Move) Example() string { return "- move: {fleet: f1, to: kessel}" }

// Fields are the keys a move order may hold.
func (*Move) Fields() []string { return []string{"fleet", "to"} }

func (*Move) parse(p *parser, f orders.Fields) Kind {
	m := &Move{}
	var fleet, to string
	fleet, m.FleetPos = p.name(f, "fleet", "fleet: f1")
	to, m.ToPos = p.name(f, "to", "to: kessel")
	m.Fleet, m.To = campaign.FleetID(fleet), campaign.SystemID(to)
	return m
}

func (*Move) schema() object {
	return kindSchema("Move a fleet along one warp lane (UTD6.31), for 1 order point, or none when it leaves a sector "+
		"with your own developed colony (UTD4.334). A fleet that enters a sector holding an enemy fleet or an enemy "+
		"fortification stops there for the rest of the turn (UTD6.31, UTD4.355).",
		[]string{"fleet", "to"}, object{"fleet": fleetRef, "to": sectorRef})
}

// YAML echoes the order as players write it.
func (m *Move) YAML() string { return fmt.Sprintf("move: {fleet: %s, to: %s}", m.Fleet, m.To) }

// apply moves the fleet one lane (UTD6.31): not a fleet pinned this turn
// (UTD6.125), trapped by an enemy fortification (UTD4.356) or freed from
// one this cycle (UTD4.3561), nor one establishing a development
// (UTD6.34), nor one with a wrecked ship (UTD6.3E). The lane costs 1
// point, or none from the player's own developed colony (UTD4.334).
// Entering an enemy fleet's or fortification's sector stops the fleet
// for the turn (UTD6.31, UTD4.355); a fortification traps it (UTD4.356).
// An illegal fleet may not attack (UTD7.2661).
func (m *Move) apply(c *ctx) {
	f := c.fleet(m.Fleet, m.FleetPos, "UTD6.31")
	if f == nil {
		return
	}
	fs := c.x.fleet(f.Owner, f.ID)
	from := f.At
	switch {
	case !c.g.Has(m.To):
		c.refuse(m.ToPos, "UTD4.1", fmt.Sprintf("there is no sector %s", orders.Quote(string(m.To))),
			fmt.Sprintf("from %s, lanes lead to %s", from, listOr(names(c.g.Neighbours(from)), "nowhere")))
	case !c.g.Adjacent(from, m.To):
		c.refuse(m.ToPos, "UTD4.1", fmt.Sprintf("no warp lane joins %s, where fleet %s is, and %s", from, m.Fleet, m.To),
			fmt.Sprintf("move one lane per order; from %s, lanes lead to %s", from, listOr(names(c.g.Neighbours(from)), "nowhere")))
	case fs.Pinned == c.st.Turn:
		c.refuse(m.FleetPos, "UTD6.31", fmt.Sprintf("fleet %s entered %s, held by the enemy, this turn and moves no more until your next turn", m.Fleet, from),
			"leave it where it is this turn")
	case fs.Trapped:
		c.refuse(m.FleetPos, "UTD4.356", fmt.Sprintf("fleet %s is trapped by the enemy fortification at %s", m.Fleet, from),
			"try a siege roll (UTD4.3561) or a jail break (UTD4.3564)")
	case fs.Released == c.x.Cycle:
		c.refuse(m.FleetPos, "UTD4.3561", fmt.Sprintf("fleet %s was freed from the fortification at %s this cycle and moves from the next", m.Fleet, from),
			"move it on a turn of the next cycle")
	case c.establishing(f):
		c.refuse(m.FleetPos, "UTD6.34", fmt.Sprintf("fleet %s is establishing a development at %s and stays there the rest of the turn", m.Fleet, from),
			"move another fleet")
	case len(fs.Wrecked) > 0:
		c.refuse(m.FleetPos, "UTD6.3E", fmt.Sprintf("fleet %s holds a wrecked ship, which cannot move by itself", m.Fleet),
			"tow it (UTD6.3E), move it to another fleet, scrap it or leave it as a derelict first")
	case !c.mayEnter(f, m.To, m.FleetPos):
	default:
		cost, rule := 1, "UTD6.31"
		if c.ownColony(from) {
			cost, rule = 0, "UTD4.334"
		}
		if !c.spend(cost, rule) {
			return
		}
		if cost == 0 {
			c.say("free: it leaves %s's developed colony at %s (UTD4.334)", c.player, from)
		}
		c.enter(f, m.To)
	}
}

// ownColony reports whether the player has a developed colony at a
// sector (UTD4.334).
func (c *ctx) ownColony(at campaign.SystemID) bool {
	return c.st.HasDevelopment(c.player, at, campaign.Colony)
}

// establishing reports whether a fleet is establishing a development this
// turn (UTD6.34).
func (c *ctx) establishing(f *campaign.Fleet) bool {
	for _, p := range c.x.Pending {
		if p.Owner == f.Owner && p.Fleet == f.ID && p.Turn == c.st.Turn {
			return true
		}
	}
	return false
}

// enter puts a fleet into a sector: it stops there for the turn if the
// sector holds an enemy fleet or an enemy fortification (UTD6.31,
// UTD4.355), and an enemy fortification traps it (UTD4.356).
func (c *ctx) enter(f *campaign.Fleet, to campaign.SystemID) {
	from := f.At
	f.At = to
	fs := c.x.fleet(f.Owner, f.ID)
	fs.Entered, fs.EnteredCycle = c.st.Turn, c.x.Cycle
	if c.moved == nil {
		c.moved = map[campaign.FleetID]orders.Pos{}
	}
	c.moved[f.ID] = c.cur.Pos
	c.say("fleet %s moved from %s to %s", f.ID, from, to)
	enemy := enemyFleetAt(c.st, f.Owner, to)
	post := c.x.enemyPostAt(f.Owner, to)
	fort := enemyFortAt(c.st, f.Owner, to)
	npe := c.x.npeAt(to)
	if enemy != "" || post != "" || fort != "" || npe != nil {
		fs.Pinned = c.st.Turn
	}
	switch {
	case npe != nil && fort == "":
		c.say("the %s holds %s: it stops for the turn and meets it at step 8 (UTD6.31, UTD7.4512)", npe.Empire, to)
	case fort != "":
		fs.Trapped, fs.SiegeFails = true, 0
		c.say("the fortification of %s at %s stops it for the turn and traps it (UTD4.355, UTD4.356)", fort, to)
	case enemy != "":
		c.say("fleets of %s are there: it stops for the turn (UTD6.31)", enemy)
	case post != "":
		c.say("the defenses of %s are there: it stops for the turn (UTD6.31, UTD7.4233)", post)
	}
}

// enemyFleetAt returns another player's fleet at a sector, the first in
// the state's order, or "" for none.
func enemyFleetAt(st *campaign.State, p campaign.PlayerID, at campaign.SystemID) campaign.PlayerID {
	for _, f := range st.Fleets {
		if f.At == at && f.Owner != p {
			return f.Owner
		}
	}
	return ""
}

// enemyFortAt returns the owner of another player's fortification at a
// sector, or "" for none.
func enemyFortAt(st *campaign.State, p campaign.PlayerID, at campaign.SystemID) campaign.PlayerID {
	for _, d := range st.Developments {
		if d.At == at && d.Kind == campaign.Fortification && d.Owner != p {
			return d.Owner
		}
	}
	return ""
}

// names writes sector IDs as strings.
func names[T ~string](ids []T) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = string(id)
	}
	return out
}

// offer offers each fleet that may move a move along its first lane
// that it may take, naming the others (UTD6.31): 1 point, none from the
// player's own developed colony (UTD4.334).
func (m *Move) offer(o *offerer) {
	for _, f := range o.fleets() {
		if !o.free(f) {
			continue
		}
		to, others := o.lane(f, f.At)
		if to == "" {
			continue
		}
		cost, why := o.moveCost(f.At)
		note := why
		if len(others) > 0 {
			note += "; lanes also lead to " + strings.Join(others, ", ")
		}
		if stop := stopAt(o.c, f.Owner, to); stop != "" {
			note += "; " + stop
		}
		o.add(m, cost, 0, note, (&Move{Fleet: f.ID, To: to}).YAML())
	}
}

// stopAt says what stops a fleet of player p entering a sector for the
// rest of the turn (UTD6.31, UTD4.355), or "".
func stopAt(c *ctx, p campaign.PlayerID, at campaign.SystemID) string {
	switch {
	case enemyFortAt(c.st, p, at) != "":
		return fmt.Sprintf("%s's fortification there stops and traps it (UTD4.355, UTD4.356)", enemyFortAt(c.st, p, at))
	case enemyFleetAt(c.st, p, at) != "":
		return fmt.Sprintf("fleets of %s there stop it for the turn (UTD6.31)", enemyFleetAt(c.st, p, at))
	case c.x.enemyPostAt(p, at) != "":
		return fmt.Sprintf("defenses of %s there stop it for the turn (UTD7.4233)", c.x.enemyPostAt(p, at))
	}
	return ""
}
