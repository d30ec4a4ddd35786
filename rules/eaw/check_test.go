package eaw

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// ruleCase is one submission against a state, and what Validate must say.
type ruleCase struct {
	name   string
	state  *stateBuilder // frontier() when nil
	orders []string
	points []int    // each order's points
	want   []string // problems, as brief prints them
	hint   string   // part of the first problem's hint
	notes  []string // all notes, in order
	bpv    []int    // each order's BPV, when set
}

func runCases(t *testing.T, tests []ruleCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.state
			if b == nil {
				b = frontier()
			}
			c, ps := validate(t, b.build(), tc.orders...)
			if got := brief(ps); !slices.Equal(got, tc.want) {
				t.Errorf("Validate(%q) problems =\n%s\nwant\n%s", tc.orders, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if tc.hint != "" && (len(ps) == 0 || !strings.Contains(ps[0].Hint, tc.hint)) {
				t.Errorf("Validate(%q) = %v, want a hint with %q", tc.orders, ps, tc.hint)
			}
			var points, bpv []int
			var notes []string
			for _, co := range c.Orders {
				points = append(points, co.Points)
				bpv = append(bpv, co.BPV)
				notes = append(notes, co.Notes...)
			}
			if !slices.Equal(points, tc.points) {
				t.Errorf("Validate(%q) points = %v, want %v", tc.orders, points, tc.points)
			}
			if tc.bpv != nil && !slices.Equal(bpv, tc.bpv) {
				t.Errorf("Validate(%q) BPV = %v, want %v", tc.orders, bpv, tc.bpv)
			}
			if !slices.Equal(notes, tc.notes) {
				t.Errorf("Validate(%q) notes = %q, want %q", tc.orders, notes, tc.notes)
			}
		})
	}
}

func TestEaW5a_MoveAlongLanes(t *testing.T) {
	tests := []struct {
		name   string
		path   string
		points int
		route  []campaign.SystemID
	}{
		{"start named", "[kessel, tau-ceti, vega]", 2, []campaign.SystemID{"kessel", "tau-ceti", "vega"}},
		{"start implied", "[tau-ceti, vega]", 2, []campaign.SystemID{"kessel", "tau-ceti", "vega"}},
		{"one jump", "[altair]", 1, []campaign.SystemID{"kessel", "altair"}},
		{"there and back", "[tau-ceti, kessel, tau-ceti]", 3, []campaign.SystemID{"kessel", "tau-ceti", "kessel", "tau-ceti"}},
		{"into an enemy's system", "[tau-ceti, vega, sirius]", 3, []campaign.SystemID{"kessel", "tau-ceti", "vega", "sirius"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, ps := validate(t, frontier().build(), "move: {fleet: 1st, path: "+tc.path+"}")
			if ps != nil {
				t.Fatalf("Validate = %v", ps)
			}
			if got := c.Orders[0]; got.Points != tc.points || !slices.Equal(got.Route, tc.route) {
				t.Errorf("move %s = %d points, route %v; want %d, %v", tc.path, got.Points, got.Route, tc.points, tc.route)
			}
		})
	}
}

