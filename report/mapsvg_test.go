package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
)

// svgNode is an element of a parsed SVG document.
type svgNode struct {
	name, space string
	attr        map[string]string
	kids        []*svgNode
	// text is the character data directly inside the element.
	text string
}

// parseSVG parses an SVG document with encoding/xml, which fails on what
// is not well-formed.
func parseSVG(t *testing.T, b []byte) *svgNode {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	var root *svgNode
	var open []*svgNode
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("MapSVG() is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &svgNode{name: tok.Name.Local, space: tok.Name.Space, attr: map[string]string{}}
			for _, a := range tok.Attr {
				n.attr[a.Name.Local] = a.Value
			}
			if len(open) == 0 {
				root = n
			} else {
				top := open[len(open)-1]
				top.kids = append(top.kids, n)
			}
			open = append(open, n)
		case xml.EndElement:
			open = open[:len(open)-1]
		case xml.CharData:
			if len(open) > 0 {
				open[len(open)-1].text += string(tok)
			}
		}
	}
	if root == nil {
		t.Fatal("MapSVG() has no root element")
	}
	return root
}

// all is n and every element inside it, in document order, that match.
func (n *svgNode) all(match func(*svgNode) bool) []*svgNode {
	var out []*svgNode
	if match(n) {
		out = append(out, n)
	}
	for _, k := range n.kids {
		out = append(out, k.all(match)...)
	}
	return out
}

// classed matches the elements named name (any, for "") of class class.
func classed(name, class string) func(*svgNode) bool {
	return func(n *svgNode) bool {
		return (name == "" || n.name == name) && slices.Contains(strings.Fields(n.attr["class"]), class)
	}
}

// texts are the texts the element and those inside it write.
func (n *svgNode) texts() []string {
	var out []string
	for _, t := range n.all(func(n *svgNode) bool { return n.name == "text" }) {
		out = append(out, t.text)
	}
	return out
}

// numbers parses an attribute of numbers apart by spaces.
func numbers(t *testing.T, s string) []float64 {
	t.Helper()
	var out []float64
	for _, f := range strings.Fields(s) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatalf("number %q in %q: %v", f, s, err)
		}
		out = append(out, v)
	}
	return out
}

// sixtyMap is a campaign of 60 systems, 2 apart on a 10 by 6 grid, each
// joined to its neighbours right and below, with a fleet of the reader's
// at every third system.
func sixtyMap() *Map {
	b := newMapBuilder()
	planets := []campaign.PlanetType{campaign.Life, campaign.Mineral, campaign.Dead, campaign.Unknown, ""}
	for i := range 60 {
		id := fmt.Sprintf("s%02d", i)
		b.system(id, fmt.Sprintf("Sector %d", i), 2*(i%10), 2*(i/10), planets[i%5])
		if i%10 < 9 {
			b.lanes(fmt.Sprintf("%s-s%02d", id, i+1))
		}
		if i < 50 {
			b.lanes(fmt.Sprintf("%s-s%02d", id, i+10))
		}
		if i%3 == 0 {
			b.fleet(id, 100+i)
		}
	}
	return &b.m
}

// busySixtyMap is sixtyMap shared by four players, with every mark it can
// have: each system owned, with a mine, each player's home with a capital
// and a shipyard, what a scout saw at each, a battle at a system and one
// in a lane, and a retreat.
func busySixtyMap() *Map {
	m := sixtyMap()
	players := []campaign.PlayerID{"lyran", "hydran", "gorn", "kzinti"}
	for k, p := range players {
		m.Players = append(m.Players, MapPlayer{ID: p, Label: string(p) + ": Player " + strconv.Itoa(k), You: k == 0})
	}
	for i := range m.Fleets {
		m.Fleets[i].Owner = players[i%4]
	}
	for i, sys := range m.Systems {
		owner := players[i%4]
		m.Owners = append(m.Owners, MapOwner{At: sys.ID, Owner: owner})
		m.Holdings = append(m.Holdings, MapHolding{At: sys.ID, Owner: owner, Kind: HoldMine})
		if i < 4 {
			m.Holdings = append(m.Holdings, MapHolding{At: sys.ID, Owner: owner, Kind: HoldCapital},
				MapHolding{At: sys.ID, Owner: owner, Kind: HoldYard})
		}
		m.Sightings = append(m.Sightings, Sighting{ID: sys.ID, Seen: 3 + i%2, Current: i%2 == 1, Close: i%2 == 0,
			Fortified: i%7 == 0, Developed: i%5 == 0, Contacts: []int{120}})
	}
	m.Battles = []MapBattle{{At: "s03"}, {Lane: &campaign.Lane{A: "s10", B: "s11"}}}
	m.Retreats = []MapRetreat{{Owner: "gorn", From: "s22", To: "s23"}}
	return m
}

