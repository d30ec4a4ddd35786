package moderator_test

import (
	"fmt"
	"maps"

	"encoding/base64"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/store"
)

var (
	deadline1 = time.Date(2026, time.November, 26, 20, 0, 0, 0, time.UTC)
	deadline2 = time.Date(2026, time.November, 29, 20, 0, 0, 0, time.UTC)
)

// TestCampaignByMail plays two turns of the frontier campaign through real
// IMAP and SMTP: welcomes, orders in several mail shapes, confirmations,
// errors, two deadlines, reports and fog of war.
func TestCampaignByMail(t *testing.T) {
	h := newHarness(t)
	players := []string{"vorn", "castellan", "ashari", "tekkar"}
	for _, p := range players {
		welcome := h.next(p)
		welcome.want(t, "Welcome to Frontier Wars", h.tokens[campaign.PlayerID(p)], "turn: 1")
		first := h.next(p)
		first.want(t, "Turn 1 (Y165 spring) is open", "YOUR FLEETS")
	}
	if c := h.campaign(); c.Turn != 1 || !c.Deadline().Equal(deadline1) {
		t.Fatalf("campaign turn %d, deadline %v; want turn 1 due %v", c.Turn, c.Deadline(), deadline1)
	}

	// Vorn writes plain text: two jumps and a colony, the whole budget.
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false,
		"move: {fleet: 2nd, path: [mistral, meridian]}",
		"develop: {fleet: 5th, what: colony}")))
	ok := h.next("vorn")
	ok.want(t, "accepted", "Order points: 3 of 3 used, 0 left", "REDACTED", "# 2 points", "develop: {fleet: 5th, what: colony}")
	ok.wantNot(t, h.tokens["vorn"])
	if ok.InReplyTo != "m1.vorn@example.test" || !ok.Automatic {
		t.Errorf("confirmation In-Reply-To %q, automatic %v; want a threaded auto-reply", ok.InReplyTo, ok.Automatic)
	}

	// Castellan writes from Thunderbird: format=flowed, a soft-wrapped
	// line and a space-stuffed list.
	flowed := "campaign: frontier\nplayer: castellan\nturn: 1\ntoken: " + h.tokens["castellan"] +
		"\nfinal: false\norders:\n   - move: {fleet: 3rd, path: [quillon, aurora, \nmeridian]}\n"
	h.send(h.mailFrom("castellan", flowed, "Content-Type: text/plain; charset=UTF-8; format=flowed", "User-Agent: Thunderbird"))
	h.next("castellan").want(t, "accepted", "path: [quillon, aurora, meridian]", "Order points: 2 of 3 used, 1 left")

	// Ashari attaches the orders as a .yaml file.
	att := base64.StdEncoding.EncodeToString([]byte(h.orders("ashari", 1, false,
		"build: {units: [cruiser], fleet: 3rd, mp: 1}",
		"move: {fleet: 4th, path: [ember]}")))
	h.send(h.mailFrom("ashari", "--b\nContent-Type: text/plain\n\nOrders attached.\n--b\n"+
		"Content-Type: application/octet-stream\nContent-Disposition: attachment; filename=\"orders.yaml\"\nContent-Transfer-Encoding: base64\n\n"+
		att+"\n--b--\n", "MIME-Version: 1.0", `Content-Type: multipart/mixed; boundary="b"`))
	h.next("ashari").want(t, "accepted", "115 BPV", "Treasury: 635 BPV; builds cost 115 BPV")

	// Tekkar names a lane that does not exist.
	h.send(h.mailFrom("tekkar", h.orders("tekkar", 1, false, "move: {fleet: 3rd, path: [tekk, hollow]}")))
	bad := h.next("tekkar")
	bad.want(t, "not accepted", "Line 7, column", "hollow", "^", "Instead:")
	if h.onFile("tekkar", 1) != nil {
		t.Error("tekkar's rejected orders are on file")
	}
	if rec := h.outcome(h.lastID); rec == nil || rec.Outcome != store.Rejected || strings.Contains(string(rec.Raw), h.tokens["tekkar"]) ||
		!strings.Contains(string(rec.Raw), "path: [tekk, hollow]") {
		t.Errorf("stored copy of tekkar's mail = %+v, want it rejected, whole, with the token masked", rec)
	}

	// A stranger and an auto-responder get no answer; the next real mail
	// is answered, so they were processed before it.
	h.send(h.mailFrom("stranger", strings.Replace(h.orders("vorn", 1, false), h.tokens["vorn"], "AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-HHHH", 1)))
	ignored := []string{h.lastID}
	h.send(h.mailFrom("vorn", "I am away until Monday.", "Auto-Submitted: auto-replied"))
	ignored = append(ignored, h.lastID)
	h.send(h.mailFrom("vorn", "--r\nContent-Type: text/plain\n\nDelivery failed.\n--r--\n",
		"MIME-Version: 1.0", `Content-Type: multipart/report; report-type=delivery-status; boundary="r"`))
	ignored = append(ignored, h.lastID)
	h.send(h.mailFrom("tekkar", h.orders("tekkar", 1, false, "move: {fleet: 3rd, path: [hollow]}")))
	h.next("tekkar").want(t, "accepted")
	if n := h.inboxSize("stranger"); n != 0 {
		t.Errorf("the stranger got %d mails, want none", n)
	}
	if n := h.inboxSize("vorn"); n != h.read["vorn"] {
		t.Errorf("vorn got an answer to an auto-reply")
	}
	for _, id := range ignored {
		if rec := h.outcome(id); rec == nil || rec.Outcome != store.Ignored {
			t.Errorf("outcome of %s = %+v, want ignored", id, rec)
		}
	}

	// The first deadline passes: every player gets a report.
	h.advanceTo(deadline1)
	reports := map[string]*received{}
	for _, p := range players {
		reports[p] = h.next(p)
		reports[p].want(t, "Turn 2 report", "Turn 2 (Y165 summer) is open")
	}
	checkReportMail(t, reports["vorn"].raw, 2)
	reports["vorn"].want(t, "Fleet 2nd moved Ferrum → Mistral → Meridian", "Battle T1-B1 at Meridian", "colony at Halcyon")
	reports["ashari"].want(t, "Built cruiser at Ashar into fleet 3rd for 115 BPV", "Treasury: 520 BPV")
	// The battle is fought at once (battles: auto). Every player learns who
	// fought where, with what, and how it ended (EaW 1b, 1e); only the
	// sides get the round-by-round log.
	for _, p := range players {
		reports[p].want(t, "Battle T1-B1 at Meridian: castellan with light-cruiser, frigate, scout", "held the field")
		hasLog := strings.Contains(reports[p].raw, `filename="battle-T1-B1.txt"`)
		if fought := p == "vorn" || p == "castellan"; hasLog != fought {
			t.Errorf("%s's report carries the battle log: %v, want %v", p, hasLog, fought)
		}
	}
	checkFogOfWar(t, h, reports)
	if c := h.campaign(); c.Turn != 2 || !c.Deadline().Equal(deadline2) {
		t.Errorf("after deadline 1: turn %d due %v, want turn 2 due %v", c.Turn, c.Deadline(), deadline2)
	}

	// Late orders for turn 1 are told which turn is open.
	h.send(h.mailFrom("castellan", h.orders("castellan", 1, false)))
	h.next("castellan").want(t, "not accepted", "for turn 1, but turn 2 is open", "Sun 29 Nov 2026 15:00 EST", "turn: 2")

	// Turn 2: only vorn sends orders; the second deadline resolves it.
	h.send(h.mailFrom("vorn", h.orders("vorn", 2, true, "move: {fleet: 1st, path: [ferrum]}")))
	h.next("vorn").want(t, "accepted", "You marked these orders final")
	h.advanceTo(deadline2)
	for _, p := range players {
		h.next(p).want(t, "Turn 3 report", "Turn 3 (Y165 fall) is open")
	}
	if c := h.campaign(); c.Turn != 3 {
		t.Errorf("after deadline 2: turn %d, want 3", c.Turn)
	}

	// Every mail the moderator handled left the inbox for the processed
	// folder, marked seen.
	if n := h.inboxSize("moderator"); n != 0 {
		t.Errorf("%d mails are still in the moderator's inbox", n)
	}
	done, err := h.world.Messages(h.ctx, "moderator", password, "pbemd/processed")
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != h.seq {
		t.Errorf("the processed folder holds %d mails, want all %d sent", len(done), h.seq)
	}
	for _, m := range done {
		if !slices.Contains(m.Flags, `\Seen`) {
			t.Errorf("processed mail %d is not marked seen: %v", m.UID, m.Flags)
		}
	}
}

