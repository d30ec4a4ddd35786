package eaw

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// explore carries out exploration at post-combat (EaW 16.0, 33.0 #2, 4b).
// Every unknown planet where one empire's fleets end the turn, after
// movement and battles, is explored by one of them (explorer): the
// discovery table gives its type and perhaps a mine, a colony or a bonus
// (EaW 16a without a scout, 16b with one), and the map type is rolled
// (EaW 16d). A fleet that only flew through learns nothing, and FRDs are
// not fleets, so they never explore (EaW 15.0). prefs come from each
// player's submission: a player without one gets DefaultPrefs.
func (t *turn) explore(subs map[campaign.PlayerID]*orders.Submission) {
	occ, w := t.occupants(), t.waiting()
	for i := range t.next.Map.Systems {
		sys := &t.next.Map.Systems[i]
		if sys.Planet != campaign.Unknown {
			continue
		}
		f := t.explorer(sys.ID, occ[sys.ID], w)
		if f == nil {
			continue
		}
		prefs := DefaultPrefs()
		if sub := subs[f.Owner]; sub != nil {
			_, given, _ := content(sub) // orders that do not read back were dropped; their prefs are empty
			if given.ExploreBonus != "" {
				prefs.ExploreBonus = given.ExploreBonus
			}
			if given.ExplorePlanet != "" {
				prefs.ExplorePlanet = given.ExplorePlanet
			}
		}
		t.discover(sys, f, prefs)
	}
}

// explorer returns the fleet that explores the system at, of the fleets
// there, or nil. Nobody
// explores a system that fleets of two empires hold, or where a battle
// still waits for its result: exploring takes the rest of the turn
// (EaW 16.0), which a contested system gives nobody (digest §8 O10). A
// fleet still waiting for a battle in a lane does not explore either, nor
// one that broke off from a battle this turn: it is on the move and did
// not stay (EaW 33.0 #5, 16.0). Of
// one empire's fleets, the one with a scout explores (EaW 16b), then the
// largest by combat BPV, then the first by ID.
func (t *turn) explorer(at campaign.SystemID, fleets []*campaign.Fleet, w waiting) *campaign.Fleet {
	if w.systems[at] {
		return nil
	}
	var best *campaign.Fleet
	owner := campaign.PlayerID("")
	for _, f := range fleets {
		if len(f.Units) == 0 {
			continue
		}
		if owner != "" && f.Owner != owner {
			return nil
		}
		owner = f.Owner
		if w.fleets[f.Key()] || f.Withdrew == t.prev.Turn {
			continue // EaW 33.0 #5: a fleet that withdrew is on the move
		}
		if best == nil || t.betterExplorer(f, best) {
			best = f
		}
	}
	return best
}

// waiting are the systems and the fleets in battles that wait for a
// result: the systems of those fought there, and every fleet of them.
type waiting struct {
	systems map[campaign.SystemID]bool
	fleets  map[campaign.FleetKey]bool
}

func (t *turn) waiting() waiting {
	w := waiting{systems: map[campaign.SystemID]bool{}, fleets: map[campaign.FleetKey]bool{}}
	for _, b := range t.next.Battles {
		if b.Lane == nil {
			w.systems[b.At] = true
		}
		for _, bf := range b.Fleets {
			w.fleets[campaign.FleetKey{Owner: bf.Owner, ID: bf.ID}] = true
		}
	}
	return w
}

// betterExplorer reports whether f explores rather than g: a scout first,
// then more combat BPV, then the lower ID.
func (t *turn) betterExplorer(f, g *campaign.Fleet) bool {
	if fs, gs := t.next.HasScout(f), t.next.HasScout(g); fs != gs {
		return fs
	}
	if fc, gc := t.next.FleetCBPV(f), t.next.FleetCBPV(g); fc != gc {
		return fc > gc
	}
	return campaign.CompareKeys(f.Key(), g.Key()) < 0
}

// discoveryRow is a row of the discovery tables (EaW 16a, 16b).
type discoveryRow int

