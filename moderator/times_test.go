package moderator_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/mailtimes"
	"github.com/pbemd/pbemd/report"
)

// wantTimesIn checks that every time a mail shows is in the reader's time
// zone loc, with UTC beside it.
func (r *received) wantTimesIn(t *testing.T, loc *time.Location) {
	t.Helper()
	for _, p := range mailtimes.Check(r.Subject+"\n"+r.body(), loc) {
		t.Errorf("mail %q: %s", r.Subject, p)
	}
}

// readAll waits for the daemon to settle and returns every mail users got
// that the test has not read, checking the times of each in loc.
func (h *harness) readAll(t *testing.T, loc *time.Location, users ...string) []*received {
	t.Helper()
	h.settle()
	var out []*received
	for _, u := range users {
		for h.inboxSize(u) > h.read[u] {
			m := h.next(u)
			m.wantTimesIn(t, loc)
			out = append(out, m)
		}
	}
	return out
}

// newTokyoBattle starts the Thunderdome IV campaign in the time zone of
// Tokyo, with battles its players fight and report, and plays the first
// player's turn into a sector where another's fleet stands: battle T1-B1
// waits. It checks the time of every mail so far, and returns the
// attacker and the defender; each player's report of the turn that waits
// is in h.waiting.
func newTokyoBattle(t *testing.T) (h *harness, tokyo *time.Location, attacker, defender campaign.PlayerID) {
	t.Helper()
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Fatal(err)
	}
	h = newThunderdomeStarted(t, "timezone: UTC", "timezone: Asia/Tokyo", "battles: auto ", "battles: reported ")
	all := append([]string{"gm"}, tdPlayers...)
	for _, u := range all {
		h.next(u).wantTimesIn(t, tokyo)
	}
	for _, p := range tdPlayers {
		h.next(p).wantTimesIn(t, tokyo)
	}
	attacker, to := h.tdCurrent()
	defender = h.tdMeet(attacker, to)
	h.send(h.mailFrom(string(attacker), h.tdOrders(attacker, 1, true, fmt.Sprintf("move: {fleet: f1, to: %s}", to))))
	h.next(string(attacker)).wantTimesIn(t, tokyo)
	h.waiting = map[string]*received{}
	for _, p := range tdPlayers {
		n := 1
		if p == string(attacker) || p == string(defender) {
			n = 2 // the battle mail too, in either order
		}
		for range n {
			m := h.next(p)
			m.wantTimesIn(t, tokyo)
			if strings.Contains(m.Subject, "Turn 2") {
				h.waiting[p] = m
			}
		}
	}
	return h, tokyo, attacker, defender
}

// TestTimesInTheReadersZone: in a campaign whose time zone is Tokyo,
// every time every mail shows is in Tokyo's zone with UTC beside it: the
// battle's clocks, its contact and dispute answers and settlement, the
// GM's status and audit log, the ballots and the extension answers.
func TestTimesInTheReadersZone(t *testing.T) {
	skipUnderRace(t)
	h, tokyo, attacker, defender := newTokyoBattle(t)
	all := append([]string{"gm"}, tdPlayers...)
	h.tdAsk(defender, "battle: T1-B1", "contact: true").wantTimesIn(t, tokyo)
	h.send(h.mailFrom("gm", fmt.Sprintf("campaign: thunderdome\ntoken: %s\ncommand: status\n", h.gmTokenOf("thunderdome"))))
	h.next("gm").wantTimesIn(t, tokyo)
	h.tdAsk(attacker, destroyed(h, defender)...).wantTimesIn(t, tokyo)
	h.next(string(defender)).wantTimesIn(t, tokyo)
	h.tdAsk(defender, destroyed(h, attacker)...).want(t, "is disputed", "JST")
	h.tdAsk(attacker, "battle: T1-B1", "confirm: true").want(t, "settled")
	h.readAll(t, tokyo, all...)

	p, _ := h.tdCurrent()
	h.askIn("thunderdome", string(p), `extension: {hours: 168, reason: "moving house", real_life: true}`).wantTimesIn(t, tokyo)
	h.askIn("thunderdome", string(p), `extension: {hours: 72, reason: "still moving"}`).wantTimesIn(t, tokyo)
	if got := h.readAll(t, tokyo, all...); len(got) < 3 {
		t.Errorf("%d mails after the requests; want the notices and ballots", len(got))
	}
	h.send(h.mailFrom("gm", fmt.Sprintf("campaign: thunderdome\ntoken: %s\ncommand: status\n", h.gmTokenOf("thunderdome"))))
	st := h.next("gm")
	st.want(t, "extension asked", "JST (")
	st.wantTimesIn(t, tokyo)
}

