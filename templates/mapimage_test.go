package templates

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
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/golden"
	_ "github.com/pbemd/pbemd/internal/golden" // registers -update
	"github.com/pbemd/pbemd/resolver"
	"github.com/pbemd/pbemd/rules/eaw/setup"
	"github.com/pbemd/pbemd/scenarios"
)

const testDeadline = "Wed 25 Nov 2026 20:00 CET (19:00 UTC)"

// viewBuilder builds a player's view by hand.
type viewBuilder struct{ v resolver.View }

// view returns the view built.
func (b *viewBuilder) view() *resolver.View { return &b.v }

func newViewBuilder() *viewBuilder {
	return &viewBuilder{v: resolver.View{
		Campaign: "frontier", Title: "Frontier Wars", Player: "vorn", Name: "Warlord Drask", Race: "Vorn",
		Turn: 5, Resolved: 4, Date: campaign.Date{Year: 166, Season: campaign.Spring},
	}}
}

func (b *viewBuilder) system(id, name string, x, y int, planet campaign.PlanetType) *viewBuilder {
	b.v.Map.Systems = append(b.v.Map.Systems, campaign.System{ID: campaign.SystemID(id), Name: name, X: x, Y: y, Planet: planet})
	return b
}

func (b *viewBuilder) lanes(pairs ...string) *viewBuilder {
	for _, p := range pairs {
		a, z, _ := strings.Cut(p, "-")
		b.v.Map.Lanes = append(b.v.Map.Lanes, campaign.Lane{A: campaign.SystemID(a), B: campaign.SystemID(z)})
	}
	return b
}

func (b *viewBuilder) fleet(id, at string, cbpv int, scout bool) *viewBuilder {
	b.v.Fleets = append(b.v.Fleets, resolver.FleetView{ID: campaign.FleetID(id), At: campaign.SystemID(at), CBPV: cbpv, Scout: scout})
	return b
}

func (b *viewBuilder) develop(at string, kind campaign.DevelopmentKind) *viewBuilder {
	b.v.Developments = append(b.v.Developments, campaign.Development{At: campaign.SystemID(at), Owner: b.v.Player, Kind: kind})
	return b
}

func (b *viewBuilder) frd(at string) *viewBuilder {
	b.v.FRDs = append(b.v.FRDs, campaign.SystemID(at))
	return b
}

// seen records a sighting; seen is the turn it was made, and a sighting of
// the turn just resolved is current.
func (b *viewBuilder) seen(id string, seen int, d resolver.Detail, fort, dev bool, contacts ...int) *viewBuilder {
	sv := resolver.SystemView{ID: campaign.SystemID(id), Seen: seen, Current: seen == b.v.Resolved, Detail: d,
		Fortified: fort, Developed: dev, Contacts: contacts}
	for _, s := range b.v.Map.Systems {
		if s.ID == sv.ID {
			sv.Planet = s.Planet
		}
	}
	b.v.Systems = append(b.v.Systems, sv)
	return b
}

func (b *viewBuilder) battle(id, at string, lane ...string) *viewBuilder {
	bv := resolver.BattleView{ID: id, At: campaign.SystemID(at), Status: "pending",
		Sides: []resolver.BattleSide{{Player: b.v.Player}, {Player: "castellan"}}}
	if len(lane) == 2 {
		bv.Lane = &campaign.Lane{A: campaign.SystemID(lane[0]), B: campaign.SystemID(lane[1])}
	}
	b.v.Battles = append(b.v.Battles, bv)
	return b
}

// fixedView is the golden view: every kind of mark the map draws.
func fixedView() *resolver.View {
	s := resolver.DetailScout
	f := resolver.DetailFortified
	return newViewBuilder().
		system("aldor", "Aldor", 0, 0, campaign.Mineral).              // home: FRD, mine, fort, fleets
		system("brisk", "Brisk", 4, 0, campaign.Life).                 // own colony, scout, contacts, battle
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
		fleet("1st", "aldor", 300, false).fleet("2nd", "aldor", 150, false).fleet("3rd", "brisk", 205, true).
		seen("aldor", 4, s, true, true).seen("brisk", 4, s, false, true, 210, 95).
		seen("cairn", 4, f, true, false).seen("dusk", 4, s, false, false).
		seen("ebon", 3, s, true, true, 120).seen("gleam", 2, f, false, false).
		battle("b1", "brisk").battle("b2", "", "cairn", "fallow").
		view()
}

func TestRenderMap_golden(t *testing.T) {
	got, err := RenderMap(fixedView(), testDeadline)
	if err != nil {
		t.Fatal(err)
	}
	again, err := RenderMap(fixedView(), testDeadline)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, again) {
		t.Error("RenderMap gave different bytes for the same view")
	}
	checkPNG(t, "testdata/map/fixed.png.golden", got)
}

// TestRenderMap_marks samples the golden view's picture where the golden
// comparison's tolerance could hide a wrong colour: inside each planet,
// away from its feature, and on the battle ring.
func TestRenderMap_marks(t *testing.T) {
	v := fixedView()
	b, err := RenderMap(v, testDeadline)
	if err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, b)
	m, err := newMapModel(v)
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
		{"EaW 1c: unknown planet is featureless blue", "dusk", 0, 0, pal.unknown},
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

