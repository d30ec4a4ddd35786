package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Explore plans the exploration of one unknown sector at step 7, for no
// order point (UTD5.12, UTD5.122): the order of explore orders is the
// order the sectors are explored in, before any others; Called names the
// sector (UTD4.12); As asks for a balance option (UTD5.132).
type Explore struct {
	Sector campaign.SystemID `json:"sector"`
	Called string            `json:"name,omitempty"`
	// As is "mineral" or "life" to turn the roll by a balance option
	// (UTD5.1321, UTD5.1322), or any type where both apply (UTD5.1324).
	As  SectorType `json:"as,omitempty"`
	Pos orders.Pos `json:"pos"`
}

// Name returns "explore".
func (*Explore) Name() string { return "explore" }

// Example is an explore order as players write it, for hints.
func (*Explore) Example() string { return "- explore: {sector: kessel, name: Kessel Run}" }

// Fields are the keys an explore order may hold.
func (*Explore) Fields() []string { return []string{"sector", "name", "as"} }

func (*Explore) parse(p *parser, f orders.Fields) Kind {
	e := &Explore{}
	var s string
	s, e.Pos = p.name(f, "sector", "sector: kessel")
	e.Sector = campaign.SystemID(s)
	if n := f.Value("name"); n != nil {
		e.Called, _ = p.Text(n, "name")
	}
	if n := f.Value("as"); n != nil {
		as, _ := p.Name(n, "as", "as: mineral")
		e.As = SectorType(as)
		if !slices.Contains([]SectorType{Life, Mineral, Dead}, e.As) {
			p.Add(orders.PosOf(n), "", fmt.Sprintf("as must be life, mineral or dead, not %s", orders.Quote(as)), "for example as: mineral")
		}
	}
	return e
}

func (*Explore) schema() object {
	return kindSchema("Plan the exploration of an unknown sector where one of your fleets ends its moves, for no order "+
		"point (UTD5.12): sectors are explored at step 7 in the order of these orders, then any others (UTD5.122). "+
		"name: names it for good (UTD4.12); as: takes a balance option when you may (UTD5.132): mineral turns a "+
		"rolled life or dead sector into a mineral one, life a rolled dead one into a life one, and with both any type.",
		[]string{"sector"}, object{"sector": sectorRef, "name": object{"type": "string"},
			"as": object{"enum": []string{"life", "mineral", "dead"}}})
}

// YAML echoes the order as players write it.
func (e *Explore) YAML() string {
	s := fmt.Sprintf("explore: {sector: %s", e.Sector)
	if e.Called != "" {
		s += fmt.Sprintf(", name: %q", e.Called)
	}
	if e.As != "" {
		s += fmt.Sprintf(", as: %s", e.As)
	}
	return s + "}"
}

// apply checks that the sector is unknown and on the map, and planned
// once; whether a fleet ends there is seen at step 7.
func (e *Explore) apply(c *ctx) {
	s := c.x.sector(e.Sector)
	switch {
	case s == nil:
		c.refuse(e.Pos, "UTD5.12", fmt.Sprintf("there is no sector %s", orders.Quote(string(e.Sector))), "name an unknown sector by its ID")
	case s.Type != Unknown:
		c.refuse(e.Pos, "UTD5.135", fmt.Sprintf("%s is explored already: a %s sector", e.Sector, s.Type), "drop this order")
	default:
		c.say("%s will be explored at step 7 if one of %s's fleets ends its moves there (UTD5.12)", e.Sector, c.player)
	}
}

