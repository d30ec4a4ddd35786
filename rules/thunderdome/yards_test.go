package thunderdome_test

import (
	"html"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// addClass adds a unit class to the state's catalogue, with its move cost
// in thirtieths of an MC, its refits and its conversions.
func addClass(st *campaign.State, x *thunderdome.Ext, name campaign.ClassName, ebpv, size, mc int, refits, converts []campaign.ClassName) {
	st.Catalogue = append(st.Catalogue, campaign.UnitClass{Class: name, CBPV: ebpv, EBPV: ebpv, Size: size, Docking: 1, Refits: refits})
	x.Classes = append(x.Classes, thunderdome.ClassData{Class: name, MC: mc, Tractors: 1, Converts: converts})
}

// yardOf returns the player's yard of a kind at a sector.
func yardOf(t *testing.T, x *thunderdome.Ext, at campaign.SystemID, kind string) *thunderdome.Yard {
	t.Helper()
	for i := range x.Yards {
		if y := &x.Yards[i]; y.Owner == player && y.At == at && y.Kind() == kind {
			return y
		}
	}
	t.Fatalf("lyran has no %s yard at %s; yards %+v", kind, at, x.Yards)
	return nil
}

// lyranAgain opens lyran's turn again on a state a turn was resolved
// into: the turn after their next, as far as their yards and fleets know.
func lyranAgain(t *testing.T, st *campaign.State) *campaign.State {
	t.Helper()
	st = st.Clone()
	x := ext(t, st)
	x.Current = slices.Index(x.Order, player)
	for _, f := range st.Fleets {
		if f.Owner == player {
			fleetState(x, player, f.ID).Started = f.At
		}
	}
	thunderdome.SaveExt(x, st)
	return st
}

// outcome is what the checked mail's echo says.
func outcome(t *testing.T, st *campaign.State, body string) string {
	t.Helper()
	c := check(t, st, parse(t, st, player, body))
	return c.Echo() + c.Summary()
}

// The Lyran classes of UTD6.378 under names of our own, with the example's
// BPV and MC: a CA of 133 BPV and MC 1 with a refit to 137 (the phaser
// refit's 4); a DD of 79 and MC 1/2 that converts to a CW of 135 and MC
// 2/3; an FF of 63 and MC 1/3 with a refit to 65 (the refit's 2); the
// refitted FF of 69 the example builds; and the captured Hydran CU of 61
// and MC 1/3 with its refit to a CR of 76.
func lyranExample(st *campaign.State, x *thunderdome.Ext) {
	addClass(st, x, "lca", 133, 3, 30, []campaign.ClassName{"lca-p"}, nil)
	addClass(st, x, "lca-p", 137, 3, 30, nil, nil)
	addClass(st, x, "ldd", 79, 4, 15, nil, []campaign.ClassName{"lcw"})
	addClass(st, x, "lcw", 135, 3, 20, nil, nil)
	addClass(st, x, "lff", 63, 4, 10, []campaign.ClassName{"lff-p"}, nil)
	addClass(st, x, "lff-p", 65, 4, 10, nil, nil)
	addClass(st, x, "lff-r", 69, 4, 10, nil, nil)
	addClass(st, x, "hcu", 61, 4, 10, []campaign.ClassName{"hcr"}, nil)
	addClass(st, x, "hcr", 76, 4, 10, nil, nil)
	x.Yards = append(x.Yards, thunderdome.Yard{At: "lyra", Owner: player, Size: 4, Boxes: 6})
	f1, f2 := st.Fleet(player, "f1"), st.Fleet(player, "f2")
	f1.Units = []campaign.ClassName{"lca", "ldd", "lff", "lff"}
	f1.Damage = []campaign.UnitDamage{{Unit: 0, Structure: 7}}
	fleetState(x, player, "f1").Wrecked = []int{0}
	f2.Units = []campaign.ClassName{"hcu"}
	f2.Damage = []campaign.UnitDamage{{Unit: 0, Structure: 3}}
	f2.Captured = []int{0}
	st.Player(player).Treasury = 1000
}

const lyranJobs = `  - activate_shipyard:
      sector: lyra
      jobs:
        - {overhaul: lca, fleet: f1, to: lca-p}
        - {convert: ldd, fleet: f1, to: lcw}
        - {refit: lff, fleet: f1, to: lff-p}
        - {refit: lff, fleet: f1, to: lff-p}
        - {inspect: hcu, fleet: f2, to: hcr}
        - {build: lff-r, into: f2}
`

// TestUTD6_378_LyranWorkedExample plays the integrated example of UTD6.378
// with classes of the same BPV and MC: one order point activates the
// capital's yard and the sc4 yard at lyra (UTD6.3782, UTD6.3786; the
// "2 order points" of the upshot, UTD6.3787[b], are not followed); the
// capital does the CA's overhaul and refit (1), the DD's conversion (2/3)
// and the two FFs' refits (1/6 each), all its 2; the sc4 yard inspects and
// refits the CU (1/3) and builds the FF (1/3), all its 2/3. The prices are
// the rules' (docs/rules-thunderdome.md): overhaul 10% (UTD6.3743, not the
// example's 25%), refit the BPV gained (UTD6.3755, not the example's 10%
// of the ship): 13.3 + 4 + 56 + 2 + 2 + 18.3 + 15.2 + 69 = 179.8 BPV,
// paid as it is: TD IV retains all fractions (UTD6.3F).
func TestUTD6_378_LyranWorkedExample(t *testing.T) {
	st := setup(t, lyranExample)
	echo := wantPoints(t, st, lyranJobs, 1)
	for _, want := range []string{
		"capital yard at lyra: overhauled lca and refitted it to lca-p in fleet f1, 1 MC of capacity, 17.3 BPV",
		"capital yard at lyra: converted ldd to lcw in fleet f1, 2/3 MC of capacity, 56 BPV",
		"capital yard at lyra: refitted lff to lff-p in fleet f1, 1/6 MC of capacity, 2 BPV",
		"sc4 yard at lyra: inspected hcu and refitted it to hcr in fleet f2, 1/3 MC of capacity, 33.5 BPV",
		"sc4 yard at lyra: building lff-r, for fleet f2 at the end of the turn, 1/3 MC of capacity, 69 BPV",
		"capital yard at lyra: 2 of 2 MC of capacity used this turn",
		"sc4 yard at lyra: 2/3 of 2/3 MC of capacity used this turn",
		"# 1 point, 179.8 BPV",
	} {
		if !strings.Contains(echo, want) {
			t.Errorf("echo lacks %q:\n%s", want, echo)
		}
	}
	res := resolve(st, parse(t, st, player, lyranJobs))
	next := res.Next
	if got := bankOf(t, next, player); got != thunderdome.Whole(1000)-17980 {
		t.Errorf("bank = %s, want 820.2", got)
	}
	if strings.Contains(echo, "180") || strings.Contains(echo, "rounded") {
		t.Errorf("echo rounds the jobs' sum:\n%s", echo)
	}
	f1, f2 := next.Fleet(player, "f1"), next.Fleet(player, "f2")
	if !slices.Equal(f1.Units, []campaign.ClassName{"lca-p", "lcw", "lff-p", "lff-p"}) || len(f1.Damage) != 0 || len(fleetState(ext(t, next), player, "f1").Wrecked) != 0 {
		t.Errorf("f1 = %v, damage %v; want the CA overhauled and refitted, the DD converted, the FFs refitted", f1.Units, f1.Damage)
	}
	if !slices.Equal(f2.Units, []campaign.ClassName{"hcr", "lff-r"}) || len(f2.Captured) != 0 || len(f2.Damage) != 0 {
		t.Errorf("f2 = %v, captured %v, damage %v; want the CU inspected, refitted and whole, and the new FF received at step 10", f2.Units, f2.Captured, f2.Damage)
	}
	// The activation ends with the turn: the yards are idle again.
	for _, y := range ext(t, next).Yards {
		if y.Used != 0 || y.Active {
			t.Errorf("yard %+v still active after the turn", y)
		}
	}
}

// TestUTD6_372_Capacity: capital 2, sc2 1.5, sc3 1, sc4 2/3 (UTD6.372);
// damage takes the share of works boxes destroyed, rounded to the nearest
// sixtieth of an MC, half up (UTD6.3724); a damaged yard may always work
// at half its capacity, as it repairs itself (UTD6.3725); an overhauled
// one does nothing (UTD6.3726).
func TestUTD6_372_Capacity(t *testing.T) {
	for _, tc := range []struct {
		name string
		y    thunderdome.Yard
		want int // sixtieths of an MC
	}{
		{"capital", thunderdome.Yard{Capital: true, Size: 2, Boxes: 20}, 120},
		{"sc2", thunderdome.Yard{Size: 2, Boxes: 16}, 90},
		{"sc3", thunderdome.Yard{Size: 3, Boxes: 10}, 60},
		{"sc4", thunderdome.Yard{Size: 4, Boxes: 6}, 40},
		{"sc3 with 1 of 10 boxes destroyed", thunderdome.Yard{Size: 3, Boxes: 10, Destroyed: 1}, 54},
		{"sc4 with 1 of 6 destroyed: 33.33 rounds down", thunderdome.Yard{Size: 4, Boxes: 6, Destroyed: 1}, 33},
		{"sc2 with 3 of 16 destroyed: 73.125 rounds down", thunderdome.Yard{Size: 2, Boxes: 16, Destroyed: 3}, 73},
		{"sc2 with 1 of 16 destroyed: 84.375 rounds down", thunderdome.Yard{Size: 2, Boxes: 16, Destroyed: 1}, 84},
		{"capital with 1 of 16 destroyed: 112.5 rounds up", thunderdome.Yard{Capital: true, Size: 2, Boxes: 16, Destroyed: 1}, 113},
		{"sc3 with 8 of 10 destroyed works at half", thunderdome.Yard{Size: 3, Boxes: 10, Destroyed: 8}, 30},
		{"sc3 with every box destroyed works at half", thunderdome.Yard{Size: 3, Boxes: 10, Destroyed: 10}, 30},
		{"overhauled", thunderdome.Yard{Size: 3, Boxes: 10, Overhauled: true}, 0},
	} {
		if got := tc.y.Capacity(); got != tc.want {
			t.Errorf("%s: capacity = %d sixtieths, want %d", tc.name, got, tc.want)
		}
	}
}

// TestUTD6_37_BadInput: a job over capacity, at the wrong size class or
// without the BPV is refused at intake, with the capacity left and the
// cost, and nothing changes.
func TestUTD6_37_BadInput(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		x.Yards = append(x.Yards, thunderdome.Yard{At: "lyra", Owner: player, Size: 4, Boxes: 6})
		st.Player(player).Treasury = 100
	})
	before := st.Clone()
	for _, tc := range []struct{ name, body, rule, want string }{
		{"over capacity", "  - activate_shipyard: {sector: lyra, jobs: [{overhaul: battlecruiser, fleet: f1}, {overhaul: cruiser, fleet: f1}, {overhaul: cruiser, fleet: f2}]}\n",
			"UTD6.3721", "too little capacity left for the overhaul cruiser: capital 0, sc4 2/3 left; it needs 1 MC of capacity and costs 11.5 BPV"},
		{"wrong size class", "  - activate_shipyard: {sector: lyra, jobs: [{overhaul: cruiser, fleet: f1, yard: sc4}]}\n",
			"UTD6.3732", "size class 3, and your yards at lyra that may take it work only on ships of size class 4 and up (it needs 1 MC of capacity and costs 11.5 BPV)"},
		{"without the BPV", "  - activate_shipyard: {sector: lyra, jobs: [{build: cruiser, into: f1}]}\n",
			"UTD6.37", "these jobs cost 115 BPV and you have 100; capacity left: capital 1, sc4 2/3"},
		{"no yard there", "  - activate_shipyard: {sector: s10, jobs: [{build: frigate, into: f1}]}\n", "UTD6.37", "your shipyards are at lyra"},
		{"no such ship", "  - activate_shipyard: {sector: lyra, jobs: [{overhaul: tug, fleet: f1}]}\n", "UTD6.371", "fleet f1 holds no tug"},
		{"refit to a class it has none to", "  - activate_shipyard: {sector: lyra, jobs: [{refit: destroyer, fleet: f1, to: cruiser-r}]}\n", "UTD6.3762", "its conversions war-destroyer"},
		{"a conversion called a refit", "  - activate_shipyard: {sector: lyra, jobs: [{refit: destroyer, fleet: f1, to: war-destroyer}]}\n", "UTD6.3753", "is a conversion, not a refit"},
		{"only captured ships are inspected", "  - activate_shipyard: {sector: lyra, jobs: [{inspect: cruiser, fleet: f1}]}\n", "UTD6.377", "not a captured ship"},
		{"a load for a ship without fighters", "  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: f1, load: 80}]}\n", "UTD6.3736", "carries no fighters or PFs"},
		{"dry dock while a fleet has room", "  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: dock}]}\n", "UTD7.61", "build it into fleet f1"},
		{"a fleet elsewhere", "  - move: {fleet: f3, to: s10}\n  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: f3}]}\n", "UTD6.3734", "fleet f3 is not at lyra"},
	} {
		ps := refused(t, st, parse(t, st, player, tc.body))
		if !strings.Contains(ps.Error(), tc.rule) || !strings.Contains(ps.Error(), tc.want) {
			t.Errorf("%s: problems = %v, want %s and %q", tc.name, ps, tc.rule, tc.want)
		}
	}
	if string(before.Ext) != string(st.Ext) || before.Player(player).Treasury != st.Player(player).Treasury {
		t.Error("a refused order changed the state")
	}
	// A job must have one kind, and a build its fleet.
	for _, body := range []string{
		"  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, overhaul: cruiser, into: f1}]}\n",
		"  - activate_shipyard: {sector: lyra, jobs: [{build: frigate}]}\n",
		"  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: f1, load: 50}]}\n",
		"  - activate_shipyard: {sector: lyra, jobs: []}\n",
	} {
		src := "campaign: thunderdome\nplayer: lyran\nturn: 1\norders:\n" + body
		if _, err := parseErr(src); err == nil {
			t.Errorf("%q read without a problem", body)
		}
	}
}

