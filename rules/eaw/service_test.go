package eaw

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// withServiceClasses adds what the fleet-service orders need: damage
// control (3) and a refit to a heavy cruiser (EBPV 140, 20 more) for the
// cruiser, damage control 1 for the frigate, repair freighters and bases.
func (s testState) withServiceClasses() testState {
	cr := s.Catalogue.Class("cruiser")
	cr.Damcon, cr.Refits = 3, []campaign.ClassName{"heavy-cruiser"}
	s.Catalogue.Class("frigate").Damcon = 1
	s.Catalogue = append(s.Catalogue,
		campaign.UnitClass{Class: "heavy-cruiser", CBPV: 135, EBPV: 140, Size: 3, Docking: 6, Damcon: 3},
		campaign.UnitClass{Class: "repair-freighter", CBPV: 20, EBPV: 45, Size: 5, Docking: 4, Roles: []campaign.Role{campaign.RoleLargeRepair}},
		campaign.UnitClass{Class: "repair-tender", CBPV: 15, EBPV: 35, Size: 5, Docking: 3, Roles: []campaign.Role{campaign.RoleSmallRepair}},
		campaign.UnitClass{Class: "cpl", CBPV: 10, EBPV: 40, Size: 6, Docking: 2, Roles: []campaign.Role{campaign.RoleCPL}},
		campaign.UnitClass{Class: "gsa", CBPV: 10, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleGSA}},
		campaign.UnitClass{Class: "gso", CBPV: 10, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleGSO}},
		campaign.UnitClass{Class: "gms", CBPV: 10, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleGMS}},
		campaign.UnitClass{Class: "defsat", CBPV: 20, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleDEFSAT}},
	)
	return s
}

// serviceState is the test map with the service classes and blue's colony
// at c.
func serviceState() testState {
	return newTestState().withServiceClasses().withDevelopment("blue", "c", campaign.Colony, spring164)
}

// hurt gives unit i of a fleet damage and the self-repair its crew has
// used.
func (s testState) hurt(owner campaign.PlayerID, id campaign.FleetID, i int, d campaign.UnitDamage, used int) testState {
	f := s.Fleet(owner, id)
	d.Unit = i
	f.Damage = append(f.Damage, d)
	c := f.CrewOf(i)
	c.Repaired = used
	f.SetCrew(c)
	return s
}

// prize marks units of a fleet as captured and not inspected.
func (s testState) prize(owner campaign.PlayerID, id campaign.FleetID, idx ...int) testState {
	s.Fleet(owner, id).Captured = idx
	return s
}

// withPoints gives every player at least n order points a turn.
func (s testState) withPoints(n int) testState {
	s.Rules.Budget.Min = n
	return s
}

// mustFleet returns a fleet of the next state, failing the test if it is
// gone.
func mustFleet(t *testing.T, st *campaign.State, owner campaign.PlayerID, id campaign.FleetID) *campaign.Fleet {
	t.Helper()
	f := st.Fleet(owner, id)
	if f == nil {
		t.Fatalf("fleet %s/%s is gone", owner, id)
	}
	return f
}

// oneText returns the one event text of a kind the player sees, failing
// the test if there is not exactly one.
func oneText(t *testing.T, res *Result, player int, kind game.EventKind) string {
	t.Helper()
	texts := textsOf(res.Views[player], kind)
	if len(texts) != 1 {
		t.Fatalf("%s's %s events = %q, want one", res.Views[player].Player, kind, texts)
	}
	return texts[0]
}

func TestEaW6d_ResupplyRepairsAtColony(t *testing.T) {
	st := serviceState().withFleet("blue", "1st", "b", "cruiser", "frigate").
		hurt("blue", "1st", 0, campaign.UnitDamage{Structure: 5, Attack: 2}, 9).
		hurt("blue", "1st", 1, campaign.UnitDamage{Speed: 1}, 0)
	res := resolveOne(t, st, "blue", "move: {fleet: 1st, path: [c]}", "resupply: {fleet: 1st}")
	f := mustFleet(t, res.Next, "blue", "1st")
	if f.At != "c" || len(f.Damage) != 0 {
		t.Errorf("fleet 1st at %s with damage %v, want at c and whole (EaW 6e)", f.At, f.Damage)
	}
	if left := res.Next.SelfRepairLeft(f, 0); left != 9 {
		t.Errorf("cruiser's self-repair capacity = %d, want 9 restored (EaW 22b)", left)
	}
	if got := oneText(t, res, 0, EventResupplied); !strings.Contains(got, "2 units repaired") || !strings.Contains(got, "developed colony") {
		t.Errorf("resupply event = %q, want 2 units repaired at the colony", got)
	}
}

