package eaw

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// withRoleClasses adds a class for each special job the fortification and
// FRD rules name (campaign.Role), and a commando ship.
func (s testState) withRoleClasses() testState {
	s.Catalogue = append(s.Catalogue,
		campaign.UnitClass{Class: "minesweeper", CBPV: 45, EBPV: 50, Size: 4, Docking: 3, Roles: []campaign.Role{campaign.RoleMinesweeper}},
		campaign.UnitClass{Class: "minelayer", CBPV: 45, EBPV: 50, Size: 4, Docking: 3, Roles: []campaign.Role{campaign.RoleMinelayer}},
		campaign.UnitClass{Class: "salvage-tug", CBPV: 30, EBPV: 40, Size: 5, Docking: 4, Roles: []campaign.Role{campaign.RoleSalvageTug}},
		campaign.UnitClass{Class: "military-tug", CBPV: 70, EBPV: 80, Size: 4, Docking: 6, Roles: []campaign.Role{campaign.RoleMilitaryTug}},
		campaign.UnitClass{Class: "bulk-freighter", CBPV: 20, EBPV: 35, Size: 5, Docking: 3, Roles: []campaign.Role{campaign.RoleLargeFreighter}},
		campaign.UnitClass{Class: "freighter", CBPV: 15, EBPV: 25, Size: 5, Docking: 2, Roles: []campaign.Role{campaign.RoleSmallFreighter}},
		campaign.UnitClass{Class: "monitor", CBPV: 150, EBPV: 140, Size: 3, Docking: 10, Roles: []campaign.Role{campaign.RoleMonitor}},
		campaign.UnitClass{Class: "marine", CBPV: 50, EBPV: 60, Size: 4, Docking: 3, Commando: true},
	)
	return s
}

// withTrapped gives owner a fleet that a fortification at at trapped in
// turn since.
func (s testState) withTrapped(owner campaign.PlayerID, id campaign.FleetID, at campaign.SystemID, since int, units ...campaign.ClassName) testState {
	s = s.withFleet(owner, id, at, units...)
	s.Fleets[len(s.Fleets)-1].Trapped = since
	return s
}

var spring164 = campaign.Date{Year: 164, Season: campaign.Spring}

// redFortAtC is the test map with red's fortification at c.
func redFortAtC() testState {
	return newTestState().withRoleClasses().withDevelopment("red", "c", campaign.Fortification, spring164)
}

// resolveOne resolves the turn with one player's orders.
func resolveOne(t *testing.T, st testState, player campaign.PlayerID, lines ...string) *Result {
	t.Helper()
	return Resolve(st.State, map[campaign.PlayerID]*orders.Submission{player: submit(t, st, player, lines...)})
}

// textsOf returns the texts of the events of a kind that a player sees.
func textsOf(v View, kind game.EventKind) []string {
	var out []string
	for _, e := range v.Events {
		if e.Kind == kind {
			out = append(out, e.Text)
		}
	}
	return out
}

// fortified reports whether owner has a fortification at at.
func fortified(st *campaign.State, owner campaign.PlayerID, at campaign.SystemID) bool {
	return st.HasDevelopment(owner, at, campaign.Fortification)
}

// refused validates orders against st and returns the problems' rules.
func refused(t *testing.T, st *campaign.State, player campaign.PlayerID, lines ...string) []string {
	t.Helper()
	_, err := Validate(st, parseOrders(t, st, player, lines...))
	var ps orders.Problems
	if err == nil {
		return nil
	}
	if !asProblems(err, &ps) {
		t.Fatalf("Validate = %v, want problems", err)
	}
	var rules []string
	for _, p := range ps {
		rules = append(rules, p.Rule)
	}
	return rules
}

func asProblems(err error, ps *orders.Problems) bool {
	p, ok := err.(orders.Problems)
	*ps = p
	return ok
}

func TestEaW11_FortificationIsEstablishedAtPostCombat(t *testing.T) {
	for _, at := range []campaign.SystemID{"b", "c"} { // a mineral and a life planet
		st := newTestState().withFleet("blue", "1st", at, "cruiser")
		res := resolveOne(t, st, "blue", "develop: {fleet: 1st, what: fortification}")
		if !fortified(res.Next, "blue", at) {
			t.Errorf("developments = %+v, want blue's fortification at %s", res.Next.Developments, at)
		}
	}
}

