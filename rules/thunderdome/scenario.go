package thunderdome

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// The setup of UTD8.13.
const (
	// StartBPV and StartBPVPerPlayer make the starting BPV: 500 + 150 ×
	// players (UTD8.132).
	StartBPV          = 500
	StartBPVPerPlayer = 150
	// BaseFleets is the number of fleets a player has beside one per
	// player (UTD7.21: 3 + players).
	BaseFleets = 3
	// MaxMC is the largest move cost of one fleet, in MC (UTD7.23).
	MaxMC = 5
)

// ScenarioSpec is what TD IV reads of a scenario beside its generic part:
// house rules, the battle mode, each class's move cost and tractor beams,
// and each player's home. A campaign starts in Y165 (UTD8.12) and ends
// when one player is left (UTD1.9), not on a date.
func (Ruleset) ScenarioSpec() game.ScenarioSpec {
	return game.ScenarioSpec{
		Keys:       []string{"house", "battles", "classes", "yards", "npes", "attrition", "legends"},
		PlayerKeys: []string{"home"},
		Start:      campaign.Date{Year: 165, Season: campaign.Spring},
		EndYear:    9999,
	}
}

// MaxVision is the largest vision radius the house rule takes, in lanes.
const MaxVision = 5

// houseLimits bound the house rules.
var houseLimits = orders.Limits{Max: map[string]int{"house.vision": MaxVision}}

// LoadScenario sets up cycle 1.0 (UTD8): the players' homes with capital,
// mine, colony and fortification (UTD4.32, UTD8.13), the starting BPV
// less the starting fleets (UTD8.132), the turn order (UTD8.14), and
// opens the first player's turn.
func (Ruleset) LoadScenario(p *game.ScenarioPart) {
	st, c := p.State, p.Problems
	st.Rules = campaign.Rules{Preset: Name, Turns: "sequential", Battles: campaign.BattlesAuto}
	if n := p.Keys.Value("battles"); n != nil {
		if s, ok := c.Text(n, "battles"); ok {
			switch campaign.BattleMode(s) {
			case campaign.BattlesAuto, campaign.BattlesReported:
				st.Rules.Battles = campaign.BattleMode(s)
			default:
				c.Addf(n, "battles %s: write auto or reported", orders.Quote(s))
			}
		}
	}
	x := &Ext{StartYear: st.Start.Year, Cycle: 1, InitialPlayers: len(st.Players), House: HouseRules{NPE: true}}
	c.Override(p.Keys.Value("house"), &x.House, "house", houseLimits)
	x.Classes = readClasses(c, p.Keys.Value("classes"), st.Catalogue)
	x.YardSizes = readYardSizes(c, p.Keys.Value("yards"))
	x.NPEEmpires = readNPEs(c, p.Keys.Value("npes"), st.Catalogue, st.PlayerIDs())
	c.Override(p.Keys.Value("attrition"), &x.AttritionBPV, "attrition", orders.Limits{})
	x.Legends = readLegends(c, p.Keys.Value("legends"))
	for _, s := range st.Map.Systems {
		x.Sectors = append(x.Sectors, Sector{ID: s.ID, Type: sectorOf(s.Planet)})
	}
	homes := map[campaign.SystemID]campaign.PlayerID{}
	for _, e := range p.Players {
		n := c.Need(e.Fields, "home", "drakkar")
		home, ok := c.Text(n, "home")
		if !ok || e.ID == "" || p.Systems == nil {
			continue
		}
		id := campaign.SystemID(home)
		switch {
		case x.sector(id) == nil:
			c.Addf(n, "home names sector %s, which is not on the map", orders.Quote(home))
			continue
		case homes[id] != "":
			c.Addf(n, "home %s is already the home of %s; give each player a home of their own (UTD4.312)", id, homes[id])
			continue
		}
		homes[id] = e.ID
		setupHome(st, x, e.ID, id)
	}
	start := StartBPV + StartBPVPerPlayer*len(st.Players)
	for i := range st.Players {
		pl := &st.Players[i]
		spent := 0
		fleets := 0
		for _, f := range st.Fleets {
			if f.Owner != pl.ID {
				continue
			}
			fleets++
			if why := reservedWhy(f.ID); why != "" {
				c.Addf(p.Fleets[f.Key()], "fleet %s of %s %s; give it another name, e.g. %s", f.ID, f.Owner, why, freeFleetID(st, f.Owner))
			}
			for _, u := range f.Units {
				if cls := st.Catalogue.Class(u); cls != nil {
					spent += cls.EBPV + x.loadBPV(x.class(u).full()) // with a full load of fighters and PFs (UTD6.3736)
				}
			}
			if mc := x.unitsMC(f.Units); mc > MaxMC*mcUnit {
				c.Addf(p.Fleets[f.Key()], "fleet %s of %s has a move cost of %s; a fleet holds at most %d MC (UTD7.23)", f.ID, f.Owner, mcText(mc), MaxMC)
			}
			x.fleet(f.Owner, f.ID).Entered = 0
		}
		if limit := BaseFleets + len(st.Players); fleets > limit {
			c.Addf(p.Fleets[campaign.FleetKey{Owner: pl.ID, ID: st.Fleets[0].ID}], "%s starts with %d fleets; a player has %d (3 + players, UTD7.21)", pl.ID, fleets, limit)
		}
		pl.Treasury = start - spent
		if pl.Treasury < 0 {
			c.Addf(p.Keys.Node, "%s's starting fleets cost %d BPV, more than the %d BPV a player starts with (UTD8.132)", pl.ID, spent, start)
		}
	}
	x.Order, x.Rolls = rollOrder(st.Seed, st.PlayerIDs())
	t := &turn{st: st, x: x, g: campaign.NewGraph(st.Map)}
	if len(x.Order) > 0 {
		t.open()
	}
	x.save(st)
}

