package setup

import "testing"

func TestOrdinal(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{1, "1st"}, {2, "2nd"}, {3, "3rd"}, {4, "4th"}, {11, "11th"}, {12, "12th"},
		{13, "13th"}, {21, "21st"}, {22, "22nd"}, {63, "63rd"}, {111, "111th"}, {101, "101st"},
	}
	for _, tc := range tests {
		if got := ordinal(tc.n); got != tc.want {
			t.Errorf("ordinal(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
