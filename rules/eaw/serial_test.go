package eaw

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// withGreen adds a third empire, green, at home in e's neighbour d, so
// that a system can hold three admirals (EaW 26a).
func (s testState) withGreen() testState {
	s.Players = append(s.Players, campaign.Player{ID: "green", Name: "Green", Email: "green@example.test", Home: "d", Treasury: 500})
	return s
}

// withClass adds a unit class to the catalogue.
func (s testState) withClass(c campaign.UnitClass) testState {
	s.Catalogue = append(s.Catalogue, c)
	return s
}

// withFreighter adds an unarmed freighter (Attack 0 by default) that
// cannot hurt anyone: fights against it change nothing but the dice.
func (s testState) withFreighter() testState {
	return s.withClass(campaign.UnitClass{Class: "freighter", CBPV: 15, EBPV: 25, Size: 5, Docking: 2})
}

// fights returns the events of the fights fought, in order.
func fights(res *Result) []game.Event {
	var out []game.Event
	for _, e := range res.Events {
		if e.Kind == EventBattleFought {
			out = append(out, e)
		}
	}
	return out
}

// logOf returns the log of one battle a player fought, or "".
func logOf(v View, battle string) string {
	for _, l := range v.BattleLogs {
		if l.Battle == battle {
			return l.Text
		}
	}
	return ""
}

func viewOf(t *testing.T, res *Result, p campaign.PlayerID) View {
	t.Helper()
	for _, v := range res.Views {
		if v.Player == p {
			return v
		}
	}
	t.Fatalf("no view for %s", p)
	return View{}
}

// threeAdmirals puts blue's three cruisers (360 CBPV) at c and sends
// red's and green's fleets in from b and d.
func threeAdmirals(t *testing.T, red, green []campaign.ClassName) (testState, map[campaign.PlayerID]*orders.Submission) {
	t.Helper()
	st := newTestState().withGreen().withFreighter().
		withFleet("blue", "1st", "c", "cruiser", "cruiser", "cruiser").
		withFleet("red", "1st", "b", red...).
		withFleet("green", "1st", "d", green...)
	return st, map[campaign.PlayerID]*orders.Submission{
		"red":   submit(t, st, "red", "move: {fleet: 1st, path: [c]}"),
		"green": submit(t, st, "green", "move: {fleet: 1st, path: [c]}"),
	}
}

// TestEaW26a_LargestFleetsFightFirst: with three admirals in a system the
// two largest fleets by combat BPV fight first, then the survivor meets
// the next largest; each fight is a battle between exactly two fleets
// (EaW 19.0), with its own log, read only by its sides.
func TestEaW26a_LargestFleetsFightFirst(t *testing.T) {
	st, subs := threeAdmirals(t, []campaign.ClassName{"frigate"}, []campaign.ClassName{"frigate", "frigate"})
	res := Resolve(st.State, subs)
	var order string
	for _, e := range res.Events {
		if e.Kind == EventBattle && e.Rule == "EaW 26a" {
			order = e.Text
		}
	}
	if want := "blue 360 CBPV, green 120 CBPV, red 60 CBPV"; !strings.Contains(order, want) {
		t.Errorf("the order of battle %q does not say %q", order, want)
	}
	f := fights(res)
	if len(f) != 2 {
		t.Fatalf("fights = %+v, want two: blue against green, then the survivor against red", f)
	}
	if first := f[0].Text; !strings.HasPrefix(first, "Battle T1-B1.1 at C, fight 1") || !strings.Contains(first, "green") || strings.Contains(first, "red") {
		t.Errorf("the first fight is %q, want blue against green, the two largest (EaW 26a)", first)
	}
	if !strings.Contains(f[0].Text, "blue held the field") {
		t.Fatalf("three cruisers did not hold against two frigates; pick a test seed where they do: %s", f[0].Text)
	}
	if second := f[1].Text; !strings.HasPrefix(second, "Battle T1-B1.2 at C, fight 2") || !strings.Contains(second, "blue") || !strings.Contains(second, "red") || strings.Contains(second, "green") {
		t.Errorf("the second fight is %q, want the survivor, blue, against red (EaW 26e)", second)
	}
	for p, want := range map[campaign.PlayerID][]string{"blue": {"T1-B1.1", "T1-B1.2"}, "green": {"T1-B1.1"}, "red": {"T1-B1.2"}} {
		v := viewOf(t, res, p)
		var got []string
		for _, l := range v.BattleLogs {
			got = append(got, l.Battle)
			if n := strings.Count(l.Text, "  squadron "); n != 2 {
				t.Errorf("log of %s has %d squadrons, want 2: every fight is between exactly two fleets (EaW 19.0)", l.Battle, n)
			}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s reads the logs of %v, want %v", p, got, want)
		}
	}
}