// explore explores, at step 7, every unknown sector where one of the
// player's fleets ends its moves (UTD5.12): those the player planned
// first, in the plan's order, then the others in the order of the
// player's fleets (UTD5.122). An illegal fleet explores nothing
// (UTD7.2661): where only illegal fleets of the player stand, the sector
// stays unknown, and the reports say why.
func (t *turn) explore() {
	var todo []campaign.SystemID
	plans := map[campaign.SystemID]*Explore{}
	for _, e := range t.plan {
		if _, dup := plans[e.Sector]; !dup {
			plans[e.Sector] = e
			todo = append(todo, e.Sector)
		}
	}
	var found []campaign.SystemID
	barred := map[campaign.SystemID]string{}
	for i := range t.st.Fleets {
		f := &t.st.Fleets[i]
		s := t.x.sector(f.At)
		if f.Owner != t.player || s == nil || s.Type != Unknown || t.x.retreating(f.Owner, f.ID) || slices.Contains(found, f.At) {
			continue
		}
		if why := t.x.illegal(t.st, f); len(why) > 0 {
			if _, ok := barred[f.At]; !ok {
				barred[f.At] = fmt.Sprintf("fleet %s is illegal (%s)", f.ID, why[0])
			}
			continue
		}
		found = append(found, f.At)
		delete(barred, f.At)
	}
	for _, id := range sortedKeys(barred) {
		t.emit(EventExplore, id, "UTD7.2661", "%s does not explore %s: %s, and an illegal fleet may not explore (UTD7.2661).", t.player, id, barred[id])
	}
	for _, id := range append(todo, found...) {
		if !slices.Contains(found, id) {
			if _, planned := plans[id]; planned && barred[id] == "" {
				t.emit(EventExplore, id, "UTD5.12", "%s planned to explore %s, but no fleet of theirs ended its moves there.", t.player, id)
			}
			continue
		}
		if s := t.x.sector(id); s.Type == Unknown {
			t.exploreOne(s, plans[id])
		}
	}
}

// exploreOne explores one sector (UTD5.13): the type roll (UTD5.131),
// the balance options the plan asks for (UTD5.132), the NPE check unless
// the scenario turns it off (UTD5.133), the terrain (UTD5.134), rolled for
// an NPE's sector too (reading §11), and the
// explorer's name (UTD4.12).
func (t *turn) exploreOne(s *Sector, plan *Explore) {
	purpose := "explore " + string(s.ID)
	d := dice(t.st.Seed, t.st.Turn, purpose, 1, 6)[0]
	rolled := [7]SectorType{"", Life, Life, Mineral, Mineral, Dead, Dead}[d]
	typ := rolled
	note := ""
	if plan != nil && plan.As != "" && plan.As != rolled {
		minOK, lifeOK := t.behind(Mineral), t.behind(Life)
		switch {
		case minOK && lifeOK:
			typ, note = plan.As, " turned by both balance options into "+string(plan.As)+" (UTD5.1324)"
		case minOK && plan.As == Mineral:
			typ, note = Mineral, " turned into mineral by the balance option (UTD5.1321)"
		case lifeOK && plan.As == Life && rolled == Dead:
			typ, note = Life, " turned into life by the balance option (UTD5.1322)"
		default:
			note = fmt.Sprintf("; no balance option lets it become %s (UTD5.132)", plan.As)
		}
	}
	s.Type, s.Explorer, s.Explored = typ, t.player, t.x.Cycle
	text := fmt.Sprintf("%s explored %s: the type roll %d gives %s (UTD5.131)%s", t.player, s.ID, d, rolled, note)
	if t.x.House.NPE && typ != Dead {
		text += t.findNPE(s, purpose)
	}
	s.Terrain = t.terrain(s, purpose)
	text += "; terrain: " + t.npeTerrain(s) + " (UTD5.134)"
	if plan != nil && plan.Called != "" {
		if sys := t.st.System(s.ID); sys != nil {
			sys.Name = plan.Called
		}
		text += fmt.Sprintf("; %s names it %s (UTD4.12)", t.player, plan.Called)
	}
	if sys := t.st.System(s.ID); sys != nil {
		sys.Planet = planetOf(typ)
	}
	t.emit(EventExplore, s.ID, "UTD5.13", "%s.", text)
}

// npeTerrain changes the terrain rolled for a sector where a Hydran NPE
// was found into a gas giant (UTD5.21), and writes the terrain for the
// exploration's event, saying why it is not the one rolled.
func (t *turn) npeTerrain(s *Sector) string {
	n := t.x.npeAt(s.ID)
	if n == nil || !t.x.npeEmpire(n.Empire).Hydran {
		return s.Terrain
	}
	rolled := s.Terrain
	s.Terrain = gasGiant
	return fmt.Sprintf("%s, as the NPE there is Hydran (UTD5.21), where the roll gave %s", gasGiant, rolled)
}

