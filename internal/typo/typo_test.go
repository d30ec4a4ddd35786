package typo

import "testing"

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"move", "move", 0}, {"mvoe", "move", 1}, {"vgea", "vega", 1},
		{"kessel", "kesel", 1}, {"tau", "tau-ceti", 5}, {"абв", "абг", 1}, {"abc", "", 3},
		{"", "ab", 2}, {"kitten", "sitting", 3},
	}
	for _, tc := range tests {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
	long := string(make([]byte, 100))
	if got := Distance(long, long+"x"); got != 101 {
		t.Errorf("Distance of words past %d runes = %d, want the longer length", maxRunes, got)
	}
}
