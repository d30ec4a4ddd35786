package thunderdome_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// first is the player whose turn opens the campaign.
func first(t *testing.T, st *campaign.State) campaign.PlayerID { return ext(t, st).Order[0] }

// TestUTD8_14_TurnOrder: the turn order is every player once, by D1000
// highest first, the same for the same seed.
func TestUTD8_14_TurnOrder(t *testing.T) {
	a, b := ext(t, start(t)), ext(t, start(t))
	if !slices.Equal(a.Order, b.Order) || len(a.Order) != 4 {
		t.Fatalf("orders %v and %v, want one order of 4 players", a.Order, b.Order)
	}
	for i := 1; i < len(a.Rolls); i++ {
		if a.Rolls[i] > a.Rolls[i-1] {
			t.Errorf("rolls %v are not highest first", a.Rolls)
		}
	}
}

// TestUTD6_2_OrderPoints: a player has one point per starting player; a
// fifth order that costs a point is refused with the rule.
func TestUTD6_2_OrderPoints(t *testing.T) {
	st := start(t)
	p := first(t, st)
	ps := refused(t, st, parse(t, st, p, strings.Repeat("  - move: {fleet: f1, to: "+string(awayFrom(t, st, p))+"}\n  - move: {fleet: f1, to: "+string(homeOf(t, st, p))+"}\n", 5)))
	if !strings.Contains(ps.Error(), "costs 1 point and you have 0 points left") {
		t.Errorf("problems = %v, want the fifth paid move refused", ps)
	}
}

// TestUTD6_2_RefusalNamesTheBudget: a paid order refused for lack of
// points says what it costs, what is left and of what budget; with
// retreat debt, how much of the budget the debt took (UTD7.4663).
func TestUTD6_2_RefusalNamesTheBudget(t *testing.T) {
	st := start(t)
	p := first(t, st)
	moves := strings.Repeat("  - move: {fleet: f1, to: "+string(awayFrom(t, st, p))+"}\n  - move: {fleet: f1, to: "+string(homeOf(t, st, p))+"}\n", 5)
	ps := refused(t, st, parse(t, st, p, moves))
	if want := "this order costs 1 point and you have 0 points left of 4 this turn"; ps[0].Msg != want {
		t.Errorf("problem = %q, want %q", ps[0].Msg, want)
	}
	x := ext(t, st)
	x.Empires[slices.IndexFunc(x.Empires, func(e thunderdome.Empire) bool { return e.Player == p })].Owed = 2
	thunderdome.SaveExt(x, st)
	ps = refused(t, st, parse(t, st, p, moves))
	if want := "this order costs 1 point and you have 0 points left of 4 this turn, 2 points of it taken by retreat debt (UTD7.4663)"; ps[0].Msg != want {
		t.Errorf("problem with debt = %q, want %q", ps[0].Msg, want)
	}
}

// TestUTD4_334_FreeMoveFromColony: leaving the home's colony is free.
func TestUTD4_334_FreeMoveFromColony(t *testing.T) {
	st := start(t)
	p := first(t, st)
	c := check(t, st, parse(t, st, p, "  - move: {fleet: f1, to: "+string(awayFrom(t, st, p))+"}\n"))
	if !strings.Contains(c.Echo(), "# 0 points") || !strings.Contains(c.Summary(), "4 left") {
		t.Errorf("echo %q summary %q, want a free move", c.Echo(), c.Summary())
	}
}

// TestUTD6_21_TemporaryOrderPoints: 1, 2 and 3 extra points cost 100,
// 200 and 400 BPV in all, bought at once or one by one.
func TestUTD6_21_TemporaryOrderPoints(t *testing.T) {
	for _, tc := range []struct {
		body string
		bpv  int
	}{
		{"  - buy: {order_points: 1}\n", 100},
		{"  - buy: {order_points: 2}\n", 200},
		{"  - buy: {order_points: 1}\n  - buy: {order_points: 1}\n  - buy: {order_points: 1}\n", 400},
	} {
		st := start(t)
		p := first(t, st)
		bank := st.Player(p).Treasury
		res := resolve(st, check2(t, st, p, tc.body))
		if got := bank - res.Next.Player(p).Treasury; got != tc.bpv {
			t.Errorf("%q cost %d BPV, want %d", tc.body, got, tc.bpv)
		}
	}
}

// check2 parses and checks a mail, failing on problems, and returns it.
func check2(t *testing.T, st *campaign.State, p campaign.PlayerID, body string) *orders.Submission {
	t.Helper()
	sub := parse(t, st, p, body)
	check(t, st, sub)
	return sub
}

