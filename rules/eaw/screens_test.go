package eaw_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/browsertest"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/scenarios"
)

// screenOpts are the options of the report mails the screen tests read:
// mailed, as HTML with the map and every attachment.
var screenOpts = game.ReportOptions{Deadline: time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC),
	Location: time.FixedZone("CET", 3600), SchemaRef: "orders.schema.json", Mail: &campaign.MailPrefs{}}

// TestMailsReadOnEveryScreen reads every kind of mail Empires at War
// sends, as a phone of 390 pixels and a desktop of 1,280 show it, light
// and dark (browsertest.CheckMails): the report mails of Frontier Wars
// from its start and after four turns of the golden campaign's orders,
// with battles, for every player; one of a campaign that is over; one
// whose player's name is 500 characters without a space, which must wrap
// rather than widen the page; a daily digest; the welcome and a
// confirmation. With -update it keeps a screenshot of a report at each
// width in docs/screens.
func TestMailsReadOnEveryScreen(t *testing.T) {
	t.Parallel() // mostly waits on Chromium
	bin := browsertest.Chromium(t)
	rs := eaw.Ruleset{}
	mails, views := screenReports(t)
	long := *views[len(views)-1].(*eaw.View)
	long.Name = strings.Repeat("Ж", 200) + strings.Repeat("x", 300)
	ended := long
	ended.Name, ended.Ended = "Warlord Drask", true
	for name, v := range map[string]*eaw.View{"a 500-character name": &long, "the campaign is over": &ended} {
		mails = append(mails, reportMail(t, name, v))
	}
	var items []game.DigestItem
	for _, v := range views[len(views)-3:] {
		items = append(items, game.DigestItem{View: v, Deadline: screenOpts.Deadline})
	}
	d, err := rs.Digest(items, screenOpts)
	if err != nil {
		t.Fatal(err)
	}
	mails = append(mails, browsertest.ReportMail("digest", d))
	mails = append(mails, welcomeAndConfirmation(t)...)
	browsertest.CheckMails(t, bin, mails)
	if golden.Updating() { // vorn's report after four turns
		browsertest.KeepScreens(t, bin, mails[len(views)], "../../docs/screens/eaw")
	}
}

// screenReports plays Frontier Wars for four turns on the golden
// campaign's orders and returns the report mails of every player at its
// start and after the last turn, and those views.
func screenReports(t *testing.T) ([]browsertest.Mail, []game.View) {
	t.Helper()
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	rs := eaw.Ruleset{}
	st := sc.State
	views := rs.Observe(st)
	var carried []game.Event
	for range 4 {
		res := rs.Resolve(game.Turn{State: st, Orders: fileOrders(t, st), Carried: carried})
		st, views = res.Next, append(views, res.Views...)
		carried = settleBattles(t, st)
	}
	first, last := views[:len(st.Players)], views[len(views)-len(st.Players):]
	var mails []browsertest.Mail
	for _, v := range append(first, last...) {
		mails = append(mails, reportMail(t, fmt.Sprintf("%s's turn %d report", v.Header().Player, v.Header().Turn), v))
	}
	return mails, last
}

// reportMail is the report mail of a view.
func reportMail(t *testing.T, name string, v game.View) browsertest.Mail {
	t.Helper()
	rep, err := eaw.Ruleset{}.Report(v, screenOpts)
	if err != nil {
		t.Fatal(err)
	}
	return browsertest.ReportMail(name, rep)
}

// welcomeAndConfirmation are vorn's welcome to Frontier Wars and the
// confirmation of orders that move, develop and build.
func welcomeAndConfirmation(t *testing.T) []browsertest.Mail {
	t.Helper()
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	_, welcome := report.RenderWelcome(&report.Welcome{Title: "Frontier Wars", Campaign: "frontier", Player: "vorn",
		Name: "Warlord Drask", Token: "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567", Address: "moderator@example.test",
		GM: "Frontier GM <gm@example.test>", Turn: 1, Deadline: "Thu 26 Nov 2026 20:00 CET (19:00 UTC)",
		Orders: eaw.WelcomeOrders("move: {fleet: 1st, path: [ferrum]}", sc.State.Rules)})
	checked, err := eaw.Ruleset{}.Check(sc.State, fileOrders(t, sc.State)["vorn"])
	if err != nil {
		t.Fatal(err)
	}
	_, confirm := report.RenderConfirmation(&report.Confirmation{Title: "Frontier Wars", Campaign: "frontier", Player: "vorn",
		Turn: 1, Deadline: "Thu 26 Nov 2026 20:00 CET (19:00 UTC)", Echo: checked.Echo(), Summary: checked.Summary(), Final: true})
	return []browsertest.Mail{{Name: "welcome", Text: welcome}, {Name: "confirmation", Text: confirm}}
}
