package moderator_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
)

// newReportedBattle starts the frontier campaign with battles: reported,
// and plays turn 1 so that vorn and castellan meet at Meridian: battle
// T1-B1 waits for the sides' result. Both sides get the battle mail.
func newReportedBattle(t *testing.T) (*harness, string) {
	t.Helper()
	h, token := newGMHarness(t)
	h.fightReported()
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, true, "move: {fleet: 2nd, path: [mistral, meridian]}")))
	h.next("vorn").want(t, "accepted")
	h.send(h.mailFrom("castellan", h.orders("castellan", 1, true, "move: {fleet: 3rd, path: [quillon, aurora, meridian]}")))
	h.next("castellan").want(t, "accepted")
	h.gm(token, "process").want(t, "Turn 1 is resolved")
	for _, p := range []string{"vorn", "castellan"} {
		// The battle mail and the report may come in either order.
		a, b := h.next(p), h.next(p)
		if !strings.Contains(a.Subject, "Battle T1-B1") {
			a, b = b, a
		}
		a.want(t, "Battle T1-B1: report its result", "castellan#1", "light-cruiser", "vorn#3", "scout", "confirm: true")
		a.wantNot(t, "3rd", "2nd") // fleet IDs stay secret
		a.wantNot(t, "UTD")        // EaW has no rule on battle clocks to cite
		b.want(t, "Turn 2 report", "T1-B1 at Meridian, pending")
	}
	for _, p := range []string{"ashari", "tekkar"} {
		h.next(p).want(t, "Turn 2 report")
	}
	return h, token
}

// fightReported has the players of frontier fight its battles outside
// pbemd and report them (battles: reported), from turn 1 on.
func (h *harness) fightReported() {
	h.t.Helper()
	err := h.db.Update(func(tx *store.Tx) error {
		rec, err := tx.Turn("frontier", 1)
		if err != nil {
			return err
		}
		rec.State.Rules.Battles = campaign.BattlesReported
		return tx.PutTurn("frontier", rec)
	})
	if err != nil {
		h.t.Fatal(err)
	}
}

func TestReportedBattleAgreedByBothSides(t *testing.T) {
	skipUnderRace(t)
	h, _ := newReportedBattle(t)
	result := []string{"battle: T1-B1", "result:", "  ships:",
		"    - {ship: castellan#1, fate: destroyed}",
		"    - {ship: castellan#2, fate: captured, by: vorn#1}",
		"    - {ship: castellan#3, fate: disengaged, direction: aurora}",
		"    - {ship: vorn#2, fate: crippled, damage: 3}",
		"  vp: {vorn: 120}"}
	h.ask("vorn", result...).want(t, "result for battle T1-B1 is on file", "castellan#1", "destroyed", "asked to confirm")
	h.next("castellan").want(t, "vorn sent a result; confirm it?", "castellan#2", "captured by vorn#1", "confirm: true")

	// Bad input changes nothing.
	h.ask("ashari", "battle: T1-B1", "confirm: true").want(t, "You did not fight in battle T1-B1")
	h.ask("castellan", "battle: T9-B9", "confirm: true").want(t, "No battle T9-B9 waits for a result", "T1-B1")
	h.ask("castellan", "battle: T1-B1", "result:", "  ships: [{ship: vorn#7, fate: destroyed}]").want(t, "vorn#7: there is no such ship")
	h.ask("castellan", "battle: T1-B1", "result:", "  ships:", "    - {ship: vorn#1, fate: destroyed}", "    - {ship: castellan#1, fate: captured, by: vorn#1}").
		want(t, "the captor vorn#1 is listed as destroyed itself")

	// Before the settlement castellan's 3rd is at Meridian, with no lane
	// to Quillon.
	retreat := h.orders("castellan", 2, false, "move: {fleet: 3rd, path: [quillon]}")
	h.send(h.mailFrom("castellan", retreat))
	h.next("castellan").want(t, "not accepted", "no warp lane joins meridian and quillon")

	h.ask("castellan", "battle: T1-B1", "confirm: true").want(t, "Battle T1-B1 is settled, agreed by both sides")
	for _, p := range players {
		h.next(p).want(t, "Battle T1-B1 is settled", "castellan#2 frigate captured", "Victory points: castellan 0, vorn 120")
	}
	// The settlement moved its scout to Aurora, next to Quillon: orders
	// are checked against the state as the settlement left it.
	h.send(h.mailFrom("castellan", retreat))
	h.next("castellan").want(t, "accepted", "3rd      aurora -> quillon")
	var st *campaign.State
	h.db.View(func(tx *store.Tx) error {
		rec, err := tx.Turn("frontier", 2)
		st = rec.State
		return err
	})
	vorn := st.Fleet("vorn", "2nd")
	if len(st.Battles) != 0 || vorn == nil || len(vorn.Units) != 4 || vorn.DamageOf(1).Structure != 3 || st.Player("vorn").VP != 120 {
		t.Errorf("after the agreed result: battles %v, vorn's 2nd %+v, VP %d", st.Battles, vorn, st.Player("vorn").VP)
	}
	if c := st.Fleet("castellan", "3rd"); c == nil || c.At != "aurora" || len(c.Units) != 1 {
		t.Errorf("castellan's 3rd = %+v, want its scout withdrawn to aurora", c)
	}
	h.ask("vorn", "battle: T1-B1", "confirm: true").want(t, "already settled")
	h.quiet(players...)
}

