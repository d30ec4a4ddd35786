package eaw

import (
	"fmt"
	"html/template"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/report"
)

func TestReportOfAnEndedCampaignOpensNoTurn(t *testing.T) {
	v := &View{Campaign: "frontier", Title: "Frontier Wars", Player: "vorn", Turn: 45, Resolved: 44,
		Date: campaign.Date{Year: 176, Season: campaign.Spring}, Ended: true}
	rep, err := RenderReport(v, time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC), time.UTC, "orders.schema.json", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Text, "The campaign is over") || strings.Contains(rep.Text, "Orders are due") {
		t.Errorf("report of an ended campaign:\n%s", rep.Text)
	}
	if rep.Orders != nil {
		t.Errorf("an ended campaign's report carries an order template:\n%s", rep.Orders)
	}
}

// textDeadline and textZone are when and where the text goldens are read.
var (
	textDeadline = time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC)
	textZone     = time.FixedZone("CET", 3600)
)

func TestRenderTextGolden(t *testing.T) {
	for _, tc := range htmlCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			got := RenderText(tc.view, textDeadline, textZone)
			if again := RenderText(tc.view, textDeadline, textZone); again != got {
				t.Fatal("RenderText differs between two calls")
			}
			golden.Check(t, "testdata/report/"+tc.name+".txt.golden", []byte(got))
			for i, line := range strings.Split(got, "\n") {
				if n := utf8.RuneCountInString(line); n > report.MaxLine {
					t.Errorf("line %d is %d characters, more than a mail's %d: %q", i+1, n, report.MaxLine, line)
				}
			}
		})
	}
}

// renderBoth renders v as the text and the HTML report, the text with
// its lines joined, as a reader reads across the lines it wraps.
func renderBoth(t *testing.T, v *View) map[string]string {
	t.Helper()
	text := strings.Join(strings.Fields(RenderText(v, textDeadline, textZone)), " ")
	return map[string]string{"text": text, "html": renderHTML(t, v, "")}
}

// TestEaW10h_ReportTellsTheOwnerOfATrappedFleet: a trapped fleet is
// listed with what it may do, a siege order from the turn after the trap,
// and a free fleet is not.
func TestEaW10h_ReportTellsTheOwnerOfATrappedFleet(t *testing.T) {
	want := "Trapped by an enemy fortification since turn 3 (EaW 10a, 10h): only a siege order: siege: {fleet: 3rd}; from turn 4 (EaW 10c)."
	for format, got := range renderBoth(t, battleView()) {
		if format == "html" {
			want = template.HTMLEscapeString(want)
		}
		if strings.Count(got, want) != 1 {
			t.Errorf("%s report: want once %q", format, want)
		}
		if n := strings.Count(got, "Trapped by"); n != 1 {
			t.Errorf("%s report says %d times that a fleet is trapped, want once: only 3rd is", format, n)
		}
	}
	v := battleView()
	v.Fleets[2].Trapped = 0
	for format, got := range renderBoth(t, v) {
		if strings.Contains(got, "Trapped by") {
			t.Errorf("%s report of a view with no trapped fleet says one is trapped", format)
		}
	}
}

// TestEaW16d_ReportShowsKnownMapTypes: a system whose map type the player
// knows shows it where the report lists what the fleets saw; one whose
// map type is unknown shows none.
func TestEaW16d_ReportShowsKnownMapTypes(t *testing.T) {
	got := renderBoth(t, battleView())
	for _, want := range []string{"map type: open-space", "map type: death-map"} {
		if !strings.Contains(got["text"], want) {
			t.Errorf("text report has no %q", want)
		}
	}
	for _, want := range []string{"life planet<br>map: open-space", "dead planet<br>map: death-map"} {
		if !strings.Contains(got["html"], want) {
			t.Errorf("HTML report has no %q", want)
		}
	}
	if n := strings.Count(got["text"], "map type:"); n != 2 {
		t.Errorf("text report shows %d map types, want 2: only Meridian's and Mistral's are known", n)
	}
}

// TestEaW2e_ReportListsCrewsPrizesAndDamage: the owner's fleet listing
// marks each unit's crew (EaW 2e), prize (EaW 25b), carried base
// (EaW 14.0) and damage, and the self-repair left (EaW 22b).
func TestEaW2e_ReportListsCrewsPrizesAndDamage(t *testing.T) {
	wants := []string{
		"destroyer, cruiser (damaged: 4 structure, 1 attack) [Legendary Officer Kell Varro], destroyer [outstanding crew, 35 XP]",
		"self-repair: 18 left",
		"repair-freighter, frigate [poor crew], cruiser (captured, inspect at your FRD or small repair freighter), gsa (carried base, install at a planet)",
		"large-repair",
		"minesweeper",
	}
	for format, got := range renderBoth(t, battleView()) {
		for _, want := range wants {
			if format == "html" {
				want = template.HTMLEscapeString(want)
			}
			if !strings.Contains(got, want) {
				t.Errorf("%s report has no %q", format, want)
			}
		}
	}
}

