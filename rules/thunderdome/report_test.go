package thunderdome_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// reportOpts are the options of the reports the tests render.
var reportOpts = game.ReportOptions{Deadline: time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), Location: time.UTC, MapSrc: "map.png", SchemaRef: "orders.schema.json"}

// playedTurn plays the first turn: the first player moves f1 one lane
// out, explores there and names the sector, and buys an order point; the
// next player owes a point of retreat debt. It returns the result.
func playedTurn(t *testing.T, st *campaign.State) *game.Result {
	t.Helper()
	x := ext(t, st)
	for i := range x.Empires {
		if x.Empires[i].Player == x.Order[1] {
			x.Empires[i].RetreatDebt = 1
		}
	}
	thunderdome.SaveExt(x, st)
	p := x.Order[0]
	to := awayFrom(t, st, p)
	sub := parse(t, st, p, fmt.Sprintf("  - move: {fleet: f1, to: %s}\n  - explore: {sector: %s, name: Far Reach}\n  - buy: {order_points: 1}\n", to, to))
	check(t, st, sub)
	return resolve(st, sub)
}

// viewOf is a player's view in a result.
func viewOf(t *testing.T, res *game.Result, p campaign.PlayerID) game.View {
	t.Helper()
	for _, v := range res.Views {
		if v.Header().Player == p {
			return v
		}
	}
	t.Fatalf("no view of %s", p)
	return nil
}

// render renders a view in a format.
func render(t *testing.T, v game.View, f game.Format) []byte {
	t.Helper()
	b, err := rs.Render(v, f, reportOpts)
	if err != nil {
		t.Fatalf("Render(%s) = %v", f, err)
	}
	return b
}

// flat is a report with its lines joined, as a reader reads it.
func flat(b []byte) string { return strings.Join(strings.Fields(string(b)), " ") }

// TestUTD3_1_ReportGoldens pins the text, HTML and JSON report of the
// player whose turn opens after the first turn, with its order template,
// and the text report of the player who played it: every order with its
// outcome, the opening of the next turn, the empires, sectors and fleets.
func TestUTD3_1_ReportGoldens(t *testing.T) {
	st := start(t)
	res := playedTurn(t, st)
	x := ext(t, st)
	next := viewOf(t, res, x.Order[1])
	golden.Check(t, "testdata/report-next.txt.golden", render(t, next, game.FormatText))
	golden.Check(t, "testdata/report-next.html.golden", render(t, next, game.FormatHTML))
	golden.Check(t, "testdata/report-next.json.golden", render(t, next, game.FormatJSON))
	golden.Check(t, "testdata/report-played.txt.golden", render(t, viewOf(t, res, x.Order[0]), game.FormatText))
	golden.Check(t, "testdata/orders-next.yaml.golden", render(t, next, game.FormatOrders))
	played := viewOf(t, res, x.Order[0])
	if _, err := rs.Render(played, game.FormatOrders, reportOpts); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("it was %s's turn", x.Order[1])) {
		t.Errorf("Render(orders) of %s, whose turn it is not = %v; want an error naming whose turn it was", x.Order[0], err)
	}
}

// TestUTD3_1_EveryReportShowsEveryOrder: public play shows every player
// the orders of the turn just played, with their outcomes, in every
// format.
func TestUTD3_1_EveryReportShowsEveryOrder(t *testing.T) {
	st := start(t)
	res := playedTurn(t, st)
	for _, v := range res.Views {
		for _, f := range []game.Format{game.FormatText, game.FormatHTML, game.FormatJSON} {
			out := flat(render(t, v, f))
			for _, want := range []string{"buy: {order_points: 1}", "Far Reach", "(0 points, 100 BPV)"} {
				if !strings.Contains(out, want) {
					t.Errorf("%s's %s report lacks %q", v.Header().Player, f, want)
				}
			}
		}
	}
}