func TestEaW14b_FortificationAndMineAtOnePlanet(t *testing.T) {
	st := newTestState().withFleet("blue", "1st", "b", "cruiser").withFleet("blue", "2nd", "b", "frigate")
	res := resolveOne(t, st, "blue", "develop: {fleet: 1st, what: fortification}", "develop: {fleet: 2nd, what: mine}")
	if !fortified(res.Next, "blue", "b") || !res.Next.HasDevelopment("blue", "b", campaign.Mine) {
		t.Errorf("developments = %+v, want blue's fortification and mine at b", res.Next.Developments)
	}
}

func TestEaW10a_FleetEnteringAFortificationIsTrapped(t *testing.T) {
	st := redFortAtC().withFleet("blue", "1st", "a", "cruiser")
	res := resolveOne(t, st, "blue", "move: {fleet: 1st, path: [b, c, d]}")
	f := res.Next.Fleet("blue", "1st")
	if f.At != "c" || f.Trapped != 1 {
		t.Fatalf("blue 1st at %s, trapped %d; want stopped and trapped at c in turn 1", f.At, f.Trapped)
	}
	if got := textsOf(res.Views[0], EventTrapped); len(got) != 1 || !strings.Contains(got[0], "remaining route (C → D) was not flown") {
		t.Errorf("blue's trap events = %q, want one that says the route was cut short", got)
	}
	if got := textsOf(res.Views[1], EventTrapped); len(got) != 1 || strings.Contains(got[0], "1st") {
		t.Errorf("red's trap events = %q, want one that does not name blue's fleet", got)
	}
	if !fortified(res.Next, "red", "c") {
		t.Error("the fortification fell with one fleet in it")
	}
}

func TestEaW10a_OwnFortificationDoesNotTrap(t *testing.T) {
	st := redFortAtC().withFleet("red", "1st", "e", "cruiser")
	res := resolveOne(t, st, "red", "move: {fleet: 1st, path: [d, c, b]}")
	if f := res.Next.Fleet("red", "1st"); f.At != "b" || f.Trapped != 0 {
		t.Errorf("red 1st at %s, trapped %d; want it through its own fortification to b", f.At, f.Trapped)
	}
}

func TestEaW10h_TrappedFleetDoesNothingButASiege(t *testing.T) {
	st := redFortAtC().withTrapped("blue", "1st", "c", 1, "cruiser").atTurn(2)
	for _, order := range []string{
		"move: {fleet: 1st, path: [d]}",
		"develop: {fleet: 1st, what: colony}",
	} {
		if got := refused(t, st.State, "blue", order); !slices.Equal(got, []string{"EaW 10h"}) {
			t.Errorf("%s by a trapped fleet: problems %v, want [EaW 10h]", order, got)
		}
	}
	if got := refused(t, st.State, "blue", "siege: {fleet: 1st}"); got != nil {
		t.Errorf("siege by a trapped fleet: problems %v, want none", got)
	}
}

func TestEaW10h_FleetTrappedOnTheWayLosesItsDevelop(t *testing.T) {
	st := redFortAtC().withFleet("blue", "1st", "b", "cruiser")
	res := resolveOne(t, st, "blue", "move: {fleet: 1st, path: [c]}", "develop: {fleet: 1st, what: colony}")
	if res.Next.HasDevelopment("blue", "c", campaign.Colony) {
		t.Error("a trapped fleet developed a colony")
	}
	if got := textsOf(res.Views[0], EventOrderFailed); len(got) != 1 || !strings.Contains(got[0], "EaW 10h") {
		t.Errorf("blue's failed orders = %q, want the develop, failed by the trap", got)
	}
}

func TestEaW10b_SecondFleetReleases(t *testing.T) {
	st := redFortAtC().withTrapped("blue", "1st", "c", 1, "cruiser").withFleet("blue", "2nd", "b", "frigate").atTurn(2)
	res := resolveOne(t, st, "blue", "move: {fleet: 2nd, path: [c, d]}")
	if fortified(res.Next, "red", "c") {
		t.Fatal("red's fortification stands after a second blue fleet entered it")
	}
	for _, id := range []campaign.FleetID{"1st", "2nd"} {
		if f := res.Next.Fleet("blue", id); f.At != "c" || f.Trapped != 0 {
			t.Errorf("blue %s at %s, trapped %d; want at c and free for next turn", id, f.At, f.Trapped)
		}
	}
	if got := refused(t, res.Next, "blue", "move: {fleet: 1st, path: [d]}", "move: {fleet: 2nd, path: [b]}"); got != nil {
		t.Errorf("next turn, moves of the freed fleets: problems %v, want none", got)
	}
}

