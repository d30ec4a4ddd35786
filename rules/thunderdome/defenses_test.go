package thunderdome_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// defensesOf lists a player's defense classes at a sector, arrived or
// not, in the state's order.
func defensesOf(x *thunderdome.Ext, p campaign.PlayerID, at campaign.SystemID) []campaign.ClassName {
	var out []campaign.ClassName
	for _, d := range x.Defenses {
		if d.Owner == p && d.At == at {
			out = append(out, d.Class)
		}
	}
	return out
}

// homeDefenses are what each home starts with (UTD8.133, UTD8.134).
var homeDefenses = []campaign.ClassName{"repair-freighter", "monitor", "ground-lance", "ground-lance", "ground-lance", "defsat", "defsat", "defsat"}

// TestUTD8_134_HomeDefensesAtSetup: every home starts with the capital's
// yard, its repair freighter, a monitor, three heavy ground bases and
// three defense satellites, free.
func TestUTD8_134_HomeDefensesAtSetup(t *testing.T) {
	x := ext(t, start(t))
	for _, e := range x.Empires {
		if got := defensesOf(x, e.Player, e.Home); !slices.Equal(got, homeDefenses) {
			t.Errorf("%s's defenses at %s = %v, want %v", e.Player, e.Home, got, homeDefenses)
		}
		if !slices.ContainsFunc(x.Yards, func(y thunderdome.Yard) bool { return y.Owner == e.Player && y.Capital && y.At == e.Home }) {
			t.Errorf("%s has no capital yard at %s", e.Player, e.Home)
		}
	}
}

// TestUTD7_34_DefenseLimits: builds past a limit of UTD7.34x are refused
// with the rule, the limit and how many fewer to build; nothing changes.
func TestUTD7_34_DefenseLimits(t *testing.T) {
	st := setup(t, nil)
	for _, c := range []struct{ build, rule, msg string }{
		{"[monitor]", "UTD7.341", "2 monitor; at most 1"},
		{"[defsat, defsat, defsat]", "UTD7.342", "6 defense satellites; at most 5"},
		{"[ground-lance]", "UTD7.343", "4 heavy ground weapon bases; at most 3"},
		{"[ground-battery, ground-battery, ground-battery, ground-battery]", "UTD7.343", "7 ground weapon bases; at most 6"},
		{"[repair-tender, repair-freighter]", "UTD7.345", "2 supporting repair freighter; at most 1"},
		{"[cruiser]", "UTD7.34", "\"cruiser\" is not a defense class"},
	} {
		ps := refused(t, st, parse(t, st, player, "  - revise_defenses: {sector: lyra, build: "+c.build+"}\n"))
		if ps[0].Rule != c.rule || !strings.Contains(ps[0].Msg, c.msg) {
			t.Errorf("build %s: %v, want %s: %s", c.build, ps, c.rule, c.msg)
		}
	}
	// Two more satellites and three light batteries fit.
	check(t, st, parse(t, st, player, "  - revise_defenses: {sector: lyra, build: [defsat, defsat, ground-battery, ground-battery, ground-battery]}\n"))
	if got := defensesOf(ext(t, st), player, "lyra"); !slices.Equal(got, homeDefenses) {
		t.Errorf("defenses after the checks = %v, want them unchanged", got)
	}
}

// TestUTD7_33_DefensesWhereFortified: only a home or a fortified dead,
// colony or mine sector holds defenses.
func TestUTD7_33_DefensesWhereFortified(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) { sector(x, "s10").Type = thunderdome.Dead })
	ps := refused(t, st, parse(t, st, player, "  - revise_defenses: {sector: s10, build: [defsat]}\n"))
	if ps[0].Rule != "UTD7.33" || !strings.Contains(ps[0].Hint, "fortification") {
		t.Errorf("problems = %v, want UTD7.33 and how to fortify", ps)
	}
	st = setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s10").Type = thunderdome.Dead
		st.Developments = append(st.Developments, campaign.Development{At: "s10", Owner: player, Kind: campaign.Fortification})
	})
	check(t, st, parse(t, st, player, "  - revise_defenses: {sector: s10, build: [defsat]}\n"))
	ps = refused(t, st, parse(t, st, player, "  - revise_defenses: {sector: s10, build: [repair-tender]}\n"))
	if ps[0].Rule != "UTD7.345" {
		t.Errorf("problems = %v, want a supporting freighter refused away from a home or colony (UTD7.345)", ps)
	}
}

