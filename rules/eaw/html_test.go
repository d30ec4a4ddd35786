package eaw

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/scenarios"
)

// The deadline the HTML tests render, in a fixed zone so that no test
// depends on the machine's time zone data.
var (
	htmlDeadline = time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC)
	htmlZone     = time.FixedZone("CET", 3600)
)

// frontierView returns player's view of turn 1 of the frontier scenario,
// before any turn is resolved.
func frontierView(t *testing.T, player campaign.PlayerID) *View {
	t.Helper()
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, eawScenarios)
	if err != nil {
		t.Fatalf("config.ParseScenario(frontier) = %v", err)
	}
	for _, v := range Observe(sc.State) {
		if v.Player == player {
			return &v
		}
	}
	t.Fatalf("frontier has no player %s", player)
	return nil
}

// battleView returns a hand-built view of vorn after turn 3 of the
// frontier campaign with something in every part of the report: events,
// battles in a system and in a lane, fleets with damage, crews, a prize, a
// carried base and a trapped fleet, two FRDs, developments, one disrupted,
// and systems seen this turn, with map types, and faded ones seen earlier.
func battleView() *View {
	return &View{
		Campaign: "frontier", Title: "Frontier Wars", Player: "vorn", Name: "Warlord Drask", Race: "Vorn",
		Turn: 4, Date: campaign.Date{Year: 165, Season: campaign.Winter}, Resolved: 3, ResolverVersion: 1,
		Treasury: 410, Budget: 4,
		Map: NewKnownMap(campaign.Map{Systems: []campaign.System{
			{ID: "drakkar", Name: "Drakkar", Planet: campaign.Mineral},
			{ID: "ferrum", Name: "Ferrum", Planet: campaign.Mineral},
			{ID: "halcyon", Name: "Halcyon", Planet: campaign.Life},
			{ID: "mistral", Name: "Mistral", Planet: campaign.Dead, MapType: campaign.MapDeathMap},
			{ID: "meridian", Name: "Meridian", Planet: campaign.Life, MapType: campaign.MapOpenSpace},
			{ID: "wyvern", Name: "Wyvern", Planet: campaign.Mineral},
			{ID: "aurora", Name: "Aurora", Planet: campaign.Unknown},
		}}),
		Fleets: []FleetView{
			{ID: "1st", At: "meridian", Units: []campaign.ClassName{"cruiser", "destroyer", "destroyer"}, CBPV: 270, Counts: true,
				Damage:     []campaign.UnitDamage{{Unit: 0, Structure: 4, Attack: 1}},
				Crews:      []campaign.UnitCrew{{Unit: 0, Legendary: "Kell Varro", Repaired: 3}, {Unit: 2, Quality: "outstanding", XP: 35}},
				SelfRepair: 18},
			{ID: "2nd", At: "mistral", Units: []campaign.ClassName{"light-cruiser", "frigate", "scout"}, CBPV: 205, Scout: true, Counts: true},
			{ID: "3rd", At: "mistral", Units: []campaign.ClassName{"destroyer", "minesweeper"}, CBPV: 120, Roles: []campaign.Role{campaign.RoleMinesweeper},
				SelfRepair: 9, Trapped: 3},
			{ID: "7th", At: "drakkar", Units: []campaign.ClassName{"frigate", "repair-freighter", "cruiser", "gsa"}, CBPV: 80,
				Captured: []int{2}, Carried: []int{3}, Roles: []campaign.Role{campaign.RoleLargeRepair}, SelfRepair: 3,
				Crews: []campaign.UnitCrew{{Unit: 0, Quality: "poor"}}},
		},
		FRDs: []campaign.SystemID{"drakkar", "ferrum"},
		Developments: []campaign.Development{
			{At: "drakkar", Owner: "vorn", Kind: campaign.Mine, Since: campaign.Date{Year: 165, Season: campaign.Spring}},
			{At: "halcyon", Owner: "vorn", Kind: campaign.Colony, Since: campaign.Date{Year: 165, Season: campaign.Fall}},
		},
		Disrupted: []campaign.SystemID{"halcyon"},
		Systems: []SystemView{
			{ID: "aurora", Seen: 2, Planet: campaign.Unknown, Detail: DetailFortified},
			{ID: "drakkar", Seen: 3, Current: true, Planet: campaign.Mineral, Detail: DetailScout, Developed: true},
			{ID: "meridian", Seen: 3, Current: true, Planet: campaign.Life, Detail: DetailScout, Contacts: []int{310}},
			{ID: "mistral", Seen: 3, Current: true, Planet: campaign.Dead, Detail: DetailScout, Fortified: true, Developed: false, Contacts: []int{120, 60}},
			{ID: "wyvern", Seen: 0, Planet: campaign.Mineral, Detail: DetailScout, Contacts: []int{95}},
		},
		Battles: []BattleView{
			{ID: "B3-1", At: "meridian", Status: "waiting for a result", Sides: []BattleSide{
				{Player: "vorn", Fleets: []BattleFleet{{ID: "1st", Units: []campaign.ClassName{"cruiser", "destroyer", "destroyer"}, CBPV: 270}}},
				{Player: "castellan", Fleets: []BattleFleet{{Units: []campaign.ClassName{"battlecruiser", "frigate"}, CBPV: 250}, {Units: []campaign.ClassName{"scout"}, CBPV: 60}}},
			}},
			{ID: "B3-2", Lane: &campaign.Lane{A: "mistral", B: "aurora"}, Status: "waiting for a result", Sides: []BattleSide{
				{Player: "vorn", Fleets: []BattleFleet{{ID: "2nd", Units: []campaign.ClassName{"light-cruiser", "frigate", "scout"}, CBPV: 205}}},
				{Player: "castellan", Fleets: []BattleFleet{{Units: []campaign.ClassName{"cruiser"}, CBPV: 120}}},
			}},
		},
		Events: []game.Event{
			{Kind: EventMoved, Text: "Fleet 1st moved Halcyon → Meridian."},
			{Kind: EventBattle, Text: "Battle B3-1 at Meridian: your 1st (270 CBPV) against castellan (310 CBPV). It waits for a result."},
			{Kind: EventBuilt, Text: "Built frigate at Drakkar into fleet 7th for 55 BPV."},
			{Kind: EventDeveloped, Text: "Fleet 5th developed a colony at Halcyon."},
		},
	}
}