// newDisputedBattle starts battle T1-B1 as newReportedBattle does, and
// has its sides send results that differ: it returns the mail that asks
// the GM to decide.
func newDisputedBattle(t *testing.T) (*harness, *received) {
	t.Helper()
	h, _ := newReportedBattle(t)
	h.ask("vorn", "battle: T1-B1", "result: {ships: [{ship: castellan#1, fate: destroyed}], vp: {vorn: 80}}").want(t, "on file")
	h.next("castellan").want(t, "confirm it?")
	h.ask("castellan", "battle: T1-B1", "result: {ships: [{ship: vorn#1, fate: destroyed}], vp: {castellan: 80}}").want(t, "the GM will decide")
	return h, h.next("gm")
}

func TestDisputedBattleDecidedByTheGM(t *testing.T) {
	skipUnderRace(t)
	h, ask := newDisputedBattle(t)
	ask.want(t, "Battle T1-B1 needs your decision", "Result 1, from vorn", "Result 2, from castellan", "accept 2", "auto")
	h.replyTo("gm", ask, "accept 2\n\nCastellan's account matches the log.")
	h.next("gm").want(t, "Battle T1-B1 settled")
	for _, p := range players {
		h.next(p).want(t, "decided by the GM for castellan's result", "vorn#1 light-cruiser destroyed")
	}
	h.replyTo("gm", ask, "auto")
	h.next("gm").want(t, "already decided battle T1-B1")
}

func TestBattleClocks(t *testing.T) {
	skipUnderRace(t)
	h, _ := newReportedBattle(t)
	h.ask("vorn", "battle: T1-B1", "result: {ships: [{ship: castellan#1, fate: destroyed}], vp: {vorn: 80}}").want(t, "on file")
	h.next("castellan").want(t, "confirm it?")
	// Castellan never answers: past the contact clock (3 days) castellan's
	// ships withdraw, whatever vorn claimed; EaW has no rule on it to
	// cite.
	h.advanceTo(h.clock.Now().Add(72*time.Hour + time.Minute))
	for _, p := range players {
		m := h.next(p)
		for strings.Contains(m.Subject, "due in") { // reminders of turn 2
			m = h.next(p)
		}
		m.want(t, "Battle T1-B1 is settled", "castellan sent nothing in time and withdrew", "castellan#1 light-cruiser disengaged")
		m.wantNot(t, "UTD")
	}
}

// battleCase reads a battle case from the store.
func (h *harness) battleCase(id string) *store.BattleCase {
	h.t.Helper()
	var cases []*store.BattleCase
	if err := h.db.View(func(tx *store.Tx) (err error) { cases, err = tx.Battles("frontier"); return err }); err != nil {
		h.t.Fatal(err)
	}
	for _, bc := range cases {
		if bc.ID == id {
			return bc
		}
	}
	h.t.Fatalf("no battle case %s", id)
	return nil
}

