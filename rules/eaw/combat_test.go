package eaw

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// TestAutoBattle_FoughtAndApplied: with battles: auto, a meeting is fought
// at once; losses leave the state, the sides get the log, and every player
// reads who fought where, with what, and how it ended (EaW 1b, 1e).
func TestAutoBattle_FoughtAndApplied(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "b", "cruiser", "cruiser", "cruiser", "frigate").
		withFleet("red", "1st", "c", "frigate")
	st.Players = append(st.Players, campaign.Player{ID: "green", Name: "Green", Email: "green@example.test", Home: "a"})
	sub := submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	if len(res.Next.Battles) != 0 {
		t.Errorf("battles still pending after an automatic battle: %+v", res.Next.Battles)
	}
	var summary string
	for _, v := range res.Views {
		found := false
		for _, e := range v.Events {
			if e.Kind == EventBattleFought {
				found, summary = true, e.Text
			}
		}
		if !found {
			t.Errorf("%s's report does not tell of the battle", v.Player)
		}
		fought := v.Player != "green"
		if got := len(v.BattleLogs) > 0; got != fought {
			t.Errorf("%s has a battle log: %v, want %v (only the sides read it)", v.Player, got, fought)
		}
		if fought && !strings.Contains(v.BattleLogs[0].Text, "Round 1") {
			t.Errorf("%s's battle log has no round 1:\n%s", v.Player, v.BattleLogs[0].Text)
		}
	}
	for _, want := range []string{"at C", "blue with 3 cruiser, frigate", "red with frigate", "round"} {
		if !strings.Contains(summary, want) {
			t.Errorf("the public summary %q does not say %q", summary, want)
		}
	}
	red := res.Next.Fleet("red", "1st")
	blue := res.Next.Fleet("blue", "1st")
	switch {
	case blue == nil:
		t.Fatal("three cruisers and a frigate lost everything to one frigate")
	case red != nil && red.At == "c":
		t.Errorf("red's lone frigate still holds c against three cruisers: %+v", red)
	}
	if red == nil && res.Next.Player("blue").VP != 60 {
		t.Errorf("blue's VP = %d after destroying a 60-CBPV frigate, want 60 (EaW 4e)", res.Next.Player("blue").VP)
	}
}