// svgMaps are the maps the tests draw.
func svgMaps() map[string]*Map {
	return map[string]*Map{"fixed": fixedMap(), "players": playersMap(), "sixty": sixtyMap(), "sixty, busy": busySixtyMap()}
}

// TestMapSVG_goldens pins the SVG of one player's map and of a map of
// several players, and draws each twice: the same model gives the same
// bytes.
func TestMapSVG_goldens(t *testing.T) {
	for _, name := range []string{"fixed", "players"} {
		t.Run(name, func(t *testing.T) {
			got := MapSVG(svgMaps()[name])
			if again := MapSVG(svgMaps()[name]); !bytes.Equal(got, again) {
				t.Error("MapSVG() gave different bytes for the same map")
			}
			golden.Check(t, "testdata/map/"+name+".svg.golden", got)
		})
	}
}

// TestMapSVG_document: a standalone SVG the page sizes, pans and zooms:
// the root's namespace, class and viewBox, no fixed size, the map in one
// group "view", the legend outside it and below the map.
func TestMapSVG_document(t *testing.T) {
	for name, m := range svgMaps() {
		t.Run(name, func(t *testing.T) {
			root := parseSVG(t, MapSVG(m))
			if root.name != "svg" || root.space != "http://www.w3.org/2000/svg" || root.attr["class"] != "map" {
				t.Errorf("root = <%s xmlns=%q class=%q>, want <svg> in the SVG namespace, class map", root.name, root.space, root.attr["class"])
			}
			if got := root.attr["preserveAspectRatio"]; got != "xMidYMid meet" {
				t.Errorf("preserveAspectRatio = %q, want xMidYMid meet", got)
			}
			for _, a := range []string{"width", "height", "style"} {
				if v, ok := root.attr[a]; ok {
					t.Errorf("root has %s=%q, want none: the page sizes the map", a, v)
				}
			}
			views := root.all(func(n *svgNode) bool { return n.attr["id"] == "view" })
			if len(views) != 1 || views[0].name != "g" {
				t.Fatalf("%d elements have id view, want one group", len(views))
			}
			if n := len(views[0].all(classed("g", "legend"))); n != 0 {
				t.Error("the legend is inside the group view: it would pan and zoom with the map")
			}
			if titles := root.all(func(n *svgNode) bool { return n.name == "title" }); len(titles) != 1 ||
				!strings.Contains(titles[0].text, m.Title) || !strings.Contains(titles[0].text, m.Caption) {
				t.Errorf("title = %v, want one holding %q and %q", titles, m.Title, m.Caption)
			}
			checkLegend(t, root, m)
		})
	}
}

// checkLegend checks that the legend lists the players and the keys, and
// stands below the map's frame.
func checkLegend(t *testing.T, root *svgNode, m *Map) {
	t.Helper()
	legends := root.all(classed("g", "legend"))
	if len(legends) != 1 {
		t.Fatalf("%d legends, want 1", len(legends))
	}
	want := []string{"Legend"}
	for _, p := range m.Players {
		want = append(want, p.Label)
	}
	for _, k := range m.Legend {
		want = append(want, k.Text)
	}
	got := slices.DeleteFunc(legends[0].texts(), func(s string) bool { return s == "120" }) // the contacts' sample
	if !slices.Equal(got, want) {
		t.Errorf("legend texts = %q, want %q", got, want)
	}
	frame := root.all(func(n *svgNode) bool { return n.attr["id"] == "view" })[0].all(func(n *svgNode) bool { return n.name == "rect" })
	panel := legends[0].all(func(n *svgNode) bool { return n.name == "rect" })
	if len(frame) == 0 || len(panel) == 0 {
		t.Fatal("no frame round the map or the legend")
	}
	bottom := numbers(t, frame[0].attr["y"])[0] + numbers(t, frame[0].attr["height"])[0]
	if top := numbers(t, panel[0].attr["y"])[0]; top < bottom {
		t.Errorf("the legend's top is at %v, above the bottom of the map's frame, %v", top, bottom)
	}
}

