package config

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"go.yaml.in/yaml/v3"
)

// readMap reads the systems, then the lanes, then checks the whole map
// against EaW 1d: every system has a lane, and the map is connected.
func (l *loader) readMap(n *yaml.Node) {
	f, ok := l.Mapping(n, "map", "systems", "lanes")
	if !ok {
		return
	}
	l.readSystems(l.need(f, "systems", "[{id: kessel, name: Kessel, x: 2, y: 5, planet: mineral}]"))
	if l.readLanes(l.need(f, "lanes", "[[kessel, tau-ceti]]")) {
		l.checkLaneless()
		l.checkConnected()
	}
}

var systemKeys = []string{"id", "name", "x", "y", "planet"}

var planetTypes = []string{
	string(campaign.Life), string(campaign.Mineral), string(campaign.Dead), string(campaign.Unknown),
}

func (l *loader) readSystems(n *yaml.Node) {
	items, ok := l.List(n, "systems", "")
	if !ok {
		return
	}
	if len(items) == 0 {
		l.addf(n, "systems is empty; a map needs systems, e.g. - {id: kessel, name: Kessel, x: 2, y: 5, planet: mineral}")
	}
	l.systems = make(map[campaign.SystemID]*systemEntry, len(items))
	at := make(map[[2]int]*systemEntry, len(items))
	for _, item := range items {
		e := l.readSystem(item)
		if e == nil {
			continue
		}
		xy := [2]int{e.system.X, e.system.Y}
		if prev := at[xy]; prev != nil {
			l.addf(item, "system %q is at x %d, y %d, where %q already is (line %d); move one of them",
				e.system.ID, xy[0], xy[1], prev.system.ID, prev.node.Line)
		} else {
			at[xy] = e
		}
	}
}

// readSystem reads one system and indexes it by ID, even if some of its
// other fields are wrong, so references to it are not reported as well.
func (l *loader) readSystem(n *yaml.Node) *systemEntry {
	f, ok := l.Mapping(n, "system", systemKeys...)
	if !ok {
		return nil
	}
	idNode := l.need(f, "id", "kessel")
	id, ok := l.id(idNode, "system id")
	if !ok {
		return nil
	}
	s := campaign.System{ID: campaign.SystemID(id), Name: id}
	if name, ok := l.text(f.Value("name"), "name"); ok {
		s.Name = name
	}
	x, okX := l.Int(l.need(f, "x", "2"), "x", "")
	y, okY := l.Int(l.need(f, "y", "5"), "y", "")
	s.X, s.Y = x, y
	if p, ok := l.text(l.need(f, "planet", "mineral"), "planet"); ok {
		s.Planet = campaign.PlanetType(p)
		if !s.Planet.Valid() {
			l.addf(f.Value("planet"), "planet %s is not a planet type: write life, mineral, dead or unknown%s",
				quote(p), l.didYouMean(p, planetTypes))
		}
	}
	if prev := l.systems[s.ID]; prev != nil {
		l.addf(idNode, "system id %q is used twice (first on line %d); give each system its own id", id, prev.node.Line)
		return nil
	}
	e := &systemEntry{node: n, system: s}
	l.systems[s.ID] = e
	l.systemIDs = append(l.systemIDs, id)
	l.st.Map.Systems = append(l.st.Map.Systems, s)
	if !okX || !okY {
		return nil
	}
	return e
}

// readLanes reads the lanes. It reports whether the lanes and systems were
// read well enough to check the map as a whole.
func (l *loader) readLanes(n *yaml.Node) bool {
	items, ok := l.List(n, "lanes", "")
	if !ok || l.systems == nil {
		return false
	}
	seen := make(map[campaign.Lane]*yaml.Node, len(items))
	for _, item := range items {
		lane, ok := l.readLane(item)
		if !ok {
			continue
		}
		key := lane
		if key.B < key.A {
			key.A, key.B = key.B, key.A
		}
		if prev := seen[key]; prev != nil {
			l.addf(item, "lane [%s, %s] is already on the map (line %d); remove this one", lane.A, lane.B, prev.Line)
			continue
		}
		seen[key] = item
		l.systems[lane.A].lanes++
		l.systems[lane.B].lanes++
		l.st.Map.Lanes = append(l.st.Map.Lanes, lane)
	}
	return true
}

