package moderator_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/replay"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/thunderdome"
	"github.com/pbemd/pbemd/store"
)

// drain marks every mail the users got as read, once the daemon has
// settled: the test does not look at them.
func (h *harness) drain(users ...string) {
	h.t.Helper()
	h.settle()
	for _, u := range users {
		h.read[u] = h.inboxSize(u)
	}
}

// playVerifiedTurns plays the frontier campaign through four turns with
// everything a naive replay would get wrong: battle T1-B1, fought outside
// pbemd, settled while turn 2 is open (its events carried into turn 2's
// report, its result into turn 2's stored state); a rollback to turn 2
// and its rerun, whose reports say they replace the earlier ones; tekkar
// dropped after three turns without orders (EaW 29.0); and ashari dropped
// by the GM while turn 4 is open.
func playVerifiedTurns(t *testing.T) *harness {
	t.Helper()
	h, _ := newReportedBattle(t)
	h.ask("vorn", "battle: T1-B1", "result: {ships: [{ship: castellan#1, fate: destroyed}], vp: {vorn: 80}}").want(t, "on file")
	h.next("castellan").want(t, "confirm it?")
	h.ask("castellan", "battle: T1-B1", "confirm: true").want(t, "Battle T1-B1 is settled, agreed by both sides")
	h.drain(players...)
	token := h.gmToken()
	send := func(turn int) {
		for _, p := range []string{"vorn", "castellan", "ashari"} {
			var items []string
			if p == "vorn" && turn == 2 {
				items = []string{"move: {fleet: 1st, path: [ferrum]}"}
			}
			h.send(h.mailFrom(p, h.orders(campaign.PlayerID(p), turn, false, items...)))
			h.next(p).want(t, "accepted")
		}
	}
	send(2)
	h.gm(token, "process").want(t, "Turn 2 is resolved")
	h.gm(token, "rollback 2").want(t, "back at the start of turn 2")
	h.gm(token, "process").want(t, "Turn 2 is resolved")
	h.drain(players...)
	send(3)
	h.gm(token, "process").want(t, "Turn 3 is resolved")
	h.next("gm").want(t, "tekkar is out", "(EaW 29.0)")
	h.drain(players...)
	h.gm(token, "drop ashari").want(t, "ashari is out")
	h.gm(token, "process").want(t, "Turn 4 is resolved")
	h.drain(append(players, "gm")...)
	if c := h.campaign(); c.Turn != 5 || c.Seat("tekkar").Active() || c.Seat("ashari").Active() {
		t.Fatalf("after four turns the campaign is at turn %d, tekkar %q, ashari %q", c.Turn, c.Seat("tekkar").Out, c.Seat("ashari").Out)
	}
	return h
}

// gmToken is the GM's token, from the GM's welcome.
func (h *harness) gmToken() string {
	h.t.Helper()
	msgs, err := h.world.Mailbox(h.ctx, "gm", password, "INBOX")
	if err != nil || len(msgs) == 0 {
		h.t.Fatalf("the GM's welcome: %v", err)
	}
	_, rest, _ := strings.Cut(string(msgs[0]), "token: ")
	token, _, _ := strings.Cut(rest, "\n")
	return strings.TrimSpace(token)
}

// verify runs replay.Verify on the harness's campaign.
func (h *harness) verify(opts replay.VerifyOptions) *replay.Verification {
	h.t.Helper()
	v, err := replay.Verify(h.t.Context(), h.db.DB, rules.Registry(), "frontier", opts)
	if err != nil {
		h.t.Fatalf("Verify(%+v) = %v", opts, err)
	}
	return v
}

// editTurn changes a stored turn's record behind pbemd's back.
func (h *harness) editTurn(n int, edit func(rec *store.TurnRecord)) {
	h.t.Helper()
	err := h.db.Update(func(tx *store.Tx) error {
		rec, err := tx.Turn("frontier", n)
		if err != nil {
			return err
		}
		edit(rec)
		return tx.PutTurn("frontier", rec)
	})
	if err != nil {
		h.t.Fatal(err)
	}
}

