package thunderdome_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// capturedBattle is reportedBattle with lyran's f1 made of units, and
// lyran's standing choice for captured ships set to place: lyran's f1
// moves into s10 against hydran's f1 (battlecruiser, cruiser, destroyer:
// hydran#1 to hydran#3), and battle T1-B1 waits.
func capturedBattle(t *testing.T, units []campaign.ClassName, place string, change func(st *campaign.State, x *thunderdome.Ext)) *campaign.State {
	t.Helper()
	return reportedBattleWith(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleet(player, "f1").Units = units
		empire(x, player).Captured = place
		if change != nil {
			change(st, x)
		}
	})
}

// takeCruiser settles T1-B1 with hydran's cruiser (hydran#2) captured by
// lyran#1, sent to to, and hydran's other ships destroyed; it returns the
// events.
func takeCruiser(t *testing.T, st *campaign.State, to string) []game.Event {
	t.Helper()
	res := &orders.BattleResult{Ships: []orders.ShipFate{
		{Ship: "hydran#1", Fate: "destroyed"},
		{Ship: "hydran#2", Fate: "captured", By: "lyran#1", To: to},
		{Ship: "hydran#3", Fate: "destroyed"},
	}}
	if p := rs.CheckResult(st, st.Battles[0], res); len(p) > 0 {
		t.Fatalf("CheckResult = %v, want the result taken", p)
	}
	events, err := rs.ApplyResult(st, "T1-B1", res, "agreed")
	if err != nil {
		t.Fatal(err)
	}
	return events
}

// said reports whether an event's text holds s.
func said(events []game.Event, s string) bool {
	return slices.ContainsFunc(events, func(e game.Event) bool { return strings.Contains(e.Text, s) })
}

var (
	bc  = campaign.ClassName("battlecruiser")
	cru = campaign.ClassName("cruiser")
	dd  = campaign.ClassName("destroyer")
	ff  = campaign.ClassName("frigate")
)

// TestUTD6_3I4_PrizeJoinsTheCapturingFleet: a ship captured in a reported
// battle joins the fleet of the ship that took it, marked captured, and
// the reports say so; hydran, left with nothing, is gone from s10.
func TestUTD6_3I4_PrizeJoinsTheCapturingFleet(t *testing.T) {
	st := capturedBattle(t, []campaign.ClassName{bc, cru, dd}, "", nil)
	events := takeCruiser(t, st, "")
	f := st.Fleet(player, "f1")
	if !slices.Equal(f.Units, []campaign.ClassName{bc, cru, dd, cru}) || !slices.Equal(f.Captured, []int{3}) {
		t.Errorf("lyran's f1 = %v captured %v, want hydran's cruiser joined, captured", f.Units, f.Captured)
	}
	if st.Fleet("hydran", "f1") != nil {
		t.Errorf("hydran's f1 = %+v, want it gone", st.Fleet("hydran", "f1"))
	}
	if !said(events, "lyran captured hydran's cruiser at s10 (battle T1-B1, UTD6.3I); it joined fleet f1, not inspected") {
		t.Errorf("events %v do not tell the capture", events)
	}
}

