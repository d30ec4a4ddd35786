package thunderdome_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// The first player of the scenario's turn order, at whose home their
// fleets f1 (battlecruiser, cruiser, destroyer), f2 (cruiser, frigate,
// troop-ship, minesweeper) and f3 (large-freighter, repair-tender,
// frigate) stand; s10 is one lane from lyra, the lyran home.
const player = campaign.PlayerID("lyran")

// setup loads the scenario with lyran's turn open and lets change edit the
// state and its TD IV part before the orders.
func setup(t *testing.T, change func(st *campaign.State, x *thunderdome.Ext)) *campaign.State {
	t.Helper()
	st := start(t)
	x := ext(t, st)
	if x.Order[x.Current] != player {
		for i, p := range x.Order {
			if p == player {
				x.Current = i
			}
		}
	}
	for _, f := range st.Fleets {
		if f.Owner == player {
			fleetState(x, player, f.ID).Started = f.At
		}
	}
	// The tests of other rules explore without meeting non-player
	// empires; npe_test.go turns the check on.
	x.House.NPE = false
	if change != nil {
		change(st, x)
	}
	thunderdome.SaveExt(x, st)
	return st
}

// sector returns a sector's TD IV data.
func sector(x *thunderdome.Ext, id campaign.SystemID) *thunderdome.Sector {
	for i := range x.Sectors {
		if x.Sectors[i].ID == id {
			return &x.Sectors[i]
		}
	}
	panic("no sector " + id)
}

// fleetState returns a fleet's TD IV data.
func fleetState(x *thunderdome.Ext, owner campaign.PlayerID, id campaign.FleetID) *thunderdome.FleetState {
	for i := range x.Fleets {
		if x.Fleets[i].Owner == owner && x.Fleets[i].ID == id {
			return &x.Fleets[i]
		}
	}
	x.Fleets = append(x.Fleets, thunderdome.FleetState{Owner: owner, ID: id})
	return &x.Fleets[len(x.Fleets)-1]
}

// place puts one of lyran's fleets at a sector, there since the turn
// began.
func place(st *campaign.State, x *thunderdome.Ext, id campaign.FleetID, at campaign.SystemID) {
	st.Fleet(player, id).At = at
	fleetState(x, player, id).Started = at
}

// wantPoints fails unless the checked mail spent n points.
func wantPoints(t *testing.T, st *campaign.State, body string, spent int) string {
	t.Helper()
	c := check(t, st, parse(t, st, player, body))
	if !strings.Contains(c.Summary(), "4 this turn, "+strconv.Itoa(spent)+" spent") {
		t.Errorf("summary = %q, want %d points spent", c.Summary(), spent)
	}
	return c.Echo()
}

// wantRefused fails unless the mail is refused citing rule.
func wantRefused(t *testing.T, st *campaign.State, body, rule string) {
	t.Helper()
	ps := refused(t, st, parse(t, st, player, body))
	if !strings.Contains(ps.Error(), rule) {
		t.Errorf("problems = %v, want one citing %s", ps, rule)
	}
}

// wantProblem fails unless the mail's first problem cites rule and its
// message and hint hold msg and hint.
func wantProblem(t *testing.T, st *campaign.State, body, rule, msg, hint string) {
	t.Helper()
	ps := refused(t, st, parse(t, st, player, body))
	if ps[0].Rule != rule || !strings.Contains(ps[0].Msg, msg) || !strings.Contains(ps[0].Hint, hint) {
		t.Errorf("%s: problems = %v, want %s: %q, hint %q", body, ps, rule, msg, hint)
	}
}