// TestUTD6_3A_ReviseDefenses: one point overhauls every defense there,
// scrapping returns half the BPV before the new units are paid, and the
// new units arrive at step 10; too little BPV is refused with the cost.
func TestUTD6_3A_ReviseDefenses(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		for i := range x.Defenses {
			if x.Defenses[i].Owner == player && x.Defenses[i].Class == "monitor" {
				x.Defenses[i].Damage = &campaign.UnitDamage{Structure: 4}
			}
		}
	})
	bank := st.Player(player).Treasury
	sub := parse(t, st, player, "  - revise_defenses: {sector: lyra, build: [ground-battery], scrap: [defsat]}\n")
	res := resolve(st, sub)
	x := ext(t, res.Next)
	// 25 for the battery, 10 back for the satellite (half of 20).
	if got := res.Next.Player(player).Treasury; got != bank-15 {
		t.Errorf("bank %d, want %d: 25 paid, 10 back", got, bank-15)
	}
	want := []campaign.ClassName{"repair-freighter", "monitor", "ground-lance", "ground-lance", "ground-lance", "defsat", "defsat", "ground-battery"}
	if got := defensesOf(x, player, "lyra"); !slices.Equal(got, want) {
		t.Errorf("defenses = %v, want %v", got, want)
	}
	for _, d := range x.Defenses {
		if d.Owner == player && (d.Damage != nil || d.Waiting) {
			t.Errorf("%s: damage %v waiting %v, want overhauled and arrived", d.Class, d.Damage, d.Waiting)
		}
	}
	if text := eventText(res, thunderdome.EventArrive); !strings.Contains(text, "lyran's new ground-battery arrived at lyra") {
		t.Errorf("arrivals = %q, want the battery at step 10", text)
	}
	st.Player(player).Treasury = 20
	ps := refused(t, st, parse(t, st, player, "  - revise_defenses: {sector: lyra, build: [ground-battery]}\n"))
	if ps[0].Rule != "UTD6.3A" || !strings.Contains(ps[0].Msg, "cost 25 BPV and you have 20") {
		t.Errorf("problems = %v, want the cost and the bank", ps)
	}
}

// attackHydra puts lyran's fleet f1 at s20, next to hydra, for lyran to
// attack hydran's home, where hydran's fleets are left as change says.
func attackHydra(t *testing.T, change func(st *campaign.State, x *thunderdome.Ext)) *campaign.State {
	return setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s20").Type = thunderdome.Dead
		st.Fleet(player, "f1").At = "s20"
		fleetState(x, player, "f1").Started = "s20"
		if change != nil {
			change(st, x)
		}
	})
}

// TestUTD7_4235_DefensesJoinTheDefender: in a battle pbemd fights, the
// capital, its freighter and the defenses join the fleet the defender
// chose, within 5 MC; the defenses that do not fit are held out.
func TestUTD7_4235_DefensesJoinTheDefender(t *testing.T) {
	st := attackHydra(t, nil)
	b := eventText(resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: hydra}\n")), thunderdome.EventBattle)
	if !strings.Contains(b, "hydran with fleet f1 (battlecruiser, cruiser, destroyer) and the units holding hydra (capital-dock, repair-freighter, monitor, 3 ground-lance, 3 defsat)") {
		t.Errorf("battle = %q, want hydran's fleet f1 joined by all its home's units", b)
	}
	// A fleet of 4 1/2 MC leaves room for the monitor alone.
	st = attackHydra(t, func(st *campaign.State, x *thunderdome.Ext) {
		f := st.Fleet("hydran", "f1")
		f.Units = []campaign.ClassName{"battlecruiser", "cruiser", "cruiser", "cruiser", "destroyer"}
	})
	b = eventText(resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: hydra}\n")), thunderdome.EventBattle)
	if !strings.Contains(b, "(capital-dock, repair-freighter, monitor) and 3 ground-lance, 3 defsat held out (UTD7.4234)") {
		t.Errorf("battle = %q, want the bases and satellites held out", b)
	}
}