// TestAutoBattle_SameSeedSameBattle: the battle's dice come from the
// campaign's seed and the turn, so the same state gives the same battle,
// and another campaign seed another one.
func TestAutoBattle_SameSeedSameBattle(t *testing.T) {
	run := func(seed uint64) []byte {
		st := newTestState().
			withFleet("blue", "1st", "b", "cruiser", "frigate", "frigate").
			withFleet("red", "1st", "c", "cruiser", "frigate", "frigate")
		st.Seed = seed
		sub := submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")
		res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if !bytes.Equal(run(1), run(1)) {
		t.Error("the same state and seed gave two different battles")
	}
	if bytes.Equal(run(1), run(2)) {
		t.Error("two campaign seeds gave the same battle, to the byte")
	}
}

// boarding is a campaign for captures: blue's crippled hulk jumps into c,
// where red's marine waits. Neither is armed, so the fight runs to the
// round cap, which sends the attacker, blue, away without a roll.
func boarding(commando bool) testState {
	unarmed := func(structure int) *campaign.CombatStats {
		return &campaign.CombatStats{Hull: campaign.HullMedium, Def: 10, Sensor: 5, Armor: 3, Structure: structure, Speed: 4}
	}
	st := newTestState().
		withClass(campaign.UnitClass{Class: "hulk", CBPV: 80, EBPV: 80, Size: 4, Docking: 3, Combat: unarmed(8)}).
		withClass(campaign.UnitClass{Class: "marine", CBPV: 55, EBPV: 60, Size: 4, Docking: 3, Commando: commando, Combat: unarmed(4)}).
		withFleet("blue", "1st", "b", "hulk").
		withFleet("red", "1st", "c", "marine")
	blue := st.Fleet("blue", "1st")
	blue.Damage = []campaign.UnitDamage{{Unit: 0, Structure: 5}}
	blue.SetCrew(campaign.UnitCrew{Unit: 0, Quality: "outstanding", XP: 40})
	return st
}

// TestEaW25_CrippledShipCaughtByTheCapIsCaptured: a crippled ship that
// had not got away when the battle ended is taken by the winner's
// commandos: it joins their fleet uninspected, with its damage and a new
// crew, and the captor scores it (EaW 25.0, 25b, 4e).
func TestEaW25_CrippledShipCaughtByTheCapIsCaptured(t *testing.T) {
	st := boarding(true)
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")})
	red := res.Next.Fleet("red", "1st")
	switch {
	case red == nil || strings.Join(names(red.Units), ",") != "marine,hulk":
		t.Fatalf("red's fleet = %+v, want its marine and the captured hulk", red)
	case !red.IsCaptured(1) || red.IsCaptured(0):
		t.Errorf("red's captured units = %v, want [1]: the prize is uninspected (EaW 25b)", red.Captured)
	case red.DamageOf(1).Structure != 5:
		t.Errorf("the prize's damage = %+v, want the 5 structure it had (EaW 25b)", red.DamageOf(1))
	case red.CrewOf(1) != (campaign.UnitCrew{Unit: 1}):
		t.Errorf("the prize's crew = %+v, want a new crew of no experience", red.CrewOf(1))
	}
	if res.Next.Fleet("blue", "1st") != nil {
		t.Errorf("blue's fleet is still there: %+v", res.Next.Fleet("blue", "1st"))
	}
	if got := res.Next.Player("red").VP; got != 80 {
		t.Errorf("red's VP = %d, want the prize's 80 CBPV (EaW 4e)", got)
	}
	if got := red.CrewOf(0).XP; got != 80 {
		t.Errorf("the marine's crew has %d XP, want all 80 VP its fleet won (EaW 2e)", got)
	}
	f := fights(res)
	if len(f) != 1 || !strings.Contains(f[0].Text, "blue's crippled hulk was boarded and captured by red's commandos (EaW 25.0)") {
		t.Errorf("fights = %+v, want the capture told to everyone", f)
	}
}

// TestEaW25_NoCommandosNoCapture: without a commando ship the crippled
// ship withdraws the way it came.
func TestEaW25_NoCommandosNoCapture(t *testing.T) {
	st := boarding(false)
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")})
	if got := fleetAt(t, res.Next, "blue", "1st"); got != "b" {
		t.Errorf("blue's hulk is at %s, want it back at b (EaW 21.0)", got)
	}
	if red := res.Next.Fleet("red", "1st"); len(red.Units) != 1 || len(red.Captured) != 0 {
		t.Errorf("red's fleet = %+v, want its marine alone", red)
	}
	if got := res.Next.Fleet("blue", "1st").CrewOf(0).XP; got != 40 {
		t.Errorf("blue's crew has %d XP, want its 40: red won no victory points, so nobody gains or loses", got)
	}
}

func TestEaW2e_XPShareByCBPV(t *testing.T) {
	tests := []struct {
		name                   string
		total, cbpv, fleetCBPV int
		want                   int
	}{
		{"the rule's cruiser: 150 of 600 gets 25%", 400, 150, 600, 100},
		{"the rule's destroyer: 90 of 600 gets 15%", 400, 90, 600, 60},
		{"rounded down", 100, 60, 180, 33},
		{"an empty fleet shares nothing", 100, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := xpShare(tc.total, tc.cbpv, tc.fleetCBPV); got != tc.want {
				t.Errorf("xpShare(%d, %d, %d) = %d, want %d", tc.total, tc.cbpv, tc.fleetCBPV, got, tc.want)
			}
		})
	}
}