// gasGiant is the terrain of a Hydran NPE's sector (UTD5.21), named as
// the terrain tables name it (UTD5.1341).
const gasGiant = "gas giant and moons"

// behind reports whether the player has at least 2 sectors of a type
// fewer than the player who has the most (UTD5.1321, UTD5.1322; a home
// counts as both): the sectors each owns, and for the player also those
// they explored this turn, one at a time, so that a sector just turned
// counts for the next (UTD5.13213: "Player B now has 4 mineral sectors").
func (t *turn) behind(typ SectorType) bool {
	count := map[campaign.PlayerID]int{}
	for _, s := range t.x.Sectors {
		if s.Type != typ && s.Type != Home {
			continue
		}
		switch {
		case s.Owner != "":
			count[s.Owner]++
		case s.Explorer == t.player && s.Explored == t.x.Cycle:
			count[t.player]++
		}
	}
	most := 0
	for _, n := range count {
		most = max(most, n)
	}
	return most-count[t.player] >= 2
}

// Terrain tables (UTD5.1341): 1D6 on the sector type's column; 1–2 roll
// on the special table.
var (
	terrainTable = map[SectorType][7]string{
		Life:    {"", "", "", "class-M planet", "class-M planet", "class-M planet", "class-M planet"},
		Mineral: {"", "", "", "gas giant and moons", "asteroid field", "small moon", "class-M planet"},
		Dead:    {"", "", "", "none", "none", "none", "none"},
	}
	specialTable = map[SectorType][7]string{
		Life:    {"", "gas giant and moons", "gas giant and moons", "class-M planet", "class-M planet", "dual planets", "solar system slice"},
		Mineral: {"", "solar system slice", "radiation zone and asteroid field", "nebula and class-M planet", "heat zone and gas giant and moons", "sunspot activity and class-M planet", "ion storm and asteroid field"},
		Dead:    {"", "solar system slice", "radiation zone", "comet", "dust cloud", "pulsar", "black hole"},
	}
)

// terrain rolls a sector's terrain (UTD5.134, UTD5.1341).
func (t *turn) terrain(s *Sector, purpose string) string {
	d := dice(t.st.Seed, t.st.Turn, purpose+" terrain", 2, 6)
	if d[0] > 2 {
		return terrainTable[s.Type][d[0]] + fmt.Sprintf(", roll %d", d[0])
	}
	return specialTable[s.Type][d[1]] + fmt.Sprintf(", rolls %d then %d on the special table", d[0], d[1])
}

// planetOf is the map's planet type of a sector type, for the map
// picture.
func planetOf(t SectorType) campaign.PlanetType {
	switch t {
	case Life:
		return campaign.Life
	case Mineral, Home:
		return campaign.Mineral
	case Dead:
		return campaign.Dead
	}
	return campaign.Unknown
}

// offer offers the exploration of the first unknown sector next to each
// legal fleet of the player's that may move there, at most two (UTD5.12):
// no point.
func (e *Explore) offer(o *offerer) {
	c := o.c
	var done []campaign.SystemID
	for _, f := range o.fleets() {
		if len(done) == 2 || !o.free(f) || len(c.x.illegal(c.st, f)) > 0 {
			continue
		}
		for _, s := range c.g.Neighbours(f.At) {
			if sec := c.x.sector(s); sec == nil || sec.Type != Unknown || slices.Contains(done, s) ||
				!o.fits(func() bool { return c.mayEnter(f, s, orders.Pos{}) }) {
				continue
			}
			done = append(done, s)
			o.add(e, 0, 0, fmt.Sprintf("explored at step 7 if a fleet of yours ends its moves there, e.g. %s (UTD5.12); name: \"...\" names it for good (UTD4.12)",
				(&Move{Fleet: f.ID, To: s}).YAML()), (&Explore{Sector: s}).YAML())
			break
		}
	}
}
