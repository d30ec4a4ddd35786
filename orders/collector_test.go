package orders

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestProblemError checks the one-line form of a problem: the file's
// "file:line:col: msg" for the command line, and the mail's
// "line:col: rule: msg; hint" for the audit log.
func TestProblemError(t *testing.T) {
	tests := []struct {
		p    Problem
		want string
	}{
		{Problem{File: "f.yaml", Pos: Pos{3, 7}, Msg: "bad"}, "f.yaml:3:7: bad"},
		{Problem{File: "f.yaml", Pos: Pos{Line: 3}, Msg: "bad"}, "f.yaml:3: bad"},
		{Problem{File: "f.yaml", Msg: "bad"}, "f.yaml: bad"},
		{Problem{File: "f.yaml", Pos: Pos{3, 7}, Msg: "bad", Hint: "write good"}, "f.yaml:3:7: bad; write good"},
		{Problem{Pos: Pos{6, 31}, Rule: "EaW 5a", Msg: "no lane", Hint: "lanes lead to: vega"}, "6:31: EaW 5a: no lane; lanes lead to: vega"},
		{Problem{Msg: "bad"}, "bad"},
	}
	for _, tc := range tests {
		if got := tc.p.Error(); got != tc.want {
			t.Errorf("%#v.Error() = %q, want %q", tc.p, got, tc.want)
		}
	}
	ps := Problems{tests[0].p, tests[1].p}
	if got, want := ps.Error(), "f.yaml:3:7: bad\nf.yaml:3: bad"; got != want {
		t.Errorf("Problems.Error() = %q, want %q", got, want)
	}
}

// TestCollectorErr checks that problems come back in text order, named by
// the file, and capped.
func TestCollectorErr(t *testing.T) {
	c := &Collector{File: "f.yaml"}
	if err := c.Err(); err != nil {
		t.Fatalf("Err() with no problems = %v, want nil", err)
	}
	c.Add(Pos{2, 1}, "", "second", "")
	c.Add(Pos{}, "", "whole file", "")
	c.Add(Pos{1, 5}, "", "first", "")
	want := "f.yaml: whole file\nf.yaml:1:5: first\nf.yaml:2:1: second"
	if got := c.Err().Error(); got != want {
		t.Errorf("Err() = %q, want %q", got, want)
	}
	for i := range MaxProblems + 10 {
		c.Add(Pos{Line: 10 + i}, "", "more", "")
	}
	var ps Problems
	if !errors.As(c.Err(), &ps) || len(ps) != MaxProblems+1 || ps[MaxProblems].Msg != "13 more problems are not listed" || ps[MaxProblems].File != "f.yaml" {
		t.Errorf("Err() with %d problems = %d problems, last %+v; want %d and a count of the rest", c.Len(), len(ps), ps[len(ps)-1], MaxProblems+1)
	}
}

// TestSuggest checks the one threshold of "did you mean": a third of the
// word in edits, at least one from three characters on, none below.
func TestSuggest(t *testing.T) {
	tests := []struct {
		word  string
		known []string
		want  string
	}{
		{"vgea", []string{"kessel", "vega", "tau-ceti"}, "vega"},
		{"Kessel", []string{"kessel", "vega"}, "kessel"},
		{"crusier", []string{"cruiser", "destroyer"}, "cruiser"},
		{"mvoe", []string{"move", "develop"}, "move"},
		{"visoin", []string{"turns", "budget", "vision"}, "vision"},
		{"1sst", []string{"1st", "2nd", "3rd"}, "1st"},
		{"battleship", []string{"cruiser", "destroyer"}, ""},
		{"A3", []string{"A1", "A2"}, ""},
		{"a1", []string{"A1", "A2"}, "A1"},
		{"x", []string{"y"}, ""},
		{"", []string{"a"}, ""},
		{"tau", []string{"tau-ceti"}, ""},
	}
	for _, tc := range tests {
		var c Collector
		got, ok := c.Suggest(tc.word, tc.known)
		if got != tc.want && ok || ok != (tc.want != "") {
			t.Errorf("Suggest(%q, %q) = %q, %v; want %q", tc.word, tc.known, got, ok, tc.want)
		}
	}
}

// TestSuggestBudget: a text full of typos against a long list stops
// getting suggestions once its budget of comparisons is spent, instead of
// taking quadratic time.
func TestSuggestBudget(t *testing.T) {
	known := make([]string, 10000)
	for i := range known {
		known[i] = fmt.Sprintf("system-%d", i)
	}
	var c Collector
	suggested := 0
	for range 1000 {
		if _, ok := c.Suggest("system-1x", known); ok {
			suggested++
		}
	}
	if want := suggestBudget / len(known); suggested != want {
		t.Errorf("Suggest gave %d suggestions from 10000 names, want %d, then none", suggested, want)
	}
}

