package eaw

import (
	"slices"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// withServiceClasses adds what the fleet-service orders need to the test
// catalogue: damage control and a refit for the cruiser (to a heavy
// cruiser, 15 BPV more), repair freighters and bases.
func (b *stateBuilder) withServiceClasses() *stateBuilder {
	cr := b.st.Catalogue.Class("cruiser")
	cr.Damcon, cr.Refits = 3, []campaign.ClassName{"heavy-cruiser"}
	b.st.Catalogue = append(b.st.Catalogue,
		campaign.UnitClass{Class: "heavy-cruiser", CBPV: 135, EBPV: 140, Size: 3, Docking: 6, Damcon: 3},
		campaign.UnitClass{Class: "repair-freighter", CBPV: 20, EBPV: 45, Size: 5, Docking: 4, Roles: []campaign.Role{campaign.RoleLargeRepair}},
		campaign.UnitClass{Class: "repair-tender", CBPV: 15, EBPV: 35, Size: 5, Docking: 3, Roles: []campaign.Role{campaign.RoleSmallRepair}},
		campaign.UnitClass{Class: "cpl", CBPV: 10, EBPV: 40, Size: 6, Docking: 2, Roles: []campaign.Role{campaign.RoleCPL}},
		campaign.UnitClass{Class: "gsa", CBPV: 30, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleGSA}},
		campaign.UnitClass{Class: "gms", CBPV: 10, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleGMS}},
		campaign.UnitClass{Class: "defsat", CBPV: 20, EBPV: 20, Size: 6, Docking: 1, Roles: []campaign.Role{campaign.RoleDEFSAT}},
	)
	return b
}

// serviced is frontier() with the service classes.
func serviced() *stateBuilder { return frontier().withServiceClasses() }

// edit changes one of vorn's fleets.
func (b *stateBuilder) edit(id campaign.FleetID, change func(*campaign.Fleet)) *stateBuilder {
	change(b.st.Fleet("vorn", id))
	return b
}

func damaged(i int, d campaign.UnitDamage) func(*campaign.Fleet) {
	return func(f *campaign.Fleet) {
		d.Unit = i
		f.Damage = append(f.Damage, d)
	}
}

func captured(idx ...int) func(*campaign.Fleet) {
	return func(f *campaign.Fleet) { f.Captured = idx }
}

func trapped(f *campaign.Fleet) { f.Trapped = 2 }

func TestEaW6d_ResupplyWhere(t *testing.T) {
	runCases(t, []ruleCase{
		// valid
		{name: "at the FRD", state: serviced(), orders: []string{"resupply: {fleet: 1st}"}, points: []int{1}, bpv: []int{0}},
		{name: "at a developed colony, after moving there",
			state:  serviced().withDevelopment("vorn", "tau-ceti", campaign.Colony),
			orders: []string{"move: {fleet: 1st, path: [tau-ceti]}", "resupply: {fleet: 1st}"}, points: []int{1, 1}},
		{name: "with a repair freighter in the system",
			state:  serviced().withFleet("vorn", "4th", "deneb", "repair-tender"),
			orders: []string{"resupply: {fleet: 2nd}"}, points: []int{1},
			notes: []string{"your repair freighter at deneb resupplies and repairs fleet 2nd (EaW 6d)"}},
		{name: "prizes are not resupplied", state: serviced().edit("1st", captured(1)),
			orders: []string{"resupply: {fleet: 1st}"}, points: []int{1},
			notes: []string{"fleet 1st's captured cruiser is not resupplied until inspected (EaW 25b)"}},
		// invalid
		{name: "nowhere to resupply", state: serviced(), orders: []string{"resupply: {fleet: 2nd}"}, points: []int{1},
			want: []string{"6:5 EaW 6d: fleet 2nd is at deneb, where you have no FRD, developed colony or repair freighter"},
			hint: "your FRDs stand at kessel, and no developed colony"},
		{name: "the colony is where the fleet was, not where it will be",
			state:  serviced().withDevelopment("vorn", "altair", campaign.Colony).withFleet("vorn", "4th", "altair", "frigate"),
			orders: []string{"move: {fleet: 4th, path: [kessel, deneb]}", "resupply: {fleet: 4th}"}, points: []int{1, 1},
			want:  []string{"7:5 EaW 6d: fleet 4th will be at deneb, where you have no FRD, developed colony or repair freighter"},
			notes: []string{"jump altair → kessel is free: it starts at your developed colony (EaW 5b)"}},
		{name: "a disrupted colony",
			state: serviced().withDevelopment("vorn", "tau-ceti", campaign.Colony).withFleet("vorn", "4th", "tau-ceti", "frigate").
				withFleet("zhal", "8th", "tau-ceti", "frigate").withTrap("zhal", "8th"),
			orders: []string{"resupply: {fleet: 4th}"}, points: []int{1},
			want: []string{"6:5 EaW 10i: your colony at tau-ceti is disrupted by enemy fleets trapped there and resupplies nobody"}},
		{name: "a trapped fleet", state: serviced().edit("1st", trapped), orders: []string{"resupply: {fleet: 1st}"}, points: []int{1},
			want: []string{"6:23 EaW 10h: fleet 1st is trapped by an enemy fortification at kessel and cannot resupply: a trapped fleet does nothing but a siege roll"}},
		{name: "twice", state: serviced(), orders: []string{"resupply: {fleet: 1st}", "resupply: {fleet: 1st}"}, points: []int{1, 1},
			want: []string{"7:5 EaW 6d: fleet 1st already has a resupply order at 6:5; a fleet gets one per turn"}},
		{name: "no such fleet", state: serviced(), orders: []string{"resupply: {fleet: 9th}"}, points: []int{1},
			want: []string{`6:23 EaW 6d: you have no fleet "9th"`}},
	})
}

