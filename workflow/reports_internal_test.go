package workflow

import (
	"reflect"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
)

// TestReportMails_inSeatOrder: the report mails of a turn, rendered all at
// once, are each the mail its player would get rendered alone, in the
// players' order; a view without a seat to report to gets none.
func TestReportMails_inSeatOrder(t *testing.T) {
	reg := rules.Registry()
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, reg)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := reg.Lookup(sc.State.Rules.Preset)
	if err != nil {
		t.Fatal(err)
	}
	res := rs.Resolve(game.Turn{State: sc.State})
	m := &Moderation{rules: reg, clock: clocktest.New(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)), domain: "example.test", address: "pbemd@example.test"}
	c := &store.Campaign{ID: sc.State.Campaign, Rules: rs.Name(), Schedule: sc.Schedule, Turn: res.Next.Turn}
	seats := make([]*store.Seat, len(res.Views))
	for i, p := range res.Next.Players {
		c.Players = append(c.Players, store.Seat{Player: p.ID, Email: string(p.ID) + "@example.test",
			Mail: campaign.MailPrefs{TextOnly: i == 1}, Deadline: time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)})
	}
	for i := range seats {
		if i != 2 {
			seats[i] = &c.Players[i]
		}
	}
	got, err := m.ReportMails(c, res, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range res.Views {
		var want Outgoing
		if seats[i] != nil {
			if want, err = m.ReportMail(c, v, seats[i], nil); err != nil {
				t.Fatal(err)
			}
		}
		if !reflect.DeepEqual(got[i], want) {
			t.Errorf("report mail %d (%s) differs from the one rendered alone", i, v.Header().Player)
		}
	}
}