func TestUTD6_36_EstablishFortificationFreeWithMinesweeper(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s10").Type = thunderdome.Dead
		place(st, x, "f1", "s10")
		place(st, x, "f2", "s10")
	})
	wantPoints(t, st, "  - establish: {fleet: f2, what: fortification}\n", 0)
	wantPoints(t, st, "  - establish: {fleet: f1, what: fortification}\n", 1)
	wantRefused(t, st, "  - establish: {fleet: f2, what: fortification}\n  - establish: {fleet: f1, what: fortification}\n", "UTD6.36")
	res := resolve(st, parse(t, st, player, "  - establish: {fleet: f2, what: fortification}\n  - move: {fleet: f1, to: lyra}\n"))
	if p := ext(t, res.Next).Pending; len(p) != 1 || p[0].At != "s10" || p[0].Fleet != "f2" {
		t.Errorf("pending = %+v, want f2's fortification at s10", p)
	}
	// The establishing fleet stays (UTD6.34).
	wantRefused(t, st, "  - establish: {fleet: f2, what: fortification}\n  - move: {fleet: f2, to: lyra}\n", "UTD6.34")
}

func TestUTD6_34_EstablishColonyWhereTheFleetBeganTheTurn(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s10").Type = thunderdome.Life
		sector(x, "s01").Type = thunderdome.Dead
		place(st, x, "f3", "s10")
		place(st, x, "f1", "s01")
	})
	wantPoints(t, st, "  - establish: {fleet: f3, what: colony}\n", 0) // large freighter (UTD4.331)
	wantRefused(t, st, "  - establish: {fleet: f1, what: colony}\n", "UTD4.33")
	wantRefused(t, st, "  - establish: {fleet: f3, what: mine}\n", "UTD4.34")
	// A fleet that moved in this turn did not start there.
	wantRefused(t, st, "  - move: {fleet: f1, to: s11}\n  - move: {fleet: f1, to: s10}\n  - establish: {fleet: f1, what: fortification}\n", "UTD6.3")
}

func TestUTD4_352_RemoveFortification(t *testing.T) {
	st := setup(t, nil)
	wantPoints(t, st, "  - remove_fortification: {fleet: f2}\n", 0) // minesweeper
	wantPoints(t, st, "  - remove_fortification: {fleet: f1}\n", 1)
	wantRefused(t, st, "  - remove_fortification: {fleet: f2}\n  - remove_fortification: {fleet: f1}\n", "UTD4.352")
	res := resolve(st, parse(t, st, player, "  - remove_fortification: {fleet: f2}\n"))
	if p := ext(t, res.Next).Pending; len(p) != 1 || !p[0].Remove || p[0].At != "lyra" {
		t.Errorf("pending = %+v, want the removal of lyra's fortification", p)
	}
}

// trapAt puts lyran's f1 at s10, trapped there by a hydran fortification.
func trapAt(st *campaign.State, x *thunderdome.Ext) {
	sector(x, "s10").Type = thunderdome.Dead
	place(st, x, "f1", "s10")
	fleetState(x, player, "f1").Trapped = true
	st.Developments = append(st.Developments, campaign.Development{At: "s10", Owner: "hydran", Kind: campaign.Fortification})
}

func TestUTD4_3561_SiegeRoll(t *testing.T) {
	st := setup(t, trapAt)
	bank := st.Player(player).Treasury
	echo := wantPoints(t, st, "  - siege: {fleet: f1, dice: 3}\n", 1)
	if !strings.Contains(echo, "100 BPV") || !strings.Contains(echo, "dice for the siege of s10") {
		t.Errorf("echo = %q, want 100 BPV paid and three dice", echo)
	}
	wantRefused(t, st, "  - siege: {fleet: f1}\n  - siege: {fleet: f1}\n", "UTD4.3561")
	wantRefused(t, st, "  - siege: {fleet: f2}\n", "UTD4.3561")
	wantRefused(t, st, "  - move: {fleet: f1, to: lyra}\n", "UTD4.356")
	res := resolve(st, parse(t, st, player, "  - siege: {fleet: f1, dice: 3}\n"))
	if got := res.Next.Player(player).Treasury; got != bank-100 {
		t.Errorf("bank %d after a 3-dice siege from %d, want 100 less (UTD4.3562)", got, bank)
	}
	fs := fleetState(ext(t, res.Next), player, "f1")
	freed := strings.Contains(echo, "is free and moves from the next cycle")
	if fs.Trapped == freed || (!freed && fs.SiegeFails != 3) {
		t.Errorf("after resolve: trapped %v, fails %d; the reply said freed %v", fs.Trapped, fs.SiegeFails, freed)
	}
}

