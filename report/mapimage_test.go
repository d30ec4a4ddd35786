package report

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
)

// mapBuilder builds a map model by hand, as a ruleset fills it.
type mapBuilder struct{ m Map }

func newMapBuilder() *mapBuilder {
	return &mapBuilder{m: Map{Title: "Frontier Wars",
		Caption: fmt.Sprintf("Turn 5 · %s", campaign.Date{Year: 166, Season: campaign.Spring}),
		Sub:     "Map of Warlord Drask (vorn) · orders due Wed 25 Nov 2026 20:00 CET (19:00 UTC)",
		Legend:  sightingLegend}}
}

// sightingLegend explains every mark a map of one player's sightings uses.
var sightingLegend = []MapKey{
	{MarkLife, "life planet"}, {MarkMineral, "mineral planet"}, {MarkDead, "dead planet"},
	{MarkUnknown, "unknown: unexplored"}, {MarkNever, "never looked at"},
	{MarkSeenClose, "seen now by a scout"}, {MarkSeenFar, "seen now: forts only"},
	{MarkFaded, "faded, T3: last seen turn 3"}, {MarkFortified, "fortified"}, {MarkDeveloped, "developed (mine/colony)"},
	{MarkContacts, "CBPV of others' fleets"}, {MarkFleets, "your fleets: count×CBPV"}, {MarkFRD, "your FRD"},
	{MarkMine, "your mine"}, {MarkColony, "your colony"}, {MarkFort, "your fortification"},
	{MarkBattle, "pending battle here"}, {MarkLaneBattle, "pending battle in a lane"},
}

func (b *mapBuilder) system(id, name string, x, y int, planet campaign.PlanetType) *mapBuilder {
	b.m.Systems = append(b.m.Systems, campaign.System{ID: campaign.SystemID(id), Name: name, X: x, Y: y, Planet: planet})
	return b
}

func (b *mapBuilder) lanes(pairs ...string) *mapBuilder {
	for _, p := range pairs {
		a, z, _ := strings.Cut(p, "-")
		b.m.Lanes = append(b.m.Lanes, campaign.Lane{A: campaign.SystemID(a), B: campaign.SystemID(z)})
	}
	return b
}

func (b *mapBuilder) fleet(at string, cbpv int) *mapBuilder {
	b.m.Fleets = append(b.m.Fleets, MapFleet{At: campaign.SystemID(at), BPV: cbpv})
	return b
}

func (b *mapBuilder) develop(at string, kind campaign.DevelopmentKind) *mapBuilder {
	b.m.Holdings = append(b.m.Holdings, HoldingOf(campaign.Development{At: campaign.SystemID(at), Owner: "vorn", Kind: kind}))
	return b
}

func (b *mapBuilder) frd(at string) *mapBuilder {
	b.m.Holdings = append(b.m.Holdings, MapHolding{At: campaign.SystemID(at), Kind: HoldFRD})
	return b
}

// seen records a sighting made in turn seen; one of turn 4, the turn just
// resolved, is current.
func (b *mapBuilder) seen(id string, seen int, close, fort, dev bool, contacts ...int) *mapBuilder {
	b.m.Sightings = append(b.m.Sightings, Sighting{ID: campaign.SystemID(id), Seen: seen, Current: seen == 4, Close: close,
		Fortified: fort, Developed: dev, Contacts: contacts})
	return b
}

func (b *mapBuilder) battle(at string, lane ...string) *mapBuilder {
	mb := MapBattle{At: campaign.SystemID(at)}
	if len(lane) == 2 {
		mb.Lane = &campaign.Lane{A: campaign.SystemID(lane[0]), B: campaign.SystemID(lane[1])}
	}
	b.m.Battles = append(b.m.Battles, mb)
	return b
}