// TestUTD6_23_PermanentTakesLowestTier: with one permanent point, one
// more temporary point costs 200; no player has more than 3 extras.
func TestUTD6_23_PermanentTakesLowestTier(t *testing.T) {
	st := start(t)
	p := first(t, st)
	x := ext(t, st)
	x.Empires[slices.IndexFunc(x.Empires, func(e thunderdome.Empire) bool { return e.Player == p })].Permanent = 1
	thunderdome.SaveExt(x, st)
	bank := st.Player(p).Treasury
	res := resolve(st, check2(t, st, p, "  - buy: {order_points: 1}\n"))
	if got := bank - res.Next.Player(p).Treasury; got != 200 {
		t.Errorf("a temporary point with a permanent one cost %d, want 200", got)
	}
	ps := refused(t, st, parse(t, st, p, "  - buy: {order_points: 3}\n"))
	if ps[0].Rule != "UTD6.23" {
		t.Errorf("problems = %v, want UTD6.23", ps)
	}
}

// TestUTD6_22_PermanentOrderPoints: a permanent point costs 750 and
// counts on every later turn.
func TestUTD6_22_PermanentOrderPoints(t *testing.T) {
	st := start(t)
	p := first(t, st)
	st.Player(p).Treasury += 1000
	bank := st.Player(p).Treasury
	res := resolve(st, check2(t, st, p, "  - buy: {permanent: 1}\n"))
	if got := bank - res.Next.Player(p).Treasury; got != 750 {
		t.Errorf("a permanent point cost %d, want 750", got)
	}
	if e := ext(t, res.Next).Empires; !slices.ContainsFunc(e, func(e thunderdome.Empire) bool { return e.Player == p && e.Permanent == 1 }) {
		t.Errorf("empires %+v, want %s with a permanent point", e, p)
	}
}

// TestUTD7_46723_DebtOverBudget: retreat debt above the points allows no
// order, not even a free one, until extra points cover it (UTD7.46724).
func TestUTD7_46723_DebtOverBudget(t *testing.T) {
	st := start(t)
	p := first(t, st)
	x := ext(t, st)
	x.Empires[slices.IndexFunc(x.Empires, func(e thunderdome.Empire) bool { return e.Player == p })].Owed = 5
	thunderdome.SaveExt(x, st)
	move := "  - move: {fleet: f1, to: " + string(awayFrom(t, st, p)) + "}\n"
	if ps := refused(t, st, parse(t, st, p, move)); ps[0].Rule != "UTD7.46723" {
		t.Errorf("problems = %v, want UTD7.46723", ps)
	}
	check(t, st, parse(t, st, p, "  - buy: {order_points: 1}\n"+move))
}

// TestUTD2_2_CycleAdvances: after every player's turn the cycle adds
// 0.5: 1.0, then 1.5 (UTD2.2); a player without orders forfeits
// (UTD3.31).
func TestUTD2_2_CycleAdvances(t *testing.T) {
	st := start(t)
	for range 4 {
		res := resolve(st, nil)
		st = res.Next
	}
	x := ext(t, st)
	if x.Cycle != 2 || thunderdome.CycleLabel(x.Cycle) != "1.5" || x.Current != 0 || st.Turn != 5 {
		t.Errorf("after 4 turns: cycle %d (%s), current %d, turn %d; want 2 (1.5), 0, 5", x.Cycle, thunderdome.CycleLabel(x.Cycle), x.Current, st.Turn)
	}
}

// TestUTD4_344_MineIncome: the next player's home mine pays 100 BPV
// into the bank when their turn opens.
func TestUTD4_344_MineIncome(t *testing.T) {
	st := start(t)
	next := ext(t, st).Order[1]
	bank := st.Player(next).Treasury
	res := resolve(st, nil)
	if got := res.Next.Player(next).Treasury - bank; got != 100 {
		t.Errorf("%s's income = %d, want 100", next, got)
	}
}

// TestUTD4_3236_NoCapitalNoBank: without a capital, income is unbanked
// and lost at the end of the turn unless spent.
func TestUTD4_3236_NoCapitalNoBank(t *testing.T) {
	st := start(t)
	x := ext(t, st)
	next := x.Order[1]
	for i := range x.Empires {
		if x.Empires[i].Player == next {
			x.Empires[i].Capital = ""
		}
	}
	thunderdome.SaveExt(x, st)
	bank := st.Player(next).Treasury
	res := resolve(st, nil)
	e := ext(t, res.Next).Empires
	i := slices.IndexFunc(e, func(e thunderdome.Empire) bool { return e.Player == next })
	if e[i].Unbanked != thunderdome.Whole(100) || res.Next.Player(next).Treasury != bank {
		t.Errorf("unbanked %s, bank %d; want 100 unbanked and the bank unchanged at %d", e[i].Unbanked, res.Next.Player(next).Treasury, bank)
	}
	res = resolve(res.Next, nil)
	e = ext(t, res.Next).Empires
	if e[i].Unbanked != 0 {
		t.Errorf("unbanked %s after the turn, want 0: lost", e[i].Unbanked)
	}
}

