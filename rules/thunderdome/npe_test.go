package thunderdome_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// withNPE loads the scenario with lyran's turn open and the Varn Reach,
// whose classes are the battlecruiser, cruiser and destroyer, holding s10,
// a life sector one lane from lyra, with the losses given; reported sets
// battles: reported.
func withNPE(t *testing.T, losses int, reported bool) *campaign.State {
	t.Helper()
	return setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		x.House.NPE = true
		sector(x, "s10").Type = thunderdome.Life
		x.NPEs = []thunderdome.NPE{{At: "s10", Empire: "Varn Reach", Finder: "hydran", Found: 1, Losses: losses}}
		if reported {
			st.Rules.Battles = campaign.BattlesReported
		}
	})
}

// npeAt returns the NPE at a sector of a state, or nil.
func npeAt(t *testing.T, st *campaign.State, at campaign.SystemID) *thunderdome.NPE {
	t.Helper()
	x := ext(t, st)
	for i := range x.NPEs {
		if x.NPEs[i].At == at {
			return &x.NPEs[i]
		}
	}
	return nil
}

// f1Moves is lyran's f1 (battlecruiser, cruiser, destroyer: 335 BPV) moving
// into s10.
const f1Moves = "  - move: {fleet: f1, to: s10}\n"

// The examples of UTD5.29, played through the budget: each gives the BPV
// the NPE fields and whether the attacker takes it without a fight.
func TestUTD5_291_Example1Frank(t *testing.T) {
	// 250 against an unharmed NPE: 250, within [250, 600].
	wantBudget(t, 250, 0, 0, 250, false)
}

func TestUTD5_292_Example2Matt(t *testing.T) {
	// Frank's DD (100) captured is an offset only: Matt's 600 meets 600.
	wantBudget(t, 600, 0, 100, 600, false)
}

func TestUTD5_293_Example3Charles(t *testing.T) {
	// Losses 125 + 25 = 150, less the 100 offset: 550 against 750.
	wantBudget(t, 750, 150, 100, 550, false)
}

func TestUTD5_294_Example4Don(t *testing.T) {
	// Losses 150 + 400 + 200 = 750, less 100: 650 net; the floor of 150,
	// and Don's 300 doubles it: Anschluss.
	wantBudget(t, 300, 750, 100, 150, true)
}

func TestUTD5_295_Example5Marcel(t *testing.T) {
	// Losses 100 + 475 = 575, less Ted's BCH (200): 375 net, 225 left,
	// and Marcel's 500 doubles it: Anschluss.
	wantBudget(t, 500, 575, 200, 225, true)
}

func TestUTD5_221_AutomaticAnschlussPadding(t *testing.T) {
	wantBudget(t, 1200, 0, 0, 600, true)   // twice the maximum baseline
	wantBudget(t, 1600, 0, 200, 600, true) // plus 200 padding
	wantBudget(t, 1500, 0, 200, 600, false)
}

func wantBudget(t *testing.T, attacker, losses, offset, budget int, anschluss bool) {
	t.Helper()
	if b, a := thunderdome.NPEBudget(attacker, losses, offset); b != budget || a != anschluss {
		t.Errorf("NPEBudget(%d, losses %d, offset %d) = %d, %v; want %d, %v", attacker, losses, offset, b, a, budget, anschluss)
	}
}

// TestUTD5_21_ExplorationFindsAnNPE: exploring s10 on lyran's first turn
// rolls an NPE there, and the empire roll names one of the scenario's
// empires; the same seed gives the same empire. It is met at step 8 of the
// same turn.
func TestUTD5_21_ExplorationFindsAnNPE(t *testing.T) {
	var found []string
	for range 2 {
		st := setup(t, func(_ *campaign.State, x *thunderdome.Ext) { x.House.NPE = true })
		res := resolve(st, parse(t, st, player, f1Moves))
		text := eventText(res, thunderdome.EventExplore)
		if !strings.Contains(text, "finds a non-player empire") || !strings.Contains(text, "UTD5.21") {
			t.Fatalf("exploration = %q, want an NPE found at s10", text)
		}
		if b := eventText(res, thunderdome.EventBattle) + eventText(res, thunderdome.EventCapture); !strings.Contains(b, "s10") {
			t.Errorf("battle events = %q, want the NPE met at s10 at step 8", b)
		}
		found = append(found, text)
	}
	if found[0] != found[1] {
		t.Errorf("two plays found %q and %q", found[0], found[1])
	}
}

