package eaw

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	_ "github.com/pbemd/pbemd/internal/golden" // registers -update
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/scenarios"
)

const testDeadline = "Wed 25 Nov 2026 20:00 CET (19:00 UTC)"

// viewBuilder builds a player's view by hand, and its map.
type viewBuilder struct {
	v View
	m campaign.Map
}

// view returns the view built.
func (b *viewBuilder) view() *View {
	b.v.Map = NewKnownMap(b.m)
	return &b.v
}

func newViewBuilder() *viewBuilder {
	return &viewBuilder{v: View{
		Campaign: "frontier", Title: "Frontier Wars", Player: "vorn", Name: "Warlord Drask", Race: "Vorn",
		Turn: 5, Resolved: 4, Date: campaign.Date{Year: 166, Season: campaign.Spring},
	}}
}

func (b *viewBuilder) system(id, name string, x, y int, planet campaign.PlanetType) *viewBuilder {
	b.m.Systems = append(b.m.Systems, campaign.System{ID: campaign.SystemID(id), Name: name, X: x, Y: y, Planet: planet})
	return b
}

func (b *viewBuilder) lanes(pairs ...string) *viewBuilder {
	for _, p := range pairs {
		a, z, _ := strings.Cut(p, "-")
		b.m.Lanes = append(b.m.Lanes, campaign.Lane{A: campaign.SystemID(a), B: campaign.SystemID(z)})
	}
	return b
}

