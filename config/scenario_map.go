package config

import (
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
	"go.yaml.in/yaml/v3"
)

// readMap reads the systems, then the lanes. Whether the map as a whole
// is fit to play on is the ruleset's to check.
func (l *loader) readMap(n *yaml.Node) {
	f, ok := l.Mapping(n, "map", "systems", "lanes")
	if !ok {
		return
	}
	l.readSystems(l.Need(f, "systems", "[{id: kessel, name: Kessel, x: 2, y: 5, planet: mineral}]"))
	l.part.Lanes = l.readLanes(l.Need(f, "lanes", "[[kessel, tau-ceti]]"))
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
		l.Addf(n, "systems is empty; a map needs systems, e.g. - {id: kessel, name: Kessel, x: 2, y: 5, planet: mineral}")
	}
	l.systems = make(map[campaign.SystemID]*yaml.Node, len(items))
	l.part.Systems = l.systems
	type placed struct {
		id   campaign.SystemID
		node *yaml.Node
	}
	at := make(map[[2]int]placed, len(items))
	for _, item := range items {
		s, ok := l.readSystem(item)
		if !ok {
			continue
		}
		xy := [2]int{s.X, s.Y}
		if prev, taken := at[xy]; taken {
			l.Addf(item, "system %q is at x %d, y %d, where %q already is (line %d); move one of them",
				s.ID, xy[0], xy[1], prev.id, prev.node.Line)
		} else {
			at[xy] = placed{s.ID, item}
		}
	}
}

// readSystem reads one system and indexes it by ID, even if some of its
// other fields are wrong, so references to it are not reported as well.
// ok is whether it was read with its position.
func (l *loader) readSystem(n *yaml.Node) (s campaign.System, ok bool) {
	f, ok := l.Mapping(n, "system", systemKeys...)
	if !ok {
		return s, false
	}
	idNode := l.Need(f, "id", "kessel")
	id, ok := l.id(idNode, "system id")
	if !ok {
		return s, false
	}
	s = campaign.System{ID: campaign.SystemID(id), Name: id}
	if name, ok := l.Text(f.Value("name"), "name"); ok {
		s.Name = name
	}
	x, okX := l.Int(l.Need(f, "x", "2"), "x", "")
	y, okY := l.Int(l.Need(f, "y", "5"), "y", "")
	s.X, s.Y = x, y
	if p, ok := l.Text(l.Need(f, "planet", "mineral"), "planet"); ok {
		s.Planet = campaign.PlanetType(p)
		if !s.Planet.Valid() {
			l.Addf(f.Value("planet"), "planet %s is not a planet type: write life, mineral, dead or unknown%s",
				orders.Quote(p), l.Suggestion(p, planetTypes))
		}
	}
	if prev := l.systems[s.ID]; prev != nil {
		l.Addf(idNode, "system id %q is used twice (first on line %d); give each system its own id", id, prev.Line)
		return s, false
	}
	l.systems[s.ID] = n
	l.systemIDs = append(l.systemIDs, id)
	l.st.Map.Systems = append(l.st.Map.Systems, s)
	return s, okX && okY
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
			l.Addf(item, "lane [%s, %s] is already on the map (line %d); remove this one", lane.A, lane.B, prev.Line)
			continue
		}
		seen[key] = item
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
		l.Addf(n, "lane joins %q to itself; a lane joins two different systems", a)
		return campaign.Lane{}, false
	}
	return campaign.Lane{A: a, B: b}, true
}

// systemRef reads a reference to a system on the map. The reference is not
// checked if the systems could not be read.
func (l *loader) systemRef(n *yaml.Node, what string) (campaign.SystemID, bool) {
	s, ok := l.Text(n, what+" system")
	if !ok {
		return "", false
	}
	id := campaign.SystemID(s)
	if l.systems != nil && l.systems[id] == nil {
		l.Addf(n, "%s names system %s, which is not on the map%s", what, orders.Quote(s), l.Suggestion(s, l.systemIDs))
		return "", false
	}
	return id, true
}