func TestUTD4_3563_TimeServed(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		trapAt(st, x)
		fleetState(x, player, "f1").SiegeFails = 3
	})
	echo := wantPoints(t, st, "  - siege: {fleet: f1}\n", 1)
	if !strings.Contains(echo, "time served") || strings.Contains(echo, "dice for") {
		t.Errorf("echo = %q, want the fleet freed without dice", echo)
	}
}

func TestUTD4_3564_JailBreak(t *testing.T) {
	// The rescuer is f3: f2's minesweeper would destroy the fortification
	// at step 9 and free every fleet there (UTD4.352).
	st := setup(t, trapAt)
	body := "  - move: {fleet: f3, to: s10}\n  - jail_break: {fleet: f1, rescuer: f3, to: lyra}\n"
	wantPoints(t, st, body, 1) // the rescuer leaves the home colony for free (UTD4.334)
	wantRefused(t, st, "  - jail_break: {fleet: f1, rescuer: f3, to: lyra}\n", "UTD4.3564")
	res := resolve(st, parse(t, st, player, body))
	x := ext(t, res.Next)
	if f := res.Next.Fleet(player, "f1"); f.At != "lyra" || fleetState(x, player, "f1").Trapped {
		t.Errorf("f1 at %s, trapped %v; want free at lyra", f.At, fleetState(x, player, "f1").Trapped)
	}
	if f := res.Next.Fleet(player, "f3"); f.At != "s10" || !fleetState(x, player, "f3").Trapped {
		t.Errorf("f3 at %s, trapped %v; want trapped at s10", f.At, fleetState(x, player, "f3").Trapped)
	}
}

func TestUTD6_32_MoveCapitalOncePerCycle(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) { sector(x, "s10").Type = thunderdome.Dead })
	wantPoints(t, st, "  - move_capital: {to: s10}\n", 3)
	wantPoints(t, st, "  - move_capital: {to: s10, with_defenses: true}\n", 4)
	wantRefused(t, st, "  - move_capital: {to: s01}\n", "UTD5.11")
	st2 := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s10").Type = thunderdome.Dead
		x.Empires[empireIndex(x)].CapitalMoved = x.Cycle
	})
	wantRefused(t, st2, "  - move_capital: {to: s10}\n", "UTD6.322")
	res := resolve(st, parse(t, st, player, "  - move_capital: {to: s10}\n"))
	if e := ext(t, res.Next).Empires[empireIndex(ext(t, res.Next))]; e.Capital != "s10" {
		t.Errorf("capital at %s, want s10", e.Capital)
	}
}

func empireIndex(x *thunderdome.Ext) int {
	for i, e := range x.Empires {
		if e.Player == player {
			return i
		}
	}
	return -1
}

func TestUTD6_33_OrganizeFleets(t *testing.T) {
	st := setup(t, nil)
	two := "  - organize: {fleets: {f1: [battlecruiser, cruiser, destroyer, frigate], f3: [large-freighter, repair-tender]}}\n"
	wantPoints(t, st, two, 1)
	wantRefused(t, st, "  - organize: {fleets: {f1: [battlecruiser, cruiser], f3: [large-freighter, repair-tender]}}\n", "UTD6.33")
	wantRefused(t, st, "  - move: {fleet: f3, to: s10}\n"+two, "UTD6.33")
	split := "  - organize: {fleets: {f1: [battlecruiser, cruiser, destroyer], f2: [cruiser, frigate], f4: [troop-ship, minesweeper]}}\n"
	wantPoints(t, st, split, 2)
	wantPoints(t, st, "  - organize: {fleets: {f2: [cruiser, frigate, troop-ship, minesweeper, frigate], f3: [large-freighter, repair-tender]}}\n", 1)
	wantPoints(t, st, "  - organize: {fleets: {f2: [cruiser, frigate, troop-ship, minesweeper, frigate, large-freighter, repair-tender], f3: []}}\n", 1)
	all := "[battlecruiser, cruiser, destroyer, cruiser, frigate, troop-ship, minesweeper, large-freighter, repair-tender, frigate]"
	wantRefused(t, st, "  - organize: {fleets: {f1: "+all+", f2: [], f3: []}}\n", "UTD7.23")
	res := resolve(st, parse(t, st, player, split))
	if f := res.Next.Fleet(player, "f4"); f == nil || campaign.UnitList(f.Units) != "troop-ship, minesweeper" {
		t.Errorf("f4 = %+v, want the troop ship and the minesweeper", f)
	}
}