// TestUTD6_371_OnePointPerSector: one point activates every yard in the
// sector for the turn; a later activation there that turn uses what is
// left for no point (reading).
func TestUTD6_371_OnePointPerSector(t *testing.T) {
	st := setup(t, nil)
	wantPoints(t, st, "  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: f1}]}\n  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: f3}]}\n", 1)
}

// TestUTD6_3734_BuildsArriveAtStep10: a new ship joins its fleet, or forms
// a new one, at the end of the turn, after the battles; into dry dock
// only when no fleet can take it (UTD7.61), and an organize order with
// dock: moves it into a fleet for 1 point (UTD7.66).
func TestUTD6_3734_BuildsArriveAtStep10(t *testing.T) {
	st := setup(t, nil)
	body := "  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: f4}, {build: frigate, into: f1}]}\n"
	check(t, st, parse(t, st, player, body))
	next := resolve(st, parse(t, st, player, body)).Next
	if f := next.Fleet(player, "f4"); f == nil || f.At != "lyra" || !slices.Equal(f.Units, []campaign.ClassName{"frigate"}) {
		t.Errorf("fleet f4 = %+v, want a new fleet at lyra with the frigate", f)
	}
	if f := next.Fleet(player, "f1"); len(f.Units) != 4 || f.Units[3] != "frigate" {
		t.Errorf("fleet f1 = %v, want the frigate added", f.Units)
	}

	// With every fleet formed and full, the ship goes to dry dock.
	st = setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		for i := 4; len(fleetsOfLyran(st)) < x.InitialPlayers+3; i++ {
			st.Fleets = append(st.Fleets, campaign.Fleet{Owner: player, ID: campaign.FleetID("f" + string(rune('0'+i))), At: "s10", Units: []campaign.ClassName{"frigate"}})
		}
		for _, f := range fleetsOfLyran(st) {
			if f.At == "lyra" {
				f.Units = []campaign.ClassName{"battlecruiser", "battlecruiser", "battlecruiser", "battlecruiser", "battlecruiser"}
			}
		}
	})
	dock := "  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: dock}]}\n"
	wantPoints(t, st, dock, 1)
	wantRefused(t, st, "  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: f1}]}\n", "UTD7.23")
	next = resolve(st, parse(t, st, player, dock)).Next
	x := ext(t, next)
	if len(x.Docks) != 1 || x.Docks[0].At != "lyra" || !slices.Equal(x.Docks[0].Ships.Units, []campaign.ClassName{"frigate"}) {
		t.Fatalf("docks = %+v, want the frigate in dry dock at lyra", x.Docks)
	}
	// Out of dry dock into a fleet that made room, for 1 point.
	st = lyranAgain(t, next)
	undock := "  - scrap: {fleet: f1, units: [battlecruiser], refund: true}\n  - organize: {dock: lyra, fleets: {f1: [frigate]}}\n"
	wantPoints(t, st, undock, 2)
	wantRefused(t, st, "  - organize: {dock: lyra, fleets: {f1: [frigate]}}\n", "UTD7.23")
	wantRefused(t, st, "  - organize: {dock: lyra, fleets: {f2: [cruiser]}}\n", "UTD7.66")
	next = resolve(st, parse(t, st, player, undock)).Next
	if f := next.Fleet(player, "f1"); f.Units[len(f.Units)-1] != "frigate" || len(ext(t, next).Docks) != 0 {
		t.Errorf("f1 = %v, docks %+v; want the frigate moved out of dry dock", f.Units, ext(t, next).Docks)
	}
}

