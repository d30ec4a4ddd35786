package moderator_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
)

// TestEaW29_EliminatedPlayerGetsTheLastReport: a player left with nothing
// on the map at the end of a turn is eliminated (EaW 29.0). Everyone is
// told, the eliminated player too: they get that turn's report, which
// says they are out and carries no order template, and the GM is told.
// Later turns send them nothing.
func TestEaW29_EliminatedPlayerGetsTheLastReport(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	// Tekkar loses everything during turn 1: nothing of theirs is left
	// when it is resolved.
	err := h.db.Update(func(tx *store.Tx) error {
		rec, err := tx.Turn("frontier", 1)
		if err != nil {
			return err
		}
		st := rec.State
		st.Fleets = slices.DeleteFunc(st.Fleets, func(f campaign.Fleet) bool { return f.Owner == "tekkar" })
		st.FRDs = slices.DeleteFunc(st.FRDs, func(f campaign.FRD) bool { return f.Owner == "tekkar" })
		st.Developments = slices.DeleteFunc(st.Developments, func(d campaign.Development) bool { return d.Owner == "tekkar" })
		return tx.PutTurn("frontier", rec)
	})
	if err != nil {
		t.Fatal(err)
	}
	h.advanceTo(h.campaign().Deadline())

	last := h.next("tekkar")
	last.want(t, "Turn 2 report", "You are out of the campaign: eliminated", "This is your last report")
	if strings.Contains(last.raw, "orders-") || strings.Contains(last.raw, "Orders are due") {
		t.Errorf("tekkar's last report offers orders for a turn they cannot play:\n%s", last.body())
	}
	for _, p := range []string{"vorn", "castellan", "ashari"} {
		r := h.next(p)
		r.want(t, "Turn 2 report", "tekkar", "Orders are due")
		if !strings.Contains(r.raw, "orders-") {
			t.Errorf("%s's report carries no order template", p)
		}
	}
	h.next("gm").want(t, "tekkar is out", "eliminated")
	if s := h.campaign().Seat("tekkar"); s.Active() {
		t.Errorf("tekkar's seat = %+v, want out", s)
	}

	h.advanceTo(h.campaign().Deadline())
	for _, p := range []string{"vorn", "castellan", "ashari"} {
		h.next(p).want(t, "Turn 3 report")
	}
	h.quiet(append(players, "gm")...)
}

// TestEaW4e_EliminatingEveryOtherPlayerWins: vorn's three rivals lose
// everything during turn 1. "A player wins ... [who] has eliminated every
// other player" (EaW 1.0, 4e): the turn that eliminates them names vorn
// the winner and ends the campaign, as the end year does. Every seat
// gets the final report, which says vorn won and offers no orders; the
// GM is told of each player out and that the campaign ended, with its
// winner; nothing more is taken or sent.
func TestEaW4e_EliminatingEveryOtherPlayerWins(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	rivals := []campaign.PlayerID{"castellan", "ashari", "tekkar"}
	err := h.db.Update(func(tx *store.Tx) error {
		rec, err := tx.Turn("frontier", 1)
		if err != nil {
			return err
		}
		st := rec.State
		gone := func(p campaign.PlayerID) bool { return slices.Contains(rivals, p) }
		st.Fleets = slices.DeleteFunc(st.Fleets, func(f campaign.Fleet) bool { return gone(f.Owner) })
		st.FRDs = slices.DeleteFunc(st.FRDs, func(f campaign.FRD) bool { return gone(f.Owner) })
		st.Developments = slices.DeleteFunc(st.Developments, func(d campaign.Development) bool { return gone(d.Owner) })
		return tx.PutTurn("frontier", rec)
	})
	if err != nil {
		t.Fatal(err)
	}
	h.advanceTo(h.campaign().Deadline())

	for _, p := range players {
		r := h.next(p)
		r.want(t, "Turn 2 report", "The campaign is over: vorn won it, every other player eliminated (EaW 1.0, 4e)")
		r.says(t, "Warlord Drask wins: every other player is out of the campaign (EaW 1.0, 4e).")
		if strings.Contains(r.raw, "orders-") || strings.Contains(r.raw, "Orders are due") {
			t.Errorf("%s's final report offers orders:\n%s", p, r.body())
		}
	}
	subjects := []string{"castellan is out", "ashari is out", "tekkar is out", "has ended"}
	h.nextBySubject("gm", subjects...)["has ended"].want(t, "Frontier Wars has ended: vorn won it")
	if c := h.campaign(); c.Status != store.Ended {
		t.Errorf("campaign %s; want ended", c.Status)
	}
	h.send(h.mailFrom("vorn", h.orders("vorn", 2, true, "move: {fleet: 1st, path: [ferrum]}")))
	h.next("vorn").want(t, "ended")
	h.quiet(append(players, "gm")...)
}