func TestEaW10b_TwoFleetsEnteringTogether(t *testing.T) {
	st := redFortAtC().withFleet("blue", "1st", "b", "cruiser").withFleet("blue", "2nd", "b", "frigate")
	res := resolveOne(t, st, "blue", "move: {fleet: 1st, path: [c]}", "move: {fleet: 2nd, path: [c]}")
	if fortified(res.Next, "red", "c") {
		t.Error("red's fortification stands after two blue fleets entered it")
	}
}

func TestEaW10c_SiegeRollOnSeven(t *testing.T) {
	rolled := map[bool]int{}
	for seed := uint64(1); seed <= 60; seed++ {
		st := redFortAtC().withTrapped("blue", "1st", "c", 1, "cruiser").atTurn(2)
		st.Seed = seed
		res := resolveOne(t, st, "blue", "siege: {fleet: 1st}")
		var total int
		for _, e := range res.Views[0].Events {
			if e.Kind == EventDice && strings.Contains(e.Text, "siege") {
				fmt.Sscanf(e.Text[strings.LastIndex(e.Text, "= ")+2:], "%d", &total)
			}
		}
		if total == 0 {
			t.Fatalf("seed %d: no siege roll among blue's events %+v", seed, res.Views[0].Events)
		}
		dice := eventOf(res.Views[0].Events, EventDice)
		if !slices.ContainsFunc(res.Views[1].Events, func(e game.Event) bool { return e.Text == dice.Text }) {
			t.Errorf("seed %d: red did not see the siege roll", seed)
		}
		fell := !fortified(res.Next, "red", "c")
		if fell != (total == 7) {
			t.Errorf("seed %d: 2D6 = %d, fortification fell %v; want it to fall on 7 only", seed, total, fell)
		}
		if f := res.Next.Fleet("blue", "1st"); (f.Trapped == 0) != fell {
			t.Errorf("seed %d: blue 1st trapped %d after the fortification fell %v", seed, f.Trapped, fell)
		}
		rolled[fell]++
	}
	if rolled[true] == 0 || rolled[false] == 0 {
		t.Errorf("60 seeds gave %d sieges that broke the fortification and %d that did not; want some of each", rolled[true], rolled[false])
	}
}

func eventOf(events []game.Event, kind game.EventKind) game.Event {
	for _, e := range events {
		if e.Kind == kind {
			return e
		}
	}
	return game.Event{}
}

func TestEaW10c_NoSiegeOnTheTurnOfTheTrap(t *testing.T) {
	st := redFortAtC().withFleet("blue", "1st", "b", "cruiser")
	got := refused(t, st.State, "blue", "move: {fleet: 1st, path: [c]}", "siege: {fleet: 1st}")
	if !slices.Equal(got, []string{"EaW 10c"}) {
		t.Errorf("siege in the turn of the trap: problems %v, want [EaW 10c]", got)
	}
}

func TestEaW10d_MinesweeperDestroysTheFortification(t *testing.T) {
	st := redFortAtC().withFleet("blue", "1st", "b", "cruiser", "minesweeper")
	res := resolveOne(t, st, "blue", "move: {fleet: 1st, path: [c, d]}")
	if fortified(res.Next, "red", "c") {
		t.Fatal("red's fortification stands with a blue minesweeper there after the battles")
	}
	if f := res.Next.Fleet("blue", "1st"); f.At != "c" || f.Trapped != 0 {
		t.Errorf("blue 1st at %s, trapped %d; want stopped at c this turn and free next turn", f.At, f.Trapped)
	}
	if got := textsOf(res.Views[1], EventDestroyed); len(got) != 1 || !strings.Contains(got[0], "minesweeper") {
		t.Errorf("red's destroyed events = %q, want the fortification swept", got)
	}
}

