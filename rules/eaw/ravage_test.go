package eaw

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// ravaged resolves a turn in which blue's fleet of units moves from b into
// c, where red has a colony and no fleet, and returns red's developments
// at c afterwards.
func ravaged(t *testing.T, st testState, units ...campaign.ClassName) []campaign.Development {
	t.Helper()
	st = st.withFleet("blue", "1st", "b", units...).
		withDevelopment("red", "c", campaign.Colony, campaign.Date{Year: 164, Season: campaign.Spring})
	sub := submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	return res.Next.DevelopmentsAt("c")
}

func TestEaW13c_UndefendedColonyIsDestroyed(t *testing.T) {
	if got := ravaged(t, newTestState(), "cruiser"); len(got) != 0 {
		t.Errorf("developments at c = %+v, want red's colony destroyed by blue's ships", got)
	}
}

func TestEaW13c_CommandosCaptureTheColony(t *testing.T) {
	st := newTestState()
	st.Catalogue = append(st.Catalogue, campaign.UnitClass{Class: "marine", CBPV: 50, EBPV: 60, Size: 4, Docking: 3, Commando: true})
	got := ravaged(t, st, "cruiser", "marine")
	if len(got) != 1 || got[0].Owner != "blue" || got[0].Kind != campaign.Colony {
		t.Errorf("developments at c = %+v, want the colony captured by blue", got)
	}
}

// TestEaW25b_PrizeCommandosDoNotCapture: a commando ship taken from an
// enemy does nothing until inspected, so the colony is destroyed.
func TestEaW25b_PrizeCommandosDoNotCapture(t *testing.T) {
	st := newTestState()
	st.Catalogue = append(st.Catalogue, campaign.UnitClass{Class: "marine", CBPV: 50, EBPV: 60, Size: 4, Docking: 3, Commando: true})
	st = st.withFleet("blue", "1st", "b", "cruiser", "marine").
		withDevelopment("red", "c", campaign.Colony, campaign.Date{Year: 164, Season: campaign.Spring})
	st.Fleet("blue", "1st").Captured = []int{1}
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [c]}")})
	if got := res.Next.DevelopmentsAt("c"); len(got) != 0 {
		t.Errorf("developments at c = %+v, want the colony destroyed: the prize's commandos do not serve yet", got)
	}
}

func TestEaW10f_FortificationShieldsTheColony(t *testing.T) {
	st := newTestState().withDevelopment("red", "c", campaign.Fortification, campaign.Date{Year: 164, Season: campaign.Spring})
	if got := ravaged(t, st, "cruiser"); len(got) != 2 {
		t.Errorf("developments at c = %+v, want the colony and the fortification standing", got)
	}
}

func TestEaW12a_DefendedMineStands(t *testing.T) {
	st := newTestState().reported().withFleet("red", "1st", "c", "frigate")
	if got := ravaged(t, st, "cruiser"); len(got) != 1 {
		t.Errorf("developments at c = %+v, want red's colony standing while red's fleet is there", got)
	}
}

// TestEaW13c_GroundBasesProtectTheColony: red's GSA installed at its
// colony must be destroyed or captured before blue's ships can take or
// destroy the colony, as with a fortification (EaW 10e, 13c); a base of
// another empire there protects nothing of red's.
func TestEaW13c_GroundBasesProtectTheColony(t *testing.T) {
	st := newTestState().withServiceClasses()
	st.Bases = []campaign.Installation{{Owner: "red", At: "c", Class: "gsa", Since: spring164}}
	if got := ravaged(t, st, "cruiser"); len(got) != 1 || got[0].Owner != "red" {
		t.Errorf("developments at c = %+v, want red's colony standing behind its ground base", got)
	}
	st = newTestState().withServiceClasses()
	st.Bases = []campaign.Installation{{Owner: "blue", At: "c", Class: "gsa", Since: spring164}}
	if got := ravaged(t, st, "cruiser"); len(got) != 0 {
		t.Errorf("developments at c = %+v, want red's colony destroyed: the base there is blue's", got)
	}
}

// TestEaW12a_OrbitalBasesProtectTheMine: a DEFSAT of the owner's over its
// mine holds off the enemy's commandos too (EaW 12a).
func TestEaW12a_OrbitalBasesProtectTheMine(t *testing.T) {
	st := newTestState().withServiceClasses().
		withClass(campaign.UnitClass{Class: "marine", CBPV: 50, EBPV: 60, Size: 4, Docking: 3, Commando: true}).
		withFleet("blue", "1st", "c", "cruiser", "marine").
		withDevelopment("red", "d", campaign.Mine, spring164)
	st.Bases = []campaign.Installation{{Owner: "red", At: "d", Class: "defsat", Since: spring164}}
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [d]}")})
	if got := res.Next.DevelopmentsAt("d"); len(got) != 1 || got[0].Owner != "red" {
		t.Errorf("developments at d = %+v, want red's mine standing behind its DEFSAT", got)
	}
	for _, p := range []int{0, 1} {
		v := res.Views[p]
		if !slices.ContainsFunc(v.Events, func(e game.Event) bool {
			return e.Rule == "EaW 12a" && strings.Contains(e.Text, "must be destroyed or captured first")
		}) {
			t.Errorf("%s was not told why red's mine at D held; events: %+v", v.Player, v.Events)
		}
	}
}