func TestEaW6f_Refit(t *testing.T) {
	refit := "resupply: {fleet: 1st, refit: {cruiser: heavy-cruiser}}"
	runCases(t, []ruleCase{
		// valid
		{name: "every cruiser, for the EBPV difference", state: serviced(), orders: []string{refit}, points: []int{1}, bpv: []int{30},
			notes: []string{"refit of 2 cruiser to heavy-cruiser: 15 BPV each (EaW 6f)"}},
		{name: "prizes are not refitted", state: serviced().edit("1st", captured(0)), orders: []string{refit}, points: []int{1}, bpv: []int{15},
			notes: []string{"refit of 1 cruiser to heavy-cruiser: 15 BPV each (EaW 6f)",
				"fleet 1st's captured cruiser is not resupplied until inspected (EaW 25b)"}},
		{name: "a cheaper class refunds nothing",
			state:  serviced().withCatalogueEdit("heavy-cruiser", func(c *campaign.UnitClass) { c.EBPV = 100 }),
			orders: []string{refit}, points: []int{1}, bpv: []int{0},
			notes: []string{"refit of 2 cruiser to heavy-cruiser: free, and the cheaper class refunds nothing (EaW 6f)"}},
		// invalid
		{name: "a refit the catalogue does not offer", state: serviced(), orders: []string{"resupply: {fleet: 3rd, refit: {frigate: cruiser}}"},
			points: []int{1}, bpv: []int{0},
			want: []string{"6:36 EaW 6f: a frigate cannot be refitted to cruiser"}, hint: "the catalogue offers no refit for a frigate"},
		{name: "no such unit in the fleet", state: serviced(), orders: []string{"resupply: {fleet: 3rd, refit: {cruiser: heavy-cruiser}}"},
			points: []int{1}, bpv: []int{0},
			want: []string{"6:36 EaW 6f: fleet 3rd has no cruiser to refit"}, hint: "fleet 3rd holds: frigate"},
		{name: "an unknown class", state: serviced(), orders: []string{"resupply: {fleet: 1st, refit: {cruiser: battlecruiser}}"},
			points: []int{1}, bpv: []int{0},
			want: []string{`6:36 EaW 6f: there is no unit class "battlecruiser" in the catalogue`}},
		{name: "more than the treasury holds", state: serviced().withTreasury("vorn", 20), orders: []string{refit}, points: []int{1}, bpv: []int{30},
			want:  []string{"6:5 EaW 6f: these refits cost 30 BPV, but your treasury holds 20"},
			notes: []string{"refit of 2 cruiser to heavy-cruiser: 15 BPV each (EaW 6f)"}},
		{name: "over the cap of big ships", state: serviced().withRules(func(r *campaign.Rules) { r.Fleets.MaxBigCBPV[0] = 250 }),
			orders: []string{refit}, points: []int{1}, bpv: []int{30},
			want:  []string{"6:5 EaW 17.0: fleet 1st would have 270 combat BPV of size class 2 and 3 ships, over the cap of 250 in Y165"},
			notes: []string{"refit of 2 cruiser to heavy-cruiser: 15 BPV each (EaW 6f)"}},
		{name: "a repair freighter does not refit", state: serviced().withFleet("vorn", "4th", "deneb", "repair-freighter", "cruiser"),
			orders: []string{"resupply: {fleet: 4th, refit: {cruiser: heavy-cruiser}}"}, points: []int{1}, bpv: []int{0},
			want:  []string{"6:36 EaW 6d: a repair freighter resupplies and repairs but does not refit"},
			notes: []string{"your repair freighter at deneb resupplies and repairs fleet 4th (EaW 6d)"}},
	})
}

