package eaw

import (
	"slices"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// withSpecialClasses adds a class for each special job the fortification
// and FRD rules name (campaign.Role).
func (b *stateBuilder) withSpecialClasses() *stateBuilder {
	for _, c := range []struct {
		class campaign.ClassName
		role  campaign.Role
	}{
		{"minelayer", campaign.RoleMinelayer}, {"minesweeper", campaign.RoleMinesweeper},
		{"salvage-tug", campaign.RoleSalvageTug}, {"military-tug", campaign.RoleMilitaryTug},
		{"bulk-freighter", campaign.RoleLargeFreighter}, {"freighter", campaign.RoleSmallFreighter},
		{"monitor", campaign.RoleMonitor},
	} {
		b.st.Catalogue = append(b.st.Catalogue, campaign.UnitClass{Class: c.class, CBPV: 40, EBPV: 40, Size: 4, Docking: 3, Roles: []campaign.Role{c.role}})
	}
	return b
}

// trapped marks the player's fleet as trapped since turn 2 by zhal's
// fortification where it stands (EaW 10a).
func (b *stateBuilder) trapped(id campaign.FleetID) *stateBuilder {
	f := b.st.Fleet("vorn", id)
	f.Trapped = 2
	return b.withDevelopment("zhal", f.At, campaign.Fortification)
}

// withTrappedEnemy marks zhal's fleet as trapped since turn 2 by vorn's
// fortification where it stands (EaW 10a).
func (b *stateBuilder) withTrappedEnemy(id campaign.FleetID) *stateBuilder {
	f := b.st.Fleet("zhal", id)
	f.Trapped = 2
	return b.withDevelopment("vorn", f.At, campaign.Fortification)
}

// richer raises vorn's budget, for tows of several lanes.
func (b *stateBuilder) richer() *stateBuilder {
	return b.withRules(func(r *campaign.Rules) { r.Budget.Min = 9 })
}

func TestEaW11_FortifyAnyPlanet(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "dead planet", state: frontier().withFleet("vorn", "4th", "sirius", "scout"),
			orders: []string{"develop: {fleet: 4th, what: fortification}"}, points: []int{1}},
		{name: "mineral planet", orders: []string{"develop: {fleet: 2nd, what: fortification}"}, points: []int{1}},
		{name: "free with a minelayer (EaW 11a)", state: frontier().withSpecialClasses().withFleet("vorn", "4th", "deneb", "cruiser", "minelayer"),
			orders: []string{"develop: {fleet: 4th, what: fortification}"}, points: []int{0},
			notes: []string{"the fortification is free: fleet 4th has a minelayer (EaW 11a)"}},
		{name: "fortified already", state: frontier().withDevelopment("vorn", "deneb", campaign.Fortification),
			orders: []string{"develop: {fleet: 2nd, what: fortification}"}, points: []int{1},
			want: []string{"6:33 EaW 11.0: you already have a fortification at deneb"}},
		{name: "not on the turn of discovery (EaW 33.0 #2)", orders: []string{"move: {fleet: 1st, path: [tau-ceti, vega]}", "develop: {fleet: 1st, what: fortification}"},
			points: []int{2, 1}, want: []string{"7:33 EaW 16.0: the planet at vega is unexplored; explore it first"}},
		{name: "with a mine, by two fleets (EaW 14b)", orders: []string{"develop: {fleet: 1st, what: fortification}", "develop: {fleet: 3rd, what: mine}"},
			points: []int{1, 1}},
		{name: "one fleet cannot do both (EaW 14b)", orders: []string{"develop: {fleet: 2nd, what: fortification}", "develop: {fleet: 2nd, what: mine}"},
			points: []int{1, 1}, want: []string{"7:5 EaW 12.0: fleet 2nd is already ordered to develop a fortification at 6:5; a fleet develops once per turn"}},
		{name: "no move after it (EaW 11a)", orders: []string{"develop: {fleet: 2nd, what: fortification}", "move: {fleet: 2nd, path: [kessel]}"},
			points: []int{1, 1}, want: []string{"7:5 EaW 11a: fleet 2nd is ordered to develop a fortification at 6:5 and may not move after that"}},
	})
}