// verdicts lists a verification's turns as "1 matches", for messages.
func verdicts(v *replay.Verification) string {
	var s []string
	for _, c := range v.Turns {
		s = append(s, fmt.Sprintf("%d %s %q %q %q", c.Turn, c.Verdict, c.Why, c.Differences, c.Notes))
	}
	return strings.Join(s, "\n")
}

// TestVerify: every turn of a campaign played with a settled battle, a
// rollback and rerun, a forfeit drop and a GM drop resolves again to what
// was stored, the changes made after a resolution noted; a turn resolved
// by another version is not compared unless forced; and a stored state
// changed behind pbemd's back is named, fleet and field.
func TestVerify(t *testing.T) {
	skipUnderRace(t)
	h := playVerifiedTurns(t)
	v := h.verify(replay.VerifyOptions{})
	if len(v.Turns) != 4 || len(v.Differing()) != 0 || v.Rules != "eaw" {
		t.Fatalf("Verify of four played turns:\n%s\nwant four that match", verdicts(v))
	}
	for _, want := range []struct {
		turn int
		note string
	}{{1, "turn 2's state changed after it was resolved: battle T1-B1 settled, agreed by both sides"}, {3, "turn 4's state changed after it was resolved: the GM dropped ashari"}} {
		if notes := v.Turns[want.turn-1].Notes; len(notes) != 1 || notes[0] != want.note {
			t.Errorf("turn %d notes = %q, want %q", want.turn, notes, want.note)
		}
	}

	// A turn resolved by another version is not expected to match.
	h.editTurn(5, func(rec *store.TurnRecord) { rec.ResolverVersion = v.Version - 1 })
	v = h.verify(replay.VerifyOptions{Turn: 4})
	want := fmt.Sprintf("resolved by version %d, this pbemd runs version %d", v.Version-1, v.Version)
	if len(v.Turns) != 1 || v.Turns[0].Verdict != replay.NotCompared || v.Turns[0].Why != want {
		t.Errorf("Verify of a turn resolved by an older version:\n%s\nwant not compared, %q", verdicts(v), want)
	}
	v = h.verify(replay.VerifyOptions{Turn: 4, Force: true})
	if c := v.Turns[0]; c.Verdict != replay.Matches || !slices.Contains(c.Notes, want+": compared all the same, as asked") {
		t.Errorf("Verify --force of a turn resolved by an older version:\n%s\nwant it compared and matching", verdicts(v))
	}

	// vorn's 1st reached Ferrum in turn 2; the record of turn 3 is made
	// to say it never left Drakkar.
	h.editTurn(3, func(rec *store.TurnRecord) {
		for i, f := range rec.State.Fleets {
			if f.Owner == "vorn" && f.ID == "1st" {
				rec.State.Fleets[i].At = "drakkar"
			}
		}
	})
	v = h.verify(replay.VerifyOptions{})
	if got := v.Differing(); !slices.Contains(got, 2) || slices.Contains(got, 1) {
		t.Fatalf("Verify after turn 3's state was changed: differing %v\n%s\nwant turn 2 among them, not turn 1", got, verdicts(v))
	}
	diffs := strings.Join(v.Turns[1].Differences, "\n")
	for _, want := range []string{
		"turn 3 holds a state its resolution did not make, and no battle settled or GM command since explains it",
		`state.fleets[vorn 1st].at: the resolution gives "ferrum", turn 3 holds "drakkar"`,
	} {
		if !strings.Contains(diffs, want) {
			t.Errorf("turn 2's differences:\n%s\nwant %q", diffs, want)
		}
	}
}