const (
	// rowPlain: roll 1D6 for the type (1–2 dead, 3–4 life, 5–6 mineral).
	rowPlain discoveryRow = iota
	// rowBonus: roll 1D6 for the type (1 dead, 2–3 life, 4–5 mineral, 6
	// the Admiral's choice), plus BPV or a precursor roll.
	rowBonus
	// rowMine: a developed mine of the explorer's at a mineral planet.
	rowMine
	// rowColony: a developed colony of the explorer's at a life planet.
	rowColony
)

// discoveryRowOf reads a 2D6 total on table 16a, or on 16b with a scout.
func discoveryRowOf(total int, scout bool) discoveryRow {
	if scout { // EaW 16b
		switch {
		case total <= 3:
			return rowMine
		case total >= 11:
			return rowColony
		case total == 4 || total == 10:
			return rowBonus
		}
		return rowPlain
	}
	switch { // EaW 16a
	case total <= 2:
		return rowMine
	case total >= 12:
		return rowColony
	case total == 3 || total == 11:
		return rowBonus
	}
	return rowPlain
}

// plainType reads the 1D6 type roll of a plain row (EaW 16a, 16b: 4–10
// and 5–9).
func plainType(d int) campaign.PlanetType {
	switch {
	case d <= 2:
		return campaign.Dead
	case d <= 4:
		return campaign.Life
	}
	return campaign.Mineral
}

// bonusType reads the 1D6 type roll of a bonus row (EaW 16a, 16b: 3 or 11
// and 4 or 10); a 6 is the Admiral's choice.
func bonusType(d int, choice campaign.PlanetType) campaign.PlanetType {
	switch {
	case d <= 1:
		return campaign.Dead
	case d <= 3:
		return campaign.Life
	case d <= 5:
		return campaign.Mineral
	}
	return choice
}

// mapTypeOf reads the 1D6 of table 16d for a planet of this type.
func mapTypeOf(d int, planet campaign.PlanetType) campaign.MapType {
	if planet == campaign.Dead {
		if d <= 3 {
			return campaign.MapStarEdge
		}
		return campaign.MapDeathMap
	}
	switch {
	case d <= 2:
		return campaign.MapSolarSystemSlice
	case d <= 4:
		return campaign.MapDualPlanets
	}
	return campaign.MapOpenSpace
}

// mapTypeNames are the map types as table 16d names them.
var mapTypeNames = map[campaign.MapType]string{
	campaign.MapSolarSystemSlice: "EaW Solar System Slice",
	campaign.MapDualPlanets:      "EaW Dual Planets With Moons",
	campaign.MapOpenSpace:        "EaW Open Space",
	campaign.MapStarEdge:         "EaW Star Edge",
	campaign.MapDeathMap:         "EaW Death Map",
}

// discover explores sys with fleet f: the discovery roll, the planet's
// type, the map type, and the bonus. The planet's type and map type go on
// the map itself: every player who looks at the system from now on sees
// them (EaW 5e; digest §8 F7), but only the explorer is told the rest.
func (t *turn) discover(sys *campaign.System, f *campaign.Fleet, prefs Prefs) {
	who := f.Owner
	scout := t.next.HasScout(f)
	rule := "EaW 16a"
	if scout {
		rule = "EaW 16b"
	}
	name := t.systemName(sys.ID)
	total := t.throw(2, rule, "explore", string(sys.ID), fmt.Sprintf("exploring %s with fleet %s", name, f.ID), sys.ID, who).Total()
	row := discoveryRowOf(total, scout)
	found := ""
	switch row {
	case rowMine:
		sys.Planet = campaign.Mineral
		found = t.foundDevelopment(sys.ID, who, campaign.Mine)
	case rowColony:
		sys.Planet = campaign.Life
		found = t.foundDevelopment(sys.ID, who, campaign.Colony)
	case rowPlain:
		sys.Planet = plainType(t.throw(1, rule, "explore-type", string(sys.ID), "the type of the planet at "+name, sys.ID, who).Total())
	case rowBonus:
		d := t.throw(1, rule, "explore-type", string(sys.ID), "the type of the planet at "+name, sys.ID, who).Total()
		sys.Planet = bonusType(d, prefs.ExplorePlanet)
		if d == 6 {
			found = fmt.Sprintf(" The roll left the type to you: %s, as prefs explore_planet says (mineral unless you name another).", sys.Planet)
		}
	}
	sys.MapType = mapTypeOf(t.throw(1, "EaW 16d", "map-type", string(sys.ID), "the map type at "+name, sys.ID, who).Total(), sys.Planet)
	if row == rowBonus && prefs.ExploreBonus != ExplorePrecursor {
		found += t.bonusBPV(who, scout)
	}
	t.emit(game.Event{Kind: EventExplored, Players: []campaign.PlayerID{who}, At: sys.ID, Rule: rule,
		Text: fmt.Sprintf("Fleet %s explored %s: it is a %s planet.%s Its tactical map, for every battle there, is %s (EaW 16d).",
			f.ID, name, sys.Planet, found, mapTypeNames[sys.MapType])})
	if row == rowBonus && prefs.ExploreBonus == ExplorePrecursor {
		t.precursor(sys.ID, f, scout)
	}
}

