package setup

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// withDefaults fills in a size's zero fields and clamps the rest to what
// a valid scenario allows: 2000 systems (at least 2), 64 players (at most
// half the systems, at least 1) and ceil(2*Systems/Players) fleets per
// player, which is 63 for the other defaults (4032 fleets in all).
func withDefaults(o game.ScenarioSize) game.ScenarioSize {
	if o.Systems <= 0 {
		o.Systems = 2000
	}
	o.Systems = max(o.Systems, 2)
	if o.Players <= 0 {
		o.Players = 64
	}
	o.Players = min(o.Players, o.Systems/2)
	if o.FleetsPerPlayer <= 0 {
		o.FleetsPerPlayer = (2*o.Systems + o.Players - 1) / o.Players
	}
	return o
}

// genericCatalogue is the unit catalogue of generated scenarios, the same
// as scenarios/frontier.yaml's; the stats are our own, combat stats
// included. Generated fleets draw their units from the first
// genericWarships classes only.
var genericCatalogue = campaign.Catalogue{
	{Class: "dreadnought", CBPV: 210, EBPV: 200, Size: 2, Docking: 12, Damcon: 4, Combat: &campaign.CombatStats{
		Hull: campaign.HullCapital, Def: 9, Sensor: 7, Armor: 5, Structure: 18, Attack: 8, FC: [2]int{10, 8}, Damage: 12, Speed: 2, Command: 6}},
	{Class: "cruiser", CBPV: 120, EBPV: 115, Size: 3, Docking: 8, Refits: []campaign.ClassName{"heavy-cruiser"}, Damcon: 3, Combat: &campaign.CombatStats{
		Hull: campaign.HullHeavy, Def: 10, Sensor: 6, Armor: 4, Structure: 8, Attack: 4, FC: [2]int{10, 8}, Damage: 10, Speed: 3, Command: 3}},
	{Class: "light-cruiser", CBPV: 95, EBPV: 90, Size: 3, Docking: 6, Damcon: 2, Combat: &campaign.CombatStats{
		Hull: campaign.HullHeavy, Def: 9, Sensor: 6, Armor: 4, Structure: 6, Attack: 3, FC: [2]int{10, 8}, Damage: 10, Speed: 4, Command: 3}},
	{Class: "destroyer", CBPV: 75, EBPV: 70, Size: 4, Docking: 4, Damcon: 2, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 10, Sensor: 5, Armor: 3, Structure: 5, Attack: 2, FC: [2]int{8, 8}, Damage: 8, Speed: 4, Command: 1}},
	{Class: "escort", CBPV: 65, EBPV: 60, Size: 4, Docking: 3, Damcon: 1, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 11, Sensor: 5, Armor: 3, Structure: 4, Attack: 2, FC: [2]int{8, 8}, Damage: 8, Speed: 4, Command: 1}},
	{Class: "frigate", CBPV: 60, EBPV: 55, Size: 4, Docking: 3, Damcon: 1, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 10, Sensor: 5, Armor: 3, Structure: 4, Attack: 2, FC: [2]int{8, 8}, Damage: 8, Speed: 5, Command: 1}},
	{Class: "scout", CBPV: 50, EBPV: 55, Size: 4, Docking: 3, Damcon: 1, Scout: true, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 10, Sensor: 7, Armor: 2, Structure: 3, Attack: 1, FC: [2]int{8, 8}, Damage: 6, Speed: 6, Command: 0}},
	{Class: "freighter", CBPV: 15, EBPV: 25, Size: 5, Docking: 2, Roles: []campaign.Role{campaign.RoleSmallFreighter}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 9, Sensor: 3, Armor: 1, Structure: 3, Attack: 0, FC: [2]int{6, 6}, Damage: 6, Speed: 2, Command: 0}},
	{Class: "heavy-cruiser", CBPV: 135, EBPV: 130, Size: 3, Docking: 8, Damcon: 3, Combat: &campaign.CombatStats{
		Hull: campaign.HullHeavy, Def: 10, Sensor: 6, Armor: 5, Structure: 9, Attack: 5, FC: [2]int{10, 8}, Damage: 10, Speed: 3, Command: 3}},
	{Class: "bulk-freighter", CBPV: 20, EBPV: 35, Size: 5, Docking: 3, Roles: []campaign.Role{campaign.RoleLargeFreighter}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 8, Sensor: 3, Armor: 1, Structure: 4, Attack: 0, FC: [2]int{6, 6}, Damage: 6, Speed: 2, Command: 0}},
	{Class: "commando-ship", CBPV: 55, EBPV: 60, Size: 4, Docking: 3, Damcon: 1, Commando: true, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 10, Sensor: 5, Armor: 2, Structure: 4, Attack: 1, FC: [2]int{8, 8}, Damage: 6, Speed: 4, Command: 0}},
	{Class: "minesweeper", CBPV: 45, EBPV: 50, Size: 4, Docking: 3, Damcon: 1, Roles: []campaign.Role{campaign.RoleMinesweeper}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 10, Sensor: 5, Armor: 2, Structure: 3, Attack: 1, FC: [2]int{8, 8}, Damage: 6, Speed: 4, Command: 0}},
	{Class: "minelayer", CBPV: 45, EBPV: 50, Size: 4, Docking: 3, Damcon: 1, Roles: []campaign.Role{campaign.RoleMinelayer}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 10, Sensor: 5, Armor: 2, Structure: 3, Attack: 1, FC: [2]int{8, 8}, Damage: 6, Speed: 4, Command: 0}},
	{Class: "salvage-tug", CBPV: 30, EBPV: 40, Size: 5, Docking: 4, Roles: []campaign.Role{campaign.RoleSalvageTug}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 8, Sensor: 3, Armor: 2, Structure: 5, Attack: 0, FC: [2]int{6, 6}, Damage: 6, Speed: 2, Command: 0}},
	{Class: "military-tug", CBPV: 70, EBPV: 80, Size: 4, Docking: 6, Damcon: 2, Roles: []campaign.Role{campaign.RoleMilitaryTug}, Combat: &campaign.CombatStats{
		Hull: campaign.HullHeavy, Def: 9, Sensor: 5, Armor: 3, Structure: 6, Attack: 2, FC: [2]int{8, 8}, Damage: 8, Speed: 3, Command: 1}},
	{Class: "repair-freighter", CBPV: 20, EBPV: 45, Size: 5, Docking: 4, Roles: []campaign.Role{campaign.RoleLargeRepair}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 8, Sensor: 3, Armor: 1, Structure: 4, Attack: 0, FC: [2]int{6, 6}, Damage: 6, Speed: 2, Command: 0}},
	{Class: "repair-tender", CBPV: 15, EBPV: 35, Size: 5, Docking: 3, Roles: []campaign.Role{campaign.RoleSmallRepair}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 9, Sensor: 3, Armor: 1, Structure: 3, Attack: 0, FC: [2]int{6, 6}, Damage: 6, Speed: 2, Command: 0}},
	{Class: "monitor", CBPV: 150, EBPV: 140, Size: 3, Docking: 10, Damcon: 2, Roles: []campaign.Role{campaign.RoleMonitor}, Combat: &campaign.CombatStats{
		Hull: campaign.HullCapital, Def: 8, Sensor: 6, Armor: 5, Structure: 12, Attack: 5, FC: [2]int{10, 8}, Damage: 10, Speed: 1, Command: 2}},
	{Class: "cpl", CBPV: 10, EBPV: 40, Size: 6, Docking: 2, Roles: []campaign.Role{campaign.RoleCPL}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 8, Sensor: 2, Armor: 1, Structure: 2, Attack: 0, FC: [2]int{6, 6}, Damage: 6, Speed: 0, Command: 0}},
	{Class: "gsa", CBPV: 10, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleGSA}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 8, Sensor: 2, Armor: 1, Structure: 2, Attack: 0, FC: [2]int{6, 6}, Damage: 6, Speed: 0, Command: 0}},
	{Class: "gso", CBPV: 10, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleGSO}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 8, Sensor: 2, Armor: 1, Structure: 2, Attack: 0, FC: [2]int{6, 6}, Damage: 6, Speed: 0, Command: 0}},
	{Class: "gms", CBPV: 10, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleGMS}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 8, Sensor: 2, Armor: 1, Structure: 2, Attack: 0, FC: [2]int{6, 6}, Damage: 6, Speed: 0, Command: 0}},
	{Class: "ground-base", CBPV: 30, EBPV: 30, Size: 6, Docking: 2, Roles: []campaign.Role{campaign.RoleGroundBase}, Combat: &campaign.CombatStats{
		Hull: campaign.HullHeavy, Def: 9, Sensor: 5, Armor: 4, Structure: 6, Attack: 2, FC: [2]int{8, 8}, Damage: 8, Speed: 0, Command: 0}},
	{Class: "defsat", CBPV: 20, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleDEFSAT}, Combat: &campaign.CombatStats{
		Hull: campaign.HullMedium, Def: 10, Sensor: 4, Armor: 2, Structure: 3, Attack: 1, FC: [2]int{8, 8}, Damage: 6, Speed: 0, Command: 0}},
}