func TestEaW6d_RepairFreighterResupplies(t *testing.T) {
	st := serviceState().withFleet("blue", "1st", "d", "cruiser").withFleet("blue", "2nd", "d", "repair-tender").
		hurt("blue", "1st", 0, campaign.UnitDamage{Structure: 5}, 0)
	res := resolveOne(t, st, "blue", "resupply: {fleet: 1st}")
	if f := mustFleet(t, res.Next, "blue", "1st"); len(f.Damage) != 0 {
		t.Errorf("fleet 1st damage = %v, want repaired by the repair freighter (EaW 6d)", f.Damage)
	}
}

func TestEaW6f_RefitPaysTheDifference(t *testing.T) {
	st := serviceState().withFleet("blue", "1st", "a", "cruiser", "cruiser", "frigate").prize("blue", "1st", 1)
	res := resolveOne(t, st, "blue", "resupply: {fleet: 1st, refit: {cruiser: heavy-cruiser}}")
	f := mustFleet(t, res.Next, "blue", "1st")
	if want := []campaign.ClassName{"heavy-cruiser", "cruiser", "frigate"}; !slices.Equal(f.Units, want) {
		t.Errorf("fleet 1st = %v, want %v: the inspected cruiser refitted, the prize not (EaW 6f, 25b)", f.Units, want)
	}
	if got := res.Next.Player("blue").Treasury; got != 500-20 {
		t.Errorf("blue's treasury = %d, want 480: the EBPV difference of one refit", got)
	}
}

func TestEaW4b_ServiceAfterAMoveFailsWhenStopped(t *testing.T) {
	st := serviceState().withPoints(5).reported().withFleet("blue", "1st", "a", "cruiser").withFleet("red", "1st", "b", "frigate")
	res := resolveOne(t, st, "blue", "move: {fleet: 1st, path: [b, c]}", "resupply: {fleet: 1st}", "self_repair: {fleet: 1st}")
	for _, want := range []string{"did not resupply", "did not repair itself"} {
		found := false
		for _, got := range textsOf(res.Views[0], EventOrderFailed) {
			found = found || strings.Contains(got, want) && strings.Contains(got, "EaW 19a")
		}
		if !found {
			t.Errorf("blue's failed orders = %q, want one that says fleet 1st %s, pinned (EaW 19a)", textsOf(res.Views[0], EventOrderFailed), want)
		}
	}
	if got := textsOf(res.Views[0], EventResupplied); len(got) != 0 {
		t.Errorf("blue's resupplies = %q, want none", got)
	}
}

func TestEaW4b_ServiceBeforeAMoveIsCarriedOutFirst(t *testing.T) {
	// 1st resupplies at the FRD at a, then leaves for c; 2nd transfers its
	// frigate to 1st only after moving to c with it.
	st := serviceState().withPoints(5).withFleet("blue", "1st", "a", "cruiser").withFleet("blue", "2nd", "b", "frigate").
		hurt("blue", "1st", 0, campaign.UnitDamage{Structure: 5}, 0)
	res := resolveOne(t, st, "blue",
		"resupply: {fleet: 1st}", "move: {fleet: 1st, path: [b, c]}",
		"move: {fleet: 2nd, path: [c]}", "transfer: {from: 2nd, to: 1st, units: [frigate]}")
	f := mustFleet(t, res.Next, "blue", "1st")
	if f.At != "c" || len(f.Damage) != 0 || !slices.Equal(f.Units, []campaign.ClassName{"cruiser", "frigate"}) {
		t.Errorf("fleet 1st = %+v, want at c, repaired at a, with 2nd's frigate", *f)
	}
	if res.Next.Fleet("blue", "2nd") != nil {
		t.Error("fleet 2nd still stands, want it disbanded by the transfer of its last unit (EaW 7a)")
	}
}