// TestBattleClocksStopWhilePaused: a reported battle's clocks do not run
// while the GM has paused the campaign; on resume they move on by the
// pause's length.
func TestBattleClocksStopWhilePaused(t *testing.T) {
	skipUnderRace(t)
	h, token := newReportedBattle(t)
	h.ask("vorn", "battle: T1-B1", "result: {ships: [{ship: castellan#1, fate: destroyed}], vp: {vorn: 80}}").want(t, "on file")
	h.next("castellan").want(t, "confirm it?")
	contact := h.battleCase("T1-B1").ContactBy

	h.gm(token, "pause").want(t, "is paused")
	for _, p := range players {
		h.next(p).want(t, "paused")
	}
	pause := 5 * 24 * time.Hour
	h.advanceTo(h.clock.Now().Add(pause)) // well past the contact clock
	h.quiet(players...)
	if bc := h.battleCase("T1-B1"); bc.Status == store.BattleFinal {
		t.Fatalf("battle T1-B1 was settled while the campaign was paused: %s", bc.Settled)
	}
	h.gm(token, "resume").want(t, "runs again")
	for _, p := range players {
		h.next(p).want(t, "resumed")
	}
	bc := h.battleCase("T1-B1")
	if !bc.ContactBy.Equal(contact.Add(pause)) {
		t.Errorf("contact clock after a %v pause = %v, want %v", pause, bc.ContactBy, contact.Add(pause))
	}
	h.advanceTo(bc.ContactBy.Add(-time.Minute))
	if bc := h.battleCase("T1-B1"); bc.Status == store.BattleFinal {
		t.Errorf("battle T1-B1 was settled before its moved clock ran out: %s", bc.Settled)
	}
	h.advanceTo(bc.ContactBy.Add(time.Minute))
	for _, p := range players {
		m := h.next(p)
		for strings.Contains(m.Subject, "due in") { // reminders of turn 2
			m = h.next(p)
		}
		m.want(t, "Battle T1-B1 is settled", "castellan sent nothing in time and withdrew")
	}
}

// TestSettledBattleIsInTheNextReport: a battle settled while a turn is
// open is told at once, and again in the report of that turn.
func TestSettledBattleIsInTheNextReport(t *testing.T) {
	skipUnderRace(t)
	h, token := newReportedBattle(t)
	h.ask("vorn", "battle: T1-B1", "result: {ships: [{ship: castellan#1, fate: destroyed}], vp: {vorn: 95}}").want(t, "on file")
	h.next("castellan").want(t, "confirm it?")
	h.ask("castellan", "battle: T1-B1", "confirm: true").want(t, "Battle T1-B1 is settled")
	for _, p := range players {
		h.next(p).want(t, "Battle T1-B1 is settled")
	}
	h.gm(token, "process").want(t, "Turn 2 is resolved")
	for _, p := range players {
		report := h.next(p)
		if p == "vorn" || p == "castellan" {
			// Their fleets still meet at Meridian: a new battle's mail
			// comes too, in either order.
			battle := h.next(p)
			if strings.Contains(report.Subject, "Battle T2-B1") {
				report, battle = battle, report
			}
			battle.want(t, "Battle T2-B1: report its result")
		}
		report.want(t, "Turn 3 report", "Battle T1-B1 (turn 1) is settled, agreed by both sides", "castellan#1 light-cruiser destroyed")
	}
	h.quiet(players...)
}

// TestEaW1b_BattleFoughtByPbemdTellsOthersOnlyTheFight: when pbemd fights
// a reported battle at the GM's word, every player learns the fight
// (EaW 1e), but what followed for each side (its fleets by name, where
// they went, their crews' experience) reaches only that side (EaW 1b).
func TestEaW1b_BattleFoughtByPbemdTellsOthersOnlyTheFight(t *testing.T) {
	skipUnderRace(t)
	h, ask := newDisputedBattle(t)
	h.replyTo("gm", ask, "auto")
	h.next("gm").want(t, "Battle T1-B1 decided")
	sides := map[string]string{}
	for _, p := range players {
		m := h.next(p)
		m.want(t, "Battle T1-B1 is settled", "Battle T1-B1 at Meridian: castellan with", "held the field")
		sides[p] = m.body()
	}
	if !strings.Contains(sides["vorn"], "experience in battle T1-B1") {
		t.Fatalf("vorn was not told its crews' experience; pick a battle where one side wins:\n%s", sides["vorn"])
	}
	for _, p := range []string{"ashari", "tekkar"} {
		for _, secret := range []string{"experience", "leet 2nd", "leet 3rd", "repairs", "withdrew"} {
			if strings.Contains(sides[p], secret) {
				t.Errorf("%s, who was not in battle T1-B1, was told %q:\n%s", p, secret, sides[p])
			}
		}
	}
	h.quiet(players...)
}