// genericWarships is how many of genericCatalogue's first classes are
// warships, which generated fleets are made of.
const genericWarships = 8

// syllables make system and race names. None of their joins spells a YAML
// keyword, and names are quoted anyway.
var syllables = []string{
	"ka", "ve", "lor", "dra", "mi", "sta", "ren", "tho", "qui", "bel", "zan", "or",
	"ith", "mar", "sel", "vo", "ash", "ten", "gri", "hal", "cy", "ul", "pra", "neth",
}

// generator holds the state of one Generate run.
type generator struct {
	opts  game.ScenarioSize
	rng   *rand.Rand
	width int
	// planet and name of each system, by index.
	planets []campaign.PlanetType
	names   []string
	lanes   [][2]int
	adj     [][]int
	homes   []int
}

// Generate writes a valid EaW scenario of the given size as YAML, for
// benchmarks and load tests; the zero size is a benchmark-sized campaign.
// The map is a jittered grid: a random spanning tree of grid neighbours keeps
// it connected, and random extra lanes add loops. About 30% of planets are
// mineral, 25% life, 20% dead and 25% unknown. Each player's home is a
// mineral planet in its own stretch of the map, with fleets of 2 to 4 units
// at home or one lane away, never where another empire's home or fleets
// are, and a colony on a neighbouring life planet if there is one. The output depends only on the size (math/rand/v2 PCG),
// whose Seed becomes the scenario's seed.
func Generate(size game.ScenarioSize) []byte {
	opts := withDefaults(size)
	g := &generator{
		opts:  opts,
		rng:   rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15)),
		width: int(math.Ceil(math.Sqrt(float64(opts.Systems)))),
	}
	g.makeSystems()
	g.makeLanes()
	g.placeHomes()
	var b strings.Builder
	g.writeHeader(&b)
	g.writePlayers(&b)
	g.writeMap(&b)
	g.writeUnits(&b)
	g.writeFleets(&b)
	g.writeDevelopments(&b)
	return []byte(b.String())
}