func TestEaW7_0_Transfer(t *testing.T) {
	runCases(t, []ruleCase{
		// valid
		{name: "to a fleet in the same system", state: serviced(), orders: []string{"transfer: {from: 1st, to: 3rd, units: [cruiser]}"}, points: []int{1}},
		{name: "to a new fleet", state: serviced(), orders: []string{"transfer: {from: 1st, to: 7th, units: [cruiser]}"}, points: []int{1},
			notes: []string{"new fleet 7th forms at kessel (EaW 7.0)"}},
		{name: "the last unit disbands the fleet", state: serviced(), orders: []string{"transfer: {from: 3rd, to: 1st, units: [frigate]}"}, points: []int{1},
			notes: []string{"fleet 3rd is disbanded: its last unit leaves it (EaW 7a)"}},
		{name: "after moving into the system", state: serviced(),
			orders: []string{"move: {fleet: 2nd, path: [kessel]}", "transfer: {from: 2nd, to: 1st, units: [frigate]}"}, points: []int{1, 1},
			notes: []string{"fleet 2nd is disbanded: its last unit leaves it (EaW 7a)", "carried out after the battles, at kessel"}},
		{name: "a new fleet moves off", state: serviced(),
			orders: []string{"transfer: {from: 1st, to: 7th, units: [cruiser]}", "move: {fleet: 7th, path: [altair]}"}, points: []int{1, 1},
			notes: []string{"new fleet 7th forms at kessel (EaW 7.0)"}},
		// invalid
		{name: "fleets in two systems", state: serviced(), orders: []string{"transfer: {from: 2nd, to: 1st, units: [frigate]}"}, points: []int{1},
			want: []string{"6:31 EaW 7.0: fleet 2nd is at deneb and fleet 1st is at kessel; a transfer needs both in one system"}},
		{name: "a unit the fleet lacks", state: serviced(), orders: []string{"transfer: {from: 1st, to: 3rd, units: [frigate]}"}, points: []int{1},
			want: []string{"6:44 EaW 7.0: fleet 1st has no frigate to transfer"}, hint: "fleet 1st holds: 2 cruiser"},
		{name: "more units than it holds", state: serviced(), orders: []string{"transfer: {from: 1st, to: 3rd, units: [cruiser, cruiser, cruiser]}"},
			points: []int{1},
			want:   []string{"6:62 EaW 7.0: fleet 1st has no more cruiser to transfer: the order names more than it holds"},
			notes:  []string{"fleet 1st is disbanded: its last unit leaves it (EaW 7a)"}},
		{name: "a bad new name", state: serviced(), orders: []string{"transfer: {from: 1st, to: _x, units: [cruiser]}"}, points: []int{1},
			want: []string{`6:31 EaW 7.0: "_x" cannot name a new fleet`}},
		{name: "to itself", state: serviced(), orders: []string{"transfer: {from: 1st, to: 1st, units: [cruiser]}"}, points: []int{1},
			want: []string{"6:31 EaW 7.0: from and to both name fleet 1st; a transfer moves units to another fleet"}},
		{name: "over the cap", state: serviced().withRules(func(r *campaign.Rules) { r.Fleets.MaxBigCBPV[0] = 250 }).
			withFleet("vorn", "4th", "kessel", "cruiser"),
			orders: []string{"transfer: {from: 4th, to: 1st, units: [cruiser]}"}, points: []int{1},
			want:  []string{"6:31 EaW 17.0: fleet 1st would have 360 combat BPV of size class 2 and 3 ships, over the cap of 250 in Y165"},
			notes: []string{"fleet 4th is disbanded: its last unit leaves it (EaW 7a)"}},
		{name: "a new fleet in a full system", state: serviced().withFleet("vorn", "4th", "kessel", "frigate"),
			orders: []string{"transfer: {from: 1st, to: 7th, units: [cruiser]}"}, points: []int{1},
			want:  []string{"6:5 EaW 17a: this would leave 4 of your fleets at kessel; a system holds at most 3 of one player's fleets"},
			notes: []string{"new fleet 7th forms at kessel (EaW 7.0)"}},
		{name: "a disbanded fleet moves", state: serviced(),
			orders: []string{"transfer: {from: 3rd, to: 1st, units: [frigate]}", "move: {fleet: 3rd, path: [altair]}"}, points: []int{1, 1},
			want:  []string{"7:5 EaW 7a: fleet 3rd is disbanded at 6:5, where its last unit leaves it"},
			notes: []string{"fleet 3rd is disbanded: its last unit leaves it (EaW 7a)"}},
		{name: "a fleet moves after a transfer made after the battles", state: serviced(),
			orders: []string{"move: {fleet: 2nd, path: [kessel]}", "transfer: {from: 1st, to: 2nd, units: [cruiser]}", "move: {fleet: 1st, path: [altair]}"},
			points: []int{1, 1, 1},
			want:   []string{"8:5 EaW 4b: fleet 1st takes part in the order at 7:5, which is carried out after the battles, and may not move after it"},
			notes:  []string{"carried out after the battles, at kessel"}},
		{name: "prizes left alone", state: serviced().withFleet("vorn", "4th", "kessel", "frigate", "cruiser").edit("4th", captured(1)),
			orders: []string{"transfer: {from: 4th, to: 3rd, units: [frigate]}"}, points: []int{1},
			want: []string{"6:22 EaW 25b: fleet 4th would hold only captured units, which travel only with a fleet until they are inspected"}},
	})
}

