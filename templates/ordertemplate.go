package templates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/resolver"
)

// OrderTemplate renders the orders-<turn>.yaml attached to a report: a ready-to-edit orders document for v.Turn.
//
// The first line points YAML editors at the order language's JSON Schema,
// schemaRef (usually "orders.schema.json", attached beside it); an empty
// schemaRef leaves the line out. The header is filled in except for the
// token, which no report carries: its line is a comment for the player to
// complete, so the editor flags it as missing until then. Every order is a
// suggestion commented out with "#", so the file parses as it is, with no
// orders: removing the "#" of a line gives an order that Validate accepts at
// the cost its comment states (build lines have CLASS and NAME to fill in).
// Costs are those of the Empires at War rules (EaW 5.0), since the view
// holds no rules.
//
// It reads nothing but the view. For an ended campaign it returns a short
// comment saying so.
func OrderTemplate(v *resolver.View, schemaRef string) []byte {
	var b strings.Builder
	if v.Ended {
		b.WriteString(wrapComment(fmt.Sprintf("%s (%s) is over: no turn is open, and no orders are taken.", v.Title, v.Campaign), 76))
		return []byte(b.String())
	}
	if schemaRef != "" {
		fmt.Fprintf(&b, "# yaml-language-server: $schema=%s\n", schemaRef)
	}
	templateIntro(&b, v)
	fmt.Fprintf(&b, "campaign: %s\nplayer: %s\nturn: %d\n", yamlName(string(v.Campaign)), yamlName(string(v.Player)), v.Turn)
	b.WriteString("# Paste the token from your welcome mail after \"token:\" and remove the \"# \"\n" +
		"# before it; no report carries your token.\n" +
		"# token:\n" +
		"final: false   # true: nothing more to come; the turn may resolve before its deadline\n" +
		"orders:\n")
	g := campaign.NewGraph(v.Map)
	sys := systemIndex(v.Map)
	developed := map[campaign.SystemID]bool{} // systems with a develop suggestion
	for _, f := range v.Fleets {
		templateFleet(&b, v, f, g, sys, developed)
	}
	if len(v.Fleets) == 0 {
		b.WriteString("#\n# You have no fleets.\n")
	}
	for _, at := range v.FRDs {
		templateBuild(&b, v, at, sys)
	}
	if len(v.FRDs) == 0 {
		b.WriteString("#\n# You have no FRD, so you cannot build units (EaW 15a).\n")
	}
	return []byte(b.String())
}

// templateIntro writes the comments that open the template: what to do,
// and the budget and treasury (EaW 5.0, 6.0).
func templateIntro(b *strings.Builder, v *resolver.View) {
	b.WriteString(wrapComment(fmt.Sprintf("Orders for %s, turn %d (%s): %s (%s).", v.Title, v.Turn, v.Date, v.Name, v.Player), 76))
	b.WriteString("#\n" +
		"# To give an order, remove the \"#\" at the start of its line, and change it\n" +
		"# as you like; lines starting with \"#\" are comments. Then mail this file\n" +
		"# back, as an attachment or in the body of a plain-text mail.\n" +
		"#\n")
	fmt.Fprintf(b, "# Order points for turn %d: %d (EaW 5.0: the larger of 3 and half your\n", v.Turn, v.Budget)
	b.WriteString("# fleets of at least 2 ships and 175 CBPV). Each lane a fleet jumps costs\n" +
		"# 1 point (EaW 5a), except its first jump from your own developed colony\n" +
		"# (EaW 5b); a develop order costs 1 point; a build costs 1 point with mp: 1\n" +
		"# and nothing with mp: 0. A path may go on: path: [a, b] jumps two lanes.\n")
	fmt.Fprintf(b, "# Treasury: %d BPV; builds are paid from it (EaW 6.0).\n", v.Treasury)
}

// suggestion is one commented-out order and what it costs.
type suggestion struct{ order, cost string }

// templateFleet writes one fleet's block: where it is, what it holds, the
// lanes out, and a move along each lane and a develop where one fits.
func templateFleet(b *strings.Builder, v *resolver.View, f resolver.FleetView, g *campaign.Graph,
	sys map[campaign.SystemID]campaign.System, developed map[campaign.SystemID]bool) {
	about := fmt.Sprintf("Fleet %s at %s: %s; %d CBPV", f.ID, systemLabel(sys, f.At), campaign.UnitList(f.Units), f.CBPV)
	if f.Scout {
		about += "; a scout"
	}
	b.WriteString("#\n")
	b.WriteString(wrapComment(about+".", 76))
	next := g.Neighbours(f.At)
	if len(next) == 0 {
		b.WriteString("# No lanes lead from here.\n")
	} else {
		labels := make([]string, len(next))
		for i, s := range next {
			labels[i] = systemLabel(sys, s)
		}
		b.WriteString(wrapComment("Lanes lead to "+strings.Join(labels, ", ")+".", 76))
	}
	cost := "1 point (EaW 5a)"
	if hasDevelopment(v, f.At, campaign.Colony) {
		cost = "free: the first jump from your own colony (EaW 5b)"
	}
	var out []suggestion
	for _, s := range next {
		if len(fleetsAt(v, s)) >= perSystem {
			continue // a fourth fleet there breaks EaW 17a
		}
		out = append(out, suggestion{fmt.Sprintf("- move: {fleet: %s, path: [%s]}", yamlName(string(f.ID)), yamlName(string(s))), cost})
	}
	if kind, rule := developFits(v, sys[f.At], developed); kind != "" {
		developed[f.At] = true
		out = append(out, suggestion{fmt.Sprintf("- develop: {fleet: %s, what: %s}", yamlName(string(f.ID)), kind),
			fmt.Sprintf("1 point: a %s at a %s planet; the fleet stays (%s)", kind, sys[f.At].Planet, rule)})
	}
	writeSuggestions(b, out)
}