func TestEaW12b_FreighterDevelopsFree(t *testing.T) {
	withFreighters := func() *stateBuilder {
		return frontier().withSpecialClasses().withFleet("vorn", "4th", "deneb", "bulk-freighter").withFleet("vorn", "5th", "altair", "freighter")
	}
	runCases(t, []ruleCase{
		{name: "mine with a large freighter", state: withFreighters(), orders: []string{"develop: {fleet: 4th, what: mine}"},
			points: []int{0}, notes: []string{"the mine is free: fleet 4th has a large freighter (EaW 12b)"}},
		{name: "colony with a small freighter (EaW 13a)", state: withFreighters(), orders: []string{"develop: {fleet: 5th, what: colony}"},
			points: []int{0}, notes: []string{"the colony is free: fleet 5th has a small freighter (EaW 13a)"}},
		{name: "colony with a large freighter", state: withFreighters(),
			orders: []string{"move: {fleet: 4th, path: [kessel, altair]}", "develop: {fleet: 4th, what: colony}"}, points: []int{2, 1}},
		{name: "freighter built with mp 1", state: withFreighters(),
			orders: []string{"build: {units: [bulk-freighter], fleet: 1st}", "develop: {fleet: 1st, what: mine}"},
			points: []int{1, 0}, notes: []string{"the mine is free: fleet 1st has a large freighter (EaW 12b)"}},
		{name: "freighter built with mp 0 comes too late", state: withFreighters(),
			orders: []string{"build: {units: [bulk-freighter], fleet: 1st, mp: 0}", "develop: {fleet: 1st, what: mine}"},
			points: []int{0, 1}, notes: []string{"mp 0: the new units move from next turn (EaW 6.0)"}},
	})
}

func TestEaW10h_TrappedFleetMayOrderOnlyASiege(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "move", state: frontier().trapped("2nd"), orders: []string{"move: {fleet: 2nd, path: [kessel]}"}, points: []int{1},
			want: []string{"6:5 EaW 10h: fleet 2nd is trapped by an enemy fortification at deneb and cannot move: a trapped fleet does nothing but a siege roll"},
			hint: "order siege: {fleet: 2nd} (1 point; on 7 on 2D6 the fortification falls, EaW 10c)"},
		{name: "develop", state: frontier().trapped("2nd"), orders: []string{"develop: {fleet: 2nd, what: mine}"}, points: []int{1},
			want: []string{"6:5 EaW 10h: fleet 2nd is trapped by an enemy fortification at deneb and cannot develop: a trapped fleet does nothing but a siege roll"}},
		{name: "take new units", state: frontier().trapped("1st"), orders: []string{"build: {units: [scout], fleet: 1st}"}, points: []int{1},
			want: []string{"6:36 EaW 10h: fleet 1st is trapped by an enemy fortification at kessel and cannot take new units: a trapped fleet does nothing but a siege roll"}},
		{name: "tow as a tug", state: frontier().withSpecialClasses().withFleet("vorn", "4th", "kessel", "military-tug").trapped("4th"),
			orders: []string{"move_frd: {at: kessel, path: [deneb], tug: 4th}"}, points: []int{1},
			notes: []string{"the FRD moves for 1 point a lane (EaW 15g: with a military tug); it never takes a free jump (EaW 13c)"},
			want:  []string{"6:5 EaW 10h: fleet 4th is trapped by an enemy fortification at kessel and cannot move: a trapped fleet does nothing but a siege roll"}},
		{name: "siege", state: frontier().trapped("2nd"), orders: []string{"siege: {fleet: 2nd}"}, points: []int{1},
			notes: []string{"siege of deneb: on 7 on 2D6 the fortification falls after the battles, and fleet 2nd is free from next turn (EaW 10c)"}},
	})
}

