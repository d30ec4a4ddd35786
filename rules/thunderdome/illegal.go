package thunderdome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Illegal fleets (UTD7.266x): a fleet that breaks a fleet rule may not
// attack or explore (UTD7.2661), and otherwise moves and fights as any
// other (UTD7.2663). pbemd tells what it can compute; the rest of S8.0
// (true carriers and escorts, UTD8.223) is the players' to judge.

// fleetLaws are the fleet rules pbemd checks beside the move cost, which
// no order may ever pass (UTD7.26651): each says why fleet f breaks it, or
// "". Another rule joins the list with one line.
var fleetLaws = []func(st *campaign.State, x *Ext, f *campaign.Fleet) string{
	commandLaw,
	attritionLaw,
}

// illegal lists why a fleet is illegal (UTD7.2661), one reason per rule
// it breaks; none for a legal fleet.
func (x *Ext) illegal(st *campaign.State, f *campaign.Fleet) []string {
	var why []string
	for _, law := range fleetLaws {
		if s := law(st, x, f); s != "" {
			why = append(why, s)
		}
	}
	return why
}

// commandLaw is S8.0's command rating (UTD7.261), under the house rule
// house: {command: true}: a fleet's warships need a flagship whose
// command rating covers the others, as the battle engine reads it
// (docs/battles.md, "command"). Off by default (reading): the catalogue's
// ratings are the engine's squadron command, on a smaller scale than
// S8.0's, and the example scenario's auxiliaries command none.
// Freighters and freighter-based auxiliaries, which UTD7.262 lets into
// any fleet, do not count (reading); nor does the rule apply to a fleet
// with a warship whose class has no combat block in the catalogue, which
// then gives no command rating for it (reading: pbemd's defaults are not
// the scenario's word).
func commandLaw(st *campaign.State, x *Ext, f *campaign.Fleet) string {
	if !x.House.Command {
		return ""
	}
	warships, best := 0, -1
	var flagship campaign.ClassName
	for _, u := range f.Units {
		c := st.Catalogue.Class(u)
		if c == nil || c.IsFreighter() || c.IsBase() {
			continue
		}
		if c.Combat == nil {
			return ""
		}
		warships++
		if c.Combat.Command > best {
			best, flagship = c.Combat.Command, u
		}
	}
	if warships == 0 || best >= warships-1 {
		return ""
	}
	return fmt.Sprintf("its %d warships need a flagship commanding %d others, and its best, the %s, commands %d (UTD7.261, S8.0)",
		warships, warships-1, flagship, best)
}

// attack says why entering a sector is an attack by player p (UTD7.2661):
// the sector belongs to another player, or holds another player's units:
// a fleet, a development (a fortification too, which controls it), a
// defense or a shipyard (§11 #62), or a non-player empire found there,
// whose force always defends (UTD5.24, UTD7.4512). "" when it is none.
func attack(st *campaign.State, x *Ext, p campaign.PlayerID, to campaign.SystemID) string {
	if s := x.sector(to); s != nil && s.Owner != "" && s.Owner != p {
		return fmt.Sprintf("%s belongs to %s", to, s.Owner)
	}
	if n := x.npeAt(to); n != nil {
		return fmt.Sprintf("the %s, a non-player empire, holds %s", n.Empire, to)
	}
	if e := enemyFleetAt(st, p, to); e != "" {
		return fmt.Sprintf("fleets of %s are at %s", e, to)
	}
	for _, d := range st.Developments {
		if d.At == to && d.Owner != p {
			return fmt.Sprintf("%s's %s is at %s", d.Owner, d.Kind, to)
		}
	}
	if i := slices.IndexFunc(x.Defenses, func(d Defense) bool { return d.At == to && d.Owner != p }); i >= 0 {
		return fmt.Sprintf("%s's defenses are at %s", x.Defenses[i].Owner, to)
	}
	if i := slices.IndexFunc(x.Yards, func(y Yard) bool { return y.At == to && y.Owner != p }); i >= 0 {
		return fmt.Sprintf("%s's shipyard is at %s", x.Yards[i].Owner, to)
	}
	return ""
}

// mayEnter refuses a move of an illegal fleet that attacks (UTD7.2661),
// or of one whose legal intention lapsed (UTD7.2664), and reports whether
// the move may go on. Moves of legal fleets, and
// retreats, which no order makes (§11 #62), are not checked.
func (c *ctx) mayEnter(f *campaign.Fleet, to campaign.SystemID, at orders.Pos) bool {
	why := c.x.illegal(c.st, f)
	if len(why) == 0 {
		return true
	}
	if it := c.x.intention(c.player, f.ID); it != nil && it.Lapsed {
		c.refuse(at, "UTD7.2664", fmt.Sprintf("fleet %s is illegal on purpose (%s), and its legal intention lapsed with no step toward it: it moves no more until you declare a new one", f.ID, why[0]),
			"declare one above this order, e.g. "+c.intendExample(f))
		return false
	}
	if a := attack(c.st, c.x, c.player, to); a != "" {
		c.refuse(at, "UTD7.2661", fmt.Sprintf("fleet %s is illegal (%s) and may not attack: %s", f.ID, why[0], a),
			"make it legal first, e.g. by organizing it with another fleet (UTD6.33), or move it among your own sectors")
		return false
	}
	return true
}

// explorers refuses, once the player's orders are final, the move that
// left an illegal fleet at the end of its moves in an unknown sector: it
// would explore it (UTD7.2661). A move through one is no exploring; the
// sector is judged when the orders end.
func (c *ctx) explorers() {
	for _, id := range sortedKeys(c.moved) {
		f := c.st.Fleet(c.player, id)
		if f == nil {
			continue
		}
		why := c.x.illegal(c.st, f)
		if s := c.x.sector(f.At); len(why) == 0 || s == nil || s.Type != Unknown {
			continue
		}
		c.problems.Add(c.moved[id], "UTD7.2661", fmt.Sprintf("fleet %s is illegal (%s) and would end its moves in %s, which is unknown: an illegal fleet may not explore", id, why[0], f.At),
			"move it on to a sector you know, or make it legal first, e.g. by organizing it with another fleet (UTD6.33)")
		c.refused = true
	}
}

// illegalText tells the player, in the reply to their orders, which of
// their fleets are illegal and why, and which stand where they would
// explore (UTD7.2661); "" when none is.
func (c *ctx) illegalText() string {
	out := ""
	for i := range c.st.Fleets {
		f := &c.st.Fleets[i]
		if f.Owner != c.player {
			continue
		}
		why := c.x.illegal(c.st, f)
		if len(why) == 0 {
			continue
		}
		out += fmt.Sprintf("Fleet %s is illegal (%s): it may not attack or explore (UTD7.2661)", f.ID, strings.Join(why, "; "))
		if s := c.x.sector(f.At); s != nil && s.Type == Unknown {
			out += fmt.Sprintf("; it stands in %s, unknown, and must move on before your orders end", f.At)
		}
		out += ".\n"
	}
	return out
}
