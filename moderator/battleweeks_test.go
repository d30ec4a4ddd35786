package moderator_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
)

// week is the week UTD3.44 grants a battle's clocks without a vote.
const week = 7 * 24 * time.Hour

// utc writes a time as the battle mails do.
func utc(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// TestUTD3_44_RealLifeWeekForABattle: a side that claims real-life
// reasons gets a week more for its battle at once, without a vote, though
// it asked for fewer hours: both clocks move on, the other side and the
// GM are told the new deadlines, and a second claim by the same side is
// refused and points to the vote, as is the other side's asking for the
// week that both sides asking would grant. The battle's contact clock then runs
// out a week later than it would have: the side that sent nothing
// withdraws then, not before; a claim for the settled battle is refused.
func TestUTD3_44_RealLifeWeekForABattle(t *testing.T) {
	h, attacker, defender, _ := tdBattle(t)
	h.tdAsk(defender, "battle: T1-B1", "contact: true").want(t, "contact with the other side of battle T1-B1 is noted")
	before := h.tdBattleCase()
	contactBy, resolveBy := before.ContactBy.Add(week), before.ResolveBy.Add(week)
	h.tdAsk(defender, "extension: {hours: 48, real_life: true, battle: T1-B1}").
		want(t, "Granted: battle T1-B1 has a week more, on your real-life claim (UTD3.44)", "You asked for 48 hours",
			"Make contact by "+utc(contactBy), "settle it by "+utc(resolveBy), "command: propose extend T1-B1 <hours>")
	for _, u := range []string{string(attacker), "gm"} {
		h.next(u).want(t, "Battle T1-B1 has a week more, as "+string(defender)+" claimed real-life reasons", "(UTD3.44)",
			"Make contact by "+utc(contactBy), "settle it by "+utc(resolveBy))
	}
	bc := h.tdBattleCase()
	if !bc.ContactBy.Equal(contactBy) || !bc.ResolveBy.Equal(resolveBy) {
		t.Fatalf("clocks contact %v, settle %v; want a week after %v and %v", bc.ContactBy, bc.ResolveBy, before.ContactBy, before.ResolveBy)
	}
	var audit []*store.AuditEntry
	h.db.View(func(tx *store.Tx) (err error) { audit, err = tx.AuditLog("thunderdome"); return err })
	if !slices.ContainsFunc(audit, func(e *store.AuditEntry) bool {
		return e.Who == string(defender) && e.Action == "battle week granted" && strings.Contains(e.Detail, "T1-B1")
	}) {
		t.Errorf("the audit log notes no battle week granted to %s", defender)
	}
	h.tdAsk(defender, "extension: {hours: 168, real_life: true, battle: T1-B1}").
		want(t, "You had your week without a vote for battle T1-B1's contact and settling clocks already", "Nothing changed",
			"command: propose extend T1-B1 <hours>")
	h.tdAsk(attacker, "extension: {hours: 168, battle: T1-B1}").
		want(t, string(defender)+" had the week without a vote for battle T1-B1's contact and settling clocks already", "Nothing changed")
	if after := h.tdBattleCase(); !reflect.DeepEqual(after, bc) {
		t.Errorf("a refused request changed the battle: %+v, was %+v", after, bc)
	}
	h.quiet(append(tdPlayers, "gm")...)

	// The old contact deadline passes: nothing happens.
	h.advanceTo(before.ContactBy.Add(time.Hour))
	h.quiet(append(tdPlayers, "gm")...)
	if bc := h.tdBattleCase(); bc.Status == store.BattleFinal {
		t.Fatalf("the battle was settled at its old contact deadline: %s", bc.Settled)
	}
	h.advanceTo(contactBy)
	h.tdNextDue(t, attacker, string(attacker)+" sent nothing in time and withdrew")
	h.tdAsk(attacker, "extension: {hours: 168, real_life: true, battle: T1-B1}").
		want(t, "Battle T1-B1 is settled ("+string(attacker)+" sent nothing in time and withdrew", "Nothing changed")
	h.quiet(append(tdPlayers, "gm")...)
}

// TestUTD3_44_BothSidesAskGetTheWeek: a side that asks for a week
// without a real-life claim is told it waits for the other side, which is
// told how to agree; asking again changes nothing. When the other side
// asks too, both clocks move on by a week, once, both sides and the GM
// are told, and the week counts against both: a real-life claim after it
// is refused.
func TestUTD3_44_BothSidesAskGetTheWeek(t *testing.T) {
	h, attacker, defender, _ := tdBattle(t)
	before := h.tdBattleCase()
	// The defender, whose turn it is not, asks for the turn's deadline
	// first: the answer names the battle it may ask a week for.
	h.tdAsk(defender, "extension: {hours: 168}").want(t, "you have no deadline to extend",
		"To ask for more time for battle T1-B1, name it in the request: extension: {battle: T1-B1, hours: 168}")
	h.tdAsk(attacker, "extension: {hours: 168, battle: T1-B1}").
		want(t, "Noted: you ask for a week more for battle T1-B1", "when "+string(defender)+" asks too",
			"real_life: true", "command: propose extend T1-B1 <hours>", "settle it by "+utc(before.ResolveBy))
	h.next(string(defender)).want(t, string(attacker)+" asks for a week more for battle T1-B1", "extension: {hours: 168, battle: T1-B1}")
	h.tdAsk(attacker, "extension: {hours: 168, battle: T1-B1}").want(t, "You asked for a week for battle T1-B1 already", "Nothing changed")
	if bc := h.tdBattleCase(); !bc.ContactBy.Equal(before.ContactBy) || !bc.ResolveBy.Equal(before.ResolveBy) {
		t.Fatalf("one side's request moved the clocks: contact %v, settle %v", bc.ContactBy, bc.ResolveBy)
	}
	h.tdAsk(defender, "extension: {hours: 168, battle: T1-B1}").
		want(t, "Granted: battle T1-B1 has a week more, as both its sides asked (UTD3.44)", "settle it by "+utc(before.ResolveBy.Add(week)))
	for _, u := range []string{string(attacker), "gm"} {
		h.next(u).want(t, "Battle T1-B1 has a week more, as both its sides asked", "Make contact by "+utc(before.ContactBy.Add(week)))
	}
	bc := h.tdBattleCase()
	if !bc.ContactBy.Equal(before.ContactBy.Add(week)) || !bc.ResolveBy.Equal(before.ResolveBy.Add(week)) {
		t.Fatalf("clocks contact %v, settle %v; want a week after %v and %v", bc.ContactBy, bc.ResolveBy, before.ContactBy, before.ResolveBy)
	}
	h.tdAsk(attacker, "extension: {hours: 168, real_life: true, battle: T1-B1}").want(t, "You had your week without a vote")
	h.quiet(append(tdPlayers, "gm")...)
	h.advanceTo(before.ContactBy.Add(time.Hour))
	h.quiet(append(tdPlayers, "gm")...)
	if bc := h.tdBattleCase(); bc.Status == store.BattleFinal {
		t.Fatalf("the battle was settled at its old contact deadline: %s", bc.Settled)
	}
	h.advanceTo(bc.ContactBy)
	h.tdNextDue(t, attacker, "sent nothing in time and withdrew")
}

// TestUTD3_44_BadBattleExtensionChangesNothing: a week for a battle that
// does not wait for a result, asked by a player who did not fight it, for
// a battle under appeal, or in a campaign decided by its GM, is refused
// with what to send instead, and changes nothing.
func TestUTD3_44_BadBattleExtensionChangesNothing(t *testing.T) {
	h, attacker, defender, voters := tdDisputed(t)
	bc := h.tdBattleCase()
	claim := "extension: {hours: 168, real_life: true, battle: %s}"
	h.tdAsk(defender, fmt.Sprintf(claim, "T9-B9")).want(t, "No battle T9-B9 waits for its result; yours that do: T1-B1", "Nothing changed")
	h.tdAsk(campaign.PlayerID(voters[0]), fmt.Sprintf(claim, "T1-B1")).want(t, "You did not fight battle T1-B1", "Nothing changed")
	if after := h.tdBattleCase(); !reflect.DeepEqual(after, bc) {
		t.Errorf("a refused request changed the battle: %+v, was %+v", after, bc)
	}
	h.openAppeal(t, attacker, defender, voters)
	bc = h.tdBattleCase()
	h.tdAsk(attacker, fmt.Sprintf(claim, "T1-B1")).want(t, "now vote on its result (appeal-T1-B1)", "Nothing changed")
	if after := h.tdBattleCase(); !reflect.DeepEqual(after, bc) {
		t.Errorf("a request under appeal changed the battle: %+v, was %+v", after, bc)
	}
	h.quiet(append(tdPlayers, "gm")...)

	eaw, _ := newGMHarness(t)
	deadline := eaw.campaign().Deadline()
	eaw.ask("vorn", fmt.Sprintf(claim, "B1-1")).want(t, "decides by its GM, not by vote, so it grants no week for a battle", "send the extension without battle:")
	if c := eaw.campaign(); !c.Deadline().Equal(deadline) {
		t.Errorf("the deadline moved to %v, was %v", c.Deadline(), deadline)
	}
	eaw.quiet("vorn", "castellan", "ashari", "tekkar", "gm")
}

// TestUTD3_44_SubstituteAsksForTheSide: the player who stands in for a
// side that left the campaign (UTD3.91) claims the week for that side: it
// is granted, the other side and the GM are told, and it counts as the
// side's week, not the substitute's own.
func TestUTD3_44_SubstituteAsksForTheSide(t *testing.T) {
	h, attacker, defender, sub := tdStandIn(t)
	before := h.tdBattleCase()
	h.tdAsk(sub, "extension: {hours: 168, real_life: true, battle: T1-B1}").
		want(t, "Granted: battle T1-B1 has a week more, on your real-life claim", "settle it by "+utc(before.ResolveBy.Add(week)))
	for _, u := range []string{string(attacker), "gm"} {
		h.next(u).want(t, "Battle T1-B1 has a week more, as "+string(sub)+" claimed real-life reasons")
	}
	bc := h.tdBattleCase()
	if !bc.ResolveBy.Equal(before.ResolveBy.Add(week)) || len(bc.Weeks) == 0 || bc.Weeks[0].Side != defender {
		t.Errorf("settle by %v, weeks %+v; want a week after %v, counted for %s", bc.ResolveBy, bc.Weeks, before.ResolveBy, defender)
	}
	h.quiet(append(tdPlayers, "gm")...)
}
