package moderator_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

// v1File is a data file the last release with one deadline per campaign
// wrote; ../store/testdata/v1-frontier.md says what it holds.
const v1File = "../store/testdata/v1-frontier.db"

// v1Tokens are the players' tokens in v1File.
var v1Tokens = map[campaign.PlayerID]string{
	"vorn":      "EV4W-QNBS-YG74-KJKF-JLOQ-ZWDS-OTLH-BBGK",
	"castellan": "V4HA-2NWI-JFW3-P7XV-L7QO-CJLV-BKTA-RVPC",
	"ashari":    "B76C-2EQS-6SSG-KTX2-FPIR-4OU6-S7RO-EMHB",
	"tekkar":    "5ZRV-VTFI-UHRN-OZ3G-MPZ5-IFLS-I45D-CHPI",
}

// TestV1DataFilePlaysOn: this release's daemon runs on a data file the
// last release wrote, over real IMAP and SMTP. The mails the old daemon
// left queued go out, castellan's new orders replace his draft, the turn
// resolves at the one deadline the file stored, every player gets the
// report, and the file stays sound.
func TestV1DataFilePlaysOn(t *testing.T) {
	skipUnderRace(t)
	deadline := time.Date(2026, time.November, 26, 20, 0, 0, 0, time.UTC)
	clk := clocktest.New(time.Date(2026, time.November, 23, 14, 0, 0, 0, time.UTC))
	ctx, cancel := context.WithCancel(t.Context())
	world := localmail.Start(t, localmail.Options{Domain: "example.test", Clock: clk})
	players := []string{"vorn", "castellan", "ashari", "tekkar"}
	for _, u := range append([]string{"moderator", "gm"}, players...) {
		world.AddUser(u, password)
	}
	h := newHarnessOn(t, ctx, world, clk, storetest.OpenCopy(t, v1File))
	h.tokens = v1Tokens
	// The inbox as the old daemon left it: the four mails it read, which
	// its stored cursor has passed.
	for i, from := range []string{"vorn", "castellan", "castellan", "ashari"} {
		h.send(fmt.Sprintf("From: %s@example.test\nTo: moderator@example.test\nSubject: orders\nMessage-ID: <fx%d@example.test>\n\nread before\n", from, i+1))
	}
	h.mod = h.newModerator()
	h.run(ctx, cancel)

	h.nextQueued("ashari").want(t, "Extension request sent to the GM", "the deadline stays Fri 27 Nov 2026 05:00 JST")
	h.nextQueued("gm").want(t, "ashari asks for 24 more hours for turn 2")

	h.send(h.mailFrom("castellan", h.orders("castellan", 2, true, "move: {fleet: 3rd, path: [verdant]}")))
	h.next("castellan").want(t, "Orders for turn 2 accepted", "They replace the orders you sent earlier", "path: [verdant]",
		"The deadline is Thu 26 Nov 2026 15:00 EST")

	h.advanceTo(deadline)
	for _, p := range players {
		h.next(p).want(t, "Turn 3 report", "Turn 3 (Y165 fall) is open")
	}
	c := h.campaign()
	next := time.Date(2026, time.November, 29, 20, 0, 0, 0, time.UTC)
	if c.Turn != 3 || len(c.DueSeats()) != len(players) || !c.Deadline().Equal(next) {
		t.Errorf("after the deadline: turn %d, %d seats due by %v; want turn 3, all %d due by %v", c.Turn, len(c.DueSeats()), c.Deadline(), len(players), next)
	}
	var exts []*store.Extension
	if err := h.db.View(func(tx *store.Tx) (err error) { exts, err = tx.Extensions("frontier"); return err }); err != nil {
		t.Fatal(err)
	}
	if len(exts) != 1 || exts[0].Status != store.ExtensionLapsed {
		t.Errorf("extensions = %+v, want ashari's request lapsed with its turn", exts)
	}
	h.stop()
	if err := h.db.Check(); err != nil {
		t.Errorf("the data file is unsound after the turn: %v", err)
	}
}