// fixedMap holds every kind of mark the map draws: it is the map of
// Warlord Drask's view at turn 5 of Frontier Wars.
func fixedMap() *Map {
	b := newMapBuilder().
		system("aldor", "Aldor", 0, 0, campaign.Mineral).              // home: FRD, mine, fort, fleets
		system("brisk", "Brisk", 4, 0, campaign.Life).                 // own colony, close look, contacts, battle
		system("cairn", "Cairn", 8, 1, campaign.Dead).                 // fortified-only sighting
		system("dusk", "Dusk", 2, 4, campaign.Unknown).                // unexplored: featureless blue
		system("ebon", "Ebon", 6, 4, campaign.Mineral).                // faded, last seen turn 3
		system("fallow", "Fallow", 10, 4, "").                         // never looked at
		system("gleam", "Gleam", 4, 7, campaign.Life).                 // faded fortified-only, turn 2
		system("thule", strings.Repeat("Ultima Thule ", 6), 9, 7, ""). // long name
		lanes("aldor-brisk", "aldor-dusk", "brisk-cairn", "brisk-ebon", "dusk-ebon", "dusk-gleam",
			"cairn-fallow", "ebon-fallow", "ebon-gleam", "fallow-thule", "gleam-thule").
		frd("aldor").develop("aldor", campaign.Mine).develop("aldor", campaign.Fortification).
		develop("brisk", campaign.Colony).
		fleet("aldor", 300).fleet("aldor", 150).fleet("brisk", 205).
		seen("aldor", 4, true, true, true).seen("brisk", 4, true, false, true, 210, 95).
		seen("cairn", 4, false, true, false).seen("dusk", 4, true, false, false).
		seen("ebon", 3, true, true, true, 120).seen("gleam", 2, false, false, false).
		battle("brisk").battle("", "cairn", "fallow")
	return &b.m
}

func TestPaintMap_golden(t *testing.T) {
	got, err := PaintMap(fixedMap())
	if err != nil {
		t.Fatal(err)
	}
	again, err := PaintMap(fixedMap())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, again) {
		t.Error("PaintMap gave different bytes for the same map")
	}
	checkPNG(t, "testdata/map/fixed.png.golden", got)
}

// TestPaintMap_reusedPixels: a picture painted into the pixels of an
// earlier, larger one shows nothing of it.
func TestPaintMap_reusedPixels(t *testing.T) {
	want, err := PaintMap(fixedMap())
	if err != nil {
		t.Fatal(err)
	}
	junk := bytes.Repeat([]byte{0x5a}, 4*MapMaxWidth*MapMaxHeight)
	pictures.Put(&junk)
	got, err := PaintMap(fixedMap())
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("PaintMap over reused pixels = %d bytes, %v; want the same %d bytes", len(got), err, len(want))
	}
}

// TestPaintMap_concurrent paints one map from many goroutines: the shared
// fonts must not be mutated (run with -race).
func TestPaintMap_concurrent(t *testing.T) {
	want, err := PaintMap(fixedMap())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			got, err := PaintMap(fixedMap())
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("concurrent PaintMap() = %d bytes, %v; want the same %d bytes", len(got), err, len(want))
			}
		})
	}
	wg.Wait()
}

// TestPaintMap_sharedBase: the maps of two players of one campaign share
// their background and lanes, painted once; each map is the same bytes as
// when painted alone, whichever is painted first, and a map with other
// lanes shares nothing.
func TestPaintMap_sharedBase(t *testing.T) {
	other := fixedMap() // another player's: none of the first one's own marks
	other.Fleets, other.Holdings, other.Sightings, other.Battles = nil, nil, other.Sightings[4:], nil
	fewer := fixedMap()
	fewer.Lanes = fewer.Lanes[:3]
	alone := func(m *Map) []byte {
		mapBases.forget()
		b, err := PaintMap(m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	want := [][]byte{alone(fixedMap()), alone(other), alone(fewer)}
	if bytes.Equal(want[0], want[1]) || bytes.Equal(want[0], want[2]) {
		t.Fatal("the three maps are painted alike: the test shows nothing")
	}
	for _, order := range [][]int{{0, 1, 2}, {1, 0, 2}, {2, 1, 0}} {
		for _, i := range order {
			got, err := PaintMap([]*Map{fixedMap(), other, fewer}[i])
			if err != nil || !bytes.Equal(got, want[i]) {
				t.Errorf("map %d painted in the order %v = %d bytes, %v; want the %d bytes it has alone", i, order, len(got), err, len(want[i]))
			}
		}
	}
}

// checkPNG compares a PNG with a golden PNG, allowing at most 16 pixels to
// differ by more than 8 in some channel: enough for rasteriser noise across
// versions, too few to hide a missing mark (a changed last-seen label alone
// moves about 30). With -update it rewrites the golden file.
func checkPNG(t *testing.T, path string, got []byte) {
	t.Helper()
	golden.CheckWith(t, path, got, func(got, want []byte) error {
		gi, wi := decodePNG(t, got), decodePNG(t, want)
		if gi.Bounds() != wi.Bounds() {
			return fmt.Errorf("is %v, but the picture is %v", wi.Bounds(), gi.Bounds())
		}
		n, total := pixelsDiffering(gi, wi, 8), gi.Bounds().Dx()*gi.Bounds().Dy()
		if n > 16 {
			return fmt.Errorf("differs in %d of %d pixels (more than 16)", n, total)
		}
		return nil
	})
}

func decodePNG(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode PNG: %v", err)
	}
	return img
}

// pixelsDiffering counts the pixels of a and b (of equal bounds) that
// differ by more than tol in some channel.
func pixelsDiffering(a, b image.Image, tol int) int {
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			for _, d := range [4][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
				if abs(int(d[0]>>8)-int(d[1]>>8)) > tol {
					n++
					break
				}
			}
		}
	}
	return n
}

