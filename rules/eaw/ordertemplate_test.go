package eaw

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
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

// frontierViews returns the Frontier Wars campaign at its start and every
// player's first view of it.
func frontierViews(t *testing.T) (*campaign.State, []View) {
	return frontierViewsWith(t, "")
}

// frontierViewsWith is frontierViews with overrides, a scenario's
// "overrides: {...}" line, in place of the example's commented-out one;
// "" leaves the preset's rules.
func frontierViewsWith(t *testing.T, overrides string) (*campaign.State, []View) {
	t.Helper()
	src := scenarios.Frontier
	if overrides != "" {
		const example = "# overrides: {vision: {radius: 1}, battles: auto}   # change any preset parameter\n"
		if !bytes.Contains(src, []byte(example)) {
			t.Fatalf("frontier.yaml has no line %q to put the overrides in", example)
		}
		src = bytes.Replace(src, []byte(example), []byte(overrides+"\n"), 1)
	}
	sc, err := config.ParseScenario("frontier.yaml", src, eawScenarios)
	if err != nil {
		t.Fatalf("config.ParseScenario(frontier.yaml with %q) = %v", overrides, err)
	}
	return sc.State, Observe(sc.State)
}

func TestOrderTemplateGolden(t *testing.T) {
	_, views := frontierViews(t)
	for i := range views {
		v := &views[i]
		t.Run(string(v.Player), func(t *testing.T) {
			got := OrderTemplate(v, "orders.schema.json")
			if again := OrderTemplate(v, "orders.schema.json"); !bytes.Equal(got, again) {
				t.Error("OrderTemplate differs between two calls")
			}
			golden.Check(t, fmt.Sprintf("testdata/ordertemplate/frontier-t1-%s.yaml.golden", v.Player), got)
		})
	}
}

// TestOrderTemplateParses checks that a template is valid orders as it is:
// the schema line first, the header filled in, no orders.
func TestOrderTemplateParses(t *testing.T) {
	_, views := frontierViews(t)
	for i := range views {
		v := &views[i]
		tmpl := OrderTemplate(v, "orders.schema.json")
		if first, _, _ := bytes.Cut(tmpl, []byte("\n")); string(first) != "# yaml-language-server: $schema=orders.schema.json" {
			t.Errorf("OrderTemplate(%s) begins %q, want the schema modeline", v.Player, first)
		}
		sub, err := parse(tmpl)
		if err != nil {
			t.Fatalf("orders.Parse(OrderTemplate(%s)) = %v\n%s", v.Player, err, tmpl)
		}
		if sub.Campaign != v.Campaign || sub.Player != v.Player || sub.Turn != v.Turn || sub.Final || len(listOf(sub)) != 0 {
			t.Errorf("orders.Parse(OrderTemplate(%s)) = %s/%s turn %d final %v, %d orders; want the view's header and no orders",
				v.Player, sub.Campaign, sub.Player, sub.Turn, sub.Final, len(listOf(sub)))
		}
	}
}

// suggested matches a commented-out order and the cost its comment states.
var suggested = regexp.MustCompile(`(?m)^#(  - .*?)\s+# (\d+ points?|free)\b.*$`)

// TestOrderTemplateSuggestionsValidate uncomments each suggested order on
// its own, adds a token, and checks that Validate accepts it at the
// cost its comment states (EaW 5.0, 5a, 6.0, 12.0, 13.0).
func TestOrderTemplateSuggestionsValidate(t *testing.T) {
	st, views := frontierViews(t)
	seen := map[string]int{}
	for i := range views {
		for k, n := range checkSuggestions(t, st, &views[i]) {
			seen[k] += n
		}
	}
	for _, k := range []string{"move 1 point", "develop 1 point", "build 1 point"} {
		if seen[k] == 0 {
			t.Errorf("no %s order suggested in any frontier template; got %v", k, seen)
		}
	}
}

// TestOrderTemplateFreeJump gives a fleet's system the player's colony and
// checks that its moves are offered, and validated, as free (EaW 5b).
func TestOrderTemplateFreeJump(t *testing.T) {
	st, views := frontierViews(t)
	v := &views[0]
	i := slices.IndexFunc(v.Fleets, func(f FleetView) bool { return f.ID == "5th" })
	if v.Player != "vorn" || i < 0 {
		t.Fatalf("the first view is %s's, without a 5th fleet; want vorn's", v.Player)
	}
	f := v.Fleets[i] // at Halcyon, a life planet
	dev := campaign.Development{At: f.At, Owner: v.Player, Kind: campaign.Colony, Since: v.Date}
	v.Developments = append(v.Developments, dev)
	st.Developments = append(st.Developments, dev)
	seen := checkSuggestions(t, st, v)
	if seen["move free"] == 0 {
		t.Errorf("no free move offered from fleet %s's colony at %s; got %v", f.ID, f.At, seen)
	}
}