func TestUTD6_3F_Scrap(t *testing.T) {
	st := setup(t, nil)
	bank := st.Player(player).Treasury
	wantPoints(t, st, "  - scrap: {fleet: f3, units: [frigate]}\n", 1)
	wantPoints(t, st, "  - scrap: {fleet: f3, units: [frigate], refund: false}\n", 0)
	res := resolve(st, parse(t, st, player, "  - scrap: {fleet: f1, units: [cruiser]}\n"))
	if got := res.Next.Player(player).Treasury; got < bank+57 {
		t.Errorf("bank %d after scrapping a 115 BPV cruiser from %d, want 57 more", got, bank)
	}
	res = resolve(st, parse(t, st, player, "  - scrap: {fleet: f3, units: [large-freighter, repair-tender, frigate], refund: false}\n"))
	if res.Next.Fleet(player, "f3") != nil {
		t.Errorf("fleet f3 left empty still stands")
	}
}

// TestUTD6_3F_ScrapRetainsAllFractions: scrapping ships of 63 and 80 BPV
// pays 71.5 into the bank, not 71 (UTD6.3F: "retain all fractions"); the
// half stays in the bank, the reply and the report print it, the state
// keeps it across a save, and a second half makes a whole BPV.
func TestUTD6_3F_ScrapRetainsAllFractions(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		addClass(st, x, "ff63", 63, 4, 10, nil, nil)
		addClass(st, x, "dd80", 80, 4, 15, nil, nil)
		st.Fleet(player, "f3").Units = append(st.Fleet(player, "f3").Units, "ff63", "dd80", "ff63")
	})
	bank := bankOf(t, st, player)
	mail := "  - scrap: {fleet: f3, units: [ff63, dd80]}\n"
	c := check(t, st, parse(t, st, player, mail))
	if !strings.Contains(c.Echo(), "71.5 BPV, half their BPV, came back to lyran's bank (UTD6.3F)") {
		t.Errorf("echo = %q, want 71.5 BPV back", c.Echo())
	}
	if want := fmt.Sprintf("Bank: %s BPV", bank+thunderdome.Whole(71)+thunderdome.Whole(1)/2); !strings.Contains(c.Summary(), want) {
		t.Errorf("summary = %q, want %q", c.Summary(), want)
	}
	res := resolve(st, parse(t, st, player, mail))
	if got := bankOf(t, res.Next, player) - bank; got != thunderdome.Whole(143)/2 {
		t.Errorf("the bank gained %s BPV, want 71.5", got)
	}
	if got := bankOf(t, res.Next, player).String(); !strings.HasSuffix(got, ".5") {
		t.Errorf("the bank = %s, want it to keep the half", got)
	}
	st = setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		addClass(st, x, "ff63", 63, 4, 10, nil, nil)
		st.Fleet(player, "f3").Units = append(st.Fleet(player, "f3").Units, "ff63", "ff63")
	})
	bank = bankOf(t, st, player)
	res = resolve(st, parse(t, st, player, "  - scrap: {fleet: f3, units: [ff63]}\n  - scrap: {fleet: f3, units: [ff63]}\n"))
	if got := bankOf(t, res.Next, player); got != bank+thunderdome.Whole(63) || res.Next.Player(player).Treasury != st.Player(player).Treasury+63 {
		t.Errorf("two halves of 63: bank %s, treasury %d; want %s, whole", got, res.Next.Player(player).Treasury, bank+thunderdome.Whole(63))
	}
}