// fleetsOfLyran returns lyran's fleets.
func fleetsOfLyran(st *campaign.State) []*campaign.Fleet {
	var out []*campaign.Fleet
	for i := range st.Fleets {
		if st.Fleets[i].Owner == player {
			out = append(out, &st.Fleets[i])
		}
	}
	return out
}

// TestUTD6_3736_NewShipLoad: a new carrier comes with its full load of
// fighters and PFs, or the share load: asks for, at least 75%, each kind
// rounded down; its fleet records the smaller load.
func TestUTD6_3736_NewShipLoad(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		addClass(st, x, "strike-carrier", 100, 3, 30, nil, nil)
		x.Classes[len(x.Classes)-1].Fighters, x.Classes[len(x.Classes)-1].PFs = 10, 3
		x.AttritionBPV = thunderdome.Attrition{} // free fighters: the bank pays for two hulls
	})
	body := "  - activate_shipyard: {sector: lyra, jobs: [{build: strike-carrier, into: f4, load: 80}, {build: strike-carrier, into: f5}]}\n"
	next := resolve(st, parse(t, st, player, body)).Next
	x := ext(t, next)
	if l := fleetState(x, player, "f4").Loads; len(l) != 1 || l[0] != (thunderdome.Load{Unit: 0, Carried: thunderdome.Attrition{Fighters: 8, PFs: 2}, Paid: thunderdome.Attrition{Fighters: 8, PFs: 2}}) {
		t.Errorf("f4's loads = %+v, want the carrier with 8 of 10 fighter points and 2 of 3 PFs", l)
	}
	if l := fleetState(x, player, "f5").Loads; len(l) != 0 {
		t.Errorf("f5's loads = %+v, want the full load", l)
	}
}