// TestUTD5_21_HydranNPEMakesAGasGiant: an NPE found whose empire the
// scenario marks hydran: true turns its sector's terrain into a gas giant
// (UTD5.21): the state records it, and the exploration says why and what
// the roll gave. Another empire leaves the terrain as rolled.
func TestUTD5_21_HydranNPEMakesAGasGiant(t *testing.T) {
	for _, hydran := range []bool{false, true} {
		st := setup(t, func(_ *campaign.State, x *thunderdome.Ext) {
			x.House.NPE = true
			for i := range x.NPEEmpires {
				x.NPEEmpires[i].Hydran = hydran
			}
		})
		res := resolve(st, parse(t, st, player, f1Moves))
		text := eventText(res, thunderdome.EventExplore)
		terrain := sector(ext(t, res.Next), "s10").Terrain
		gas := "gas giant and moons, as the NPE there is Hydran (UTD5.21), where the roll gave "
		switch {
		case !strings.Contains(text, "finds a non-player empire"):
			t.Fatalf("exploration = %q, want an NPE found at s10", text)
		case hydran && (terrain != "gas giant and moons" || !strings.Contains(text, "; terrain: "+gas)):
			t.Errorf("a Hydran NPE: s10's terrain %q, exploration %q; want a gas giant, saying why", terrain, text)
		case !hydran && (strings.HasPrefix(terrain, "gas giant") || strings.Contains(text, "Hydran")):
			t.Errorf("another NPE: s10's terrain %q, exploration %q; want the terrain as rolled", terrain, text)
		}
	}
}

// TestUTD5_221_AutomaticAnschluss: with 650 BPV of net losses the NPE
// fields 150, and lyran's 335 BPV fleet doubles it: no battle; lyran gains
// a developed colony in the life sector, the sector, and a battlecruiser of
// the Varn Reach (150 BPV), captured and not inspected (UTD5.2A1).
func TestUTD5_221_AutomaticAnschluss(t *testing.T) {
	st := withNPE(t, 650, false)
	res := resolve(st, parse(t, st, player, f1Moves))
	next := res.Next
	if npeAt(t, next, "s10") != nil {
		t.Fatal("the NPE is still at s10 after the Anschluss")
	}
	if !next.HasDevelopment(player, "s10", campaign.Colony) || sector(ext(t, next), "s10").Owner != player {
		t.Errorf("developments %v, owner %s; want lyran's colony and sector at s10", next.Developments, sector(ext(t, next), "s10").Owner)
	}
	f := next.Fleet(player, "f1")
	if len(f.Units) != 4 || f.Units[3] != "battlecruiser" || !f.IsCaptured(3) {
		t.Errorf("f1 = %+v, want a captured battlecruiser joined", f)
	}
	if strings.Contains(eventText(res, thunderdome.EventBattle), "fields") {
		t.Errorf("battle events = %q, want no battle", eventText(res, thunderdome.EventBattle))
	}
	if text := eventText(res, thunderdome.EventCapture); !strings.Contains(text, "the Varn Reach's battlecruiser") {
		t.Errorf("capture events = %q, want the captured ship named as the Varn Reach's", text)
	}
}

// TestUTD5_25_PbemdFightsTheNPE: in an auto battle the NPE with 400 BPV of
// losses fields 200 against lyran's 335 (UTD5.252–5.254), which buys one
// battlecruiser of the Varn Reach (biggest first within the budget); the
// battle is fought at step 8, and either lyran holds the field and conquers
// it, or it holds with its losses grown.
func TestUTD5_25_PbemdFightsTheNPE(t *testing.T) {
	st := withNPE(t, 400, false)
	res := resolve(st, parse(t, st, player, f1Moves))
	text := eventText(res, thunderdome.EventBattle)
	if !strings.Contains(text, "The Varn Reach at s10 fields 200 BPV against lyran's 335 BPV") || !strings.Contains(text, ": battlecruiser (UTD5.2571)") {
		t.Fatalf("battle events = %q, want a force of 200 BPV, one battlecruiser", text)
	}
	if !strings.Contains(text, "Battle at s10") {
		t.Errorf("battle events = %q, want the battle fought", text)
	}
	n := npeAt(t, res.Next, "s10")
	switch {
	case n == nil && !strings.Contains(eventText(res, thunderdome.EventCapture), "lyran conquers the Varn Reach at s10: 150 BPV of loot"):
		t.Errorf("the NPE is gone without a conquest: %q", eventText(res, thunderdome.EventCapture))
	case n != nil && (n.Losses < 400 || res.Next.Fleet(player, "f1") != nil && !slices.ContainsFunc(ext(t, res.Next).Retreats, func(r thunderdome.Retreat) bool { return r.Owner == player })):
		t.Errorf("the NPE holds with %+v, want lyran retreating", n)
	}
	for _, f := range res.Next.Fleets {
		if f.Owner == "Varn Reach" {
			t.Errorf("the NPE's force stayed on the map: %+v", f)
		}
	}
}