// TestUTD6_3F_BPVReadsAsADecimal: an amount of BPV is written and read
// as a JSON number with its fraction, exactly, and the whole numbers of
// states from before version 6 read as they were.
func TestUTD6_3F_BPVReadsAsADecimal(t *testing.T) {
	for _, tc := range []struct {
		text string
		want thunderdome.BPV
	}{{"71", thunderdome.Whole(71)}, {"71.5", thunderdome.Whole(143) / 2}, {"179.8", 17980}, {"33.25", 3325}, {"0.05", 5}, {"-2.5", -250}} {
		var got thunderdome.BPV
		if err := json.Unmarshal([]byte(tc.text), &got); err != nil || got != tc.want {
			t.Errorf("json.Unmarshal(%s) = %d, %v; want %d", tc.text, got, err, tc.want)
		}
		if out, err := json.Marshal(tc.want); err != nil || string(out) != tc.text {
			t.Errorf("json.Marshal(%d) = %s, %v; want %s", tc.want, out, err, tc.text)
		}
	}
	for _, bad := range []string{"71.555", "7e2", "\"71\"", "71.", ".5", "--1"} {
		var got thunderdome.BPV
		if err := json.Unmarshal([]byte(bad), &got); err == nil {
			t.Errorf("json.Unmarshal(%s) = %d, want an error", bad, got)
		}
	}
	var e thunderdome.Empire
	if err := json.Unmarshal([]byte(`{"player": "lyran", "unbanked": 71}`), &e); err != nil || e.Unbanked != thunderdome.Whole(71) || e.BankFraction != 0 {
		t.Errorf("an empire of version 5 = %+v, %v; want 71 BPV unbanked and no fraction", e, err)
	}
}

func TestUTD6_3D1_DeadDropContainers(t *testing.T) {
	st := setup(t, nil)
	echo := wantPoints(t, st, "  - dead_drop: {fleet: f1, containers: 2}\n", 2)
	if !strings.Contains(echo, "220 BPV") {
		t.Errorf("echo = %q, want 220 BPV paid", echo)
	}
	res := resolve(st, parse(t, st, player, "  - dead_drop: {fleet: f1, containers: 2}\n"))
	if c := ext(t, res.Next).Containers; len(c) != 1 || c[0].Count != 2 || c[0].At != "lyra" {
		t.Errorf("containers = %+v, want 2 at lyra", c)
	}
}

func TestUTD6_3D2_DeadDropDerelicts(t *testing.T) {
	st := setup(t, nil)
	res := resolve(st, parse(t, st, player, "  - dead_drop: {fleet: f3, derelicts: [frigate, repair-tender]}\n"))
	if d := ext(t, res.Next).Derelicts; len(d) != 1 || campaign.UnitList(d[0].Units) != "repair-tender, frigate" {
		t.Errorf("derelicts = %+v, want the repair tender and the frigate", d)
	}
	wantPoints(t, st, "  - dead_drop: {fleet: f3, derelicts: [frigate, repair-tender]}\n", 1)
}

func TestUTD6_3E_TowWreckedShip(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) { fleetState(x, player, "f1").Wrecked = []int{2} })
	wantRefused(t, st, "  - move: {fleet: f1, to: s10}\n", "UTD6.3E")
	wantPoints(t, st, "  - tow: {fleet: f1, to: s10}\n", 1) // free move from the home colony, 1 for the wreck
	wantPoints(t, st, "  - tow: {fleet: f1, to: s10}\n  - tow: {fleet: f1, to: s11}\n", 3)
	res := resolve(st, parse(t, st, player, "  - tow: {fleet: f1, to: s10}\n"))
	if f := res.Next.Fleet(player, "f1"); f.At != "s10" || len(f.Units) != 3 {
		t.Errorf("f1 = %+v, want at s10 with its wreck", f)
	}
}

func TestUTD4_335_RepairFleetAtColony(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleet(player, "f1").Damage = []campaign.UnitDamage{{Unit: 0, Structure: 9}}
		st.Fleet(player, "f3").Damage = []campaign.UnitDamage{{Unit: 2, Structure: 4}}
	})
	wantPoints(t, st, "  - repair_fleet: {fleet: f1}\n", 1)
	echo := wantPoints(t, st, "  - repair_fleet: {fleet: f3}\n", 0) // repair tender: free, damage control +1
	if !strings.Contains(echo, "mended 4 damage points") {
		t.Errorf("echo = %q, want 4 points mended (frigate damage control 1 + 1, twice)", echo)
	}
	wantRefused(t, st, "  - move: {fleet: f1, to: s10}\n  - move: {fleet: f1, to: lyra}\n  - repair_fleet: {fleet: f1}\n", "UTD4.335")
	res := resolve(st, parse(t, st, player, "  - repair_fleet: {fleet: f1}\n"))
	if d := res.Next.Fleet(player, "f1").DamageOf(0); d.Structure > 3 {
		t.Errorf("battlecruiser damage %d, want at most 9 − 2×3", d.Structure)
	}
}

