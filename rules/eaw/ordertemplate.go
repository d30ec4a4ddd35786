package eaw

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
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
// the cost its comment states (build lines have CLASS and NAME to fill in,
// transfer lines NAME). Each fleet is offered what fits it, as far as the
// view tells: moves, developments, the fleet services and, for a trapped
// fleet, only its siege roll (EaW 10h); each FRD a build and a tow, and
// the player's developed sites without an FRD a new one. Every cost and
// limit it states is the campaign's, from the rules the view carries, as
// intake (Validate) charges it; an inspection is refused if its
// prizes take the fleet over the fleet limits (EaW 17.0), which the
// template does not work out.
//
// It reads nothing but the view. A report carries one only while its
// player is in a campaign that goes on (noTemplate).
func OrderTemplate(v *View, schemaRef string) []byte {
	var b strings.Builder
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
	known := v.Map.Map()
	t := &orderTemplate{b: &b, v: v, g: campaign.NewGraph(known), sys: systemIndex(known),
		developed: map[campaign.SystemID]bool{}, fortified: map[campaign.SystemID]bool{}}
	for _, f := range v.Fleets {
		t.fleet(f)
	}
	if len(v.Fleets) == 0 {
		b.WriteString("#\n# You have no fleets.\n")
	}
	for i, at := range v.FRDs {
		t.frd(at, !slices.Contains(v.FRDs[:i], at))
	}
	if len(v.FRDs) == 0 {
		b.WriteString("#\n# You have no FRD, so you cannot build units (EaW 15a).\n")
	}
	t.newFRDs()
	return []byte(b.String())
}

// place is the kind of block of the template that offers orders.
type place int

const (
	atFleet   place = iota + 1 // a free fleet's block
	atTrapped                  // a trapped fleet's block: a siege roll at most (EaW 10h)
	atFRD                      // an FRD's block
	atNewFRD                   // the block of new FRDs (EaW 15a)
)

// spot is a block of the template that offers orders.
type spot struct {
	place place
	// fleet is the fleet of a fleet's block.
	fleet FleetView
	// frd is where the FRD of an FRD's block stands, first whether it is
	// the first of the player's FRDs there, and into the fleet a build
	// there goes into: a fleet's ID, NAME for a new fleet, or "" when none
	// may take units this turn.
	frd   campaign.SystemID
	first bool
	into  string
}

// offers gathers what the kinds offer at a spot, in templateOrder.
func (t *orderTemplate) offers(s spot) []suggestion {
	var out []suggestion
	for _, k := range templateOrder {
		out = append(out, k.offer(t, s)...)
	}
	return out
}

// orderTemplate is an order template being written: the view it reads,
// indexes of its map, and the developments already offered, so that no
// two fleets are offered the same one.
type orderTemplate struct {
	b   *strings.Builder
	v   *View
	g   *campaign.Graph
	sys map[campaign.SystemID]campaign.System
	// developed and fortified are the systems where a mine or colony, and
	// a fortification, were offered (EaW 11.0, 12.0, 13.0).
	developed, fortified map[campaign.SystemID]bool
}

