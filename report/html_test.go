package report

import (
	"strings"
	"testing"
)

func TestBreakLongRuns(t *testing.T) {
	long := strings.Repeat("x", 25)
	tests := []struct {
		name, in, want string
	}{
		{"words stay whole", "<p>Southreach, fortified-only and a fighter-conveyor</p>", "<p>Southreach, fortified-only and a fighter-conveyor</p>"},
		{"a long run breaks every ten", "<td>" + long + " ok</td>", "<td>xxxxxxxxxx<wbr>xxxxxxxxxx<wbr>xxxxx ok</td>"},
		{"an entity is one character", "<b>" + strings.Repeat("&amp;", 21) + "</b>",
			"<b>" + strings.Repeat("&amp;", 10) + "<wbr>" + strings.Repeat("&amp;", 10) + "<wbr>&amp;</b>"},
		{"tags and attributes stay", `<img alt="` + long + `" src="cid:` + long + `">`, `<img alt="` + long + `" src="cid:` + long + `">`},
		{"title and style stay", "<title>" + long + "</title><style>" + long + "</style>", "<title>" + long + "</title><style>" + long + "</style>"},
		{"characters, not bytes", strings.Repeat("Ж", 21), strings.Repeat("Ж", 10) + "<wbr>" + strings.Repeat("Ж", 10) + "<wbr>Ж"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := breakLongRuns(tc.in); got != tc.want {
				t.Errorf("breakLongRuns(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if again := breakLongRuns(breakLongRuns(tc.in)); again != tc.want {
				t.Errorf("breakLongRuns twice = %q, want it as once", again)
			}
		})
	}
}