// TestUTD2_3_OpeningInTheReport: the player whose turn opens reads what
// steps 1–3 did, their order points less the retreat debt, their bank
// and the clock; the others read whose turn it is and its clock.
func TestUTD2_3_OpeningInTheReport(t *testing.T) {
	st := start(t)
	res := playedTurn(t, st)
	x := ext(t, res.Next)
	cur := x.Order[1]
	bank := res.Next.Player(cur).Treasury
	mine := flat(render(t, viewOf(t, res, cur), game.FormatText))
	for _, want := range []string{
		"It is your turn.", "Your turn opens (UTD2.3 steps 1-3)", "1 mine paid 100 BPV into the bank",
		"owes 1 point for retreats", "Order points: 4 (UTD6.2), less 1 point of retreat debt paid first (UTD7.4663): 3 left.",
		fmt.Sprintf("Bank: %d BPV.", bank), "Orders due: Thu 26 Nov 2026 00:00 UTC (UTD3.3).",
	} {
		if !strings.Contains(mine, want) {
			t.Errorf("%s's report lacks %q:\n%s", cur, want, mine)
		}
	}
	other := flat(render(t, viewOf(t, res, x.Order[2]), game.FormatText))
	if want := fmt.Sprintf("It is %s's turn; their orders are due Thu 26 Nov 2026 00:00 UTC (UTD3.3).", cur); !strings.Contains(other, want) {
		t.Errorf("another player's report lacks %q:\n%s", want, other)
	}
}

// TestReportHTMLHasTables: the HTML report is tables, not preformatted
// text, and escapes what players wrote.
func TestReportHTMLHasTables(t *testing.T) {
	st := start(t)
	res := playedTurn(t, st)
	h := string(render(t, res.Views[0], game.FormatHTML))
	for _, want := range []string{`class="pb-orders"`, `class="pb-empires"`, `class="pb-sectors"`, `class="pb-fleets"`, `<img src="map.png"`} {
		if !strings.Contains(h, want) {
			t.Errorf("the HTML report lacks %s", want)
		}
	}
	if strings.Contains(h, "<pre") {
		t.Error("the HTML report still holds preformatted text")
	}
}

// visionStart loads the example scenario with the house rule of vision
// radius 1.
func visionStart(t *testing.T) *campaign.State {
	t.Helper()
	return startFrom(t, strings.Replace(string(scenarioText()), "# house: {npe: false}", "house: {vision: 1}", 1))
}

// TestHouseVisionShowsNothingOutOfSight plays the first turn twice under
// the vision house rule, with other orders in the first player's corner
// and another fleet there, and renders the report of the player in the
// far corner in every format, and the report mail with its maps, wide
// and for a phone: every byte must be the same, since none of it is in
// their sight. A change in their sight must show.
func TestHouseVisionShowsNothingOutOfSight(t *testing.T) {
	st := visionStart(t)
	x := ext(t, st)
	p, far := x.Order[0], farthest(t, st, x.Order[0])
	to := awayFrom(t, st, p)
	a := resolve(st, parse(t, st, p, fmt.Sprintf("  - move: {fleet: f1, to: %s}\n", to)))

	hidden := visionStart(t)
	hidden.Fleets = append(hidden.Fleets, campaign.Fleet{Owner: p, ID: "armada", At: homeOf(t, hidden, p), Units: hidden.Fleet(p, "f1").Units})
	b := resolve(hidden, parse(t, hidden, p, fmt.Sprintf("  - move: {fleet: f2, to: %s}\n  - explore: {sector: %s, name: Secret}\n  - buy: {order_points: 1}\n", to, to)))

	formats := game.Formats
	for _, f := range formats {
		if !bytes.Equal(render(t, viewOf(t, a, far), f), render(t, viewOf(t, b, far), f)) {
			t.Errorf("%s's %s report changes with what happens out of their sight", far, f)
		}
	}
	mailA, mailB := reportMail(t, viewOf(t, a, far)), reportMail(t, viewOf(t, b, far))
	for part, data := range mailA {
		if !bytes.Equal(data, mailB[part]) {
			t.Errorf("%s's report mail changes in its %s with what happens out of their sight", far, part)
		}
	}
	text := string(render(t, viewOf(t, b, far), game.FormatText))
	for _, secret := range []string{"buy:", "Secret", "armada", string(p) + " f2"} {
		if strings.Contains(text, secret) {
			t.Errorf("%s's report shows %q, out of their sight:\n%s", far, secret, text)
		}
	}
	own := string(render(t, viewOf(t, b, p), game.FormatText))
	for _, want := range []string{"buy: {order_points: 1}", "Secret", "armada"} {
		if !strings.Contains(own, want) {
			t.Errorf("%s's own report lacks %q", p, want)
		}
	}

	// The control: another player's fleet next to far's home shows.
	seen := visionStart(t)
	seen.Fleets = append(seen.Fleets, campaign.Fleet{Owner: p, ID: "raiders", At: awayFrom(t, seen, far), Units: seen.Fleet(p, "f1").Units})
	c := resolve(seen, parse(t, seen, p, fmt.Sprintf("  - move: {fleet: f1, to: %s}\n", to)))
	for _, f := range formats {
		if bytes.Equal(render(t, viewOf(t, a, far), f), render(t, viewOf(t, c, far), f)) {
			t.Errorf("a fleet next to %s's home does not change their %s report; the test proves nothing", far, f)
		}
	}
	mailC := reportMail(t, viewOf(t, c, far))
	for _, part := range []string{thunderdome.MapCID, thunderdome.PhoneMapCID} {
		if bytes.Equal(mailA[part], mailC[part]) {
			t.Errorf("a fleet next to %s's home does not change the %s of their report mail; the test proves nothing", far, part)
		}
	}
}