func TestEaW5a_Problems(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "no lane from the start", orders: []string{"move: {fleet: 1st, path: [vega]}"}, points: []int{1},
			want: []string{"6:31 EaW 5a: fleet 1st is at kessel, and no warp lane joins kessel and vega"},
			hint: "from kessel, lanes lead to: altair, deneb, tau-ceti"},
		{name: "no lane mid-path", orders: []string{"move: {fleet: 1st, path: [tau-ceti, sirius]}"}, points: []int{2},
			want: []string{"6:41 EaW 5a: no warp lane joins tau-ceti and sirius"},
			hint: "from tau-ceti, lanes lead to: kessel, vega"},
		{name: "no cascade after a bad jump", orders: []string{"move: {fleet: 1st, path: [vega, sirius]}"}, points: []int{2},
			want: []string{"6:31 EaW 5a: fleet 1st is at kessel, and no warp lane joins kessel and vega"}},
		{name: "misspelt system", orders: []string{"move: {fleet: 1st, path: [tau-cet]}"}, points: []int{1},
			want: []string{`6:31 EaW 5a: there is no system "tau-cet" on the map`},
			hint: "did you mean tau-ceti? from kessel, lanes lead to: altair, deneb, tau-ceti"},
		{name: "system by its name", orders: []string{"move: {fleet: 1st, path: [Tau Ceti]}"}, points: []int{1},
			want: []string{`6:31 EaW 5a: there is no system "Tau Ceti" on the map`}, hint: "did you mean tau-ceti?"},
		{name: "misspelt fleet", orders: []string{"move: {fleet: 1sst, path: [tau-ceti]}"}, points: []int{1},
			want: []string{`6:19 EaW 5a: you have no fleet "1sst"`}, hint: "did you mean 1st? your fleets: 1st, 2nd, 3rd"},
		{name: "another navy's fleet", orders: []string{"move: {fleet: 9th, path: [sirius]}"}, points: []int{1},
			want: []string{`6:19 EaW 5a: you have no fleet "9th"`}, hint: "your fleets: 1st, 2nd, 3rd"},
		{name: "no lane from a new fleet's FRD", orders: []string{"build: {units: [scout], fleet: 5th}", "move: {fleet: 5th, path: [vega]}"},
			points: []int{1, 1}, notes: []string{"new fleet 5th forms at kessel (EaW 6c)"},
			want: []string{"7:31 EaW 5a: fleet 5th will be at kessel, and no warp lane joins kessel and vega"}},
		{name: "path only the start", orders: []string{"move: {fleet: 1st, path: [kessel]}"}, points: []int{0},
			want: []string{"6:31 EaW 5a: the path names only kessel, where fleet 1st already is"}},
		{name: "two moves of one fleet", orders: []string{"move: {fleet: 1st, path: [tau-ceti]}", "move: {fleet: 1st, path: [vega]}"},
			points: []int{1, 1}, want: []string{"7:5 EaW 5a: fleet 1st already moves at 6:5; a fleet moves once per turn"},
			hint: "combine the paths into one: path: [kessel, tau-ceti, vega]"},
		{name: "second move from where the first ends", orders: []string{"move: {fleet: 1st, path: [tau-ceti]}", "move: {fleet: 1st, path: [tau-ceti, vega]}"},
			points: []int{1, 1}, want: []string{"7:5 EaW 5a: fleet 1st already moves at 6:5; a fleet moves once per turn"},
			hint: "path: [kessel, tau-ceti, vega]"},
	})
}

func TestEaW5b_FreeJumpFromOwnColony(t *testing.T) {
	free := func(from, to string) string {
		return "jump " + from + " → " + to + " is free: it starts at your developed colony (EaW 5b)"
	}
	runCases(t, []ruleCase{
		{name: "from own colony", state: frontier().withDevelopment("vorn", "kessel", campaign.Colony),
			orders: []string{"move: {fleet: 1st, path: [tau-ceti, vega]}"}, points: []int{1}, notes: []string{free("kessel", "tau-ceti")}},
		{name: "from another player's colony", state: frontier().withDevelopment("zhal", "kessel", campaign.Colony),
			orders: []string{"move: {fleet: 1st, path: [tau-ceti, vega]}"}, points: []int{2}},
		{name: "from own mine", state: frontier().withDevelopment("vorn", "kessel", campaign.Mine),
			orders: []string{"move: {fleet: 1st, path: [tau-ceti, vega]}"}, points: []int{2}},
		{name: "rule switched off", state: frontier().withDevelopment("vorn", "kessel", campaign.Colony).
			withRules(func(r *campaign.Rules) { r.Budget.FreeJumpFromColony = false }),
			orders: []string{"move: {fleet: 1st, path: [tau-ceti, vega]}"}, points: []int{2}},
		{name: "from a colony reached on the way", state: frontier().withDevelopment("vorn", "tau-ceti", campaign.Colony),
			orders: []string{"move: {fleet: 1st, path: [tau-ceti, vega]}"}, points: []int{1}, notes: []string{free("tau-ceti", "vega")}},
		{name: "one free jump per fleet", state: frontier().withDevelopment("vorn", "kessel", campaign.Colony).withDevelopment("vorn", "tau-ceti", campaign.Colony),
			orders: []string{"move: {fleet: 1st, path: [tau-ceti, vega]}"}, points: []int{1}, notes: []string{free("kessel", "tau-ceti")}},
		{name: "back through the colony", state: frontier().withDevelopment("vorn", "kessel", campaign.Colony),
			orders: []string{"move: {fleet: 1st, path: [tau-ceti, kessel, altair]}"}, points: []int{2}, notes: []string{free("kessel", "tau-ceti")}},
		{name: "each fleet gets its own", state: frontier().withDevelopment("vorn", "kessel", campaign.Colony),
			orders: []string{"move: {fleet: 1st, path: [tau-ceti]}", "move: {fleet: 3rd, path: [altair]}"},
			points: []int{0, 0}, notes: []string{free("kessel", "tau-ceti"), free("kessel", "altair")}},
		{name: "no free jump along a missing lane", state: frontier().withDevelopment("vorn", "kessel", campaign.Colony),
			orders: []string{"move: {fleet: 1st, path: [vega]}"}, points: []int{1},
			want: []string{"6:31 EaW 5a: fleet 1st is at kessel, and no warp lane joins kessel and vega"}},
	})
}