// endedView returns a view of a campaign that is over.
func endedView() *View {
	v := battleView()
	v.Turn, v.Resolved, v.Date, v.Ended = 45, 44, campaign.Date{Year: 176, Season: campaign.Spring}, true
	v.Battles, v.Events, v.Budget = nil, nil, 0
	return v
}

// renderHTML renders v twice, fails the test if the two differ, and returns
// the page.
func renderHTML(t *testing.T, v *View, mapCID string) string {
	t.Helper()
	src := ""
	if mapCID != "" {
		src = "cid:" + mapCID
	}
	got, err := RenderHTML(v, htmlDeadline, htmlZone, src)
	if err != nil {
		t.Fatalf("RenderHTML(%s) = %v", v.Player, err)
	}
	again, err := RenderHTML(v, htmlDeadline, htmlZone, src)
	if err != nil || again != got {
		t.Fatalf("RenderHTML(%s) is not deterministic (second error %v)", v.Player, err)
	}
	return got
}

// htmlCases are the reports the golden and page tests render.
func htmlCases(t *testing.T) []struct {
	name   string
	view   *View
	mapCID string
} {
	return []struct {
		name   string
		view   *View
		mapCID string
	}{
		{"frontier-t0-vorn", frontierView(t, "vorn"), "map-frontier-t0-vorn@pbemd.invalid"},
		{"frontier-t3-vorn", battleView(), "map-frontier-t3-vorn@pbemd.invalid"},
		{"frontier-ended-vorn", endedView(), ""},
	}
}

func TestRenderHTML(t *testing.T) {
	for _, tc := range htmlCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			got := renderHTML(t, tc.view, tc.mapCID)
			golden.Check(t, "testdata/html/"+tc.name+".html.golden", []byte(got))
		})
	}
}

func TestRenderHTMLShowsTheMapOnlyWithACID(t *testing.T) {
	img := `<img src="cid:map-3@pbemd.invalid" alt="Map of what your fleets have seen" width="100%"`
	if got := renderHTML(t, battleView(), "map-3@pbemd.invalid"); !strings.Contains(got, img) {
		t.Errorf("RenderHTML(mapCID map-3@pbemd.invalid) has no %s", img)
	}
	if got := renderHTML(t, battleView(), ""); strings.Contains(got, "<img") {
		t.Error(`RenderHTML(mapCID "") shows a picture`)
	}
}

func TestRenderHTMLOfAnEndedCampaignOpensNoTurn(t *testing.T) {
	got := renderHTML(t, endedView(), "")
	if !strings.Contains(got, "The campaign is over:") {
		t.Error("the report of an ended campaign does not say it is over")
	}
	for _, open := range []string{"is open", "Orders are due", "Order points"} {
		if strings.Contains(got, open) {
			t.Errorf("the report of an ended campaign says %q", open)
		}
	}
}

// hostile is what a player or scenario might write: markup, entities,
// quotes, and a script.
const hostile = `<script>alert("x")</script> & 'y' <b onmouseover="z">`

