package moderator_test

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	gmmail "github.com/emersion/go-message/mail"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
)

// mailParts lists a mail's parts as a mail client shows them: each
// inline part by its content type (or "cid:" and its Content-ID), each
// attachment by its file name, with the body.
func mailParts(t *testing.T, raw string) map[string]string {
	t.Helper()
	r, err := gmmail.CreateReader(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	parts := map[string]string{}
	for {
		p, err := r.NextPart()
		if err != nil {
			break
		}
		body, _ := io.ReadAll(p.Body)
		switch h := p.Header.(type) {
		case *gmmail.InlineHeader:
			ct, _, _ := h.ContentType()
			key := ct
			if id := h.Get("Content-Id"); id != "" {
				key = "cid:" + strings.Trim(id, "<>")
			}
			parts[key] = string(body)
		case *gmmail.AttachmentHeader:
			name, _ := h.Filename()
			parts[name] = string(body)
		}
	}
	return parts
}

// says checks that a mail says each of parts, however its lines wrap.
func (r *received) says(t *testing.T, parts ...string) {
	t.Helper()
	flat := strings.Join(strings.Fields(r.body()), " ")
	for _, p := range parts {
		if !strings.Contains(flat, p) {
			t.Errorf("mail %q does not say %q:\n%s", r.Subject, p, r.body())
		}
	}
}

// wantSubject checks that a mail is the turn n report, by its subject.
func wantSubject(t *testing.T, r *received, n int) {
	t.Helper()
	if want := fmt.Sprintf("] Turn %d report: ", n); !strings.Contains(r.Subject, want) {
		t.Errorf("mail %q is not the turn %d report", r.Subject, n)
	}
}

// partNames lists a mail's parts by name, sorted.
func partNames(parts map[string]string) []string { return slices.Sorted(maps.Keys(parts)) }

// resolveTurn has every player send final orders for turn n, which
// resolves it at once (early resolution), and reads the confirmations.
func (h *harness) resolveTurn(n int) {
	h.t.Helper()
	for _, p := range players {
		h.send(h.mailFrom(p, h.orders(campaign.PlayerID(p), n, true)))
		h.next(p).want(h.t, "accepted")
	}
}

// TestMailTextOnlyReportHasNoHTML: a player who asks for text only gets
// reports with no HTML part and no map, still with their attachments and
// a footer saying how their mail comes; another player's report is as
// before.
func TestMailTextOnlyReportHasNoHTML(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.ask("vorn", "command: mail", "report: text").says(t, "report: text", "attachments: [json, orders, schema, battles]", "digest: off",
		"as plain text alone", "send command: mail")
	h.resolveTurn(1)
	got := h.next("vorn")
	wantSubject(t, got, 2)
	parts := mailParts(t, got.raw)
	for _, name := range partNames(parts) {
		if name == "text/html" || strings.HasPrefix(name, "cid:") {
			t.Errorf("the text-only report has a %s part; it has %v", name, partNames(parts))
		}
	}
	for _, want := range []string{"text/plain", "report-2.json", "orders-2.yaml", "orders.schema.json"} {
		if _, ok := parts[want]; !ok {
			t.Errorf("the text-only report lacks %s; it has %v", want, partNames(parts))
		}
	}
	got.says(t, "YOUR MAIL", "as plain text alone, without the HTML part and the map")
	if c := h.campaign(); !c.Seat("vorn").Mail.TextOnly {
		t.Errorf("vorn's seat keeps mail preferences %+v, want text only", c.Seat("vorn").Mail)
	}
	other := h.next("castellan")
	checkReportMail(t, other.raw, 2)
	other.says(t, "YOUR MAIL", "as text and HTML with the map")
}

// TestMailAttachmentsOff: a player who turns attachments off gets reports
// with none; one who keeps the order template gets that alone.
func TestMailAttachmentsOff(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.ask("vorn", "command: mail", "attachments: none").says(t, "attachments: []", "with nothing attached")
	h.ask("castellan", "command: mail", "attachments: [orders]").says(t, "attachments: [orders]", "with the order template attached")
	h.resolveTurn(1)
	for player, want := range map[string][]string{
		"vorn":      {"cid:map-phone.png", "cid:map.png", "text/html", "text/plain"},
		"castellan": {"cid:map-phone.png", "cid:map.png", "orders-2.yaml", "text/html", "text/plain"},
	} {
		got := h.next(player)
		wantSubject(t, got, 2)
		if names := partNames(mailParts(t, got.raw)); !slices.Equal(names, want) {
			t.Errorf("%s's report has parts %v, want %v", player, names, want)
		}
	}
}

// TestMailBadPreferencesChangeNothing: a bad value is refused with its
// line and column and what to send instead, and the preferences on file
// stay as they were, however much of the mail was good.
func TestMailBadPreferencesChangeNothing(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.ask("vorn", "command: mail", "report: text")
	tests := []struct {
		lines []string
		says  []string
	}{
		{[]string{"command: mail", "report: pdf"}, []string{"Line 5, column 9", `report must be text or html, not "pdf"`, "report: text sends reports as plain text alone"}},
		{[]string{"command: mail", "report: html", "attachments: [json, pictures]"}, []string{"Line 6, column 21", `there is no attachment "pictures"`, "json, orders, schema, battles"}},
		{[]string{"command: mail", "digest: weekly"}, []string{"Line 5, column 9", `digest must be daily, daily HH:MM or off, not "weekly"`, "digest: daily 18:00"}},
		{[]string{"command: status", "digest: daily"}, []string{"Line 5, column 1", "digest: goes with command: mail"}},
	}
	for _, tc := range tests {
		h.ask("vorn", tc.lines...).says(t, tc.says...)
		if mail := h.campaign().Seat("vorn").Mail; !mail.TextOnly || mail.Digest != "" || len(mail.Without) != 0 {
			t.Errorf("after %q vorn's mail preferences are %+v, want text only as before", tc.lines, mail)
		}
	}
}

// TestDailyDigestGathersThreePassedTurns: a player who takes a daily
// digest gets no report while three turns pass within a day (every player
// final, so each resolves at once), then one mail at the digest time with
// the three reports in order, each map and JSON, and the order template
// of the turn now open. Turning the digest off sends what it holds at
// once.
func TestDailyDigestGathersThreePassedTurns(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.ask("vorn", "command: mail", "digest: daily").says(t, "digest: daily 06:00", "daily digest at 06:00 (Europe/Berlin)")
	for n := 1; n <= 3; n++ {
		h.resolveTurn(n)
		for _, p := range players[1:] {
			wantTurnReport(t, h.next(p), n+1)
		}
	}
	if c := h.campaign(); c.Turn != 4 {
		t.Fatalf("campaign at turn %d, want 4", c.Turn)
	}
	// 06:00 in Berlin: the first digest time after the reports were held.
	digestAt := time.Date(2026, time.November, 24, 5, 0, 0, 0, time.UTC)
	h.advanceTo(digestAt)
	got := h.next("vorn")
	if !strings.Contains(got.Subject, "Daily digest: the turn 2, 3 and 4 reports") || !got.Date.Equal(digestAt) {
		t.Fatalf("vorn's next mail is %q of %v, want the digest of the turn 2, 3 and 4 reports at %v", got.Subject, got.Date, digestAt)
	}
	body, last := got.body(), -1
	for n := 2; n <= 4; n++ {
		at := strings.Index(body, fmt.Sprintf("Frontier Wars: turn %d report for Warlord Drask", n))
		if at <= last {
			t.Errorf("the digest lacks the turn %d report, or has it out of order", n)
		}
		last = at
	}
	want := []string{"cid:map-1-phone.png", "cid:map-1.png", "cid:map-2-phone.png", "cid:map-2.png", "cid:map-3-phone.png", "cid:map-3.png",
		"orders-4.yaml", "orders.schema.json",
		"report-2.json", "report-3.json", "report-4.json", "text/html", "text/plain"}
	if names := partNames(mailParts(t, got.raw)); !slices.Equal(names, want) {
		t.Errorf("the digest has parts %v, want %v", names, want)
	}
	if n := h.inboxSize("vorn"); n != h.read["vorn"] {
		t.Errorf("vorn has %d mails unread after the digest, want none: one mail for three turns", n-h.read["vorn"])
	}

	h.resolveTurn(4)
	for _, p := range players[1:] {
		wantTurnReport(t, h.next(p), 5)
	}
	h.ask("vorn", "command: mail", "digest: off").says(t, "digest: off", "The report held for your digest comes at once")
	wantTurnReport(t, h.next("vorn"), 5)
}

// TestDigestReportGoesAtOnceOnYourTurn: a held report goes at once when
// the digest would reach its player less than a day before the deadline
// of a turn they still owe orders for: here the GM moves the deadline. A
// player with final orders on file owes none, and their report waits.
func TestDigestReportGoesAtOnceOnYourTurn(t *testing.T) {
	skipUnderRace(t)
	h, gm := newGMHarness(t)
	for _, p := range []string{"vorn", "castellan"} {
		h.ask(p, "command: mail", "digest: daily").want(t, "digest: daily 06:00")
	}
	h.resolveTurn(1)
	for _, p := range []string{"ashari", "tekkar"} {
		wantTurnReport(t, h.next(p), 2)
	}
	h.send(h.mailFrom("vorn", h.orders("vorn", 2, true)))
	h.next("vorn").want(t, "accepted")
	h.gm(gm, "deadline +20h").want(t, "deadline")
	for _, p := range []string{"vorn", "castellan"} {
		h.next(p).want(t, "Turn 2 has a new deadline")
	}
	// castellan's digest (06:00 in New York, 11:00 UTC) would come after
	// the deadline: their turn, at once.
	got := h.next("castellan")
	wantTurnReport(t, got, 2)
	if !got.Date.Equal(start) {
		t.Errorf("castellan's turn 2 report is dated %v, want at once, %v", got.Date, start)
	}
	// vorn is final: the report waits for 06:00 in Berlin.
	digestAt := time.Date(2026, time.November, 24, 5, 0, 0, 0, time.UTC)
	h.advanceTo(digestAt)
	got = h.next("vorn")
	wantTurnReport(t, got, 2)
	if !got.Date.Equal(digestAt) {
		t.Errorf("vorn's turn 2 report is dated %v, want the digest time %v", got.Date, digestAt)
	}
}

// TestDigestRefusedWhereNoTurnLastsADay: where every deadline follows the
// last within a day, every report opens a turn due within a day and goes
// at once, so a daily digest could never hold one: it is refused with the
// reason, and nothing of the mail changes.
func TestDigestRefusedWhereNoTurnLastsADay(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	err := h.db.Update(func(tx *store.Tx) error {
		c, err := tx.Campaign("frontier")
		if err != nil {
			return err
		}
		c.Schedule = campaign.Schedule{Every: 24 * time.Hour, At: "20:00"}
		return tx.PutCampaign(c)
	})
	if err != nil {
		t.Fatal(err)
	}
	h.ask("vorn", "command: mail", "report: text", "digest: daily").says(t, "Line 6, column 1",
		"no turn lasts more than a day", "a daily digest would never hold one", "leave out digest:, or send digest: off")
	if mail := h.campaign().Seat("vorn").Mail; mail.TextOnly || mail.Digest != "" {
		t.Errorf("after a refused digest vorn's mail preferences are %+v, want the default", mail)
	}
}
