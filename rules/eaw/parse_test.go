package eaw

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/orders"
)

// header is a valid header; orders written after it start on line 6.
const header = "campaign: frontier\nplayer: vorn\nturn: 3\ntoken: 8Jq2\norders:\n"

// billionLaughs is the classic alias bomb: nine levels of ten aliases each.
func billionLaughs() string {
	var b strings.Builder
	b.WriteString("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
	prev := "a"
	for _, n := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		fmt.Fprintf(&b, "%s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n", n, n, prev, prev, prev, prev, prev, prev, prev, prev, prev)
		prev = n
	}
	return b.String()
}

// problemsOf returns the Problems in err, failing the test if err is
// something else.
func problemsOf(t *testing.T, err error) orders.Problems {
	t.Helper()
	if err == nil {
		return nil
	}
	var ps orders.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("error %v (%T) is not Problems", err, err)
	}
	return ps
}

// TestParseErrorPositions checks where each kind of mistake is reported.
func TestParseErrorPositions(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want orders.Pos
		msg  string // a part of the first problem's message
		hint string // a part of its hint
	}{
		{"tab indentation", header + "\t- move: {fleet: 1st, path: [kessel]}\n", lc(6, 1), "tab", "spaces"},
		{"tab after list mark", header + "  - \tmove: {fleet: 1st, path: [kessel]}\n", lc(6, 5), "tab", "spaces"},
		{"tab on a comment line", "# orders\n\t# more\n" + header, lc(2, 1), "tab", "spaces"},
		{"duplicate header key", header + "turn: 4\n", lc(6, 1), `key "turn" is given twice; the first is at 3:1`, "only one"},
		{"duplicate order field", header + "  - move: {fleet: 1st, fleet: 2nd, path: [vega]}\n", lc(6, 24), `key "fleet" is given twice`, ""},
		{"unknown header key", "campaing: frontier\n" + header[len("campaign: frontier\n"):], lc(1, 1), `unknown key "campaing" in the header`, `did you mean "campaign"?`},
		{"unknown order key", header + "  - move: {fleet: 1st, path: [vega], speed: 2}\n", lc(6, 38), `unknown key "speed" in a move order`, "fleet, path"},
		{"unknown prefs key", header + "prefs: {explore: bpv}\n", lc(6, 9), `unknown key "explore" in prefs`, "explore_bonus"},
		{"turn not a number", strings.Replace(header, "turn: 3", "turn: three", 1), lc(3, 7), `turn must be a whole number, not "three"`, "turn: 3"},
		{"turn a float", strings.Replace(header, "turn: 3", "turn: 3.5", 1), lc(3, 7), `turn must be a whole number, not "3.5"`, ""},
		{"turn zero", strings.Replace(header, "turn: 3", "turn: 0", 1), lc(3, 7), "turn must be 1 or more", ""},
		{"final not a bool", header + "final: maybe\n", lc(6, 8), `final must be true or false, not "maybe"`, "final: true"},
		{"path not a list", header + "  - move: {fleet: 1st, path: kessel}\n", lc(6, 30), `path must be a list, not "kessel"`, "[kessel, vega]"},
		{"path empty", header + "  - move: {fleet: 1st, path: []}\n", lc(6, 30), "path is empty", ""},
		{"fleet a list", header + "  - move: {fleet: [1st], path: [vega]}\n", lc(6, 19), "fleet must be a single name, not a list", "fleet: 1st"},
		{"units not a list", header + "  - build: {units: cruiser, fleet: 3rd}\n", lc(6, 20), "units must be a list", ""},
		{"mp out of range", header + "  - build: {units: [cruiser], fleet: 3rd, mp: 2}\n", lc(6, 47), "mp must be 0 or 1, not 2", "mp: 0"},
		{"what unknown", header + "  - develop: {fleet: 2nd, what: fortress}\n", lc(6, 33), `what must be mine, colony or fortification, not "fortress"`, "what: colony"},
		{"what misspelt", header + "  - develop: {fleet: 2nd, what: mien}\n", lc(6, 33), `not "mien"`, `did you mean "mine"?`},
		{"misspelt order kind", header + "  - mvoe: {fleet: 1st, path: [vega]}\n", lc(6, 5), `unknown order kind "mvoe"`, `did you mean "move"?`},
		{"item without kind", header + "  - fleet: 1st\n    path: [vega]\n", lc(6, 5), `unknown order kind "fleet"`, "start each item with its kind"},
		{"two kinds in one item", header + "  - move: {fleet: 1st, path: [vega]}\n    build: {units: [cruiser], fleet: 3rd}\n", lc(7, 5), "this item has two orders, move and build", "own list item"},
		{"field beside its kind", header + "  - move:\n    fleet: 1st\n    path: [vega]\n", lc(7, 5), "fleet belongs inside move but sits beside it", "indent fleet"},
		{"kind without fields", header + "  - move\n", lc(6, 5), `an order must be a mapping such as move: {...}, not "move"`, "give the order its fields"},
		{"missing field", header + "  - move: {fleet: 1st}\n", lc(6, 5), "move has no path", "- move: {fleet: 1st, path: [kessel, vega]}"},
		{"missing header key", "campaign: frontier\nplayer: vorn\ntoken: x\norders: []\n", lc(1, 1), "the header has no turn:", "turn: 3"},
		{"orders not a list", header[:len(header)-len("orders:\n")] + "orders: {move: x}\n", lc(5, 9), "orders must be a list", ""},
		{"anchor", header + "  - move: {fleet: &f 1st, path: [vega]}\n", lc(6, 19), "anchor &f is not allowed", "in full"},
		{"alias", "campaign: &c frontier\nplayer: *c\n", lc(1, 11), "anchor &c is not allowed", ""},
		{"undefined alias", header + "  - move: {fleet: *f, path: [vega]}\n", lc(6, 19), "aliases (*name) are not allowed", ""},
		{"billion laughs", billionLaughs(), lc(1, 4), "anchor &a is not allowed", ""},
		{"custom tag", strings.Replace(header, "turn: 3", "turn: !int 3", 1), lc(3, 7), "tag !int is not allowed", "remove the tag"},
		{"too deep", header + "prefs: " + strings.Repeat("[", 20) + strings.Repeat("]", 20) + "\n", lc(6, 19), "nests deeper than 12 levels", ""},
		{"syntax error", header + "  - move: {fleet: 1st, path: [kessel, vega}\n", lc(6, 0), "a [list] is not closed", "[kessel, vega]"},
		{"syntax error, misaligned item", header + "  - move: {fleet: 1st, path: [vega]}\n - develop: {fleet: 2nd, what: mine}\n", lc(7, 0), "the structure breaks here", "line up keys"},
		{"syntax error, missing comma", header + "  - develop: {fleet: 2nd what: mine}\n", lc(6, 0), "a {mapping} is not closed", ""},
		{"syntax error, unclosed on line one", "campaign: [frontier\n", lc(1, 0), "a [list] is not closed", ""},
		{"syntax error, missing colon", header + "  - move: {fleet: 1st, path: [vega]}\nfinal\n", lc(7, 0), "a key is missing its colon", ""},
		{"syntax error, quoted reply", "> campaign: frontier\n> player: vorn\n", lc(1, 0), "quoted with >", "remove the >"},
		{"syntax error, bad indentation", "campaign: frontier\n  player: vorn\n", lc(2, 0), "a colon appears where a plain value was expected", ""},
		{"syntax error, reserved character", "campaign: @frontier\n", lc(1, 0), "a value starts with a character YAML reserves", "double quotes"},
		{"empty document", "", lc(1, 1), "no orders found", "campaign: frontier"},
		{"only comments", "# my orders\n\n", lc(1, 1), "no orders found", ""},
		{"only a document marker", "---\n...\n", lc(1, 1), "no orders found", ""},
		{"second document", header + "  []\n---\n" + header + "  []\n", lc(7, 1), `a second YAML document starts here with "---"; only one document is read`, "a mail of its own"},
		{"a line of dashes under the orders", header + "  []\n---\nVorn\n", lc(7, 1), `second YAML document starts here`, "remove it and the text after it"},
		{"an empty second document", header + "  []\n---\n", lc(7, 1), `second YAML document starts here`, ""},
		{"text after the end", header + "  []\n...\nfinal: yes\n", lc(7, 1), `the orders end here with "...", but more text follows`, `remove the "..." line or the text after it`},
		{"not a mapping", "please move my fleet to vega\n", lc(1, 1), "the orders must be a YAML mapping", ""},
		{"name too long", header + "  - move: {fleet: " + strings.Repeat("x", 101) + ", path: [vega]}\n", lc(6, 19), "fleet is 101 characters long; the limit is 100", ""},
		{"syntax error, too deep", "a: " + strings.Repeat("[", 10001) + "\n", lc(1, 0), "the text nests too deeply", ""},
		{"oversized input", header + strings.Repeat("# padding padding padding\n", 3000), orders.Pos{}, "the limit is 65536", "without quoted mail"},
		{"CR LF line ends", strings.ReplaceAll(header+"  - mvoe: {fleet: 1st, path: [vega]}\n", "\n", "\r\n"), lc(6, 5), "mvoe", ""},
		{"CR line ends", strings.ReplaceAll(header+"  - mvoe: {fleet: 1st, path: [vega]}\n", "\n", "\r"), lc(6, 5), "mvoe", ""},
		{"position in characters", header + "  - move: {fleet: ünö, path: [vega], x: 1}\n", lc(6, 38), `unknown key "x"`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse([]byte(tc.in))
			ps := problemsOf(t, err)
			if len(ps) == 0 {
				t.Fatalf("parse(%q) = no problems, want one at %v", tc.in, tc.want)
			}
			got := ps[0]
			if got.Pos != tc.want || !strings.Contains(got.Msg, tc.msg) || !strings.Contains(got.Hint, tc.hint) {
				t.Errorf("parse(%q) = %v\nwant at %v: ...%s... (...%s...)", tc.in, ps, tc.want, tc.msg, tc.hint)
			}
		})
	}
}