// TestUTD6_3I3_FleetLimitsObserved: a prize goes into a fleet only within
// 5 MC (UTD7.23) and the fleet rules (UTD7.266); with no room it forms a
// new fleet, and with no fleet left to found, or when the result puts it
// where it does not fit, it is scrapped for half its BPV (UTD6.3I6).
func TestUTD6_3I3_FleetLimitsObserved(t *testing.T) {
	full := []campaign.ClassName{bc, cru, cru, cru, cru} // 5 MC
	for _, tc := range []struct {
		name   string
		to     string
		change func(st *campaign.State, x *thunderdome.Ext)
		fleet  campaign.FleetID
		bank   thunderdome.BPV
		text   string
	}{
		{"new fleet", "", nil, "f4", 0, "it forms the new fleet f4"},
		{"no fleet left", "", func(st *campaign.State, x *thunderdome.Ext) {
			for _, id := range []campaign.FleetID{"f4", "f5", "f6", "f7"} {
				st.Fleets = append(st.Fleets, campaign.Fleet{Owner: player, ID: id, At: "lyra", Units: []campaign.ClassName{ff}})
			}
		}, "", 5750, "lyran has no fleet left to found (UTD6.3I3, UTD7.21), and no dry-dock position of theirs there was free (UTD7.62): scrapped; 57.5 BPV, half its BPV, went to lyran (UTD6.3I6)"},
		{"named fleet full", "f1", nil, "", 5750, "the result put it into fleet f1, and fleet f1 would have a move cost of 6, above 5 MC (UTD7.23): scrapped"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := capturedBattle(t, full, "", tc.change)
			bank := bankOf(t, st, player)
			events := takeCruiser(t, st, tc.to)
			if f := st.Fleet(player, "f1"); len(f.Units) != len(full) {
				t.Errorf("lyran's f1 = %v, want it as it was", f.Units)
			}
			if tc.fleet != "" {
				if f := st.Fleet(player, tc.fleet); f == nil || !slices.Equal(f.Units, []campaign.ClassName{cru}) || !f.IsCaptured(0) || f.At != "s10" {
					t.Errorf("fleet %s = %+v, want the captured cruiser alone at s10", tc.fleet, f)
				}
			}
			if got := bankOf(t, st, player) - bank; got != tc.bank {
				t.Errorf("lyran's bank gained %s, want %s", got, tc.bank)
			}
			if !said(events, tc.text) {
				t.Errorf("events %v lack %q", events, tc.text)
			}
		})
	}
}

// TestUTD6_3I7_ScrapToMakeRoom: with captured: room the capturing fleet
// scraps its cheapest ships worth less than the prize, free, as few as
// make room (UTD6.3I7), half their BPV to the bank (UTD6.3F); without it
// the fleet keeps them and the prize forms a new fleet.
func TestUTD6_3I7_ScrapToMakeRoom(t *testing.T) {
	units := []campaign.ClassName{bc, cru, cru, cru, dd} // 4 1/2 MC
	st := capturedBattle(t, units, thunderdome.PlaceRoom, nil)
	bank := st.Player(player).Treasury
	events := takeCruiser(t, st, "")
	if f := st.Fleet(player, "f1"); !slices.Equal(f.Units, []campaign.ClassName{bc, cru, cru, cru, cru}) || !slices.Equal(f.Captured, []int{4}) {
		t.Errorf("lyran's f1 = %v captured %v, want the destroyer scrapped and the cruiser in", f.Units, f.Captured)
	}
	if got := st.Player(player).Treasury - bank; got != 35 {
		t.Errorf("lyran's bank gained %d, want 35, half the destroyer's 70", got)
	}
	if !said(events, "lyran scrapped destroyer of fleet f1, free, to make room for the captured cruiser: 35 BPV") {
		t.Errorf("events %v do not tell the scrapping", events)
	}
	st = capturedBattle(t, units, "", nil)
	takeCruiser(t, st, "")
	if f := st.Fleet(player, "f1"); !slices.Equal(f.Units, units) || st.Fleet(player, "f4") == nil {
		t.Errorf("without room: f1 = %v, f4 = %v; want f1 kept and the prize in f4", f.Units, st.Fleet(player, "f4"))
	}
}

// TestUTD6_3I6_ScrapThePrize: with captured: scrap, or a result's to:
// scrap, the prize is scrapped at once for half its BPV, into the bank.
func TestUTD6_3I6_ScrapThePrize(t *testing.T) {
	for _, tc := range []struct{ place, to string }{{thunderdome.PlaceScrap, ""}, {"", "scrap"}} {
		st := capturedBattle(t, []campaign.ClassName{bc, cru, dd}, tc.place, nil)
		bank := bankOf(t, st, player)
		events := takeCruiser(t, st, tc.to)
		if got := bankOf(t, st, player) - bank; got != 5750 || len(st.Fleet(player, "f1").Units) != 3 {
			t.Errorf("place %q, to %q: bank gained %s and f1 = %v; want 57.5, half the cruiser's 115, and f1 as it was", tc.place, tc.to, got, st.Fleet(player, "f1").Units)
		}
		if !said(events, "57.5 BPV, half its BPV, went to lyran (UTD6.3I6)") {
			t.Errorf("events %v do not tell the scrapping", events)
		}
	}
}