// sectorOf is the sector type of a scenario's planet type.
func sectorOf(p campaign.PlanetType) SectorType {
	switch p {
	case campaign.Life:
		return Life
	case campaign.Mineral:
		return Mineral
	case campaign.Dead:
		return Dead
	}
	return Unknown
}

// setupHome gives a player their home sector (UTD4.32, UTD8.13): the
// capital with its bank, a developed mine, colony and fortification, and
// the capital's yard, freighter and defenses (setupDefenses); the player
// owns it.
func setupHome(st *campaign.State, x *Ext, p campaign.PlayerID, home campaign.SystemID) {
	s := x.sector(home)
	s.Type, s.Owner, s.Terrain = Home, p, "class-M planet at 3030"
	if sys := st.System(home); sys != nil {
		sys.Planet = campaign.Mineral
	}
	st.Player(p).Home = home
	x.Empires = append(x.Empires, Empire{Player: p, Home: home, Capital: home})
	for _, k := range []campaign.DevelopmentKind{campaign.Mine, campaign.Colony, campaign.Fortification} {
		st.Developments = append(st.Developments, campaign.Development{At: home, Owner: p, Kind: k, Since: st.Start})
	}
	setupDefenses(st, x, p, home)
}

// rollOrder rolls the turn order (UTD8.14): a D1000 per player, highest
// first, ties rolled again among the tied. It returns the order and each
// player's last roll.
func rollOrder(seed uint64, players []campaign.PlayerID) ([]campaign.PlayerID, []int) {
	rolls := map[campaign.PlayerID]int{}
	var order []campaign.PlayerID
	var place func(group []campaign.PlayerID, round int)
	place = func(group []campaign.PlayerID, round int) {
		if len(group) == 1 {
			order = append(order, group[0])
			return
		}
		byRoll := map[int][]campaign.PlayerID{}
		var faces []int
		for _, p := range group {
			r := dice(seed, 0, fmt.Sprintf("turn order %s round %d", p, round), 1, 1000)[0]
			rolls[p] = r
			if byRoll[r] == nil {
				faces = append(faces, r)
			}
			byRoll[r] = append(byRoll[r], p)
		}
		slices.Sort(faces)
		slices.Reverse(faces)
		for _, f := range faces {
			place(byRoll[f], round+1)
		}
	}
	if len(players) > 0 {
		place(players, 1)
	}
	out := make([]int, len(order))
	for i, p := range order {
		out[i] = rolls[p]
	}
	return order, out
}