func TestEaW10e_BasesMustFallFirst(t *testing.T) {
	st := redFortAtC().withFleet("blue", "1st", "b", "cruiser", "minesweeper")
	st.Bases = append(st.Bases, campaign.Installation{Owner: "red", At: "c", Class: "defsat", Since: spring164})
	res := resolveOne(t, st, "blue", "move: {fleet: 1st, path: [c]}")
	if !fortified(res.Next, "red", "c") {
		t.Error("red's fortification fell while red's base stands in the system")
	}
	if f := res.Next.Fleet("blue", "1st"); f.Trapped == 0 {
		t.Error("blue 1st is free while the fortification stands")
	}
}

func TestEaW10f_FallenFortificationTakesTheColony(t *testing.T) {
	for _, tc := range []struct {
		name  string
		units []campaign.ClassName
		owner campaign.PlayerID // the colony's owner after the turn; "" if destroyed
	}{
		{"destroyed", []campaign.ClassName{"cruiser", "minesweeper"}, ""},
		{"captured by commandos", []campaign.ClassName{"marine", "minesweeper"}, "blue"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := redFortAtC().withDevelopment("red", "c", campaign.Colony, spring164).withFleet("blue", "1st", "b", tc.units...)
			res := resolveOne(t, st, "blue", "move: {fleet: 1st, path: [c]}")
			var owner campaign.PlayerID
			for _, d := range res.Next.DevelopmentsAt("c") {
				if d.Kind == campaign.Colony {
					owner = d.Owner
				}
			}
			if owner != tc.owner || fortified(res.Next, "red", "c") {
				t.Errorf("developments at c = %+v, want no fortification and the colony's owner %q", res.Next.DevelopmentsAt("c"), tc.owner)
			}
		})
	}
}

func TestEaW10f_StandingFortificationShieldsTheColony(t *testing.T) {
	st := redFortAtC().withDevelopment("red", "c", campaign.Colony, spring164).withFleet("blue", "1st", "b", "cruiser")
	res := resolveOne(t, st, "blue", "move: {fleet: 1st, path: [c]}")
	if !res.Next.HasDevelopment("red", "c", campaign.Colony) {
		t.Error("red's colony fell behind its standing fortification")
	}
}

func TestEaW10i_TrappedFleetsDisruptTheMine(t *testing.T) {
	st := newTestState().withRoleClasses().atTurn(4).
		withDevelopment("red", "d", campaign.Mine, spring164).
		withDevelopment("red", "d", campaign.Fortification, spring164).
		withTrapped("blue", "1st", "d", 2, "cruiser")
	res := Resolve(st.State, nil)
	if got := res.Next.Player("red").Treasury; got != 500+25 {
		t.Errorf("red's treasury after New Year = %d, want 525: the disrupted mine pays a quarter (EaW 10i)", got)
	}
	if got := textsOf(res.Views[1], EventIncome); len(got) != 2 || !strings.Contains(got[0], "disrupt") {
		t.Errorf("red's income events = %q, want the disruption, then the income", got)
	}
}

func TestEaW10e_FleetAwayFromAnyFortificationIsFree(t *testing.T) {
	st := newTestState().withTrapped("blue", "1st", "c", 1, "cruiser").atTurn(2)
	res := Resolve(st.State, nil)
	if f := res.Next.Fleet("blue", "1st"); f.Trapped != 0 {
		t.Errorf("blue 1st trapped %d with no fortification at c, want free", f.Trapped)
	}
}

// fortBattles resolves the turn for seeds 1 to n, blue's orders in each,
// and calls check with the result and blue's battle logs, in the order
// fought.
func fortBattles(t *testing.T, st testState, n int, check func(seed uint64, res *Result, logs []string), orders ...string) {
	t.Helper()
	for seed := uint64(1); seed <= uint64(n); seed++ {
		st.Seed = seed
		res := resolveOne(t, st, "blue", orders...)
		var logs []string
		for _, l := range viewOf(t, res, "blue").BattleLogs {
			logs = append(logs, l.Text)
		}
		if len(logs) == 0 {
			t.Fatalf("seed %d: no battle", seed)
		}
		check(seed, res, logs)
	}
}

// brokeOff reports whether a ship of the fleet disengaged in the battle
// the log tells.
func brokeOff(log string, owner campaign.PlayerID, fleet campaign.FleetID) bool {
	return regexp.MustCompile(`(?m)^ +` + string(owner) + `/` + string(fleet) + `/\d+ disengages$`).MatchString(log)
}

