package thunderdome_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/browsertest"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// screenOpts are the options of the report mails the screen tests read:
// mailed, as HTML with the map and every attachment.
var screenOpts = game.ReportOptions{Deadline: time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC),
	Location: time.FixedZone("CET", 3600), SchemaRef: "orders.schema.json", Mail: &campaign.MailPrefs{}}

// TestMailsReadOnEveryScreen reads every kind of mail Thunderdome IV
// sends, as a phone of 390 pixels and a desktop of 1,280 show it, light
// and dark (browsertest.CheckMails): the report mails of every player
// after turns of the golden campaign with battles, retreats, shipyards
// and a non-player empire, the reports of the turn that opens and of the
// others; one under the vision house rule; one of a campaign that is
// over; one whose player's name is 500 characters without a space; a
// daily digest; the welcome and a confirmation. With -update it keeps a
// screenshot of a report at each width in docs/screens.
func TestMailsReadOnEveryScreen(t *testing.T) {
	t.Parallel() // mostly waits on Chromium
	bin := browsertest.Chromium(t)
	var mails []browsertest.Mail
	var last []*thunderdome.View
	shown := 0 // the report that opens the turn after the last
	for _, turn := range []string{"04", "08", "12", "16"} {
		_, views := goldenViews(t, turn)
		for _, v := range views {
			if v.Player == v.Current {
				shown = len(mails)
			}
			mails = append(mails, tdReportMail(t, fmt.Sprintf("%s's turn %d report", v.Player, v.Turn), v))
		}
		last = views
	}
	vst := visionStart(t)
	vx := ext(t, vst)
	far := viewOf(t, resolve(vst, parse(t, vst, vx.Order[0], "  - buy: {order_points: 1}\n")), farthest(t, vst, vx.Order[0]))
	long, ended := *last[0], *last[1]
	long.Name = strings.Repeat("Ж", 200) + strings.Repeat("x", 300)
	ended.Ended, ended.Winner = true, ended.Player
	for name, v := range map[string]game.View{"vision house rule": far, "a 500-character name": &long, "the campaign is over": &ended} {
		mails = append(mails, tdReportMail(t, name, v))
	}
	var items []game.DigestItem
	for _, v := range last[:3] {
		items = append(items, game.DigestItem{View: v, Deadline: screenOpts.Deadline})
	}
	d, err := rs.Digest(items, screenOpts)
	if err != nil {
		t.Fatal(err)
	}
	mails = append(mails, browsertest.ReportMail("digest", d))
	mails = append(mails, tdWelcomeAndConfirmation(t)...)
	browsertest.CheckMails(t, bin, mails)
	if golden.Updating() {
		browsertest.KeepScreens(t, bin, mails[shown], "../../docs/screens/thunderdome")
	}
}

// tdReportMail is the report mail of a view.
func tdReportMail(t *testing.T, name string, v game.View) browsertest.Mail {
	t.Helper()
	rep, err := rs.Report(v, screenOpts)
	if err != nil {
		t.Fatal(err)
	}
	return browsertest.ReportMail(name, rep)
}

// tdWelcomeAndConfirmation are the first player's welcome to the example
// campaign and the confirmation of their first mail of orders.
func tdWelcomeAndConfirmation(t *testing.T) []browsertest.Mail {
	t.Helper()
	st := start(t)
	p := ext(t, st).Order[0]
	_, welcome := report.RenderWelcome(&report.Welcome{Title: st.Title, Campaign: st.Campaign, Player: p,
		Name: st.Player(p).Name, Token: "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567", Address: "moderator@example.test",
		GM: "Thunderdome GM <gm@example.test>", Turn: 1, Deadline: "Thu 26 Nov 2026 20:00 CET (19:00 UTC)",
		Orders: rs.Example(st, p).Orders})
	to := awayFrom(t, st, p)
	checked := check(t, st, parse(t, st, p, fmt.Sprintf("  - move: {fleet: f1, to: %s}\n  - explore: {sector: %s, name: Far Reach}\n", to, to)))
	_, confirm := report.RenderConfirmation(&report.Confirmation{Title: st.Title, Campaign: st.Campaign, Player: p,
		Turn: 1, Deadline: "Thu 26 Nov 2026 20:00 CET (19:00 UTC)", Echo: checked.Echo(), Summary: checked.Summary(),
		Sequential: true})
	return []browsertest.Mail{{Name: "welcome", Text: welcome}, {Name: "confirmation", Text: confirm}}
}