func TestEaW5_BudgetMaxThreeOrHalfFleets(t *testing.T) {
	fleets := func(n int, units ...campaign.ClassName) func(*stateBuilder) {
		return func(b *stateBuilder) {
			for i := range n {
				b.withFleet("vorn", campaign.FleetID(strings.Repeat("f", i+1)+string(units[0])), "kessel", units...)
			}
		}
	}
	tests := []struct {
		name   string
		fleets []func(*stateBuilder)
		want   int
	}{
		{"no fleets", nil, 3},
		{"seven counted", []func(*stateBuilder){fleets(7, "cruiser", "frigate")}, 3},
		{"eight counted", []func(*stateBuilder){fleets(8, "cruiser", "frigate")}, 4},
		{"nine counted", []func(*stateBuilder){fleets(9, "cruiser", "frigate")}, 4},
		{"ten counted", []func(*stateBuilder){fleets(10, "cruiser", "frigate")}, 5},
		{"one ship is not a fleet", []func(*stateBuilder){fleets(8, "cruiser", "frigate"), fleets(2, "dreadnought")}, 4},
		{"174 CBPV is too small", []func(*stateBuilder){fleets(8, "cruiser", "frigate"), fleets(2, "corvette", "corvette")}, 4},
		{"175 CBPV counts", []func(*stateBuilder){fleets(8, "cruiser", "frigate"), fleets(2, "corvette", "corvette", "scout")}, 5},
		{"other navies do not count", []func(*stateBuilder){func(b *stateBuilder) {
			for i := range 10 {
				b.withFleet("zhal", campaign.FleetID(strings.Repeat("z", i+1)), "sirius", "cruiser", "cruiser")
			}
		}}, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newState().withSystem("kessel", "Kessel", campaign.Mineral).withSystem("sirius", "Sirius", campaign.Dead)
			for _, add := range tc.fleets {
				add(b)
			}
			c, ps := validate(t, b.build())
			if ps != nil {
				t.Fatalf("Validate = %v", ps)
			}
			if c.Budget != tc.want || c.Left != tc.want || c.Used != 0 {
				t.Errorf("Validate budget = %d (used %d, left %d), want %d", c.Budget, c.Used, c.Left, tc.want)
			}
		})
	}
}

func TestEaW5_OverBudget(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "exactly the budget", orders: []string{
			"move: {fleet: 1st, path: [tau-ceti, vega]}", "develop: {fleet: 2nd, what: mine}"},
			points: []int{2, 1}},
		{name: "the first order over the budget", orders: []string{
			"move: {fleet: 1st, path: [tau-ceti, vega]}",
			"develop: {fleet: 2nd, what: mine}",
			"build: {units: [scout], fleet: 3rd, mp: 1}",
			"move: {fleet: 3rd, path: [altair]}"},
			points: []int{2, 1, 1, 1},
			want:   []string{"8:5 EaW 5.0: this order costs 1 point, but 0 of your 3 points are left (3 used by the orders above)"},
			hint:   "drop or shorten orders: they cost 5 points in all, and your budget is 3"},
		{name: "a long move over the budget", orders: []string{
			"develop: {fleet: 2nd, what: mine}",
			"move: {fleet: 1st, path: [tau-ceti, vega, sirius]}"},
			points: []int{1, 3},
			want:   []string{"7:5 EaW 5.0: this order costs 3 points, but 2 of your 3 points are left (1 used by the orders above)"}},
		{name: "free orders never go over", orders: []string{
			"move: {fleet: 1st, path: [tau-ceti, vega, sirius]}",
			"build: {units: [scout], fleet: 3rd, mp: 0}"},
			points: []int{3, 0}, notes: []string{"mp 0: the new units move from next turn (EaW 6.0)"}},
	})
	c, _ := validate(t, frontier().build(), "move: {fleet: 1st, path: [tau-ceti, vega, sirius]}", "move: {fleet: 3rd, path: [altair]}")
	if c.Used != 4 || c.Left != -1 || c.Budget != 3 {
		t.Errorf("Validate over budget = used %d, left %d, budget %d; want 4, -1, 3", c.Used, c.Left, c.Budget)
	}
}

