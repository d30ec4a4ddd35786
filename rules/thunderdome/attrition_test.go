package thunderdome_test

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// The scenario's carrier carries 8 fighters and 4 spares, its heavy
// carrier 12 and 4, its PF tender 4 PFs and its fighter conveyor 8
// spares; a fighter load point costs 4 BPV and a PF 20.

// withCarrier gives lyran's f1 a carrier, its fourth unit, that carries
// carried fighters of paid paid for, with spares spare.
func withCarrier(carried, paid, spares int) func(st *campaign.State, x *thunderdome.Ext) {
	return func(st *campaign.State, x *thunderdome.Ext) {
		f := st.Fleet(player, "f1")
		f.Units = append(f.Units, "carrier")
		x.SetLoad(f, thunderdome.Load{Unit: 3, Carried: thunderdome.Attrition{Fighters: carried}, Paid: thunderdome.Attrition{Fighters: paid}, Spares: spares})
	}
}

// loadOf is what unit i of a fleet carries, from the state's records.
func loadOf(t *testing.T, st *campaign.State, fleet campaign.FleetID, i int) thunderdome.Load {
	t.Helper()
	for _, l := range fleetState(ext(t, st), player, fleet).Loads {
		if l.Unit == i {
			return l
		}
	}
	return thunderdome.Load{Unit: i, Carried: thunderdome.Attrition{Fighters: -1}} // full: no record
}

// isFull reports whether a unit carries its class's full load: it has no
// record.
func isFull(l thunderdome.Load) bool { return l.Carried.Fighters == -1 }

// TestUTD6_3B1_ReplaceFighters: one order refills every unit of a fleet at
// the scenario's price; free at a developed colony or shipyard of the
// player's, 1 point elsewhere, where the carrier may be (UTD6.3B3).
func TestUTD6_3B1_ReplaceFighters(t *testing.T) {
	st := setup(t, withCarrier(3, 8, 4))
	echo := wantPoints(t, st, "  - replace_fighters: {fleet: f1}\n", 0) // lyra: home colony and capital
	if !strings.Contains(echo, "5 fighters") || !strings.Contains(echo, "20 BPV") {
		t.Errorf("echo = %q, want 5 fighters for 20 BPV", echo)
	}
	bank := st.Player(player).Treasury
	res := resolve(st, parse(t, st, player, "  - replace_fighters: {fleet: f1}\n"))
	if l := loadOf(t, res.Next, "f1", 3); !isFull(l) {
		t.Errorf("carrier after replace = %+v, want its full load", l)
	}
	if got := res.Next.Player(player).Treasury; got != bank-20 {
		t.Errorf("bank %d, want %d − 20", got, bank)
	}
	away := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		withCarrier(3, 8, 4)(st, x)
		sector(x, "s10").Type = thunderdome.Dead
		place(st, x, "f1", "s10")
	})
	wantPoints(t, away, "  - replace_fighters: {fleet: f1}\n", 1)
}

// TestUTD6_3B4_ReplacementsNeverPassTheLoadPaidFor: a carrier paid for 6
// fighters of 8 gets back only up to 6; one that carries all it was paid
// for is refused, and nothing changes.
func TestUTD6_3B4_ReplacementsNeverPassTheLoadPaidFor(t *testing.T) {
	st := setup(t, withCarrier(2, 6, 4))
	res := resolve(st, parse(t, st, player, "  - replace_fighters: {fleet: f1}\n"))
	if l := loadOf(t, res.Next, "f1", 3); l.Carried.Fighters != 6 || l.Paid.Fighters != 6 {
		t.Errorf("carrier after replace = %+v, want 6 of 6 paid for", l)
	}
	full := setup(t, withCarrier(6, 6, 4))
	ps := refused(t, full, parse(t, full, player, "  - replace_fighters: {fleet: f1}\n"))
	if !strings.Contains(ps.Error(), "UTD6.3B4") || !strings.Contains(ps.Error(), "refit_fleet") {
		t.Errorf("problems = %v, want UTD6.3B4 and what to send instead", ps)
	}
}