// TestEaW26a_TiesBrokenBy2D6: two fleets of the same combat BPV roll 2D6
// each, shown to the sides, and the high roll counts as larger.
func TestEaW26a_TiesBrokenBy2D6(t *testing.T) {
	st, subs := threeAdmirals(t, []campaign.ClassName{"frigate"}, []campaign.ClassName{"frigate"})
	res := Resolve(st.State, subs)
	last := map[campaign.PlayerID]int{}
	throw := regexp.MustCompile(`^Dice: 2D6 for (\w+)'s fleet of 60 CBPV, tied for its place in battle T1-B1: .* = (\d+)\.$`)
	for _, e := range res.Events {
		if e.Kind != EventDice || e.Rule != "EaW 26a" {
			continue
		}
		m := throw.FindStringSubmatch(e.Text)
		if m == nil {
			t.Fatalf("tie roll %q is not as players read it", e.Text)
		}
		last[campaign.PlayerID(m[1])], _ = strconv.Atoi(m[2])
		if len(e.Players) != 3 {
			t.Errorf("tie roll shown to %v, want every side of the battle", e.Players)
		}
	}
	if len(last) != 2 || last["red"] == last["green"] {
		t.Fatalf("tie rolls = %v, want one each for red and green, the last ones different", last)
	}
	larger := campaign.PlayerID("red")
	if last["green"] > last["red"] {
		larger = "green"
	}
	if first := fights(res)[0].Text; !strings.Contains(first, string(larger)+" with frigate") {
		t.Errorf("first fight %q; want blue against %s, whose 2D6 was higher (EaW 26a)", first, larger)
	}
}

// TestEaW26_TwoAdmiralsSendLargestFirst: with two admirals each side
// sends its fleets largest first (pbemd's reading of EaW 26.0, which has
// no order for the players' own choice).
func TestEaW26_TwoAdmiralsSendLargestFirst(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "c", "cruiser", "frigate").
		withFleet("blue", "2nd", "c", "cruiser", "cruiser", "cruiser").
		withFleet("red", "1st", "b", "frigate", "frigate")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"red": submit(t, st, "red", "move: {fleet: 1st, path: [c]}")})
	var order string
	for _, e := range res.Events {
		if e.Kind == EventBattle && e.Rule == "EaW 26.0" {
			order = e.Text
		}
	}
	if !strings.Contains(order, "each side sending its largest fleet first (EaW 26.0): blue 360 CBPV, blue 180 CBPV, red 120 CBPV") {
		t.Errorf("order of battle = %q", order)
	}
	first := fights(res)[0].Text
	if !strings.Contains(first, "blue with 3 cruiser (360 CBPV) against red") {
		t.Errorf("first fight %q, want blue's largest fleet against red", first)
	}
}