// foundDevelopment sets up the developed mine or colony a discovery roll
// gives the explorer (EaW 16a, 16b), from this turn, as if ordered.
func (t *turn) foundDevelopment(at campaign.SystemID, owner campaign.PlayerID, kind campaign.DevelopmentKind) string {
	for _, d := range t.next.DevelopmentsAt(at) {
		if d.Developed() {
			return ""
		}
	}
	t.next.Developments = append(t.next.Developments, campaign.Development{At: at, Owner: owner, Kind: kind, Since: t.date})
	return fmt.Sprintf(" A developed %s of yours stands there from now on.", kind)
}

// bonusBPV pays the BPV of a bonus row (EaW 16a: 10, 16b: 20).
func (t *turn) bonusBPV(owner campaign.PlayerID, scout bool) string {
	bpv := t.next.Rules.Explore.Bonus[0]
	if scout {
		bpv = t.next.Rules.Explore.Bonus[1]
	}
	p := t.next.Player(owner)
	p.Treasury += bpv
	return fmt.Sprintf(" The fleet also found %d BPV; the treasury now holds %d BPV.", bpv, p.Treasury)
}

// precursor rolls on the precursor object table for the fleet that found
// one (EaW 16c).
func (t *turn) precursor(at campaign.SystemID, f *campaign.Fleet, scout bool) {
	what := fmt.Sprintf("the precursor object fleet %s found at %s", f.ID, t.systemName(at))
	switch t.throw(1, "EaW 16c", "precursor", string(at), what, at, f.Owner).Total() {
	case 1:
		t.foundLegendary(at, f)
	case 2:
		t.foundCrew(at, f)
	case 3:
		t.foundOptions(at, f)
	case 4:
		p := t.next.Player(f.Owner)
		p.Treasury += t.next.Rules.Explore.Treasure
		t.found(at, f, "EaW 16c", fmt.Sprintf("valuable treasure, %d BPV; the treasury now holds %d BPV.",
			t.next.Rules.Explore.Treasure, p.Treasury))
	case 5:
		t.foundFutureShip(at, f)
	default:
		t.disaster(at, f, scout)
	}
}

// found tells the explorer what its precursor object was.
func (t *turn) found(at campaign.SystemID, f *campaign.Fleet, rule, text string) {
	t.emit(game.Event{Kind: EventExplored, Players: []campaign.PlayerID{f.Owner}, At: at, Rule: rule,
		Text: fmt.Sprintf("The precursor object fleet %s found at %s: %s", f.ID, t.systemName(at), text)})
}

