package e2e_test

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"

	gmmail "github.com/emersion/go-message/mail"

	"github.com/pbemd/pbemd/store"
)

// TestTurnThroughDovecotAndPostfix plays the first turn of the frontier
// campaign by mail: welcomes, orders sent through Postfix, confirmations
// and a rejection read from Dovecot over IMAP, early resolution once every
// player is final, and the reports with their attachments.
func TestTurnThroughDovecotAndPostfix(t *testing.T) {
	h := newHarness(t)
	for _, p := range players {
		welcome := h.titled(p, "Welcome")
		welcome.want(t, "Welcome to Frontier Wars", "turn: 1")
		h.tokens[p] = tokenOf(t, welcome)
		h.titled(p, "Turn 1 report").want(t, "Turn 1 (Y165 spring) is open", "YOUR FLEETS")
	}
	h.run()

	// Vorn's orders are confirmed in the thread of his mail.
	h.send("vorn", h.orders("vorn", true,
		"move: {fleet: 2nd, path: [mistral, meridian]}",
		"develop: {fleet: 5th, what: colony}"))
	ok := h.answer("vorn")
	ok.want(t, "accepted", "Order points: 3 of 3 used, 0 left", "You marked these orders final")
	if !ok.Automatic {
		t.Errorf("the confirmation is not marked as an automatic reply")
	}
	if strings.Contains(string(ok.raw), h.tokens["vorn"]) {
		t.Error("the confirmation echoes vorn's token")
	}

	h.send("castellan", h.orders("castellan", true, "move: {fleet: 3rd, path: [quillon, aurora, meridian]}"))
	h.answer("castellan").want(t, "accepted", "Order points: 2 of 3 used, 1 left")
	h.send("ashari", h.orders("ashari", true, "build: {units: [cruiser], fleet: 3rd, mp: 1}", "move: {fleet: 4th, path: [ember]}"))
	h.answer("ashari").want(t, "accepted", "Treasury: 635 BPV; builds cost 115 BPV")

	// Tekkar names a lane that does not exist, and is told where.
	h.send("tekkar", h.orders("tekkar", true, "move: {fleet: 3rd, path: [tekk, hollow]}"))
	h.answer("tekkar").want(t, "not accepted", "Line 7, column", "hollow", "Instead:")
	rejectedID := h.lastID

	// His corrected orders make everyone final: the turn resolves at once.
	h.send("tekkar", h.orders("tekkar", true, "move: {fleet: 3rd, path: [hollow]}"))
	h.answer("tekkar").want(t, "accepted")
	for _, p := range players {
		report := h.titled(p, "Turn 2 report")
		report.want(t, "Turn 2 (Y165 summer) is open")
		checkReport(t, p, report.raw)
	}

	// Every mail the daemon handled left its INBOX for the processed
	// folder, marked seen.
	h.poll("an empty moderator INBOX", func(ctx context.Context) (bool, error) {
		msgs, err := h.mx.Messages(ctx, "moderator", "INBOX")
		return len(msgs) == 0, err
	})
	done, err := h.mx.Messages(t.Context(), "moderator", "pbemd/processed")
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != h.sent {
		t.Errorf("the processed folder holds %d mails, want all %d sent", len(done), h.sent)
	}
	for _, m := range done {
		if !slices.Contains(m.Flags, `\Seen`) {
			t.Errorf("processed mail %d is not marked seen: %v", m.UID, m.Flags)
		}
	}

	h.stop()
	for _, p := range players {
		if msgs, err := h.mx.Messages(t.Context(), p, "INBOX"); err != nil || len(msgs) != len(h.taken[p]) {
			t.Errorf("%s's INBOX holds %d mails (%v), want the %d read: no duplicates", p, len(msgs), err, len(h.taken[p]))
		}
	}
	checkStore(t, h.store(), rejectedID)
}

// checkReport checks a report mail as a player's client shows it: text
// and HTML with the map inline, and as attachments the JSON report for
// that player and turn 2, the order template and its schema.
func checkReport(t *testing.T, player string, raw []byte) {
	t.Helper()
	r, err := gmmail.CreateReader(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatalf("%s's report: %v", player, err)
	}
	parts := map[string][]byte{}
	for {
		p, err := r.NextPart()
		if err != nil {
			break
		}
		body, _ := io.ReadAll(p.Body)
		switch hd := p.Header.(type) {
		case *gmmail.InlineHeader:
			ct, _, _ := hd.ContentType()
			parts[ct] = body
		case *gmmail.AttachmentHeader:
			name, _ := hd.Filename()
			parts[name] = body
		}
	}
	for _, want := range []string{"text/plain", "text/html", "image/png", "report-2.json", "orders-2.yaml", "orders.schema.json"} {
		if _, ok := parts[want]; !ok {
			t.Errorf("%s's report lacks %s; it has %v", player, want, slices.Sorted(maps.Keys(parts)))
		}
	}
	var doc struct {
		View struct {
			Player   string `json:"player"`
			Turn     int    `json:"turn"`
			Resolved int    `json:"resolved"`
		} `json:"view"`
	}
	if err := json.Unmarshal(parts["report-2.json"], &doc); err != nil {
		t.Errorf("%s's report-2.json: %v", player, err)
	}
	if v := doc.View; v.Player != player || v.Turn != 2 || v.Resolved != 1 {
		t.Errorf("%s's report-2.json is for %s, turn %d, resolved %d; want %s, 2, 1", player, v.Player, v.Turn, v.Resolved, player)
	}
}

// checkStore checks the data file the stopped daemon left: turn 1
// resolved once with every player's orders on file, the rejected mail
// kept with its outcome, and a consistent bbolt file.
func checkStore(t *testing.T, db *store.DB, rejectedID string) {
	t.Helper()
	err := db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign("frontier")
		if err != nil {
			return err
		}
		if c.Turn != 2 {
			t.Errorf("the campaign is at turn %d, want 2", c.Turn)
		}
		onFile, err := tx.TurnOrders("frontier", 1)
		if err != nil {
			return err
		}
		if len(onFile) != len(players) {
			t.Errorf("%d players have turn 1 orders on file, want %d", len(onFile), len(players))
		}
		rec, err := tx.Message(rejectedID)
		if err != nil {
			return err
		}
		if rec == nil || rec.Outcome != store.Rejected {
			t.Errorf("the rejected mail's record = %+v, want outcome rejected", rec)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Check(); err != nil {
		t.Errorf("the data file fails its check: %v", err)
	}
}