func TestRenderHTMLEscapes(t *testing.T) {
	long := strings.Repeat("Ж", 200) + strings.Repeat("x", 300)
	v := battleView()
	v.Title = "Война 战争 🚀 " + hostile
	v.Name = long
	v.Race = hostile
	v.Player = campaign.PlayerID(hostile)
	m := v.Map.Map()
	m.Systems[0].Name = "Дракар 龍 🌌 " + hostile
	v.Map = NewKnownMap(m)
	v.Fleets[0].ID = campaign.FleetID(hostile)
	v.Fleets[1].Units = []campaign.ClassName{hostile}
	v.Battles[0].ID = hostile
	v.Battles[0].Status = hostile
	v.Battles[0].Sides[1].Player = campaign.PlayerID(hostile)
	v.Events[0].Text = hostile
	got := renderHTML(t, v, `map" onerror="alert(1)`)

	for _, raw := range []string{"<script", "<b ", `onmouseover="`, `onerror="`, `"x"`, "'y'", " & "} {
		if strings.Contains(got, raw) {
			t.Errorf("RenderHTML(hostile names) has the raw %q", raw)
		}
	}
	if !strings.Contains(got, "xxxxxxxxxx<wbr>xxxxxxxxxx") {
		t.Error("RenderHTML(a 500-character name) does not let it break across lines")
	}
	got = strings.ReplaceAll(got, "<wbr>", "") // where long runs may break
	escaped := `&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#39;y&#39; &lt;b onmouseover=&#34;z&#34;&gt;`
	// The title (in <title> and the heading), race, player, the system's
	// four rows (a fleet, the FRD, the mine, the systems seen), the fleet
	// (in its row and among the fleets seen at its system), its units, the
	// battle's ID, status and side, and the event.
	if n := strings.Count(got, escaped); n != 15 {
		t.Errorf("RenderHTML(hostile names) has %d escaped copies of the hostile name, want 15:\n%s", n, got)
	}
	for _, readable := range []string{"Война 战争 🚀", "Дракар 龍 🌌", long} {
		if !strings.Contains(got, readable) {
			t.Errorf("RenderHTML(hostile names) lost %q", readable)
		}
	}
	if !strings.Contains(got, `src="cid:map%22%20onerror=%22alert%281%29"`) {
		t.Errorf("RenderHTML(hostile map CID) did not escape it in the src URL")
	}
}

// A mail client must not fetch anything to show the report: no remote
// pictures, fonts, style sheets or scripts.
var (
	remoteRef = regexp.MustCompile(`(?i)(src|href|background|action)\s*=\s*["']?\s*(https?:|//)|url\s*\(|@import|https?:`)
	forbidden = regexp.MustCompile(`(?i)<(script|link|iframe|object|embed|form|input|button|video|audio|svg)\b|\bon[a-z]+\s*=|javascript:`)
	fontSize  = regexp.MustCompile(`font-size:\s*(\d+)px`)
	pxWidth   = regexp.MustCompile(`(?:^|[^-])width:\s*(\d+)px|\swidth="(\d+)"`)
	srcAttr   = regexp.MustCompile(`\ssrc="([^"]*)"`)
)

func TestRenderHTMLLoadsNothing(t *testing.T) {
	for _, tc := range htmlCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			got := renderHTML(t, tc.view, tc.mapCID)
			if m := remoteRef.FindString(got); m != "" {
				t.Errorf("the report refers to a remote resource: %q", m)
			}
			if m := forbidden.FindString(got); m != "" {
				t.Errorf("the report has %q; mail reports hold no scripts, forms or embeds", m)
			}
			for _, m := range srcAttr.FindAllStringSubmatch(got, -1) {
				if !strings.HasPrefix(m[1], "cid:") {
					t.Errorf("the report shows %q, want only cid: pictures", m[1])
				}
			}
		})
	}
}

// TestRenderHTMLFitsAPhone checks what a phone and webmail need: the
// viewport and colour-scheme declarations, the dark-mode query, one column
// no wider than the map at its own size, a map that shrinks to fit, no
// fixed width wider than a phone, and no text smaller than 14 pixels.
func TestRenderHTMLFitsAPhone(t *testing.T) {
	got := renderHTML(t, battleView(), "map@pbemd.invalid")
	for _, want := range []string{
		`<meta name="viewport" content="width=device-width, initial-scale=1">`,
		`<meta name="color-scheme" content="light dark">`,
		`<meta name="supported-color-schemes" content="light dark">`,
		`@media (prefers-color-scheme: dark)`,
		`max-width:1218px`,
		`width:auto;max-width:100%;height:auto`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report has no %s", want)
		}
	}
	for _, m := range fontSize.FindAllStringSubmatch(got, -1) {
		if n, _ := strconv.Atoi(m[1]); n < 14 {
			t.Errorf("the report has %s; text must be at least 14px", m[0])
		}
	}
	for _, m := range pxWidth.FindAllStringSubmatch(got, -1) {
		if n, _ := strconv.Atoi(m[1] + m[2]); n > 320 {
			t.Errorf("the report has %q, wider than a phone", m[0])
		}
	}
}

func BenchmarkRenderHTML(b *testing.B) {
	v := battleView()
	for b.Loop() {
		if _, err := RenderHTML(v, htmlDeadline, htmlZone, "cid:map@pbemd.invalid"); err != nil {
			b.Fatal(err)
		}
	}
}
