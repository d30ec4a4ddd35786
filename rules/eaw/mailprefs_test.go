package eaw

import (
	"html/template"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/report"
)

// mailZone is where the mail footers are read.
var mailZone = mustZone("Europe/Berlin")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// TestReportMailEchoesMailPrefs: every mailed report ends with the
// player's mail preferences and the line to change them, in the text and
// the HTML; a text-only report has neither HTML nor map.
func TestReportMailEchoesMailPrefs(t *testing.T) {
	tests := []struct {
		name  string
		prefs campaign.MailPrefs
		page  string
		says  []string
	}{
		{"default", campaign.MailPrefs{}, "", []string{"text and HTML with the map", "the JSON report, the order template, its schema and any battle logs attached", "as soon as it is ready"}},
		{"text-digest", campaign.MailPrefs{TextOnly: true, Without: []campaign.Attachment{campaign.AttachJSON, campaign.AttachBattles}, Digest: "18:00"}, "",
			[]string{"plain text alone", "the order template and its schema attached", "daily digest at 18:00 (Europe/Berlin)"}},
		{"nothing-attached", campaign.MailPrefs{Without: campaign.Attachments}, "", []string{"text and HTML with the map", "with nothing attached"}},
		{"page", campaign.MailPrefs{}, "https://pbem.example.org/p/frontier/vorn/AAAAAAAAAAAAAAAAAAAAAAAA/",
			[]string{"Your page, only for you", "https://pbem.example.org/p/frontier/vorn/AAAAAAAAAAAAAAAAAAAAAAAA/", "it changes with your token"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := RenderReport(battleView(), textDeadline, mailZone, "orders.schema.json", &tc.prefs, tc.page)
			if err != nil {
				t.Fatal(err)
			}
			_, footer, found := strings.Cut(rep.Text, "\nYOUR MAIL\n")
			if !found {
				t.Fatalf("the text report has no YOUR MAIL footer:\n%s", rep.Text)
			}
			golden.Check(t, "testdata/mail/footer-"+tc.name+".txt.golden", []byte(footer))
			flat := strings.Join(strings.Fields(footer), " ")
			for _, want := range append(tc.says, "send command: mail", "report: text or html", "digest: daily, daily 18:00 or off") {
				if !strings.Contains(flat, want) {
					t.Errorf("the text footer does not say %q:\n%s", want, footer)
				}
			}
			if tc.prefs.TextOnly {
				if rep.HTML != "" || rep.Map != nil {
					t.Errorf("a text-only report has %d bytes of HTML and %d of map, want none", len(rep.HTML), len(rep.Map))
				}
				return
			}
			summary := template.HTMLEscapeString(report.MailSummary(tc.prefs, mailZone))
			if !strings.Contains(rep.HTML, ">Your mail</h2>") || !strings.Contains(rep.HTML, summary) || !strings.Contains(rep.HTML, "send command: mail") {
				t.Errorf("the HTML report does not end with the mail preferences %q", summary)
			}
			if tc.page != "" && !strings.Contains(rep.HTML, `<a href="`+tc.page+`">Open your page</a>`) {
				t.Errorf("the HTML report does not link to the page %s", tc.page)
			}
			if len(rep.Map) == 0 || !strings.Contains(rep.HTML, `src="cid:`+MapCID+`"`) {
				t.Errorf("the HTML report lost its map")
			}
		})
	}
}

// TestReportNotMailedHasNoMailFooter: a report that is not mailed (pbemd
// sim, the GM's copy) says nothing about mail, and reads as before.
func TestReportNotMailedHasNoMailFooter(t *testing.T) {
	rep, err := RenderReport(battleView(), textDeadline, textZone, "orders.schema.json", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Text != RenderText(battleView(), textDeadline, textZone) {
		t.Error("RenderReport(no mail).Text differs from RenderText")
	}
	html, err := report.ExecuteHTML(htmls, "report.tmpl", newHTMLReport(battleView(), textDeadline, textZone, mapPictures("cid:"+MapCID, "cid:"+PhoneMapCID)))
	if err != nil || rep.HTML != html {
		t.Errorf("RenderReport(no mail).HTML differs from RenderHTML (%v)", err)
	}
	if strings.Contains(rep.Text, "YOUR MAIL") || strings.Contains(rep.HTML, "Your mail") {
		t.Error("a report not mailed has a mail footer")
	}
}