func TestEaW7_0_TransferFormsAFleet(t *testing.T) {
	st := serviceState().withFleet("blue", "1st", "a", "cruiser", "frigate", "frigate").
		hurt("blue", "1st", 1, campaign.UnitDamage{Structure: 1}, 2).prize("blue", "1st", 2)
	res := resolveOne(t, st, "blue", "transfer: {from: 1st, to: 2nd, units: [frigate, frigate]}", "move: {fleet: 2nd, path: [b]}")
	f := mustFleet(t, res.Next, "blue", "2nd")
	if f.At != "b" || !slices.Equal(f.Units, []campaign.ClassName{"frigate", "frigate"}) {
		t.Fatalf("fleet 2nd = %+v, want two frigates, formed at a and moved to b", *f)
	}
	if f.DamageOf(0).Structure != 1 || f.CrewOf(0).Repaired != 2 || !f.IsCaptured(1) {
		t.Errorf("fleet 2nd records = damage %v, crews %v, captured %v; want each frigate's records moved with it", f.Damage, f.Crews, f.Captured)
	}
	if got := mustFleet(t, res.Next, "blue", "1st").Units; !slices.Equal(got, []campaign.ClassName{"cruiser"}) {
		t.Errorf("fleet 1st = %v, want the cruiser left", got)
	}
}

func TestEaW9_0_ScrapRefundsNextTurn(t *testing.T) {
	st := serviceState().withFleet("blue", "1st", "a", "cruiser", "frigate")
	st.Players[0].Treasury = 55
	res := resolveOne(t, st, "blue", "scrap: {fleet: 1st, units: [cruiser, frigate]}", "build: {units: [frigate], fleet: 2nd, mp: 0}")
	if res.Next.Fleet("blue", "1st") != nil {
		t.Error("fleet 1st still stands, want it disbanded by scrapping its last unit (EaW 9.0)")
	}
	if got, want := res.Next.Player("blue").Treasury, 55-55+(120+55)/2; got != want {
		t.Errorf("blue's treasury = %d, want %d: the build paid from the old treasury, then half the EBPV scrapped", got, want)
	}
	if got := oneText(t, res, 0, EventScrapped); !strings.Contains(got, "87 BPV") {
		t.Errorf("scrap event = %q, want the refund of 87 BPV", got)
	}
}

func TestEaW9b_InspectCountsPrizes(t *testing.T) {
	st := serviceState().withFleet("blue", "1st", "a", "cruiser", "cruiser").prize("blue", "1st", 1).
		hurt("blue", "1st", 1, campaign.UnitDamage{Structure: 4}, 0)
	if got := st.FleetCBPV(st.Fleet("blue", "1st")); got != 120 {
		t.Fatalf("FleetCBPV before inspection = %d, want 120: the prize is outside the limits (EaW 25b)", got)
	}
	res := resolveOne(t, st, "blue", "inspect: {fleet: 1st}")
	f := mustFleet(t, res.Next, "blue", "1st")
	if len(f.Captured) != 0 || len(f.Damage) != 0 || res.Next.FleetCBPV(f) != 240 {
		t.Errorf("fleet 1st after inspection: captured %v, damage %v, %d CBPV; want none, none, 240", f.Captured, f.Damage, res.Next.FleetCBPV(f))
	}
}

func TestEaW24_0_SelfRepairUpToCapacity(t *testing.T) {
	// The cruiser has 9 points of capacity, 4 of them used: it mends its 2
	// attack first, then 3 of its 6 structure.
	st := serviceState().withFleet("blue", "1st", "b", "cruiser", "frigate").
		hurt("blue", "1st", 0, campaign.UnitDamage{Structure: 6, Attack: 2}, 4)
	res := resolveOne(t, st, "blue", "move: {fleet: 1st, path: [c]}", "self_repair: {fleet: 1st}")
	f := mustFleet(t, res.Next, "blue", "1st")
	if d := f.DamageOf(0); d.Structure != 3 || d.Attack != 0 {
		t.Errorf("cruiser damage = %+v, want 3 structure left, attack mended", d)
	}
	if left := res.Next.SelfRepairLeft(f, 0); left != 0 {
		t.Errorf("cruiser capacity left = %d, want 0", left)
	}
	if got := oneText(t, res, 0, EventSelfRepaired); !strings.Contains(got, "3 structure, 2 attack mended") {
		t.Errorf("self-repair event = %q", got)
	}
}

