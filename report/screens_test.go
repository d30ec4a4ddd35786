package report_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/internal/browsertest"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
)

// TestMailsReadOnEveryScreen reads every mail the report kit words that
// depends on no ruleset, as a phone of 390 pixels and a desktop of 1,280
// show its text (browsertest.CheckMails): every text that is a mail (the
// GM's answers and notices, the ballots and every other poll mail, the
// players' answers, the extension and battle mails), rejections, the
// GM's welcome and the notices of forged mail. No line is longer than a
// mail's, and nothing is wider than a phone's screen.
func TestMailsReadOnEveryScreen(t *testing.T) {
	t.Parallel() // mostly waits on Chromium
	bin := browsertest.Chromium(t)
	var mails []browsertest.Mail
	add := func(name, text string) { mails = append(mails, browsertest.Mail{Name: name, Text: text}) }
	for _, s := range report.Samples {
		if report.HasSubject(s) {
			_, body := report.Mail(s)
			add(fmt.Sprintf("%T", s), body)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(report.Variants)) {
		if s := report.Variants[name]; report.HasSubject(s) {
			_, body := report.Mail(s)
			add(name, body)
		}
	}
	src := "campaign: frontier\nplayer: vorn\nturn: 3\norders:\n  - move: {fleet: 1st, path: [" + strings.Repeat("nowhere, ", 20) + "vgea]}   # " + strings.Repeat("x", 300) + "\n"
	_, rejection := report.RenderRejection(&report.Rejection{Campaign: "frontier", Source: []byte(src), SourceName: "the mail body",
		Problems: orders.Problems{{Pos: orders.Pos{Line: 5, Col: 200}, Rule: "EaW 5a", Msg: `there is no system "vgea"`, Hint: "did you mean vega?"}},
		OnFile:   "Your orders received Mon 23 Nov 2026 12:00 UTC stay on file."})
	add("rejection", rejection)
	_, gm := report.RenderGMWelcome(&report.GMWelcome{Title: "Frontier Wars", Campaign: "frontier", Turn: 1,
		Deadline: "Thu 26 Nov 2026 20:00 CET (19:00 UTC)", Address: "moderator@example.test", Token: "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567", Player: "vorn"})
	add("GM's welcome", gm)
	_, forged := report.RenderForgedNotice(&report.ForgedNotice{Title: "Frontier Wars", Campaign: "frontier", Address: "vorn@example.org",
		Player: "vorn", ToGM: true, Count: 3, First: "Mon 23 Nov 2026 13:00 CET (12:00 UTC)", Latest: "Tue 24 Nov 2026 09:15 CET (08:15 UTC)",
		Check: "dmarc=fail by mx.example.org"})
	add("forged mail", forged)
	browsertest.CheckMails(t, bin, mails)
}