func TestEaW6_BuildCosts(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "mp 1 costs a point", orders: []string{"build: {units: [cruiser, frigate], fleet: 1st, mp: 1}"}, points: []int{1}, bpv: []int{190}},
		{name: "mp defaults to 1", orders: []string{"build: {units: [cruiser, frigate], fleet: 1st}"}, points: []int{1}, bpv: []int{190}},
		{name: "mp 0 is free", orders: []string{"build: {units: [cruiser, frigate], fleet: 1st, mp: 0}"}, points: []int{0}, bpv: []int{190},
			notes: []string{"mp 0: the new units move from next turn (EaW 6.0)"}},
		{name: "unknown class", orders: []string{"build: {units: [crusier, frigate], fleet: 1st}"}, points: []int{1}, bpv: []int{65},
			want: []string{`6:21 EaW 6.0: there is no unit class "crusier" in the catalogue`},
			hint: `did you mean "cruiser"? the classes: cruiser, frigate, corvette, scout, dreadnought`},
		{name: "no FRD", state: frontier().withoutFRDs(), orders: []string{"build: {units: [scout], fleet: 1st}"}, points: []int{1},
			want: []string{"6:5 EaW 15a: you have no FRD, and units are built only at an FRD"}},
	})
}

func TestEaW6_TreasuryCoversBuilds(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "treasury covers", state: frontier().withTreasury("vorn", 190),
			orders: []string{"build: {units: [cruiser, frigate], fleet: 1st}"}, points: []int{1}, bpv: []int{190}},
		{name: "treasury short", state: frontier().withTreasury("vorn", 189),
			orders: []string{"build: {units: [cruiser, frigate], fleet: 1st}"}, points: []int{1}, bpv: []int{190},
			want: []string{"6:5 EaW 6.0: these units cost 190 BPV, but your treasury holds 189"}, hint: "fewer or cheaper"},
		{name: "all builds together", state: frontier().withTreasury("vorn", 200),
			orders: []string{"build: {units: [cruiser], fleet: 1st}", "build: {units: [frigate, scout], fleet: 1st, mp: 0}"},
			points: []int{1, 0}, bpv: []int{125, 110},
			notes: []string{"mp 0: the new units move from next turn (EaW 6.0)"},
			want: []string{
				"7:5 EaW 33.0: your FRD already builds at 6:5; an FRD builds once per turn",
				"7:5 EaW 6.0: your builds cost 235 BPV so far, but your treasury holds 200"}},
	})
	c, _ := validate(t, frontier().withTreasury("vorn", 500).build(), "build: {units: [cruiser, cruiser], fleet: 1st}")
	if c.Treasury != 500 || c.Spent != 250 {
		t.Errorf("Validate treasury = %d, spent %d; want 500, 250", c.Treasury, c.Spent)
	}
}

func TestEaW6_DockingLimit(t *testing.T) {
	// The fleet caps (EaW 17.0) are off here: this test is about docking.
	uncapped := func(r *campaign.Rules) { r.Fleets = campaign.FleetRules{} }
	runCases(t, []ruleCase{
		{name: "36 docking points", state: frontier().withRules(uncapped),
			orders: []string{"build: {units: [cruiser, cruiser, cruiser, cruiser, cruiser, cruiser], fleet: 1st}"}, points: []int{1}},
		{name: "40 docking points with mp 1", state: frontier().withRules(uncapped), orders: []string{"build: {units: [dreadnought], fleet: 1st}"}, points: []int{1},
			want: []string{"6:5 EaW 6.0: a dreadnought of 40 docking points takes your FRD two seasonal turns, and moves after them"}, hint: "mp: 0, or with frds: 2"},
		{name: "40 docking points over two turns", state: frontier().withRules(uncapped), orders: []string{"build: {units: [dreadnought], fleet: 1st, mp: 0}"}, points: []int{0},
			notes: []string{"your FRD at kessel builds the dreadnought over two seasonal turns: paid when laid down this turn, it joins fleet 1st after movement next turn, and the FRD builds nothing else meanwhile (EaW 6.0)",
				"mp 0: the new units move from next turn (EaW 6.0)"}},
		{name: "more than 36 docking points of small units", state: frontier().withRules(uncapped),
			orders: []string{"build: {units: [cruiser, cruiser, cruiser, cruiser, cruiser, cruiser, scout], fleet: 1st}"}, points: []int{1},
			want: []string{"6:5 EaW 6.0: these units take 38 docking points, and an FRD builds at most 36 per turn"}, hint: "the rest next turn"},
		{name: "scenario limit", state: frontier().withRules(func(r *campaign.Rules) { uncapped(r); r.Build.Docking = 40 }),
			orders: []string{"build: {units: [dreadnought], fleet: 1st}"}, points: []int{1}},
	})
}