// withTrap marks a fleet of any player as trapped by a fortification.
func (b *stateBuilder) withTrap(owner campaign.PlayerID, id campaign.FleetID) *stateBuilder {
	b.st.Fleet(owner, id).Trapped = 2
	return b
}

// withCatalogueEdit changes one class of the catalogue.
func (b *stateBuilder) withCatalogueEdit(class campaign.ClassName, change func(*campaign.UnitClass)) *stateBuilder {
	change(b.st.Catalogue.Class(class))
	return b
}

func TestEaW7_0_TransferForecast(t *testing.T) {
	c, ps := validate(t, serviced().build(),
		"transfer: {from: 3rd, to: 7th, units: [frigate]}", "move: {fleet: 7th, path: [altair]}")
	if ps != nil {
		t.Fatalf("Validate = %v", ps)
	}
	var got []FleetForecast
	for _, f := range c.Fleets {
		if f.Fleet == "3rd" || f.Fleet == "7th" {
			got = append(got, f)
		}
	}
	want := []FleetForecast{{Fleet: "7th", To: "altair"}}
	if !slices.Equal(got, want) {
		t.Errorf("forecast of 3rd and 7th = %v, want %v: 3rd disbanded, 7th formed at kessel and gone to altair", got, want)
	}
}

func TestEaW9_0_Scrap(t *testing.T) {
	runCases(t, []ruleCase{
		// valid
		{name: "at the FRD", state: serviced(), orders: []string{"scrap: {fleet: 1st, units: [cruiser]}"}, points: []int{1}, bpv: []int{0},
			notes: []string{"scrapping refunds 62 BPV, half the units' EBPV, to spend from next turn (EaW 9.0)"}},
		{name: "with a large repair freighter", state: serviced().withFleet("vorn", "4th", "deneb", "repair-freighter"),
			orders: []string{"scrap: {fleet: 2nd, units: [frigate]}"}, points: []int{1},
			notes: []string{"scrapping refunds 32 BPV, half the units' EBPV, to spend from next turn (EaW 9.0)",
				"fleet 2nd is disbanded: its last unit leaves it (EaW 9.0)"}},
		// invalid
		{name: "away from the FRD", state: serviced(), orders: []string{"scrap: {fleet: 2nd, units: [frigate]}"}, points: []int{1},
			want: []string{"6:5 EaW 9.0: fleet 2nd is at deneb, where you have neither an FRD nor a large repair freighter; units are scrapped only there"},
			notes: []string{"scrapping refunds 32 BPV, half the units' EBPV, to spend from next turn (EaW 9.0)",
				"fleet 2nd is disbanded: its last unit leaves it (EaW 9.0)"}},
		{name: "a small repair freighter does not scrap", state: serviced().withFleet("vorn", "4th", "deneb", "repair-tender"),
			orders: []string{"scrap: {fleet: 4th, units: [repair-tender]}"}, points: []int{1},
			want: []string{"6:5 EaW 9.0: fleet 4th is at deneb, where you have neither an FRD nor a large repair freighter; units are scrapped only there"},
			notes: []string{"scrapping refunds 17 BPV, half the units' EBPV, to spend from next turn (EaW 9.0)",
				"fleet 4th is disbanded: its last unit leaves it (EaW 9.0)"}},
		{name: "twice for one fleet", state: serviced(),
			orders: []string{"scrap: {fleet: 1st, units: [cruiser]}", "scrap: {fleet: 1st, units: [cruiser]}"}, points: []int{1, 1},
			want: []string{"7:5 EaW 9.0: fleet 1st already has a scrap order at 6:5; a fleet gets one per turn"},
			notes: []string{"scrapping refunds 62 BPV, half the units' EBPV, to spend from next turn (EaW 9.0)",
				"scrapping refunds 62 BPV, half the units' EBPV, to spend from next turn (EaW 9.0)",
				"fleet 1st is disbanded: its last unit leaves it (EaW 9.0)"}},
		{name: "the refund is not spent this turn", state: serviced().withTreasury("vorn", 60),
			orders: []string{"scrap: {fleet: 1st, units: [cruiser]}", "build: {units: [frigate], fleet: 3rd}"}, points: []int{1, 1}, bpv: []int{0, 65},
			want:  []string{"7:5 EaW 6.0: these units cost 65 BPV, but your treasury holds 60"},
			notes: []string{"scrapping refunds 62 BPV, half the units' EBPV, to spend from next turn (EaW 9.0)"}},
	})
}

