package moderator_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/rules/thunderdome"
	"github.com/pbemd/pbemd/store"
)

// tdBattle starts the Thunderdome IV campaign with battles: reported and
// plays the first player's turn into a sector where another player's
// fleet stands: battle T1-B1 waits, and so does the campaign. It returns
// the attacker, the defender and the attacker's battle mail.
func tdBattle(t *testing.T) (*harness, campaign.PlayerID, campaign.PlayerID, *received) {
	t.Helper()
	return tdBattleWith(t, nil)
}

// tdBattleWith is tdBattle with edit changing turn 1's state, once the
// defender's f1 stands where the attacker's f1 goes, before the orders.
func tdBattleWith(t *testing.T, edit func(t *testing.T, st *campaign.State, defender campaign.PlayerID)) (*harness, campaign.PlayerID, campaign.PlayerID, *received) {
	t.Helper()
	h := newThunderdomeHarness(t)
	attacker, to := h.tdCurrent()
	defender := h.tdMeet(attacker, to, func(st *campaign.State, defender campaign.PlayerID) {
		st.Rules.Battles = campaign.BattlesReported
		if edit != nil {
			edit(t, st, defender)
		}
	})
	h.send(h.mailFrom(string(attacker), h.tdOrders(attacker, 1, true, fmt.Sprintf("move: {fleet: f1, to: %s}", to))))
	h.next(string(attacker)).want(t, "accepted")
	var mail *received
	for _, p := range []campaign.PlayerID{attacker, defender} {
		// The battle mail and the report may come in either order.
		a, b := h.next(string(p)), h.next(string(p))
		if !strings.Contains(a.Subject, "Battle T1-B1") {
			a, b = b, a
		}
		a.want(t, "Battle T1-B1: report its result", string(attacker)+"#1", string(defender)+"#1", "contact: true", "(UTD3.4)", "(UTD3.5)")
		b.want(t, "Turn 2", "Battle T1-B1")
		if p == attacker {
			mail = a
		}
	}
	for _, p := range tdPlayers {
		if p != string(attacker) && p != string(defender) {
			h.next(p).want(t, "Turn 2")
		}
	}
	c, _ := h.campaignNamed("thunderdome")
	if due := duePlayers(c); len(due) != 0 {
		t.Errorf("%v owe orders while T1-B1 waits; want nobody", due)
	}
	h.send(h.mailFrom(string(defender), h.tdOrders(defender, 2, true)))
	h.next(string(defender)).want(t, "not your turn")
	return h, attacker, defender, mail
}