// checkSuggestions uncomments each order the template for v suggests, on
// its own, and checks that Validate accepts it against st at the
// cost its comment states. It counts the orders by kind and cost.
func checkSuggestions(t *testing.T, st *campaign.State, v *View) map[string]int {
	t.Helper()
	seen := map[string]int{}
	tmpl := string(OrderTemplate(v, "orders.schema.json"))
	withToken := strings.Replace(tmpl, "\n# token:\n", "\ntoken: 8Jq2\n", 1)
	for _, m := range suggested.FindAllStringSubmatch(tmpl, -1) {
		line, cost := m[0], m[2]
		// Remove the "#", and fill in a build's placeholders: a class of
		// the catalogue and a new fleet.
		uncommented := strings.NewReplacer("CLASS, CLASS", "frigate", "NAME", "7th").Replace(line[1:])
		sub, err := parse([]byte(strings.Replace(withToken, line, uncommented, 1)))
		if err != nil || sub.Token == "" || len(listOf(sub)) != 1 {
			t.Fatalf("%s: uncommenting %q: orders.Parse = %+v, %v; want one order and the token", v.Player, line, sub, err)
		}
		seen[kindOf(listOf(sub)[0])+" "+cost]++
		costed, err := Validate(st, sub)
		if err != nil {
			t.Errorf("%s: %q: Validate = %v", v.Player, uncommented, err)
			continue
		}
		want := 0
		if cost != "free" {
			want, _ = strconv.Atoi(strings.Fields(cost)[0])
		}
		if got := costed.Orders[0].Points; got != want {
			t.Errorf("%s: %q costs %d points, but its comment says %s", v.Player, uncommented, got, cost)
		}
	}
	return seen
}

// kindOf names an order's kind as the template tests count them: a
// develop of a fortification and a build with at: apart.
func kindOf(o Order) string {
	switch k := o.Kind.(type) {
	case *Develop:
		if k.What == campaign.Fortification {
			return "develop-fortification"
		}
	case *Build:
		if k.At != "" {
			return "build-at"
		}
	}
	return o.Kind.Name()
}

// TestOrderTemplateOnlyWhereTheMailCarriesOne: pbemd report --format
// orders prints a template only where the report mail carried one: not
// when the campaign is over, nor to a player who is out of it.
func TestOrderTemplateOnlyWhereTheMailCarriesOne(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(v *View)
		want string
	}{
		{"campaign over", func(v *View) { v.Ended = true }, "carried no order template: the campaign is over"},
		{"player out", func(v *View) { v.Out = "eliminated" }, "carried no order template: the player is out of the campaign"},
	} {
		v := newViewBuilder().view()
		tc.edit(v)
		if _, err := (Ruleset{}).Render(v, game.FormatOrders, game.ReportOptions{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Render(orders) = %v, want an error saying %q", tc.name, err, tc.want)
		}
		if r, err := RenderReport(v, time.Date(2026, 11, 25, 19, 0, 0, 0, time.UTC), time.UTC, "", nil, ""); err != nil || r.Orders != nil {
			t.Errorf("%s: the report mail carries an order template (%v)", tc.name, err)
		}
	}
	tmpl, err := (Ruleset{}).Render(newViewBuilder().view(), game.FormatOrders, game.ReportOptions{SchemaRef: "orders.schema.json"})
	if err != nil || !bytes.HasPrefix(tmpl, []byte("# yaml-language-server: $schema=orders.schema.json\n")) {
		t.Errorf("Render(orders) of a player in the campaign = %.80q, %v; want the template", tmpl, err)
	}
}

func TestYAMLName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1st", "1st"},
		{"tau-ceti", "tau-ceti"},
		{"7", `"7"`},
		{"null", `"null"`},
		{"true", `"true"`},
		{"1e3", `"1e3"`},
		{"a b", `"a b"`},
		{"x,y", `"x,y"`},
		{"True", `"True"`},
		{"NULL", `"NULL"`},
		{"0x1F", `"0x1F"`},
		{"0o17", `"0o17"`},
		{"1_000", `"1_000"`},
		{"2026-01-01", `"2026-01-01"`},
		{"yes", "yes"},
		{"1.5", `"1.5"`},
		{"v1.5", "v1.5"},
	}
	for _, tc := range tests {
		if got := yamlName(tc.in); got != tc.want {
			t.Errorf("yamlName(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestOrderTemplateSurvivesLineBreaksInNames: names come from the scenario
// and may hold any line break; the template must still parse.
func TestOrderTemplateSurvivesLineBreaksInNames(t *testing.T) {
	v := Observe(plainFrontier(t))[0]
	v.Title, v.Name = "Frontier\nWars\u2028orders: 3", "Warlord\r\nDrask\u0085campaign: x"
	for _, ended := range []bool{false, true} {
		v.Ended = ended
		if _, err := parse(OrderTemplate(&v, "orders.schema.json")); err != nil && !ended {
			t.Errorf("template with line breaks in names does not parse: %v\n%s", err, OrderTemplate(&v, "orders.schema.json"))
		}
		for _, line := range strings.Split(string(OrderTemplate(&v, "s")), "\n") {
			if strings.Contains(line, "Wars") && !strings.HasPrefix(line, "#") {
				t.Errorf("a name escaped its comment: %q", line)
			}
		}
	}
}