// TestUTD6_31_NPEStopsAFleet: a fleet entering an NPE's sector stops
// there for the turn.
func TestUTD6_31_NPEStopsAFleet(t *testing.T) {
	st := withNPE(t, 0, false)
	wantRefused(t, st, f1Moves+"  - move: {fleet: f1, to: s20}\n", "UTD6.31")
}

// reportedNPE plays lyran's f1 (or f2) into s10 under battles: reported:
// the turn waits for a volunteer.
func reportedNPE(t *testing.T, fleet string) *campaign.State {
	t.Helper()
	st := withNPE(t, 0, true)
	res := resolve(st, parse(t, st, player, "  - move: {fleet: "+fleet+", to: s10}\n"))
	return res.Next
}

// TestUTD5_231_CallForAVolunteer: meeting an NPE with battles: reported
// opens a call for a volunteer, one week long, to every player but lyran;
// the turn waits: nobody owes orders and orders are refused.
func TestUTD5_231_CallForAVolunteer(t *testing.T) {
	st := reportedNPE(t, "f1")
	if len(st.Polls) != 1 || len(st.Battles) != 0 {
		t.Fatalf("polls %v, battles %v; want one call and no battle yet", st.Polls, st.Battles)
	}
	p := st.Polls[0]
	if p.Kind != thunderdome.PollVolunteer || p.Need != 1 || !slices.Equal(p.Options, []string{"volunteer"}) || p.Default != "none" ||
		p.Lasts != 7*24*time.Hour || slices.Contains(p.Voters, player) || len(p.Voters) != 3 {
		t.Errorf("poll = %+v, want a call for one volunteer among the 3 others, for a week", p)
	}
	if due, err := rs.Due(st, campaign.Schedule{}, time.Now()); err != nil || len(due) != 0 {
		t.Errorf("Due = %v, %v; want nobody while the call is open", due, err)
	}
	if ps := refused(t, st, parse(t, st, player, "  - buy: {order_points: 1}\n")); ps[0].Rule != "UTD5.231" {
		t.Errorf("orders: %v, want them refused while the call is open", ps)
	}
	if again := resolve(st, nil); len(again.Next.Polls) != 1 || ext(t, again.Next).Current != ext(t, st).Current {
		t.Error("resolving a turn that waits for a volunteer moved it on")
	}
	for _, v := range rs.Observe(st) {
		if tv := v.(*thunderdome.View); tv.Player == player {
			if tmpl := thunderdome.OrderTemplate(tv, ""); len(tv.Offers) != 0 || tmpl != nil {
				t.Errorf("the view offers %d orders while the call is open, and a template:\n%s\nwant none: nobody owes orders", len(tv.Offers), tmpl)
			}
		}
	}
}

// decide closes the state's first poll with an outcome, the votes given.
func decide(t *testing.T, st *campaign.State, outcome string, votes ...campaign.Vote) []game.Event {
	t.Helper()
	p := st.Polls[0]
	p.Votes = votes
	st.Polls = st.Polls[1:]
	events, err := rs.Decide(st, p, outcome)
	if err != nil {
		t.Fatal(err)
	}
	return events
}

// TestUTD5_231_NoVolunteerIsAnschluss: a call that closes unanswered is an
// automatic Anschluss (UTD5.2A1), and the next player's turn opens.
func TestUTD5_231_NoVolunteerIsAnschluss(t *testing.T) {
	st := reportedNPE(t, "f1")
	events := decide(t, st, "none")
	if npeAt(t, st, "s10") != nil || !st.HasDevelopment(player, "s10", campaign.Colony) {
		t.Errorf("NPE %+v, developments %v; want the Anschluss", npeAt(t, st, "s10"), st.Developments)
	}
	if x := ext(t, st); x.Order[x.Current] == player {
		t.Error("lyran's turn is still open after the call closed")
	}
	if !slices.ContainsFunc(events, func(e game.Event) bool { return strings.Contains(e.Text, "Nobody volunteered within 7 days") }) {
		t.Errorf("events %v do not tell that nobody volunteered", events)
	}
}

