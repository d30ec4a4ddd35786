package yamldoc

import "testing"

func TestSplit(t *testing.T) {
	tests := []struct {
		name, in, first string
		extra           Extra
	}{
		// One document.
		{"no markers", "a: 1\nb: 2\n", "a: 1\nb: 2\n", Extra{}},
		{"empty", "", "", Extra{}},
		{"leading ---", "---\na: 1\n", "---\na: 1\n", Extra{}},
		{"--- after comments and a directive", "# mine\n%YAML 1.2\n\n--- # start\na: 1\n", "# mine\n%YAML 1.2\n\n--- # start\na: 1\n", Extra{}},
		{"--- after a byte order mark", "\uFEFF---\na: 1\n", "\uFEFF---\na: 1\n", Extra{}},
		{"... at the end", "a: 1\n...\n", "a: 1\n", Extra{}},
		{"... and comments", "a: 1\n...\n\n# bye\n...\n", "a: 1\n", Extra{}},
		{"indented markers are content", "a: |\n  ---\n  ...\n", "a: |\n  ---\n  ...\n", Extra{}},
		{"longer dashes are no marker", "a: 1\n-----Original Message-----\n", "a: 1\n-----Original Message-----\n", Extra{}},

		// More than one.
		{"--- after content", "a: 1\n---\nb: 2\n", "a: 1\n", Extra{2, "---"}},
		{"--- at the end", "a: 1\n---\n", "a: 1\n", Extra{2, "---"}},
		{"--- with a comment", "a: 1\n--- # next\n", "a: 1\n", Extra{2, "---"}},
		{"two leading ---", "---\n---\na: 1\n", "---\n", Extra{2, "---"}},
		{"content after ...", "a: 1\n...\n\nb: 2\n", "a: 1\n", Extra{2, "..."}},
		{"--- after ...", "a: 1\n...\n---\nb: 2\n", "a: 1\n", Extra{2, "..."}},
		{"CR LF lines", "a: 1\r\n\r\n---\r\nb: 2\r\n", "a: 1\r\n\r\n", Extra{3, "---"}},
		{"CR lines", "a: 1\r---\r", "a: 1\r", Extra{2, "---"}},
		{"NEL, LS and PS lines", "a: 1\u0085b: 2\u2028c: 3\u2029---\n", "a: 1\u0085b: 2\u2028c: 3\u2029", Extra{4, "---"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			first, extra := Split([]byte(tc.in))
			if string(first) != tc.first || extra != tc.extra {
				t.Errorf("Split(%q) = %q, %+v; want %q, %+v", tc.in, first, extra, tc.first, tc.extra)
			}
		})
	}
}