// TestUTD6_38_BuildShipyard: a yard at the player's developed colony, at
// most two a colony with the capital's, for 1 point and its price; it is
// received at step 10 and works from the owner's next turn (UTD6.382).
func TestUTD6_38_BuildShipyard(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Developments = append(st.Developments, campaign.Development{At: "s10", Owner: player, Kind: campaign.Colony})
		sector(x, "s10").Type = thunderdome.Life
	})
	before := st.Player(player).Treasury
	body := "  - build_shipyard: {sector: s10, yard: sc3}\n  - build_shipyard: {sector: s10, yard: sc4}\n"
	wantPoints(t, st, body, 2)
	wantRefused(t, st, body+"  - build_shipyard: {sector: s10, yard: sc4}\n", "UTD6.3841")
	wantRefused(t, st, "  - build_shipyard: {sector: lyra, yard: sc2}\n  - build_shipyard: {sector: lyra, yard: sc3}\n", "UTD6.3841")
	wantRefused(t, st, "  - build_shipyard: {sector: s01, yard: sc3}\n", "UTD6.38")
	wantRefused(t, st, "  - build_shipyard: {sector: s10, yard: sc3}\n  - activate_shipyard: {sector: s10, jobs: [{build: frigate, into: f1}]}\n", "UTD6.382")
	next := resolve(st, parse(t, st, player, body)).Next
	x := ext(t, next)
	if y := yardOf(t, x, "s10", "sc3"); y.Boxes != 10 {
		t.Errorf("sc3 yard = %+v, want the scenario's 10 works boxes", y)
	}
	yardOf(t, x, "s10", "sc4")
	if got := next.Player(player).Treasury; got != before-320 {
		t.Errorf("bank = %d, want %d less 200 and 120", got, before)
	}
	st = lyranAgain(t, next)
	place(st, ext(t, st), "f3", "s10")
	wantPoints(t, st, "  - activate_shipyard: {sector: s10, jobs: [{overhaul: frigate, fleet: f3, yard: sc4}]}\n", 1)
}

