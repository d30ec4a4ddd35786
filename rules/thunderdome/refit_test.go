package thunderdome_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// colonyAtS10 makes s10 a life sector with lyran's developed colony and no
// shipyard, and puts f1 there.
func colonyAtS10(st *campaign.State, x *thunderdome.Ext) {
	sector(x, "s10").Type = thunderdome.Life
	st.Developments = append(st.Developments, campaign.Development{At: "s10", Owner: player, Kind: campaign.Colony})
	place(st, x, "f1", "s10")
}

// TestUTD6_3J1_RefitFleetAtADevelopedColony: a fleet refits at the
// player's developed colony, nowhere else; every ship of the class named
// becomes the new class, for the difference of their BPV.
func TestUTD6_3J1_RefitFleetAtADevelopedColony(t *testing.T) {
	st := setup(t, nil)
	bank := st.Player(player).Treasury
	res := resolve(st, parse(t, st, player, "  - refit_fleet: {fleet: f1, refits: {cruiser: heavy-cruiser}}\n"))
	if f := res.Next.Fleet(player, "f1"); campaign.UnitList(f.Units) != "battlecruiser, heavy-cruiser, destroyer" {
		t.Errorf("f1 = %s, want the cruiser refitted", campaign.UnitList(f.Units))
	}
	if got := res.Next.Player(player).Treasury; got != bank-15 {
		t.Errorf("bank %d, want %d − 15 (130 − 115 BPV)", got, bank)
	}
	away := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s10").Type = thunderdome.Dead
		place(st, x, "f1", "s10")
	})
	ps := refused(t, away, parse(t, away, player, "  - refit_fleet: {fleet: f1, refits: {cruiser: heavy-cruiser}}\n"))
	if !strings.Contains(ps.Error(), "UTD6.3J1") || !strings.Contains(ps.Error(), "developed colony") {
		t.Errorf("problems = %v, want UTD6.3J1", ps)
	}
}

// TestUTD6_3J3_RefitFleetFreeWithYardRoom: at the capital, whose yard has
// room for half the move cost of every ship refitted, the refit costs no
// point; at a colony without a yard it costs one.
func TestUTD6_3J3_RefitFleetFreeWithYardRoom(t *testing.T) {
	order := "  - refit_fleet: {fleet: f1, refits: {cruiser: heavy-cruiser}}\n"
	echo := wantPoints(t, setup(t, nil), order, 0)
	if !strings.Contains(echo, "UTD6.3J3") {
		t.Errorf("echo = %q, want the yard's room told", echo)
	}
	wantPoints(t, setup(t, colonyAtS10), order, 1)
}

// TestUTD6_375_RefitOnlyToAListedClass: a refit to a class the catalogue
// does not list for the ship is refused with the classes it refits to,
// and nothing changes.
func TestUTD6_375_RefitOnlyToAListedClass(t *testing.T) {
	st := setup(t, nil)
	before, _ := json.Marshal(st)
	ps := refused(t, st, parse(t, st, player, "  - refit_fleet: {fleet: f1, refits: {cruiser: battlecruiser}}\n"))
	if after, _ := json.Marshal(st); !bytes.Equal(before, after) {
		t.Error("a refused refit changed the state")
	}
	if !strings.Contains(ps.Error(), "UTD6.375") || !strings.Contains(ps.Error(), "refits to heavy-cruiser (15 BPV a ship)") {
		t.Errorf("problems = %v, want the targets named", ps)
	}
	wantRefused(t, st, "  - refit_fleet: {fleet: f1, refits: {frigate: heavy-cruiser}}\n", "UTD6.3J2")
	// A captured ship not yet inspected is refitted by nobody (UTD6.3773).
	prize := setup(t, func(st *campaign.State, _ *thunderdome.Ext) { st.Fleet(player, "f1").Captured = []int{1} })
	wantRefused(t, prize, "  - refit_fleet: {fleet: f1, refits: {cruiser: heavy-cruiser}}\n", "UTD6.3773")
}