// TestUTD6_3I2_WhereCapturedShipsGo: prefs: captured: is the player's
// standing choice, told in the summary; a place pbemd does not know is
// refused with the places it knows.
func TestUTD6_3I2_WhereCapturedShipsGo(t *testing.T) {
	head := "campaign: thunderdome\nplayer: lyran\nturn: 1\n"
	st := setup(t, nil)
	sub := parseMail(t, head+"prefs: {captured: room}\norders: []\n")
	if s := check(t, st, sub).Summary(); !strings.Contains(s, "Ships you capture go into the capturing fleet, scrapping up to 3 of its cheaper ships") {
		t.Errorf("summary = %q, want the choice told", s)
	}
	if got := empire(ext(t, resolve(st, sub).Next), player).Captured; got != thunderdome.PlaceRoom {
		t.Errorf("standing choice %q, want room", got)
	}
	_, err := orders.Parse([]byte(head+"prefs: {captured: keep}\norders: []\n"), orders.Only(rs.Kinds()))
	if err == nil || !strings.Contains(err.Error(), "UTD6.3I2") || !strings.Contains(err.Error(), "places: fleet, room, new, dock, scrap") {
		t.Errorf("Parse = %v, want captured: keep refused with the places", err)
	}
}

// TestUTD6_3773_UninspectedNotRepaired: a captured ship not yet inspected
// is not repaired: freighter_repair naming it is refused with what to do,
// repair_fleet mends the others and says why not it, and it repairs
// nothing by itself at step 3.
func TestUTD6_3773_UninspectedNotRepaired(t *testing.T) {
	damaged := func(st *campaign.State, x *thunderdome.Ext) {
		f := st.Fleet(player, "f3") // large-freighter, repair-tender, frigate
		f.Units = append(f.Units, cru)
		f.Captured = []int{3}
		f.Damage = []campaign.UnitDamage{{Unit: 2, Structure: 2}, {Unit: 3, Structure: 4}}
		st.Developments = append(st.Developments, campaign.Development{At: "lyra", Owner: player, Kind: campaign.Colony})
	}
	st := setup(t, damaged)
	ps := refused(t, st, parse(t, st, player, "  - freighter_repair: {fleet: f3, units: [cruiser]}\n"))
	if !strings.Contains(ps.Error(), "UTD6.3773") || !strings.Contains(ps.Error(), "captured ship not yet inspected") || !strings.Contains(ps.Error(), "activate_shipyard with {inspect: cruiser, fleet: f3}") {
		t.Errorf("problems = %v, want the captured cruiser refused citing UTD6.3773 and inspection", ps)
	}
	res := resolve(st, parse(t, st, player, "  - repair_fleet: {fleet: f3}\n"))
	f := res.Next.Fleet(player, "f3")
	if d := f.DamageOf(3); d.Structure != 4 {
		t.Errorf("the captured cruiser's damage is %d after repair_fleet, want 4 still", d.Structure)
	}
	if d := f.DamageOf(2); d.Structure != 0 {
		t.Errorf("the frigate's damage is %d after repair_fleet, want it mended", d.Structure)
	}
	if text := eventText(res, thunderdome.EventOrder); !strings.Contains(text, "its captured ships not yet inspected are not repaired (UTD6.3773)") {
		t.Errorf("order events %q do not say why the cruiser was not repaired", text)
	}
	// At step 3 of lyran's next turn, only the frigate mends by itself.
	st = setup(t, damaged)
	for range ext(t, st).Order {
		st = resolve(st, nil).Next
	}
	f = st.Fleet(player, "f3")
	if f.DamageOf(3).Structure != 4 || f.DamageOf(2).Structure != 1 {
		t.Errorf("after step 3: cruiser damage %d, frigate %d; want 4 and 1", f.DamageOf(3).Structure, f.DamageOf(2).Structure)
	}
}

// TestUTD7_8_UninspectedDoesNotFire: in a battle pbemd fights, captured
// ships not yet inspected only take fire: a fleet of nothing else leaves
// the enemy unharmed.
func TestUTD7_8_UninspectedDoesNotFire(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleet("hydran", "f1").At = "s10"
		st.Fleet(player, "f1").Captured = []int{0, 1, 2}
	})
	res := resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n"))
	if h := res.Next.Fleet("hydran", "f1"); h == nil || len(h.Units) != 3 || len(h.Damage) != 0 {
		t.Errorf("hydran's f1 = %+v after the battle, want it whole", h)
	}
	if text := eventText(res, thunderdome.EventBattle); !strings.Contains(text, "Battle at s10") {
		t.Errorf("battle events %q, want the battle fought", text)
	}
}