func abs(x int) int { return max(x, -x) }

// frontierState is Frontier Wars at turn 1, with something of another
// empire's in Vorn's sight (a Castellan fleet and fortification at
// Mistral) and more out of it (an Ashari colony at Lumen, a Tekkar
// fortification at Hollow, a battle between them at Hollow).
func frontierState(t testing.TB) *campaign.State {
	t.Helper()
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, eawScenarios)
	if err != nil {
		t.Fatal(err)
	}
	st := sc.State
	st.Fleets = append(st.Fleets, campaign.Fleet{Owner: "castellan", ID: "7th", At: "mistral", Units: []campaign.ClassName{"cruiser", "escort"}})
	st.Developments = append(st.Developments,
		campaign.Development{At: "mistral", Owner: "castellan", Kind: campaign.Fortification},
		campaign.Development{At: "lumen", Owner: "ashari", Kind: campaign.Colony},
		campaign.Development{At: "hollow", Owner: "tekkar", Kind: campaign.Fortification})
	st.Battles = append(st.Battles, campaign.Battle{ID: "b1", Turn: 1, At: "hollow", Sides: []campaign.PlayerID{"ashari", "tekkar"}})
	return st
}

// hide removes from st everything of other empires that player cannot
// see, makes up the planets the player never looked at and renames the
// other empires. It returns how many things it removed or changed.
func hide(st *campaign.State, player campaign.PlayerID, sight map[campaign.SystemID]bool) int {
	n := 0
	keep := func(owner campaign.PlayerID, at campaign.SystemID) bool {
		ok := owner == player || sight[at]
		if !ok {
			n++
		}
		return ok
	}
	st.Fleets = slices.DeleteFunc(st.Fleets, func(f campaign.Fleet) bool { return !keep(f.Owner, f.At) })
	st.Developments = slices.DeleteFunc(st.Developments, func(d campaign.Development) bool { return !keep(d.Owner, d.At) })
	st.FRDs = slices.DeleteFunc(st.FRDs, func(f campaign.FRD) bool { return !keep(f.Owner, f.At) })
	st.Battles = slices.DeleteFunc(st.Battles, func(b campaign.Battle) bool { return !slices.Contains(b.Sides, player) })
	for i := range st.Map.Systems {
		if !sight[st.Map.Systems[i].ID] {
			st.Map.Systems[i].Planet, n = campaign.Dead, n+1
		}
	}
	for i := range st.Players {
		if st.Players[i].ID != player {
			st.Players[i].Name, st.Players[i].Treasury, n = "Someone Else", 1, n+1
		}
	}
	return n
}

