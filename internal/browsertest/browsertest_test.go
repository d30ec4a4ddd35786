package browsertest

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
)

// TestMeasureFindsWhatReadsBadly: Measure finds a page wider than the
// screen, a word broken across lines, and how wide a picture is drawn;
// and nothing on a page that reads well. The checks of CheckMails rest
// on it.
func TestMeasureFindsWhatReadsBadly(t *testing.T) {
	t.Parallel()
	bin := Chromium(t)
	tiny, err := report.PaintMap(&report.Map{Title: "t", Systems: []campaign.System{{ID: "a", Name: "Aldor"}}})
	if err != nil {
		t.Fatal(err)
	}
	pages := []Page{
		{Name: "wide", HTML: `<body style="margin:0"><div style="width:1000px">wide</div></body>`},
		{Name: "broken", HTML: `<body style="margin:0"><p style="width:40px;overflow-wrap:anywhere;font:16px sans-serif">unknown planet</p></body>`},
		{Name: "map", HTML: `<body style="margin:0"><img src="map.png" style="width:300px"></body>`, Files: map[string][]byte{"map.png": tiny}},
		{Name: "fine", HTML: `<body style="margin:0"><p>` + strings.Repeat("a fine page ", 40) + `</p></body>`},
		TextMail("long run", strings.Repeat("x", 200)),
	}
	got := Measure(t, bin, pages, Phone, false)
	if l := got[0]; l.ScrollWidth <= l.ClientWidth || len(l.Wide) == 0 {
		t.Errorf("a page 1000 pixels wide measures %d of %d, wide %q", l.ScrollWidth, l.ClientWidth, l.Wide)
	}
	if l := got[1]; len(l.Broken) == 0 {
		t.Error("a word broken in a narrow paragraph is not found")
	}
	if l := got[2]; len(l.Images) != 1 || l.Images[0].File != "map.png" || int(l.Images[0].Shown) != 300 || l.Images[0].Natural <= 300 {
		t.Errorf("a map drawn 300 pixels wide measures %+v", l.Images)
	}
	for _, l := range got[3:] {
		if l.ScrollWidth > l.ClientWidth || len(l.Broken) > 0 {
			t.Errorf("%s reads badly: %+v", l.Page, l)
		}
	}
}