// TestUTD6_3B2_TransferFightersFromSpares: spares of a fighter conveyor in
// another fleet in the sector fill the carrier for no point and no BPV;
// refill: true buys the spares back.
func TestUTD6_3B2_TransferFightersFromSpares(t *testing.T) {
	conveyor := func(st *campaign.State, x *thunderdome.Ext) {
		withCarrier(5, 8, 0)(st, x)
		f := st.Fleet(player, "f3")
		f.Units = append(f.Units, "fighter-conveyor")
	}
	st := setup(t, conveyor)
	echo := wantPoints(t, st, "  - transfer_fighters: {fleet: f1, from: f3}\n", 0)
	if strings.Contains(echo, "BPV") {
		t.Errorf("echo = %q, want no BPV spent", echo)
	}
	bank := st.Player(player).Treasury
	res := resolve(st, parse(t, st, player, "  - transfer_fighters: {fleet: f1, from: f3}\n"))
	if l := loadOf(t, res.Next, "f1", 3); l.Carried.Fighters != 8 {
		t.Errorf("carrier = %+v, want 8 fighters", l)
	}
	if l := loadOf(t, res.Next, "f3", 3); l.Spares != 5 {
		t.Errorf("conveyor = %+v, want 5 spares left", l)
	}
	if got := res.Next.Player(player).Treasury; got != bank {
		t.Errorf("bank %d, want %d: a transfer is free", got, bank)
	}
	res = resolve(st, parse(t, st, player, "  - transfer_fighters: {fleet: f1, from: f3, refill: true}\n"))
	if l := loadOf(t, res.Next, "f3", 3); !isFull(l) || res.Next.Player(player).Treasury != bank-12 {
		t.Errorf("conveyor = %+v, bank %d; want its spares refilled for 12 BPV", l, res.Next.Player(player).Treasury)
	}
}

// TestUTD6_3B3_SparesOnlyInTheSameSector: spares in another sector, or a
// fleet without spares, give nothing: refused with what to send instead.
func TestUTD6_3B3_SparesOnlyInTheSameSector(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		withCarrier(5, 8, 0)(st, x)
		st.Fleet(player, "f3").Units = append(st.Fleet(player, "f3").Units, "fighter-conveyor")
		sector(x, "s10").Type = thunderdome.Dead
		place(st, x, "f3", "s10")
	})
	wantRefused(t, st, "  - transfer_fighters: {fleet: f1, from: f3}\n", "UTD6.3B3")
	ps := refused(t, st, parse(t, st, player, "  - transfer_fighters: {fleet: f1, from: f2}\n"))
	if !strings.Contains(ps.Error(), "UTD6.3B2") || !strings.Contains(ps.Error(), "no spare fighters") {
		t.Errorf("problems = %v, want f2's lack of spares (UTD6.3B2)", ps)
	}
}

// TestUTD6_3B5_EmptySparesRefilled: a true carrier that fed its own
// spares to its complement has them empty; replace_fighters buys them
// back with the fighters lost.
func TestUTD6_3B5_EmptySparesRefilled(t *testing.T) {
	st := setup(t, withCarrier(5, 8, 4))
	res := resolve(st, parse(t, st, player, "  - transfer_fighters: {fleet: f1}\n"))
	l := loadOf(t, res.Next, "f1", 3)
	if l.Carried.Fighters != 8 || l.Spares != 1 {
		t.Fatalf("carrier = %+v, want 8 fighters and 1 spare", l)
	}
	st = setup(t, withCarrier(8, 8, 1))
	echo := wantPoints(t, st, "  - replace_fighters: {fleet: f1}\n", 0)
	if !strings.Contains(echo, "3 spare fighters for 12 BPV") {
		t.Errorf("echo = %q, want 3 spares for 12 BPV", echo)
	}
}

// TestUTD6_3736_CarrierUnderTheFloorIsIllegal: a carrier below 75% of its
// full load, rounded down, makes its fleet illegal (UTD8.222).
func TestUTD6_3736_CarrierUnderTheFloorIsIllegal(t *testing.T) {
	if got := thunderdome.AttritionFloor(thunderdome.Attrition{Fighters: 10, PFs: 4, Interceptors: 3}); got != (thunderdome.Attrition{Fighters: 7, PFs: 3, Interceptors: 2}) {
		t.Errorf("floor = %+v, want 7, 3, 2: 75%% rounded down", got)
	}
	for carried, illegal := range map[int]bool{5: true, 6: false} {
		st := setup(t, withCarrier(carried, 8, 4))
		x := ext(t, st)
		if got := x.UnderFloor(st.Fleet(player, "f1")); (len(got) == 1) != illegal {
			t.Errorf("carrier with %d of 8: under the floor %v, want illegal %t", carried, got, illegal)
		}
	}
	// An illegal fleet may not attack (UTD7.2661) until its fighters are
	// replaced.
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		withCarrier(5, 8, 4)(st, x)
		hydranAtS10(st, x)
	})
	ps := refused(t, st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n"))
	if !strings.Contains(ps.Error(), "UTD7.2661") || !strings.Contains(ps.Error(), "carrier carries less than 75%") {
		t.Errorf("problems = %v, want the attack refused for the carrier", ps)
	}
	wantPoints(t, st, "  - replace_fighters: {fleet: f1}\n  - move: {fleet: f1, to: s10}\n", 0)
}