// templateIntro writes the comments that open the template: what to do,
// and the budget, the costs and the treasury (EaW 5.0, 6.0), all from the
// campaign's rules. The lines are broken by hand, to keep each cost on the
// line with its order.
func templateIntro(b *strings.Builder, v *View) {
	r := &v.Rules
	b.WriteString(wrapComment(fmt.Sprintf("Orders for %s, turn %d (%s): %s (%s).", v.Title, v.Turn, v.Date, v.Name, v.Player), 76))
	b.WriteString("#\n" +
		"# To give an order, remove the \"#\" at the start of its line, and change it\n" +
		"# as you like; lines starting with \"#\" are comments. Then mail this file\n" +
		"# back, as an attachment or in the body of a plain-text mail.\n" +
		"#\n")
	fmt.Fprintf(b, "# Order points for turn %d: %d (EaW 5.0: the larger of %d and %s your\n", v.Turn, v.Budget, r.Budget.Min, share(r.Budget.Divisor))
	fmt.Fprintf(b, "# fleets of at least %d ships and %d CBPV; carried bases are not ships,\n", r.Budget.FleetMinShips, r.Budget.FleetMinCBPV)
	b.WriteString("# and freighters' CBPV does not count). Each lane a fleet jumps costs\n")
	if r.Budget.FreeJumpFromColony {
		fmt.Fprintf(b, "# %s (EaW 5a), except its first jump from your own developed colony\n# (EaW 5b);", points(r.Budget.JumpCost))
	} else {
		fmt.Fprintf(b, "# %s (EaW 5a), even from your own developed colony (EaW 5b: no free\n# jump);", points(r.Budget.JumpCost))
	}
	fmt.Fprintf(b, " a develop order costs %s; a build costs %s with mp: 1\n", points(r.Budget.DevelopCost), points(r.Budget.BuildCost))
	b.WriteString("# and nothing with mp: 0. A path may go on: path: [a, b] jumps two lanes.\n")
	// The fleet services, from the table, and the siege roll when it
	// costs as much.
	var services []string
	for k := range kinds.All() {
		if _, ok := k.(service); ok {
			services = append(services, k.Name())
		}
	}
	siege := ""
	if r.Fortify.SiegeCost == ServiceCost {
		services = append(services, "siege")
	} else {
		siege = fmt.Sprintf("# A siege roll costs %s (EaW 10c).\n", points(r.Fortify.SiegeCost))
	}
	list := andList(services)
	fmt.Fprintf(b, "# %s cost\n# %s each. A fleet service given before the fleet's move is done where\n"+
		"# the fleet starts, one given after it where the fleet ends (EaW 4b).\n%s", strings.ToUpper(list[:1])+list[1:], points(ServiceCost), siege)
	fmt.Fprintf(b, "# Treasury: %d BPV; builds are paid from it (EaW 6.0).\n", v.Treasury)
}

// share names the part of the counted fleets the budget gives as points
// (EaW 5.0: half), by the budget's divisor.
func share(divisor int) string {
	switch divisor {
	case 0:
		return "none of"
	case 1:
		return "all"
	case 2:
		return "half"
	}
	return fmt.Sprintf("1/%d of", divisor)
}

// suggestion is one commented-out order and what it costs.
type suggestion struct{ order, cost string }

// fleet writes one fleet's block: where it is, what it holds, the lanes
// out, and the orders it could be given this turn. A trapped fleet is
// offered only its siege roll (EaW 10h).
func (t *orderTemplate) fleet(f FleetView) {
	about := fmt.Sprintf("Fleet %s at %s: %s; %d CBPV", f.ID, systemLabel(t.sys, f.At), fleetUnits(f), f.CBPV)
	if notes := fleetNotes(f, false); len(notes) > 0 {
		about += "; " + strings.Join(notes, ", ")
	}
	t.b.WriteString("#\n")
	t.b.WriteString(wrapComment(about+".", 76))
	if f.Trapped != 0 {
		t.b.WriteString(wrapComment(fmt.Sprintf("It is trapped by an enemy fortification since turn %d (EaW 10a) and does nothing but a "+
			"siege roll (EaW 10h). It also goes free when a second fleet of yours enters %s (EaW 10b), or a fleet with a minesweeper "+
			"(EaW 10d).", f.Trapped, f.At), 76))
		writeSuggestions(t.b, t.offers(spot{place: atTrapped, fleet: f}))
		return
	}
	next := t.g.Neighbours(f.At)
	if len(next) == 0 {
		t.b.WriteString("# No lanes lead from here.\n")
	} else {
		labels := make([]string, len(next))
		for i, s := range next {
			labels[i] = systemLabel(t.sys, s)
		}
		t.b.WriteString(wrapComment("Lanes lead to "+strings.Join(labels, ", ")+".", 76))
	}
	writeSuggestions(t.b, t.offers(spot{place: atFleet, fleet: f}))
}