// TestUTD5_231_VolunteerPlaysTheNPE: the first volunteer, gorn, plays the
// NPE: the battle waits with lyran against gorn, whose side is the NPE's
// force (gorn#1 ...), and gorn reports like any side. The NPE's ships may
// not disengage (UTD5.24); destroyed, they leave lyran holding the field
// and conquering it (UTD5.2A2): f2's troop ship captures the colony.
func TestUTD5_231_VolunteerPlaysTheNPE(t *testing.T) {
	st := reportedNPE(t, "f2")
	decide(t, st, "volunteer", campaign.Vote{Player: "gorn", Option: "volunteer"}, campaign.Vote{Player: "hydran", Option: "volunteer"})
	if len(st.Battles) != 1 {
		t.Fatalf("battles %v, want the NPE's battle pending", st.Battles)
	}
	b := st.Battles[0]
	if !slices.Equal(b.Sides, []campaign.PlayerID{player, "gorn"}) || b.At != "s10" {
		t.Errorf("battle = %+v, want lyran against gorn playing the NPE at s10", b)
	}
	var npeShips []string
	for _, r := range rs.ShipRefs(b) {
		if r.Owner == "gorn" {
			npeShips = append(npeShips, r.Ref)
		}
	}
	if len(npeShips) == 0 {
		t.Fatal("the NPE fields no ship")
	}
	if _, fates := rs.ResultExample(st, b); !strings.Contains(fates, "gorn plays a non-player empire here") || !strings.Contains(fates, "negotiated: conquest") {
		t.Errorf("the battle mail's fates = %q, want the NPE's side and its surrender told", fates)
	}
	if p := rs.CheckResult(st, b, &orders.BattleResult{Ships: []orders.ShipFate{{Ship: npeShips[0], Fate: "disengaged", Direction: "lyra"}}}); len(p) == 0 || !strings.Contains(strings.Join(p, ";"), "UTD5.24") {
		t.Errorf("CheckResult = %v, want the NPE's disengagement refused", p)
	}
	var res orders.BattleResult
	for _, s := range npeShips {
		res.Ships = append(res.Ships, orders.ShipFate{Ship: s, Fate: "destroyed"})
	}
	bank := st.Player(player).Treasury
	if _, err := rs.ApplyResult(st, b.ID, &res, "agreed"); err != nil {
		t.Fatal(err)
	}
	if npeAt(t, st, "s10") != nil || !st.HasDevelopment(player, "s10", campaign.Colony) || st.Player(player).Treasury < bank+150 {
		t.Errorf("NPE %+v, developments %v, bank %d (was %d); want the conquest, colony captured, 150 BPV loot",
			npeAt(t, st, "s10"), st.Developments, st.Player(player).Treasury, bank)
	}
	if st.Fleet("gorn", "npe") != nil {
		t.Error("the NPE's force is on the map as gorn's")
	}
}

// TestUTD5_27_NPEHoldsAndKeepsItsLosses: lyran's ships all destroyed, the
// NPE holds; its crippled ship costs half its BPV on its next budget
// (UTD5.25312) and the rest is overhauled (UTD5.27).
func TestUTD5_27_NPEHoldsAndKeepsItsLosses(t *testing.T) {
	st := reportedNPE(t, "f1")
	decide(t, st, "volunteer", campaign.Vote{Player: "hydran", Option: "volunteer"})
	b := st.Battles[0]
	var res orders.BattleResult
	crippled := ""
	for _, r := range rs.ShipRefs(b) {
		switch {
		case r.Owner == player:
			res.Ships = append(res.Ships, orders.ShipFate{Ship: r.Ref, Fate: "destroyed"})
		case crippled == "":
			crippled = r.Ref
			res.Ships = append(res.Ships, orders.ShipFate{Ship: r.Ref, Fate: "crippled", Damage: 10})
		}
	}
	if _, err := rs.ApplyResult(st, b.ID, &res, "agreed"); err != nil {
		t.Fatal(err)
	}
	// The Varn Reach fields 335 against f1: two battlecruisers (300), as
	// a cruiser or destroyer more would pass the budget; the first
	// (structure 10, damage control 3) keeps 4 damage after repairing 6:
	// not crippled but damaged, a tenth of 150 (UTD5.25313).
	if n := npeAt(t, st, "s10"); n == nil || n.Losses != 15 {
		t.Errorf("NPE = %+v, want it holding s10 with 15 BPV of losses", n)
	}
	if st.Fleet(player, "f1") != nil {
		t.Error("lyran's f1 survived a result that destroyed it")
	}
}

