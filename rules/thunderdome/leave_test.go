package thunderdome_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// eventsSay reports whether some event's text holds s.
func eventsSay(events []game.Event, s string) bool {
	return slices.ContainsFunc(events, func(e game.Event) bool { return strings.Contains(e.Text, s) })
}

// holds reports whether anything of p's is left in st: a fleet, a
// development, the capital, a sector owned, a shipyard or a legal
// intention.
func holds(t *testing.T, st *campaign.State, p campaign.PlayerID) bool {
	x := ext(t, st)
	return slices.ContainsFunc(st.Fleets, func(f campaign.Fleet) bool { return f.Owner == p }) ||
		slices.ContainsFunc(st.Developments, func(d campaign.Development) bool { return d.Owner == p }) ||
		slices.ContainsFunc(x.Sectors, func(s thunderdome.Sector) bool { return s.Owner == p }) ||
		slices.ContainsFunc(x.Empires, func(e thunderdome.Empire) bool { return e.Player == p && e.Capital != "" }) ||
		slices.ContainsFunc(x.Yards, func(y thunderdome.Yard) bool { return y.Owner == p }) ||
		slices.ContainsFunc(x.Intentions, func(it thunderdome.Intention) bool { return it.Owner == p })
}

// TestUTD3_32_RealLifeWeek: the extension granted at once on a real-life
// claim is a week.
func TestUTD3_32_RealLifeWeek(t *testing.T) {
	if got := rs.RealLifeExtension(); got != 7*24*time.Hour {
		t.Errorf("RealLifeExtension = %v, want a week", got)
	}
}

// TestUTD8_14_Queue: the queue is the turn order from the current
// player, without players out.
func TestUTD8_14_Queue(t *testing.T) {
	st := start(t)
	x := ext(t, st)
	if q := rs.Queue(st); !slices.Equal(q, x.Order) {
		t.Errorf("Queue = %v, want the turn order %v", q, x.Order)
	}
	st.Drop(x.Order[1], "resigned")
	want := []campaign.PlayerID{x.Order[0], x.Order[2], x.Order[3]}
	if q := rs.Queue(st); !slices.Equal(q, want) {
		t.Errorf("Queue = %v, want %v", q, want)
	}
}

// TestUTD3_91_ResignLeavesTheMap: a player who resigns loses every unit
// at once and everyone is told; resigning on their own turn passes it to
// the next player with nothing played, and the report tells why.
func TestUTD3_91_ResignLeavesTheMap(t *testing.T) {
	st := start(t)
	p := first(t, st)
	next, events := rs.Resign(st, p)
	if !holds(t, st, p) {
		t.Fatal("Resign changed the state it was given")
	}
	if holds(t, next, p) || next.Player(p).Active() {
		t.Errorf("%s still holds units or is still in after resigning", p)
	}
	if len(events) != 1 || !strings.Contains(events[0].Text, "resigned: every unit of theirs has left the map (UTD3.91)") || len(events[0].Players) != 4 {
		t.Errorf("events = %+v, want one telling everyone", events)
	}
	res := rs.Resolve(game.Turn{State: next})
	after := ext(t, res.Next)
	if after.Order[after.Current] != ext(t, st).Order[1] || res.Next.Ended {
		t.Errorf("turn passes to %s; want %s, the campaign going on", after.Order[after.Current], ext(t, st).Order[1])
	}
	if !eventsSay(res.Events, "is out of the campaign: resigned") || eventsSay(res.Events, "forfeited") {
		t.Errorf("events %+v; want the resignation told, no forfeit", res.Events)
	}
}

// TestUTD3_91_LeavingEndsLegalIntentions: the legal intentions of a
// player who resigns leave with their fleets (UTD3.91, UTD7.26652);
// another player's stays.
func TestUTD3_91_LeavingEndsLegalIntentions(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		x.Intentions = []thunderdome.Intention{
			{Owner: player, Fleet: "f1", Join: []campaign.FleetID{"f2"}, At: "lyra", Cycle: 1},
			{Owner: "hydran", Fleet: "f1", Join: []campaign.FleetID{"f2"}, At: "hydra", Cycle: 1},
		}
	})
	next, _ := rs.Resign(st, player)
	if holds(t, next, player) {
		t.Errorf("intentions %+v after lyran resigned, want none of lyran's", ext(t, next).Intentions)
	}
	if got := ext(t, next).Intentions; len(got) != 1 || got[0].Owner != "hydran" {
		t.Errorf("intentions %+v, want hydran's kept", got)
	}
}

// TestUTD3_31_DroppedPlayerLeavesTheMap: a current player the moderator
// dropped for forfeits (campaign.State.Drop) loses what TD IV keeps of
// them too, capital and sectors, and the turn passes (reading: UTD3.92).
func TestUTD3_31_DroppedPlayerLeavesTheMap(t *testing.T) {
	st := start(t)
	p := first(t, st)
	st.Drop(p, "dropped after 3 turns in a row without orders")
	res := resolve(st, nil)
	if holds(t, res.Next, p) {
		t.Errorf("%s still holds something after being dropped", p)
	}
	if !eventsSay(res.Events, "is out of the campaign: dropped after 3 turns") {
		t.Errorf("events %+v; want the drop told", res.Events)
	}
	again := resolve(res.Next, nil)
	if eventsSay(again.Events, "is out of the campaign") {
		t.Error("the next turn tells of the drop again")
	}
}