func renderPlayer(t *testing.T, st *campaign.State, player int) []byte {
	t.Helper()
	v := resolver.Observe(st)[player]
	b, err := RenderMap(&v, testDeadline)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRenderMap_hidesWhatThePlayerCannotSee renders Vorn's map of a state,
// and of the same state with everything outside Vorn's sight (EaW 5e)
// removed or changed: the pictures must be byte-identical. Removing a
// thing Vorn does see must change the picture, so the test can fail.
func TestRenderMap_hidesWhatThePlayerCannotSee(t *testing.T) {
	full := frontierState(t)
	sight := map[campaign.SystemID]bool{}
	for _, s := range resolver.Observe(full.Clone())[0].Systems {
		sight[s.ID] = true
	}
	trimmed := full.Clone()
	if n := hide(trimmed, "vorn", sight); n < 20 {
		t.Fatalf("hide changed %d things, want at least 20: the fixture hides too little", n)
	}
	want := renderPlayer(t, full.Clone(), 0)
	if got := renderPlayer(t, trimmed, 0); !bytes.Equal(got, want) {
		t.Error("Vorn's map changed when things out of Vorn's sight were removed")
	}
	seen := full.Clone()
	seen.Fleets = slices.DeleteFunc(seen.Fleets, func(f campaign.Fleet) bool { return f.Owner == "castellan" && f.At == "mistral" })
	if got := renderPlayer(t, seen, 0); bytes.Equal(got, want) {
		t.Error("Vorn's map did not change when a fleet in Vorn's sight was removed")
	}
}

// TestRenderMap_badInput draws maps a scenario should never have, and
// maps a scenario may well have, and wants a valid picture within bounds.
func TestRenderMap_badInput(t *testing.T) {
	tests := []struct {
		name string
		view func() *resolver.View
	}{
		{"no systems", func() *resolver.View { return newViewBuilder().view() }},
		{"one system", func() *resolver.View {
			return newViewBuilder().system("a", "Alone", 5, 5, campaign.Life).fleet("1st", "a", 100, false).view()
		}},
		{"overlapping systems", func() *resolver.View {
			b := newViewBuilder()
			for i := range 40 {
				id := fmt.Sprintf("s%02d", i)
				b.system(id, "Same "+id, 3, 3, campaign.Mineral).fleet("f"+id, id, 10*i, false)
			}
			return b.lanes("s00-s01", "s01-s02").view()
		}},
		{"huge and negative coordinates", func() *resolver.View {
			return newViewBuilder().
				system("a", "Min", math.MinInt, math.MinInt, campaign.Life).
				system("b", "Max", math.MaxInt, math.MaxInt, campaign.Dead).
				system("c", "Zero", 0, -7, campaign.Unknown).lanes("a-b", "b-c").view()
		}},
		{"systems on a line", func() *resolver.View {
			b := newViewBuilder()
			for i := range 500 {
				b.system(fmt.Sprintf("s%03d", i), "", i, 0, "")
			}
			return b.view()
		}},
		{"long names", func() *resolver.View {
			return newViewBuilder().system("a", strings.Repeat("Ω", 500), 0, 0, campaign.Life).
				system("b", strings.Repeat("long name ", 50), 1, 1, "").fleet("1st", "a", 1, false).view()
		}},
		{"names in other scripts", func() *resolver.View {
			return newViewBuilder().system("a", "Звезда Смерти", 0, 0, campaign.Life).
				system("b", "銀河帝国の首都", 1, 0, campaign.Mineral).system("c", "🚀🌌👾 base", 0, 1, campaign.Dead).
				system("d", "مجرة", 1, 1, campaign.Unknown).fleet("1st", "b", 5, false).view()
		}},
		{"HTML and control characters in names", func() *resolver.View {
			v := newViewBuilder().system("a", "<script>alert(1)</script>", 0, 0, campaign.Life).
				system("b", "tab\tnew\nline\x00nul\u202eevil", 1, 0, campaign.Dead).
				system("c", "bad utf-8 \xff\xfe", 0, 1, "").view()
			v.Title, v.Name = "<b>Title</b>\r\n", "\u202e"+strings.Repeat("x", 300)
			return v
		}},
		{"references to systems not on the map", func() *resolver.View {
			return newViewBuilder().system("a", "A", 0, 0, campaign.Life).system("a", "A again", 1, 1, "").
				lanes("a-nowhere", "nowhere-else", "a-a").fleet("1st", "nowhere", 5, false).frd("nowhere").
				develop("nowhere", campaign.Mine).seen("nowhere", 4, resolver.DetailScout, true, true, 1, 2, 3, 4, 5).
				battle("b1", "nowhere").battle("b2", "", "a", "nowhere").view()
		}},
		{"unknown planet type and detail", func() *resolver.View {
			return newViewBuilder().system("a", "A", 0, 0, "gas giant").seen("a", 9, "telepathy", true, true, -5).view()
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := RenderMap(tc.view(), testDeadline)
			if err != nil {
				t.Fatalf("RenderMap() error = %v", err)
			}
			checkBounds(t, decodePNG(t, b).Bounds())
		})
	}
}

func checkBounds(t *testing.T, r image.Rectangle) {
	t.Helper()
	if r.Min != (image.Point{}) || r.Dx() < mapMinWidth || r.Dx() > MapMaxWidth || r.Dy() < 200 || r.Dy() > MapMaxHeight {
		t.Errorf("picture bounds = %v, want within %dx%d", r, MapMaxWidth, MapMaxHeight)
	}
}

func TestRenderMap_nilView(t *testing.T) {
	if _, err := RenderMap(nil, testDeadline); err == nil {
		t.Error("RenderMap(nil) error = nil, want an error")
	}
}

// TestRenderMap_concurrent renders one view from many goroutines: the
// shared fonts must not be mutated (run with -race).
func TestRenderMap_concurrent(t *testing.T) {
	want, err := RenderMap(fixedView(), testDeadline)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			got, err := RenderMap(fixedView(), testDeadline)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("concurrent RenderMap() = %d bytes, %v; want the same %d bytes", len(got), err, len(want))
			}
		})
	}
	wg.Wait()
}

// TestMapLabels checks which texts the map names: every system of a small
// map, and on a map of more than mapLabelAll systems only the player's own.
func TestMapLabels(t *testing.T) {
	sc, err := config.ParseScenario("g.yaml", setup.Generate(game.ScenarioSize{Systems: 2000, Players: 64, Seed: 1}), eawScenarios)
	if err != nil {
		t.Fatal(err)
	}
	big := resolver.Observe(sc.State)[0]
	small := resolver.Observe(frontierState(t))[0]
	tests := []struct {
		name            string
		v               *resolver.View
		names, ownNames int
	}{
		{"frontier", &small, 24, 4},
		{"generated, 2000 systems", &big, 0, ownSystems(&big)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := newMapModel(tc.v)
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

func ownSystems(v *resolver.View) int {
	own := map[campaign.SystemID]bool{}
	for _, f := range v.Fleets {
		own[f.At] = true
	}
	for _, d := range v.Developments {
		own[d.At] = true
	}
	for _, at := range v.FRDs {
		own[at] = true
	}
	return len(own)
}

func TestFitText(t *testing.T) {
	faces, err := newMapFaces(12)
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
