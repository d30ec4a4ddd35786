package eaw

import (
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// Crew records (campaign.UnitCrew). pbemd records no speciality for a
// Legendary Officer: the built-in battle resolver has no officers, and
// with reported battles the player names it when fighting.
const (
	crewOutstanding  = "outstanding"
	crewPoor         = "poor"
	legendaryOfficer = "officer"
)

// shipRef is one ship of a fleet, with its class's combat BPV.
type shipRef struct {
	fleet *campaign.Fleet
	unit  int
	cbpv  int
}

// crewShips lists the fleet's ships whose crew record keep accepts, in
// fleet order. Crew quality and officers go to ships of size class 2 to 4
// only (EaW 2e: not to bases, FRDs or small craft), and not to a captured
// ship before it is inspected (EaW 25b).
func (t *turn) crewShips(f *campaign.Fleet, keep func(campaign.UnitCrew) bool) []shipRef {
	var out []shipRef
	for i, u := range f.Units {
		c := t.next.Catalogue.Class(u)
		if c == nil || c.Size < 2 || c.Size > 4 || f.IsCaptured(i) || !keep(f.CrewOf(i)) {
			continue
		}
		out = append(out, shipRef{fleet: f, unit: i, cbpv: c.CBPV})
	}
	return out
}

// largestShip returns the ship with the most combat BPV, the first of equals.
func largestShip(ships []shipRef) (shipRef, bool) {
	if len(ships) == 0 {
		return shipRef{}, false
	}
	best := ships[0]
	for _, s := range ships[1:] {
		if s.cbpv > best.cbpv {
			best = s
		}
	}
	return best, true
}

// shipText names a ship for its owner: "the cruiser (unit 2) of fleet 1st".
func (t *turn) shipText(s shipRef) string {
	return fmt.Sprintf("the %s (unit %d) of fleet %s", s.fleet.Units[s.unit], s.unit+1, s.fleet.ID)
}

// changeCrew changes the crew record of one discovering ship and tells
// its owner how (EaW 16c).
func (t *turn) changeCrew(at campaign.SystemID, f *campaign.Fleet, s shipRef, kind game.EventKind, change func(*campaign.UnitCrew), text string) {
	c := f.CrewOf(s.unit)
	change(&c)
	f.SetCrew(c)
	t.emit(game.Event{Kind: kind, Players: []campaign.PlayerID{f.Owner}, At: at, Rule: "EaW 16c", Text: text})
}

// foundLegendary is precursor object 1 (EaW 16c): a Legendary Officer, at
// no cost, on a discovering ship. The limits of EaW 2e apply: it goes to
// the largest ship that has no officer yet, since a second officer of the
// same kind would be lost (pbemd records no specialities).
func (t *turn) foundLegendary(at campaign.SystemID, f *campaign.Fleet) {
	s, ok := largestShip(t.crewShips(f, func(c campaign.UnitCrew) bool { return c.Legendary == "" }))
	if !ok {
		t.found(at, f, "EaW 16c", "a Legendary Officer, but no ship of the fleet can take one (EaW 2e); the find is lost.")
		return
	}
	t.changeCrew(at, f, s, EventLegendary, func(c *campaign.UnitCrew) { c.Legendary = legendaryOfficer },
		fmt.Sprintf("The precursor object fleet %s found at %s: a Legendary Officer of your choice joined %s at no cost.",
			f.ID, t.systemName(at), t.shipText(s)))
}

// foundCrew is precursor object 2 (EaW 16c): an Outstanding Crew, at no
// cost, on the largest discovering ship whose crew is not outstanding
// already. A found crew is not bought, so the limit of two bought
// Outstanding Crews (EaW 2e) does not count it (digest §8 O9).
func (t *turn) foundCrew(at campaign.SystemID, f *campaign.Fleet) {
	s, ok := largestShip(t.crewShips(f, func(c campaign.UnitCrew) bool { return c.Quality != crewOutstanding }))
	if !ok {
		t.found(at, f, "EaW 16c", "an Outstanding Crew, but every crew of the fleet is outstanding already; the find is lost.")
		return
	}
	t.changeCrew(at, f, s, EventCrew, func(c *campaign.UnitCrew) { c.Quality = crewOutstanding },
		fmt.Sprintf("The precursor object fleet %s found at %s: an Outstanding Crew took over %s at no cost.",
			f.ID, t.systemName(at), t.shipText(s)))
}

// rollLegendary is the yearly Legendary Officer roll (EaW 2e; digest §8
// V5). The SFB table the rule names is not ours: every player with a ship
// that has fought throws 2D6, and on Rules.Legendary.Roll or more an
// officer joins one of those ships, drawn by the dice. pbemd keeps no
// record of who fought when, so a ship has fought if its crew has
// experience (XP not 0). The officer costs Rules.Legendary.Cost percent of
// the ship's combat BPV, paid at once: the rule forbids declining, so the
// treasury pays even into debt, and a treasury in debt builds nothing
// until income refills it.
func (t *turn) rollLegendary() {
	r := t.next.Rules.Legendary
	if r.Roll <= 0 {
		return
	}
	for i := range t.next.Players {
		p := &t.next.Players[i]
		ships := t.veterans(p.ID)
		if !p.Active() || len(ships) == 0 {
			continue
		}
		what := fmt.Sprintf("a Legendary Officer at New Year Y%d (%d or more brings one)", t.date.Year+1, r.Roll)
		if t.throw(2, "EaW 2e", "legendary", string(p.ID), what, "", p.ID).Total() < r.Roll {
			continue
		}
		t.awardLegendary(p, t.drawShip(p.ID, ships), r.Cost)
	}
}

// veterans lists the player's ships that have fought: those whose crew
// has experience.
func (t *turn) veterans(owner campaign.PlayerID) []shipRef {
	var out []shipRef
	for i := range t.next.Fleets {
		if f := &t.next.Fleets[i]; f.Owner == owner {
			out = append(out, t.crewShips(f, func(c campaign.UnitCrew) bool { return c.XP != 0 })...)
		}
	}
	return out
}

// drawShip picks one of the ships at random with the campaign's dice (EaW
// 2e): one die for each ship, the highest wins, and the ships tied for
// highest throw again.
func (t *turn) drawShip(owner campaign.PlayerID, ships []shipRef) shipRef {
	for round := 1; len(ships) > 1 && round <= 20; round++ {
		names := make([]string, len(ships))
		for i, s := range ships {
			names[i] = fmt.Sprintf("%s %s (unit %d)", s.fleet.ID, s.fleet.Units[s.unit], s.unit+1)
		}
		what := "the ship the Legendary Officer joins, one die each for " + strings.Join(names, ", ") + "; the highest wins"
		dice := t.throw(len(ships), "EaW 2e", "legendary-ship", fmt.Sprintf("%s/%d", owner, round), what, "", owner).Dice
		top := 0
		for _, d := range dice {
			top = max(top, d)
		}
		var tied []shipRef
		for i, d := range dice {
			if d == top {
				tied = append(tied, ships[i])
			}
		}
		ships = tied
	}
	return ships[0]
}

// awardLegendary puts a Legendary Officer on the ship and charges its
// cost. A ship that has an officer already would receive an identical one,
// which is lost (EaW 2e), and costs nothing.
func (t *turn) awardLegendary(p *campaign.Player, s shipRef, costPct int) {
	who := []campaign.PlayerID{p.ID}
	c := s.fleet.CrewOf(s.unit)
	if c.Legendary != "" {
		t.emit(game.Event{Kind: EventLegendary, Players: who, At: s.fleet.At, Rule: "EaW 2e",
			Text: fmt.Sprintf("New Year Y%d: a Legendary Officer was drawn for %s, which has one already; the second is lost, and nothing is paid.",
				t.date.Year+1, t.shipText(s))})
		return
	}
	c.Legendary = legendaryOfficer
	s.fleet.SetCrew(c)
	cost := s.cbpv * costPct / 100
	p.Treasury -= cost
	t.emit(game.Event{Kind: EventLegendary, Players: who, At: s.fleet.At, Rule: "EaW 2e",
		Text: fmt.Sprintf("New Year Y%d: a Legendary Officer joined %s. Its cost, %d BPV (%d%% of the ship's %d combat BPV), "+
			"is paid at once and cannot be declined; the treasury now holds %d BPV.",
			t.date.Year+1, t.shipText(s), cost, costPct, s.cbpv, p.Treasury)})
}