// TestUTD6_3H_OverhaulAndSelfRepair: overhauling a yard mends it at once
// for 1 point and 10% of its price, and it does no job that turn
// (UTD6.3726); a damaged yard repairs itself after step 8 of its owner's
// turn for free (UTD4.3372), working at half its capacity meanwhile, or
// forgoing the repair if its work takes more (UTD6.3H).
func TestUTD6_3H_OverhaulAndSelfRepair(t *testing.T) {
	damaged := func(st *campaign.State, x *thunderdome.Ext) { yardOf(t, x, "lyra", "capital").Destroyed = 4 }
	st := setup(t, damaged)
	echo := wantPoints(t, st, "  - overhaul_shipyard: {sector: lyra, yard: capital}\n", 1)
	if !strings.Contains(echo, "1 point, 30 BPV") || !strings.Contains(echo, "4 works boxes repaired") {
		t.Errorf("echo = %s, want 30 BPV (10%% of an sc2's 300) and 4 boxes mended", echo)
	}
	wantRefused(t, st, "  - overhaul_shipyard: {sector: lyra, yard: capital}\n  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: f1}]}\n", "UTD6.3721")
	wantRefused(t, st, "  - activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: f1}]}\n  - overhaul_shipyard: {sector: lyra, yard: capital}\n", "UTD6.3726")
	wantRefused(t, st, "  - overhaul_shipyard: {sector: lyra, yard: sc3}\n", "UTD6.3H")
	if x := ext(t, resolve(st, parse(t, st, player, "  - overhaul_shipyard: {sector: lyra, yard: capital}\n")).Next); yardOf(t, x, "lyra", "capital").Destroyed != 0 {
		t.Error("the overhauled yard is still damaged")
	}

	// 4 of 20 boxes destroyed: 1.6 MC, or 1 while it repairs itself.
	idle := resolve(st, nil).Next
	if y := yardOf(t, ext(t, idle), "lyra", "capital"); y.Destroyed != 0 {
		t.Errorf("yard = %+v, want it repaired by itself after step 8 of a turn without orders", y)
	}
	half := "  - activate_shipyard: {sector: lyra, jobs: [{build: cruiser, into: f3}]}\n"
	more := "  - activate_shipyard: {sector: lyra, jobs: [{build: cruiser, into: f3}, {build: frigate, into: f2}]}\n"
	wantRefused(t, st, more+"  - activate_shipyard: {sector: lyra, jobs: [{build: destroyer, into: f3}]}\n", "UTD6.3721")
	if y := yardOf(t, ext(t, resolve(st, parse(t, st, player, half)).Next), "lyra", "capital"); y.Destroyed != 0 {
		t.Errorf("yard = %+v, want it repaired after working at half its capacity", y)
	}
	if y := yardOf(t, ext(t, resolve(st, parse(t, st, player, more)).Next), "lyra", "capital"); y.Destroyed != 4 {
		t.Errorf("yard = %+v, want it still damaged after working past half its capacity (UTD6.3H)", y)
	}
	// Another player's turn does not repair lyran's yard.
	st = setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		damaged(st, x)
		x.Current = (slices.Index(x.Order, player) + 1) % len(x.Order)
	})
	if y := yardOf(t, ext(t, resolve(st, nil).Next), "lyra", "capital"); y.Destroyed != 4 {
		t.Errorf("yard = %+v, repaired on another player's turn", y)
	}
}

// TestUTD6_377_CapturedShips: a captured ship is inspected for 30% of its
// BPV before anything else (UTD6.3773), may be refitted with it for 20% of
// the refitted class, and is not converted with it (UTD6.3772).
func TestUTD6_377_CapturedShips(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleet(player, "f1").Captured = []int{2}
	})
	wantRefused(t, st, "  - activate_shipyard: {sector: lyra, jobs: [{overhaul: destroyer, fleet: f1}]}\n", "UTD6.3773")
	wantRefused(t, st, "  - activate_shipyard: {sector: lyra, jobs: [{inspect: destroyer, fleet: f1, to: war-destroyer}]}\n", "UTD6.3772")
	echo := wantPoints(t, st, "  - activate_shipyard: {sector: lyra, jobs: [{inspect: destroyer, fleet: f1}]}\n", 1)
	if !strings.Contains(echo, "inspected destroyer in fleet f1, 1/2 MC of capacity, 21 BPV") {
		t.Errorf("echo = %s, want the inspection at 30%% of 70", echo)
	}
	next := resolve(st, parse(t, st, player, "  - activate_shipyard: {sector: lyra, jobs: [{inspect: destroyer, fleet: f1}]}\n")).Next
	if f := next.Fleet(player, "f1"); len(f.Captured) != 0 {
		t.Errorf("f1 captured = %v, want the destroyer inspected", f.Captured)
	}
}