// TestEaW2e_WinnerGainsAndLoserLosesXP: the winner's surviving ships
// share the VP won by CBPV; the loser's lose as much by their share of
// their own fleet, down to 0; the dead take their share to the grave.
func TestEaW2e_WinnerGainsAndLoserLosesXP(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "c", "cruiser", "cruiser", "frigate").
		withFleet("red", "1st", "c", "cruiser", "frigate")
	tr := newTurn(st.State)
	blue, red := tr.next.Fleet("blue", "1st"), tr.next.Fleet("red", "1st")
	red.SetCrew(campaign.UnitCrew{Unit: 0, XP: 30})
	red.SetCrew(campaign.UnitCrew{Unit: 1, XP: 70})
	results := []*fleetResult{
		{fleet: blue, cbpv: 300, destroyed: []int{1}},
		{fleet: red, cbpv: 180},
	}
	tr.gainExperience(campaign.Battle{ID: "T1-B1", At: "c"}, results, "blue", 150)
	for _, tc := range []struct {
		f    *campaign.Fleet
		unit int
		want int
	}{
		{blue, 0, 60}, {blue, 1, 0}, {blue, 2, 30}, // 150 × 120/300, the dead cruiser's share lost, 150 × 60/300
		{red, 0, 0}, {red, 1, 20}, // 30 − 150 × 120/180 floored at 0, 70 − 150 × 60/180
	} {
		if got := tc.f.CrewOf(tc.unit).XP; got != tc.want {
			t.Errorf("%s's unit %d has %d XP, want %d", tc.f.Owner, tc.unit, got, tc.want)
		}
	}
	for _, e := range tr.events {
		if e.Kind != EventExperience || len(e.Players) != 1 {
			t.Errorf("event %+v, want experience told to its owner only", e)
		}
	}
	if len(tr.events) != 2 || !strings.Contains(tr.events[1].Text, "frigate #2 -50 (now 20)") {
		t.Errorf("events = %+v", tr.events)
	}
}

// TestEaW14a_CarriedBasesAreCargo: bases a fleet carries do not fight,
// and they go down with the last ship that carried them.
func TestEaW14a_CarriedBasesAreCargo(t *testing.T) {
	st := newTestState().
		withClass(campaign.UnitClass{Class: "cpl", CBPV: 10, EBPV: 40, Size: 6, Docking: 2, Roles: []campaign.Role{campaign.RoleCPL}}).
		withFleet("blue", "1st", "c", "frigate", "cpl").
		withFleet("red", "1st", "c", "cruiser")
	tn := newTurn(st.State)
	b := campaign.Battle{ID: "T1-B1", Turn: 1, At: "c", Sides: []campaign.PlayerID{"blue", "red"}}
	blue, red := tn.next.Fleet("blue", "1st"), tn.next.Fleet("red", "1st")
	setup := tn.battleSetup(b, []*campaign.Fleet{blue, red}, nil, nil)
	for _, sd := range setup.Sides {
		for _, sq := range sd.Squadrons {
			for _, sh := range sq.Ships {
				if sh.Class == "cpl" {
					t.Errorf("the carried CPL fights in %s's squadron %s", sd.Player, sq.ID)
				}
			}
		}
	}

	blue.Take([]int{0}) // the frigate is destroyed
	if !tn.loseCargo(b, blue, "with the last of its ships") || len(blue.Units) != 0 {
		t.Errorf("blue's fleet = %v, want the CPL gone with the last ship that carried it", blue.Units)
	}
	if e := eventOf(tn.events, EventDestroyed); e.Rule != "EaW 14a" || !slices.Contains(e.Players, "blue") || !strings.Contains(e.Text, "cpl") {
		t.Errorf("event = %+v, want blue told its CPL was lost (EaW 14a)", e)
	}
}

// TestEaW14a_CargoWithoutEscortIsOverrun: a fleet carrying only bases
// that meets an enemy fleet loses them; the meeting does not linger.
func TestEaW14a_CargoWithoutEscortIsOverrun(t *testing.T) {
	st := newTestState().
		withClass(campaign.UnitClass{Class: "cpl", CBPV: 10, EBPV: 40, Size: 6, Docking: 2, Roles: []campaign.Role{campaign.RoleCPL}}).
		withFleet("blue", "cargo", "b", "cpl").
		withFleet("red", "1st", "c", "cruiser")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": submit(t, st, "blue", "move: {fleet: cargo, path: [c]}")})
	if f := res.Next.Fleet("blue", "cargo"); f != nil {
		t.Errorf("blue's cargo fleet = %+v, want it lost to red's cruiser", f)
	}
	if len(res.Next.Battles) != 0 {
		t.Errorf("battles left waiting = %+v, want none", res.Next.Battles)
	}
	if e := eventOf(viewOf(t, res, "blue").Events, EventDestroyed); !strings.Contains(e.Text, "no ship to defend them") {
		t.Errorf("blue was told %q, want its bases lost with no ship to defend them", e.Text)
	}
}