func TestUTD6_39_RepairWithRepairFreighter(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s10").Type = thunderdome.Dead
		place(st, x, "f3", "s10")
		st.Fleet(player, "f3").Damage = []campaign.UnitDamage{{Unit: 2, Structure: 4}}
	})
	wantPoints(t, st, "  - freighter_repair: {fleet: f3, units: [frigate]}\n", 1)
	// A small repair freighter mends one ship per cycle.
	wantRefused(t, st, "  - freighter_repair: {fleet: f3, units: [frigate, large-freighter]}\n", "UTD6.39")
	wantRefused(t, st, "  - freighter_repair: {fleet: f1, units: [cruiser]}\n", "UTD6.39")
}

// TestUTD6_121_ResolveThrowsTheDiceTheReplyTold: an order resolves at
// once (UTD6.121), so the turn plays it with the dice the reply to the
// mail told the player, whatever the campaign's seed.
func TestUTD6_121_ResolveThrowsTheDiceTheReplyTold(t *testing.T) {
	for seed := range uint64(20) {
		st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
			st.Seed = seed
			trapAt(st, x)
		})
		sub := parse(t, st, player, "  - siege: {fleet: f1, dice: 1}\n")
		echo := check(t, st, sub).Echo()
		_, told, _ := strings.Cut(echo, "dice for the siege of s10: ")
		told, _, _ = strings.Cut(told, "\n")
		res := resolve(st, sub)
		var played string
		for _, e := range res.Events {
			if _, after, ok := strings.Cut(e.Text, "dice for the siege of s10: "); ok {
				played, _, _ = strings.Cut(after, ";")
			}
		}
		if told == "" || played != told {
			t.Errorf("seed %d: the reply told the die %q, the turn threw %q", seed, told, played)
		}
	}
}

// TestUTD4_352_FallenFortificationTrapsNoMore: once a minesweeper
// destroys the fortification (UTD4.352), the fleets it trapped are free
// to move (UTD4.356): there is nothing left to hold them.
func TestUTD4_352_FallenFortificationTrapsNoMore(t *testing.T) {
	st := setup(t, trapAt)
	res := resolve(st, parse(t, st, player, "  - move: {fleet: f2, to: s10}\n"))
	if len(res.Next.DevelopmentsAt("s10")) != 0 {
		t.Fatalf("the minesweeper of f2 left the fortification at s10 standing: %v", res.Next.DevelopmentsAt("s10"))
	}
	for _, id := range []campaign.FleetID{"f1", "f2"} {
		if fs := fleetState(ext(t, res.Next), player, id); fs.Trapped {
			t.Errorf("fleet %s is still trapped at s10 after the fortification fell", id)
		}
	}
}

// fortifiedMine puts a hydran fortification and a developed mine at s10,
// a mineral sector hydran owns.
func fortifiedMine(st *campaign.State, x *thunderdome.Ext) {
	sector(x, "s10").Type, sector(x, "s10").Owner = thunderdome.Mineral, "hydran"
	st.Developments = append(st.Developments,
		campaign.Development{At: "s10", Owner: "hydran", Kind: campaign.Fortification},
		campaign.Development{At: "s10", Owner: "hydran", Kind: campaign.Mine})
}

// untilTurnOf resolves the turns of the other players, with no orders,
// until p's turn is open again.
func untilTurnOf(t *testing.T, st *campaign.State, p campaign.PlayerID, each func(*campaign.State)) *campaign.State {
	t.Helper()
	for range 8 {
		if x := ext(t, st); x.Order[x.Current] == p {
			return st
		}
		st = resolve(st, nil).Next
		each(st)
	}
	t.Fatalf("%s's turn never came back", p)
	return nil
}

