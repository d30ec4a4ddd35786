package report

import (
	"fmt"
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

// TestShellMapSizes: the shell's map shows the phone's picture up to
// MapBreakpoint and never wider than its pixels at the phone's density,
// as its numbers, written in the template, say.
func TestShellMapSizes(t *testing.T) {
	page, err := ExecuteHTML(HTMLShell(), "map", NewMapPictures("cid:map.png", "cid:map-phone.png", "The map"))
	if err != nil {
		t.Fatal(err)
	}
	head, err := ExecuteHTML(HTMLShell(), "page-top", "t")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{fmt.Sprintf("max-width:%dpx", PhoneMapWidth*phoneScale), `class="pb-map-wide"`, `class="pb-map-phone"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the shell's map lacks %q:\n%s", want, page)
		}
	}
	if want := fmt.Sprintf("@media (max-width: %dpx)", MapBreakpoint); !strings.Contains(head, want) {
		t.Errorf("the shell's page lacks %q", want)
	}
	wideOnly, err := ExecuteHTML(HTMLShell(), "map", NewMapPictures("map.png", "", "The map"))
	if err != nil || strings.Contains(wideOnly, "pb-map-") {
		t.Errorf("a map without a phone's picture is hidden on a narrow screen (%v):\n%s", err, wideOnly)
	}
}
