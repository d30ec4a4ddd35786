package report

import "testing"

func TestWrap(t *testing.T) {
	tests := []struct {
		text  string
		width int
		lead  string
		want  string
	}{
		{"", 10, "# ", "#\n"},
		{"  \t ", 10, "", "\n"},
		{"one", 10, "# ", "# one\n"},
		{"one two three four", 10, "# ", "# one two\n# three\n# four\n"},
		{"exactly ten", 11, "", "exactly ten\n"},
		{"exactly ten", 10, "", "exactly\nten\n"},
		{"a muchlongerthanwidth word", 8, "> ", "> a\n> muchlongerthanwidth\n> word\n"},
		{"  spaced\n\nout\twords  ", 20, "  ", "  spaced out words\n"},
		{"ünïcödé wörds here", 12, "", "ünïcödé\nwörds here\n"},
	}
	for _, tc := range tests {
		if got := Wrap(tc.text, tc.width, tc.lead); got != tc.want {
			t.Errorf("Wrap(%q, %d, %q) = %q, want %q", tc.text, tc.width, tc.lead, got, tc.want)
		}
	}
}