// TestUTD1_9_LastResignationEnds: when a resignation leaves one player
// on the map, they win at once; the turn then resolves into the final
// report, which names them.
func TestUTD1_9_LastResignationEnds(t *testing.T) {
	st := start(t)
	order := ext(t, st).Order
	var events []game.Event
	for _, p := range order[1:] {
		st, events = rs.Resign(st, p)
	}
	if !st.Ended || !st.Over() || st.Winner != order[0] || !eventsSay(events, "wins the campaign (UTD1.9)") {
		t.Fatalf("ended %v, winner %q, events %+v; want %s the winner", st.Ended, st.Winner, events, order[0])
	}
	if due, _ := rs.Due(st, campaign.Schedule{}, time.Now()); len(due) != 0 {
		t.Errorf("Due = %v in a campaign over", due)
	}
	res := rs.Resolve(game.Turn{State: st})
	if !res.Next.Ended || res.Next.Winner != order[0] || !eventsSay(res.Events, "wins the campaign") {
		t.Errorf("final turn: ended %v, winner %q, events %+v", res.Next.Ended, res.Next.Winner, res.Events)
	}
	if out, err := rs.Render(res.Views[1], game.FormatText, game.ReportOptions{}); err != nil || !strings.Contains(string(out), "The campaign is over: "+string(order[0])+" won it") {
		t.Errorf("final report (%v):\n%s", err, out)
	}
}

// TestUTD3_91_ResignationTakesTheUnitsOutOfABattle: hydran resigns while
// battle T1-B1 against lyran waits for its result. Hydran's units leave
// the map "even if in the middle of combat" (UTD3.91), so they leave the
// battle's ship list too: a result names only lyran's ships, and the
// battle stays pending, with hydran still a side a substitute may finish
// it for.
func TestUTD3_91_ResignationTakesTheUnitsOutOfABattle(t *testing.T) {
	st := reportedBattle(t)
	next, events := rs.Resign(st, "hydran")
	if len(next.Battles) != 1 {
		t.Fatalf("battles %v after hydran resigned, want T1-B1 pending", next.Battles)
	}
	b := next.Battles[0]
	for _, f := range b.Fleets {
		if f.Owner == "hydran" {
			t.Errorf("battle T1-B1 still lists hydran's fleet %s (%s)", f.ID, campaign.UnitList(f.Units))
		}
	}
	if !slices.Equal(b.Sides, []campaign.PlayerID{player, "hydran"}) {
		t.Errorf("sides %v, want lyran and hydran still", b.Sides)
	}
	if !eventsSay(events, "Battle T1-B1 at s10 lists hydran's ships no more: they left the map with hydran (UTD3.91)") {
		t.Errorf("events %+v, want the battle's list told", events)
	}
	if p := rs.CheckResult(next, b, &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#1", Fate: "destroyed"}}}); len(p) == 0 {
		t.Error("a result naming hydran#1 is taken, want it refused: the ship left the map")
	}
	if p := rs.CheckResult(next, b, &orders.BattleResult{}); len(p) > 0 {
		t.Errorf("CheckResult of lyran's ships intact = %v, want it taken", p)
	}
	if ex, _ := rs.ResultExample(next, b); strings.Contains(ex, "hydran#") {
		t.Errorf("the example result names hydran's ships:\n%s", ex)
	}
	gone, _ := rs.Resign(next, player)
	if ex, fates := rs.ResultExample(gone, gone.Battles[0]); ex != "    ships: []\n" || !strings.Contains(fates, "No ship") {
		t.Errorf("the example result of a battle whose sides both left = %q, %q; want no ship", ex, fates)
	}
}

// TestUTD4_356_TrapEndsWithTheFortificationsOwner: lyran's f1 is trapped
// at s10 by hydran's fortification; when hydran resigns the fortification
// leaves the map with them, and f1 is trapped no more, as when a
// minesweeper destroys it (UTD3.91, UTD4.356). The same when hydran is
// dropped.
func TestUTD4_356_TrapEndsWithTheFortificationsOwner(t *testing.T) {
	trapped := func(st *campaign.State) bool { return fleetState(ext(t, st), player, "f1").Trapped }
	st := setup(t, trapAt)
	next, events := rs.Resign(st, "hydran")
	if trapped(next) {
		t.Error("lyran's f1 is still trapped at s10 after hydran, whose fortification held it, resigned")
	}
	if !eventsSay(events, "Fleet f1 of lyran is no longer trapped at s10: the fortification left the map with hydran (UTD4.356, UTD3.91)") {
		t.Errorf("events %+v, want f1 told free", events)
	}
	st = setup(t, trapAt)
	x := ext(t, st)
	x.Current = (x.Current + 1) % len(x.Order)
	thunderdome.SaveExt(x, st)
	st.Drop("hydran", "dropped by the GM")
	if res := resolve(st, nil); trapped(res.Next) {
		t.Error("lyran's f1 is still trapped at s10 after hydran was dropped")
	}
}