// node parses src and returns its top node for the decoding tests.
func node(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var c Collector
	top, _, ok := c.Document([]byte(src), MaxDepth)
	if !ok || top == nil {
		t.Fatalf("Document(%q) = %v, %v, %v", src, top, ok, c.Err())
	}
	return top
}

// TestCollectorMapping checks the strict mapping both orders and files use.
func TestCollectorMapping(t *testing.T) {
	tests := []struct {
		name, in string
		want     string // the problems, or "" for none
	}{
		{"known keys", "{name: Dana, email: d@example.org}", ""},
		{"unknown key with a near one", "{name: Dana, emial: d@example.org}", `1:14: unknown key "emial" in gm; did you mean "email"? keys in gm: name, email`},
		{"unknown key", "{phone: 555}", `1:2: unknown key "phone" in gm; keys in gm: name, email`},
		{"known mistake", "{password: x}", `1:2: unknown key "password" in gm; keep passwords out of files`},
		{"merge key", "{<<: {name: Dana}}", `1:2: unknown key "<<" in gm; merge keys (<<) are not allowed; write the keys out in full`},
		{"repeated key", "{name: a, name: b}", `1:11: key "name" is given twice; the first is at 1:2; keep only one of them`},
		{"key not a name", "{[a]: b}", `1:2: a key must be a plain name, not a list; keys in gm: name, email`},
		{"not a mapping", "[name]", `1:1: gm must be a mapping, not a list`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &Collector{KeyHints: map[string]string{"password": "keep passwords out of files"}}
			f, ok := c.Mapping(node(t, tc.in), "gm", "name", "email")
			got := ""
			if err := c.Err(); err != nil {
				got = err.Error()
			}
			if got != tc.want || ok != (tc.name != "not a mapping") {
				t.Errorf("Mapping(%s) = %v, %q; want %q", tc.in, ok, got, tc.want)
			}
			if v := f.Value("name"); tc.want == "" && (v == nil || v.Value != "Dana") {
				t.Errorf("Mapping(%s).Value(name) = %v, want Dana", tc.in, v)
			}
		})
	}
}

// TestCollectorValues checks the scalar readers: lenient where a user's
// meaning is plain ("3" is 3, yes is true), strict about lists and blanks.
func TestCollectorValues(t *testing.T) {
	top := node(t, `{n: 3, q: "3", f: 1.5, s: three, y: yes, b: true, e: , blank: "  ", l: [a], t: " Frontier "}`)
	f, _ := (&Collector{}).Mapping(top, "test", "n", "q", "f", "s", "y", "b", "e", "blank", "l", "t")
	var c Collector
	check := func(what string, got, want any, ok bool, wantOK bool) {
		t.Helper()
		if got != want || ok != wantOK {
			t.Errorf("%s = %v, %v; want %v, %v", what, got, ok, want, wantOK)
		}
	}
	v, ok := c.Int(f.Value("n"), "n", "")
	check("Int(3)", v, 3, ok, true)
	v, ok = c.Int(f.Value("q"), "q", "")
	check(`Int("3")`, v, 3, ok, true)
	v, ok = c.Int(f.Value("f"), "f", "f: 2")
	check("Int(1.5)", v, 0, ok, false)
	v, ok = c.Int(nil, "absent", "")
	check("Int(absent)", v, 0, ok, false)
	b, ok := c.Bool(f.Value("y"), "y")
	check("Bool(yes)", b, true, ok, true)
	b, ok = c.Bool(f.Value("s"), "s")
	check("Bool(three)", b, false, ok, false)
	s, ok := c.Scalar(f.Value("t"), "t", "text", "")
	check(`Scalar(" Frontier ")`, s, "Frontier", ok, true)
	s, ok = c.Scalar(f.Value("e"), "e", "text", "")
	check("Scalar(empty)", s, "", ok, false)
	s, ok = c.Scalar(f.Value("blank"), "blank", "text", "blank: x")
	check(`Scalar("  ")`, s, "", ok, false)
	s, ok = c.Scalar(f.Value("l"), "l", "text", "")
	check("Scalar([a])", s, "", ok, false)
	items, ok := c.List(f.Value("e"), "e", "")
	check("List(empty)", len(items), 0, ok, true)
	items, ok = c.List(f.Value("s"), "s", "s: [a, b]")
	check("List(three)", len(items), 0, ok, false)
	want := []string{
		`1:19: f must be a whole number, not "1.5"; for example f: 2`,
		`1:27: s must be true or false, not "three"; for example s: true`,
		`1:27: s must be a list, not "three"; for example s: [a, b]`,
		`1:54: e has no value; write text`,
		`1:63: blank has no value; for example blank: x`,
		`1:72: l must be text, not a list`,
	}
	if got := c.Err().Error(); got != strings.Join(want, "\n") {
		t.Errorf("problems =\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
}
