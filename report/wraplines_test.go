package report

import (
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/internal/golden"
)

func TestWrapLines(t *testing.T) {
	long := strings.Repeat("word ", 20)
	tests := []struct {
		name, in, want string
	}{
		{"short lines stay, columns and all", "  Fleet    At\n  1st      Drakkar\n", "  Fleet    At\n  1st      Drakkar\n"},
		{"prose", long, "word word word word word word word word word word word word word word word\nword word word word word"},
		{"indented prose", "  " + long,
			"  word word word word word word word word word word word word word word word\n  word word word word word"},
		{"list item hangs under its text", "  - " + long,
			"  - word word word word word word word word word word word word word word word\n    word word word word word"},
		{"numbered item", "10. " + long,
			"10. word word word word word word word word word word word word word word word\n    word word word word word"},
		{"table row goes on under its last column",
			"  1st      Meridian           270  destroyer, cruiser (damaged: 4 structure, 1 attack) [Legendary Officer Kell Varro]",
			"  1st      Meridian           270  destroyer, cruiser (damaged: 4 structure, 1\n" +
				"                                   attack) [Legendary Officer Kell Varro]"},
		{"a last column too far right hangs under the row",
			"  a-rather-long-first-column-of-the-table         a second column that runs on and on past the end",
			"  a-rather-long-first-column-of-the-table a second column that runs on and on\n  past the end"},
		{"a trailing comment goes on as comments under it",
			"  - move: {fleet: 1st, path: [drakkar, ferrum, mistral]}   # 1 point; jump drakkar → ferrum is free: it starts at your developed colony (EaW 5b)",
			"  - move: {fleet: 1st, path: [drakkar, ferrum, mistral]}   # 1 point; jump\n" +
				"    # drakkar → ferrum is free: it starts at your developed colony (EaW 5b)"},
		{"a comment near the left goes on in its column",
			"  - scrap: {fleet: 1st}   # " + long,
			"  - scrap: {fleet: 1st}   # word word word word word word word word word word\n" +
				"                          # word word word word word word word word word word"},
		{"a comment line goes on as a comment", "  # - develop: {fleet: 2nd, what: mine}     # 1 point, at a mineral planet (EaW 12.0)",
			"  # - develop: {fleet: 2nd, what: mine}     # 1 point, at a mineral planet\n" +
				"  #                                         # (EaW 12.0)"},
		{"a flow collection goes on deeper", "  - move: {fleet: 1st, path: [drakkar, ferrum, mistral, meridian, eastgate, hollow, pyre]}",
			"  - move: {fleet: 1st, path: [drakkar, ferrum, mistral, meridian, eastgate,\n        hollow, pyre]}"},
		{"a word longer than a line is split", "name: " + strings.Repeat("n", 100),
			"name: " + strings.Repeat("n", 72) + "\n" + strings.Repeat("n", 28)},
		{"characters, not bytes", strings.Repeat("ж", 78) + "\n", strings.Repeat("ж", 78) + "\n"},
		{"deep indentation is dropped", strings.Repeat(" ", 60) + long,
			"word word word word word word word word word word word word word word word\nword word word word word"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := WrapLines(tc.in)
			if got != tc.want {
				t.Errorf("WrapLines(%q) =\n%s\nwant\n%s", tc.in, got, tc.want)
			}
			checkLines(t, got)
		})
	}
}

// TestWrapLines_yaml: orders quoted in a mail mean the same YAML wrapped.
func TestWrapLines_yaml(t *testing.T) {
	in := "orders:\n" +
		"  - move: {fleet: 1st, path: [drakkar, ferrum, mistral, meridian, eastgate, hollow, pyre, grist]}   # 7 points; the jump drakkar → ferrum is free (EaW 5b)\n" +
		"  # - develop: {fleet: 2nd, what: mine}     # 1 point, at a mineral planet (EaW 12.0), where your fleet stands\n" +
		"  - build: {units: [cruiser, frigate, frigate, frigate, frigate, destroyer], fleet: 7th, mp: 1}\n" +
		"prefs:\n  explore_bonus: bpv   # take the BPV rather than a roll for a precursor object (EaW 16a, 16b)\n"
	var want, got any
	if err := yaml.Unmarshal([]byte(in), &want); err != nil {
		t.Fatal(err)
	}
	wrapped := WrapLines(in)
	checkLines(t, wrapped)
	if err := yaml.Unmarshal([]byte(wrapped), &got); err != nil {
		t.Fatalf("the wrapped orders are not YAML: %v\n%s", err, wrapped)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the wrapped orders read %v, want %v\n%s", got, want, wrapped)
	}
}

// checkLines fails the test for a line longer than MaxLine.
func checkLines(t *testing.T, text string) {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if n := utf8.RuneCountInString(l); n > MaxLine {
			t.Errorf("line %d is %d characters long, more than %d: %q", i+1, n, MaxLine, l)
		}
	}
}

// FuzzWrapLines: every line wrapped is at most MaxLine characters, and
// wrapping loses nothing but spaces (and adds nothing but spaces and the
// hash marks of comment lines).
func FuzzWrapLines(f *testing.F) {
	for _, s := range []string{"", "a b", strings.Repeat("word ", 30), "  - x: {a: 1}   # " + strings.Repeat("c ", 50),
		"  # " + strings.Repeat("z", 200), strings.Repeat("  ", 50) + "- " + strings.Repeat("y ", 50)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !utf8.ValidString(in) || strings.ContainsAny(in, "\r\t") {
			return
		}
		out := WrapLines(in)
		checkLines(t, out)
		ink := func(s string) string {
			return strings.Map(func(r rune) rune {
				if unicode.IsSpace(r) || r == '#' {
					return -1
				}
				return r
			}, s)
		}
		if ink(out) != ink(in) {
			t.Errorf("WrapLines(%q) = %q: the text changed", in, out)
		}
	})
}

// checkMail compares the text of a mail with its golden file, and fails
// the test for a line longer than MaxLine.
func checkMail(t *testing.T, path, text string) {
	t.Helper()
	golden.Check(t, path, []byte(text))
	checkLines(t, text)
}

// BenchmarkWrapLines wraps a line of a megabyte, as a message relayed from
// a player may hold: one word, and words with gaps of a table. Each takes
// time in proportion to its length.
func BenchmarkWrapLines(b *testing.B) {
	for name, line := range map[string]string{"word": strings.Repeat("x", 1<<20), "gaps": strings.Repeat("ab  ", 1<<18)} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				WrapLines(line)
			}
		})
	}
}