func TestEaW10c_SiegeRoll(t *testing.T) {
	note := "siege of deneb: on 7 on 2D6 the fortification falls after the battles, and fleet 2nd is free from next turn (EaW 10c)"
	runCases(t, []ruleCase{
		{name: "once per turn", state: frontier().trapped("2nd"), orders: []string{"siege: {fleet: 2nd}", "siege: {fleet: 2nd}"},
			points: []int{1, 1}, notes: []string{note},
			want: []string{"7:5 EaW 10c: fleet 2nd already rolls a siege at 6:5; a fleet rolls once per turn"}},
		{name: "a free fleet", orders: []string{"siege: {fleet: 1st}"}, points: []int{1},
			want: []string{"6:20 EaW 10c: fleet 1st is not trapped by a fortification; a siege roll frees a trapped fleet"}},
		{name: "no such fleet", orders: []string{"siege: {fleet: 7th}"}, points: []int{1},
			want: []string{`6:20 EaW 10c: you have no fleet "7th"`}},
		{name: "costs a point", state: frontier().trapped("2nd"),
			orders: []string{"siege: {fleet: 2nd}", "move: {fleet: 1st, path: [tau-ceti, vega]}", "move: {fleet: 3rd, path: [altair]}"},
			points: []int{1, 2, 1}, notes: []string{note},
			want: []string{"8:5 EaW 5.0: this order costs 1 point, but 0 of your 3 points are left (3 used by the orders above)"}},
	})
}

func TestEaW10i_DisruptedColonyGivesNoFreeJump(t *testing.T) {
	colony := func() *stateBuilder {
		return frontier().withDevelopment("vorn", "altair", campaign.Colony).withFleet("vorn", "4th", "altair", "scout")
	}
	runCases(t, []ruleCase{
		{name: "free", state: colony(), orders: []string{"move: {fleet: 4th, path: [kessel]}"}, points: []int{0},
			notes: []string{"jump altair → kessel is free: it starts at your developed colony (EaW 5b)"}},
		{name: "disrupted", state: colony().withFleet("zhal", "8th", "altair", "cruiser").withTrappedEnemy("8th"),
			orders: []string{"move: {fleet: 4th, path: [kessel]}"}, points: []int{1}},
	})
}

func TestEaW10i_TrappedEnemyDisrupts(t *testing.T) {
	st := frontier().withDevelopment("vorn", "altair", campaign.Colony).withFleet("zhal", "8th", "altair", "cruiser").build()
	if st.Disrupted("altair", "vorn") {
		t.Error("Disrupted(altair) with a free enemy fleet there, want false")
	}
	st.Fleet("zhal", "8th").Trapped = 2
	if !st.Disrupted("altair", "vorn") || st.Disrupted("altair", "zhal") {
		t.Error("Disrupted(altair) with zhal's fleet trapped there: want true for vorn, false for zhal")
	}
}

