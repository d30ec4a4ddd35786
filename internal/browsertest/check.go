package browsertest

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pbemd/pbemd/report"
)

// CheckMails lays out every mail at a phone's width and a desktop's, in
// light and dark mode, and fails the test where a mail reads badly:
//
//   - a line of its text longer than report.MaxLine;
//   - anything of its text or HTML wider than the screen;
//   - a word broken across lines;
//   - a map whose smallest text (report.MapTextSize) is drawn smaller
//     than report.MapMinText CSS pixels, or, on a desktop, not at its
//     own size where the screen has room for it;
//   - an HTML part that shows not exactly one picture of each report's
//     map, wide or for a phone;
//   - a page not light in light mode or not dark in dark mode.
func CheckMails(t *testing.T, bin string, mails []Mail) {
	t.Helper()
	var pages []Page
	inline := map[string]map[string][]byte{}
	for _, m := range mails {
		checkLines(t, m)
		for _, p := range m.Pages() {
			pages = append(pages, p)
			inline[p.Name] = p.Files
		}
	}
	for _, width := range []int{Phone, Desktop} {
		for _, dark := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d px, dark %v", width, dark), func(t *testing.T) {
				for _, l := range Measure(t, bin, pages, width, dark) {
					checkLayout(t, l, inline[l.Page], width, dark)
				}
			})
		}
	}
}

// checkLines fails the test for a line of m's text longer than a mail's.
func checkLines(t *testing.T, m Mail) {
	t.Helper()
	for i, line := range strings.Split(m.Text, "\n") {
		if n := utf8.RuneCountInString(line); n > report.MaxLine {
			t.Errorf("%s: line %d of the text is %d characters, more than %d: %q", m.Name, i+1, n, report.MaxLine, line)
		}
	}
}

// checkLayout fails the test where page l, with its files, reads badly
// at width.
func checkLayout(t *testing.T, l Layout, files map[string][]byte, width int, dark bool) {
	t.Helper()
	if l.ScrollWidth > l.ClientWidth {
		t.Errorf("%s is %d pixels wide on a screen of %d: %s", l.Page, l.ScrollWidth, l.ClientWidth, strings.Join(l.Wide, "; "))
	}
	if len(l.Broken) > 0 {
		t.Errorf("%s breaks words across lines: %q", l.Page, l.Broken)
	}
	maps, pictures := 0, 0
	for _, data := range files {
		if _, ok := report.MapTextSize(data); ok {
			pictures++
		}
	}
	for _, img := range l.Images {
		px, ok := report.MapTextSize(files[img.File])
		if !ok {
			continue
		}
		maps++
		if shown := px * img.Shown / float64(img.Natural); shown < report.MapMinText-0.05 {
			t.Errorf("%s draws %s %.0f of its %d pixels wide: its smallest text, %.1f pixels, shows at %.1f, less than %d",
				l.Page, img.File, img.Shown, img.Natural, px, shown, report.MapMinText)
		}
		if width == Desktop && img.Natural <= report.MapMaxWidth && int(img.Shown+0.5) != img.Natural {
			t.Errorf("%s draws %s %.0f pixels wide on a desktop, not at its own size, %d", l.Page, img.File, img.Shown, img.Natural)
		}
	}
	// Each report's map is a wide picture and a phone's, one of them shown.
	if want := (pictures + 1) / 2; maps != want {
		t.Errorf("%s shows %d maps at %d pixels, want %d", l.Page, maps, width, want)
	}
	if strings.HasSuffix(l.Page, "(HTML)") {
		if lum := luma(l.Background); dark && lum > 60 || !dark && lum < 200 {
			t.Errorf("%s has a background of %s (luma %d) in %s mode", l.Page, l.Background, lum, map[bool]string{true: "dark", false: "light"}[dark])
		}
	}
}

// luma is the brightness, 0 to 255, of a CSS colour "rgb(r, g, b)".
func luma(css string) int {
	var r, g, b int
	if _, err := fmt.Sscanf(strings.ReplaceAll(css, " ", ""), "rgb(%d,%d,%d)", &r, &g, &b); err != nil {
		return -1
	}
	return (299*r + 587*g + 114*b) / 1000
}