// tdMeet puts the first fleet of another player than p at the sector to,
// so that p's fleet moving there meets it, and then has edit change the
// open turn's state too: it returns that player.
func (h *harness) tdMeet(p campaign.PlayerID, to campaign.SystemID, edit ...func(st *campaign.State, other campaign.PlayerID)) campaign.PlayerID {
	h.t.Helper()
	var other campaign.PlayerID
	err := h.db.Update(func(tx *store.Tx) error {
		rec, err := tx.Turn("thunderdome", h.tdCampaign().Turn)
		if err != nil {
			return err
		}
		for i := range rec.State.Fleets {
			if f := &rec.State.Fleets[i]; f.Owner != p && f.ID == "f1" && other == "" {
				f.At, other = to, f.Owner
			}
		}
		for _, e := range edit {
			e(rec.State, other)
		}
		return tx.PutTurn("thunderdome", rec)
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return other
}

// tdBattleCase reads the Thunderdome IV campaign's one battle case; nil
// unless it has exactly one.
func (h *harness) tdBattleCase() *store.BattleCase {
	h.t.Helper()
	var bc *store.BattleCase
	err := h.db.View(func(tx *store.Tx) error {
		cases, err := tx.Battles("thunderdome")
		if len(cases) == 1 {
			bc = cases[0]
		}
		return err
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return bc
}

// tdAsk sends a Thunderdome IV request mail and returns the answer.
func (h *harness) tdAsk(p campaign.PlayerID, lines ...string) *received {
	h.t.Helper()
	h.send(h.mailFrom(string(p), fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\n%s\n", p, h.tokens[p], strings.Join(lines, "\n"))))
	return h.next(string(p))
}

// tdNextDue checks that after the battle the next player in the turn
// order owes orders for turn 2, and that every player was told, and got
// the report that opens that turn: the next player's with their order
// points and order template, as every turn's opening (UTD2.3).
func (h *harness) tdNextDue(t *testing.T, attacker campaign.PlayerID, news ...string) {
	t.Helper()
	var mine []string
	for _, p := range tdPlayers {
		h.next(p).want(t, append([]string{"Battle T1-B1 is settled", "orders are due from", "The report that opens the turn follows"}, news...)...)
		r := h.next(p)
		r.want(t, "Battle T1-B1 at")
		if tdOpening(t, r) {
			mine = append(mine, p)
		}
	}
	c, _ := h.campaignNamed("thunderdome")
	st := h.turnStateOf("thunderdome", c.Turn)
	x, err := thunderdome.ExtOf(st)
	if err != nil {
		t.Fatal(err)
	}
	due := duePlayers(c)
	if len(st.Battles) != 0 || len(due) != 1 || due[0] != x.Order[x.Current] || due[0] == attacker {
		t.Errorf("after the battle: battles %v, due %v, current %s; want the next player due", st.Battles, due, x.Order[x.Current])
	}
	if len(mine) != 1 || len(due) != 1 || mine[0] != string(due[0]) {
		t.Errorf("%v got the report that opens their turn; want %v, who owes orders", mine, due)
	}
}

// tdOpening checks that r is the report that opens turn 2 once what held
// it is settled, as every turn's opening: for the player now due their
// points and order template, for the others whose turn it is and by
// when. It reports whether r is the due player's.
func tdOpening(t *testing.T, r *received) bool {
	t.Helper()
	r.want(t, "Turn 2, cycle 1.0: ")
	if strings.HasSuffix(r.Subject, ": your turn") {
		r.want(t, "It is your turn.", "Order points:", "orders-2.yaml")
		return true
	}
	r.want(t, "'s turn; their orders are due")
	r.wantNot(t, "orders-2.yaml")
	return false
}

// tdOpened reads every player's report that opens turn 2 (tdOpening),
// and checks that one of them is the due player's.
func (h *harness) tdOpened(t *testing.T) {
	t.Helper()
	mine := 0
	for _, p := range tdPlayers {
		if tdOpening(t, h.next(p)) {
			mine++
		}
	}
	if mine != 1 {
		t.Errorf("%d players got the report that opens their turn; want 1", mine)
	}
}

// TestThunderdomeForcedRetreatOnContactClock: the defender says it made
// contact; the attacker sends nothing, and when the contact clock runs
// out it is forced back through the lane it came from, with a point of
// debt, and the next player's turn opens.
func TestThunderdomeForcedRetreatOnContactClock(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, _ := tdBattle(t)
	h.tdAsk(defender, "battle: T1-B1", "contact: true").want(t, "contact with the other side of battle T1-B1 is noted")
	bc := h.tdBattleCase()
	if bc == nil || bc.ResolveBy.Sub(bc.Opened).Hours() < 27*24 || bc.ContactBy.Sub(bc.Opened).Hours() != 72 {
		t.Fatalf("battle case %+v, want TD IV's 3 days to contact and 4 weeks to settle", bc)
	}
	h.advanceTo(bc.ContactBy)
	h.tdNextDue(t, attacker, string(attacker)+" sent nothing in time and withdrew")
	st := h.turnStateOf("thunderdome", 2)
	x, _ := thunderdome.ExtOf(st)
	if !slices.ContainsFunc(x.Retreats, func(r thunderdome.Retreat) bool { return r.Owner == attacker && r.Fleet == "f1" }) {
		t.Errorf("retreats %+v, want %s's f1 forced back", x.Retreats, attacker)
	}
	if i := slices.IndexFunc(x.Empires, func(e thunderdome.Empire) bool { return e.Player == attacker }); x.Empires[i].RetreatDebt != 1 {
		t.Errorf("%s's retreat debt %d, want 1", attacker, x.Empires[i].RetreatDebt)
	}
}

// TestThunderdomeBattleReportedByBothSides: the attacker reports the
// defender's fleet destroyed, the defender confirms, and the next
// player's turn opens: every player gets the report that opens it, the
// next player's with their order points and order template (tdNextDue).
func TestThunderdomeBattleReportedByBothSides(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, _ := tdBattle(t)
	st := h.turnStateOf("thunderdome", 2)
	result := []string{"battle: T1-B1", "result:", "  ships:"}
	for i := range st.Battles[0].Fleets[1].Units {
		result = append(result, fmt.Sprintf("    - {ship: %s#%d, fate: destroyed}", defender, i+1))
	}
	h.tdAsk(attacker, "battle: T1-B1", "result: {ships: [{ship: "+string(defender)+"#1, fate: captured, by: "+string(defender)+"#2}]}").
		want(t, "does not fit", "is on the same side and cannot capture it")
	h.tdAsk(attacker, result...).want(t, "result for battle T1-B1 is on file")
	h.next(string(defender)).want(t, "confirm it?")
	h.tdAsk(defender, "battle: T1-B1", "confirm: true").want(t, "Battle T1-B1 is settled, agreed by both sides")
	h.tdNextDue(t, attacker, string(defender)+"#1")
	if f := h.turnStateOf("thunderdome", 2).Fleet(defender, "f1"); f != nil {
		t.Errorf("%s's f1 = %+v, want it destroyed", defender, f)
	}
}

// TestUTD2_3_SettlementToldOnce: the reports that open the next player's
// turn after a battle settles tell of the battle's end, so the reports of
// the turn that player plays do not tell of it again: they tell what
// happened in that turn.
func TestUTD2_3_SettlementToldOnce(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, _ := tdBattle(t)
	h.tdAsk(attacker, destroyed(h, defender)...).want(t, "result for battle T1-B1 is on file")
	h.next(string(defender)).want(t, "confirm it?")
	h.tdAsk(defender, "battle: T1-B1", "confirm: true").want(t, "Battle T1-B1 is settled")
	h.tdNextDue(t, attacker)
	next, _ := h.tdCurrent()
	h.send(h.mailFrom(string(next), h.tdOrders(next, 2, true)))
	h.next(string(next)).want(t, "passes now")
	for _, p := range tdPlayers {
		r := h.next(p)
		r.want(t, "Turn 3", "Orders of turn 2")
		r.wantNot(t, "Battle T1-B1 at s")
	}
}

// TestUTD6_3I2_CapturedShipReportedByMail: the attacker reports the
// defender's first ship captured by its own first ship and put into a new
// fleet, the others destroyed; once the defender confirms, the prize is
// in the attacker's new fleet, marked captured until inspected
// (UTD6.3I4, UTD6.3773), and every player is told.
func TestUTD6_3I2_CapturedShipReportedByMail(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, _ := tdBattle(t)
	st := h.turnStateOf("thunderdome", 2)
	taken := st.Battles[0].Fleets[1].Units[0]
	result := []string{"battle: T1-B1", "result:", "  ships:",
		fmt.Sprintf("    - {ship: %s#1, fate: captured, by: %s#1, to: new}", defender, attacker)}
	for i := range st.Battles[0].Fleets[1].Units[1:] {
		result = append(result, fmt.Sprintf("    - {ship: %s#%d, fate: destroyed}", defender, i+2))
	}
	h.tdAsk(attacker, result...).want(t, "result for battle T1-B1 is on file")
	h.next(string(defender)).want(t, "confirm it?")
	h.tdAsk(defender, "battle: T1-B1", "confirm: true").want(t, "Battle T1-B1 is settled, agreed by both sides")
	h.tdNextDue(t, attacker, fmt.Sprintf("%s captured %s's %s", attacker, defender, taken), "it forms the new fleet f4, not inspected")
	f := h.turnStateOf("thunderdome", 2).Fleet(attacker, "f4")
	if f == nil || !slices.Equal(f.Units, []campaign.ClassName{taken}) || !f.IsCaptured(0) {
		t.Errorf("%s's f4 = %+v, want the captured %s alone, not inspected", attacker, f, taken)
	}
}

// TestThunderdomeBattleMailExampleIsTaken: the battle mail's example
// result is one Thunderdome IV takes, without victory points (UTD1.9):
// sent as it stands, with the token, it is put on file.
func TestThunderdomeBattleMailExampleIsTaken(t *testing.T) {
	skipUnderRace(t)
	h, attacker, _, mail := tdBattle(t)
	body := mail.body()
	for _, bad := range []string{"vp:", "fate: captured"} {
		if strings.Contains(body, bad) {
			t.Errorf("the battle mail shows %q, which Thunderdome IV refuses:\n%s", bad, body)
		}
	}
	_, example, _ := strings.Cut(body, "\n  campaign: thunderdome\n")
	example, _, _ = strings.Cut(example, "\n\n")
	example = strings.ReplaceAll("campaign: thunderdome\n"+example, "<your token>", h.tokens[attacker])
	lines := strings.Split(example, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "  ")
	}
	h.send(h.mailFrom(string(attacker), strings.Join(lines, "\n")+"\n"))
	h.next(string(attacker)).want(t, "result for battle T1-B1 is on file")
}

// lastFleet leaves the defender's f1 as their one unit on the map: no
// other fleet, no capital, shipyard or defense (UTD4.32).
func lastFleet(t *testing.T, st *campaign.State, defender campaign.PlayerID) {
	t.Helper()
	st.Fleets = slices.DeleteFunc(st.Fleets, func(f campaign.Fleet) bool { return f.Owner == defender && f.ID != "f1" })
	x, err := thunderdome.ExtOf(st)
	if err != nil {
		t.Fatal(err)
	}
	for i := range x.Empires {
		if x.Empires[i].Player == defender {
			x.Empires[i].Capital = ""
		}
	}
	x.Yards = slices.DeleteFunc(x.Yards, func(y thunderdome.Yard) bool { return y.Owner == defender })
	x.Defenses = slices.DeleteFunc(x.Defenses, func(d thunderdome.Defense) bool { return d.Owner == defender })
	if st.Ext, err = json.Marshal(x); err != nil {
		t.Fatal(err)
	}
}

// TestUTD4_32_SettledBattleEliminatesAtOnce: the defender's f1, their
// last unit on the map, is destroyed in a battle the sides report. As
// the battle settles the defender is out (UTD4.32): every player reads
// it, the GM is told, the seat is out of the campaign, so that the
// players still in get the report that opens the next turn and the
// defender none, the vote opened next has 3 voters and not the defender,
// whose vote is refused, and pbemd status no longer counts them among
// those waiting.
func TestUTD4_32_SettledBattleEliminatesAtOnce(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, _ := tdBattleWith(t, lastFleet)
	h.tdAsk(attacker, destroyed(h, defender)...).want(t, "result for battle T1-B1 is on file")
	h.next(string(defender)).want(t, "confirm it?")
	h.tdAsk(defender, "battle: T1-B1", "confirm: true").want(t, "Battle T1-B1 is settled, agreed by both sides")
	for _, p := range tdPlayers {
		h.next(p).says(t, "is settled, agreed by both sides", string(defender)+" has no unit left on the map and is out of the campaign (UTD4.32)")
	}
	// The players still in get the report that opens the next turn.
	for _, p := range tdOthers(defender) {
		tdOpening(t, h.next(p))
	}
	h.next("gm").says(t, string(defender)+" is out of Thunderdome IV: eliminated: no unit left on the map (UTD4.32)",
		"What put them out: battle T1-B1 settled, agreed by both sides.")
	c := h.tdCampaign()
	if s := c.Seat(defender); s.Active() || !strings.Contains(s.Out, "eliminated") {
		t.Fatalf("%s's seat: out %q; want eliminated", defender, s.Out)
	}
	var rec *store.TurnRecord
	if err := h.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn("thunderdome", c.Turn); return err }); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(rec.Waiting, defender) {
		t.Errorf("turn %d's record counts %s among the players waiting", c.Turn, defender)
	}
	p, _ := h.tdCurrent()
	asked := h.askIn("thunderdome", string(p), `extension: {hours: 72, reason: "still moving"}`)
	m := regexp.MustCompile(`put to the other players' vote as ([\w-]+)`).FindStringSubmatch(strings.Join(strings.Fields(asked.body()), " "))
	if m == nil {
		t.Fatalf("the extension was not put to the vote:\n%s", asked.body())
	}
	poll := m[1]
	for _, u := range tdOthers(p) {
		if u != string(defender) {
			r := h.next(u)
			r.want(t, "Vote "+poll)
			r.says(t, "2 of the 3 voters")
		}
	}
	h.tdAsk(defender, "command: vote "+poll+" yes").want(t, "You are out of campaign thunderdome")
	h.quiet(string(defender), "gm")
}

// TestUTD1_9_SettledBattleLeavesTheLastPlayer: the players who fought no
// battle resigned; when the battle settles with the defender's last unit
// destroyed, the attacker is the last player on the map and wins at once
// (UTD4.32, UTD1.9): the campaign ends, every player gets the final
// report naming the winner, and the GM is told.
func TestUTD1_9_SettledBattleLeavesTheLastPlayer(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, _ := tdBattleWith(t, lastFleet)
	var others []string
	for _, p := range tdOthers(attacker) {
		if p != string(defender) {
			others = append(others, p)
		}
	}
	for i, p := range others {
		h.tdResign(campaign.PlayerID(p))
		for _, o := range append(append([]string{string(attacker), string(defender)}, others[i+1:]...), "gm") {
			h.next(o).says(t, p+" resigned")
		}
	}
	h.tdAsk(attacker, destroyed(h, defender)...).want(t, "result for battle T1-B1 is on file")
	h.next(string(defender)).want(t, "confirm it?")
	h.tdAsk(defender, "battle: T1-B1", "confirm: true").want(t, "Battle T1-B1 is settled, agreed by both sides")
	for _, p := range []campaign.PlayerID{attacker, defender} {
		h.next(string(p)).says(t, string(defender)+" has no unit left on the map and is out of the campaign (UTD4.32)")
	}
	got := h.nextBySubject("gm", "is out", "has ended")
	got["has ended"].want(t, "Thunderdome IV has ended: "+string(attacker)+" won it")
	h.tdWonBy(attacker)
	h.quiet(append(tdPlayers, "gm")...)
}
