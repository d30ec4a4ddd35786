package moderator_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// TestReportMailsNameTheTurnTheyOpen: the report that follows the welcome
// is the turn 1 report, and the one sent when turn 1 is resolved the turn
// 2 report. Subject, heading, attachments, order template and JSON agree,
// no mail says turn 0, and command: report 1 sends the turn 1 report again.
func TestReportMailsNameTheTurnTheyOpen(t *testing.T) {
	h := newHarness(t)
	welcome := h.next("vorn")
	welcome.want(t, "Turn 1 is open", "turn: 1")
	welcome.wantNot(t, "Turn 0", "turn 0")
	wantTurnReport(t, h.next("vorn"), 1)
	for _, p := range players {
		if p != "vorn" {
			h.next(p) // the welcome
			h.next(p) // the turn 1 report
		}
		h.send(h.mailFrom(p, h.orders(campaign.PlayerID(p), 1, true)))
		h.next(p).want(t, "accepted")
	}
	wantTurnReport(t, h.next("vorn"), 2)

	again := h.ask("vorn", "command: report 1")
	wantTurnReport(t, again, 1)
	again.want(t, "(sent again)")
	h.ask("vorn", "command: report 0").want(t, `There is no turn "0" report`, "from turn 1", "to turn 2")
}

// wantTurnReport checks that a report mail names turn n everywhere a
// player looks: subject, heading, attachment names, the order template
// and the JSON report the map is drawn from.
func wantTurnReport(t *testing.T, r *received, n int) {
	t.Helper()
	if want := fmt.Sprintf("] Turn %d report: ", n); !strings.Contains(r.Subject, want) {
		t.Errorf("report subject %q, want it to contain %q", r.Subject, want)
	}
	if heading, _, _ := strings.Cut(r.body(), "\n"); !strings.Contains(heading, fmt.Sprintf(": turn %d report for ", n)) {
		t.Errorf("report %q begins %q, want the turn %d report", r.Subject, heading, n)
	}
	checkReportMail(t, r.raw, n)
	if v := reportJSON(t, r.raw); v.Turn != n {
		t.Errorf("report %q carries the JSON of turn %d, want %d", r.Subject, v.Turn, n)
	}
	r.wantNot(t, "Turn 0", "turn 0")
}