// TestMapSVG_systemsAndLanes: a group per system, in order, with its name,
// a hit circle two and a half times its planet, at its own coordinates
// inside the viewBox; a line per lane, naming its systems.
func TestMapSVG_systemsAndLanes(t *testing.T) {
	for name, m := range svgMaps() {
		t.Run(name, func(t *testing.T) {
			root := parseSVG(t, MapSVG(m))
			groups := root.all(classed("g", "system"))
			if len(groups) != len(m.Systems) {
				t.Fatalf("%d system groups, want %d", len(groups), len(m.Systems))
			}
			at := systemsAt(t, root)
			for i, g := range groups {
				sys := m.Systems[i]
				if g.attr["data-system"] != string(sys.ID) {
					t.Errorf("system group %d is data-system=%q, want %q", i, g.attr["data-system"], sys.ID)
				}
				checkSystem(t, g, sys, at)
			}
			lines := root.all(classed("line", "lane"))
			if len(lines) != len(m.Lanes) {
				t.Fatalf("%d lane lines, want %d", len(lines), len(m.Lanes))
			}
			for i, l := range lines {
				if a, b := l.attr["data-a"], l.attr["data-b"]; a != string(m.Lanes[i].A) || b != string(m.Lanes[i].B) {
					t.Errorf("lane %d joins %s and %s, want %s and %s", i, a, b, m.Lanes[i].A, m.Lanes[i].B)
				}
			}
		})
	}
}

// systemsAt returns where a system's group stands in the map's
// coordinates, from its translation and the transform of the group inside
// "view", and whether that is inside the viewBox.
func systemsAt(t *testing.T, root *svgNode) func(g *svgNode) (x, y float64, in bool) {
	t.Helper()
	view := root.all(func(n *svgNode) bool { return n.attr["id"] == "view" })[0]
	var dx, dy, k float64
	tr := view.kids[0].attr["transform"]
	if _, err := fmt.Sscanf(tr, "translate(%g %g) scale(%g)", &dx, &dy, &k); err != nil {
		dx, dy = 0, 0
		if _, err := fmt.Sscanf(tr, "scale(%g)", &k); err != nil {
			t.Fatalf("transform %q: %v", tr, err)
		}
	}
	vb := numbers(t, root.attr["viewBox"])
	if len(vb) != 4 {
		t.Fatalf("viewBox = %q, want four numbers", root.attr["viewBox"])
	}
	return func(g *svgNode) (float64, float64, bool) {
		var cx, cy float64
		if _, err := fmt.Sscanf(g.attr["transform"], "translate(%g %g)", &cx, &cy); err != nil {
			t.Fatalf("system %s: transform %q: %v", g.attr["data-system"], g.attr["transform"], err)
		}
		x, y := dx+k*cx, dy+k*cy
		return x, y, x > vb[0] && y > vb[1] && x < vb[0]+vb[2] && y < vb[1]+vb[3]
	}
}