// TestVerifyRefusesTurnsNotResolved: the open turn, and turns that never
// were, are store.ErrTurnNotFound; an unknown campaign is
// store.ErrCampaignNotFound.
func TestVerifyRefusesTurnsNotResolved(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	for _, turn := range []int{1, 7, -1} {
		_, err := replay.Verify(t.Context(), h.db.DB, rules.Registry(), "frontier", replay.VerifyOptions{Turn: turn})
		if !errors.Is(err, store.ErrTurnNotFound) || !strings.Contains(err.Error(), "none is resolved yet") {
			t.Errorf("Verify of turn %d of a new campaign = %v, want store.ErrTurnNotFound saying none is resolved", turn, err)
		}
	}
	if v := h.verify(replay.VerifyOptions{}); len(v.Turns) != 0 {
		t.Errorf("Verify of a new campaign = %s, want no turns", verdicts(v))
	}
	if _, err := replay.Verify(t.Context(), h.db.DB, rules.Registry(), "nowhere", replay.VerifyOptions{}); !errors.Is(err, store.ErrCampaignNotFound) {
		t.Errorf("Verify of an unknown campaign = %v, want store.ErrCampaignNotFound", err)
	}
}

// TestVerifyBattleFoughtByPbemd: a turn whose battle pbemd fought
// resolves again to what was stored and sent, though a report rebuilt
// from the stored turn lacks the battle's log that the report sent
// carried.
func TestVerifyBattleFoughtByPbemd(t *testing.T) {
	skipUnderRace(t)
	h, token := newGMHarness(t)
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, true, "move: {fleet: 2nd, path: [mistral, meridian]}")))
	h.next("vorn").want(t, "accepted")
	h.send(h.mailFrom("castellan", h.orders("castellan", 1, true, "move: {fleet: 3rd, path: [quillon, aurora, meridian]}")))
	h.next("castellan").want(t, "accepted")
	h.gm(token, "process").want(t, "Turn 1 is resolved")
	if report := h.next("vorn"); !strings.Contains(report.raw, "battle-T1-B1.txt") {
		t.Fatalf("vorn's turn 2 report carries no log of battle T1-B1; pick a turn with a battle:\n%s", report.body())
	}
	v := h.verify(replay.VerifyOptions{})
	if len(v.Turns) != 1 || v.Turns[0].Verdict != replay.Matches || len(v.Turns[0].Notes) != 0 {
		t.Errorf("Verify of a turn with a battle fought:\n%s\nwant it to match", verdicts(v))
	}
}

// TestVerifyThunderdomeTurnsOfVersion5: a Thunderdome IV turn resolved
// by version 5, whose bank held whole BPV (UTD6.3F, version 6), is read
// and reported as resolved by another version, not as differing; forced,
// it is compared, and matches, as nothing of it had a fraction.
func TestVerifyThunderdomeTurnsOfVersion5(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p, _ := h.tdCurrent()
	h.send(h.mailFrom(string(p), h.tdOrders(p, 1, true)))
	h.next(string(p)).want(t, "passes now")
	for _, u := range tdPlayers {
		h.next(u).want(t, "Turn 2")
	}
	err := h.db.Update(func(tx *store.Tx) error {
		rec, err := tx.Turn("thunderdome", 2)
		if err != nil {
			return err
		}
		rec.ResolverVersion = 5
		return tx.PutTurn("thunderdome", rec)
	})
	if err != nil {
		t.Fatal(err)
	}
	v, err := replay.Verify(t.Context(), h.db.DB, rules.Registry(), "thunderdome", replay.VerifyOptions{})
	want := fmt.Sprintf("resolved by version 5, this pbemd runs version %d", thunderdome.Version)
	if err != nil || len(v.Turns) != 1 || v.Turns[0].Verdict != replay.NotCompared || v.Turns[0].Why != want {
		t.Fatalf("Verify = %+v, %v; want turn 1 not compared, %q", v, err, want)
	}
	v, err = replay.Verify(t.Context(), h.db.DB, rules.Registry(), "thunderdome", replay.VerifyOptions{Force: true})
	if err != nil || v.Turns[0].Verdict != replay.Matches {
		t.Errorf("Verify --force = %+v, %v; want turn 1 compared and matching", v, err)
	}
}
