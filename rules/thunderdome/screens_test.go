package thunderdome_test

import (
	"fmt"
	"testing"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/browsertest"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// TestMailsReadOnEveryScreen reads every kind of mail Thunderdome IV
// sends, as a phone of 390 pixels and a desktop of 1,280 show it, light
// and dark (browsertest.CheckMails): the report mails of every player
// after turns of the golden campaign with battles, retreats, shipyards
// and a non-player empire, the reports of the turn that opens and of the
// others; one under the vision house rule; one of a campaign that is
// over; one whose player's name is 500 characters without a space; a
// daily digest; the welcome and a confirmation. With -update it keeps a
// screenshot of the report that opens the turn after the last at each
// width in docs/screens.
func TestMailsReadOnEveryScreen(t *testing.T) {
	t.Parallel() // mostly waits on Chromium
	bin := browsertest.Chromium(t)
	var views []game.View
	shown := 0 // the report that opens the turn after the last
	for _, turn := range []string{"04", "08", "12", "16"} {
		_, vs := goldenViews(t, turn)
		for _, v := range vs {
			if v.Player == v.Current {
				shown = len(views)
			}
			views = append(views, v)
		}
	}
	vst := visionStart(t)
	vx := ext(t, vst)
	far := viewOf(t, resolve(vst, parse(t, vst, vx.Order[0], "  - buy: {order_points: 1}\n")), farthest(t, vst, vx.Order[0]))
	long, ended := *views[len(views)-1].(*thunderdome.View), *views[len(views)-2].(*thunderdome.View)
	long.Name = browsertest.LongName
	ended.Ended, ended.Winner = true, ended.Player
	mails := browsertest.Reports(t, rs, append(views, far, &long, &ended))
	first := []game.View{views[0], views[4], views[8]} // the first player's, oldest first
	mails = append(mails, browsertest.Digest(t, rs, first))
	mails = append(mails, tdWelcomeAndConfirmation(t)...)
	browsertest.CheckMails(t, bin, mails)
	if golden.Updating() {
		browsertest.KeepScreens(t, bin, mails[shown], "../../docs/screens/thunderdome")
	}
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