// TestParseReportsAllProblems checks that one text with several mistakes
// gets all of them, in text order.
func TestParseReportsAllProblems(t *testing.T) {
	in := "campaign: frontier\nplayer: vorn\nturn: three\ntoken: x\nfinal: maybe\norders:\n" +
		"  - mvoe: {fleet: 1st, path: [vega]}\n" +
		"  - move: {fleet: 1st, path: vega}\n" +
		"  - build: {units: [cruiser], mp: 5}\n"
	_, err := parse([]byte(in))
	var got []orders.Pos
	for _, p := range problemsOf(t, err) {
		got = append(got, p.Pos)
	}
	want := []orders.Pos{lc(3, 7), lc(5, 8), lc(7, 5), lc(8, 30), lc(9, 5), lc(9, 35)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Parse positions = %v, want %v\n%v", got, want, err)
	}
}

// TestParseValid checks the parsed values of a valid submission.
func TestParseValid(t *testing.T) {
	in := header +
		"  - move: {fleet: 1st, path: [kessel, tau-ceti, vega]}\n" +
		"  - develop: {fleet: 2nd, what: Mine}\n" +
		"  - build: {units: [cruiser, frigate], fleet: 3rd, mp: 0}\n" +
		"  - build: {units: [scout], fleet: 4th, mp: \"1\"}\n" +
		"final: yes\n" +
		"prefs:\n  explore_bonus: precursor\n" +
		"...\n# after the end: a comment is fine\n"
	sub, err := parse([]byte(in))
	if err != nil {
		t.Fatalf("Parse = %v", err)
	}
	want := &orders.Submission{
		Campaign: "frontier", Player: "vorn", Turn: 3, Token: "8Jq2", Final: true,
		Orders: orders.NewPart([]Order{
			{Pos: lc(6, 5), Kind: &Move{Fleet: "1st", FleetPos: lc(6, 19),
				Path: []campaign.SystemID{"kessel", "tau-ceti", "vega"}, PathPos: []orders.Pos{lc(6, 31), lc(6, 39), lc(6, 49)}}},
			{Pos: lc(7, 5), Kind: &Develop{Fleet: "2nd", What: "mine", FleetPos: lc(7, 22), WhatPos: lc(7, 33)}},
			{Pos: lc(8, 5), Kind: &Build{Units: []campaign.ClassName{"cruiser", "frigate"}, UnitsPos: []orders.Pos{lc(8, 21), lc(8, 30)},
				Fleet: "3rd", FleetPos: lc(8, 47), MP: 0, MPPos: lc(8, 56)}},
			{Pos: lc(9, 5), Kind: &Build{Units: []campaign.ClassName{"scout"}, UnitsPos: []orders.Pos{lc(9, 21)},
				Fleet: "4th", FleetPos: lc(9, 36), MP: 1, MPPos: lc(9, 45)}},
		}),
		Prefs: orders.NewPart(Prefs{ExploreBonus: ExplorePrecursor, ExplorePlanet: campaign.Mineral}),
		Pos: map[string]orders.Pos{"campaign": lc(1, 1), "player": lc(2, 1), "turn": lc(3, 1), "token": lc(4, 1),
			"orders": lc(5, 1), "final": lc(10, 1), "prefs": lc(11, 1)},
	}
	if !reflect.DeepEqual(sub, want) {
		t.Errorf("Parse =\n%s\nwant\n%s", dump(sub), dump(want))
	}
}