// TestUTD7_48_DefensesNeverRetreat: a side that loses the field loses
// every unit holding the sector, held out or not; a capital lost takes
// its bank with it (UTD4.3236), and income is unbanked from then on.
func TestUTD7_48_DefensesNeverRetreat(t *testing.T) {
	st := attackHydra(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleets = slices.DeleteFunc(st.Fleets, func(f campaign.Fleet) bool { return f.Owner == "hydran" })
		st.Fleets = append(st.Fleets, campaign.Fleet{Owner: "hydran", ID: "f1", At: "s31", Units: []campaign.ClassName{"frigate"}})
		x.Defenses = slices.DeleteFunc(x.Defenses, func(d thunderdome.Defense) bool { return d.Owner == "hydran" && d.Class != "defsat" })
		st.Fleet(player, "f1").Units = []campaign.ClassName{"battlecruiser", "battlecruiser", "battlecruiser", "battlecruiser", "battlecruiser"}
	})
	res := resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: hydra}\n"))
	b := eventText(res, thunderdome.EventBattle)
	x := ext(t, res.Next)
	if !strings.Contains(b, "hydran's capital at hydra destroyed, and its bank with the") || !strings.Contains(b, "lyran holds the field") {
		t.Fatalf("battle = %q, want lyran to take hydra and the capital destroyed", b)
	}
	if got := defensesOf(x, "hydran", "hydra"); len(got) != 0 {
		t.Errorf("hydran's defenses = %v, want none left", got)
	}
	if e := empire(x, "hydran"); e.Capital != "" || res.Next.Player("hydran").Treasury != 0 {
		t.Errorf("hydran capital %q bank %d, want none and 0", e.Capital, res.Next.Player("hydran").Treasury)
	}
	if slices.ContainsFunc(x.Yards, func(y thunderdome.Yard) bool { return y.Owner == "hydran" }) {
		t.Errorf("yards = %+v, want hydran's capital yard gone", x.Yards)
	}
}

// TestUTD7_4235_ReportedBattleListsDefenses: a reported battle lists the
// units holding the sector after the defender's fleet; a result may not
// have them disengage (UTD7.48); a side that does not hold the field
// loses them all.
func TestUTD7_4235_ReportedBattleListsDefenses(t *testing.T) {
	st := attackHydra(t, func(st *campaign.State, x *thunderdome.Ext) { st.Rules.Battles = campaign.BattlesReported })
	st = resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: hydra}\n")).Next
	if len(st.Battles) != 1 {
		t.Fatalf("battles = %v, want one at hydra", st.Battles)
	}
	b := st.Battles[0]
	var refs []string
	for _, r := range rs.ShipRefs(b) {
		refs = append(refs, fmt.Sprintf("%s %s", r.Ref, r.Class))
	}
	if got := strings.Join(refs, ", "); !strings.Contains(got, "hydran#4 capital-dock, hydran#5 repair-freighter, hydran#6 monitor") {
		t.Fatalf("ships = %s, want hydran's capital, freighter and monitor after its fleet", got)
	}
	bad := &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#6", Fate: "disengaged", Direction: "s20"}}}
	if ps := rs.CheckResult(st, b, bad); len(ps) == 0 || !strings.Contains(strings.Join(ps, "; "), "cannot retreat (UTD7.48)") {
		t.Errorf("CheckResult = %v, want the monitor's retreat refused", ps)
	}
	// lyran is destroyed: hydran holds the field and keeps everything;
	// the monitor is crippled.
	var ships []orders.ShipFate
	for _, r := range rs.ShipRefs(b) {
		if r.Owner == player {
			ships = append(ships, orders.ShipFate{Ship: r.Ref, Fate: "destroyed"})
		}
	}
	ships = append(ships, orders.ShipFate{Ship: "hydran#6", Fate: "crippled", Damage: 3}, orders.ShipFate{Ship: "hydran#4", Fate: "crippled", Damage: 5})
	if _, err := rs.ApplyResult(st, b.ID, &orders.BattleResult{Ships: ships}, "agreed"); err != nil {
		t.Fatal(err)
	}
	x := ext(t, st)
	for _, d := range x.Defenses {
		if d.Owner == "hydran" && d.Class == "monitor" && (d.Damage == nil || d.Damage.Structure != 3) {
			t.Errorf("monitor damage = %v, want 3", d.Damage)
		}
	}
	for _, y := range x.Yards {
		if y.Owner == "hydran" && y.Capital && y.Destroyed != 5 {
			t.Errorf("capital yard destroyed boxes = %d, want 5 (UTD6.3724)", y.Destroyed)
		}
	}
	if empire(x, "hydran").Capital != "hydra" {
		t.Errorf("hydran lost its capital though it held the field")
	}
}