func TestEaW15e_MoveFRD(t *testing.T) {
	tow := func(points int, rule string) string {
		return "the FRD moves for " + map[int]string{1: "1 point", 2: "2 points", 3: "3 points"}[points] + " a lane (" + rule + "); it never takes a free jump (EaW 13c)"
	}
	alone := tow(3, "EaW 15e")
	tugs := func() *stateBuilder {
		return frontier().richer().withSpecialClasses().
			withFleet("vorn", "4th", "kessel", "military-tug").withFleet("vorn", "5th", "kessel", "salvage-tug").withFleet("vorn", "6th", "deneb", "military-tug")
	}
	runCases(t, []ruleCase{
		{name: "alone", orders: []string{"move_frd: {at: kessel, path: [deneb]}"}, points: []int{3}, notes: []string{alone}},
		{name: "start named", orders: []string{"move_frd: {at: kessel, path: [kessel, deneb]}"}, points: []int{3}, notes: []string{alone}},
		{name: "two lanes", state: frontier().richer(), orders: []string{"move_frd: {at: kessel, path: [tau-ceti, vega]}"}, points: []int{6}, notes: []string{alone}},
		{name: "salvage tug (EaW 15f)", state: tugs(), orders: []string{"move_frd: {at: kessel, path: [tau-ceti, vega], tug: 5th}"},
			points: []int{4}, notes: []string{tow(2, "EaW 15f: with a salvage tug")}},
		{name: "military tug (EaW 15g)", state: tugs(), orders: []string{"move_frd: {at: kessel, path: [tau-ceti, vega], tug: 4th}"},
			points: []int{2}, notes: []string{tow(1, "EaW 15g: with a military tug")}},
		{name: "no tug in the fleet", state: tugs(), orders: []string{"move_frd: {at: kessel, path: [deneb], tug: 1st}"},
			points: []int{3}, notes: []string{alone}, want: []string{"6:48 EaW 15f: fleet 1st has no salvage tug or military tug"}},
		{name: "tug elsewhere", state: tugs(), orders: []string{"move_frd: {at: kessel, path: [altair], tug: 6th}"},
			points: []int{1}, notes: []string{tow(1, "EaW 15g: with a military tug")},
			want: []string{"6:49 EaW 15f: fleet 6th will be at deneb, not with your FRD at kessel; a tug tows from where the FRD stands"}},
		{name: "tug moves too", state: tugs(), orders: []string{"move_frd: {at: kessel, path: [deneb], tug: 4th}", "move: {fleet: 4th, path: [kessel]}"},
			points: []int{1, 1}, notes: []string{tow(1, "EaW 15g: with a military tug")},
			want: []string{"7:5 EaW 5a: fleet 4th goes with the FRD moved at 6:5; a fleet moves once per turn"}},
		{name: "tug develops first", state: tugs(), orders: []string{"develop: {fleet: 4th, what: fortification}", "move_frd: {at: kessel, path: [deneb], tug: 4th}"},
			points: []int{1, 1}, notes: []string{tow(1, "EaW 15g: with a military tug")},
			want: []string{"7:5 EaW 11a: fleet 4th is ordered to develop a fortification at 6:5 and may not move after that"}},
		{name: "tug moves, then develops (§8 O5)", state: tugs(), orders: []string{"move_frd: {at: kessel, path: [deneb], tug: 4th}", "develop: {fleet: 4th, what: mine}"},
			points: []int{1, 1}, notes: []string{tow(1, "EaW 15g: with a military tug")}},
		{name: "never a free jump (EaW 13c)", state: frontier().withDevelopment("vorn", "kessel", campaign.Colony),
			orders: []string{"move_frd: {at: kessel, path: [deneb]}"}, points: []int{3}, notes: []string{alone}},
		{name: "no FRD there", orders: []string{"move_frd: {at: deneb, path: [kessel]}"}, points: []int{3}, notes: []string{alone},
			want: []string{"6:20 EaW 15e: you have no FRD at deneb"}},
		{name: "no FRD at all (EaW 15a)", state: frontier().withoutFRDs(), orders: []string{"move_frd: {at: kessel, path: [deneb]}"},
			points: []int{3}, notes: []string{alone}, want: []string{"6:20 EaW 15a: you have no FRD to move"}, hint: "build_frd"},
		{name: "twice", state: frontier().richer(), orders: []string{"move_frd: {at: kessel, path: [tau-ceti]}", "move_frd: {at: kessel, path: [altair]}"},
			points: []int{3, 3}, notes: []string{alone, alone},
			want: []string{"7:5 EaW 15e: your FRD at kessel already moves at 6:5; an FRD moves once per turn"}},
		{name: "two FRDs at one system", state: frontier().richer().withFRD("vorn", "kessel"),
			orders: []string{"move_frd: {at: kessel, path: [tau-ceti]}", "move_frd: {at: kessel, path: [altair]}"},
			points: []int{3, 3}, notes: []string{alone, alone}},
		{name: "no lane", orders: []string{"move_frd: {at: kessel, path: [vega]}"}, points: []int{3}, notes: []string{alone},
			want: []string{"6:35 EaW 15e: no warp lane joins kessel and vega"}},
		{name: "mp 0 build, then the tow (EaW 6.0)", orders: []string{"build: {units: [scout], fleet: 5th, mp: 0}", "move_frd: {at: kessel, path: [deneb]}"},
			points: []int{0, 3}, notes: []string{"new fleet 5th forms at kessel (EaW 6c)", "mp 0: the new units move from next turn (EaW 6.0)", alone},
			want: []string{"7:5 EaW 6.0: units built with mp 0 at 6:5 join their fleet at your FRD at kessel after movement; the FRD cannot move away this turn"}},
		{name: "the tow, then an mp 0 build", orders: []string{"move_frd: {at: kessel, path: [deneb]}", "build: {units: [scout], fleet: 5th, mp: 0}"},
			points: []int{3, 0}, notes: []string{alone, "new fleet 5th forms at kessel (EaW 6c)", "mp 0: the new units move from next turn (EaW 6.0)"},
			want: []string{"7:5 EaW 6.0: units built with mp 0 join their fleet after movement, at the FRD, but your FRD at kessel moves away at 6:5"}},
		{name: "the tow, then an mp 1 build", state: frontier().richer(), orders: []string{"move_frd: {at: kessel, path: [deneb]}", "build: {units: [scout], fleet: 3rd}"},
			points: []int{3, 1}, notes: []string{alone}},
	})
}

