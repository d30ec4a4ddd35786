package thunderdome_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// reportedBattle plays lyran's turn with battles: reported: lyran's f1
// moves from lyra into s10, where hydran's f1 stands. The turn waits on
// battle T1-B1.
func reportedBattle(t *testing.T) *campaign.State { return reportedBattleWith(t, nil) }

// reportedBattleWith is reportedBattle with change editing the state
// before lyran's orders.
func reportedBattleWith(t *testing.T, change func(st *campaign.State, x *thunderdome.Ext)) *campaign.State {
	t.Helper()
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Rules.Battles = campaign.BattlesReported
		st.Fleet("hydran", "f1").At = "s10"
		if change != nil {
			change(st, x)
		}
	})
	res := resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n"))
	if len(res.Next.Battles) != 1 {
		t.Fatalf("battles %v, want T1-B1 pending", res.Next.Battles)
	}
	return res.Next
}

// TestUTD2_3_ReportedBattleWaits: with battles: reported, step 8 records
// the battle and the turn waits for it: nobody owes orders, no orders are
// taken, and the next player's turn opens once the result is in.
func TestUTD2_3_ReportedBattleWaits(t *testing.T) {
	st := reportedBattle(t)
	b := st.Battles[0]
	if b.ID != "T1-B1" || !slices.Equal(b.Sides, []campaign.PlayerID{"lyran", "hydran"}) || b.At != "s10" {
		t.Errorf("battle = %+v, want T1-B1 at s10, lyran attacking hydran", b)
	}
	if x := ext(t, st); x.Order[x.Current] != player {
		t.Errorf("current player %s, want lyran's turn still open", x.Order[x.Current])
	}
	if due, err := rs.Due(st, campaign.Schedule{}, time.Now()); err != nil || len(due) != 0 {
		t.Errorf("Due = %v, %v; want nobody while the battle waits", due, err)
	}
	for _, p := range []campaign.PlayerID{player, "hydran"} {
		if ps := refused(t, st, parse(t, st, p, "  - buy: {order_points: 1}\n")); ps[0].Rule != "UTD2.3" || !strings.Contains(ps[0].Msg, "T1-B1") {
			t.Errorf("%s's orders: %v, want them refused while T1-B1 waits", p, ps)
		}
	}
	// A turn moved on while it waits changes nothing.
	if again := resolve(st, nil); len(again.Next.Battles) != 1 || ext(t, again.Next).Current != ext(t, st).Current {
		t.Errorf("resolving a waiting turn moved it on: battles %v", again.Next.Battles)
	}
	events, err := rs.ApplyResult(st, "T1-B1", &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#1", Fate: "destroyed"}}}, "agreed")
	if err != nil {
		t.Fatal(err)
	}
	x := ext(t, st)
	if len(st.Battles) != 0 || x.Order[x.Current] == player {
		t.Errorf("after the result: battles %v, current %s; want none, the next player's turn open", st.Battles, x.Order[x.Current])
	}
	if due, _ := rs.Due(st, campaign.Schedule{}, time.Now()); len(due) != 1 || due[0].Player != x.Order[x.Current] {
		t.Errorf("Due = %v, want the next player", due)
	}
	if !slices.ContainsFunc(events, func(e game.Event) bool {
		return strings.Contains(e.Text, "Battle T1-B1 at s10 is settled, agreed: hydran#1")
	}) {
		t.Errorf("events %v do not tell the settlement", events)
	}
}

// TestUTD7_44_OneSideHoldsTheField: a result that leaves two sides in the
// field, puts a captured ship nowhere it can go, scores points, or sends one player's ships
// through two lanes is refused.
func TestUTD7_44_OneSideHoldsTheField(t *testing.T) {
	st := reportedBattle(t)
	b := st.Battles[0]
	for _, tc := range []struct {
		res  orders.BattleResult
		want string
	}{
		{orders.BattleResult{}, "UTD7.44"},
		{orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#1", Fate: "captured", By: "lyran#1", To: "f9"}}}, "to: f9 is neither a place (fleet, room, new, dock, scrap) nor a fleet of lyran's at s10 (UTD6.3I4)"},
		{orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#1", Fate: "destroyed"}}, VP: map[campaign.PlayerID]int{"lyran": 3}}, "UTD1.9"},
		{orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#1", Fate: "disengaged", Direction: "lyra"}, {Ship: "hydran#2", Fate: "disengaged", Direction: "s99"}}}, "no lane leads"},
	} {
		if got := strings.Join(rs.CheckResult(st, b, &tc.res), "; "); !strings.Contains(got, tc.want) {
			t.Errorf("CheckResult(%+v) = %q, want %q", tc.res, got, tc.want)
		}
	}
}

// TestUTD7_4662_LoserRetreatsAtStepSix: the side that disengages retreats
// with every fleet it has in the sector, through the lane it named, for a
// point of debt, arriving at step 6 of the next player's turn.
func TestUTD7_4662_LoserRetreatsAtStepSix(t *testing.T) {
	st := reportedBattle(t)
	to := campaign.NewGraph(st.Map).Neighbours("s10")
	via := to[len(to)-1]
	var ships []orders.ShipFate
	for _, ref := range rs.ShipRefs(st.Battles[0]) {
		if ref.Owner == "hydran" {
			ships = append(ships, orders.ShipFate{Ship: ref.Ref, Fate: "disengaged", Direction: via})
		}
	}
	if _, err := rs.ApplyResult(st, "T1-B1", &orders.BattleResult{Ships: ships}, "agreed"); err != nil {
		t.Fatal(err)
	}
	x := ext(t, st)
	i := slices.IndexFunc(x.Retreats, func(r thunderdome.Retreat) bool { return r.Owner == "hydran" && r.Fleet == "f1" })
	if i < 0 || x.Retreats[i].To != via || x.Retreats[i].From != "s10" {
		t.Fatalf("retreats %+v, want hydran's f1 from s10 to %s", x.Retreats, via)
	}
	if e := x.Empires[slices.IndexFunc(x.Empires, func(e thunderdome.Empire) bool { return e.Player == "hydran" })]; e.RetreatDebt != 1 {
		t.Errorf("hydran's retreat debt %d, want 1 (UTD7.4663)", e.RetreatDebt)
	}
	if f := st.Fleet("hydran", "f1"); f.At != "s10" {
		t.Errorf("hydran's f1 at %s before the next turn, want still s10", f.At)
	}
	next := resolve(st, nil).Next
	if f := next.Fleet("hydran", "f1"); f == nil || f.At != via {
		t.Errorf("hydran's f1 = %+v after the next turn, want it at %s (UTD7.4665)", f, via)
	}
}

// TestUTD3_4_ContactClock: three days from the orders to make contact,
// four weeks from the start of the next day, in the campaign's zone, to
// settle (UTD3.4, UTD3.5).
func TestUTD3_4_ContactClock(t *testing.T) {
	opened := time.Date(2025, 6, 3, 23, 30, 0, 0, time.UTC)
	contact, settle, err := rs.BattleDeadlines(campaign.Schedule{TimeZone: "Europe/Berlin"}, opened)
	if err != nil || !contact.Equal(opened.Add(72*time.Hour)) || !settle.Equal(time.Date(2025, 7, 2, 22, 0, 0, 0, time.UTC)) {
		t.Errorf("BattleDeadlines = %v, %v, %v; want contact by %v, settled by 2025-07-03 00:00 Berlin (4 June there, then 28 days from the 5th)", contact, settle, err, opened.Add(72*time.Hour))
	}
}

// TestUTD3_42_ForcedRetreatOnContactClock: the side that made no contact
// retreats; when neither did, the attacker does, back through the lane it
// came from (UTD3.42, UTD3.43).
func TestUTD3_42_ForcedRetreatOnContactClock(t *testing.T) {
	st := reportedBattle(t)
	b := st.Battles[0]
	res, forced := rs.ForcedRetreat(st, b, []campaign.PlayerID{"hydran"})
	if !slices.Equal(forced, []campaign.PlayerID{"hydran"}) || len(res.Ships) == 0 || slices.ContainsFunc(res.Ships, func(s orders.ShipFate) bool {
		return !strings.HasPrefix(s.Ship, "hydran#") || s.Fate != battle.FateDisengaged
	}) {
		t.Errorf("ForcedRetreat(hydran silent) = %+v, %v; want hydran's ships disengaged", res, forced)
	}
	res, forced = rs.ForcedRetreat(st, b, b.Sides)
	if !slices.Equal(forced, []campaign.PlayerID{player}) || len(res.Ships) == 0 || res.Ships[0].Direction != "lyra" {
		t.Fatalf("ForcedRetreat(both silent) = %+v, %v; want lyran back to lyra", res, forced)
	}
	if _, err := rs.ApplyResult(st, b.ID, res, "forced"); err != nil {
		t.Fatal(err)
	}
	x := ext(t, st)
	if !slices.ContainsFunc(x.Retreats, func(r thunderdome.Retreat) bool { return r.Owner == player && r.Fleet == "f1" && r.To == "lyra" }) {
		t.Errorf("retreats %+v, want lyran's f1 back to lyra", x.Retreats)
	}
}

// TestUTD2_3_WaitingReportSaysUntilWhen: while the turn waits for its
// battle, every report, the attacker's too, says what it waits for and
// until when by the battle's clocks, and that nobody owes orders; none
// opens a player's turn, repeats the opening of the turn just played, or
// carries an order template.
func TestUTD2_3_WaitingReportSaysUntilWhen(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Rules.Battles = campaign.BattlesReported
		st.Fleet("hydran", "f1").At = "s10"
	})
	res := resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n"))
	contact, settle := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC), time.Date(2026, 12, 21, 15, 0, 0, 0, time.UTC)
	opts := game.ReportOptions{Location: time.UTC, Clocks: []game.Clock{{ID: "T1-B1", Contact: contact, Until: settle}}}
	for _, v := range res.Views {
		rep, err := rs.Report(v, opts)
		if err != nil {
			t.Fatal(err)
		}
		text := flat([]byte(rep.Text))
		for _, want := range []string{"Turn 2 waits for battle T1-B1: nobody owes orders until then",
			"Battle T1-B1: its sides make contact by Thu 26 Nov 2026 12:00 UTC (UTD3.4) and settle it by Mon 21 Dec 2026 15:00 UTC (UTD3.5)."} {
			if !strings.Contains(text, want) {
				t.Errorf("%s's report lacks %q:\n%s", v.Header().Player, want, rep.Text)
			}
		}
		for _, not := range []string{"It is your turn", "It is " + string(player) + "'s turn", "Order points:", "opens (UTD2.3 steps 1-3)", "orders-2.yaml"} {
			if strings.Contains(text, not) {
				t.Errorf("%s's report says %q while the turn waits:\n%s", v.Header().Player, not, rep.Text)
			}
		}
		if want := "[" + string(st.Campaign) + "] Turn 2, cycle 1.0: waiting for battle T1-B1"; rep.Subject != want {
			t.Errorf("subject %q, want %q", rep.Subject, want)
		}
		if slices.ContainsFunc(rep.Attachments, func(a game.Attachment) bool { return a.Kind == campaign.AttachOrders }) {
			t.Errorf("%s's report carries an order template while the turn waits", v.Header().Player)
		}
	}
}