func TestEaW9b_Inspect(t *testing.T) {
	runCases(t, []ruleCase{
		// valid
		{name: "at the FRD", state: serviced().edit("1st", captured(1)), orders: []string{"inspect: {fleet: 1st}"}, points: []int{1},
			notes: []string{"fleet 1st's captured cruiser is inspected, and counted toward its caps from then on (EaW 25b)"}},
		{name: "with a small repair freighter", state: serviced().withFleet("vorn", "4th", "deneb", "repair-tender").
			withFleet("vorn", "5th", "deneb", "cruiser", "frigate").edit("5th", captured(1)),
			orders: []string{"inspect: {fleet: 5th}"}, points: []int{1},
			notes: []string{"fleet 5th's captured frigate is inspected, and counted toward its caps from then on (EaW 25b)"}},
		{name: "after moving, prizes of this turn", state: serviced(),
			orders: []string{"move: {fleet: 2nd, path: [kessel]}", "inspect: {fleet: 2nd}"}, points: []int{1, 1},
			notes: []string{"fleet 2nd holds no captured units now; the inspection takes those it captures in this turn's battles"}},
		// invalid
		{name: "nothing to inspect", state: serviced(), orders: []string{"inspect: {fleet: 1st}"}, points: []int{1},
			want: []string{"6:5 EaW 9b: fleet 1st holds no captured units to inspect"}},
		{name: "a large repair freighter does not inspect (§8 O15)",
			state:  serviced().withFleet("vorn", "4th", "deneb", "repair-freighter", "frigate").edit("4th", captured(1)),
			orders: []string{"inspect: {fleet: 4th}"}, points: []int{1},
			want:  []string{"6:5 EaW 9b: fleet 4th is at deneb, where you have neither an FRD nor a small repair freighter; captured units are inspected only there"},
			notes: []string{"fleet 4th's captured frigate is inspected, and counted toward its caps from then on (EaW 25b)"}},
		{name: "the prizes would break the cap", state: serviced().withRules(func(r *campaign.Rules) { r.Fleets.MaxBigCBPV[0] = 200 }).
			withFleet("vorn", "4th", "kessel", "cruiser", "cruiser").edit("4th", captured(1)),
			orders: []string{"inspect: {fleet: 4th}"}, points: []int{1},
			want:  []string{"6:5 EaW 17.0: fleet 4th would have 240 combat BPV of size class 2 and 3 ships, over the cap of 200 in Y165"},
			notes: []string{"fleet 4th's captured cruiser is inspected, and counted toward its caps from then on (EaW 25b)"}},
	})
}

func TestEaW24_0_SelfRepair(t *testing.T) {
	worn := func(f *campaign.Fleet) {
		f.Damage = []campaign.UnitDamage{{Unit: 0, Structure: 4}}
		f.Crews = []campaign.UnitCrew{{Unit: 0, Repaired: 9}, {Unit: 1, Repaired: 9}}
	}
	runCases(t, []ruleCase{
		// valid
		{name: "anywhere, after the battles", state: serviced().edit("1st", damaged(0, campaign.UnitDamage{Structure: 3})),
			orders: []string{"move: {fleet: 1st, path: [altair]}", "self_repair: {fleet: 1st}"}, points: []int{1, 1},
			notes: []string{"the repairs are made after the battles (EaW 24.0)"}},
		{name: "no damage yet", state: serviced(), orders: []string{"self_repair: {fleet: 1st}"}, points: []int{1},
			notes: []string{"fleet 1st carries no damage now; it mends what this turn's battles do to it, after them (EaW 24.0)"}},
		{name: "capacity restored by a resupply above", state: serviced().edit("1st", worn),
			orders: []string{"resupply: {fleet: 1st}", "self_repair: {fleet: 1st}"}, points: []int{1, 1},
			notes: []string{"fleet 1st carries no damage now; it mends what this turn's battles do to it, after them (EaW 24.0)"}},
		// invalid
		{name: "no damage control", state: serviced(), orders: []string{"self_repair: {fleet: 3rd}"}, points: []int{1},
			want: []string{"6:5 EaW 22b: no unit of fleet 3rd has damage control, so it cannot repair itself"}},
		{name: "capacity used up", state: serviced().edit("1st", worn), orders: []string{"self_repair: {fleet: 1st}"}, points: []int{1},
			want: []string{"6:5 EaW 22b: the units of fleet 1st have used all their self-repair capacity since they last resupplied"}},
		{name: "twice", state: serviced(), orders: []string{"self_repair: {fleet: 1st}", "self_repair: {fleet: 1st}"}, points: []int{1, 1},
			want: []string{"7:5 EaW 24.0: fleet 1st already has a self_repair order at 6:5; a fleet gets one per turn"},
			notes: []string{"fleet 1st carries no damage now; it mends what this turn's battles do to it, after them (EaW 24.0)",
				"fleet 1st carries no damage now; it mends what this turn's battles do to it, after them (EaW 24.0)"}},
	})
}