func TestEaW17_FleetCaps(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "over 600 combat BPV", orders: []string{"build: {units: [cruiser, cruiser, cruiser, cruiser, cruiser, cruiser], fleet: 1st}"},
			points: []int{1}, want: []string{"6:83 EaW 17.0: fleet 1st would have 960 combat BPV, over the cap of 600 in Y165"}, hint: "a new fleet"},
		{name: "big ships over 450", orders: []string{"build: {units: [dreadnought], fleet: 1st}"}, state: frontier().withRules(func(r *campaign.Rules) { r.Build.Docking = 40 }),
			points: []int{1}, want: []string{"6:42 EaW 17.0: fleet 1st would have 540 combat BPV of size class 2 and 3 ships, over the cap of 450 in Y165"}},
		{name: "the caps rise after ten years", state: frontier().withRules(func(r *campaign.Rules) { r.Build.Docking = 40 }).atYear(175),
			orders: []string{"build: {units: [dreadnought], fleet: 1st}"}, points: []int{1}},
	})
}

func TestEaW17f_SimilarHullSurcharge(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "third and fourth cruiser", state: frontier().withRules(func(r *campaign.Rules) { r.Fleets.SimilarHullMin = [3]int{} }),
			orders: []string{"build: {units: [cruiser, cruiser, corvette], fleet: 9th}"}, points: []int{1}, bpv: []int{162 + 162 + 80},
			notes: []string{"cruiser number 3 costs 30% more: 162 BPV (EaW 17f)", "cruiser number 4 costs 30% more: 162 BPV (EaW 17f)", "new fleet 9th forms at kessel (EaW 6c)"}},
		{name: "a class too cheap for it", orders: []string{"build: {units: [cruiser], fleet: 9th}"}, points: []int{1}, bpv: []int{125},
			notes: []string{"new fleet 9th forms at kessel (EaW 6c)"}},
	})
}

func TestEaW17a_ThreeFleetsInOneSystem(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "a fourth fleet arrives", state: frontier().withFleetAt("4th", "kessel").withFleetAt("5th", "deneb"),
			orders: []string{"move: {fleet: 5th, path: [kessel]}"}, points: []int{1},
			want: []string{"6:5 EaW 17a: this would leave 4 of your fleets at kessel; a system holds at most 3 of one player's fleets"}},
	})
}

func TestEaW33_OneBuildPerFRD(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "second build", orders: []string{"build: {units: [scout], fleet: 1st}", "build: {units: [scout], fleet: 3rd}"},
			points: []int{1, 1}, want: []string{"7:5 EaW 33.0: your FRD already builds at 6:5; an FRD builds once per turn"},
			hint: "one build order"},
	})
}

func TestEaW6c_BuildIntoFleetAtFRD(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "fleet elsewhere", orders: []string{"build: {units: [scout], fleet: 2nd}"}, points: []int{1},
			want: []string{"6:36 EaW 6c: fleet 2nd will be at deneb, not at your FRD at kessel"},
			hint: "put the units into a fleet at kessel (1st, 3rd), or name a new fleet"},
		{name: "fleet moved away first", orders: []string{"move: {fleet: 1st, path: [altair]}", "build: {units: [scout], fleet: 1st}"},
			points: []int{1, 1}, want: []string{"7:36 EaW 6c: fleet 1st will be at altair, not at your FRD at kessel"},
			hint: "(3rd)"},
		{name: "fleet moved to the FRD first, mp 1", orders: []string{"move: {fleet: 2nd, path: [kessel]}", "build: {units: [scout], fleet: 2nd}"},
			points: []int{1, 1}, want: []string{"7:36 EaW 6.0: units built with mp 1 join before movement, when fleet 2nd is still at deneb, not at your FRD at kessel"},
			hint: "build with mp: 0"},
		{name: "fleet moved to the FRD first, mp 0", orders: []string{"move: {fleet: 2nd, path: [kessel]}", "build: {units: [scout], fleet: 2nd, mp: 0}"},
			points: []int{1, 0}, notes: []string{"mp 0: the new units move from next turn (EaW 6.0)"}},
		{name: "new fleet", orders: []string{"build: {units: [scout], fleet: 5th}"}, points: []int{1},
			notes: []string{"new fleet 5th forms at kessel (EaW 6c)"}},
		{name: "new fleet with an unusable name", orders: []string{`build: {units: [scout], fleet: "Home Guard, #1"}`}, points: []int{1},
			notes: []string{"new fleet Home Guard, #1 forms at kessel (EaW 6c)"},
			want:  []string{`6:36 EaW 6c: "Home Guard, #1" cannot name a new fleet`}, hint: "e.g. fleet: 7th"},
	})
}

