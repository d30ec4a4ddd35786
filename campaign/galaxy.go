package campaign

import (
	"slices"
)

// PlanetType is the kind of planet at a system (EaW 1c, 18.0).
type PlanetType string

// The planet types. An unknown planet's type is rolled when it is explored
// (EaW 16.0); it is not hidden data.
const (
	Life    PlanetType = "life"
	Mineral PlanetType = "mineral"
	Dead    PlanetType = "dead"
	Unknown PlanetType = "unknown"
)

// Valid reports whether p is one of the four planet types.
func (p PlanetType) Valid() bool {
	switch p {
	case Life, Mineral, Dead, Unknown:
		return true
	}
	return false
}

// System is one node of the strategic map (EaW 1a).
type System struct {
	ID     SystemID   `json:"id"`
	Name   string     `json:"name"`
	X      int        `json:"x"`
	Y      int        `json:"y"`
	Planet PlanetType `json:"planet"`
	// MapType is the tactical map of every battle in the system, rolled
	// once when its planet is explored (EaW 16d, 19d); empty until then.
	MapType MapType `json:"map_type,omitempty"`
}

// MapType is the tactical map a system's battles are fought on (EaW 16d).
type MapType string

// The map types of table EaW 16d: the first three for a life or mineral
// planet, the last two for a dead one.
const (
	MapSolarSystemSlice MapType = "solar-system-slice"
	MapDualPlanets      MapType = "dual-planets-with-moons"
	MapOpenSpace        MapType = "open-space"
	MapStarEdge         MapType = "star-edge"
	MapDeathMap         MapType = "death-map"
)

// Lane is a warp lane: it joins two systems and is used in both directions
// (EaW 1d).
type Lane struct {
	A SystemID `json:"a"`
	B SystemID `json:"b"`
}

// Map is the strategic map: systems joined by warp lanes.
type Map struct {
	Systems []System `json:"systems"`
	Lanes   []Lane   `json:"lanes"`
}

// Graph is an index of a Map for fast lookups: systems by ID and sorted
// adjacency lists. Build it with NewGraph; it does not follow later changes
// to the Map's lanes.
type Graph struct {
	index map[SystemID]int
	ids   []SystemID
	adj   [][]int
}

// NewGraph indexes m. Lanes naming unknown systems are ignored; the scenario
// loader reports them.
func NewGraph(m Map) *Graph {
	g := &Graph{index: make(map[SystemID]int, len(m.Systems)), ids: make([]SystemID, 0, len(m.Systems))}
	for _, s := range m.Systems {
		if _, dup := g.index[s.ID]; dup {
			continue
		}
		g.index[s.ID] = len(g.ids)
		g.ids = append(g.ids, s.ID)
	}
	// Count each system's lanes, then give every list its window of one
	// array.
	type pair struct{ a, b int }
	pairs := make([]pair, 0, len(m.Lanes))
	degree := make([]int, len(g.ids))
	for _, l := range m.Lanes {
		a, okA := g.index[l.A]
		b, okB := g.index[l.B]
		if !okA || !okB || a == b {
			continue
		}
		pairs = append(pairs, pair{a, b})
		degree[a]++
		degree[b]++
	}
	g.adj = make([][]int, len(g.ids))
	all := make([]int, 2*len(pairs))
	for i, n := range degree {
		g.adj[i], all = all[:0:n], all[n:]
	}
	for _, p := range pairs {
		g.adj[p.a] = append(g.adj[p.a], p.b)
		g.adj[p.b] = append(g.adj[p.b], p.a)
	}
	for i := range g.adj {
		slices.SortFunc(g.adj[i], func(x, y int) int { return cmpID(g.ids[x], g.ids[y]) })
		g.adj[i] = slices.Compact(g.adj[i])
	}
	return g
}

func cmpID(a, b SystemID) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Has reports whether the map has a system with this ID.
func (g *Graph) Has(id SystemID) bool {
	_, ok := g.index[id]
	return ok
}

// Len returns the number of systems.
func (g *Graph) Len() int { return len(g.ids) }

// Adjacent reports whether a warp lane joins a and b.
func (g *Graph) Adjacent(a, b SystemID) bool {
	i, okA := g.index[a]
	j, okB := g.index[b]
	if !okA || !okB {
		return false
	}
	_, found := slices.BinarySearchFunc(g.adj[i], j, func(x, y int) int { return cmpID(g.ids[x], g.ids[y]) })
	return found
}

// Neighbours returns the systems one lane away from id, sorted by ID.
func (g *Graph) Neighbours(id SystemID) []SystemID {
	i, ok := g.index[id]
	if !ok {
		return nil
	}
	out := make([]SystemID, len(g.adj[i]))
	for k, j := range g.adj[i] {
		out[k] = g.ids[j]
	}
	return out
}

// Within returns every system at most radius lanes from id, with its
// distance, in breadth-first order (distance, then ID). The start system is
// first, at distance 0.
func (g *Graph) Within(id SystemID, radius int) []Reach {
	start, ok := g.index[id]
	if !ok {
		return nil
	}
	dist := map[int]int{start: 0}
	out := []Reach{{System: id, Hops: 0}}
	frontier := []int{start}
	for hop := 1; hop <= radius && len(frontier) > 0; hop++ {
		var next []int
		for _, i := range frontier {
			for _, j := range g.adj[i] {
				if _, seen := dist[j]; seen {
					continue
				}
				dist[j] = hop
				next = append(next, j)
			}
		}
		slices.SortFunc(next, func(x, y int) int { return cmpID(g.ids[x], g.ids[y]) })
		for _, j := range next {
			out = append(out, Reach{System: g.ids[j], Hops: hop})
		}
		frontier = next
	}
	return out
}

// Reach is a system and its distance in lanes from some start.
type Reach struct {
	System SystemID
	Hops   int
}
