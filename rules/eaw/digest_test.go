package eaw

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/report"
)

func digestItems(t *testing.T) []DigestItem {
	return []DigestItem{{frontierView(t, "vorn"), textDeadline}, {battleView(), textDeadline}, {endedView(), textDeadline}}
}

// TestRenderDigestGolden: a digest holds every report in order, each as
// its own report reads, under one heading, with the mail preferences once
// at the end.
func TestRenderDigestGolden(t *testing.T) {
	prefs := campaign.MailPrefs{Digest: "06:00"}
	d, err := RenderDigest(digestItems(t), mailZone, "orders.schema.json", prefs, "")
	if err != nil {
		t.Fatal(err)
	}
	if want := "[frontier] Daily digest: the turn 1, 4 and 45 reports"; d.Subject != want {
		t.Errorf("digest subject %q, want %q", d.Subject, want)
	}
	golden.Check(t, "testdata/digest/vorn.txt.golden", []byte(d.Text))
	last := -1
	for i, it := range digestItems(t) {
		text := RenderText(it.View, it.Deadline, mailZone)
		at := strings.Index(d.Text, text)
		if at <= last {
			t.Errorf("the digest text lacks report %d as it reads alone, or has it out of order", i+1)
		}
		last = at
		page, err := report.ExecuteHTML(htmls, "report.tmpl",
			newHTMLReport(it.View, it.Deadline, mailZone, mapPictures("cid:"+report.DigestMapCID(i), "cid:"+report.DigestPhoneMapCID(i))))
		if err != nil {
			t.Fatal(err)
		}
		if card := reportCard(t, page); strings.Count(d.HTML, card) != 1 {
			t.Errorf("the digest HTML lacks report %d's card as its own report shows it", i+1)
		}
		if len(d.Reports[i].Map) == 0 || len(d.Reports[i].PhoneMap) == 0 || len(d.Reports[i].JSON) == 0 {
			t.Errorf("digest report %d has no map or no JSON", i+1)
		}
	}
	for what, n := range map[string]int{"YOUR MAIL": strings.Count(d.Text, "YOUR MAIL"), "<html": strings.Count(d.HTML, "<html"),
		"Your mail": strings.Count(d.HTML, ">Your mail</h2>")} {
		if n != 1 {
			t.Errorf("the digest has %s %d times, want once", what, n)
		}
	}
	if strings.Contains(d.HTML, `"cid:`+MapCID+`"`) {
		t.Errorf("the digest HTML points at %s, which one map alone has in a report mail", MapCID)
	}
	again, err := RenderDigest(digestItems(t), mailZone, "orders.schema.json", prefs, "")
	if err != nil || again.Text != d.Text || again.HTML != d.HTML {
		t.Errorf("RenderDigest differs between two calls (%v)", err)
	}
}

// reportCard cuts a report page down to the content of its card.
func reportCard(t *testing.T, page string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)<td style="padding:14px 8px;text-align:left;">(.*)\n\n</td>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the report page has no card")
	}
	return m[1]
}

// TestRenderTextOnlyDigest: a text-only player's digest has no HTML and
// no maps.
func TestRenderTextOnlyDigest(t *testing.T) {
	d, err := RenderDigest(digestItems(t), mailZone, "orders.schema.json", campaign.MailPrefs{TextOnly: true, Digest: "06:00"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if d.HTML != "" {
		t.Error("a text-only digest has HTML")
	}
	for i, r := range d.Reports {
		if r.Map != nil {
			t.Errorf("report %d of a text-only digest has a map", i+1)
		}
	}
}

// TestDigestOfStoredReportsReadsAsMade: a report held as JSON in the store
// renders as it would have when it was made.
func TestDigestOfStoredReportsReadsAsMade(t *testing.T) {
	prefs := campaign.MailPrefs{Digest: "06:00"}
	want, err := RenderDigest(digestItems(t), mailZone, "orders.schema.json", prefs, "")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(digestItems(t))
	if err != nil {
		t.Fatal(err)
	}
	var stored []DigestItem
	if err := json.Unmarshal(raw, &stored); err != nil {
		t.Fatal(err)
	}
	got, err := RenderDigest(stored, mailZone, "orders.schema.json", prefs, "")
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != want.Text || got.HTML != want.HTML {
		t.Error("a digest of reports read back from JSON differs from one of the reports as made")
	}
	for i := range got.Reports {
		g, w := got.Reports[i], want.Reports[i]
		if !bytes.Equal(g.JSON, w.JSON) || !bytes.Equal(g.Orders, w.Orders) || !bytes.Equal(g.Map, w.Map) {
			t.Errorf("report %d's JSON, order template or map differs once read back", i+1)
		}
	}
}