// TestUTD7_24_AutoBattleCostsFighters: a carrier hit in an auto battle
// loses the share of its fighters its structure lost, rounded up; the
// battle's event tells it.
func TestUTD7_24_AutoBattleCostsFighters(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		hydranAtS10(st, x)
		st.Fleet(player, "f1").Units = []campaign.ClassName{"battlecruiser", "carrier", "cruiser"}
	})
	res := resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n"))
	f := res.Next.Fleet(player, "f1")
	if f == nil {
		t.Fatal("lyran's f1 did not come through the battle")
	}
	hit := 0
	for i, u := range f.Units {
		if u != "carrier" {
			continue
		}
		d := f.DamageOf(i).Structure
		l := loadOf(t, res.Next, "f1", i)
		want := 8 - (8*d+6)/7
		switch {
		case d == 0 && !isFull(l):
			t.Errorf("unhurt carrier %d lost fighters: %+v", i, l)
		case d > 0 && l.Carried.Fighters != want:
			t.Errorf("carrier %d with %d of 7 structure lost carries %d fighters, want %d", i, d, l.Carried.Fighters, want)
		case d > 0:
			hit++
		}
	}
	if hit == 0 {
		t.Fatalf("no carrier was hit; the battle tells nothing: %s", eventText(res, "battle"))
	}
	if !strings.Contains(eventText(res, "battle"), "carrier lost") {
		t.Errorf("battle event %q does not tell the fighters lost", eventText(res, "battle"))
	}
}

// TestUTD6_3B_ReportedBattleCostsFighters: a reported result gives the
// fighters a ship lost, with fate: intact when nothing else befell it;
// more than it carries is refused.
func TestUTD6_3B_ReportedBattleCostsFighters(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Rules.Battles = campaign.BattlesReported
		st.Fleet("hydran", "f1").At = "s10"
		st.Fleet(player, "f1").Units = append(st.Fleet(player, "f1").Units, "carrier")
	})
	st = resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n")).Next
	b := st.Battles[0]
	over := &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#1", Fate: "destroyed"}, {Ship: "hydran#2", Fate: "destroyed"},
		{Ship: "hydran#3", Fate: "destroyed"}, {Ship: "lyran#4", Fate: "intact", Fighters: 9}}}
	if problems := rs.CheckResult(st, b, over); len(problems) != 1 || !strings.Contains(problems[0], "UTD6.3B") {
		t.Errorf("CheckResult = %v, want 9 fighters lost of 8 refused", problems)
	}
	over.Ships[3].Fighters = 3
	if problems := rs.CheckResult(st, b, over); len(problems) != 0 {
		t.Fatalf("CheckResult = %v, want none", problems)
	}
	events, err := rs.ApplyResult(st, b.ID, over, "agreed")
	if err != nil {
		t.Fatal(err)
	}
	if l := loadOf(t, st, "f1", 3); l.Carried.Fighters != 5 || l.Paid.Fighters != 8 {
		t.Errorf("carrier = %+v, want 5 of 8", l)
	}
	if text := events[0].Text; !strings.Contains(text, "lyran#4 carrier intact, lost 3 fighters") {
		t.Errorf("event %q does not tell the fighters lost", text)
	}
}

// TestUTD6_3F_ScrapRefundsTheFightersCarried: scrapping a carrier brings
// back half the BPV of the fighters it carries with half its own.
func TestUTD6_3F_ScrapRefundsTheFightersCarried(t *testing.T) {
	st := setup(t, withCarrier(6, 8, 4))
	bank := st.Player(player).Treasury
	res := resolve(st, parse(t, st, player, "  - scrap: {fleet: f1, units: [carrier]}\n"))
	if got := res.Next.Player(player).Treasury; got != bank+(95+24)/2 {
		t.Errorf("bank %d, want %d + half of 95 BPV and 6 fighters' 24", got, bank)
	}
}

// TestUTD6_3736_StartingCarrierPaysForItsFighters: a carrier among the
// starting fleets is bought with its full load (UTD8.132).
func TestUTD6_3736_StartingCarrierPaysForItsFighters(t *testing.T) {
	plain := start(t).Player(player).Treasury
	text := strings.Replace(string(scenarioText()), "units: [large-freighter, repair-tender, frigate]}", "units: [large-freighter, repair-tender, frigate, carrier]}", 1)
	if got := startFrom(t, text).Player(player).Treasury; got != plain-95-32 {
		t.Errorf("bank %d, want %d − 95 − 8 fighters at 4", got, plain)
	}
}

// TestUTD6_3736_BuildPaysForItsFighters: a carrier built at a shipyard
// costs its hull and the fighters it is built with, at least 75%.
func TestUTD6_3736_BuildPaysForItsFighters(t *testing.T) {
	st := setup(t, nil)
	for load, bpv := range map[string]string{"": "127 BPV", ", load: 75": "119 BPV"} { // 95 + 8 or 6 fighters at 4
		echo := check(t, st, parse(t, st, player, "  - activate_shipyard: {sector: lyra, jobs: [{build: carrier, into: f1"+load+"}]}\n")).Echo()
		if !strings.Contains(echo, bpv) {
			t.Errorf("build%s: echo %q, want %s", load, echo, bpv)
		}
	}
}