// TestUTD6_3J6_RefitChangesTheLoad: a refit sets the load paid for, from
// 75% of the full load (rounded down) to all of it, buying only the
// fighters added; a refit to a carrier of a bigger load buys the
// difference with the hull's.
func TestUTD6_3J6_RefitChangesTheLoad(t *testing.T) {
	st := setup(t, withCarrier(6, 6, 4))
	for _, bad := range []string{"5", "9"} {
		wantRefused(t, st, "  - refit_fleet: {fleet: f1, loads: {carrier: {fighters: "+bad+"}}}\n", "UTD6.3J6")
	}
	bank := st.Player(player).Treasury
	res := resolve(st, parse(t, st, player, "  - refit_fleet: {fleet: f1, loads: {carrier: {fighters: 8}}}\n"))
	if l := loadOf(t, res.Next, "f1", 3); !isFull(l) || res.Next.Player(player).Treasury != bank-8 {
		t.Errorf("carrier = %+v, bank %d; want the full load for 8 BPV (2 fighters)", l, res.Next.Player(player).Treasury)
	}
	// A load names only the kinds it changes.
	tender := setup(t, func(st *campaign.State, _ *thunderdome.Ext) {
		st.Fleet(player, "f1").Units = append(st.Fleet(player, "f1").Units, "pf-tender")
	})
	wantRefused(t, tender, "  - refit_fleet: {fleet: f1, loads: {pf-tender: {pfs: 2}}}\n", "UTD6.3J6")
	res = resolve(tender, parse(t, tender, player, "  - refit_fleet: {fleet: f1, loads: {pf-tender: {pfs: 3}}}\n"))
	if l := loadOf(t, res.Next, "f1", 3); l.Paid != (thunderdome.Attrition{PFs: 3}) || l.Carried != l.Paid {
		t.Errorf("PF tender = %+v, want 3 PFs of 4 paid for and carried", l)
	}
	// A carrier of 8 paid for, 2 lost, becomes a heavy carrier of 12:
	// the hull's 15 BPV and 4 fighters' 16; the 2 lost stay lost.
	st = setup(t, withCarrier(6, 8, 4))
	res = resolve(st, parse(t, st, player, "  - refit_fleet: {fleet: f1, refits: {carrier: heavy-carrier}}\n"))
	l := loadOf(t, res.Next, "f1", 3)
	if res.Next.Fleet(player, "f1").Units[3] != "heavy-carrier" || l.Carried.Fighters != 10 || l.Paid.Fighters != 12 || res.Next.Player(player).Treasury != bank-31 {
		t.Errorf("after the refit: %v, load %+v, bank %d; want a heavy carrier with 10 of 12 for 31 BPV",
			res.Next.Fleet(player, "f1").Units, l, res.Next.Player(player).Treasury)
	}
}

// TestUTD7_263_LegendaryOfficerLimits: a legendary officer is bought with
// a refit for an SC3 or SC4 warship; one a fleet, one of each type a
// navy, never on a battle tug or a freighter.
func TestUTD7_263_LegendaryOfficerLimits(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleet(player, "f3").Units = append(st.Fleet(player, "f3").Units, "tug")
	})
	bank := st.Player(player).Treasury
	res := resolve(st, parse(t, st, player, "  - refit_fleet: {fleet: f1, officers: {captain: destroyer}}\n"))
	next := res.Next
	if c := next.Fleet(player, "f1").CrewOf(2); c.Legendary != "captain" || next.Player(player).Treasury != bank-30 {
		t.Errorf("destroyer crew %+v, bank %d; want the captain aboard for 30 BPV", c, next.Player(player).Treasury)
	}
	if got := empire(ext(t, next), player).Legends; !slices.Equal(got, []string{"captain"}) {
		t.Errorf("legends %v, want the captain", got)
	}
	for _, tc := range []struct{ order, rule, want string }{
		{"  - refit_fleet: {fleet: f1, officers: {captain: destroyer, engineer: cruiser}}\n", "UTD7.263", "one at most"},
		{"  - refit_fleet: {fleet: f3, officers: {engineer: tug}}\n", "UTD7.263", "battle-tug"},
		{"  - refit_fleet: {fleet: f3, officers: {engineer: large-freighter}}\n", "UTD7.263", "SC3 and SC4"},
		{"  - refit_fleet: {fleet: f1, officers: {admiral: cruiser}}\n", "UTD8.23", "captain, engineer"},
	} {
		ps := refused(t, st, parse(t, st, player, tc.order))
		if !strings.Contains(ps.Error(), tc.rule) || !strings.Contains(ps.Error(), tc.want) {
			t.Errorf("%s: problems = %v, want %s and %q", tc.order, ps, tc.rule, tc.want)
		}
	}
	// One of each type a navy, never replaced.
	x := ext(t, next)
	x.Current = slices.Index(x.Order, player)
	thunderdome.SaveExt(x, next)
	ps := refused(t, next, parse(t, next, player, "  - refit_fleet: {fleet: f2, officers: {captain: cruiser}}\n"))
	if !strings.Contains(ps.Error(), "never replaced") {
		t.Errorf("problems = %v, want a second captain refused", ps)
	}
}