func TestEaW14_0_Install(t *testing.T) {
	colony := func() *stateBuilder {
		return serviced().withDevelopment("vorn", "tau-ceti", campaign.Colony).
			withFleet("vorn", "4th", "tau-ceti", "frigate", "cpl", "gsa", "defsat", "defsat", "defsat").
			withFleet("vorn", "5th", "tau-ceti", "frigate", "defsat", "defsat", "defsat")
	}
	runCases(t, []ruleCase{
		// valid
		{name: "a CPL and a GSA at the player's colony", state: colony(), orders: []string{"install: {fleet: 4th, units: [cpl, gsa]}"}, points: []int{1}},
		{name: "one point for every install in a system", state: colony(),
			orders: []string{"install: {fleet: 4th, units: [defsat]}", "install: {fleet: 5th, units: [defsat]}"}, points: []int{1, 0},
			notes: []string{"free: the install at 6:5 pays for every install at tau-ceti this turn (EaW 14.0)"}},
		{name: "a GSA without a colony or CPL earns nothing", state: serviced().withFleet("vorn", "4th", "altair", "frigate", "gsa"),
			orders: []string{"install: {fleet: 4th, units: [gsa]}"}, points: []int{1},
			notes: []string{"a gsa earns only at your developed colony (EaW 14.0)"}},
		{name: "a GMS at the player's mine without a CPL", state: serviced().withDevelopment("vorn", "deneb", campaign.Mine).
			withFleet("vorn", "4th", "deneb", "frigate", "gms"),
			orders: []string{"install: {fleet: 4th, units: [gms]}"}, points: []int{1},
			notes: []string{"you have no CPL at deneb: its ground bases earn nothing until one is installed (EaW 14.0)"}},
		{name: "after moving there", state: serviced().withFleet("vorn", "4th", "kessel", "frigate", "defsat"),
			orders: []string{"move: {fleet: 4th, path: [altair]}", "install: {fleet: 4th, units: [defsat]}"}, points: []int{1, 1}},
		// invalid
		{name: "a ship is not a base", state: colony(), orders: []string{"install: {fleet: 4th, units: [frigate]}"}, points: []int{1},
			want: []string{"6:35 EaW 14.0: a frigate is a ship, not a base; only ground bases, DEFSATs and CPLs are installed"}},
		{name: "a base the fleet lacks", state: colony(), orders: []string{"install: {fleet: 4th, units: [gms]}"}, points: []int{1},
			want: []string{"6:35 EaW 14.0: fleet 4th has no gms to install"}},
		{name: "at an unexplored planet", state: serviced().withFleet("vorn", "4th", "tau-ceti", "frigate", "defsat"),
			orders: []string{"move: {fleet: 4th, path: [vega]}", "install: {fleet: 4th, units: [defsat]}"}, points: []int{1, 1},
			want: []string{"7:5 EaW 16.0: the planet at vega is unexplored; bases are installed at a known planet"}},
		{name: "more DEFSATs than a planet holds", state: colony(),
			orders: []string{"install: {fleet: 4th, units: [defsat, defsat, defsat]}", "install: {fleet: 5th, units: [defsat, defsat, defsat]}"},
			points: []int{1, 0},
			want:   []string{"7:5 EaW 14.0: this would put 6 of your DEFSATs at tau-ceti, which holds at most 5"},
			notes:  []string{"free: the install at 6:5 pays for every install at tau-ceti this turn (EaW 14.0)"}},
	})
}

func TestEaW17_0_CarriedBasesDoNotCount(t *testing.T) {
	// The GSA's 30 combat BPV would take fleet 1st (240) over a cap of 250.
	st := serviced().withRules(func(r *campaign.Rules) { r.Fleets.MaxCBPV[0] = 250 }).build()
	if _, ps := validate(t, st, "build: {units: [gsa, cpl], fleet: 1st}"); ps != nil {
		t.Errorf("build of bases into a fleet at its cap = %v, want no problem: carried bases do not count (EaW 17.0)", ps)
	}
	if _, ps := validate(t, st, "build: {units: [frigate], fleet: 1st}"); len(ps) != 1 || ps[0].Rule != "EaW 17.0" {
		t.Errorf("build of a frigate into a fleet at its cap = %v, want the EaW 17.0 problem", ps)
	}
}