// TestUTD6_325_MoveCapitalWithDefenses: for 4 points the capital's
// defenses move with it; its freighter always does; the move is refused
// when the defenses there and the ones coming would pass a limit.
func TestUTD6_325_MoveCapitalWithDefenses(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) { sector(x, "s10").Type = thunderdome.Dead })
	res := resolve(st, parse(t, st, player, "  - move_capital: {to: s10, with_defenses: true}\n"))
	x := ext(t, res.Next)
	if got := defensesOf(x, player, "s10"); !slices.Equal(got, homeDefenses) || len(defensesOf(x, player, "lyra")) != 0 {
		t.Errorf("defenses at s10 = %v, at lyra %v; want all moved", got, defensesOf(x, player, "lyra"))
	}
	res = resolve(st, parse(t, st, player, "  - move_capital: {to: s10}\n"))
	x = ext(t, res.Next)
	if got := defensesOf(x, player, "s10"); !slices.Equal(got, []campaign.ClassName{"repair-freighter"}) {
		t.Errorf("defenses at s10 = %v, want the capital's freighter alone", got)
	}
	st = setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s10").Type = thunderdome.Dead
		x.Defenses = append(x.Defenses, thunderdome.Defense{At: "s10", Owner: player, Class: "monitor"})
	})
	ps := refused(t, st, parse(t, st, player, "  - move_capital: {to: s10, with_defenses: true}\n"))
	if ps[0].Rule != "UTD6.325" || !strings.Contains(ps[0].Msg, "2 monitor") || !strings.Contains(ps[0].Hint, "with_defenses: false") {
		t.Errorf("problems = %v, want the monitor limit and what to send instead", ps)
	}
}

// loseCapital takes lyran's capital and its yard and freighter away.
func loseCapital(st *campaign.State, x *thunderdome.Ext) {
	empire(x, player).Capital = ""
	x.Yards = slices.DeleteFunc(x.Yards, func(y thunderdome.Yard) bool { return y.Owner == player })
	x.Defenses = slices.DeleteFunc(x.Defenses, func(d thunderdome.Defense) bool { return d.Owner == player && d.Capital })
}

// TestUTD4_3235_ReplacementCapital: a player without a capital buys one
// for 600 BPV at a developed colony; it opens with a new bank at step 10
// (UTD4.3236). A player with a capital is refused (UTD4.3233), and so is
// one without the BPV.
func TestUTD4_3235_ReplacementCapital(t *testing.T) {
	st := setup(t, nil)
	if ps := refused(t, st, parse(t, st, player, "  - replace_capital: {at: lyra}\n")); ps[0].Rule != "UTD4.3233" {
		t.Errorf("problems = %v, want UTD4.3233", ps)
	}
	st = setup(t, loseCapital)
	st.Player(player).Treasury = 700
	res := resolve(st, parse(t, st, player, "  - replace_capital: {at: lyra}\n"))
	if e := empire(ext(t, res.Next), player); e.Capital != "lyra" || res.Next.Player(player).Treasury != 100 {
		t.Errorf("capital %q bank %d, want lyra and 100", e.Capital, res.Next.Player(player).Treasury)
	}
	st.Player(player).Treasury = 500
	if ps := refused(t, st, parse(t, st, player, "  - replace_capital: {at: lyra}\n")); ps[0].Rule != "UTD4.3235" || !strings.Contains(ps[0].Msg, "600 BPV and you have 500") {
		t.Errorf("problems = %v, want the price and the bank", ps)
	}
}