func TestEaW15f_TugEndsWithTheFRD(t *testing.T) {
	st := frontier().withSpecialClasses().withFleet("vorn", "4th", "kessel", "military-tug").build()
	c, ps := validate(t, st, "move_frd: {at: kessel, path: [tau-ceti, vega], tug: 4th}")
	if ps != nil {
		t.Fatalf("Validate = %v", ps)
	}
	i := slices.IndexFunc(c.Fleets, func(f FleetForecast) bool { return f.Fleet == "4th" })
	if i < 0 || c.Fleets[i].To != "vega" {
		t.Errorf("forecast = %+v, want the tug 4th at vega", c.Fleets)
	}
	if got, want := c.Orders[0].Route, []campaign.SystemID{"kessel", "tau-ceti", "vega"}; !slices.Equal(got, want) {
		t.Errorf("route = %v, want %v", got, want)
	}
}

func TestEaW17e_MONStaysWithItsFRD(t *testing.T) {
	mon := func(at campaign.SystemID) *stateBuilder {
		return frontier().withSpecialClasses().withFleet("vorn", "5th", at, "monitor", "frigate")
	}
	runCases(t, []ruleCase{
		{name: "goes with the FRD", state: mon("kessel"), orders: []string{"move_frd: {at: kessel, path: [deneb]}"}, points: []int{3},
			notes: []string{"fleet 5th holds the FRD's MON and goes with it (EaW 17e)",
				"the FRD moves for 3 points a lane (EaW 15e); it never takes a free jump (EaW 13c)"}},
		{name: "does not move alone", state: mon("kessel"), orders: []string{"move: {fleet: 5th, path: [deneb]}"}, points: []int{2},
			notes: []string{"fleet 5th holds a MON: each lane costs 2 points, and it takes no free jump (EaW 17e, 13c)"},
			want:  []string{"6:5 EaW 17e: fleet 5th holds a MON, which stays with your FRD at kessel"}, hint: "move_frd"},
		{name: "away from its FRD, 2 points a lane", state: mon("deneb"), orders: []string{"move: {fleet: 5th, path: [kessel]}"}, points: []int{2},
			notes: []string{"fleet 5th holds a MON: each lane costs 2 points, and it takes no free jump (EaW 17e, 13c)"}},
		{name: "trapped MON keeps the FRD", state: mon("kessel").trapped("5th"), orders: []string{"move_frd: {at: kessel, path: [deneb]}"}, points: []int{3},
			notes: []string{"fleet 5th holds the FRD's MON and goes with it (EaW 17e)",
				"the FRD moves for 3 points a lane (EaW 15e); it never takes a free jump (EaW 13c)"},
			want: []string{"6:5 EaW 10h: fleet 5th is trapped by an enemy fortification at kessel and cannot move: a trapped fleet does nothing but a siege roll"}},
	})
}

