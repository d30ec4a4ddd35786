package eaw

import (
	"strconv"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/scenarios"
)

// withBattleship adds a battleship of 40 docking points, EaW 6.0's "Fed
// BB which is 40", to the catalogue.
func (s testState) withBattleship() testState {
	s.Catalogue = append(s.Catalogue, campaign.UnitClass{Class: "battleship", CBPV: 200, EBPV: 250, Size: 3, Docking: 40})
	return s
}

// withFRD gives a player one more FRD.
func (s testState) withFRD(owner campaign.PlayerID, at campaign.SystemID) testState {
	s.FRDs = append(s.FRDs, campaign.FRD{Owner: owner, At: at})
	return s
}

// problemsFor validates orders of a player and returns the problems.
func problemsFor(t *testing.T, st testState, player campaign.PlayerID, lines ...string) (*Costed, orders.Problems) {
	t.Helper()
	c, err := Validate(st.State, parseOrders(t, st.State, player, lines...))
	return c, problemsOf(t, err)
}

// TestEaW6_0_BigShipTakesTwoSeasonalTurns: "Ships with a Dock Point > 36
// such as the Fed BB which is 40 requires 2 Seasonal turns to complete
// construction for 0 Movement Points" (EaW 6.0). Blue's one FRD lays the
// battleship down in turn 1, paid then, and builds nothing else in turn
// 2, nor moves; after movement in turn 2 it joins fleet bb. Built with
// mp: 1, or with other units, it is refused.
func TestEaW6_0_BigShipTakesTwoSeasonalTurns(t *testing.T) {
	st := newTestState().withBattleship()
	for _, bad := range []struct{ order, want string }{
		{"build: {units: [battleship], fleet: bb, mp: 1}", "a battleship of 40 docking points takes your FRD two seasonal turns, and moves after them"},
		{"build: {units: [battleship, frigate], fleet: bb, mp: 0}", "a battleship of 40 docking points is built alone"},
		{"build: {units: [battleship], fleet: bb, frds: 2}", "you have 1 FRD at a; two FRDs in the same system build a battleship in one turn"},
	} {
		if _, ps := problemsFor(t, st, "blue", bad.order); len(ps) != 1 || ps[0].Rule != "EaW 6.0" || !strings.Contains(ps[0].Msg, bad.want) {
			t.Errorf("%s: problems %v, want EaW 6.0: %q", bad.order, ps, bad.want)
		}
	}
	c, ps := problemsFor(t, st, "blue", "build: {units: [battleship], fleet: bb, mp: 0}")
	if ps != nil || c.Orders[0].Points != 0 || !strings.Contains(strings.Join(c.Orders[0].Notes, "\n"), "your FRD at a builds the battleship over two seasonal turns") {
		t.Fatalf("the battleship with mp 0 = %+v, %v; want it taken, free, over two turns", c, ps)
	}
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": submit(t, st, "blue", "build: {units: [battleship], fleet: bb, mp: 0}")})
	next := testState{res.Next}
	if got := next.Player("blue").Treasury; got != 500-250 || next.Fleet("blue", "bb") != nil || len(next.Construction) != 1 {
		t.Fatalf("after turn 1: treasury %d, fleet bb %+v, construction %+v; want 250 paid, no fleet yet, the battleship under construction", got, next.Fleet("blue", "bb"), next.Construction)
	}
	if got := oneText(t, res, 0, EventBuilt); !strings.Contains(got, "Laid down a battleship at A for fleet bb for 250 BPV: it joins the fleet after movement next turn (EaW 6.0)") {
		t.Errorf("blue's build event = %q", got)
	}
	for _, bad := range []struct{ order, want string }{
		{"build: {units: [frigate], fleet: new}", "your FRD at a completes the battleship for fleet bb this turn and builds nothing else"},
		{"move_frd: {at: a, path: [b]}", "your FRD at a completes the battleship for fleet bb after movement this turn; it cannot move away"},
	} {
		if _, ps := problemsFor(t, next, "blue", bad.order); len(ps) == 0 || ps[0].Rule != "EaW 6.0" || !strings.Contains(ps[0].Msg, bad.want) {
			t.Errorf("turn 2, %s: problems %v, want EaW 6.0: %q", bad.order, ps, bad.want)
		}
	}
	done := Resolve(next.State, nil)
	f := done.Next.Fleet("blue", "bb")
	if f == nil || f.At != "a" || len(f.Units) != 1 || f.Units[0] != "battleship" || len(done.Next.Construction) != 0 {
		t.Fatalf("after turn 2: fleet bb %+v, construction %+v; want the battleship in bb at a", f, done.Next.Construction)
	}
	if got := oneText(t, done, 0, EventBuilt); !strings.Contains(got, "The battleship laid down at A is complete and joins fleet bb (EaW 6.0).") {
		t.Errorf("blue's completion event = %q", got)
	}
}

