package moderator_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/store"
)

// week is the week UTD3.44 grants a battle's clocks without a vote.
const week = 7 * 24 * time.Hour

// utc writes a time as the battle mails of the Thunderdome IV campaign,
// whose time zone is UTC, do.
func utc(t time.Time) string { return report.FormatDeadline(t, time.UTC) }

// TestUTD3_44_RealLifeWeekForABattle: a side that claims real-life
// reasons gets a week more for its battle at once, without a vote, though
// it asked for fewer hours: both clocks move on, the other side and the
// GM are told the new deadlines, and a second claim by the same side is
// refused and points to the vote, as is the other side's asking for the
// week that both sides asking would grant. The battle's contact clock then runs
// out a week later than it would have: the side that sent nothing
// withdraws then, not before; a claim for the settled battle is refused.
func TestUTD3_44_RealLifeWeekForABattle(t *testing.T) {
	skipUnderRace(t)
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
	if err := h.db.View(func(tx *store.Tx) (err error) { audit, err = tx.AuditLog("thunderdome"); return err }); err != nil {
		t.Fatal(err)
	}
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
	skipUnderRace(t)
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
// more than the week, for a battle whose time to settle ran out, for a
// battle under appeal, while the campaign is paused, or in a campaign
// decided by its GM, is refused with what to send instead, and changes
// nothing. A battle under appeal is named neither as one a week may be
// asked for, nor to a side who owes no orders.
func TestUTD3_44_BadBattleExtensionChangesNothing(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, voters := tdDisputed(t)
	bc := h.tdBattleCase()
	claim := "extension: {hours: 168, real_life: true, battle: %s}"
	h.tdAsk(defender, fmt.Sprintf(claim, "T9-B9")).want(t, "No battle T9-B9 waits for its result with time left to settle it; yours that do: T1-B1", "Nothing changed")
	h.tdAsk(campaign.PlayerID(voters[0]), fmt.Sprintf(claim, "T1-B1")).want(t, "You did not fight battle T1-B1", "Nothing changed")
	h.tdAsk(defender, "extension: {hours: 336, real_life: true, battle: T1-B1}").
		want(t, "The rules grant battle T1-B1 a week (168 hours) more without a vote (UTD3.44); you asked for 336 hours", "Nothing changed",
			"extension: {hours: 168, battle: T1-B1}", "command: propose extend T1-B1 <hours>")
	if after := h.tdBattleCase(); !reflect.DeepEqual(after, bc) {
		t.Errorf("a refused request changed the battle: %+v, was %+v", after, bc)
	}

	// The battle's time to settle runs out before the scheduler has seen
	// it: the store says so, and the clock the scheduler waits on has not
	// moved. No request wakes it: each is refused.
	ranOut := *bc
	ranOut.ResolveBy = h.clock.Now()
	h.putTDBattle(&ranOut)
	h.tdAsk(defender, fmt.Sprintf(claim, "T1-B1")).want(t, "Battle T1-B1's time to settle ran out at "+utc(ranOut.ResolveBy), "Nothing changed",
		"Next, the players who did not fight it vote on its result")
	h.tdAsk(defender, fmt.Sprintf(claim, "T9-B9")).want(t, "No battle T9-B9 waits for its result with time left to settle it, and none of yours does")
	if after := h.tdBattleCase(); !reflect.DeepEqual(after, &ranOut) {
		t.Errorf("a refused request changed the battle: %+v, was %+v", after, ranOut)
	}
	h.putTDBattle(bc)

	h.openAppeal(t, attacker, defender, voters)
	bc = h.tdBattleCase()
	h.tdAsk(attacker, fmt.Sprintf(claim, "T1-B1")).want(t, "now vote on its result (appeal-T1-B1)", "Nothing changed",
		"The voters decide its result; its sides can do nothing more about it here")
	h.tdAsk(attacker, fmt.Sprintf(claim, "T9-B9")).want(t, "No battle T9-B9 waits for its result with time left to settle it, and none of yours does")
	a := h.tdAsk(defender, "extension: {hours: 168}")
	if a.want(t, "you have no deadline to extend"); strings.Contains(a.body(), "battle T1-B1") {
		t.Errorf("the answer names the battle under appeal for a week:\n%s", a.body())
	}
	h.tdPause(t)
	h.tdAsk(attacker, fmt.Sprintf(claim, "T1-B1")).want(t, "Campaign thunderdome is paused, so there is no deadline to extend")
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

// TestUTD3_44_VotingCampaignWithoutBattleWeeks: an Empires at War
// campaign that decides by vote has no week without a vote for a battle's
// clocks, as its ruleset grants none on a real-life claim: the request is
// refused, points to the vote, and changes nothing.
func TestUTD3_44_VotingCampaignWithoutBattleWeeks(t *testing.T) {
	skipUnderRace(t)
	h := newHarnessWith(t, rules.Registry())
	h.setDecisions("frontier", campaign.DecideVotes)
	h.drain(append(players, "gm")...)
	deadline := h.campaign().Deadline()
	h.ask("vorn", "extension: {hours: 168, real_life: true, battle: B1-1}").
		want(t, "The rules of Frontier Wars grant no week for a battle's clocks without a vote", "Nothing changed",
			"command: propose extend B1-1 <hours>")
	if c := h.campaign(); !c.Deadline().Equal(deadline) {
		t.Errorf("the deadline moved to %v, was %v", c.Deadline(), deadline)
	}
	h.quiet(append(players, "gm")...)
}

// TestUTD3_44_OtherSideLeft: the other side of a battle left the
// campaign and nobody stands in for it yet, so nobody can ask for the
// week too: asking without a real-life claim is refused, says so, points
// to the real-life claim, the substitute and the vote, and changes
// nothing; the real-life claim is granted.
func TestUTD3_44_OtherSideLeft(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, _ := tdBattle(t)
	h.tdResign(defender)
	for _, o := range append(tdOthers(defender), "gm") {
		h.next(o).want(t, string(defender)+" resigned")
	}
	bc := h.tdBattleCase()
	h.tdAsk(attacker, "extension: {hours: 168, battle: T1-B1}").
		want(t, string(defender)+" left the campaign, and nobody stands in for them yet", "Nothing changed",
			"extension: {hours: 168, real_life: true, battle: T1-B1}", "command: propose substitute T1-B1 <player>",
			"command: propose extend T1-B1 <hours>")
	if after := h.tdBattleCase(); !reflect.DeepEqual(after, bc) {
		t.Errorf("a refused request changed the battle: %+v, was %+v", after, bc)
	}
	h.tdAsk(attacker, "extension: {hours: 168, real_life: true, battle: T1-B1}").
		want(t, "Granted: battle T1-B1 has a week more, on your real-life claim", "settle it by "+utc(bc.ResolveBy.Add(week)))
	h.next("gm").want(t, "Battle T1-B1 has a week more")
	h.quiet(append(tdPlayers, "gm")...)
}

// putTDBattle stores the Thunderdome IV campaign's battle case bc.
func (h *harness) putTDBattle(bc *store.BattleCase) {
	h.t.Helper()
	if err := h.db.Update(func(tx *store.Tx) error { return tx.PutBattle("thunderdome", bc) }); err != nil {
		h.t.Fatal(err)
	}
}

// TestUTD3_44_SubstituteAsksForTheSide: the player who stands in for a
// side that left the campaign (UTD3.91) claims the week for that side: it
// is granted, the other side and the GM are told, and it counts as the
// side's week, not the substitute's own.
func TestUTD3_44_SubstituteAsksForTheSide(t *testing.T) {
	skipUnderRace(t)
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
