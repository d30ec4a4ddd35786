package eaw

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// TestEaW12_FreeDevelopers: a minelayer fortifies (EaW 11a), a large
// freighter develops a mine (EaW 12b) and a small freighter a colony
// (EaW 13a) for no point; the development stands after the turn.
func TestEaW12_FreeDevelopers(t *testing.T) {
	for _, tc := range []struct {
		rule string
		at   campaign.SystemID
		unit campaign.ClassName
		what campaign.DevelopmentKind
	}{
		{"EaW 11a", "b", "minelayer", campaign.Fortification},
		{"EaW 12b", "b", "bulk-freighter", campaign.Mine},
		{"EaW 13a", "c", "freighter", campaign.Colony},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			st := newTestState().withRoleClasses().withFleet("blue", "1st", tc.at, "cruiser", tc.unit)
			sub := submit(t, st, "blue", "develop: {fleet: 1st, what: "+string(tc.what)+"}")
			if c, _ := Validate(st.State, sub); c.Used != 0 {
				t.Errorf("a %s with a %s costs %d points, want 0", tc.what, tc.unit, c.Used)
			}
			res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
			if !res.Next.HasDevelopment("blue", tc.at, tc.what) {
				t.Errorf("developments = %+v, want blue's %s at %s", res.Next.Developments, tc.what, tc.at)
			}
		})
	}
}

// TestEaW19a_DevelopOfABeatenFleetIsReported: a develop order that the
// battles make impossible is told to its player, never dropped silently.
func TestEaW19a_DevelopOfABeatenFleetIsReported(t *testing.T) {
	st := newTestState().withFleet("blue", "1st", "b", "frigate").withFleet("red", "1st", "c", "cruiser", "cruiser", "cruiser")
	blue := submit(t, st, "blue", "develop: {fleet: 1st, what: mine}")
	red := submit(t, st, "red", "move: {fleet: 1st, path: [b]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": blue, "red": red})
	if res.Next.HasDevelopment("blue", "b", campaign.Mine) {
		t.Fatal("blue developed a mine at b under red's attack")
	}
	got := textsOf(res.Views[0], EventOrderFailed)
	if len(got) != 1 || !strings.HasPrefix(got[0], "Fleet 1st did not develop a mine") {
		t.Errorf("blue's failed orders = %q, want the develop", got)
	}
}

// TestEaW11_OneFortificationPerPlanet: a planet that holds a
// fortification takes no second one; the player is told.
func TestEaW11_OneFortificationPerPlanet(t *testing.T) {
	st := newTestState().withFleet("blue", "1st", "b", "cruiser").withFleet("blue", "2nd", "b", "frigate").
		withDevelopment("red", "b", campaign.Fortification, spring164)
	res := resolveOne(t, st, "blue", "develop: {fleet: 1st, what: fortification}")
	if fortified(res.Next, "blue", "b") {
		t.Error("blue fortified a planet red has fortified")
	}
	if got := textsOf(res.Views[0], EventOrderFailed); len(got) != 1 || !strings.Contains(got[0], "already holds a fortification") {
		t.Errorf("blue's failed orders = %q, want the fortification refused", got)
	}
}