// TestUTD5_2A1_RewardShipsOrganizedAsPrizes: the Anschluss ships are
// captured ships, organized as any prize (UTD6.3I): with f1 full (5 MC)
// the battlecruiser forms a new fleet rather than being lost, and the
// captor's captured: scrap scraps it for half its BPV (UTD6.3I6).
func TestUTD5_2A1_RewardShipsOrganizedAsPrizes(t *testing.T) {
	st := withNPE(t, 650, false)
	st.Fleet(player, "f1").Units = []campaign.ClassName{"battlecruiser", "battlecruiser", "battlecruiser", "battlecruiser", "battlecruiser"}
	res := resolve(st, parse(t, st, player, f1Moves))
	if f := res.Next.Fleet(player, "f4"); len(res.Next.Fleet(player, "f1").Units) != 5 || f == nil || f.At != "s10" || !f.IsCaptured(0) {
		t.Errorf("f1 = %v, f4 = %+v; want f1 as it was and the battlecruiser, captured, forming f4 at s10", res.Next.Fleet(player, "f1").Units, f)
	}
	if text := eventText(res, thunderdome.EventCapture); !strings.Contains(text, "lyran captured the Varn Reach's battlecruiser at s10 (Anschluss, UTD5.2A1); it forms the new fleet f4") {
		t.Errorf("captures %q, want the battlecruiser placed as a prize", text)
	}
	st = withNPE(t, 650, false)
	x := ext(t, st)
	empire(x, player).Captured = thunderdome.PlaceScrap
	thunderdome.SaveExt(x, st)
	bank := st.Player(player).Treasury
	res = resolve(st, parse(t, st, player, f1Moves))
	if got := res.Next.Player(player).Treasury - bank; got != 75 || len(res.Next.Fleet(player, "f1").Units) != 3 {
		t.Errorf("bank gained %d and f1 = %v; want 75, half the battlecruiser's 150, and f1 as it was", got, res.Next.Fleet(player, "f1").Units)
	}
}

// TestUTD5_2A2_CapturedNPEShipIsAPrize: a ship of the NPE's that a player
// captures in a reported battle is a prize as any (UTD5.2A2: "captured
// ships ... require organization and inspection"): the result is taken,
// the battlecruiser joins the capturing fleet, captured, it counts among
// the NPE's losses (UTD5.25311), and the NPE is conquered.
func TestUTD5_2A2_CapturedNPEShipIsAPrize(t *testing.T) {
	st := reportedNPE(t, "f1")
	decide(t, st, "volunteer", campaign.Vote{Player: "hydran", Option: "volunteer"})
	b := st.Battles[0]
	res := &orders.BattleResult{Ships: []orders.ShipFate{
		{Ship: "hydran#1", Fate: "captured", By: "lyran#1"},
		{Ship: "hydran#2", Fate: "destroyed"},
	}}
	if p := rs.CheckResult(st, b, res); len(p) > 0 {
		t.Fatalf("CheckResult = %v, want lyran's capture taken", p)
	}
	events, err := rs.ApplyResult(st, b.ID, res, "agreed")
	if err != nil {
		t.Fatal(err)
	}
	f := st.Fleet(player, "f1")
	if f == nil || !slices.Equal(f.Units, []campaign.ClassName{"battlecruiser", "cruiser", "destroyer", "battlecruiser"}) || !slices.Equal(f.Captured, []int{3}) {
		t.Errorf("lyran's f1 = %+v, want the NPE's battlecruiser joined, captured", f)
	}
	if !said(events, "lyran captured the Varn Reach's battlecruiser at s10 (battle T1-npe-s10, UTD5.2A2); it joined fleet f1") {
		t.Errorf("events %v do not tell the prize", events)
	}
	if npeAt(t, st, "s10") != nil || !said(events, "lyran conquers the Varn Reach at s10") {
		t.Errorf("NPE %+v, want it conquered", npeAt(t, st, "s10"))
	}
}

// TestUTD5_21_ScenarioEmpires: npes: must name classes of the units and
// an empire once.
func TestUTD5_21_ScenarioEmpires(t *testing.T) {
	bad := strings.Replace(string(scenarioText()), "classes: [cruiser, frigate, tug]}", "classes: [cruiser, dreadnought]}\n  - {name: Varn Reach, classes: [cruiser]}", 1)
	_, err := config.ParseScenario("thunderdome.yaml", []byte(bad), rules.Registry())
	if err == nil || !strings.Contains(err.Error(), "dreadnought") || !strings.Contains(err.Error(), "Varn Reach") {
		t.Errorf("ParseScenario = %v, want the unknown class and the repeated empire", err)
	}
	empty := regexp.MustCompile(`(?m)^npes:\n(  - .*\n)*`).ReplaceAllString(string(scenarioText()), "npes: []\n")
	if _, err := config.ParseScenario("thunderdome.yaml", []byte(empty), rules.Registry()); err == nil || !strings.Contains(err.Error(), "npes lists no empire") {
		t.Errorf("ParseScenario of npes: [] = %v, want it refused", err)
	}
	x := ext(t, start(t))
	if len(x.NPEEmpires) != 4 || x.NPEEmpires[0].Name != "Varn Reach" || x.NPEEmpires[0].Hydran {
		t.Errorf("empires %+v, want the scenario's four, none Hydran", x.NPEEmpires)
	}
	hydran := strings.Replace(string(scenarioText()), "classes: [cruiser, frigate, tug]}", "classes: [cruiser, frigate, tug], hydran: true}", 1)
	if e := ext(t, startFrom(t, hydran)).NPEEmpires; !e[3].Hydran || e[0].Hydran {
		t.Errorf("empires %+v, want the fourth Hydran (hydran: true, UTD5.21)", e)
	}
}