// TestUTD2_3_ReportsWhileTheTurnWaits: while turn 2 waits for battle
// T1-B1 (UTD2.3 step 8), every player's report, the attacker's too, says
// what it waits for and until when, in the reader's time zone, by the
// battle's clocks; none says whose turn it is, offers order points or an
// order template, or repeats the income that opened the turn just played.
func TestUTD2_3_ReportsWhileTheTurnWaits(t *testing.T) {
	skipUnderRace(t)
	h, tokyo, attacker, _ := newTokyoBattle(t)
	bc := h.tdBattleCase()
	for _, p := range tdPlayers {
		r := h.waiting[p]
		if r == nil {
			t.Fatalf("%s got no report of turn 2", p)
		}
		r.want(t, "Turn 2, cycle 1.0: waiting for battle T1-B1", "Turn 2 waits for battle T1-B1: nobody owes orders until then",
			"make contact by "+report.FormatDeadline(bc.ContactBy, tokyo)+" (UTD3.4)", "settle it by "+report.FormatDeadline(bc.ResolveBy, tokyo)+" (UTD3.5)")
		r.wantNot(t, "It is your turn", "It is "+string(attacker)+"'s turn", "Order points:", "orders-2.yaml", "mine paid")
	}
}

// TestUTD2_2_TurnNamedByCycleAndSeason: a Thunderdome IV turn is named by
// its cycle and season (UTD2.2) wherever a mail names its date: the
// reports, the order template, a player's status and the GM's. While the
// turn waits on a battle, a player's status says so, not a deadline
// nobody has.
func TestUTD2_2_TurnNamedByCycleAndSeason(t *testing.T) {
	skipUnderRace(t)
	h, _, attacker, defender := newTokyoBattle(t)
	h.waiting[string(attacker)].want(t, "Cycle 1.0, spring Y165.")
	for _, p := range []campaign.PlayerID{attacker, defender} {
		st := h.tdAsk(p, "command: status")
		st.want(t, "Thunderdome IV: turn 2 (cycle 1.0, spring Y165), running.", "it waits on battle T1-B1")
		st.wantNot(t, "summer", "Deadline:", "0001")
	}
	h.send(h.mailFrom("gm", fmt.Sprintf("campaign: thunderdome\ntoken: %s\ncommand: status\n", h.gmTokenOf("thunderdome"))))
	h.next("gm").want(t, "Thunderdome IV (thunderdome): turn 2, cycle 1.0, spring Y165, running.")
}

// TestUTD2_2_OrderTemplateNamesTheCycle: the order template that comes
// with the report opening a player's turn names it as the report does.
func TestUTD2_2_OrderTemplateNamesTheCycle(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeStarted(t)
	first, _ := h.tdCurrent()
	h.next(string(first))
	r := h.next(string(first))
	r.want(t, "Cycle 1.0, spring Y165.")
	if tmpl := mailParts(t, r.raw)["orders-1.yaml"]; !strings.Contains(tmpl, "turn 1 (cycle 1.0, spring Y165)") {
		t.Errorf("the order template does not name the turn as the report does:\n%s", tmpl)
	}
}