// TestEaW26e_SurvivorKeepsItsDamageIntoTheNextFight: the fleet holding
// the field meets the next fleet with the damage it has; its free
// repairs come after the last fight only (EaW 26e, 23a).
func TestEaW26e_SurvivorKeepsItsDamageIntoTheNextFight(t *testing.T) {
	st, subs := threeAdmirals(t, []campaign.ClassName{"freighter"}, []campaign.ClassName{"freighter", "freighter"})
	for i := range st.Catalogue {
		st.Catalogue[i].Damcon = 1
	}
	blue := st.Fleet("blue", "1st")
	blue.Damage = []campaign.UnitDamage{{Unit: 0, Structure: 3, Attack: 1}}
	res := Resolve(st.State, subs)
	v := viewOf(t, res, "blue")
	for _, id := range []string{"T1-B1.1", "T1-B1.2"} {
		if l := logOf(v, id); !strings.Contains(l, "blue/1st/1 cruiser (structure -3, attack -1)") {
			t.Errorf("blue's damaged cruiser does not enter %s with its damage (EaW 26e):\n%s", id, l)
		}
	}
	after := res.Next.Fleet("blue", "1st")
	if got, want := after.DamageOf(0), (campaign.UnitDamage{Unit: 0, Structure: 1}); got != want {
		t.Errorf("the cruiser's damage after the battle = %+v, want %+v: a damage-control rating of 1 mends 3 points, the attack first (EaW 22b, 23a)", got, want)
	}
	if got := after.CrewOf(0).Repaired; got != 3 {
		t.Errorf("the cruiser's crew has used %d points of self-repair, want 3 (EaW 22b)", got)
	}
	repaired := false
	for _, e := range v.Events {
		if e.Kind == EventRepaired && e.Rule == "EaW 23a" && strings.Contains(e.Text, "cruiser #1 (2 structure, 1 attack mended)") {
			repaired = true
		}
	}
	if !repaired {
		t.Errorf("blue's report does not tell of its free repairs: %+v", v.Events)
	}
	for _, p := range []campaign.PlayerID{"red", "green"} {
		if hasEvent(viewOf(t, res, p), EventRepaired) {
			t.Errorf("%s learned of blue's repairs", p)
		}
	}
}

func TestEaW23a_RepairWorstSystemFirst(t *testing.T) {
	tests := []struct {
		name   string
		points int
		in     campaign.UnitDamage
		want   campaign.UnitDamage
	}{
		{"no capacity mends nothing", 0, campaign.UnitDamage{Structure: 3, Speed: 1}, campaign.UnitDamage{Structure: 3, Speed: 1}},
		{"systems before structure", 1, campaign.UnitDamage{Structure: 3, Speed: 1}, campaign.UnitDamage{Structure: 3}},
		{"worst system first", 1, campaign.UnitDamage{Attack: 1, Sensor: 2}, campaign.UnitDamage{Attack: 1, Sensor: 1}},
		{"attack before speed on a tie", 1, campaign.UnitDamage{Attack: 1, Speed: 1}, campaign.UnitDamage{Speed: 1}},
		{"then structure", 3, campaign.UnitDamage{Structure: 5, Sensor: 1}, campaign.UnitDamage{Structure: 3}},
		{"never below whole", 4, campaign.UnitDamage{Structure: 1}, campaign.UnitDamage{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := repair(tc.in, tc.points); got != tc.want {
				t.Errorf("repair(%+v, %d) = %+v, want %+v", tc.in, tc.points, got, tc.want)
			}
		})
	}
}

// TestEaW23a_RepairsWithinSelfRepairCapacity: the holding fleet's free
// repairs draw on each ship's self-repair capacity (EaW 22b); a fleet a
// ship of which disengaged makes none, nor does an uninspected prize
// (EaW 25b).
func TestEaW23a_RepairsWithinSelfRepairCapacity(t *testing.T) {
	tests := []struct {
		name      string
		brokeOff  bool
		used      int
		captured  bool
		structure int
	}{
		{"capacity 3 of 4 damage", false, 0, false, 1},
		{"capacity partly used", false, 2, false, 3},
		{"a ship broke off", true, 0, false, 4},
		{"an uninspected prize", false, 0, true, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := newTestState().withFleet("blue", "1st", "c", "cruiser")
			st.Catalogue[0].Damcon = 1
			f := st.Fleet("blue", "1st")
			f.Damage = []campaign.UnitDamage{{Unit: 0, Structure: 4}}
			f.SetCrew(campaign.UnitCrew{Unit: 0, Repaired: tc.used})
			if tc.captured {
				f.Captured = []int{0}
			}
			tr := newTurn(st.State)
			k := campaign.FleetKey{Owner: "blue", ID: "1st"}
			s := &series{b: campaign.Battle{ID: "T1-B1", At: "c"}, holder: k, holding: true,
				out: map[campaign.FleetKey]bool{}, brokeOff: map[campaign.FleetKey]bool{k: tc.brokeOff}}
			tr.battles(func() { tr.repairAfterBattle(s) })
			if got := tr.next.Fleet("blue", "1st").DamageOf(0).Structure; got != tc.structure {
				t.Errorf("structure damage after repairs = %d, want %d", got, tc.structure)
			}
		})
	}
}