// crowded reports whether n of the player's fleets are more than a system
// holds by the campaign's rules (EaW 17a: 3); 0 is no limit.
func (t *orderTemplate) crowded(n int) bool {
	limit := t.v.Rules.Fleets.PerSystem
	return limit > 0 && n > limit
}

// fleetsAt lists the player's fleets at a system.
func fleetsAt(v *View, at campaign.SystemID) []string {
	var out []string
	for _, f := range v.Fleets {
		if f.At == at {
			out = append(out, string(f.ID))
		}
	}
	return out
}

// frd writes the block of the player's FRD at a system: what a build
// there may go into (EaW 6.0, 6c), and the orders offered there.
func (t *orderTemplate) frd(at campaign.SystemID, first bool) {
	var free []string
	there := fleetsAt(t.v, at)
	for _, f := range t.v.Fleets {
		if f.At == at && f.Trapped == 0 {
			free = append(free, string(f.ID))
		}
	}
	into, name := "a new fleet you name", "NAME"
	switch {
	case t.crowded(len(there)+1) && len(free) == 0:
		into, name = "no fleet this turn: a new fleet would be one too many there (EaW 17a), and yours there are trapped (EaW 10h)", ""
	case t.crowded(len(there) + 1):
		into = "a fleet of yours there (" + strings.Join(free, ", ") + "): a new fleet would be one too many there (EaW 17a)"
		name = free[0]
	case len(free) > 0:
		into = "a fleet of yours there (" + strings.Join(free, ", ") + ") or a new fleet you name"
	}
	text := fmt.Sprintf("Your FRD at %s builds units into %s (EaW 6c): one build per turn, of at most %d docking points "+
		"(EaW 6.0, 33.0 #3). Replace CLASS with unit classes and NAME with the fleet.", systemLabel(t.sys, at), into, t.v.Rules.Build.Docking)
	if name != "NAME" {
		text = strings.TrimSuffix(text, " and NAME with the fleet.") + "."
	}
	if classes := fieldedClasses(t.v); classes != "" && name != "" {
		text += " Classes in your fleets: " + classes + "."
	}
	t.b.WriteString("#\n")
	t.b.WriteString(wrapComment(text, 76))
	writeSuggestions(t.b, t.offers(spot{place: atFRD, frd: at, first: first, into: name}))
}

// newFRDs writes the block of new FRDs, when one is offered (EaW 15a).
func (t *orderTemplate) newFRDs() {
	out := t.offers(spot{place: atNewFRD})
	if len(out) == 0 {
		return
	}
	t.b.WriteString("#\n")
	t.b.WriteString(wrapComment("A new FRD stands at one of your developed mines or colonies; it is placed after the battles "+
		"if no enemy fleet is there, and builds from next turn (EaW 15a).", 76))
	writeSuggestions(t.b, out)
}

// fieldedClasses lists the unit classes in the player's fleets, each once,
// in first-seen order.
func fieldedClasses(v *View) string {
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
		fmt.Fprintf(b, "#  %s   # %s\n", report.Pad(width, s.order), s.cost)
	}
}

// hasDevelopment reports whether the player has a development of this kind
// at the system.
func hasDevelopment(v *View, at campaign.SystemID, kind campaign.DevelopmentKind) bool {
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
func wrapComment(text string, width int) string { return report.Wrap(text, width, "# ") }

// plainName is what yamlName leaves unquoted, if YAML reads it as a string.
var plainName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// yamlName writes a name so that YAML reads it back as that string, in a
// block or in a flow ({...}, [...]): plain where it can, quoted where YAML
// would read something else (null, true, 7). A name plainName admits reads
// as one plain scalar, whose type is what the YAML library resolves its
// text to.
func yamlName(s string) string {
	if plainName.MatchString(s) && (&yaml.Node{Kind: yaml.ScalarNode, Value: s}).ShortTag() == "!!str" {
		return s
	}
	return strconv.Quote(s)
}