// negotiated plays lyran's f1 into s10 under battles: reported, hydran
// volunteers, and the sides agree a negotiated end with the fates given.
func negotiated(t *testing.T, end string, ships ...orders.ShipFate) *campaign.State {
	t.Helper()
	st := reportedNPE(t, "f1")
	decide(t, st, "volunteer", campaign.Vote{Player: "hydran", Option: "volunteer"})
	b := st.Battles[0]
	res := &orders.BattleResult{Ships: ships, Negotiated: end}
	if p := rs.CheckResult(st, b, res); len(p) > 0 {
		t.Fatalf("CheckResult = %v", p)
	}
	if _, err := rs.ApplyResult(st, b.ID, res, "agreed"); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestUTD5_224_SurrenderBeforeCombatIsAnschluss: a negotiated Anschluss
// settles the battle and opens a call for objections, three days long, to
// every player; the turn goes on. Nobody objecting, the Anschluss takes
// effect (UTD5.2A1).
func TestUTD5_224_SurrenderBeforeCombatIsAnschluss(t *testing.T) {
	st := negotiated(t, "anschluss")
	if len(st.Battles) != 0 || len(st.Polls) != 1 {
		t.Fatalf("battles %v, polls %v; want the battle settled and one poll", st.Battles, st.Polls)
	}
	p := st.Polls[0]
	if p.Kind != thunderdome.PollObjection || p.Need != 1 || !slices.Equal(p.Options, []string{"object"}) || p.Default != "none" ||
		len(p.Voters) != 4 || p.Lasts != 3*24*time.Hour {
		t.Errorf("poll = %+v, want a call for objections to all 4 players, 3 days", p)
	}
	if x := ext(t, st); x.Order[x.Current] == player {
		t.Error("the turn waits for objections; want it to go on")
	}
	if n := npeAt(t, st, "s10"); n == nil || n.Surrender != "anschluss" {
		t.Fatalf("NPE = %+v, want it waiting on its surrender", n)
	}
	decide(t, st, "none")
	if npeAt(t, st, "s10") != nil || !st.HasDevelopment(player, "s10", campaign.Colony) {
		t.Errorf("NPE %+v, developments %v; want the Anschluss", npeAt(t, st, "s10"), st.Developments)
	}
}

// TestUTD5_26_OnlyConquestOnceCombatBegan: a negotiated Anschluss that
// names ships' fates is refused, and so is a negotiated end of a battle
// between players or one with no ship of the attacker left.
func TestUTD5_26_OnlyConquestOnceCombatBegan(t *testing.T) {
	st := reportedNPE(t, "f1")
	decide(t, st, "volunteer", campaign.Vote{Player: "hydran", Option: "volunteer"})
	b := st.Battles[0]
	for _, tc := range []struct {
		res  orders.BattleResult
		want string
	}{
		{orders.BattleResult{Negotiated: "anschluss", Ships: []orders.ShipFate{{Ship: "hydran#1", Fate: "crippled", Damage: 3}}}, "UTD5.26"},
		{orders.BattleResult{Negotiated: "peace"}, "write anschluss"},
		{orders.BattleResult{Negotiated: "conquest", Ships: []orders.ShipFate{{Ship: "lyran#1", Fate: "destroyed"}, {Ship: "lyran#2", Fate: "destroyed"}, {Ship: "lyran#3", Fate: "destroyed"}}}, "leaves none"},
	} {
		if p := strings.Join(rs.CheckResult(st, b, &tc.res), "; "); !strings.Contains(p, tc.want) {
			t.Errorf("CheckResult(%+v) = %q, want %q", tc.res, p, tc.want)
		}
	}
	players := reportedBattle(t)
	if p := strings.Join(rs.CheckResult(players, players.Battles[0], &orders.BattleResult{Negotiated: "conquest"}), "; "); !strings.Contains(p, "UTD5.224") {
		t.Errorf("CheckResult of a battle between players = %q, want the negotiated end refused", p)
	}
}

// TestUTD5_26_ObjectionNeedsASupermajority: an objection opens the vote
// of all players, 3 of 4 needed (UTD1.7); rejected, the surrender is void
// and the NPE stays with the losses of the battle; approved, the conquest
// takes effect with its loot (UTD5.2A2).
func TestUTD5_26_ObjectionNeedsASupermajority(t *testing.T) {
	for _, outcome := range []string{"reject", "approve"} {
		st := negotiated(t, "conquest", orders.ShipFate{Ship: "hydran#1", Fate: "destroyed"})
		bank := st.Player(player).Treasury
		decide(t, st, "object", campaign.Vote{Player: "kzinti", Option: "object"})
		if len(st.Polls) != 1 {
			t.Fatalf("polls %v, want the vote on the surrender", st.Polls)
		}
		p := st.Polls[0]
		if p.Kind != thunderdome.PollApproval || p.Need != 3 || p.Default != "reject" || len(p.Voters) != 4 || !strings.Contains(p.Text, "kzinti objected") {
			t.Errorf("poll = %+v, want all 4 players to vote, 3 to approve", p)
		}
		decide(t, st, outcome)
		n := npeAt(t, st, "s10")
		switch outcome {
		case "reject":
			if n == nil || n.Surrender != "" || n.Losses != 150 {
				t.Errorf("after rejection NPE = %+v, want it in place, no surrender, 150 BPV of losses", n)
			}
		default:
			if n != nil || st.Player(player).Treasury != bank+150 {
				t.Errorf("after approval NPE = %+v, bank %d (was %d); want the conquest and its loot", n, st.Player(player).Treasury, bank)
			}
		}
	}
}

// TestUTD3_1_ReportShowsTheNPE: every report shows the NPE holding a
// sector, with its losses and offset (UTD3.1, UTD5.253).
func TestUTD3_1_ReportShowsTheNPE(t *testing.T) {
	st := withNPE(t, 115, false)
	res := resolve(st, parse(t, st, player, "  - buy: {order_points: 1}\n"))
	for _, p := range []campaign.PlayerID{player, "gorn"} {
		text := flat(render(t, viewOf(t, res, p), game.FormatText))
		if !strings.Contains(text, "the Varn Reach, a non-player empire (losses 115 BPV, captured offset 0 BPV)") {
			t.Errorf("%s's report does not show the NPE at s10:\n%s", p, text)
		}
	}
}

// TestUTD5_2821_NPECapturesAndLiquidates: a ship the NPE captures leaves
// the map (liquidated), and its BPV offsets the NPE's losses (UTD5.2822):
// the cruiser's 115 against the damaged battlecruiser's 15.
func TestUTD5_2821_NPECapturesAndLiquidates(t *testing.T) {
	st := reportedNPE(t, "f1")
	decide(t, st, "volunteer", campaign.Vote{Player: "hydran", Option: "volunteer"})
	b := st.Battles[0]
	res := &orders.BattleResult{Ships: []orders.ShipFate{
		{Ship: "lyran#1", Fate: "destroyed"},
		{Ship: "lyran#2", Fate: "captured", By: "hydran#1"},
		{Ship: "lyran#3", Fate: "destroyed"},
		{Ship: "hydran#1", Fate: "crippled", Damage: 10},
	}}
	if p := rs.CheckResult(st, b, res); len(p) > 0 {
		t.Fatalf("CheckResult = %v, want the NPE's capture taken", p)
	}
	if _, err := rs.ApplyResult(st, b.ID, res, "agreed"); err != nil {
		t.Fatal(err)
	}
	n := npeAt(t, st, "s10")
	if n == nil || n.Offset != 115 || n.Losses != 15 {
		t.Errorf("NPE = %+v, want 15 BPV of losses and 115 of offset", n)
	}
	if st.Fleet(player, "f1") != nil {
		t.Errorf("f1 = %+v, want it gone, its cruiser liquidated", st.Fleet(player, "f1"))
	}
	if b, _ := thunderdome.NPEBudget(600, n.Losses, n.Offset); b != 600 {
		t.Errorf("budget against 600 = %d, want 600: the offset covers the losses", b)
	}
}

// TestUTD5_25_NothingToFieldIsConquered: an NPE whose empire has no class
// within its budget fields nothing, and the attacker conquers it
// (UTD5.2A2) without a battle.
func TestUTD5_25_NothingToFieldIsConquered(t *testing.T) {
	st := withNPE(t, 0, true)
	x := ext(t, st)
	x.NPEs[0].Empire = "Empire Without Ships"
	thunderdome.SaveExt(x, st)
	res := resolve(st, parse(t, st, player, f1Moves))
	if npeAt(t, res.Next, "s10") != nil || len(res.Next.Polls) != 0 || !strings.Contains(eventText(res, thunderdome.EventCapture), "conquers") {
		t.Errorf("NPE %+v, polls %v, captures %q; want it conquered at once", npeAt(t, res.Next, "s10"), res.Next.Polls, eventText(res, thunderdome.EventCapture))
	}
}

// TestUTD2_3_TurnWaitsForBattleAndVolunteer: a turn that found a battle
// between players and an NPE waits for both: settling the battle leaves it
// waiting for the volunteer, and the call's close moves it on.
func TestUTD2_3_TurnWaitsForBattleAndVolunteer(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Rules.Battles = campaign.BattlesReported
		sector(x, "s10").Type, sector(x, "s01").Type = thunderdome.Life, thunderdome.Dead
		x.NPEs = []thunderdome.NPE{{At: "s10", Empire: "Varn Reach", Finder: "hydran", Found: 1}}
		st.Fleet("hydran", "f1").At = "s01"
	})
	st = resolve(st, parse(t, st, player, f1Moves+"  - move: {fleet: f2, to: s01}\n")).Next
	if len(st.Battles) != 1 || len(st.Polls) != 1 {
		t.Fatalf("battles %v, polls %v; want the battle at s01 and the call for s10", st.Battles, st.Polls)
	}
	if _, err := rs.ApplyResult(st, st.Battles[0].ID, &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#1", Fate: "destroyed"}}}, "agreed"); err != nil {
		t.Fatal(err)
	}
	if x := ext(t, st); x.Order[x.Current] != player {
		t.Fatal("the turn moved on with the call for a volunteer still open")
	}
	if due, _ := rs.Due(st, campaign.Schedule{}, time.Now()); len(due) != 0 {
		t.Errorf("Due = %v, want nobody while the call is open", due)
	}
	decide(t, st, "none")
	if x := ext(t, st); x.Order[x.Current] == player {
		t.Error("the turn still waits after the call closed")
	}
}