func TestEaW3b_NewYearRestoresCapacity(t *testing.T) {
	st := winterState().withServiceClasses().withFleet("blue", "1st", "b", "cruiser").withFleet("red", "1st", "d", "cruiser").
		hurt("blue", "1st", 0, campaign.UnitDamage{Structure: 2}, 9).hurt("red", "1st", 0, campaign.UnitDamage{Structure: 2}, 9)
	st.FRDs = st.FRDs[:1] // red has none (EaW 15a)
	res := Resolve(st.State, nil)
	blue := mustFleet(t, res.Next, "blue", "1st")
	if res.Next.SelfRepairLeft(blue, 0) != 9 || blue.DamageOf(0).Structure != 2 {
		t.Errorf("blue's cruiser after New Year: %d capacity, %v damage; want 9 restored and the damage kept (EaW 3b)",
			res.Next.SelfRepairLeft(blue, 0), blue.Damage)
	}
	if red := mustFleet(t, res.Next, "red", "1st"); res.Next.SelfRepairLeft(red, 0) != 0 {
		t.Error("red's cruiser regained capacity, but red has no FRD (EaW 3b, 15a)")
	}
	if got := oneText(t, res, 1, EventResupplied); !strings.Contains(got, "no FRD") {
		t.Errorf("red's New Year resupply = %q, want it told it has no FRD", got)
	}
}

func TestEaW10h_TrappedFleetMissesTheNewYearResupply(t *testing.T) {
	st := winterState().withServiceClasses().withDevelopment("red", "b", campaign.Fortification, spring164).
		withTrapped("blue", "1st", "b", 2, "cruiser").hurt("blue", "1st", 0, campaign.UnitDamage{}, 9)
	res := Resolve(st.State, nil)
	if f := mustFleet(t, res.Next, "blue", "1st"); res.Next.SelfRepairLeft(f, 0) != 0 {
		t.Error("the trapped cruiser regained its capacity at New Year (EaW 10h)")
	}
}

func TestEaW17_0_CarriedBasesAndPrizesDoNotCount(t *testing.T) {
	st := serviceState().withFleet("blue", "1st", "a", "cruiser", "cruiser", "gsa", "defsat").prize("blue", "1st", 1)
	total, big := st.FleetLoad(st.Fleet("blue", "1st"))
	if total != 120 || big != 120 {
		t.Errorf("FleetLoad = %d, %d; want 120, 120: the prize and the bases left out", total, big)
	}
}

// TestEaW9_0_LateScrapWhereTheTowEnds: a scrap carried out after the
// battles is checked where the FRD ends its tow, wherever the tow stands
// in the text (EaW 4b, 9.0, 15e).
func TestEaW9_0_LateScrapWhereTheTowEnds(t *testing.T) {
	st := serviceState().withPoints(5).withFleet("blue", "y", "a", "cruiser", "frigate").withFleet("blue", "x", "b", "frigate")
	res := resolveOne(t, st, "blue", "move: {fleet: y, path: [b]}", "scrap: {fleet: y, units: [frigate]}", "move_frd: {at: a, path: [b]}")
	if got := mustFleet(t, res.Next, "blue", "y").Units; !slices.Equal(got, []campaign.ClassName{"cruiser"}) {
		t.Errorf("fleet y = %v, want its frigate scrapped at b, where the FRD ends its tow; failures %q", got, textsOf(res.Views[0], EventOrderFailed))
	}
	if got := refused(t, st.State, "blue", "move: {fleet: x, path: [a]}", "scrap: {fleet: x, units: [frigate]}", "move_frd: {at: a, path: [b]}"); !slices.Equal(got, []string{"EaW 9.0"}) {
		t.Errorf("a scrap at a, which the FRD leaves: problems %v, want [EaW 9.0]", got)
	}
}

