package eaw_test

import (
	"testing"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/browsertest"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/scenarios"
)

// TestMailsReadOnEveryScreen reads every kind of mail Empires at War
// sends, as a phone of 390 pixels and a desktop of 1,280 show it, light
// and dark (browsertest.CheckMails): the report mails of Frontier Wars
// from its start and after four turns of the golden campaign's orders,
// with battles, for every player; one of a campaign that is over; one
// whose player's name is 500 characters without a space, which must wrap
// rather than widen the page; a daily digest; the welcome and a
// confirmation. With -update it keeps a screenshot of vorn's report
// after four turns at each width in docs/screens.
func TestMailsReadOnEveryScreen(t *testing.T) {
	t.Parallel() // mostly waits on Chromium
	bin := browsertest.Chromium(t)
	views := playedViews(t)
	long := *views[len(views)-1].(*eaw.View)
	long.Name = browsertest.LongName
	ended := long
	ended.Name, ended.Ended = "Warlord Drask", true
	rs := eaw.Ruleset{}
	mails := browsertest.Reports(t, rs, append(views, &long, &ended))
	mails = append(mails, browsertest.Digest(t, rs, []game.View{views[0], views[4]})) // vorn's
	mails = append(mails, welcomeAndConfirmation(t)...)
	browsertest.CheckMails(t, bin, mails)
	if golden.Updating() {
		browsertest.KeepScreens(t, bin, mails[4], "../../docs/screens/eaw")
	}
}

// playedViews plays Frontier Wars for four turns on the golden campaign's
// orders and returns the views of every player at its start and after
// the last turn, in the players' order.
func playedViews(t *testing.T) []game.View {
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
		st, carried = res.Next, settleBattles(t, res.Next)
		if st.Turn == 5 {
			views = append(views, res.Views...)
		}
	}
	return views
}

// welcomeAndConfirmation are vorn's welcome to Frontier Wars and the
// confirmation of vorn's first orders.
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