// TestUTD3_3_OrdersDue: the current player alone is due, 7 days from the
// start of the day after the turn passed.
func TestUTD3_3_OrdersDue(t *testing.T) {
	st := start(t)
	now := time.Date(2025, 6, 3, 15, 4, 0, 0, time.UTC)
	due, err := rs.Due(st, campaign.Schedule{}, now)
	if err != nil || len(due) != 1 || due[0].Player != first(t, st) || !due[0].By.Equal(time.Date(2025, 6, 11, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("Due = %v, %v; want %s by 2025-06-11 00:00 UTC", due, err, first(t, st))
	}
}

// TestUTD2_1_NotYourTurn: orders from a player whose turn it is not are
// refused with whose turn it is.
func TestUTD2_1_NotYourTurn(t *testing.T) {
	st := start(t)
	other := ext(t, st).Order[2]
	ps := refused(t, st, parse(t, st, other, "  - buy: {order_points: 1}\n"))
	if !strings.Contains(ps.Error(), "it is "+string(first(t, st))+"'s turn") {
		t.Errorf("problems = %v, want whose turn it is", ps)
	}
}

// TestAmendAppliesEveryMail: a second mail's orders follow those on file.
func TestAmendAppliesEveryMail(t *testing.T) {
	st := start(t)
	p := first(t, st)
	a := parse(t, st, p, "  - buy: {order_points: 1}\n")
	b := parse(t, st, p, "  - buy: {order_points: 1}\n")
	c := check(t, st, rs.Amend(a, b))
	if !strings.Contains(c.Summary(), "6 this turn") {
		t.Errorf("summary %q, want 6 points after two mails", c.Summary())
	}
}

// TestUTD1_9_LastPlayerWins: when one player is left on the map the
// campaign ends with them the winner; the others have no fleet, capital,
// shipyard or defense left (UTD4.32).
func TestUTD1_9_LastPlayerWins(t *testing.T) {
	st := start(t)
	p := first(t, st)
	x := ext(t, st)
	for i := range x.Empires {
		if x.Empires[i].Player != p {
			x.Empires[i].Capital = ""
		}
	}
	x.Defenses = slices.DeleteFunc(x.Defenses, func(d thunderdome.Defense) bool { return d.Owner != p })
	x.Yards = slices.DeleteFunc(x.Yards, func(y thunderdome.Yard) bool { return y.Owner != p })
	thunderdome.SaveExt(x, st)
	st.Fleets = slices.DeleteFunc(st.Fleets, func(f campaign.Fleet) bool { return f.Owner != p })
	res := resolve(st, nil)
	if res.Next.Winner != p || !res.Next.Ended || !res.Next.Over() {
		t.Errorf("winner %q, ended %v; want %s and ended", res.Next.Winner, res.Next.Ended, p)
	}
}

// TestDeterminism: the same state and orders give the same bytes.
func TestDeterminism(t *testing.T) {
	run := func() []byte {
		st := start(t)
		var out bytes.Buffer
		for range 8 {
			p := ext(t, st).Order[ext(t, st).Current]
			var sub *orders.Submission
			if to := awayFrom(t, st, p); to != "" {
				sub = parse(t, st, p, "  - move: {fleet: f1, to: "+string(to)+"}\n  - explore: {sector: "+string(to)+"}\n")
				if _, err := rs.Check(st, sub); err != nil {
					sub = nil
				}
			}
			res := resolve(st, sub)
			data, _ := json.Marshal(res)
			out.Write(data)
			st = res.Next
		}
		return out.Bytes()
	}
	if a, b := run(), run(); !bytes.Equal(a, b) {
		t.Error("two runs of the same campaign differ")
	}
}

// homeOf is a player's home.
func homeOf(t *testing.T, st *campaign.State, p campaign.PlayerID) campaign.SystemID {
	return st.Player(p).Home
}

// awayFrom is the first sector one lane from where the player's fleet f1
// is, or "" without one.
func awayFrom(t *testing.T, st *campaign.State, p campaign.PlayerID) campaign.SystemID {
	f := st.Fleet(p, "f1")
	if f == nil {
		return ""
	}
	next := campaign.NewGraph(st.Map).Neighbours(f.At)
	if len(next) == 0 {
		return ""
	}
	return next[0]
}
