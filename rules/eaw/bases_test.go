package eaw

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

func TestEaW14_0_InstallBases(t *testing.T) {
	st := serviceState().withFleet("blue", "1st", "b", "cruiser", "cpl", "gsa", "gsa")
	res := resolveOne(t, st, "blue", "move: {fleet: 1st, path: [c]}", "install: {fleet: 1st, units: [cpl, gsa, gsa]}")
	if f := mustFleet(t, res.Next, "blue", "1st"); !slices.Equal(f.Units, []campaign.ClassName{"cruiser"}) {
		t.Errorf("fleet 1st = %v, want the bases gone from it", f.Units)
	}
	bases := res.Next.BasesAt("c")
	if len(bases) != 3 || bases[0].Owner != "blue" || bases[0].Since != st.Date() {
		t.Fatalf("bases at c = %+v, want 3 of blue's, installed %s", bases, st.Date())
	}
	if v := res.Views[0]; len(v.Bases) != 3 {
		t.Errorf("blue's view shows bases %v, want its 3", v.Bases)
	}
	if v := res.Views[1]; len(v.Bases) != 0 {
		t.Errorf("red's view shows bases %v, want none of blue's", v.Bases)
	}
}

func TestEaW14_0_PlanetHoldsFiveDEFSATs(t *testing.T) {
	st := serviceState().withFleet("blue", "1st", "c", "cruiser", "defsat", "defsat").withFleet("red", "1st", "e", "frigate")
	for range 4 {
		st.Bases = append(st.Bases, campaign.Installation{Owner: "red", At: "c", Class: "defsat", Since: spring164})
	}
	res := resolveOne(t, st, "blue", "install: {fleet: 1st, units: [defsat, defsat]}")
	if got := oneText(t, res, 0, EventOrderFailed); !strings.Contains(got, "holds at most 5") {
		t.Errorf("blue's failed install = %q, want the planet full", got)
	}
	if f := mustFleet(t, res.Next, "blue", "1st"); len(f.Units) != 3 {
		t.Errorf("fleet 1st = %v, want its DEFSATs kept", f.Units)
	}
}

func TestEaW14_0_BaseIncome(t *testing.T) {
	summer := campaign.Date{Year: 165, Season: campaign.Summer}
	st := winterState().withServiceClasses().
		withDevelopment("blue", "c", campaign.Colony, spring164).
		withDevelopment("blue", "b", campaign.Mine, spring164)
	st.Map.Systems[3].Planet = campaign.Dead // d
	st.Bases = []campaign.Installation{
		{Owner: "blue", At: "c", Class: "cpl", Since: spring164},
		{Owner: "blue", At: "c", Class: "gsa", Since: spring164}, // 10
		{Owner: "blue", At: "c", Class: "gsa", Since: summer},    // 10 × 75%
		{Owner: "blue", At: "b", Class: "gms", Since: spring164}, // no CPL at b
		{Owner: "blue", At: "d", Class: "gso", Since: spring164}, // CPL from fall: 5 × 50%
		{Owner: "blue", At: "d", Class: "cpl", Since: campaign.Date{Year: 165, Season: campaign.Fall}},
		{Owner: "blue", At: "c", Class: "gms", Since: spring164}, // no mine at c
		{Owner: "red", At: "c", Class: "gsa", Since: spring164},  // red's, at blue's colony
	}
	res := Resolve(st.State, nil)
	want := "New Year Y166: 1 developed mine paid 100 BPV and 3 ground bases paid 20 BPV; the treasury now holds 620 BPV."
	if got := oneText(t, res, 0, EventIncome); got != want {
		t.Errorf("blue's income = %q, want %q: 10 + 7.5 + 2.5", got, want)
	}
}

// TestEaW14_0_BaseIncomeProratedOnTheTotal: twelve ground bases installed
// in summer, four GSAs at blue's colony and eight GMSs at blue's mine,
// each system with its CPL, earn 75% of their 80 BPV: 60, where each
// base's 75% rounded down on its own made 52 (EaW 14.0: "in Summer =
// receive 75%").
func TestEaW14_0_BaseIncomeProratedOnTheTotal(t *testing.T) {
	summer := campaign.Date{Year: 165, Season: campaign.Summer}
	st := winterState().withServiceClasses().
		withDevelopment("blue", "c", campaign.Colony, spring164).
		withDevelopment("blue", "b", campaign.Mine, spring164)
	st.Bases = []campaign.Installation{
		{Owner: "blue", At: "c", Class: "cpl", Since: spring164},
		{Owner: "blue", At: "b", Class: "cpl", Since: spring164},
	}
	for range 4 {
		st.Bases = append(st.Bases, campaign.Installation{Owner: "blue", At: "c", Class: "gsa", Since: summer})
	}
	for range 8 {
		st.Bases = append(st.Bases, campaign.Installation{Owner: "blue", At: "b", Class: "gms", Since: summer})
	}
	res := Resolve(st.State, nil)
	want := "New Year Y166: 1 developed mine paid 100 BPV and 12 ground bases paid 60 BPV; the treasury now holds 660 BPV."
	if got := oneText(t, res, 0, EventIncome); got != want {
		t.Errorf("blue's income = %q, want %q", got, want)
	}
}