func TestEaW6_NewFleetMovesWithMP1(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "mp 1", orders: []string{"build: {units: [cruiser, cruiser], fleet: 5th, mp: 1}", "move: {fleet: 5th, path: [kessel, tau-ceti]}"},
			points: []int{1, 1}, notes: []string{"new fleet 5th forms at kessel (EaW 6c)"}},
		{name: "mp 0", orders: []string{"build: {units: [cruiser, cruiser], fleet: 5th, mp: 0}", "move: {fleet: 5th, path: [tau-ceti]}"},
			points: []int{0, 1}, notes: []string{"new fleet 5th forms at kessel (EaW 6c)", "mp 0: the new units move from next turn (EaW 6.0)"},
			want: []string{"7:5 EaW 6.0: fleet 5th is built with mp 0 at 6:5, so it moves next turn"}, hint: "mp: 1"},
		{name: "existing fleet reinforced with mp 0 then moved", orders: []string{"build: {units: [scout], fleet: 1st, mp: 0}", "move: {fleet: 1st, path: [tau-ceti]}"},
			points: []int{0, 1}, notes: []string{"mp 0: the new units move from next turn (EaW 6.0)"},
			want: []string{"7:5 EaW 6.0: units built with mp 0 at 6:5 join fleet 1st after movement, at the FRD; the fleet cannot move away this turn"},
			hint: "build with mp: 1"},
		{name: "moved before it is built", orders: []string{"move: {fleet: 5th, path: [tau-ceti]}", "build: {units: [scout], fleet: 5th}"},
			points: []int{1, 1}, notes: []string{"new fleet 5th forms at kessel (EaW 6c)"},
			want: []string{`6:19 EaW 5a: you have no fleet "5th"`}},
	})
	c, _ := validate(t, frontier().build(), "build: {units: [scout], fleet: 5th}", "move: {fleet: 5th, path: [tau-ceti]}")
	if got, want := c.Orders[1].Route, []campaign.SystemID{"kessel", "tau-ceti"}; !slices.Equal(got, want) {
		t.Errorf("route of a new fleet = %v, want %v", got, want)
	}
}

// TestEaW5_HintsStateTheCampaignsCosts: the hints that name a cost name
// the campaign's, not the preset's (EaW 5.0, 6.0, 15a).
func TestEaW5_HintsStateTheCampaignsCosts(t *testing.T) {
	dear := func(r *campaign.Rules) { r.Budget.Min, r.Budget.BuildCost, r.FRD.BuildCost, r.FRD.Price = 9, 2, 4, 150 }
	runCases(t, []ruleCase{
		{name: "mp 0 then moved", state: frontier().withRules(dear),
			orders: []string{"build: {units: [cruiser], fleet: 5th, mp: 0}", "move: {fleet: 5th, path: [tau-ceti]}"},
			points: []int{0, 1}, notes: []string{"new fleet 5th forms at kessel (EaW 6c)", "mp 0: the new units move from next turn (EaW 6.0)"},
			want: []string{"7:5 EaW 6.0: fleet 5th is built with mp 0 at 6:5, so it moves next turn"}, hint: "build it with mp: 1 (2 points)"},
		{name: "no FRD", state: frontier().withRules(dear).withoutFRDs(), orders: []string{"build: {units: [scout], fleet: 1st}"},
			points: []int{2}, want: []string{"6:5 EaW 15a: you have no FRD, and units are built only at an FRD"},
			hint: "build_frd: {at: SYSTEM} at a system with your developed mine or colony (4 points, 150 BPV; EaW 15a)"},
	})
}