func (l *loader) readLane(n *yaml.Node) (campaign.Lane, bool) {
	if n.Kind != yaml.SequenceNode || len(n.Content) != 2 {
		l.Wrong(n, "lane", "a pair of system ids, e.g. [kessel, vega]", "")
		return campaign.Lane{}, false
	}
	a, okA := l.systemRef(n.Content[0], "lane")
	b, okB := l.systemRef(n.Content[1], "lane")
	if !okA || !okB {
		return campaign.Lane{}, false
	}
	if a == b {
		l.addf(n, "lane joins %q to itself; a lane joins two different systems (EaW 1d)", a)
		return campaign.Lane{}, false
	}
	return campaign.Lane{A: a, B: b}, true
}

// systemRef reads a reference to a system on the map. The reference is not
// checked if the systems could not be read.
func (l *loader) systemRef(n *yaml.Node, what string) (campaign.SystemID, bool) {
	s, ok := l.text(n, what+" system")
	if !ok {
		return "", false
	}
	id := campaign.SystemID(s)
	if l.systems != nil && l.systems[id] == nil {
		l.addf(n, "%s names system %s, which is not on the map%s", what, quote(s), l.didYouMean(s, l.systemIDs))
		return "", false
	}
	return id, true
}

// checkLaneless reports systems without a lane (EaW 1d: every system has at
// least one).
func (l *loader) checkLaneless() {
	for _, s := range l.st.Map.Systems {
		e := l.systems[s.ID]
		if e.lanes > 0 {
			continue
		}
		hint := "add a lane to a nearby system"
		if near := l.nearest(s, nil); near != "" {
			hint = fmt.Sprintf("add a lane such as [%s, %s]", s.ID, near)
		}
		l.addf(e.node, "system %q has no lane; every system needs at least one (EaW 1d): %s", s.ID, hint)
	}
}

// checkConnected reports one system of every group of systems that cannot
// be reached from the first system with a lane (EaW 1a: lanes are the only
// way to travel).
func (l *loader) checkConnected() {
	g := campaign.NewGraph(l.st.Map)
	reached := make(map[campaign.SystemID]bool, len(l.st.Map.Systems))
	var main campaign.SystemID
	var inMain map[campaign.SystemID]bool
	for _, s := range l.st.Map.Systems {
		if reached[s.ID] || l.systems[s.ID].lanes == 0 {
			continue
		}
		group := g.Within(s.ID, g.Len())
		for _, r := range group {
			reached[r.System] = true
		}
		if main == "" {
			main, inMain = s.ID, make(map[campaign.SystemID]bool, len(group))
			for _, r := range group {
				inMain[r.System] = true
			}
			continue
		}
		hint := ""
		if near := l.nearest(s, func(id campaign.SystemID) bool { return inMain[id] }); near != "" {
			hint = fmt.Sprintf(", e.g. [%s, %s]", s.ID, near)
		}
		l.addf(l.systems[s.ID].node, "system %q cannot be reached from %q: it is in a separate group of %d systems with no lane to the rest of the map; add a lane between the groups%s",
			s.ID, main, len(group), hint)
	}
}

// nearest returns the system closest to s on the map that passes keep (any
// other system if keep is nil), or "" if there is none or the search budget
// is spent.
func (l *loader) nearest(s campaign.System, keep func(campaign.SystemID) bool) campaign.SystemID {
	if l.nearby < len(l.st.Map.Systems) {
		return ""
	}
	l.nearby -= len(l.st.Map.Systems)
	var best campaign.SystemID
	bestDist := -1.0
	for _, o := range l.st.Map.Systems {
		if o.ID == s.ID || (keep != nil && !keep(o.ID)) {
			continue
		}
		dx, dy := float64(o.X)-float64(s.X), float64(o.Y)-float64(s.Y)
		if d := dx*dx + dy*dy; bestDist < 0 || d < bestDist {
			best, bestDist = o.ID, d
		}
	}
	return best
}