// TestUTD7_264_OutstandingCrew: one ship a navy, of at most 1 MC; it may
// also have a legendary officer.
func TestUTD7_264_OutstandingCrew(t *testing.T) {
	st := setup(t, nil)
	res := resolve(st, parse(t, st, player, "  - refit_fleet: {fleet: f1, officers: {outstanding: cruiser, captain: cruiser}}\n"))
	if c := res.Next.Fleet(player, "f1").CrewOf(1); c.Quality != "outstanding" || c.Legendary != "captain" {
		t.Errorf("cruiser crew %+v, want outstanding with the captain", c)
	}
	big := setup(t, func(_ *campaign.State, x *thunderdome.Ext) {
		for i := range x.Classes {
			if x.Classes[i].Class == "cruiser" {
				x.Classes[i].MC = 45
			}
		}
	})
	wantRefused(t, big, "  - refit_fleet: {fleet: f1, officers: {outstanding: cruiser}}\n", "UTD7.264")
}

// TestUTD7_263_OfficerMovesWithOrganize: organize moves a legendary
// officer, free to a ship of no more BPV, else for the difference and
// 10% of the receiving ship's BPV; two officers never share a fleet.
func TestUTD7_263_OfficerMovesWithOrganize(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleet(player, "f1").SetCrew(campaign.UnitCrew{Unit: 1, Legendary: "captain"}) // the cruiser, 115 BPV
		st.Fleet(player, "f2").SetCrew(campaign.UnitCrew{Unit: 0, Legendary: "engineer"})
	})
	deal := "  - organize: {fleets: {f1: [battlecruiser, cruiser, destroyer], f3: [large-freighter, repair-tender, frigate]}, "
	echo := wantPoints(t, st, deal+"officers: {captain: {fleet: f1, ship: destroyer}}}\n", 1)
	if strings.Contains(echo, "BPV") {
		t.Errorf("echo = %q, want the move to a 70 BPV destroyer free", echo)
	}
	bank := st.Player(player).Treasury
	res := resolve(st, parse(t, st, player, deal+"officers: {captain: {fleet: f1, ship: battlecruiser}}}\n"))
	f := res.Next.Fleet(player, "f1")
	if f.CrewOf(0).Legendary != "captain" || f.CrewOf(1).Legendary != "" || res.Next.Player(player).Treasury != bank-50 {
		t.Errorf("crews %+v, bank %d; want the captain on the battlecruiser for 35 + 15 BPV", f.Crews, res.Next.Player(player).Treasury)
	}
	wantPoints(t, st, "  - organize: {fleets: {f1: [battlecruiser, cruiser, destroyer]}, officers: {captain: {fleet: f1, ship: destroyer}}}\n", 1)
	ps := refused(t, st, parse(t, st, player, "  - organize: {fleets: {f1: [battlecruiser, destroyer], f2: [cruiser, cruiser, frigate, troop-ship, minesweeper]}}\n"))
	if !strings.Contains(ps.Error(), "UTD7.263") || !strings.Contains(ps.Error(), "captain and engineer") {
		t.Errorf("problems = %v, want two officers in f2 refused", ps)
	}
}

// TestUTD6_3758_ShipyardRefitBuysTheNewLoad: a carrier refitted at a
// shipyard to a class of more fighters pays for the ones added, as
// refit_fleet does.
func TestUTD6_3758_ShipyardRefitBuysTheNewLoad(t *testing.T) {
	st := setup(t, withCarrier(8, 8, 4))
	bank := st.Player(player).Treasury
	res := resolve(st, parse(t, st, player, "  - activate_shipyard: {sector: lyra, jobs: [{refit: carrier, fleet: f1, to: heavy-carrier}]}\n"))
	f := res.Next.Fleet(player, "f1")
	if f.Units[3] != "heavy-carrier" || !isFull(loadOf(t, res.Next, "f1", 3)) || res.Next.Player(player).Treasury != bank-31 {
		t.Errorf("f1 %v, load %+v, bank %d; want a full heavy carrier for 15 + 4 fighters' 16 BPV",
			f.Units, loadOf(t, res.Next, "f1", 3), res.Next.Player(player).Treasury)
	}
}

// TestUTD6_3J3_YardRoomUsedOnceATurn: capacity a shipyard activation used
// covers no free refit, and a free refit's capacity is gone for the
// activation after it (UTD6.3751).
func TestUTD6_3J3_YardRoomUsedOnceATurn(t *testing.T) {
	st := setup(t, nil)
	builds := "  - activate_shipyard: {sector: lyra, jobs: [{build: cruiser, into: f1}, {build: cruiser, into: f2}]}\n"
	refit := "  - refit_fleet: {fleet: f1, refits: {cruiser: heavy-cruiser}}\n"
	wantPoints(t, st, builds+refit, 2) // the capital's 2 MC built two cruisers
	wantRefused(t, st, refit+builds, "capacity")
}

