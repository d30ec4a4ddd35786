package workflow

import (
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/store"
)

// TestMovedMails: a campaign moved here tells each player still in it,
// and the GM, to write to this daemon's address, with what the campaign
// waits on now: a player's own deadline while it runs, the pause while it
// is paused; the player who left hears nothing. Where this daemon serves
// pages, each player gets their page's link here, and the GM none.
func TestMovedMails(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	pages := NewPages("https://two.example.org", make([]byte, PageKeyBytes))
	m := New(Config{Address: "moderator@two.example.org", Domain: "two.example.org", Clock: clocktest.New(now), Pages: pages})
	due := now.Add(48 * time.Hour)
	c := &store.Campaign{ID: "frontier", Title: "Frontier Wars", Turn: 3, Status: store.Running,
		Schedule: campaign.Schedule{TimeZone: "Europe/Berlin"}, GM: store.Contact{Email: "gm@example.test"},
		Players: []store.Seat{
			{Player: "vorn", Email: "vorn@example.test", Deadline: due},
			{Player: "ashari", Email: "ashari@example.test", TimeZone: "America/New_York", Deadline: due},
			{Player: "tekkar", Email: "tekkar@example.test", Out: "resigned"},
		}}
	mails := m.MovedMails(c, "moved.frontier.1")
	var to []string
	for _, o := range mails {
		to = append(to, o.Msg.To[0].Email)
		if o.Purpose != "moved" || o.Msg.From.Email != "moderator@two.example.org" {
			t.Errorf("mail to %v: purpose %q from %s", o.Msg.To, o.Purpose, o.Msg.From.Email)
		}
	}
	if got := strings.Join(to, " "); got != "vorn@example.test ashari@example.test gm@example.test" {
		t.Errorf("moved mails to %s, want vorn, ashari and the GM", got)
	}
	for i, want := range []string{"your orders are due by Fri 4 Dec 2026 13:00 CET (12:00 UTC)",
		"your orders are due by Fri 4 Dec 2026 07:00 EST (12:00 UTC)", "it falls due by Fri 4 Dec 2026 13:00 CET (12:00 UTC)"} {
		if !strings.Contains(mails[i].Msg.Text, want) {
			t.Errorf("mail to %s:\n%s\nwant %q", to[i], mails[i].Msg.Text, want)
		}
	}
	for i, s := range c.Players[:2] {
		if link := pages.Link(c.ID, &s); !strings.Contains(mails[i].Msg.Text, "\n  "+link+"\n") {
			t.Errorf("mail to %s:\n%s\nwant their page's link %s", to[i], mails[i].Msg.Text, link)
		}
	}
	if gm := mails[2].Msg.Text; strings.Contains(gm, "https://") {
		t.Errorf("the GM's mail gives a page's link:\n%s", gm)
	}
	c.Status = store.Paused
	for _, o := range m.MovedMails(c, "moved.frontier.2") {
		if !strings.Contains(o.Msg.Text, "paused until the GM resumes it") || strings.Contains(o.Msg.Text, "due by") {
			t.Errorf("mail to %s of a paused campaign:\n%s", o.Msg.To[0].Email, o.Msg.Text)
		}
	}
}