// TestPaintMap_marks samples the fixed map's picture where a golden
// comparison's tolerance could hide a wrong colour: inside each planet,
// away from its feature, and on the battle ring.
func TestPaintMap_marks(t *testing.T) {
	b, err := PaintMap(fixedMap())
	if err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, b)
	m, err := newMapModel(fixedMap(), false)
	if err != nil {
		t.Fatal(err)
	}
	pal, r := mapPalette, m.lay.r
	at := m.positions()
	tests := []struct {
		name   string
		system campaign.SystemID
		dx, dy float32
		want   color.NRGBA
	}{
		{"mineral planet", "aldor", -0.55 * r, 0.45 * r, pal.mineral},
		{"life planet", "brisk", -0.55 * r, 0.45 * r, pal.life},
		{"dead planet", "cairn", -0.55 * r, 0.45 * r, pal.dead},
		{"unknown planet is featureless blue", "dusk", 0, 0, pal.unknown},
		{"never looked at: an outline", "fallow", 0, 0, pal.panel},
		{"last seen turn 3: faded", "ebon", -0.55 * r, 0.45 * r, over(pal.mineral, pal.panel, mapFade)},
		{"last seen turn 2: faded", "gleam", -0.55 * r, 0.45 * r, over(pal.life, pal.panel, mapFade)},
		{"pending battle: red ring", "brisk", -0.707 * (m.reach("brisk") - 2), -0.707 * (m.reach("brisk") - 2), pal.battle},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := at[tc.system]
			x, y := int(math.Round(float64(c.x+tc.dx))), int(math.Round(float64(c.y+tc.dy)))
			r1, g1, b1, _ := img.At(x, y).RGBA()
			got := color.NRGBA{uint8(r1 >> 8), uint8(g1 >> 8), uint8(b1 >> 8), 0xff}
			if abs(int(got.R)-int(tc.want.R)) > 12 || abs(int(got.G)-int(tc.want.G)) > 12 || abs(int(got.B)-int(tc.want.B)) > 12 {
				t.Errorf("pixel (%d, %d) at %s = %v, want %v", x, y, tc.system, got, tc.want)
			}
		})
	}
}

// over composes fg at opacity a over the opaque bg.
func over(fg, bg color.NRGBA, a uint8) color.NRGBA {
	mix := func(f, b uint8) uint8 { return uint8((int(f)*int(a) + int(b)*(255-int(a))) / 255) }
	return color.NRGBA{mix(fg.R, bg.R), mix(fg.G, bg.G), mix(fg.B, bg.B), 0xff}
}

func abs(x int) int { return max(x, -x) }

// TestPaintMap_nil: a nil model is an error, not a panic.
func TestPaintMap_nil(t *testing.T) {
	if _, err := PaintMap(nil); err == nil {
		t.Error("PaintMap(nil) error = nil, want an error")
	}
}

// crowdedMap is a map of 2,000 systems in a grid, with the player's own
// fleets, developments and FRDs at a few of them.
func crowdedMap() *Map {
	b := newMapBuilder()
	for i := range 2000 {
		b.system(fmt.Sprintf("s%04d", i), fmt.Sprintf("System %d", i), i%50, i/50, campaign.Mineral)
	}
	b.fleet("s0000", 100).fleet("s0101", 50).fleet("s0101", 70).fleet("s1999", 10).
		develop("s0000", campaign.Mine).develop("s0500", campaign.Colony).frd("s0000").frd("s1200")
	return &b.m
}

// TestMapLabels checks which texts the map names: every system of a small
// map, and on a map of more than mapLabelAll systems only the player's own.
func TestMapLabels(t *testing.T) {
	big := crowdedMap()
	tests := []struct {
		name            string
		m               *Map
		names, ownNames int
	}{
		{"fixed", fixedMap(), 6, 2},
		{"generated, 2000 systems", big, 0, ownSystems(big)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := newMapModel(tc.m, false)
			if err != nil {
				t.Fatal(err)
			}
			count := map[labelKind]int{}
			for _, l := range m.planLabels() {
				count[l.kind]++
			}
			if count[labelName] != tc.names || count[labelOwnName] != tc.ownNames {
				t.Errorf("planLabels() names %d systems and %d own ones, want %d and %d",
					count[labelName], count[labelOwnName], tc.names, tc.ownNames)
			}
			if count[labelFleet] == 0 {
				t.Error("planLabels() shows no fleets")
			}
		})
	}
}