func TestEaW12_MineNeedsMineral(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "mineral planet", orders: []string{"develop: {fleet: 2nd, what: mine}"}, points: []int{1}},
		{name: "life planet", orders: []string{"move: {fleet: 1st, path: [tau-ceti]}", "develop: {fleet: 1st, what: mine}"},
			points: []int{1, 1}, want: []string{"7:33 EaW 12.0: a mine needs a mineral planet, but fleet 1st will be at tau-ceti, which has a life planet"},
			hint: "develop a colony there instead"},
		{name: "dead planet", state: frontier().withFleet("vorn", "4th", "sirius", "scout"),
			orders: []string{"develop: {fleet: 4th, what: mine}"}, points: []int{1},
			want: []string{"6:33 EaW 12.0: a mine needs a mineral planet, but fleet 4th will be at sirius, which has a dead planet"},
			hint: "move the fleet to a mineral planet first"},
		{name: "mine there already", state: frontier().withDevelopment("vorn", "deneb", campaign.Mine),
			orders: []string{"develop: {fleet: 2nd, what: mine}"}, points: []int{1},
			want: []string{"6:33 EaW 12.0: you already have a mine at deneb"}},
		{name: "another player's mine there", state: frontier().withDevelopment("zhal", "deneb", campaign.Mine),
			orders: []string{"develop: {fleet: 2nd, what: mine}"}, points: []int{1}},
		{name: "ordered twice", orders: []string{"develop: {fleet: 1st, what: mine}", "develop: {fleet: 3rd, what: mine}"},
			points: []int{1, 1}, want: []string{"7:33 EaW 12.0: a mine at kessel is already ordered at 6:5"}},
		{name: "one develop per fleet", orders: []string{"develop: {fleet: 2nd, what: mine}", "develop: {fleet: 2nd, what: mine}"},
			points: []int{1, 1}, want: []string{"7:5 EaW 12.0: fleet 2nd is already ordered to develop a mine at 6:5; a fleet develops once per turn"}},
		{name: "unknown fleet", orders: []string{"develop: {fleet: 7th, what: mine}"}, points: []int{1},
			want: []string{`6:22 EaW 12.0: you have no fleet "7th"`}},
	})
}

func TestEaW13_ColonyNeedsLife(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "life planet", orders: []string{"move: {fleet: 1st, path: [altair]}", "develop: {fleet: 1st, what: colony}"}, points: []int{1, 1}},
		{name: "mineral planet", orders: []string{"develop: {fleet: 2nd, what: colony}"}, points: []int{1},
			want: []string{"6:33 EaW 13.0: a colony needs a life planet, but fleet 2nd will be at deneb, which has a mineral planet"},
			hint: "develop a mine there instead"},
		{name: "colony there already", state: frontier().withDevelopment("vorn", "altair", campaign.Colony).withFleet("vorn", "4th", "altair", "scout"),
			orders: []string{"develop: {fleet: 4th, what: colony}"}, points: []int{1},
			want: []string{"6:33 EaW 13.0: you already have a colony at altair"}},
	})
}

func TestEaW16_DevelopNeedsExploredPlanet(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "unknown planet", orders: []string{"move: {fleet: 1st, path: [tau-ceti, vega]}", "develop: {fleet: 1st, what: colony}"},
			points: []int{2, 1}, want: []string{"7:33 EaW 16.0: the planet at vega is unexplored; explore it first"},
			hint: "end a move at vega and stay there this turn"},
	})
}

func TestEaW12b_NoMoveAfterDevelop(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "move after a mine", orders: []string{"develop: {fleet: 2nd, what: mine}", "move: {fleet: 2nd, path: [kessel]}"},
			points: []int{1, 1}, want: []string{"7:5 EaW 12b: fleet 2nd is ordered to develop a mine at 6:5 and may not move after that"},
			hint: "put the move before the develop order"},
		{name: "move after a colony (EaW 13a)", state: frontier().withFleet("vorn", "4th", "altair", "scout"),
			orders: []string{"develop: {fleet: 4th, what: colony}", "move: {fleet: 4th, path: [kessel]}"},
			points: []int{1, 1}, want: []string{"7:5 EaW 13a: fleet 4th is ordered to develop a colony at 6:5 and may not move after that"}},
		{name: "move first, then develop (digest §8 O5)", orders: []string{"move: {fleet: 3rd, path: [deneb]}", "develop: {fleet: 3rd, what: mine}"},
			points: []int{1, 1}},
		{name: "another fleet may move", orders: []string{"develop: {fleet: 2nd, what: mine}", "move: {fleet: 1st, path: [deneb]}"},
			points: []int{1, 1}},
	})
}