// developFits returns the development a fleet at s could set up, judged
// from what the view knows: a mine at a mineral planet (EaW 12.0), a colony
// at a life planet (EaW 13.0), where the player has none of that kind and
// no other fleet was offered it. It returns "" when none fits.
func developFits(v *resolver.View, s campaign.System, offered map[campaign.SystemID]bool) (campaign.DevelopmentKind, string) {
	var kind campaign.DevelopmentKind
	switch s.Planet {
	case campaign.Mineral:
		kind = campaign.Mine
	case campaign.Life:
		kind = campaign.Colony
	default:
		return "", ""
	}
	if offered[s.ID] || hasDevelopment(v, s.ID, kind) {
		return "", ""
	}
	_, rule := kind.Needs()
	return kind, rule
}

// perSystem is how many of one player's fleets a system holds (EaW 17a).
const perSystem = 3

// fleetsAt lists the player's fleets at a system.
func fleetsAt(v *resolver.View, at campaign.SystemID) []string {
	var out []string
	for _, f := range v.Fleets {
		if f.At == at {
			out = append(out, string(f.ID))
		}
	}
	return out
}

// templateBuild writes the build suggestion at one FRD (EaW 6.0, 6c).
func templateBuild(b *strings.Builder, v *resolver.View, at campaign.SystemID, sys map[campaign.SystemID]campaign.System) {
	there := fleetsAt(v, at)
	into, name := "a new fleet you name", "NAME"
	switch {
	case len(there) >= perSystem:
		into = "a fleet of yours there (" + strings.Join(there, ", ") + "): a new fleet would be one too many there (EaW 17a)"
		name = there[0]
	case len(there) > 0:
		into = "a fleet of yours there (" + strings.Join(there, ", ") + ") or a new fleet you name"
	}
	text := fmt.Sprintf("Your FRD at %s builds units into %s (EaW 6c): one build per turn, of at most 36 docking points "+
		"(EaW 6.0, 33.0 #3). Replace CLASS with unit classes and NAME with the fleet.", systemLabel(sys, at), into)
	if name != "NAME" {
		text = strings.TrimSuffix(text, " and NAME with the fleet.") + "."
	}
	if classes := fieldedClasses(v); classes != "" {
		text += " Classes in your fleets: " + classes + "."
	}
	b.WriteString("#\n")
	b.WriteString(wrapComment(text, 76))
	writeSuggestions(b, []suggestion{{fmt.Sprintf("- build: {units: [CLASS, CLASS], fleet: %s, mp: 1}", yamlName(name)), "1 point; paid from the treasury (EaW 6.0)"}})
}

// fieldedClasses lists the unit classes in the player's fleets, each once,
// in first-seen order.
func fieldedClasses(v *resolver.View) string {
	var all []campaign.ClassName
	seen := map[campaign.ClassName]bool{}
	for _, f := range v.Fleets {
		for _, u := range f.Units {
			if !seen[u] {
				seen[u] = true
				all = append(all, u)
			}
		}
	}
	return joinIDs(all)
}

// writeSuggestions writes orders commented out, so that removing the first
// "#" leaves a list item of orders:, with their costs lined up.
func writeSuggestions(b *strings.Builder, ss []suggestion) {
	width := 0
	for _, s := range ss {
		width = max(width, utf8.RuneCountInString(s.order))
	}
	for _, s := range ss {
		fmt.Fprintf(b, "#  %s   # %s\n", pad(width, s.order), s.cost)
	}
}

// hasDevelopment reports whether the player has a development of this kind
// at the system.
func hasDevelopment(v *resolver.View, at campaign.SystemID, kind campaign.DevelopmentKind) bool {
	for _, d := range v.Developments {
		if d.At == at && d.Kind == kind && d.Owner == v.Player {
			return true
		}
	}
	return false
}

func systemIndex(m campaign.Map) map[campaign.SystemID]campaign.System {
	out := make(map[campaign.SystemID]campaign.System, len(m.Systems))
	for _, s := range m.Systems {
		out[s.ID] = s
	}
	return out
}

// systemLabel names a system by ID, with its name and planet where known:
// "ferrum (Ferrum, mineral)".
func systemLabel(sys map[campaign.SystemID]campaign.System, id campaign.SystemID) string {
	s, ok := sys[id]
	if !ok {
		return string(id)
	}
	var about []string
	if s.Name != "" && s.Name != string(id) {
		about = append(about, s.Name)
	}
	if s.Planet != "" {
		about = append(about, string(s.Planet))
	}
	if len(about) == 0 {
		return string(id)
	}
	return fmt.Sprintf("%s (%s)", id, strings.Join(about, ", "))
}

// wrapComment writes text as "# " comment lines of at most width
// characters, breaking at spaces.
func wrapComment(text string, width int) string {
	var b strings.Builder
	line := "#"
	for _, w := range strings.Fields(text) {
		if len(line) > 1 && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = "#"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
	return b.String()
}

// plainName is what yamlName leaves unquoted, if YAML reads it as a string.
var plainName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// yamlName writes a name so that YAML reads it back as that string, in a
// block or in a flow ({...}, [...]): plain where it can, quoted where YAML
// would read something else (null, true, 7).
func yamlName(s string) string {
	if plainName.MatchString(s) {
		var n yaml.Node
		if yaml.Unmarshal([]byte(s), &n) == nil && len(n.Content) == 1 &&
			n.Content[0].ShortTag() == "!!str" && n.Content[0].Value == s {
			return s
		}
	}
	return strconv.Quote(s)
}