// TestEaW17e_MONFleetServedWhereTheTowEnds: the MON's fleet moves with
// its FRD, so a fleet service after the tow is carried out after the
// battles, where the tow ends, and a post-combat order above the tow binds
// the MON's fleet to where it is (EaW 4b, 17e).
func TestEaW17e_MONFleetServedWhereTheTowEnds(t *testing.T) {
	st := serviceState().withRoleClasses().withPoints(5).withFleet("blue", "m", "a", "monitor", "frigate").withFleet("blue", "x", "b", "frigate").
		hurt("blue", "m", 1, campaign.UnitDamage{Structure: 2}, 0)
	res := resolveOne(t, st, "blue", "move_frd: {at: a, path: [b]}", "resupply: {fleet: m}")
	if got := oneText(t, res, 0, EventResupplied); !strings.Contains(got, "Fleet m resupplied at B") {
		t.Errorf("resupply event = %q, want fleet m resupplied at B, where the tow ends", got)
	}
	if f := mustFleet(t, res.Next, "blue", "m"); f.At != "b" || len(f.Damage) != 0 {
		t.Errorf("fleet m at %s with damage %v, want at b, repaired", f.At, f.Damage)
	}
	if got := refused(t, st.State, "blue", "move: {fleet: x, path: [a]}", "transfer: {from: x, to: m, units: [frigate]}", "move_frd: {at: a, path: [b]}"); !slices.Equal(got, []string{"EaW 4b"}) {
		t.Errorf("a tow after a post-combat transfer into the MON's fleet: problems %v, want [EaW 4b]", got)
	}
}

// TestEaW22b_SelfRepairMendsTheWorstSystemFirst: a self-repair mends as
// the free repairs after a battle do, a point at a time on the system hit
// worst, then structure (EaW 22b, 23a, 24.0).
func TestEaW22b_SelfRepairMendsTheWorstSystemFirst(t *testing.T) {
	// The cruiser has 9 points of capacity, 7 of them used.
	st := serviceState().withFleet("blue", "1st", "b", "cruiser").hurt("blue", "1st", 0, campaign.UnitDamage{Attack: 1, Speed: 3, Structure: 2}, 7)
	res := resolveOne(t, st, "blue", "self_repair: {fleet: 1st}")
	if d := mustFleet(t, res.Next, "blue", "1st").DamageOf(0); d != (campaign.UnitDamage{Attack: 1, Speed: 1, Structure: 2}) {
		t.Errorf("cruiser damage = %+v, want 2 speed mended, the worst system, and attack 1, speed 1, structure 2 left", d)
	}
}

// servedNow carries out one fleet-service order of blue's at once, as the
// resolver does, on a turn of st, without intake: st stands for a fleet
// the turn changed after intake checked the order, and the test is of the
// checks made again when the order is carried out.
func servedNow(t *testing.T, st testState, line string) *turn {
	t.Helper()
	src := fmt.Sprintf("campaign: test\nplayer: blue\nturn: %d\norders:\n  - %s\n", st.Turn, line)
	sub, err := parse([]byte(src))
	if err != nil {
		t.Fatalf("orders.Parse(%q) = %v", src, err)
	}
	tu := newTurn(st.State)
	o := listOf(sub)[0]
	o.Kind.carryOut(tu, act{owner: "blue", co: CostedOrder{Order: o}})
	return tu
}

// failures returns the order-failed events of a turn with their rules,
// "EaW 17.0: Fleet 1st did not ...".
func failures(tu *turn) []string {
	var out []string
	for _, e := range tu.events {
		if e.Kind == EventOrderFailed {
			out = append(out, e.Rule+": "+e.Text)
		}
	}
	return out
}