func TestEaW15a_BuildFRDOrderCosts(t *testing.T) {
	note := "the new FRD at deneb is placed after the battles if no enemy fleet stands there, and builds from next turn (EaW 15a)"
	mine := func() *stateBuilder { return frontier().withDevelopment("vorn", "deneb", campaign.Mine) }
	runCases(t, []ruleCase{
		{name: "at a mine", state: mine(), orders: []string{"build_frd: {at: deneb}"}, points: []int{3}, bpv: []int{200}, notes: []string{note}},
		{name: "with no FRD", state: mine().withoutFRDs(), orders: []string{"build_frd: {at: deneb}"}, points: []int{3}, notes: []string{note}},
		{name: "price is a rule parameter", state: mine().withRules(func(r *campaign.Rules) { r.FRD.Price = 150 }),
			orders: []string{"build_frd: {at: deneb}"}, points: []int{3}, bpv: []int{150}, notes: []string{note}},
		{name: "no mine or colony there", orders: []string{"build_frd: {at: deneb}"}, points: []int{3},
			want: []string{"6:21 EaW 15a: you have no developed mine or colony at deneb, and a new FRD is placed only at one"}},
		{name: "a fortification is no development for it", state: frontier().withDevelopment("vorn", "deneb", campaign.Fortification),
			orders: []string{"build_frd: {at: deneb}"}, points: []int{3},
			want: []string{"6:21 EaW 15a: you have no developed mine or colony at deneb, and a new FRD is placed only at one"}},
		{name: "no such system", state: mine(), orders: []string{"build_frd: {at: nowhere}"}, points: []int{3},
			want: []string{`6:21 EaW 15a: there is no system "nowhere" on the map`}, hint: "your developed mines and colonies: deneb"},
		{name: "treasury", state: mine().withTreasury("vorn", 100), orders: []string{"build_frd: {at: deneb}"}, points: []int{3}, notes: []string{note},
			want: []string{"6:5 EaW 15a: a new FRD costs 200 BPV, but your treasury holds 100"}},
		{name: "new FRD builds from next turn", state: mine().withoutFRDs().richer(), orders: []string{"build_frd: {at: deneb}", "build: {units: [scout], fleet: 2nd}"},
			points: []int{3, 1}, notes: []string{note},
			want: []string{"7:5 EaW 15a: you have no FRD, and units are built only at an FRD"}},
	})
}

func TestEaW15a_NoFRDNoBuild(t *testing.T) {
	runCases(t, []ruleCase{
		{name: "build", state: frontier().withoutFRDs(), orders: []string{"build: {units: [scout], fleet: 1st}"}, points: []int{1},
			want: []string{"6:5 EaW 15a: you have no FRD, and units are built only at an FRD"}, hint: "build_frd: {at: SYSTEM}"},
	})
}

func TestEaW33_OneBuildPerFRDOfSeveral(t *testing.T) {
	two := func() *stateBuilder { return frontier().withFRD("vorn", "deneb") }
	runCases(t, []ruleCase{
		{name: "one at each", state: two(), orders: []string{"build: {units: [scout], fleet: 1st, at: kessel}", "build: {units: [scout], fleet: 2nd, at: deneb}"},
			points: []int{1, 1}},
		{name: "two at one", state: two(), orders: []string{"build: {units: [scout], fleet: 1st, at: kessel}", "build: {units: [scout], fleet: 3rd, at: kessel}"},
			points: []int{1, 1}, want: []string{"7:5 EaW 33.0: your FRD at kessel already builds at 6:5; an FRD builds once per turn"}},
		{name: "two FRDs in one system build twice", state: frontier().withFRD("vorn", "kessel"),
			orders: []string{"build: {units: [scout], fleet: 1st}", "build: {units: [scout], fleet: 3rd}"}, points: []int{1, 1}},
		{name: "at: left out, the fleet's FRD", state: two(), orders: []string{"build: {units: [scout], fleet: 2nd}"}, points: []int{1}},
		{name: "at: left out, a new fleet", state: two(), orders: []string{"build: {units: [scout], fleet: 5th}"}, points: []int{1},
			want: []string{"6:5 EaW 6.0: you have several FRDs, and this build does not say which one builds"}, hint: "add at:"},
		{name: "at: where no FRD stands", state: two(), orders: []string{"build: {units: [scout], fleet: 5th, at: altair}"}, points: []int{1},
			want: []string{"6:45 EaW 6.0: you have no FRD at altair, and units are built only at an FRD"}, hint: "kessel, deneb"},
		{name: "new fleet forms at the named FRD", state: two(), orders: []string{"build: {units: [scout], fleet: 5th, at: deneb}"}, points: []int{1},
			notes: []string{"new fleet 5th forms at deneb (EaW 6c)"}},
	})
}