func ownSystems(m *Map) int {
	own := map[campaign.SystemID]bool{}
	for _, f := range m.Fleets {
		own[f.At] = true
	}
	for _, h := range m.Holdings {
		own[h.At] = true
	}
	return len(own)
}

func TestFitText(t *testing.T) {
	faces, err := newMapFaces(12, 1)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, in, want string
	}{
		{"short", "Drakkar", "Drakkar"},
		{"too many runes", strings.Repeat("a", 60), strings.Repeat("a", 48) + "…"},
		{"control characters", "a\tb\nc", "a b c"},
		{"format characters", "a\u202eb\u200dc", "abc"},
		{"empty", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := fitText(faces.label, tc.in, mapNameRunes, 1000)
			if got != tc.want {
				t.Errorf("fitText(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
	if got := fitText(faces.label, strings.Repeat("W", 40), mapNameRunes, 60); !strings.HasSuffix(got, "…") || len([]rune(got)) > 8 {
		t.Errorf("fitText(40 W, 60px) = %q, want a few W and …", got)
	}
}

// playersMap is a map of several players, as a ruleset of public play
// fills it: every player's fleets, holdings and sectors in their colours,
// a non-player empire, a battle and a retreat.
func playersMap() *Map {
	b := newMapBuilder().
		system("lyra", "Lyra", 0, 0, campaign.Mineral).system("kessel", "Kessel", 2, 0, campaign.Life).
		system("hydra", "Hydra", 4, 0, campaign.Mineral).system("s01", "Sector 01", 0, 2, campaign.Mineral).
		system("s11", "Sector 11", 2, 2, campaign.Unknown).system("s21", "Vel's Reach", 4, 2, campaign.Dead).
		system("gorn", "Gorn Prime", 0, 4, campaign.Mineral).system("s12", "Ssarath's Gate", 2, 4, campaign.Mineral).
		system("kzin", "Kzin", 4, 4, campaign.Mineral).
		lanes("lyra-kessel", "kessel-hydra", "lyra-s01", "kessel-s11", "hydra-s21", "s01-s11", "s11-s21",
			"s01-gorn", "s11-s12", "s21-kzin", "gorn-s12", "s12-kzin")
	m := &b.m
	m.Sub = "Map of Kess Rhanor (lyran) · gorn's orders due Thu 26 Nov 2026 00:00 UTC"
	m.Legend = []MapKey{{MarkLife, "life sector"}, {MarkMineral, "mineral sector or home"}, {MarkFleets, "fleets: count×BPV"},
		{MarkOwned, "owned"}, {MarkCapital, "capital"}, {MarkYard, "shipyard"}, {MarkColony, "colony"}, {MarkMine, "mine"},
		{MarkFort, "fortification"}, {MarkNPE, "non-player empire"}, {MarkBattle, "battle to be fought"}, {MarkRetreat, "retreat under way"}}
	for _, p := range []MapPlayer{{"lyran", "lyran (you): Kess Rhanor", true}, {"hydran", "hydran: Tarn Vel", false},
		{"gorn", "gorn (to play): Ssarath", false}, {"kzinti", "kzinti: Rrowl", false}} {
		m.Players = append(m.Players, p)
	}
	for _, home := range []struct{ at, owner string }{{"lyra", "lyran"}, {"hydra", "hydran"}, {"gorn", "gorn"}, {"kzin", "kzinti"}} {
		at, owner := campaign.SystemID(home.at), campaign.PlayerID(home.owner)
		m.Owners = append(m.Owners, MapOwner{At: at, Owner: owner})
		for _, k := range []HoldingKind{HoldCapital, HoldYard, HoldColony, HoldMine, HoldFort} {
			m.Holdings = append(m.Holdings, MapHolding{At: at, Owner: owner, Kind: k})
		}
	}
	m.Owners = append(m.Owners, MapOwner{At: "kessel", Owner: "lyran"}, MapOwner{At: "s01", Owner: "lyran"},
		MapOwner{At: "s21", Owner: "hydran"}, MapOwner{At: "s12", NPE: true})
	m.Holdings = append(m.Holdings, MapHolding{At: "s01", Owner: "lyran", Kind: HoldMine}, MapHolding{At: "s01", Owner: "lyran", Kind: HoldFort})
	m.Fleets = []MapFleet{{"kessel", "hydran", 180}, {"s01", "gorn", 55}, {"s01", "lyran", 375}, {"s12", "lyran", 200},
		{"kzin", "kzinti", 150}, {"kzin", "kzinti", 205}, {"gorn", "gorn", 435}}
	m.Battles = []MapBattle{{At: "s01"}}
	m.Retreats = []MapRetreat{{Owner: "lyran", From: "s12", To: "s11"}}
	m.Focus = []campaign.SystemID{"kessel", "lyra", "s01", "s12"}
	return m
}

// TestPaintMap_goldens pins the wide and the phone's picture of one
// player's map and of a map of several players.
func TestPaintMap_goldens(t *testing.T) {
	for name, m := range map[string]func() *Map{"fixed": fixedMap, "players": playersMap} {
		for form, paint := range map[string]func(*Map) ([]byte, error){"": PaintMap, "-phone": PaintPhoneMap} {
			got, err := paint(m())
			if err != nil {
				t.Fatal(err)
			}
			if name == "fixed" && form == "" {
				continue // TestPaintMap_golden
			}
			checkPNG(t, "testdata/map/"+name+form+".png.golden", got)
		}
	}
}

// TestMapTextReads: the smallest text of every picture reads at
// MapMinText CSS pixels or more as a report shows it: the wide picture at
// its own size, the phone's the width of a card on a phone of 360 pixels
// (a report's card is 26 pixels narrower than the screen).
func TestMapTextReads(t *testing.T) {
	for name, m := range map[string]*Map{"fixed": fixedMap(), "players": playersMap(), "crowded": crowdedMap()} {
		for form, paint := range map[string]func(*Map) ([]byte, error){"wide": PaintMap, "phone": PaintPhoneMap} {
			b, err := paint(m)
			if err != nil {
				t.Fatal(err)
			}
			px, ok := MapTextSize(b)
			if !ok {
				t.Fatalf("%s %s map: no text size in its PNG", name, form)
			}
			shown := px
			if w := decodePNG(t, b).Bounds().Dx(); form == "phone" {
				shown = px * float64(360-26) / float64(w)
			}
			if shown < MapMinText {
				t.Errorf("%s %s map: smallest text %.1f px, shown at %.1f CSS px; want %d at least", name, form, px, shown, MapMinText)
			}
		}
	}
	if _, ok := MapTextSize([]byte("not a picture")); ok {
		t.Error("MapTextSize(not a PNG) ok = true")
	}
}

// TestPhoneMapShowsTheFocus: a phone's picture of a map too big to read
// whole shows the part round the reader's own systems, every one of them
// in its frame, and an outline of the whole; a small map it shows whole.
func TestPhoneMapShowsTheFocus(t *testing.T) {
	big := crowdedMap()
	big.Focus = []campaign.SystemID{"s0000", "s0101"}
	for _, tc := range []struct {
		name string
		m    *Map
		part bool
	}{{"fixed", fixedMap(), false}, {"players", playersMap(), false}, {"generated, 2000 systems", big, true}} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := newMapModel(tc.m, true)
			if err != nil {
				t.Fatal(err)
			}
			if m.lay.w != PhoneMapWidth*phoneScale {
				t.Errorf("the phone's picture is %d pixels wide, want %d", m.lay.w, PhoneMapWidth*phoneScale)
			}
			if part := !m.lay.overview.Empty(); part != tc.part {
				t.Errorf("the phone's picture shows part of the map: %v, want %v", part, tc.part)
			}
			shown := 0
			for i, s := range tc.m.Systems {
				if slices.Contains(tc.m.Focus, s.ID) && !m.lay.in[i] {
					t.Errorf("the frame leaves out %s, a system of the focus", s.ID)
				}
				if m.lay.in[i] {
					shown++
				}
			}
			if !tc.part && shown != len(tc.m.Systems) {
				t.Errorf("the frame shows %d of %d systems, want all", shown, len(tc.m.Systems))
			}
		})
	}
}

// TestFleetLabelOfUnknownBPV: fleets whose BPV is not known are labelled
// with their count alone, and fleets of two players at one system each
// with their own label.
func TestFleetLabelOfUnknownBPV(t *testing.T) {
	m := playersMap()
	m.Fleets = []MapFleet{{"s01", "lyran", 200}, {"s01", "lyran", -1}, {"s01", "gorn", 55}}
	model, err := newMapModel(m, false)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range model.labels {
		if l.kind == labelFleet {
			got = append(got, l.text)
		}
	}
	if want := []string{"2", "1×55"}; !slices.Equal(got, want) {
		t.Errorf("fleet labels = %q, want %q", got, want)
	}
}