// TestEaW5c_LaneMeetingIsFoughtFleetAgainstFleet: several fleets meeting
// in a lane fight as in a system, two at a time (EaW 5c, 26.0).
func TestEaW5c_LaneMeetingIsFoughtFleetAgainstFleet(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "b", "cruiser").
		withFleet("blue", "2nd", "b", "frigate").
		withFleet("red", "1st", "c", "cruiser", "frigate")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{
		"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [c]}", "move: {fleet: 2nd, path: [c]}"),
		"red":  submit(t, st, "red", "move: {fleet: 1st, path: [b]}"),
	})
	f := fights(res)
	if len(f) == 0 || !strings.HasPrefix(f[0].Text, "Battle T1-B1.1 in the lane between B and C, fight 1") {
		t.Fatalf("fights = %+v, want serial fights in the lane", f)
	}
	if !strings.Contains(f[0].Text, "blue with cruiser (120 CBPV) against red") {
		t.Errorf("first fight %q, want blue's larger fleet first", f[0].Text)
	}
	for _, v := range res.Views {
		for _, l := range v.BattleLogs {
			if n := strings.Count(l.Text, "  squadron "); n != 2 {
				t.Errorf("log of %s has %d squadrons, want 2", l.Battle, n)
			}
		}
	}
}

// TestSerialBattles_SameSeedSameResult: serial fights, tie rolls and all,
// give the same bytes from the same state and orders.
func TestSerialBattles_SameSeedSameResult(t *testing.T) {
	run := func() []byte {
		st, subs := threeAdmirals(t, []campaign.ClassName{"frigate"}, []campaign.ClassName{"frigate"})
		b, err := json.Marshal(Resolve(st.State, subs))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if !bytes.Equal(run(), run()) {
		t.Error("the same serial battle gave two different results")
	}
}

// TestEaW26a_ReportedBattleCarriesItsOrder: a meeting of several fleets
// that the sides fight themselves is recorded with its order of battle,
// and the dice for it are thrown when it is found.
func TestEaW26a_ReportedBattleCarriesItsOrder(t *testing.T) {
	st, subs := threeAdmirals(t, []campaign.ClassName{"frigate"}, []campaign.ClassName{"frigate", "frigate"})
	st.Rules.Battles = campaign.BattlesReported
	res := Resolve(st.State, subs)
	if len(res.Next.Battles) != 1 {
		t.Fatalf("battles = %+v, want one pending", res.Next.Battles)
	}
	got := map[campaign.PlayerID]int{}
	for _, f := range res.Next.Battles[0].Fleets {
		got[f.Owner] = f.Order
	}
	if got["blue"] != 1 || got["green"] != 2 || got["red"] != 3 {
		t.Errorf("order of battle = %v, want blue 1, green 2, red 3", got)
	}
	pending := ""
	for _, e := range res.Events {
		if e.Kind == EventBattle {
			pending = e.Text
		}
	}
	if !strings.Contains(pending, "It is fought fleet against fleet, the two largest first") {
		t.Errorf("the pending battle's event %q does not give the order", pending)
	}
	// When its clock runs out, pbemd fights it in that order.
	events, logs, err := FightPending(res.Next, "T1-B1")
	if err != nil {
		t.Fatal(err)
	}
	if len(logs) == 0 || logs[0].Battle != "T1-B1.1" || !strings.Contains(logs[0].Text, "green 1st") {
		t.Errorf("FightPending logs %+v; want T1-B1.1 first, blue against green", logs)
	}
	for _, e := range events {
		if e.Kind == EventDice {
			t.Errorf("FightPending threw dice for the order again: %s", e.Text)
		}
	}
}