// TestEaW17e_MONReadAfterTransfers: whether a fleet holds a MON is read
// from its units as the orders above leave them, transfers included, so
// intake names the fleets the resolver tows (EaW 17e, 7.0).
func TestEaW17e_MONReadAfterTransfers(t *testing.T) {
	mon := func(at campaign.SystemID) *stateBuilder {
		return frontier().richer().withSpecialClasses().withFleet("vorn", "5th", at, "monitor", "frigate")
	}
	tow := "the FRD moves for 3 points a lane (EaW 15e); it never takes a free jump (EaW 13c)"
	monCost := func(id string) string {
		return "fleet " + id + " holds a MON: each lane costs 2 points, and it takes no free jump (EaW 17e, 13c)"
	}
	runCases(t, []ruleCase{
		// valid
		{name: "the fleet the MON left moves by itself", state: mon("kessel"),
			orders: []string{"transfer: {from: 5th, to: 3rd, units: [monitor]}", "move: {fleet: 5th, path: [altair]}"}, points: []int{1, 1}},
		{name: "a MON transferred in costs 2 points a lane", state: mon("deneb"),
			orders: []string{"transfer: {from: 5th, to: 2nd, units: [monitor]}", "move: {fleet: 2nd, path: [kessel]}"}, points: []int{1, 2},
			notes: []string{monCost("2nd")}},
		{name: "the fleet that takes the MON goes with the FRD", state: mon("kessel"),
			orders: []string{"transfer: {from: 5th, to: 3rd, units: [monitor]}", "move_frd: {at: kessel, path: [tau-ceti]}"}, points: []int{1, 3},
			notes: []string{"fleet 3rd holds the FRD's MON and goes with it (EaW 17e)", tow}},
		// invalid
		{name: "the fleet that takes the MON may not move by itself", state: mon("kessel"),
			orders: []string{"transfer: {from: 5th, to: 3rd, units: [monitor]}", "move_frd: {at: kessel, path: [tau-ceti]}",
				"move: {fleet: 3rd, path: [tau-ceti, vega]}"},
			points: []int{1, 3, 2},
			notes:  []string{"fleet 3rd holds the FRD's MON and goes with it (EaW 17e)", tow, monCost("3rd")},
			want: []string{"8:5 EaW 5a: fleet 3rd goes with the FRD moved at 7:5; a fleet moves once per turn",
				"8:5 EaW 17e: fleet 3rd holds a MON, which stays with your FRD at tau-ceti"}},
	})
}

// TestEaW15e_TowedFleetsCountAsMoving: the tug's fleet and the MON's fleet
// move with the FRD, so a fleet service after the tow is carried out after
// the battles, where the tow ends, and a fleet bound to such an order may
// not be towed after it (EaW 4b, 15f, 17e).
func TestEaW15e_TowedFleetsCountAsMoving(t *testing.T) {
	mon := func() *stateBuilder {
		return frontier().richer().withSpecialClasses().withFleet("vorn", "5th", "kessel", "monitor", "frigate")
	}
	towNotes := []string{"fleet 5th holds the FRD's MON and goes with it (EaW 17e)",
		"the FRD moves for 3 points a lane (EaW 15e); it never takes a free jump (EaW 13c)"}
	runCases(t, []ruleCase{
		// valid
		{name: "a resupply after the tow, where it ends", state: mon(),
			orders: []string{"move_frd: {at: kessel, path: [deneb]}", "resupply: {fleet: 5th}"}, points: []int{3, 1}, notes: towNotes},
		// invalid
		{name: "a tow after a post-combat transfer into the MON's fleet", state: mon(),
			orders: []string{"move: {fleet: 2nd, path: [kessel]}", "transfer: {from: 2nd, to: 5th, units: [frigate]}", "move_frd: {at: kessel, path: [deneb]}"},
			points: []int{1, 1, 3},
			notes: append([]string{"fleet 2nd is disbanded: its last unit leaves it (EaW 7a)", "carried out after the battles, at kessel"},
				towNotes...),
			want: []string{"8:5 EaW 4b: fleet 5th takes part in the order at 7:5, which is carried out after the battles, and may not move after it"}},
	})
	c, ps := validate(t, mon().build(), "move_frd: {at: kessel, path: [deneb]}", "resupply: {fleet: 5th}")
	if ps != nil {
		t.Fatalf("Validate = %v", ps)
	}
	if got, want := postCombat(c), []bool{false, true}; !slices.Equal(got, want) {
		t.Errorf("postCombat = %v, want %v: the MON's fleet moves with the tow", got, want)
	}
}
