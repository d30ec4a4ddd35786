package eaw

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
)

// frontierOverrides changes, in Frontier Wars, a parameter behind every
// kind of number an order template states: the budget (EaW 5.0), the jump,
// develop and build costs (EaW 5a, 5.0), the docking points an FRD builds
// (EaW 6.0), the fleets a system holds (EaW 17a), the siege roll and its
// cost (EaW 10c), and a new FRD's, a tow's and a MON's costs (EaW 15a,
// 15e–15g, 17e).
const frontierOverrides = "overrides: {budget: {min: 5, jump_cost: 2, develop_cost: 2, build_cost: 2}, build: {docking: 40}, " +
	"fleets: {per_system: 4}, fortify: {siege_cost: 2, siege: 8}, frd: {price: 150, build_cost: 4, tow_cost: [4, 3, 2], mon_jump_cost: 3}}"

// TestOrderTemplateOverridesGolden pins the order templates of a campaign
// whose scenario overrides its preset's numbers: every cost and limit they
// state is the campaign's.
func TestOrderTemplateOverridesGolden(t *testing.T) {
	_, views := frontierViewsWith(t, frontierOverrides)
	golden.Check(t, "testdata/ordertemplate/overrides-t1-vorn.yaml.golden", OrderTemplate(&views[0], "orders.schema.json"))
	_, rich := richFrontierWith(t, frontierOverrides)
	golden.Check(t, "testdata/ordertemplate/overrides-rich-t3-vorn.yaml.golden", OrderTemplate(rich, "orders.schema.json"))
}

// TestReportOverridesGolden pins the text report of a campaign whose
// scenario overrides its preset: the budget follows the campaign's rules
// (EaW 5.0), and the house rules are listed.
func TestReportOverridesGolden(t *testing.T) {
	_, views := frontierViewsWith(t, frontierOverrides)
	v := &views[0]
	golden.Check(t, "testdata/report/overrides-t1-vorn.txt.golden", []byte(RenderText(v, textDeadline, textZone)))
	html := renderHTML(t, v, "")
	for _, want := range []string{"<strong>House rules:</strong>", "budget.jump_cost <strong>2</strong> (preset: 1)",
		"frd.tow_cost <strong>[4, 3, 2]</strong> (preset: [3, 2, 1])"} {
		if !strings.Contains(html, want) {
			t.Errorf("the HTML report of a campaign with overrides has no %q", want)
		}
	}
	_, plain := frontierViews(t)
	for format, got := range renderBoth(t, &plain[0]) {
		if strings.Contains(strings.ToLower(got), "house rules") {
			t.Errorf("the %s report of a campaign without overrides lists house rules", format)
		}
	}
}

// TestReportAttachesTheCampaignsSchema: the schema a report's order
// template points editors to states the campaign's costs.
func TestReportAttachesTheCampaignsSchema(t *testing.T) {
	_, views := frontierViewsWith(t, frontierOverrides)
	rep, err := RenderReport(&views[0], textDeadline, textZone, "orders.schema.json", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rep.Schema, Schema(views[0].Rules)) || !bytes.Contains(rep.Schema, []byte("Each lane jumped costs 2 order points")) {
		t.Errorf("the report attaches a schema without the campaign's jump cost of 2:\n%.300s", rep.Schema)
	}
}

// TestOrderTemplateCostsAreIntakes uncomments every order the templates
// offer, under the preset's rules and under overrides, and checks that
// Validate charges each what its comment states (EaW 5.0): the
// template and intake read the same rules.
func TestOrderTemplateCostsAreIntakes(t *testing.T) {
	for _, tc := range []struct {
		name, overrides string
		// want are kinds and costs some template must offer.
		want []string
	}{
		{"preset", "", []string{"move 1 point", "develop 1 point", "build 1 point", "build-at 1 point", "siege 1 point",
			"move_frd 1 point", "move_frd 3 points", "build_frd 3 points", "resupply 1 point"}},
		{"overrides", frontierOverrides, []string{"move 2 points", "develop 2 points", "build 2 points", "build-at 2 points",
			"siege 2 points", "move_frd 2 points", "move_frd 4 points", "build_frd 4 points", "resupply 1 point"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seen := map[string]int{}
			st, views := frontierViewsWith(t, tc.overrides)
			for i := range views {
				for k, n := range checkSuggestions(t, st, &views[i]) {
					seen[k] += n
				}
			}
			st, rich := richFrontierWith(t, tc.overrides)
			for k, n := range checkSuggestions(t, st, rich) {
				seen[k] += n
			}
			for _, k := range tc.want {
				if seen[k] == 0 {
					t.Errorf("no template offers %s; they offer %v", k, seen)
				}
			}
		})
	}
}

// TestEaW5b_OrderTemplateWithoutFreeJumps: where a campaign turns the free
// jump from a colony off, the template says so and offers no move as free,
// and intake charges what it states.
func TestEaW5b_OrderTemplateWithoutFreeJumps(t *testing.T) {
	st, views := frontierViewsWith(t, "overrides: {budget: {free_jump_from_colony: false}}")
	v := &views[0]
	i := slices.IndexFunc(v.Fleets, func(f FleetView) bool { return f.ID == "5th" })
	if v.Player != "vorn" || i < 0 {
		t.Fatalf("the first view is %s's, without a 5th fleet; want vorn's", v.Player)
	}
	dev := campaign.Development{At: v.Fleets[i].At, Owner: v.Player, Kind: campaign.Colony, Since: v.Date}
	v.Developments = append(v.Developments, dev)
	st.Developments = append(st.Developments, dev)
	seen := checkSuggestions(t, st, v)
	if seen["move free"] != 0 || seen["move 1 point"] == 0 {
		t.Errorf("without free jumps, the template offers moves %v; want none free", seen)
	}
	if tmpl := string(OrderTemplate(v, "")); !strings.Contains(tmpl, "even from your own developed colony (EaW 5b: no free\n# jump)") {
		t.Errorf("the template does not say the campaign has no free jump:\n%s", tmpl)
	}
}