// reportMail is a view's report mail, part by part: its text, its HTML
// and each attachment by name (the maps, wide and for a phone, among
// them).
func reportMail(t *testing.T, v game.View) map[string][]byte {
	t.Helper()
	rep, err := rs.Report(v, reportOpts)
	if err != nil {
		t.Fatalf("Report = %v", err)
	}
	parts := map[string][]byte{"text": []byte(rep.Text), "html": []byte(rep.HTML)}
	for _, a := range rep.Attachments {
		parts[a.Name] = a.Data
	}
	if parts[thunderdome.MapCID] == nil || parts[thunderdome.PhoneMapCID] == nil {
		t.Fatalf("the report mail of %s has no maps", v.Header().Player)
	}
	return parts
}

// farthest is the player whose home is the most lanes from p's.
func farthest(t *testing.T, st *campaign.State, p campaign.PlayerID) campaign.PlayerID {
	t.Helper()
	g := campaign.NewGraph(st.Map)
	best, most := campaign.PlayerID(""), -1
	for _, r := range g.Within(homeOf(t, st, p), len(st.Map.Systems)) {
		for _, o := range st.Players {
			if o.Home == r.System && r.Hops > most {
				best, most = o.ID, r.Hops
			}
		}
	}
	return best
}

// TestUTD3_1_ReportShowsFleetsInTrouble: both reports show what matters
// to play of every fleet: damaged and wrecked ships (UTD6.3E), a trap and
// since when, with the siege dice failed (UTD4.356, UTD4.3563), a retreat
// under way (UTD7.4665), and the dead drops (UTD6.3D1, UTD6.3D2).
func TestUTD3_1_ReportShowsFleetsInTrouble(t *testing.T) {
	st := start(t)
	x := ext(t, st)
	p := x.Order[0]
	home := st.Fleet(p, "f1").At
	to := campaign.NewGraph(st.Map).Neighbours(home)[0]
	st.Fleet(p, "f1").Damage = []campaign.UnitDamage{{Unit: 0, Structure: 5, Attack: 1}}
	x.Fleets = append(slices.DeleteFunc(x.Fleets, func(fs thunderdome.FleetState) bool { return fs.Owner == p }),
		thunderdome.FleetState{Owner: p, ID: "f2", Trapped: true, Entered: 3, EnteredCycle: 2, SiegeFails: 2},
		thunderdome.FleetState{Owner: p, ID: "f3", Wrecked: []int{2}})
	x.Retreats = []thunderdome.Retreat{{Owner: p, Fleet: "f1", From: home, To: to, Turn: 1}}
	x.Containers = []thunderdome.Container{{At: to, Owner: p, Count: 1}}
	x.Derelicts = []thunderdome.Derelict{{At: to, Owner: p, Units: []campaign.ClassName{"frigate"}}}
	thunderdome.SaveExt(x, st)
	f1, f3 := st.Fleet(p, "f1"), st.Fleet(p, "f3")
	v := rs.Observe(st)[1]
	for _, f := range []game.Format{game.FormatText, game.FormatHTML} {
		got := flat(render(t, v, f))
		for _, want := range []string{
			fmt.Sprintf("%s (damaged: 5 structure, 1 attack)", f1.Units[0]),
			fmt.Sprintf("%s (wrecked, moves only in tow, UTD6.3E)", f3.Units[2]),
			"trapped by the enemy fortification since turn 3, cycle 1.5 (UTD4.356), 2 failed siege dice so far (UTD4.3563)",
			fmt.Sprintf("retreating to %s, arriving on the next player", to),
			fmt.Sprintf("1 container of %s at %s (UTD6.3D1)", p, to),
			fmt.Sprintf("derelict frigate at %s (UTD6.3D2)", to),
		} {
			if !strings.Contains(got, want) {
				t.Errorf("the %s report lacks %q:\n%s", f, want, got)
			}
		}
	}
}