// TestParseDefaults checks final, prefs and an empty order list.
func TestParseDefaults(t *testing.T) {
	for _, in := range []string{header + "  []\n", header} {
		sub, err := parse([]byte(in))
		if err != nil {
			t.Fatalf("parse(%q) = %v", in, err)
		}
		if sub.Final || len(listOf(sub)) != 0 || prefsOf(sub).ExploreBonus != ExploreBPV {
			t.Errorf("parse(%q) = %s, want not final, no orders, explore_bonus bpv", in, dump(sub))
		}
	}
}

// TestParseReturnsHeaderWithProblems checks that the moderator learns who
// sent orders with mistakes.
func TestParseReturnsHeaderWithProblems(t *testing.T) {
	sub, err := parse([]byte(header + "  - mvoe: {}\n"))
	if err == nil || sub == nil || sub.Player != "vorn" || sub.Campaign != "frontier" {
		t.Errorf("Parse = %v, %v; want the header and problems", sub, err)
	}
}

// TestParseRefusesASecondDocument: orders with a second YAML document, or
// text after a "..." line, are refused at that line rather than cut short
// without a word; the header of the first is still returned, so the
// moderator knows who sent them, and its own mistakes are listed too. A
// single "---" before the orders, as mail programs write it, is fine.
func TestParseRefusesASecondDocument(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []orders.Pos
	}{
		{"second set of orders", header + "  []\n---\n" + header + "  []\n", []orders.Pos{lc(7, 1)}},
		{"a mistake in the first", header + "  - mvoe: {}\n---\nVorn\n", []orders.Pos{lc(6, 5), lc(7, 1)}},
		{"two leading markers", "---\n---\n" + header + "  []\n", []orders.Pos{lc(1, 1), lc(2, 1)}},
		{"text after the end", header + "  []\n...\n\nfinal: yes\n", []orders.Pos{lc(7, 1)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sub, err := parse([]byte(tc.in))
			var got []orders.Pos
			for _, p := range problemsOf(t, err) {
				got = append(got, p.Pos)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("parse(%q) problems at %v, want %v\n%v", tc.in, got, tc.want, err)
			}
			if tc.want[0].Line > 1 && (sub == nil || sub.Player != "vorn" || sub.Token != "8Jq2") {
				t.Errorf("parse(%q) = %v; want the header of the first document", tc.in, sub)
			}
		})
	}
	if _, err := parse([]byte("---\n" + header + "  []\n...\n# the end\n")); err != nil {
		t.Errorf("parse(orders between --- and ...) = %v, want them accepted", err)
	}
}