func (g *generator) makeSystems() {
	for range g.opts.Systems {
		var p campaign.PlanetType
		switch r := g.rng.IntN(100); {
		case r < 30:
			p = campaign.Mineral
		case r < 55:
			p = campaign.Life
		case r < 75:
			p = campaign.Dead
		default:
			p = campaign.Unknown
		}
		g.planets = append(g.planets, p)
		g.names = append(g.names, g.name(2+g.rng.IntN(2)))
	}
}

func (g *generator) name(parts int) string {
	var s string
	for range parts {
		s += syllables[g.rng.IntN(len(syllables))]
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// makeLanes joins each grid cell to its left or upper neighbour (a random
// spanning tree: the "binary tree" maze), then adds extra lanes to the
// right, below and diagonally.
func (g *generator) makeLanes() {
	n, w := g.opts.Systems, g.width
	g.adj = make([][]int, n)
	seen := make(map[[2]int]bool)
	add := func(a, b int) {
		if b < 0 || b >= n || seen[[2]int{min(a, b), max(a, b)}] {
			return
		}
		seen[[2]int{min(a, b), max(a, b)}] = true
		g.lanes = append(g.lanes, [2]int{a, b})
		g.adj[a] = append(g.adj[a], b)
		g.adj[b] = append(g.adj[b], a)
	}
	for i := 1; i < n; i++ {
		x, y := i%w, i/w
		switch {
		case y == 0:
			add(i, i-1)
		case x == 0 || g.rng.IntN(2) == 0:
			add(i, i-w)
		default:
			add(i, i-1)
		}
	}
	for i := range n {
		x := i % w
		if x+1 < w && g.rng.IntN(100) < 20 {
			add(i, i+1)
		}
		if g.rng.IntN(100) < 20 {
			add(i, i+w)
		}
		if x+1 < w && g.rng.IntN(100) < 5 {
			add(i, i+w+1)
		}
	}
}

// placeHomes puts one home in each of Players equal stretches of the
// systems, and makes it a mineral planet (EaW 2a).
func (g *generator) placeHomes() {
	block := g.opts.Systems / g.opts.Players
	for p := range g.opts.Players {
		h := p*block + g.rng.IntN(block)
		g.planets[h] = campaign.Mineral
		g.homes = append(g.homes, h)
	}
}

func (g *generator) systemID(i int) string {
	return fmt.Sprintf("s%0*d", len(fmt.Sprint(g.opts.Systems-1)), i)
}

func (g *generator) playerID(p int) string {
	return fmt.Sprintf("p%0*d", len(fmt.Sprint(g.opts.Players)), p+1)
}

func (g *generator) writeHeader(b *strings.Builder) {
	o := g.opts
	fmt.Fprintf(b, "# Generated by pbemd: %d systems, %d players, %d fleets each, seed %d.\n",
		o.Systems, o.Players, o.FleetsPerPlayer, o.Seed)
	fmt.Fprintf(b, "campaign: generated-%d\ntitle: \"Generated campaign %d\"\nrules: eaw\nseed: %d\n", o.Seed, o.Seed, o.Seed)
	// Generated navies are sized for load, not for the EaW 2c start, and
	// crowd their home stretch beyond EaW 17a.
	b.WriteString("overrides: {fleets: {start_count: 0, per_system: 0}}\n")
	b.WriteString("start: {year: 165, season: spring}\nend: {year: 175}\n")
	b.WriteString("schedule: {every: 72h, at: \"20:00\", timezone: UTC}\n")
	b.WriteString("gm: {name: \"Game Master\", email: gm@example.test}\n")
}

func (g *generator) writePlayers(b *strings.Builder) {
	b.WriteString("players:\n")
	for p, h := range g.homes {
		id := g.playerID(p)
		fmt.Fprintf(b, "  - {id: %s, name: %q, email: %s@example.test, race: %q, home: %s, treasury: 600}\n",
			id, "Admiral "+g.name(2), id, g.name(2), g.systemID(h))
	}
}

func (g *generator) writeMap(b *strings.Builder) {
	b.WriteString("map:\n  systems:\n")
	for i, p := range g.planets {
		// Cells are 3 apart and jittered by at most 1, so no two systems
		// share a position.
		x, y := 3*(i%g.width)+g.rng.IntN(2), 3*(i/g.width)+g.rng.IntN(2)
		fmt.Fprintf(b, "    - {id: %s, name: %q, x: %d, y: %d, planet: %s}\n", g.systemID(i), g.names[i], x, y, p)
	}
	b.WriteString("  lanes:\n")
	for _, l := range g.lanes {
		fmt.Fprintf(b, "    - [%s, %s]\n", g.systemID(l[0]), g.systemID(l[1]))
	}
}

func (g *generator) writeUnits(b *strings.Builder) {
	b.WriteString("units:\n")
	for _, u := range genericCatalogue {
		fmt.Fprintf(b, "  - {class: %s, cbpv: %d, ebpv: %d, size: %d, docking: %d", u.Class, u.CBPV, u.EBPV, u.Size, u.Docking)
		if u.Damcon > 0 {
			fmt.Fprintf(b, ", damcon: %d", u.Damcon)
		}
		if u.Scout {
			b.WriteString(", scout: true")
		}
		if u.Commando {
			b.WriteString(", commando: true")
		}
		if len(u.Roles) > 0 {
			fmt.Fprintf(b, ", roles: [%s]", joinNames(u.Roles))
		}
		if len(u.Refits) > 0 {
			fmt.Fprintf(b, ", refits: [%s]", joinNames(u.Refits))
		}
		if c := u.Combat; c != nil {
			fmt.Fprintf(b, ",\n     combat: {hull: %s, def: %d, sensor: %d, armor: %d, structure: %d, attack: %d, fc: [%d, %d], damage: %d, speed: %d, command: %d}",
				c.Hull, c.Def, c.Sensor, c.Armor, c.Structure, c.Attack, c.FC[0], c.FC[1], c.Damage, c.Speed, c.Command)
		}
		b.WriteString("}\n")
	}
}

// writeFleets gives each player FleetsPerPlayer fleets of 2 to 4 units, at
// home or one lane away. A fleet drawn to a system another player holds
// (their home, or one of their fleets) stays at home instead, so no two
// empires' fleets start together and the first turn fights no battle
// before any order (EaW 19.0).
func (g *generator) writeFleets(b *strings.Builder) {
	b.WriteString("fleets:\n")
	holder := make(map[int]int, len(g.homes))
	for p, h := range g.homes {
		holder[h] = p
	}
	for p, h := range g.homes {
		for f := range g.opts.FleetsPerPlayer {
			at := h
			if k := g.rng.IntN(len(g.adj[h]) + 1); k > 0 {
				at = g.adj[h][k-1]
			}
			if q, held := holder[at]; held && q != p {
				at = h
			}
			holder[at] = p
			units := make([]string, 2+g.rng.IntN(3))
			for u := range units {
				units[u] = string(genericCatalogue[g.rng.IntN(genericWarships)].Class)
			}
			fmt.Fprintf(b, "  - {id: %s, player: %s, at: %s, units: [%s]}\n",
				ordinal(f+1), g.playerID(p), g.systemID(at), strings.Join(units, ", "))
		}
	}
}

// writeDevelopments gives each player a colony on a life planet next to
// home, if there is one that nobody has colonised yet.
func (g *generator) writeDevelopments(b *strings.Builder) {
	b.WriteString("developments:\n")
	var taken []int
	for p, h := range g.homes {
		for _, s := range g.adj[h] {
			if g.planets[s] == campaign.Life && !slices.Contains(taken, s) {
				taken = append(taken, s)
				fmt.Fprintf(b, "  - {at: %s, player: %s, kind: colony}\n", g.systemID(s), g.playerID(p))
				break
			}
		}
	}
}

// ordinal names the n-th fleet: 1st, 2nd, 3rd, 4th, ..., 11th, 21st.
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// joinNames writes names as a flow list's items.
func joinNames[T ~string](names []T) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = string(n)
	}
	return strings.Join(parts, ", ")
}