// heldIn reports whether the log lists the fleet's squadron as held.
func heldIn(log string, owner campaign.PlayerID, fleet campaign.FleetID) bool {
	return strings.Contains(log, fmt.Sprintf("squadron %s %s (held: may not break off)", owner, fleet))
}

// TestEaW10g_LoneFleetCannotBreakOff: a lone blue fleet that enters
// red's fortification, where red's stronger fleet waits, would break off
// as its morale fails; held by the fortification it stays and fights, and
// what is left of it is still trapped there after the turn (EaW 10g, 21b,
// 10a). Without the fortification the same fleet gets away.
func TestEaW10g_LoneFleetCannotBreakOff(t *testing.T) {
	blue, red := []campaign.ClassName{"cruiser", "frigate"}, []campaign.ClassName{"cruiser", "cruiser"}
	st := redFortAtC().withFleet("blue", "1st", "b", blue...).withFleet("red", "1st", "c", red...)
	wouldTry, stayed := 0, 0
	fortBattles(t, st, 30, func(seed uint64, res *Result, logs []string) {
		if !heldIn(logs[0], "blue", "1st") || brokeOff(logs[0], "blue", "1st") ||
			!strings.Contains(logs[0], "Fleet blue 1st may not break off: red's fortification here holds it") {
			t.Fatalf("seed %d: blue's lone fleet is not held by red's fortification, or broke off:\n%s", seed, logs[0])
		}
		if strings.Contains(logs[0], "blue blue 1st is held and may not break off") {
			wouldTry++
		}
		if f := res.Next.Fleet("blue", "1st"); f != nil {
			stayed++
			if f.At != "c" || f.Trapped == 0 {
				t.Errorf("seed %d: blue 1st at %s, trapped %d; want still trapped at c", seed, f.At, f.Trapped)
			}
		}
	}, "move: {fleet: 1st, path: [c]}")
	if wouldTry == 0 || stayed == 0 {
		t.Errorf("blue's fleet wanted to break off in %d seeds and survived in %d; want some of each", wouldTry, stayed)
	}

	free := newTestState().withFleet("blue", "1st", "b", blue...).withFleet("red", "1st", "c", red...)
	got := 0
	fortBattles(t, free, 30, func(_ uint64, _ *Result, logs []string) {
		if brokeOff(logs[0], "blue", "1st") {
			got++
		}
	}, "move: {fleet: 1st, path: [c]}")
	if got == 0 {
		t.Error("without the fortification blue's fleet never broke off either: the test shows nothing")
	}
}

// TestEaW10g_MinesweeperMayBreakOff: a fleet with a minesweeper is not
// held: it breaks off, and withdraws where it came from (EaW 10g, 10d,
// 21.0).
func TestEaW10g_MinesweeperMayBreakOff(t *testing.T) {
	st := redFortAtC().withFleet("blue", "1st", "b", "frigate", "minesweeper").withFleet("red", "1st", "c", "cruiser", "cruiser", "cruiser")
	got := 0
	fortBattles(t, st, 30, func(seed uint64, res *Result, logs []string) {
		if heldIn(logs[0], "blue", "1st") {
			t.Fatalf("seed %d: blue's fleet with a minesweeper is held:\n%s", seed, logs[0])
		}
		f := res.Next.Fleet("blue", "1st")
		if f != nil && f.At == "b" {
			got++
		}
	}, "move: {fleet: 1st, path: [c]}")
	if got == 0 {
		t.Error("blue's fleet with a minesweeper never broke off and withdrew to b")
	}
}

// TestEaW10g_SecondFleetLetsTheFirstGo: with two blue fleets at red's
// fortification, the first in the order of battle may break off, since
// the second stays behind (EaW 10b); the second, with no third behind it,
// is held (EaW 10g).
func TestEaW10g_SecondFleetLetsTheFirstGo(t *testing.T) {
	st := redFortAtC().withFleet("blue", "1st", "b", "cruiser").withFleet("blue", "2nd", "b", "frigate").
		withFleet("red", "1st", "c", "cruiser", "cruiser", "cruiser")
	first, second := 0, 0
	fortBattles(t, st, 30, func(seed uint64, res *Result, logs []string) {
		for _, log := range logs {
			if strings.Contains(log, "squadron blue 1st") && heldIn(log, "blue", "1st") {
				t.Fatalf("seed %d: blue's first fleet is held:\n%s", seed, log)
			}
			if strings.Contains(log, "squadron blue 2nd") && !heldIn(log, "blue", "2nd") {
				t.Fatalf("seed %d: blue's second fleet is free:\n%s", seed, log)
			}
			if brokeOff(log, "blue", "2nd") {
				t.Fatalf("seed %d: blue's second fleet broke off:\n%s", seed, log)
			}
		}
		if f := res.Next.Fleet("blue", "1st"); f != nil && f.At == "b" {
			first++
		}
		if len(logs) == 2 {
			second++
		}
	}, "move: {fleet: 1st, path: [c]}", "move: {fleet: 2nd, path: [c]}")
	if first == 0 || second == 0 {
		t.Errorf("blue's first fleet broke off in %d seeds and its second fought in %d; want some of each", first, second)
	}
}