// TestParseOrdersPerMailLimit: one mail holds at most MaxOrders orders. More
// is refused with one problem at the orders: key that says how many were
// sent and the limit, and the orders themselves are not read, so 10,000
// broken items cost no more than one.
func TestParseOrdersPerMailLimit(t *testing.T) {
	move := "  - move: {fleet: 1st, path: [kessel]}\n"
	tests := []struct {
		name string
		in   string
		want []string // the problems, "pos: msg"; none means accepted
	}{
		{name: "at the limit", in: header + strings.Repeat(move, orders.MaxOrders)},
		{name: "one over the limit", in: header + strings.Repeat(move, orders.MaxOrders+1),
			want: []string{fmt.Sprintf("5:1: the mail holds %d orders; the limit is %d per mail", orders.MaxOrders+1, orders.MaxOrders)}},
		{name: "10,000 broken orders", in: header + strings.Repeat("- x\n", 10000),
			want: []string{fmt.Sprintf("5:1: the mail holds 10000 orders; the limit is %d per mail", orders.MaxOrders)}},
		{name: "flow style, with other problems", in: "campaign: frontier\nplayer: vorn\nturn: three\norders: [" + strings.Repeat("{}, ", 300) + "{}]\n",
			want: []string{"3:7: turn must be a whole number, not \"three\"", fmt.Sprintf("4:1: the mail holds 301 orders; the limit is %d per mail", orders.MaxOrders)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sub, err := parse([]byte(tc.in))
			var got []string
			for _, p := range problemsOf(t, err) {
				got = append(got, fmt.Sprintf("%s: %s", p.Pos, p.Msg))
				if p.Msg == "" || p.Hint == "" {
					t.Errorf("problem %#v lacks a message or a hint", p)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("parse(%.60q…) problems = %q, want %q", tc.in, got, tc.want)
			}
			if tc.want == nil && (sub == nil || len(listOf(sub)) != orders.MaxOrders) {
				t.Errorf("parse(%.60q…) = %v orders, want %d", tc.in, sub, orders.MaxOrders)
			}
			if tc.want != nil && sub != nil && len(listOf(sub)) != 0 {
				t.Errorf("parse(%.60q…) read %d orders of a list over the limit, want none", tc.in, len(listOf(sub)))
			}
		})
	}
}

// TestParseGolden compares Parse's output for each testdata/parse/*.yaml
// with its .golden file; -update rewrites the golden files.
func TestParseGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/parse/*.yaml")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			sub, err := parse(src)
			var got string
			if err != nil {
				got = formatProblems(problemsOf(t, err))
			} else {
				got = dump(sub)
			}
			golden.Check(t, strings.TrimSuffix(in, ".yaml")+".golden", []byte(got))
		})
	}
}

// formatProblems prints problems as a reply would: position, rule, message
// and hint.
func formatProblems(ps orders.Problems) string {
	var b strings.Builder
	for _, p := range ps {
		if p.Pos.IsZero() {
			b.WriteString("-")
		}
		fmt.Fprintf(&b, "%s", p.Pos)
		if p.Rule != "" {
			fmt.Fprintf(&b, " [%s]", p.Rule)
		}
		fmt.Fprintf(&b, " %s\n", p.Msg)
		if p.Hint != "" {
			fmt.Fprintf(&b, "    hint: %s\n", p.Hint)
		}
	}
	return b.String()
}

// dump prints a submission for golden files and failure messages. The
// token is never printed, only whether it is set.
func dump(s *orders.Submission) string {
	if s == nil {
		return "<nil>\n"
	}
	var b strings.Builder
	for _, k := range []string{"campaign", "player", "turn", "token", "final", "orders", "prefs"} {
		if p, ok := s.Pos[k]; ok {
			fmt.Fprintf(&b, "%s at %s\n", k, p)
		}
	}
	fmt.Fprintf(&b, "campaign %q player %q turn %d token set %v final %v\n", s.Campaign, s.Player, s.Turn, s.Token != "", s.Final)
	fmt.Fprintf(&b, "prefs explore_bonus %q\n", prefsOf(s).ExploreBonus)
	for _, o := range listOf(s) {
		fmt.Fprintf(&b, "%s %s", o.Pos, o.Kind.Name())
		switch k := o.Kind.(type) {
		case *Move:
			fmt.Fprintf(&b, " fleet %q@%s path", k.Fleet, k.FleetPos)
			for i, p := range k.Path {
				fmt.Fprintf(&b, " %q@%s", p, at(k.PathPos, i, orders.Pos{}))
			}
		case *Develop:
			fmt.Fprintf(&b, " fleet %q@%s what %q@%s", k.Fleet, k.FleetPos, k.What, k.WhatPos)
		case *Build:
			fmt.Fprintf(&b, " units")
			for i, u := range k.Units {
				fmt.Fprintf(&b, " %q@%s", u, at(k.UnitsPos, i, orders.Pos{}))
			}
			fmt.Fprintf(&b, " fleet %q@%s mp %d@%s", k.Fleet, k.FleetPos, k.MP, k.MPPos)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// BenchmarkParseBillionLaughs shows that an alias bomb costs no more than
// its text: aliases are refused, never expanded.
func BenchmarkParseBillionLaughs(b *testing.B) {
	src := []byte(billionLaughs())
	for b.Loop() {
		if _, err := parse(src); err == nil {
			b.Fatal("Parse accepted an alias bomb")
		}
	}
}

// BenchmarkParseTenThousandOrders shows that a list over MaxOrders is
// refused without reading its items.
func BenchmarkParseTenThousandOrders(b *testing.B) {
	src := []byte(header + strings.Repeat("- {}\n", 10000))
	for b.Loop() {
		if _, err := parse(src); err == nil {
			b.Fatal("Parse accepted 10,000 orders")
		}
	}
}

// BenchmarkParse measures a typical submission.
func BenchmarkParse(b *testing.B) {
	src := []byte(header + "  - move: {fleet: 1st, path: [kessel, tau-ceti, vega]}\n" +
		"  - develop: {fleet: 2nd, what: mine}\n  - build: {units: [cruiser, frigate], fleet: 3rd, mp: 1}\n")
	for b.Loop() {
		if _, err := parse(src); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzParse checks that Parse never panics, that its error is always
// Problems within bounds, and that it is deterministic.
func FuzzParse(f *testing.F) {
	inputs, _ := filepath.Glob("testdata/parse/*.yaml")
	for _, in := range inputs {
		if src, err := os.ReadFile(in); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte(billionLaughs()))
	f.Add([]byte(header + "  - move: {fleet: 1st, path: [a, b]}\n"))
	f.Add([]byte("a: [[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n"))
	f.Add([]byte(header + strings.Repeat("- {}\n", orders.MaxOrders+1)))
	f.Fuzz(func(t *testing.T, src []byte) {
		sub, err := parse(src)
		if err == nil {
			if sub == nil {
				t.Fatal("Parse = nil, nil")
			}
			return
		}
		var ps orders.Problems
		if !errors.As(err, &ps) {
			t.Fatalf("Parse error %v (%T) is not Problems", err, err)
		}
		if len(ps) == 0 || len(ps) > orders.MaxProblems+1 {
			t.Fatalf("Parse returned %d problems", len(ps))
		}
		lines := lineCount(src) + 1
		for _, p := range ps {
			if p.Msg == "" || p.Line < 0 || p.Line > lines || p.Col < 0 {
				t.Fatalf("bad problem %#v for %d lines", p, lines)
			}
		}
		sub2, err2 := parse(src)
		if !reflect.DeepEqual(sub, sub2) || err.Error() != err2.Error() {
			t.Fatal("Parse is not deterministic")
		}
	})
}

// lc is the position at a line and column.
func lc(line, col int) orders.Pos { return orders.Pos{Line: line, Col: col} }