func TestFleetUnits(t *testing.T) {
	tests := []struct {
		name string
		f    FleetView
		want string
	}{
		{"plain", FleetView{Units: []campaign.ClassName{"cruiser", "frigate", "frigate"}}, "cruiser, 2 frigate"},
		{"experience only", FleetView{Units: []campaign.ClassName{"cruiser", "frigate"},
			Crews: []campaign.UnitCrew{{Unit: 1, XP: 12}}}, "cruiser, frigate [12 XP]"},
		{"mended only", FleetView{Units: []campaign.ClassName{"cruiser"},
			Crews: []campaign.UnitCrew{{Unit: 0, Repaired: 2}}}, "cruiser"},
		{"prize with damage", FleetView{Units: []campaign.ClassName{"cruiser", "frigate"},
			Captured: []int{1}, Damage: []campaign.UnitDamage{{Unit: 1, Structure: 2, Speed: 1}}},
			"cruiser, frigate (captured, inspect at your FRD or small repair freighter; damaged: 2 structure, 1 speed)"},
		{"all marked", FleetView{Units: []campaign.ClassName{"frigate"},
			Crews: []campaign.UnitCrew{{Unit: 0, Quality: "poor", Legendary: "Ana Reth", XP: 3}}}, "frigate [poor crew, Legendary Officer Ana Reth, 3 XP]"},
	}
	for _, tc := range tests {
		if got := fleetUnits(tc.f); got != tc.want {
			t.Errorf("%s: fleetUnits(%+v) = %q, want %q", tc.name, tc.f, got, tc.want)
		}
	}
}

// TestEaW10i_ReportMarksDisruptedSites: a colony where enemy fleets are
// trapped is marked disrupted in both reports.
func TestEaW10i_ReportMarksDisruptedSites(t *testing.T) {
	for format, got := range renderBoth(t, battleView()) {
		if n := strings.Count(got, disruptedNote); n != 1 {
			t.Errorf("%s report marks %d sites disrupted, want 1 (Halcyon)", format, n)
		}
	}
}

// TestReportNamesTheTurnItOpens: a report is named by the turn it opens,
// the first one turn 1, and its subject, headings, map title, attachment
// names and order template all say the same; its events are those of the
// turn just resolved.
func TestReportNamesTheTurnItOpens(t *testing.T) {
	tests := []struct {
		name   string
		v      *View
		turn   int
		events string
	}{
		{"first report", frontierView(t, "vorn"), 1, "\nEVENTS\n"},
		{"after turn 3", battleView(), 4, "\nEVENTS OF TURN 3\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := RenderReport(tc.v, textDeadline, textZone, "orders.schema.json", nil, "")
			if err != nil {
				t.Fatal(err)
			}
			heading, _, _ := strings.Cut(rep.Text, "\n")
			n := tc.turn
			for _, c := range []struct{ part, got, want string }{
				{"subject", rep.Subject, fmt.Sprintf("] Turn %d report: ", n)},
				{"text heading", heading, fmt.Sprintf(": turn %d report for ", n)},
				{"text events", rep.Text, tc.events},
				{"HTML heading", rep.HTML, fmt.Sprintf(">Turn %d report for <strong>", n)},
				{"map title", mapOf(tc.v, "").Caption, fmt.Sprintf("Turn %d · ", n)},
				{"JSON attachment", rep.JSONName, fmt.Sprintf("report-%d.json", n)},
				{"orders attachment", rep.OrdersName, fmt.Sprintf("orders-%d.yaml", n)},
				{"order template", string(rep.Orders), fmt.Sprintf("\nturn: %d\n", n)},
			} {
				if !strings.Contains(c.got, c.want) {
					t.Errorf("%s = %.200q, want it to contain %q", c.part, c.got, c.want)
				}
			}
			for _, part := range []string{rep.Subject, rep.Text, rep.HTML} {
				if strings.Contains(strings.ToLower(part), "turn 0") {
					t.Errorf("the report says turn 0: %.200q", part)
				}
			}
		})
	}
}

// TestEaW1b_ReportShowsYourOwnWhereYourFleetsSaw: where the player's
// fleets saw a system, the report lists the player's own fleets there
// among the fleets there, and the player's own colony as developed even
// where only a fortification could be seen (EaW 1b).
func TestEaW1b_ReportShowsYourOwnWhereYourFleetsSaw(t *testing.T) {
	v := battleView()
	v.Systems = append(v.Systems, SystemView{ID: "halcyon", Seen: 3, Current: true, Planet: campaign.Life, Detail: DetailFortified, Developed: true})
	rows := map[string]seenRow{}
	for _, r := range newReportData(v, textDeadline, textZone).Seen {
		rows[r.Name] = r
	}
	for name, want := range map[string]seenRow{
		"Drakkar":  {Developed: "yes", Contacts: "yours: 7th 80; others: none"},
		"Mistral":  {Developed: "no", Contacts: "yours: 2nd 205, 3rd 120; others: 120, 60"},
		"Meridian": {Developed: "no", Contacts: "yours: 1st 270; others: 310"},
		"Halcyon":  {Developed: "yes", Contacts: "?"},
		"Aurora":   {Developed: "?", Contacts: "?"},
		"Wyvern":   {Developed: "no", Contacts: "95"},
	} {
		if got := rows[name]; got.Developed != want.Developed || got.Contacts != want.Contacts {
			t.Errorf("%s: developed %q, fleets there %q; want %q, %q", name, got.Developed, got.Contacts, want.Developed, want.Contacts)
		}
	}
	for format, got := range renderBoth(t, v) {
		if !strings.Contains(got, "yours: 2nd 205, 3rd 120; others: 120, 60") {
			t.Errorf("%s report does not list your own fleets at Mistral", format)
		}
	}
}