// TestUTD5_25_GMHasPbemdFightTheNPE: a battle against an NPE that the GM
// has pbemd fight is fought with the force the volunteer would have
// played, and the turn goes on.
func TestUTD5_25_GMHasPbemdFightTheNPE(t *testing.T) {
	st := reportedNPE(t, "f1")
	decide(t, st, "volunteer", campaign.Vote{Player: "hydran", Option: "volunteer"})
	events, _, err := rs.FightPending(st, st.Battles[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, e := range events {
		text = append(text, e.Text)
	}
	if all := strings.Join(text, "\n"); !strings.Contains(all, "against Varn Reach with fleet npe (2 battlecruiser)") {
		t.Errorf("events = %s, want the battle against the NPE's two battlecruisers", all)
	}
	if x := ext(t, st); len(st.Battles) != 0 || x.Order[x.Current] == player || slices.ContainsFunc(st.Fleets, func(f campaign.Fleet) bool { return f.ID == "npe" }) {
		t.Errorf("battles %v, current %s; want the battle settled, the NPE's force gone and the next turn open", st.Battles, x.Order[x.Current])
	}
}

// TestUTD5_231_PlayerFleetNamedNPE: a player's own fleet named npe is no
// non-player empire's: its losses in a battle between players apply.
func TestUTD5_231_PlayerFleetNamedNPE(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Rules.Battles = campaign.BattlesReported
		f := st.Fleet("hydran", "f1")
		f.At, f.ID = "s10", "npe"
	})
	st = resolve(st, parse(t, st, player, f1Moves)).Next
	if len(st.Battles) != 1 {
		t.Fatalf("battles %v, want lyran against hydran's fleet npe", st.Battles)
	}
	if _, err := rs.ApplyResult(st, st.Battles[0].ID, &orders.BattleResult{Ships: []orders.ShipFate{{Ship: "hydran#1", Fate: "destroyed"}}}, "agreed"); err != nil {
		t.Fatal(err)
	}
	if f := st.Fleet("hydran", "npe"); f == nil || len(f.Units) != 2 {
		t.Errorf("hydran's fleet npe = %+v, want its first ship destroyed", f)
	}
}

// TestUTD4_13_NPESectorIsNotClaimed: a fleet holding an NPE's sector since
// its owner's last turn does not claim it while the NPE is there.
func TestUTD4_13_NPESectorIsNotClaimed(t *testing.T) {
	var next campaign.PlayerID
	st := withNPE(t, 0, false)
	x := ext(t, st)
	next = x.Order[(x.Current+1)%len(x.Order)]
	st.Fleet(next, "f1").At = "s10"
	x.NPEs[0].Surrender, x.NPEs[0].Victor = "conquest", next // waiting on objections: it meets nobody
	thunderdome.SaveExt(x, st)
	res := resolve(st, parse(t, st, player, "  - buy: {order_points: 1}\n"))
	if s := sector(ext(t, res.Next), "s10"); s.Owner != "" {
		t.Errorf("s10 owned by %s, want nobody while the NPE holds it", s.Owner)
	}
}