// TestEaW17_0_CiviliansDoNotCount: "Fleet size is based on a max Combat
// Bpv total (FRD, Civilian ships are excluded)" (EaW 17.0): a repair
// freighter built into fleet 1st at its cap of 240 is taken, a frigate
// is not; the freighter still counts in what battles and scouts report.
func TestEaW17_0_CiviliansDoNotCount(t *testing.T) {
	b := serviced().withRules(func(r *campaign.Rules) { r.Fleets.MaxCBPV[0] = 240 })
	st := b.build()
	if _, ps := validate(t, st, "build: {units: [repair-freighter], fleet: 1st}"); ps != nil {
		t.Errorf("build of a repair freighter into a fleet at its cap = %v, want no problem: civilian ships do not count (EaW 17.0)", ps)
	}
	if _, ps := validate(t, st, "build: {units: [frigate], fleet: 1st}"); len(ps) != 1 || ps[0].Rule != "EaW 17.0" {
		t.Errorf("build of a frigate into a fleet at its cap = %v, want the EaW 17.0 problem", ps)
	}
	f := campaign.Fleet{Units: []campaign.ClassName{"heavy-cruiser", "repair-freighter"}}
	if total, _ := st.FleetLoad(&f); total != 135 {
		t.Errorf("FleetLoad of a heavy cruiser and a repair freighter = %d, want 135: the freighter is civilian (EaW 17.0)", total)
	}
	if got := st.FleetCBPV(&f); got != 155 {
		t.Errorf("FleetCBPV of a heavy cruiser and a repair freighter = %d, want 155, the freighter's combat BPV in", got)
	}
}

func TestTiming_PostCombat(t *testing.T) {
	c, ps := validate(t, serviced().withFleet("vorn", "4th", "kessel", "frigate").build(),
		"resupply: {fleet: 1st}",
		"move: {fleet: 2nd, path: [kessel]}",
		"transfer: {from: 3rd, to: 2nd, units: [frigate]}",
		"resupply: {fleet: 3rd}",
		"self_repair: {fleet: 1st}",
		"build: {units: [frigate], fleet: 4th, mp: 0}",
		"scrap: {fleet: 4th, units: [frigate, frigate]}")
	if ps == nil {
		t.Fatal("Validate = nil, want the problem of resupplying 3rd, disbanded above")
	}
	want := []bool{false, false, true, true, false, false, true}
	if got := postCombat(c); !slices.Equal(got, want) {
		t.Errorf("postCombat = %v, want %v", got, want)
	}
}

// TestEaW4b_LateServicesWhereTheMovementEnds: a fleet service carried out
// after the battles is checked where the FRDs and repair freighters stand
// then, every tow and move of the text flown, wherever it stands in the
// text; one carried out before movement, where they start.
func TestEaW4b_LateServicesWhereTheMovementEnds(t *testing.T) {
	richer := func() *stateBuilder { return serviced().richer() }
	tow := "the FRD moves for 3 points a lane (EaW 15e); it never takes a free jump (EaW 13c)"
	scrapped := []string{"scrapping refunds 32 BPV, half the units' EBPV, to spend from next turn (EaW 9.0)",
		"fleet 3rd is disbanded: its last unit leaves it (EaW 9.0)"}
	runCases(t, []ruleCase{
		// valid
		{name: "scrap where the FRD arrives below", state: richer(),
			orders: []string{"move: {fleet: 3rd, path: [deneb]}", "scrap: {fleet: 3rd, units: [frigate]}", "move_frd: {at: kessel, path: [deneb]}"},
			points: []int{1, 1, 3}, notes: append(slices.Clone(scrapped), tow)},
		{name: "inspect where the FRD arrives below", state: richer(),
			orders: []string{"move: {fleet: 3rd, path: [deneb]}", "inspect: {fleet: 3rd}", "move_frd: {at: kessel, path: [deneb]}"},
			points: []int{1, 1, 3},
			notes:  []string{"fleet 3rd holds no captured units now; the inspection takes those it captures in this turn's battles", tow}},
		{name: "resupply where the FRD arrives below", state: richer(),
			orders: []string{"move: {fleet: 3rd, path: [deneb]}", "resupply: {fleet: 3rd}", "move_frd: {at: kessel, path: [deneb]}"},
			points: []int{1, 1, 3}, notes: []string{tow}},
		{name: "before movement, a repair freighter that moves off below is still there",
			state:  richer().withFleet("vorn", "4th", "deneb", "repair-tender").edit("2nd", captured(0)),
			orders: []string{"move: {fleet: 4th, path: [kessel]}", "inspect: {fleet: 2nd}"}, points: []int{1, 1},
			notes: []string{"fleet 2nd's captured frigate is inspected, and counted toward its caps from then on (EaW 25b)"}},
		// invalid
		{name: "scrap where the FRD leaves below", state: richer(),
			orders: []string{"move: {fleet: 2nd, path: [kessel]}", "scrap: {fleet: 2nd, units: [frigate]}", "move_frd: {at: kessel, path: [deneb]}"},
			points: []int{1, 1, 3},
			notes: []string{"scrapping refunds 32 BPV, half the units' EBPV, to spend from next turn (EaW 9.0)",
				"fleet 2nd is disbanded: its last unit leaves it (EaW 9.0)", tow},
			want: []string{"7:5 EaW 9.0: fleet 2nd will be at kessel, where you have neither an FRD nor a large repair freighter; units are scrapped only there"}},
		{name: "scrap where the repair freighter leaves below", state: richer().withFleet("vorn", "4th", "deneb", "repair-freighter"),
			orders: []string{"move: {fleet: 3rd, path: [deneb]}", "scrap: {fleet: 3rd, units: [frigate]}", "move: {fleet: 4th, path: [kessel]}"},
			points: []int{1, 1, 1}, notes: scrapped,
			want: []string{"7:5 EaW 9.0: fleet 3rd will be at deneb, where you have neither an FRD nor a large repair freighter; units are scrapped only there"}},
		{name: "before movement, a repair freighter that moved above is not there yet",
			state:  richer().withFleet("vorn", "4th", "kessel", "repair-tender").edit("2nd", captured(0)),
			orders: []string{"move: {fleet: 4th, path: [deneb]}", "inspect: {fleet: 2nd}"}, points: []int{1, 1},
			notes: []string{"fleet 2nd's captured frigate is inspected, and counted toward its caps from then on (EaW 25b)"},
			want:  []string{"7:5 EaW 9b: fleet 2nd is at deneb, where you have neither an FRD nor a small repair freighter; captured units are inspected only there"}},
	})
}