// foundOptions is precursor object 3 (EaW 16c): every ship's Commander's
// Options rise to 20% for free, or, when they are full, 20% of one ship's
// combat BPV is refunded. pbemd keeps no record of options (EaW 6.0,
// 8.0). The built-in battle resolver has none, so with battles: auto
// every ship counts as full and the refund is paid, for the largest ship
// (the Admiral's best choice); with reported battles the sides fight with
// options, and the player is told to raise them.
func (t *turn) foundOptions(at campaign.SystemID, f *campaign.Fleet) {
	if t.next.Rules.Battles != campaign.BattlesAuto {
		t.found(at, f, "EaW 16c", "every ship of the fleet has its Commander's Options raised to 20% of its combat "+
			"BPV at no cost. pbemd keeps no record of options: take them into your battles.")
		return
	}
	s, ok := largestShip(t.crewShips(f, func(campaign.UnitCrew) bool { return true }))
	if !ok {
		t.found(at, f, "EaW 16c", "Commander's Options for a fleet with no ship to take them; the find is lost.")
		return
	}
	refund := s.cbpv * t.next.Rules.Explore.Refund / 100
	p := t.next.Player(f.Owner)
	p.Treasury += refund
	t.found(at, f, "EaW 16c", fmt.Sprintf("Commander's Options. The built-in battles have none, so every ship's "+
		"options count as full, and %d%% of the combat BPV of %s, %d BPV, is refunded; the treasury now holds %d BPV.",
		t.next.Rules.Explore.Refund, t.shipText(s), refund, p.Treasury))
}

// foundFutureShip is precursor object 5 (EaW 16c): a size class 4 ship
// from up to 5 years ahead joins the fleet, as a captured ship until it is
// inspected (EaW 9b, 25b). The catalogue knows no years in service, so
// the ship is the catalogue's most expensive size class 4 class.
func (t *turn) foundFutureShip(at campaign.SystemID, f *campaign.Fleet) {
	var best *campaign.UnitClass
	for i := range t.next.Catalogue {
		c := &t.next.Catalogue[i]
		if c.Size == 4 && (best == nil || c.EBPV > best.EBPV || c.EBPV == best.EBPV && c.CBPV > best.CBPV) {
			best = c
		}
	}
	if best == nil {
		t.found(at, f, "EaW 16c", "a ship from the future, of a size class 4 class the campaign does not have; the find is lost.")
		return
	}
	f.Join(campaign.Fleet{Units: []campaign.ClassName{best.Class}, Captured: []int{0}})
	t.found(at, f, "EaW 16c", fmt.Sprintf("a %s from the future joined fleet %s. It counts as a captured ship "+
		"until it is inspected (EaW 9b, 25b).", best.Class, f.ID))
}

// disaster is precursor object 6 (EaW 16c): on a further 1D6 of 5 or 6,
// or only 6 with a scout in the fleet, one ship's crew turns poor. The
// Admiral would choose the ship that matters least: pbemd takes the
// smallest ship whose crew is not already poor, an ordinary crew before an
// outstanding one.
func (t *turn) disaster(at campaign.SystemID, f *campaign.Fleet, scout bool) {
	need := 5
	if scout {
		need = 6
	}
	what := fmt.Sprintf("the disaster at %s (%d or more strikes)", t.systemName(at), need)
	if t.throw(1, "EaW 16c", "disaster", string(at), what, at, f.Owner).Total() < need {
		t.found(at, f, "EaW 16c", "a disaster, which passed without harm.")
		return
	}
	ships := t.crewShips(f, func(c campaign.UnitCrew) bool { return c.Quality != crewPoor })
	var pick *shipRef
	for i := range ships {
		s := &ships[i]
		if pick == nil || disasterFirst(s, pick) {
			pick = s
		}
	}
	if pick == nil {
		t.found(at, f, "EaW 16c", "a disaster, but every crew of the fleet is poor already.")
		return
	}
	t.changeCrew(at, f, *pick, EventCrew, func(c *campaign.UnitCrew) { c.Quality = crewPoor },
		fmt.Sprintf("The precursor object fleet %s found at %s was a disaster: the crew of %s is now a Poor Crew (EaW 2e).",
			f.ID, t.systemName(at), t.shipText(*pick)))
}

// disasterFirst reports whether a disaster strikes a rather than b:
// ordinary crews before outstanding ones, then the smallest combat BPV,
// then fleet order.
func disasterFirst(a, b *shipRef) bool {
	ao, bo := a.fleet.CrewOf(a.unit).Quality == crewOutstanding, b.fleet.CrewOf(b.unit).Quality == crewOutstanding
	if ao != bo {
		return !ao
	}
	if a.cbpv != b.cbpv {
		return a.cbpv < b.cbpv
	}
	return a.unit < b.unit
}