// TestUTD7_48_DefenseCapturedIsDestroyed: a defense reported captured is
// destroyed instead (UTD7.48, UTD4.3231): no prize is organized.
func TestUTD7_48_DefenseCapturedIsDestroyed(t *testing.T) {
	st := capturedBattle(t, []campaign.ClassName{bc, cru, dd}, "", func(st *campaign.State, x *thunderdome.Ext) {
		st.Catalogue = append(st.Catalogue, campaign.UnitClass{Class: "defsat", CBPV: 20, EBPV: 20, Size: 5, Roles: []campaign.Role{campaign.RoleDEFSAT}})
		f := st.Fleet("hydran", "f1")
		f.Units = append(f.Units, "defsat")
	})
	res := &orders.BattleResult{Ships: []orders.ShipFate{
		{Ship: "hydran#1", Fate: "destroyed"}, {Ship: "hydran#2", Fate: "destroyed"}, {Ship: "hydran#3", Fate: "destroyed"},
		{Ship: "hydran#4", Fate: "captured", By: "lyran#1"},
	}}
	events, err := rs.ApplyResult(st, "T1-B1", res, "agreed")
	if err != nil {
		t.Fatal(err)
	}
	if f := st.Fleet(player, "f1"); len(f.Units) != 3 || st.Fleet(player, "f4") != nil {
		t.Errorf("lyran's f1 = %v, f4 = %+v; want no prize anywhere", f.Units, st.Fleet(player, "f4"))
	}
	if !said(events, "hydran#4 defsat captured: a defense is destroyed instead (UTD7.48)") {
		t.Errorf("events %v do not tell the defense destroyed", events)
	}
}

// TestUTD6_3I2_CaptorOrganizesOnAnotherPlayersTurn: the defender takes a
// ship on the attacker's turn, and its own standing choice places the
// prize at once: hydran's captured: new forms a new fleet of hydran's.
func TestUTD6_3I2_CaptorOrganizesOnAnotherPlayersTurn(t *testing.T) {
	st := capturedBattle(t, []campaign.ClassName{bc, cru, dd}, "", func(st *campaign.State, x *thunderdome.Ext) {
		empire(x, "hydran").Captured = thunderdome.PlaceNew
	})
	res := &orders.BattleResult{Ships: []orders.ShipFate{
		{Ship: "lyran#1", Fate: "destroyed"}, {Ship: "lyran#2", Fate: "captured", By: "hydran#1"}, {Ship: "lyran#3", Fate: "destroyed"},
	}}
	events, err := rs.ApplyResult(st, "T1-B1", res, "agreed")
	if err != nil {
		t.Fatal(err)
	}
	if f := st.Fleet("hydran", "f4"); f == nil || f.At != "s10" || !slices.Equal(f.Units, []campaign.ClassName{cru}) || !f.IsCaptured(0) {
		t.Errorf("hydran's f4 = %+v, want lyran's cruiser, captured, at s10", f)
	}
	if !said(events, "hydran captured lyran's cruiser at s10 (battle T1-B1, UTD6.3I); it forms the new fleet f4") {
		t.Errorf("events %v do not tell hydran's prize", events)
	}
}