// TestUTD6_3773_ShipyardJobsWaitForInspection: a captured ship not yet
// inspected is refused every other job, in a fleet or in dry dock, as
// freighter_repair refuses it: with the rule, what it cannot be, and the
// inspect job to send (UTD6.3773, UTD7.8).
func TestUTD6_3773_ShipyardJobsWaitForInspection(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleet(player, "f1").Captured = []int{1, 2}
		x.Docks = []thunderdome.Dock{{Owner: player, At: "lyra", Ships: campaign.Fleet{Units: []campaign.ClassName{"frigate"}, Captured: []int{0}}}}
	})
	for _, tc := range []struct{ job, msg, hint string }{
		{"{overhaul: destroyer, fleet: f1}", "the destroyer in fleet f1 is a captured ship not yet inspected: it cannot be overhauled until then (UTD7.8)", "{inspect: destroyer, fleet: f1}"},
		{"{refit: cruiser, fleet: f1, to: cruiser-r}", "the cruiser in fleet f1 is a captured ship not yet inspected: it cannot be refitted until then", "{inspect: cruiser, fleet: f1}"},
		{"{convert: destroyer, fleet: f1, to: war-destroyer}", "the destroyer in fleet f1 is a captured ship not yet inspected: it cannot be converted until then", "{inspect: destroyer, fleet: f1}"},
		{"{overhaul: frigate, fleet: dock}", "the frigate in your dry dock at lyra is a captured ship not yet inspected: it cannot be overhauled until then", "{inspect: frigate, fleet: dock}"},
	} {
		wantProblem(t, st, "  - activate_shipyard: {sector: lyra, jobs: ["+tc.job+"]}\n", "UTD6.3773", tc.msg, tc.hint)
	}
}

// TestUTD6_32_CapitalYardMoves: the capital's yard goes where the capital
// goes.
func TestUTD6_32_CapitalYardMoves(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) { sector(x, "s10").Type = thunderdome.Dead })
	next := resolve(st, parse(t, st, player, "  - move_capital: {to: s10}\n")).Next
	yardOf(t, ext(t, next), "s10", "capital")
}

// parseErr reads a mail, returning its problems.
func parseErr(src string) (*orders.Submission, error) {
	return orders.Parse([]byte(src), orders.Only(rs.Kinds()))
}

// TestUTD3_1_ReportShowsYards: every report shows each shipyard with its
// capacity, its dry-dock positions and its damage, and each dry dock with
// its ships, in text and HTML (UTD3.1).
func TestUTD3_1_ReportShowsYards(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		yardOf(t, x, "lyra", "capital").Destroyed = 4
		x.Yards = append(x.Yards, thunderdome.Yard{At: "lyra", Owner: player, Size: 4, Boxes: 6})
		x.Docks = append(x.Docks, thunderdome.Dock{Owner: player, At: "lyra", Ships: campaign.Fleet{Units: []campaign.ClassName{"frigate"}}})
	})
	res := resolve(st, nil)
	for _, f := range []game.Format{game.FormatText, game.FormatHTML} {
		got := html.UnescapeString(flat(render(t, viewOf(t, res, "hydran"), f)))
		for _, want := range []string{
			"lyran's capital yard at lyra: capacity 2 MC, 5 dry-dock positions",
			"lyran's sc4 yard at lyra: capacity 2/3 MC, 2 dry-dock positions",
			"lyran's dry dock at lyra: frigate (UTD7.6)",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("%s report lacks %q", f, want)
			}
		}
	}
	// Another player's turn does not mend lyran's yard, and the report
	// says so.
	st = setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		yardOf(t, x, "lyra", "capital").Destroyed = 4
		x.Current = (slices.Index(x.Order, player) + 1) % len(x.Order)
	})
	if got := flat(render(t, viewOf(t, resolve(st, nil), "hydran"), game.FormatText)); !strings.Contains(got, "4 of 20 works boxes destroyed: capacity 1 3/5, or half while it repairs itself") {
		t.Errorf("report = %s, want the damaged yard", got)
	}
}

// TestUTD6_3736_LoadFollowsItsShip: a ship's reduced load, and its D9.4
// mark (UTD4.335), stay with it when a ship before it in its fleet is
// destroyed in battle.
func TestUTD6_3736_LoadFollowsItsShip(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Rules.Battles = campaign.BattlesReported
		st.Fleet("hydran", "f1").At = "s10"
		fs := fleetState(x, player, "f1")
		fs.Loads = []thunderdome.Load{{Unit: 2, Carried: thunderdome.Attrition{Fighters: 3}, Paid: thunderdome.Attrition{Fighters: 3}}}
		fs.Mended = []int{2}
	})
	next := resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n")).Next
	result := &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "lyran#1", Fate: "destroyed"},
		{Ship: "hydran#1", Fate: "destroyed"}, {Ship: "hydran#2", Fate: "destroyed"}, {Ship: "hydran#3", Fate: "destroyed"}}}
	if _, err := rs.ApplyResult(next, "T1-B1", result, "agreed"); err != nil {
		t.Fatal(err)
	}
	f, fs := next.Fleet(player, "f1"), fleetState(ext(t, next), player, "f1")
	if !slices.Equal(f.Units, []campaign.ClassName{"cruiser", "destroyer"}) {
		t.Fatalf("f1 = %v, want the battlecruiser gone", f.Units)
	}
	if !slices.Equal(fs.Loads, []thunderdome.Load{{Unit: 1, Carried: thunderdome.Attrition{Fighters: 3}, Paid: thunderdome.Attrition{Fighters: 3}}}) || !slices.Equal(fs.Mended, []int{1}) {
		t.Errorf("loads %+v, mended %v; want both on the destroyer, now unit 1", fs.Loads, fs.Mended)
	}
}