// checkFogOfWar holds each player's JSON report against the true state: no
// system beyond the vision radius of the player's fleets, and no detail a
// fleet without a scout could not learn (EaW 5e).
func checkFogOfWar(t *testing.T, h *harness, reports map[string]*received) {
	t.Helper()
	var rec *store.TurnRecord
	err := h.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn("frontier", 2); return })
	if err != nil {
		t.Fatal(err)
	}
	st := rec.State
	g := campaign.NewGraph(st.Map)
	for p, r := range reports {
		v := reportJSON(t, r.raw)
		inSight := map[campaign.SystemID]bool{}
		for _, f := range st.Fleets {
			if string(f.Owner) != p {
				continue
			}
			for _, reach := range g.Within(f.At, st.Rules.Vision.Radius) {
				inSight[reach.System] = true
			}
		}
		for _, s := range v.Systems {
			if s.Current && !inSight[s.ID] {
				t.Errorf("%s's report shows %s, out of sight of every fleet", p, s.ID)
			}
			if s.Detail != eaw.DetailScout && (s.Developed || s.Contacts != nil) {
				t.Errorf("%s's report shows scout detail of %s without a scout: %+v", p, s.ID, s)
			}
		}
		for _, f := range v.Fleets {
			if st.Fleet(campaign.PlayerID(p), f.ID) == nil {
				t.Errorf("%s's report lists fleet %s, which is not theirs", p, f.ID)
			}
		}
	}
}