// checkSystem checks a system's group: at the system's coordinates inside
// the viewBox, with a hit circle about it, its planet and its name.
func checkSystem(t *testing.T, g *svgNode, sys campaign.System, at func(g *svgNode) (x, y float64, in bool)) {
	t.Helper()
	hit, planet := g.all(classed("circle", "hit")), g.all(classed("circle", "planet"))
	if len(hit) != 1 || hit[0].attr["fill"] != "transparent" || len(planet) != 1 {
		t.Fatalf("system %s has %d hit circles and %d planets, want one transparent hit circle and a planet", sys.ID, len(hit), len(planet))
	}
	hr, pr := numbers(t, hit[0].attr["r"])[0], numbers(t, planet[0].attr["r"])[0]
	if w := planet[0].attr["stroke-width"]; w != "" {
		pr += numbers(t, w)[0] / 2 // an outline's outer edge
	}
	if hr < 2.3*pr || hr > 2.7*pr {
		t.Errorf("system %s: hit circle r=%v, planet r=%v, want about 2.5 times", sys.ID, hr, pr)
	}
	if c := hit[0].attr["cx"] + hit[0].attr["cy"]; c != "" {
		t.Errorf("system %s: hit circle off the group's origin (%s)", sys.ID, c)
	}
	if x, y, in := at(g); math.Abs(x-float64(sys.X)) > 0.01 || math.Abs(y-float64(sys.Y)) > 0.01 || !in {
		t.Errorf("system %s at (%d, %d) is drawn at (%.3f, %.3f), inside the viewBox %v", sys.ID, sys.X, sys.Y, x, y, in)
	}
	name := []rune(sys.Name)
	if names := g.texts(); len(names) == 0 || !strings.HasPrefix(names[len(names)-1], string(name[:min(len(name), 5)])) {
		t.Errorf("system %s (%q) is labelled %q, want its name", sys.ID, sys.Name, names)
	}
}