// TestUTD6_3I5_PrizeIntoDryDock: a prize taken where the captor has a
// shipyard may go into dry dock there (UTD6.3I5), by captured: dock or a
// result's to: dock, and goes there rather than being scrapped when no
// fleet can take it (UTD6.3I3); without a free position, a result's to:
// dock is refused and captured: dock places it as fleet does.
func TestUTD6_3I5_PrizeIntoDryDock(t *testing.T) {
	yard := func(st *campaign.State, x *thunderdome.Ext) {
		x.Yards = append(x.Yards, thunderdome.Yard{At: "s10", Owner: player, Size: 3, Boxes: 10})
	}
	noFleetLeft := func(st *campaign.State, x *thunderdome.Ext) {
		yard(st, x)
		for _, id := range []campaign.FleetID{"f4", "f5", "f6", "f7"} {
			st.Fleets = append(st.Fleets, campaign.Fleet{Owner: player, ID: id, At: "lyra", Units: []campaign.ClassName{ff}})
		}
	}
	full := []campaign.ClassName{bc, cru, cru, cru, cru}
	for _, tc := range []struct {
		name, place, to string
		units           []campaign.ClassName
		change          func(st *campaign.State, x *thunderdome.Ext)
	}{
		{"captured: dock", thunderdome.PlaceDock, "", []campaign.ClassName{bc, cru, dd}, yard},
		{"to: dock", "", "dock", []campaign.ClassName{bc, cru, dd}, yard},
		{"no fleet has room", "", "", full, noFleetLeft},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := capturedBattle(t, tc.units, tc.place, tc.change)
			events := takeCruiser(t, st, tc.to)
			x := ext(t, st)
			if len(x.Docks) != 1 || x.Docks[0].Owner != player || x.Docks[0].At != "s10" ||
				!slices.Equal(x.Docks[0].Ships.Units, []campaign.ClassName{cru}) || !x.Docks[0].Ships.IsCaptured(0) {
				t.Fatalf("docks = %+v, want hydran's cruiser, captured, in lyran's dry dock at s10", x.Docks)
			}
			if f := st.Fleet(player, "f1"); len(f.Units) != len(tc.units) {
				t.Errorf("lyran's f1 = %v, want it as it was", f.Units)
			}
			if !said(events, "lyran captured hydran's cruiser at s10 (battle T1-B1, UTD6.3I); it is in lyran's dry dock at s10, not inspected") {
				t.Errorf("events %v do not tell the prize docked", events)
			}
		})
	}
	st := capturedBattle(t, []campaign.ClassName{bc, cru, dd}, thunderdome.PlaceDock, nil)
	res := &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#2", Fate: "captured", By: "lyran#1", To: "dock"}}}
	if p := strings.Join(rs.CheckResult(st, st.Battles[0], res), "; "); !strings.Contains(p, "hydran#2: to: dock, but lyran has no shipyard at s10 with a dry-dock position free (UTD6.3I5, UTD7.62)") {
		t.Errorf("CheckResult = %q, want to: dock refused without a shipyard", p)
	}
	takeCruiser(t, st, "")
	if f := st.Fleet(player, "f1"); len(f.Units) != 4 || len(ext(t, st).Docks) != 0 {
		t.Errorf("without a shipyard: f1 = %v, docks %+v; want the cruiser in f1", f.Units, ext(t, st).Docks)
	}
}

// TestUTD6_3I6_CapturedCarrierKeepsItsLoad: a carrier taken from a
// player's fleet comes to the captor with the fighters it carried after
// the battle's losses and the load its owner paid for, not a full load,
// in a fleet or in dry dock; scrapped, it pays half its BPV and half
// its fighters' (UTD6.3I6, UTD8.114).
func TestUTD6_3I6_CapturedCarrierKeepsItsLoad(t *testing.T) {
	want := thunderdome.Load{Carried: thunderdome.Attrition{Fighters: 2}, Paid: thunderdome.Attrition{Fighters: 8}, Spares: 1}
	for _, tc := range []struct {
		place string
		bank  thunderdome.BPV
	}{{thunderdome.PlaceFleet, 0}, {thunderdome.PlaceNew, 0}, {thunderdome.PlaceDock, 0}, {thunderdome.PlaceScrap, thunderdome.Whole(95+2*4) / 2}} {
		t.Run(tc.place, func(t *testing.T) {
			st := capturedBattle(t, []campaign.ClassName{bc, cru, dd}, tc.place, func(st *campaign.State, x *thunderdome.Ext) {
				x.Yards = append(x.Yards, thunderdome.Yard{At: "s10", Owner: player, Size: 3, Boxes: 10})
				f := st.Fleet("hydran", "f1")
				f.Units = append(f.Units, "carrier")
				x.SetLoad(f, thunderdome.Load{Unit: 3, Carried: thunderdome.Attrition{Fighters: 3}, Paid: thunderdome.Attrition{Fighters: 8}, Spares: 1})
			})
			bank := bankOf(t, st, player)
			res := &orders.BattleResult{Ships: []orders.ShipFate{
				{Ship: "hydran#1", Fate: "destroyed"}, {Ship: "hydran#2", Fate: "destroyed"}, {Ship: "hydran#3", Fate: "destroyed"},
				{Ship: "hydran#4", Fate: "captured", By: "lyran#1", Fighters: 1},
			}}
			if p := rs.CheckResult(st, st.Battles[0], res); len(p) > 0 {
				t.Fatalf("CheckResult = %v, want the result taken", p)
			}
			events, err := rs.ApplyResult(st, "T1-B1", res, "agreed")
			if err != nil {
				t.Fatal(err)
			}
			x := ext(t, st)
			var got []thunderdome.Load
			switch tc.place {
			case thunderdome.PlaceFleet:
				want.Unit = 3
				got = fleetState(x, player, "f1").Loads
			case thunderdome.PlaceNew:
				want.Unit = 0
				got = fleetState(x, player, "f4").Loads
			case thunderdome.PlaceDock:
				want.Unit = 0
				if len(x.Docks) == 1 {
					got = x.Docks[0].Loads
				}
			}
			if tc.place != thunderdome.PlaceScrap && !slices.Equal(got, []thunderdome.Load{want}) {
				t.Errorf("the captured carrier's load = %+v, want %+v: 2 fighters of 8 paid for, 1 spare", got, want)
			}
			if gain := bankOf(t, st, player) - bank; gain != tc.bank {
				t.Errorf("lyran's bank gained %s, want %s", gain, tc.bank)
			}
			if tc.place == thunderdome.PlaceScrap && !said(events, "51.5 BPV, half its BPV and its 2 fighters', went to lyran (UTD6.3I6)") {
				t.Errorf("events %v do not tell the fighters scrapped with the prize", events)
			}
		})
	}
}