// TestUTD6_3758_DryDockRefitBuysTheNewLoad: a carrier in dry dock
// refitted at a shipyard pays for the fighters its new class adds and
// carries them, as one in a fleet does (UTD6.3758, UTD6.3737): its load
// record follows it.
func TestUTD6_3758_DryDockRefitBuysTheNewLoad(t *testing.T) {
	low := thunderdome.Load{Carried: thunderdome.Attrition{Fighters: 6}, Paid: thunderdome.Attrition{Fighters: 8}, Spares: 4}
	for _, tc := range []struct {
		name  string
		loads []thunderdome.Load
		want  []thunderdome.Load
		cost  int
	}{
		{"full", nil, nil, 15 + 4*4},
		{"6 of 8", []thunderdome.Load{low}, []thunderdome.Load{{Carried: thunderdome.Attrition{Fighters: 10}, Paid: thunderdome.Attrition{Fighters: 12}, Spares: 4}}, 15 + 4*4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
				x.Docks = append(x.Docks, thunderdome.Dock{Owner: player, At: "lyra", Ships: campaign.Fleet{Units: []campaign.ClassName{"carrier"}}, Loads: tc.loads})
			})
			bank := st.Player(player).Treasury
			res := resolve(st, parse(t, st, player, "  - activate_shipyard: {sector: lyra, jobs: [{refit: carrier, fleet: dock, to: heavy-carrier}]}\n"))
			d := ext(t, res.Next).Docks
			if len(d) != 1 || !slices.Equal(d[0].Ships.Units, []campaign.ClassName{"heavy-carrier"}) || !slices.Equal(d[0].Loads, tc.want) {
				t.Fatalf("docks %+v, want the heavy carrier with load records %+v", d, tc.want)
			}
			if got := bank - res.Next.Player(player).Treasury; got != tc.cost {
				t.Errorf("the refit cost %d BPV, want %d: 15 for the hull and 4 fighters at 4", got, tc.cost)
			}
		})
	}
}

// TestUTD6_3J5_ShipyardAndRefitFleetPriceAlike: a refit costs the same
// BPV whether a shipyard's job or refit_fleet does it: the BPV gained,
// nothing for a class worth less (UTD6.3755, UTD6.3J5); a conversion
// costs the BPV gained or 25% of the ship, whichever is more (UTD6.3764).
func TestUTD6_3J5_ShipyardAndRefitFleetPriceAlike(t *testing.T) {
	for _, tc := range []struct {
		to   campaign.ClassName
		want int
	}{{"cutter-up", 20}, {"cutter-down", 0}} {
		st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
			addClass(st, x, "cutter", 60, 3, 10, []campaign.ClassName{"cutter-up", "cutter-down"}, []campaign.ClassName{"cutter-war"})
			addClass(st, x, "cutter-up", 80, 3, 10, nil, nil)
			addClass(st, x, "cutter-down", 50, 3, 10, nil, nil)
			st.Fleet(player, "f1").Units = append(st.Fleet(player, "f1").Units, "cutter")
		})
		yard := fmt.Sprintf("  - activate_shipyard: {sector: lyra, jobs: [{refit: cutter, fleet: f1, to: %s}]}\n", tc.to)
		fleet := fmt.Sprintf("  - refit_fleet: {fleet: f1, refits: {cutter: %s}}\n", tc.to)
		for _, body := range []string{yard, fleet} {
			if _, bpv := thunderdome.Spent(check(t, st, parse(t, st, player, body))); bpv != thunderdome.Whole(tc.want) {
				t.Errorf("%s cost %s BPV, want %d", strings.TrimSpace(body), bpv, tc.want)
			}
		}
	}
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		addClass(st, x, "cutter", 60, 3, 10, nil, []campaign.ClassName{"cutter-war"})
		addClass(st, x, "cutter-war", 70, 3, 10, nil, nil)
		st.Fleet(player, "f1").Units = append(st.Fleet(player, "f1").Units, "cutter")
	})
	if _, bpv := thunderdome.Spent(check(t, st, parse(t, st, player, "  - activate_shipyard: {sector: lyra, jobs: [{convert: cutter, fleet: f1, to: cutter-war}]}\n"))); bpv != thunderdome.Whole(15) {
		t.Errorf("the conversion cost %s BPV, want 15, 25%% of 60 over the 10 gained", bpv)
	}
}