// TestUTD4_3235_ReplacementCapitalWhileBattlesWait: a capital bought, or
// a new size class 2 yard designated, on a turn that waits for a reported
// battle opens with its bank at step 10, once the battle is settled,
// however often the waiting turn was resolved meanwhile (UTD4.3235,
// UTD6.3843, UTD2.3).
func TestUTD4_3235_ReplacementCapitalWhileBattlesWait(t *testing.T) {
	for _, tc := range []struct{ name, orders string }{
		{"bought", "  - replace_capital: {at: lyra}\n"},
		{"new yard designated", "  - build_shipyard: {sector: lyra, yard: sc2}\n  - replace_capital: {at: lyra, designate: true}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
				loseCapital(st, x)
				st.Rules.Battles = campaign.BattlesReported
				st.Fleet("hydran", "f1").At = "s10"
				st.Player(player).Treasury = 700
			})
			st = resolve(st, parse(t, st, player, tc.orders+"  - move: {fleet: f1, to: s10}\n")).Next
			if len(st.Battles) != 1 || empire(ext(t, st), player).Capital != "" {
				t.Fatalf("battles %v, capital %q; want the battle pending and no capital before step 10", st.Battles, empire(ext(t, st), player).Capital)
			}
			st = resolve(st, nil).Next
			st = resolve(st, nil).Next
			events, err := rs.ApplyResult(st, st.Battles[0].ID, &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#1", Fate: "destroyed"}}}, "agreed")
			if err != nil {
				t.Fatal(err)
			}
			if c := empire(ext(t, st), player).Capital; c != "lyra" || !said(events, "lyran's new capital at lyra is ready, with a new bank (UTD4.3235, UTD4.3236)") {
				t.Errorf("capital %q, events %v; want lyra's capital open at step 10", c, events)
			}
		})
	}
}

// TestUTD6_3843_DesignateShipyard: a size class 2 shipyard becomes the
// capital at once, for no BPV.
func TestUTD6_3843_DesignateShipyard(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		loseCapital(st, x)
		x.Yards = append(x.Yards, thunderdome.Yard{At: "lyra", Owner: player, Size: 2, Boxes: 10})
	})
	bank := st.Player(player).Treasury
	res := resolve(st, parse(t, st, player, "  - replace_capital: {at: lyra, designate: true}\n"))
	x := ext(t, res.Next)
	if empire(x, player).Capital != "lyra" || res.Next.Player(player).Treasury != bank || !x.Yards[len(x.Yards)-1].Capital {
		t.Errorf("capital %q bank %d, want lyra from the yard and the bank unchanged", empire(x, player).Capital, res.Next.Player(player).Treasury)
	}
}

// TestUTD4_3236_NewCapitalBanksUnspentIncome: income received without a
// capital and not spent is lost at the end of the turn, unless a capital
// stands by then: one designated this turn banks it (UTD4.3236, UTD6.3843).
func TestUTD4_3236_NewCapitalBanksUnspentIncome(t *testing.T) {
	for _, tc := range []struct {
		name, orders string
		banked       int
	}{
		{"no capital", "  - move: {fleet: f1, to: s01}\n", 0},
		{"capital designated", "  - replace_capital: {at: lyra, designate: true}\n", 55},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
				loseCapital(st, x)
				x.Yards = append(x.Yards, thunderdome.Yard{At: "lyra", Owner: player, Size: 2, Boxes: 10})
				empire(x, player).Unbanked = thunderdome.Whole(55)
			})
			bank := st.Player(player).Treasury
			res := resolve(st, parse(t, st, player, tc.orders))
			if got := res.Next.Player(player).Treasury; got != bank+tc.banked {
				t.Errorf("bank %d, want %d", got, bank+tc.banked)
			}
			if e := empire(ext(t, res.Next), player); e.Unbanked != 0 {
				t.Errorf("unbanked %s after the turn, want 0", e.Unbanked)
			}
		})
	}
}

// TestUTD4_3237_ReplacementFreighter: a capital that lost its repair
// freighter buys a new one, arriving at step 10; while it has one, the
// order is refused.
func TestUTD4_3237_ReplacementFreighter(t *testing.T) {
	st := setup(t, nil)
	if ps := refused(t, st, parse(t, st, player, "  - replace_capital: {freighter: repair-tender}\n")); ps[0].Rule != "UTD4.3237" {
		t.Errorf("problems = %v, want UTD4.3237", ps)
	}
	st = setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		x.Defenses = slices.DeleteFunc(x.Defenses, func(d thunderdome.Defense) bool { return d.Owner == player && d.Capital })
	})
	res := resolve(st, parse(t, st, player, "  - replace_capital: {freighter: repair-tender}\n"))
	x := ext(t, res.Next)
	if !slices.ContainsFunc(x.Defenses, func(d thunderdome.Defense) bool {
		return d.Owner == player && d.Capital && d.Class == "repair-tender" && d.At == "lyra" && !d.Waiting
	}) {
		t.Errorf("defenses = %+v, want lyran's capital served by a repair-tender", x.Defenses)
	}
}
