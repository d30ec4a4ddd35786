package e2e_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
)

// TestProxyAndOwnerWaitingThroughDovecot: while the daemon is stopped, a
// Thunderdome IV player's proxy (UTD3.2) sends a move and the player then
// ends the turn with final: true, both through Postfix into Dovecot.
// Started again, the daemon finds both mails in its inbox and decides the
// player's after the proxy's is filed: the turn passes with the move, and
// every answer says so.
func TestProxyAndOwnerWaitingThroughDovecot(t *testing.T) {
	h := newScenarioHarness(t, "thunderdome", scenarios.Thunderdome, tdPlayers)
	h.mx.AddUser("friend")
	var first string
	for _, p := range tdPlayers {
		welcome := h.titled(p, "Welcome")
		h.tokens[p] = tokenOf(t, welcome)
		if r := h.titled(p, "Turn 1"); strings.Contains(r.Subject, "your turn") {
			first = p
		}
	}
	f1, _, to := tdFirstMoves(t, campaign.PlayerID(first))
	h.run()
	h.send(first, fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\ncommand: proxy add friend@example.test\n", first, h.tokens[first]))
	h.answer(first).want(t, "Proxy added")
	h.stop()

	h.send("friend", h.ordersFor(first, 1, false, fmt.Sprintf("move: {fleet: %s, to: %s}", f1, to)))
	byProxy := h.lastID
	// Postfix delivers in parallel: the player's mail goes once the
	// proxy's is in the inbox, so that it comes after it there.
	h.poll("the proxy's mail in the moderator's inbox", func(ctx context.Context) (bool, error) {
		msgs, err := h.mx.Messages(ctx, "moderator", "INBOX")
		for _, m := range msgs {
			if strings.Contains(string(m.Raw), "<"+byProxy+">") {
				return true, nil
			}
		}
		return false, err
	})
	h.send(first, h.ordersFor(first, 1, true))
	final := h.lastID
	h.run()

	h.lastID = byProxy
	h.answer("friend").want(t, "Orders for turn 1 accepted", string(f1), "Your turn is not over")
	h.lastID = final
	h.answer(first).want(t, "Orders for turn 1 accepted", "after those you sent earlier", string(f1), "passes now")
	for _, p := range tdPlayers {
		h.titled(p, "Turn 2").want(t, fmt.Sprintf("fleet %s moved from", f1))
	}
	h.stop()
}

// TestMadeUpFromLinesThroughDovecot: twelve mails through Postfix, each
// from an address made up for it, name the campaign with a made-up token
// and command: pause. The GM's mailbox gets three alerts, not twelve; the
// other nine wait, counted, for the summary at the end of the hour; the
// campaign still runs.
func TestMadeUpFromLinesThroughDovecot(t *testing.T) {
	h := newHarness(t)
	for _, p := range players {
		h.tokens[p] = tokenOf(t, h.titled(p, "Welcome"))
	}
	h.titled("gm", "You are the GM")
	h.run()
	for i := range 12 {
		from := fmt.Sprintf("forger%d@elsewhere.test", i)
		raw := fmt.Sprintf("From: %s\nTo: %s\nSubject: pause\nMessage-ID: <forged%d@elsewhere.test>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"+
			"campaign: frontier\ntoken: AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-HHHH\ncommand: pause\n", from, moderator, i)
		if err := h.mx.Send(t.Context(), from, []string{moderator}, []byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 {
		h.titled("gm", "Refused: an attempt to act as the GM").want(t, "who plays no seat", "It was not answered")
	}
	// Once every forged mail is handled, and so moved out of the inbox,
	// no fourth alert came.
	h.poll("the twelve forged mails handled", func(ctx context.Context) (bool, error) {
		done, err := h.mx.Messages(ctx, "moderator", "pbemd/processed")
		n := 0
		for _, m := range done {
			if strings.Contains(string(m.Raw), "@elsewhere.test>") {
				n++
			}
		}
		return n == 12, err
	})
	h.stop()
	db := h.store()
	var alerts *store.Alerts
	var c *store.Campaign
	err := db.View(func(tx *store.Tx) (err error) {
		if alerts, err = tx.Alerts("frontier", "unproven"); err != nil {
			return err
		}
		c, err = tx.Campaign("frontier")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if alerts.Told != 3 || alerts.Held+alerts.Told != 12 {
		t.Errorf("alerts counted: told %d, held %d; want 3 told and 9 held for the summary", alerts.Told, alerts.Held)
	}
	if c.Status != store.Running {
		t.Errorf("campaign %s after forged pauses; want running", c.Status)
	}
	msgs, err := h.mx.Messages(t.Context(), "gm", "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	for _, m := range msgs {
		if strings.Contains(string(m.Raw), "Refused: an attempt to act as the GM") {
			refused++
		}
	}
	if refused != 3 {
		t.Errorf("the GM got %d alerts; want 3", refused)
	}
}