// reportJSON digs the JSON report out of a report mail.
func reportJSON(t *testing.T, raw string) eaw.View {
	t.Helper()
	_, after, found := strings.Cut(raw, `filename="report-`)
	if !found {
		t.Fatalf("report mail has no JSON attachment:\n%s", raw)
	}
	_, body, _ := strings.Cut(after, "\r\n\r\n")
	body, _, _ = strings.Cut(body, "\r\n--")
	data, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(body, "\r\n", ""))
	if err != nil {
		t.Fatalf("decode JSON report: %v", err)
	}
	var doc struct {
		View eaw.View `json:"view"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("JSON report: %v", err)
	}
	return doc.View
}

// checkReportMail checks a report mail's parts: a text and an HTML
// alternative, the maps inline where the HTML points, wide and for a
// phone, the JSON report, and the order template of the turn the report
// opens, with the schema it names.
func checkReportMail(t *testing.T, raw string, turn int) {
	t.Helper()
	parts := mailParts(t, raw)
	html := parts["text/html"]
	for _, want := range []string{"text/plain", "text/html", "cid:map.png", "cid:map-phone.png",
		fmt.Sprintf("report-%d.json", turn), fmt.Sprintf("orders-%d.yaml", turn), "orders.schema.json"} {
		if _, ok := parts[want]; !ok {
			t.Errorf("report mail lacks %s; it has %v", want, slices.Sorted(maps.Keys(parts)))
		}
	}
	if !strings.Contains(html, `src="cid:map.png"`) || !strings.Contains(html, `src="cid:map-phone.png"`) {
		t.Errorf("the HTML part does not show the inline maps")
	}
	if tmpl := parts[fmt.Sprintf("orders-%d.yaml", turn)]; !strings.HasPrefix(tmpl, "# yaml-language-server: $schema=orders.schema.json") || !strings.Contains(tmpl, fmt.Sprintf("\nturn: %d\n", turn)) {
		t.Errorf("order template for turn %d:\n%.400s", turn, tmpl)
	}
}