// mineOwner is the owner of the mine at s10, or "" without one.
func mineOwner(st *campaign.State) campaign.PlayerID {
	for _, d := range st.DevelopmentsAt("s10") {
		if d.Kind == campaign.Mine {
			return d.Owner
		}
	}
	return ""
}

// TestUTD4_353_MinesweeperCaptureWaitsForTheNextTurn plays the example
// of UTD4.353: lyran's fleet f2, with a minesweeper and a troop ship,
// enters s10, where hydran has a fortification and a developed mine, on
// turn Y. At step 9 the fortification falls, but the mine stays hydran's
// through the other players' turns, paying hydran its income. If f2 stays
// in s10 on lyran's next turn, Y+1, its troop ship captures the mine; if
// it moves away, the mine remains hydran's.
func TestUTD4_353_MinesweeperCaptureWaitsForTheNextTurn(t *testing.T) {
	st := setup(t, fortifiedMine)
	res := resolve(st, parse(t, st, player, "  - move: {fleet: f2, to: s10}\n"))
	if enemyFortAt := res.Next.DevelopmentsAt("s10"); len(enemyFortAt) != 1 || mineOwner(res.Next) != "hydran" {
		t.Fatalf("after turn Y: s10 holds %v; want the fortification gone and hydran's mine standing", enemyFortAt)
	}
	if text := eventText(res, thunderdome.EventCapture); !strings.Contains(text, "lyran takes hydran's mine at s10 only if its fleet stays there until lyran's next turn (UTD4.353)") {
		t.Errorf("capture events = %q, want the mine's wait told", text)
	}
	yPlus1 := untilTurnOf(t, res.Next, player, func(st *campaign.State) {
		if mineOwner(st) != "hydran" {
			t.Fatalf("turn %d: the mine at s10 is %q's; want hydran's until lyran's next turn", st.Turn, mineOwner(st))
		}
	})
	stays := resolve(yPlus1, nil)
	if got := mineOwner(stays.Next); got != player {
		t.Errorf("f2 stayed in s10 on turn Y+1: the mine is %q's; want it captured by lyran's troop ship", got)
	}
	moves := resolve(yPlus1, parse(t, yPlus1, player, "  - move: {fleet: f2, to: s11}\n"))
	if got := mineOwner(moves.Next); got != "hydran" {
		t.Errorf("f2 moved from s10 on turn Y+1: the mine is %q's; want it hydran's still", got)
	}
	if text := eventText(moves, thunderdome.EventCapture); !strings.Contains(text, "hydran's mine at s10 remains") {
		t.Errorf("capture events = %q, want the mine said to remain", text)
	}
}

// TestOrderMissingFieldHintGivesTheKeyOnce: an order missing a field it
// needs is refused with an example of that field, "add e.g. fleet: f1",
// not with the key written twice.
func TestOrderMissingFieldHintGivesTheKeyOnce(t *testing.T) {
	twice := regexp.MustCompile(`add e\.g\. (\w+): (\w+):`)
	for _, k := range thunderdome.Kinds().Names() {
		_, err := parseErr("campaign: thunderdome\nplayer: lyran\nturn: 1\norders:\n  - " + k + ": {}\n")
		if err == nil {
			continue
		}
		if m := twice.FindStringSubmatch(err.Error()); m != nil && m[1] == m[2] {
			t.Errorf("%s: %v", k, err)
		}
	}
}

// TestOrderProblemsReadAsEnglish: a problem names an order of a kind that
// starts with a vowel as "an organize order", not "a organize order".
func TestOrderProblemsReadAsEnglish(t *testing.T) {
	for _, k := range []string{"organize", "establish", "explore", "activate_shipyard", "intend"} {
		_, err := parseErr("campaign: thunderdome\nplayer: lyran\nturn: 1\norders:\n  - " + k + ": {}\n")
		if err == nil || !strings.Contains(err.Error(), "an "+k+" order") {
			t.Errorf("%s: problems = %v, want them to name an %s order", k, err, k)
		}
	}
}