// mcUnit is one MC in the units move costs are kept in: thirds, halves
// and fifths of an MC are whole numbers of thirtieths.
const mcUnit = 30

// ClassData is what TD IV needs of a unit class beside the catalogue:
// its move cost (UTD7.23) and its tractor beams, which tow wrecks
// (UTD6.3E).
type ClassData struct {
	Class campaign.ClassName `json:"class"`
	// MC is the move cost in thirtieths of an MC.
	MC       int `json:"mc"`
	Tractors int `json:"tractors"`
	// Fighters is the fighter load the class carries, the sum of its
	// fighters' sizes (UTD7.2431), Hydran when Hydran is set (UTD7.2441);
	// PFs and Interceptors are the PFs and interceptors it carries
	// (UTD7.2432). They add the attrition burden to a fleet's MC (UTD7.24).
	Fighters     int  `json:"fighters,omitempty"`
	Hydran       bool `json:"hydran,omitempty"`
	PFs          int  `json:"pfs,omitempty"`
	Interceptors int  `json:"interceptors,omitempty"`
	// Spares are the spare fighters, in load points, the class holds for
	// other carriers: a true carrier's or a fighter conveyor's (UTD6.3B2).
	Spares int `json:"spares,omitempty"`
	// Special names what the class is among the ships that may not have
	// a legendary officer or the outstanding crew (specials: UTD7.263,
	// UTD7.264).
	Special []string `json:"special,omitempty"`
	// Converts are the classes a ship of the class may be converted to
	// at a shipyard (UTD6.376[b], UTD6.3762); its refits are the
	// catalogue's (campaign.UnitClass.Refits, UTD6.375).
	Converts []campaign.ClassName `json:"converts,omitempty"`
	// Defense is the kind of defense unit the class is (UTD7.34x,
	// defenses.go); empty for a ship.
	Defense DefenseKind `json:"defense,omitempty"`
}

// readClasses reads classes:, a mapping of class to {mc, tractors,
// fighters, hydran, pfs, interceptors, spares, special, converts,
// defense}: mc as 1, 0.5 or 1/3; the attrition units a class carries as
// its fighter load and its numbers of PFs and interceptors (UTD7.243),
// and its spare fighters (UTD6.3B2); special as a list among specials
// (UTD7.263); converts the classes it converts to (readConverts); defense
// the kind of a defense unit (readDefense). A class not listed
// has the move cost of its size class (reading) and one tractor beam.
func readClasses(c *orders.Collector, n *yaml.Node, cat campaign.Catalogue) []ClassData {
	var out []ClassData
	for _, u := range cat {
		out = append(out, ClassData{Class: u.Class, MC: defaultMC(u.Size), Tractors: 1})
	}
	if n == nil {
		return out
	}
	if n.Kind != yaml.MappingNode {
		c.Wrong(n, "classes", "a mapping of class to {mc, tractors}", "classes: {cruiser: {mc: 1, tractors: 2}}")
		return out
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		idx := slices.IndexFunc(out, func(d ClassData) bool { return string(d.Class) == k.Value })
		if idx < 0 {
			c.Addf(k, "classes names %s, which is not in units", orders.Quote(k.Value))
			continue
		}
		f, ok := c.Mapping(v, "a class", "mc", "tractors", "fighters", "hydran", "pfs", "interceptors", "spares", "special", "converts", "defense")
		if !ok {
			continue
		}
		if mn := f.Value("mc"); mn != nil {
			if mc, ok := parseMC(mn.Value); ok {
				out[idx].MC = mc
			} else {
				c.Addf(mn, "mc %s: write a move cost such as 1, 0.5 or 1/3", orders.Quote(mn.Value))
			}
		}
		for _, k := range []struct {
			key string
			dst *int
		}{{"tractors", &out[idx].Tractors}, {"fighters", &out[idx].Fighters}, {"pfs", &out[idx].PFs}, {"interceptors", &out[idx].Interceptors}, {"spares", &out[idx].Spares}} {
			if tn := f.Value(k.key); tn != nil {
				if t, ok := c.Int(tn, k.key, k.key+": 2"); ok && t >= 0 {
					*k.dst = t
				}
			}
		}
		if hn := f.Value("hydran"); hn != nil {
			out[idx].Hydran, _ = c.Bool(hn, "hydran")
		}
		if sn := f.Value("special"); sn != nil {
			out[idx].Special = readSpecial(c, sn)
		}
		out[idx].Converts = readConverts(c, f.Value("converts"), cat)
		out[idx].Defense = readDefense(c, f.Value("defense"))
	}
	return out
}