// TestEaW10g_OwnerBreaksOffFreely: the fortification's owner breaks off
// like any fleet, and withdraws; the enemy that came in is held (EaW
// 10g, 21b).
func TestEaW10g_OwnerBreaksOffFreely(t *testing.T) {
	st := redFortAtC().withFleet("blue", "1st", "b", "cruiser", "cruiser").withFleet("red", "1st", "c", "frigate")
	got := 0
	fortBattles(t, st, 30, func(seed uint64, res *Result, logs []string) {
		if heldIn(logs[0], "red", "1st") || !heldIn(logs[0], "blue", "1st") {
			t.Fatalf("seed %d: want red free and blue held:\n%s", seed, logs[0])
		}
		if f := res.Next.Fleet("red", "1st"); f != nil && f.At != "c" && brokeOff(logs[0], "red", "1st") {
			got++
		}
	}, "move: {fleet: 1st, path: [c]}")
	if got == 0 {
		t.Error("red's frigate never broke off and withdrew from its own fortification")
	}
}

// TestEaW10g_HeldFleetStaysAtTheRoundCap: two tenders whose hits cannot
// get through each other's armor fight to the round cap. Red, the fortification's owner,
// holds the field and makes its free repairs (EaW 23a); blue's held fleet
// does not withdraw: it stays there, trapped, makes no repairs, as it does
// not hold the field, and the battle's summary says it stays (EaW 10g,
// 21b; docs/battles.md on the cap).
func TestEaW10g_HeldFleetStaysAtTheRoundCap(t *testing.T) {
	st := redFortAtC()
	tender := campaign.DefaultCombat(4, 40, false)
	tender.Damage, tender.Armor = 2, 6 // it fires, but no hit gets through
	st.Catalogue = append(st.Catalogue, campaign.UnitClass{Class: "tender", CBPV: 40, EBPV: 40, Size: 4, Docking: 3, Damcon: 2, Combat: &tender})
	st = st.withFleet("blue", "1st", "b", "tender").withFleet("red", "1st", "c", "tender")
	for i := range st.Fleets {
		st.Fleets[i].Damage = []campaign.UnitDamage{{Unit: 0, Structure: 1}}
	}
	fortBattles(t, st, 5, func(seed uint64, res *Result, logs []string) {
		if !strings.Contains(logs[0], "round cap: blue blue 1st is held and may not withdraw: it stays, and the defender holds") {
			t.Fatalf("seed %d: the fight did not end at the round cap with blue held:\n%s", seed, logs[0])
		}
		blue, red := res.Next.Fleet("blue", "1st"), res.Next.Fleet("red", "1st")
		if blue == nil || blue.At != "c" || blue.Trapped == 0 || !blue.DamageOf(0).Any() {
			t.Errorf("seed %d: blue 1st after the cap = %+v; want it still at c, trapped, unrepaired", seed, blue)
		}
		if red == nil || red.DamageOf(0).Any() {
			t.Errorf("seed %d: red 1st after the cap = %+v; want its free repairs made", seed, red)
		}
		var fought string
		for _, e := range res.Events {
			if e.Kind == EventBattleFought {
				fought = e.Text
			}
		}
		if !strings.Contains(fought, "After 10 rounds red held the field.") || !strings.Contains(fought, "blue 1st stays there, held by the fortification (EaW 10g).") {
			t.Errorf("seed %d: the battle's summary = %q; want red holding the field and blue's fleet staying", seed, fought)
		}
	}, "move: {fleet: 1st, path: [c]}")
}