// withBattle records a battle at a system, waiting for its result, between
// vorn's fleets named and zhal's 9th.
func (b *stateBuilder) withBattle(at campaign.SystemID, ids ...campaign.FleetID) *stateBuilder {
	battle := campaign.Battle{ID: "T2-B1", Turn: 2, At: at, Sides: []campaign.PlayerID{"vorn", "zhal"}}
	for _, id := range ids {
		f := b.st.Fleet("vorn", id)
		battle.Fleets = append(battle.Fleets, campaign.BattleFleet{Owner: "vorn", ID: id, Units: slices.Clone(f.Units)})
	}
	battle.Fleets = append(battle.Fleets, campaign.BattleFleet{Owner: "zhal", ID: "9th", Units: []campaign.ClassName{"cruiser"}})
	b.st.Battles = append(b.st.Battles, battle)
	return b
}

// TestEaW26_0_NoUnitChangesWhileABattleWaits: a reported result names a
// fleet's ships by their places as the battle found them, so a fleet in a
// battle that waits for its result scraps, transfers, installs and
// inspects nothing until it is settled (EaW 26.0).
func TestEaW26_0_NoUnitChangesWhileABattleWaits(t *testing.T) {
	waiting := func() *stateBuilder {
		return serviced().withFleet("vorn", "4th", "kessel", "frigate", "defsat").edit("1st", captured(1)).withBattle("kessel", "1st", "4th")
	}
	msg := func(pos, id, doing string) string {
		return pos + " EaW 26.0: fleet " + id + " fought battle T2-B1 at kessel, which waits for its result, and cannot " + doing +
			" until the result is in: the result names the fleet's ships as the battle found them"
	}
	runCases(t, []ruleCase{
		// valid
		{name: "resupply", state: waiting(), orders: []string{"resupply: {fleet: 1st}"}, points: []int{1},
			notes: []string{"fleet 1st's captured cruiser is not resupplied until inspected (EaW 25b)"}},
		{name: "scrap a fleet outside the battle", state: waiting(), orders: []string{"scrap: {fleet: 3rd, units: [frigate]}"}, points: []int{1},
			notes: []string{"scrapping refunds 32 BPV, half the units' EBPV, to spend from next turn (EaW 9.0)",
				"fleet 3rd is disbanded: its last unit leaves it (EaW 9.0)"}},
		// invalid
		{name: "scrap", state: waiting(), orders: []string{"scrap: {fleet: 1st, units: [cruiser]}"}, points: []int{1},
			want: []string{msg("6:20", "1st", "scrap units")}, hint: "once the battle is settled"},
		{name: "transfer from", state: waiting(), orders: []string{"transfer: {from: 1st, to: 3rd, units: [cruiser]}"}, points: []int{1},
			want: []string{msg("6:22", "1st", "transfer units")}},
		{name: "transfer to", state: waiting(), orders: []string{"transfer: {from: 3rd, to: 1st, units: [frigate]}"}, points: []int{1},
			want: []string{msg("6:31", "1st", "take units")}},
		{name: "install", state: waiting(), orders: []string{"install: {fleet: 4th, units: [defsat]}"}, points: []int{1},
			want: []string{msg("6:22", "4th", "install bases")}},
		{name: "inspect", state: waiting(), orders: []string{"inspect: {fleet: 1st}"}, points: []int{1},
			want: []string{msg("6:22", "1st", "inspect units")}},
	})
}

// postCombat reports, for each order, whether it is a fleet-service order
// carried out after the battles (Timing), as the turn reads them.
func postCombat(c *Costed) []bool {
	var tm Timing
	out := make([]bool, len(c.Orders))
	for i, co := range c.Orders {
		out[i] = tm.Add(co)
	}
	return out
}