// TestMapSVG_fleets: a group per player's fleets at a system, at the
// system, whose label is the wide picture's.
func TestMapSVG_fleets(t *testing.T) {
	tests := []struct {
		name string
		m    *Map
		want []string // system, owner and label of each fleet group
	}{
		{"fixed, without players", fixedMap(), []string{"aldor  2×450", "brisk  1×205"}},
		{"players", playersMap(), []string{"kessel hydran 1×180", "s01 gorn 1×55", "s01 lyran 1×375",
			"gorn gorn 1×435", "s12 lyran 1×200", "kzin kzinti 2×355"}},
		{"unknown BPV", func() *Map {
			m := playersMap()
			m.Fleets = []MapFleet{{"s01", "lyran", 200}, {"s01", "lyran", -1}, {"s01", "gorn", 55}}
			return m
		}(), []string{"s01 lyran 2", "s01 gorn 1×55"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, g := range parseSVG(t, MapSVG(tc.m)).all(classed("g", "fleet")) {
				got = append(got, g.attr["data-system"]+" "+g.attr["data-owner"]+" "+strings.Join(g.texts(), "|"))
				if len(g.all(func(n *svgNode) bool { return n.name == "polygon" })) != 1 {
					t.Errorf("fleet group at %s has no mark", g.attr["data-system"])
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("fleet groups = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestMapSVG_marks: what the wide picture marks, the SVG marks: the
// reader's systems, holdings, battles, a retreat, and the sightings of
// earlier turns faded with their turn.
func TestMapSVG_marks(t *testing.T) {
	tests := []struct {
		name                        string
		m                           *Map
		own                         []string
		holdings, battles, retreats int
		faded                       []string
	}{
		{"fixed", fixedMap(), nil, 4, 2, 0, []string{"Ebon T3", "Gleam T2"}},
		{"players", playersMap(), []string{"lyra", "kessel", "s01"}, 22, 1, 1, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := parseSVG(t, MapSVG(tc.m))
			var own []string
			for _, g := range root.all(classed("g", "own")) {
				own = append(own, g.attr["data-system"])
			}
			if !slices.Equal(own, tc.own) {
				t.Errorf("own systems = %q, want %q", own, tc.own)
			}
			count := func(class string) int { return len(root.all(classed("", class))) }
			if n := count("holding"); n != tc.holdings {
				t.Errorf("%d holdings, want %d", n, tc.holdings)
			}
			if n := count("battle"); n != tc.battles {
				t.Errorf("%d battles, want %d", n, tc.battles)
			}
			if n := count("retreat"); n != tc.retreats {
				t.Errorf("%d retreats, want %d", n, tc.retreats)
			}
			for _, f := range tc.faded {
				checkFaded(t, root, f)
			}
		})
	}
}

// checkFaded checks that a system seen in an earlier turn is named with
// its turn and drawn faded.
func checkFaded(t *testing.T, root *svgNode, label string) {
	t.Helper()
	for _, g := range root.all(classed("g", "system")) {
		if !slices.Contains(g.texts(), label) {
			continue
		}
		if p := g.all(classed("circle", "planet")); len(p) != 1 || p[0].attr["fill-opacity"] != "0.41" {
			t.Errorf("system labelled %q: planet not faded to 0.41", label)
		}
		return
	}
	t.Errorf("no system labelled %q", label)
}

// TestMapSVG_hostileText: names from a scenario are escaped, never markup.
func TestMapSVG_hostileText(t *testing.T) {
	const hostile = `<b>&"x'`
	m := playersMap()
	m.Title, m.Caption, m.Sub = hostile, hostile, hostile
	m.Systems[0].Name = hostile
	m.Players[1].Label = hostile
	m.Fleets = append(m.Fleets, MapFleet{At: m.Systems[0].ID, Owner: `"><script>`, BPV: 1})
	got := MapSVG(m)
	for _, raw := range []string{"<b>", "<script"} {
		if bytes.Contains(got, []byte(raw)) {
			t.Errorf("MapSVG() holds %q unescaped", raw)
		}
	}
	root := parseSVG(t, got)
	if names := root.all(classed("g", "system"))[0].texts(); !slices.Contains(names, hostile) {
		t.Errorf("system 0 is labelled %q, want %q", names, hostile)
	}
	if texts := root.all(classed("g", "legend"))[0].texts(); !slices.Contains(texts, hostile) {
		t.Errorf("the legend reads %q, want it to name %q", texts, hostile)
	}
}

// TestMapSVG_noStyleNoScript: a Content-Security-Policy without
// 'unsafe-inline' blocks style attributes and elements, and the map needs
// no script.
func TestMapSVG_noStyleNoScript(t *testing.T) {
	for name, m := range svgMaps() {
		got := MapSVG(m)
		for _, bad := range []string{"style=", "<style", "<script", "javascript:"} {
			if bytes.Contains(got, []byte(bad)) {
				t.Errorf("%s: MapSVG() holds %q", name, bad)
			}
		}
		for _, n := range parseSVG(t, got).all(func(*svgNode) bool { return true }) {
			for a := range n.attr {
				if strings.HasPrefix(a, "on") {
					t.Errorf("%s: <%s> has the handler %s", name, n.name, a)
				}
			}
		}
	}
}

// TestMapSVG_nil: a nil model is an empty map, still a document.
func TestMapSVG_nil(t *testing.T) {
	root := parseSVG(t, MapSVG(nil))
	if len(root.all(func(n *svgNode) bool { return n.attr["id"] == "view" })) != 1 {
		t.Error("MapSVG(nil) has no group view")
	}
}

// TestMapSVG_size: a campaign of 60 systems, fleets at every third, gives
// well under 100 KB, and so does one with every mark at every system.
func TestMapSVG_size(t *testing.T) {
	for name, m := range map[string]*Map{"sixty": sixtyMap(), "sixty, busy": busySixtyMap()} {
		got := MapSVG(m)
		if len(got) >= 100<<10 {
			t.Errorf("MapSVG(%s) = %d bytes, want under 100 KB", name, len(got))
		}
		t.Logf("MapSVG(%s) = %d bytes", name, len(got))
	}
}

// TestMapSVG_offsetCoordinates: a map far from the origin keeps its own
// coordinates in the viewBox.
func TestMapSVG_offsetCoordinates(t *testing.T) {
	m := fixedMap()
	for i := range m.Systems {
		m.Systems[i].X += 1000
		m.Systems[i].Y -= 500
	}
	root := parseSVG(t, MapSVG(m))
	at := systemsAt(t, root)
	for i, g := range root.all(classed("g", "system")) {
		checkSystem(t, g, m.Systems[i], at)
	}
}

func BenchmarkMapSVG60(b *testing.B) {
	for _, bm := range []struct {
		name string
		m    *Map
	}{{"fleets", sixtyMap()}, {"busy", busySixtyMap()}} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				MapSVG(bm.m)
			}
		})
	}
}