// TestUTD6_3I2_CapturedWreckKeepsItsMarks: a wrecked ship captured stays
// wrecked (UTD6.3E), and one repaired since its last overhaul stays
// mended (UTD4.335), into the capturing fleet, a new fleet or dry dock,
// and out of dry dock into a fleet: its new fleet must tow it.
func TestUTD6_3I2_CapturedWreckKeepsItsMarks(t *testing.T) {
	for _, tc := range []struct {
		place string
		fleet campaign.FleetID
		unit  int
	}{{thunderdome.PlaceFleet, "f1", 3}, {thunderdome.PlaceNew, "f4", 0}, {thunderdome.PlaceDock, "", 0}} {
		t.Run(tc.place, func(t *testing.T) {
			st := capturedBattle(t, []campaign.ClassName{bc, cru, dd}, tc.place, func(st *campaign.State, x *thunderdome.Ext) {
				x.Yards = append(x.Yards, thunderdome.Yard{At: "s10", Owner: player, Size: 3, Boxes: 10})
				fs := fleetState(x, "hydran", "f1")
				fs.Wrecked, fs.Mended = []int{1}, []int{1}
			})
			takeCruiser(t, st, "")
			x := ext(t, st)
			var wrecked, mended []int
			if tc.fleet != "" {
				fs := fleetState(x, player, tc.fleet)
				wrecked, mended = fs.Wrecked, fs.Mended
			} else if len(x.Docks) == 1 {
				wrecked, mended = x.Docks[0].Wrecked, x.Docks[0].Mended
			}
			if !slices.Equal(wrecked, []int{tc.unit}) || !slices.Equal(mended, []int{tc.unit}) {
				t.Errorf("the captured cruiser's marks: wrecked %v, mended %v; want both [%d]", wrecked, mended, tc.unit)
			}
		})
	}
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		x.Docks = append(x.Docks, thunderdome.Dock{Owner: player, At: "lyra", Ships: campaign.Fleet{Units: []campaign.ClassName{ff, cru}, Captured: []int{1}},
			Wrecked: []int{1}, Mended: []int{1}})
	})
	next := resolve(st, parse(t, st, player, "  - organize: {dock: lyra, fleets: {f1: [cruiser]}}\n")).Next
	f1, fs := next.Fleet(player, "f1"), fleetState(ext(t, next), player, "f1")
	if last := []int{len(f1.Units) - 1}; !slices.Equal(fs.Wrecked, last) || !slices.Equal(fs.Mended, last) {
		t.Errorf("f1 %v took the wrecked cruiser out of dry dock: wrecked %v, mended %v; want both %v", f1.Units, fs.Wrecked, fs.Mended, last)
	}
	if d := ext(t, next).Docks; len(d) != 1 || len(d[0].Wrecked) != 0 || len(d[0].Mended) != 0 {
		t.Errorf("dry dock left = %+v, want the frigate alone, unmarked", d)
	}
}