// TestEaW6_0_BigShipLostWithItsFRD: an FRD lost while it builds a big
// ship loses the construction; its price goes back to the treasury
// (reading: nothing was built).
func TestEaW6_0_BigShipLostWithItsFRD(t *testing.T) {
	st := newTestState().withBattleship()
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": submit(t, st, "blue", "build: {units: [battleship], fleet: bb, mp: 0}")})
	next := res.Next
	next.FRDs = next.FRDs[1:]
	done := Resolve(next, nil)
	if done.Next.Fleet("blue", "bb") != nil || done.Next.Player("blue").Treasury != 500 || len(done.Next.Construction) != 0 {
		t.Errorf("fleet bb %+v, treasury %d, construction %+v; want no ship, the 250 back", done.Next.Fleet("blue", "bb"), done.Next.Player("blue").Treasury, done.Next.Construction)
	}
	if got := oneText(t, done, 0, EventOrderFailed); !strings.Contains(got, "you no longer have an FRD at A") {
		t.Errorf("blue's event = %q, want the construction lost with its FRD", got)
	}
}

// TestEaW6_0_TwoFRDsBuildABigShipInOneTurn: "A player can use 2 FRD's to
// complete construction of the oversize ship costing 2 Movement points
// but only if both FRD's are in same planetary system. The BB can then
// move same seasonal turn. If the player spends 0 Movement Points ...
// the BB can move next seasonal turn" (EaW 6.0). Both FRDs build nothing
// else that turn.
func TestEaW6_0_TwoFRDsBuildABigShipInOneTurn(t *testing.T) {
	st := newTestState().withBattleship().withFRD("blue", "a")
	c, ps := problemsFor(t, st, "blue", "build: {units: [battleship], fleet: bb, frds: 2, mp: 1, at: a}", "move: {fleet: bb, path: [b]}")
	if ps != nil || c.Orders[0].Points != 2 {
		t.Fatalf("the battleship by two FRDs, mp 1 = %+v, %v; want it taken for 2 points", c, ps)
	}
	if c, ps := problemsFor(t, st, "blue", "build: {units: [battleship], fleet: bb, frds: 2, mp: 0, at: a}"); ps != nil || c.Orders[0].Points != 0 {
		t.Errorf("the battleship by two FRDs, mp 0 = %+v, %v; want it taken, free", c, ps)
	}
	if _, ps := problemsFor(t, st, "blue", "build: {units: [battleship], fleet: bb, frds: 2, mp: 0, at: a}", "build: {units: [frigate], fleet: new, at: a}"); len(ps) != 1 || ps[0].Rule != "EaW 33.0" {
		t.Errorf("a second build beside the two FRDs' = %v, want EaW 33.0: both FRDs build", ps)
	}
	if _, ps := problemsFor(t, st, "blue", "build: {units: [frigate], fleet: new, frds: 2, at: a}"); len(ps) != 1 || ps[0].Rule != "EaW 6.0" {
		t.Errorf("frds: 2 for a frigate = %v, want EaW 6.0: it is for a ship of more than 36 docking points", ps)
	}
	sub := submit(t, st, "blue", "build: {units: [battleship], fleet: bb, frds: 2, mp: 1, at: a}", "move: {fleet: bb, path: [b]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	if got := fleetAt(t, res.Next, "blue", "bb"); got != "b" || res.Next.Player("blue").Treasury != 500-250 || len(res.Next.Construction) != 0 {
		t.Errorf("fleet bb at %s, treasury %d; want at b, moved the turn it was built, 250 paid", got, res.Next.Player("blue").Treasury)
	}
}

// TestEaW6_0_ScenarioTakesShipsOfTwoFRDs: a unit class of more docking
// points than one FRD builds in a turn is one two FRDs, or one FRD in two
// turns, build (EaW 6.0): the scenario loader takes it; one of more than
// twice as many is refused, as nothing could build it.
func TestEaW6_0_ScenarioTakesShipsOfTwoFRDs(t *testing.T) {
	for _, tc := range []struct {
		docking int
		want    string
	}{{40, ""}, {72, ""}, {73, "docking 73 is more than two FRDs build in one turn (72, EaW 6.0), so the unit could never be built"}} {
		text := strings.Replace(string(scenarios.Frontier), "units:\n", "units:\n  - {class: battleship, cbpv: 200, ebpv: 250, size: 3, docking: "+
			strconv.Itoa(tc.docking)+"}\n", 1)
		_, err := config.ParseScenario("frontier.yaml", []byte(text), eawScenarios)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("docking %d: ParseScenario = %v, want it taken", tc.docking, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("docking %d: ParseScenario = %v, want %q", tc.docking, err, tc.want)
		}
	}
}