// defaultMC is the move cost of a class of a size class when the scenario
// gives none: 1.5 for size 2, 1 for size 3, 1/2 for size 4, 1/3 above.
func defaultMC(size int) int {
	switch size {
	case 2:
		return 45
	case 3:
		return 30
	case 4:
		return 15
	}
	return 10
}

// parseMC reads a move cost: "1", "0.5", "1/3".
func parseMC(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if a, b, ok := strings.Cut(s, "/"); ok {
		n, err1 := strconv.Atoi(a)
		d, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil || d <= 0 || n < 0 || (n*mcUnit)%d != 0 {
			return 0, false
		}
		return n * mcUnit / d, true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 {
		return 0, false
	}
	v := f * mcUnit
	if v != float64(int(v)) {
		return 0, false
	}
	return int(v), true
}

// mcText writes a move cost in thirtieths as MC: "5", "1 1/3".
func mcText(mc int) string { return fracText(mc, mcUnit) }

// fracText writes v parts of which per make one as a whole number and a
// fraction: "5", "2/3", "1 1/3".
func fracText(v, per int) string {
	whole, rest := v/per, v%per
	if rest == 0 {
		return strconv.Itoa(whole)
	}
	g := gcd(rest, per)
	frac := fmt.Sprintf("%d/%d", rest/g, per/g)
	if whole == 0 {
		return frac
	}
	return fmt.Sprintf("%d %s", whole, frac)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// class returns TD IV's data on a class, or the default for a class it
// lacks.
func (x *Ext) class(name campaign.ClassName) ClassData {
	for _, d := range x.Classes {
		if d.Class == name {
			return d
		}
	}
	return ClassData{Class: name, MC: mcUnit, Tractors: 1}
}

// unitsMC is the move cost of units in one fleet, in thirtieths of an MC
// (UTD7.23): each unit's own, plus the burden of the attrition units they
// carry (UTD7.24), fighters and PFs each summed over the fleet (UTD7.241,
// UTD7.242) and their burdens added (UTD7.2444).
func (x *Ext) unitsMC(units []campaign.ClassName) int {
	mc, fighters, hydran, pfHalves := 0, 0, 0, 0
	for _, u := range units {
		d := x.class(u)
		mc += d.MC
		if d.Hydran {
			hydran += d.Fighters
		} else {
			fighters += d.Fighters
		}
		pfHalves += d.Interceptors + 2*d.PFs
	}
	// UTD7.2442: ½ MC per two points of PF load, rounded up; a PF is 1
	// point and an interceptor ½.
	pfBurden := (pfHalves + 3) / 4 * mcUnit / 2
	return mc + fighterBurden(fighters, 7) + fighterBurden(hydran, 9) + pfBurden
}

// fighterBurden is the MC burden of a fleet's fighter load (UTD7.2441):
// none up to one step of the table (7 points, 9 for Hydran fighters),
// then 1/3 MC a step, at most 2 MC.
func fighterBurden(load, step int) int {
	if load <= 0 {
		return 0
	}
	return min(6, (load-1)/step) * mcUnit / 3
}