// TestUTD6_33_ReservedFleetNames: a new fleet may not take a name that
// battle mails and orders use for something else (defenses, npe, dock):
// organize, a dry dock's ships and a build into a new fleet are refused,
// with what the name stands for and a free name instead.
func TestUTD6_33_ReservedFleetNames(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		x.Docks = []thunderdome.Dock{{Owner: player, At: "lyra", Ships: campaign.Fleet{Units: []campaign.ClassName{"frigate"}}}}
	})
	for _, tc := range []struct{ order, rule, msg string }{
		{"organize: {fleets: {f2: [cruiser, frigate], npe: [troop-ship, minesweeper]}}", "UTD6.33", "a new fleet may not be called npe: the name stands for a non-player empire's force"},
		{"organize: {fleets: {f2: [cruiser, frigate], defenses: [troop-ship, minesweeper]}}", "UTD6.33", "a new fleet may not be called defenses: the name stands for the units holding a sector"},
		{"organize: {dock: lyra, fleets: {defenses: [frigate]}}", "UTD7.66", "a new fleet may not be called defenses"},
		{"organize: {dock: lyra, fleets: {dock: [frigate]}}", "UTD7.66", "a new fleet may not be called dock: the name stands for the dry dock"},
		{"activate_shipyard: {sector: lyra, jobs: [{build: frigate, into: npe}]}", "UTD6.3734", "a new fleet may not be called npe"},
	} {
		wantProblem(t, st, "  - "+tc.order+"\n", tc.rule, tc.msg, "give it another name, e.g. f4")
	}
}

// yardOrderedAtS10 gives lyran a developed colony at s10, where
// reportedBattleWith's f1 fights hydran: lyran's orders build an sc3
// yard there first, on order until step 10 (UTD6.382).
func yardOrderedAtS10(t *testing.T, place string) *campaign.State {
	t.Helper()
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Rules.Battles = campaign.BattlesReported
		st.Fleet("hydran", "f1").At = "s10"
		sector(x, "s10").Type = thunderdome.Life
		st.Developments = append(st.Developments, campaign.Development{At: "s10", Owner: player, Kind: campaign.Colony})
		empire(x, player).Captured = place
	})
	res := resolve(st, parse(t, st, player, "  - build_shipyard: {sector: s10, yard: sc3}\n  - move: {fleet: f1, to: s10}\n"))
	if len(res.Next.Battles) != 1 {
		t.Fatalf("battles %v, want T1-B1 pending", res.Next.Battles)
	}
	return res.Next
}

// TestUTD6_382_NoDryDockAtAYardOnOrder: a shipyard ordered on the turn
// has no dry-dock position for a prize taken before step 10 builds it
// (UTD6.382, UTD6.3I5): a result's to: dock is refused, and captured:
// dock places the prize as fleet does.
func TestUTD6_382_NoDryDockAtAYardOnOrder(t *testing.T) {
	st := yardOrderedAtS10(t, "")
	res := &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#2", Fate: "captured", By: "lyran#1", To: "dock"}}}
	if p := strings.Join(rs.CheckResult(st, st.Battles[0], res), "; "); !strings.Contains(p, "hydran#2: to: dock, but lyran has no shipyard at s10 with a dry-dock position free") {
		t.Errorf("CheckResult = %q, want to: dock refused at a yard on order", p)
	}
	st = yardOrderedAtS10(t, thunderdome.PlaceDock)
	events := takeCruiser(t, st, "")
	if x := ext(t, st); len(x.Docks) != 0 {
		t.Errorf("docks = %+v, want none: the yard at s10 is on order", x.Docks)
	}
	if !said(events, "lyran captured hydran's cruiser at s10 (battle T1-B1, UTD6.3I); it joined fleet f1") {
		t.Errorf("events %v: want the prize in fleet f1", events)
	}
	if !said(events, "lyran's new sc3 yard at s10 is built") {
		t.Errorf("events %v: want the yard built at step 10", events)
	}
}

// TestUTD6_382_YardOnOrderJoinsNoBattle: a shipyard ordered on the turn
// is not there for the turn's battles however long their results take
// (UTD6.382, UTD7.4235): when lyran's fleet falls at s10 after the GM has
// moved the waiting turn on, the yard on order is not razed with it; the
// colony hydran then destroys at step 9 takes it, and its price goes back.
func TestUTD6_382_YardOnOrderJoinsNoBattle(t *testing.T) {
	st := yardOrderedAtS10(t, "")
	for range 2 {
		st = rs.Resolve(game.Turn{State: st}).Next // the turn still waits
	}
	res := &orders.BattleResult{}
	for _, ref := range rs.ShipRefs(st.Battles[0]) {
		fate := battle.FateIntact
		if ref.Owner == player {
			fate = battle.FateDestroyed
		}
		res.Ships = append(res.Ships, orders.ShipFate{Ship: ref.Ref, Fate: fate})
	}
	if p := rs.CheckResult(st, st.Battles[0], res); len(p) > 0 {
		t.Fatalf("CheckResult = %v, want the result taken", p)
	}
	events, err := rs.ApplyResult(st, "T1-B1", res, "agreed")
	if err != nil {
		t.Fatal(err)
	}
	if said(events, "lyran's shipyard destroyed") {
		t.Errorf("events %v: the yard on order was razed in the battle", events)
	}
	if !said(events, "lyran: its sc3 yard at s10 was not built: the colony is no longer lyran's, so its 200 BPV went back") {
		t.Errorf("events %v: want the yard given up at step 10 with the colony", events)
	}
}