func (b *viewBuilder) fleet(id, at string, cbpv int, scout bool) *viewBuilder {
	b.v.Fleets = append(b.v.Fleets, FleetView{ID: campaign.FleetID(id), At: campaign.SystemID(at), CBPV: cbpv, Scout: scout})
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
func (b *viewBuilder) seen(id string, seen int, d Detail, fort, dev bool, contacts ...int) *viewBuilder {
	sv := SystemView{ID: campaign.SystemID(id), Seen: seen, Current: seen == b.v.Resolved, Detail: d,
		Fortified: fort, Developed: dev, Contacts: contacts}
	for _, s := range b.m.Systems {
		if s.ID == sv.ID {
			sv.Planet = s.Planet
		}
	}
	b.v.Systems = append(b.v.Systems, sv)
	return b
}

func (b *viewBuilder) battle(id, at string, lane ...string) *viewBuilder {
	bv := BattleView{ID: id, At: campaign.SystemID(at), Status: "pending",
		Sides: []BattleSide{{Player: b.v.Player}, {Player: "castellan"}}}
	if len(lane) == 2 {
		bv.Lane = &campaign.Lane{A: campaign.SystemID(lane[0]), B: campaign.SystemID(lane[1])}
	}
	b.v.Battles = append(b.v.Battles, bv)
	return b
}

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
	v := Observe(st)[player]
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
	for _, s := range Observe(full.Clone())[0].Systems {
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
		view func() *View
	}{
		{"no systems", func() *View { return newViewBuilder().view() }},
		{"one system", func() *View {
			return newViewBuilder().system("a", "Alone", 5, 5, campaign.Life).fleet("1st", "a", 100, false).view()
		}},
		{"overlapping systems", func() *View {
			b := newViewBuilder()
			for i := range 40 {
				id := fmt.Sprintf("s%02d", i)
				b.system(id, "Same "+id, 3, 3, campaign.Mineral).fleet("f"+id, id, 10*i, false)
			}
			return b.lanes("s00-s01", "s01-s02").view()
		}},
		{"huge and negative coordinates", func() *View {
			return newViewBuilder().
				system("a", "Min", math.MinInt, math.MinInt, campaign.Life).
				system("b", "Max", math.MaxInt, math.MaxInt, campaign.Dead).
				system("c", "Zero", 0, -7, campaign.Unknown).lanes("a-b", "b-c").view()
		}},
		{"systems on a line", func() *View {
			b := newViewBuilder()
			for i := range 500 {
				b.system(fmt.Sprintf("s%03d", i), "", i, 0, "")
			}
			return b.view()
		}},
		{"long names", func() *View {
			return newViewBuilder().system("a", strings.Repeat("Ω", 500), 0, 0, campaign.Life).
				system("b", strings.Repeat("long name ", 50), 1, 1, "").fleet("1st", "a", 1, false).view()
		}},
		{"names in other scripts", func() *View {
			return newViewBuilder().system("a", "Звезда Смерти", 0, 0, campaign.Life).
				system("b", "銀河帝国の首都", 1, 0, campaign.Mineral).system("c", "🚀🌌👾 base", 0, 1, campaign.Dead).
				system("d", "مجرة", 1, 1, campaign.Unknown).fleet("1st", "b", 5, false).view()
		}},
		{"HTML and control characters in names", func() *View {
			v := newViewBuilder().system("a", "<script>alert(1)</script>", 0, 0, campaign.Life).
				system("b", "tab\tnew\nline\x00nul\u202eevil", 1, 0, campaign.Dead).
				system("c", "bad utf-8 \xff\xfe", 0, 1, "").view()
			v.Title, v.Name = "<b>Title</b>\r\n", "\u202e"+strings.Repeat("x", 300)
			return v
		}},
		{"references to systems not on the map", func() *View {
			return newViewBuilder().system("a", "A", 0, 0, campaign.Life).system("a", "A again", 1, 1, "").
				lanes("a-nowhere", "nowhere-else", "a-a").fleet("1st", "nowhere", 5, false).frd("nowhere").
				develop("nowhere", campaign.Mine).seen("nowhere", 4, DetailScout, true, true, 1, 2, 3, 4, 5).
				battle("b1", "nowhere").battle("b2", "", "a", "nowhere").view()
		}},
		{"unknown planet type and detail", func() *View {
			return newViewBuilder().system("a", "A", 0, 0, "gas giant").seen("a", 9, "telepathy", true, true, -5).view()
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := RenderMap(tc.view(), testDeadline)
			if err != nil {
				t.Fatalf("RenderMap() error = %v", err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("decode PNG: %v", err)
			}
			checkBounds(t, img.Bounds())
		})
	}
}

func checkBounds(t *testing.T, r image.Rectangle) {
	t.Helper()
	if r.Min != (image.Point{}) || r.Dx() < report.MapMinWidth || r.Dx() > report.MapMaxWidth || r.Dy() < 200 || r.Dy() > report.MapMaxHeight {
		t.Errorf("picture bounds = %v, want within %dx%d", r, report.MapMaxWidth, report.MapMaxHeight)
	}
}

func TestRenderMap_nilView(t *testing.T) {
	if _, err := RenderMap(nil, testDeadline); err == nil {
		t.Error("RenderMap(nil) error = nil, want an error")
	}
}

// TestMapOfAView: the map shows what the view says, in the report kit's
// model: a scout's look is a close one, a fortified-only look is not
// (EaW 5e), and the title lines name the campaign, the turn the report
// opens, the player, and the deadline or why no orders are due.
func TestMapOfAView(t *testing.T) {
	v := newViewBuilder().system("a", "Aldor", 0, 0, campaign.Mineral).system("b", "Brisk", 1, 0, campaign.Life).
		lanes("a-b").fleet("1st", "a", 300, true).develop("a", campaign.Mine).frd("a").
		seen("a", 4, DetailScout, true, true, 120).seen("b", 3, DetailFortified, true, false).
		battle("b1", "", "a", "b").view()
	m := mapOf(v, testDeadline)
	want := &report.Map{
		Title: "Frontier Wars", Caption: "Turn 5 · " + v.Date.String(),
		Sub:     "Map of Warlord Drask (vorn) · orders due " + testDeadline,
		Systems: v.Map.Systems(), Lanes: v.Map.Lanes(),
		Sightings: []report.Sighting{
			{ID: "a", Seen: 4, Current: true, Close: true, Fortified: true, Developed: true, Contacts: []int{120}},
			{ID: "b", Seen: 3, Fortified: true},
		},
		Fleets:   []report.MapFleet{{At: "a", BPV: 300}},
		Holdings: []report.MapHolding{{At: "a", Owner: "vorn", Kind: report.HoldMine}, {At: "a", Kind: report.HoldFRD}},
		Battles:  []report.MapBattle{{Lane: &campaign.Lane{A: "a", B: "b"}}},
		Focus:    []campaign.SystemID{"a"},
		Legend:   mapLegend,
	}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("mapOf(view) =\n%+v\nwant\n%+v", m, want)
	}
	for _, tc := range []struct {
		name string
		edit func(v *View)
		sub  string
	}{
		{"campaign over", func(v *View) { v.Ended = true }, "Map of Warlord Drask (vorn) · the campaign is over"},
		{"player out", func(v *View) { v.Out = "eliminated" }, "Map of Warlord Drask (vorn) · you are out of the campaign"},
	} {
		v := newViewBuilder().view()
		tc.edit(v)
		if got := mapOf(v, testDeadline).Sub; got != tc.sub {
			t.Errorf("%s: Sub = %q, want %q", tc.name, got, tc.sub)
		}
	}
	untitled := newViewBuilder().view()
	untitled.Title = "  "
	if got := mapOf(untitled, "").Title; got != "frontier" {
		t.Errorf("the map of an untitled campaign is titled %q, want its ID", got)
	}
}