// TestEaW17_0_CapsCheckedWhenCarriedOut: an inspection, refit or transfer
// that would take a fleet over a cap of EaW 17.0 when it is carried out
// (a battle may have added prizes since intake) is not made.
func TestEaW17_0_CapsCheckedWhenCarriedOut(t *testing.T) {
	capped := func() testState {
		// 4 cruisers and 2 scouts: 560 combat BPV, under a cap of 600.
		st := serviceState().withFleet("blue", "1st", "a", "cruiser", "cruiser", "cruiser", "cruiser", "scout", "scout")
		st.Rules.Fleets.MaxBigCBPV[0] = 0
		return st
	}
	t.Run("inspect", func(t *testing.T) {
		// the prize a battle of this turn took: 680 once inspected
		st := capped()
		f := st.Fleet("blue", "1st")
		f.Units, f.Captured = append(f.Units, "cruiser"), []int{6}
		tu := servedNow(t, st, "inspect: {fleet: 1st}")
		if got := failures(tu); len(got) != 1 || !strings.HasPrefix(got[0], "EaW 17.0: Fleet 1st did not inspect its captured units: fleet 1st would have 680 combat BPV, over the cap of 600") {
			t.Errorf("failures = %q, want the inspection refused under EaW 17.0", got)
		}
		if f := tu.next.Fleet("blue", "1st"); !f.IsCaptured(6) {
			t.Errorf("fleet 1st captured %v, want the prize still uninspected", f.Captured)
		}
	})
	t.Run("transfer", func(t *testing.T) {
		st := capped().withFleet("blue", "2nd", "a", "cruiser")
		tu := servedNow(t, st, "transfer: {from: 2nd, to: 1st, units: [cruiser]}")
		if got := failures(tu); len(got) != 1 || !strings.Contains(got[0], "fleet 1st would have 680 combat BPV, over the cap of 600 in Y165 (EaW 17.0)") {
			t.Errorf("failures = %q, want the transfer refused under EaW 17.0", got)
		}
		if got := len(tu.next.Fleet("blue", "1st").Units); got != 6 {
			t.Errorf("fleet 1st has %d units, want its 6: nothing moved", got)
		}
	})
	t.Run("refit", func(t *testing.T) {
		// 4 heavy cruisers of 135: 620
		tu := servedNow(t, capped(), "resupply: {fleet: 1st, refit: {cruiser: heavy-cruiser}}")
		if got := failures(tu); len(got) != 1 || !strings.HasPrefix(got[0], "EaW 17.0: Fleet 1st did not refit its cruiser to heavy-cruiser: fleet 1st would have 620 combat BPV") {
			t.Errorf("failures = %q, want the refit refused under EaW 17.0", got)
		}
		if f := tu.next.Fleet("blue", "1st"); f.Units[0] != "cruiser" || tu.next.Player("blue").Treasury != 500 {
			t.Errorf("fleet 1st = %v, treasury %d; want no refit, nothing paid", f.Units, tu.next.Player("blue").Treasury)
		}
		if got := textsOf(View{Events: tu.events}, EventResupplied); len(got) != 1 {
			t.Errorf("resupply events = %q, want the resupply made all the same", got)
		}
	})
}

// TestEaW26_0_UnitsKeptWhileABattleWaits: an order that would change the
// units of a fleet in a battle that waits for its result is not carried
// out: the result names the fleet's ships as the battle found them.
func TestEaW26_0_UnitsKeptWhileABattleWaits(t *testing.T) {
	waiting := func() testState {
		st := serviceState().withFleet("blue", "1st", "a", "cruiser", "frigate", "defsat").withFleet("blue", "2nd", "a", "frigate").prize("blue", "1st", 1)
		st.Battles = []campaign.Battle{{ID: "T0-B1", At: "a", Sides: []campaign.PlayerID{"blue", "red"}, Fleets: []campaign.BattleFleet{
			{Owner: "blue", ID: "1st", Units: []campaign.ClassName{"cruiser", "frigate", "defsat"}},
			{Owner: "red", ID: "1st", Units: []campaign.ClassName{"frigate"}}}}}
		return st
	}
	for _, line := range []string{
		"scrap: {fleet: 1st, units: [cruiser]}",
		"transfer: {from: 1st, to: 2nd, units: [cruiser]}",
		"transfer: {from: 2nd, to: 1st, units: [frigate]}",
		"install: {fleet: 1st, units: [defsat]}",
		"inspect: {fleet: 1st}",
	} {
		tu := servedNow(t, waiting(), line)
		if got := failures(tu); len(got) != 1 || !strings.HasPrefix(got[0], "EaW 26.0: ") || !strings.Contains(got[0], "battle T0-B1, which waits for its result") {
			t.Errorf("%s: failures = %q, want it refused under EaW 26.0", line, got)
		}
		if f := tu.next.Fleet("blue", "1st"); len(f.Units) != 3 || !f.IsCaptured(1) {
			t.Errorf("%s: fleet 1st = %v captured %v, want it as the battle found it", line, f.Units, f.Captured)
		}
	}
}