// TestUTD6_3F_ScrapShipyard: for 1 point a shipyard is scrapped and half
// its price comes back, or for none nothing does (UTD6.3F); the
// capital's own yard goes only with the capital, and a yard whose dry-dock
// positions hold ships is scrapped once they are organized out.
func TestUTD6_3F_ScrapShipyard(t *testing.T) {
	sc3 := func(st *campaign.State, x *thunderdome.Ext) {
		x.Yards = append(x.Yards, thunderdome.Yard{At: "lyra", Owner: player, Size: 3, Boxes: 10})
	}
	st := setup(t, sc3)
	bank := st.Player(player).Treasury
	wantPoints(t, st, "  - scrap: {sector: lyra, yard: sc3, refund: false}\n", 0)
	echo := wantPoints(t, st, "  - scrap: {sector: lyra, yard: sc3}\n", 1)
	if !strings.Contains(echo, "100 BPV") {
		t.Errorf("echo = %q, want 100 BPV, half the sc3 yard's 200, back", echo)
	}
	res := resolve(st, parse(t, st, player, "  - scrap: {sector: lyra, yard: sc3}\n"))
	if got := res.Next.Player(player).Treasury; got < bank+100 {
		t.Errorf("bank %d after scrapping a 200 BPV yard from %d, want 100 more", got, bank)
	}
	for _, y := range ext(t, res.Next).Yards {
		if y.Owner == player && y.Kind() == thunderdome.YardSC3 {
			t.Errorf("the scrapped sc3 yard still stands: %+v", y)
		}
	}
	wantProblem(t, st, "  - scrap: {sector: lyra, yard: sc4}\n", "UTD6.3F", "no sc4 yard at", "capital, sc3")
	for body, want := range map[string]string{
		"  - scrap: {sector: lyra, yard: capital}\n":        "goes only with the capital",
		"  - scrap: {fleet: f1, sector: lyra, yard: sc3}\n": "either ships (fleet: and units:) or one shipyard",
	} {
		if _, err := parseErr("campaign: thunderdome\nplayer: lyran\nturn: 1\norders:\n" + body); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: problems = %v, want %q", body, err, want)
		}
	}
	docked := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sc3(st, x)
		x.Docks = append(x.Docks, thunderdome.Dock{Owner: player, At: "lyra", Ships: campaign.Fleet{Units: []campaign.ClassName{ff, ff, ff, ff, ff, ff}}})
	})
	wantProblem(t, docked, "  - scrap: {sector: lyra, yard: sc3}\n", "UTD7.62", "6 ships", "organize: {dock: lyra")
}

// TestUTD6_382_ReportSaysYardOnOrder: a shipyard ordered on a turn that
// waits for its battles stands in the reports as on order, working from
// its owner's next turn (UTD6.382), in text, HTML and JSON; a built one
// does not.
func TestUTD6_382_ReportSaysYardOnOrder(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		x.Yards = append(x.Yards, thunderdome.Yard{At: "lyra", Owner: player, Size: 3, Boxes: 10, Arrived: st.Turn})
		x.Builds = append(x.Builds, thunderdome.Build{Owner: player, At: "lyra", Yard: thunderdome.YardSC3, BPV: 200, Turn: st.Turn})
	})
	var v game.View
	for _, gv := range rs.Observe(st) {
		if gv.Header().Player == "hydran" {
			v = gv
		}
	}
	want := "lyran's sc3 yard at lyra: on order: it is built when lyran's turn ends and works from lyran's next turn (UTD6.382), with capacity 1 MC, 3 dry-dock positions"
	for _, f := range []game.Format{game.FormatText, game.FormatHTML} {
		got := html.UnescapeString(flat(render(t, v, f)))
		if !strings.Contains(got, want) {
			t.Errorf("%s report lacks %q", f, want)
		}
		if !strings.Contains(got, "lyran's capital yard at lyra: capacity 2 MC") || strings.Contains(got, "capital yard at lyra: on order") {
			t.Errorf("%s report does not show the capital's yard as built", f)
		}
	}
	if got := flat(render(t, v, game.FormatJSON)); !strings.Contains(got, `"size": 3, "boxes": 10, "arrived": 1, "on_order": true`) {
		t.Errorf("JSON report lacks the sc3 yard on order: %s", got)
	}
}

// TestUTD6_3E_ReportShowsADockedWreck: a dry dock's row tells its wrecked,
// captured and damaged ships as a fleet's row does, so that a captured
// wreck put into dry dock stands as one (UTD6.3E, UTD6.3773).
func TestUTD6_3E_ReportShowsADockedWreck(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		x.Docks = append(x.Docks, thunderdome.Dock{Owner: player, At: "lyra", Ships: campaign.Fleet{Units: []campaign.ClassName{ff, cru}, Captured: []int{1}}, Wrecked: []int{1}})
	})
	want := "lyran's dry dock at lyra: frigate, cruiser (wrecked, moves only in tow, UTD6.3E; captured, only moves until inspected, UTD6.3773) (UTD7.6)"
	for _, f := range []game.Format{game.FormatText, game.FormatHTML} {
		if got := html.UnescapeString(flat(render(t, viewOf(t, resolve(st, nil), "hydran"), f))); !strings.Contains(got, want) {
			t.Errorf("%s report lacks %q", f, want)
		}
	}
}