func TestValidate_UnknownPlayer(t *testing.T) {
	sub, err := parse([]byte(strings.Replace(header, "player: vorn", "player: nobody", 1) + "  []\n"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Validate(frontier().build(), sub)
	got := brief(problemsOf(t, err))
	want := []string{`2:1 : there is no player "nobody" in campaign frontier`}
	if c != nil || !slices.Equal(got, want) {
		t.Errorf("Validate = %v, %q; want nil, %q", c, got, want)
	}
}

func TestValidate_NilArguments(t *testing.T) {
	if _, err := Validate(nil, &orders.Submission{}); err == nil {
		t.Error("Validate(nil, sub) = nil error")
	} else if ps := (orders.Problems{}); errors.As(err, &ps) {
		t.Errorf("Validate(nil, sub) = %v, want an internal error, not Problems", err)
	}
}

// TestValidate_Costed checks every figure of a valid submission.
func TestValidate_Costed(t *testing.T) {
	st := frontier().withDevelopment("vorn", "kessel", campaign.Colony).withTreasury("vorn", 400).build()
	c, ps := validate(t, st,
		"move: {fleet: 1st, path: [kessel, tau-ceti, vega]}",
		"develop: {fleet: 2nd, what: mine}",
		"build: {units: [cruiser, frigate], fleet: 5th, mp: 1}",
	)
	if ps != nil {
		t.Fatalf("Validate = %v", ps)
	}
	want := []CostedOrder{
		{Points: 1, Route: []campaign.SystemID{"kessel", "tau-ceti", "vega"},
			Notes: []string{"jump kessel → tau-ceti is free: it starts at your developed colony (EaW 5b)"}},
		{Points: 1},
		{Points: 1, BPV: 190, Notes: []string{"new fleet 5th forms at kessel (EaW 6c)"}},
	}
	for i := range c.Orders {
		want[i].Order = c.Orders[i].Order
	}
	if !reflect.DeepEqual(c.Orders, want) {
		t.Errorf("Validate orders = %+v\nwant %+v", c.Orders, want)
	}
	got := [5]int{c.Budget, c.Used, c.Left, c.Treasury, c.Spent}
	if want := [5]int{3, 3, 0, 400, 190}; got != want {
		t.Errorf("Validate budget, used, left, treasury, spent = %v, want %v", got, want)
	}
}

// TestValidate_ReportsAllProblems checks that every order is checked and the
// problems come in text order.
func TestValidate_ReportsAllProblems(t *testing.T) {
	_, ps := validate(t, frontier().withTreasury("vorn", 10).build(),
		"move: {fleet: 1st, path: [vega]}",
		"develop: {fleet: 2nd, what: colony}",
		"build: {units: [scout, dreadnought], fleet: 2nd}",
	)
	want := []string{
		"6:31 EaW 5a: fleet 1st is at kessel, and no warp lane joins kessel and vega",
		"7:33 EaW 13.0: a colony needs a life planet, but fleet 2nd will be at deneb, which has a mineral planet",
		"8:5 EaW 6.0: a dreadnought of 40 docking points is built alone",
		"8:5 EaW 6.0: these units cost 365 BPV, but your treasury holds 10",
		"8:49 EaW 6c: fleet 2nd will be at deneb, not at your FRD at kessel",
	}
	if got := brief(ps); !slices.Equal(got, want) {
		t.Errorf("Validate problems =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestValidate_Deterministic checks that the same orders and state give the
// same costs and problems.
func TestValidate_Deterministic(t *testing.T) {
	orders := []string{
		"move: {fleet: 1st, path: [tau-ceti, vega, sirius]}", "develop: {fleet: 2nd, what: colony}",
		"build: {units: [scout, dreadnought], fleet: 2nd}", "move: {fleet: 9th, path: [tau-cet]}",
	}
	c1, ps1 := validate(t, frontier().build(), orders...)
	c2, ps2 := validate(t, frontier().build(), orders...)
	if !reflect.DeepEqual(c1, c2) || !reflect.DeepEqual(ps1, ps2) {
		t.Errorf("Validate differs between runs:\n%v\n%v", ps1, ps2)
	}
}
