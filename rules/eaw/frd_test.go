package eaw

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// frdSites lists where a player's FRDs stand.
func frdSites(st *campaign.State, owner campaign.PlayerID) []campaign.SystemID {
	var out []campaign.SystemID
	for _, f := range st.FRDs {
		if f.Owner == owner {
			out = append(out, f.At)
		}
	}
	return out
}

func TestEaW15e_FRDMovesAlone(t *testing.T) {
	st := newTestState().withRoleClasses()
	res := resolveOne(t, st, "blue", "move_frd: {at: a, path: [b]}")
	if got := frdSites(res.Next, "blue"); !slices.Equal(got, []campaign.SystemID{"b"}) {
		t.Errorf("blue's FRDs at %v, want [b]", got)
	}
	if got := textsOf(res.Views[0], EventMoved); len(got) != 1 || got[0] != "Your FRD moved A → B." {
		t.Errorf("blue's move events = %q, want the FRD's move", got)
	}
}

func TestEaW15g_MilitaryTugTowsAndGoesAlong(t *testing.T) {
	st := newTestState().withRoleClasses().withFleet("blue", "4th", "a", "military-tug")
	sub := submit(t, st, "blue", "move_frd: {at: a, path: [b, c], tug: 4th}")
	if c, _ := Validate(st.State, sub); c.Used != 2 {
		t.Errorf("a tow of 2 lanes with a military tug costs %d points, want 2", c.Used)
	}
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
	if got := frdSites(res.Next, "blue"); !slices.Equal(got, []campaign.SystemID{"c"}) {
		t.Errorf("blue's FRDs at %v, want [c]", got)
	}
	if got := fleetAt(t, res.Next, "blue", "4th"); got != "c" {
		t.Errorf("the tug at %s, want c with the FRD", got)
	}
}

func TestEaW17e_MONGoesWithTheFRD(t *testing.T) {
	st := newTestState().withRoleClasses().withFleet("blue", "5th", "a", "monitor", "frigate").withFleet("blue", "6th", "a", "cruiser")
	res := resolveOne(t, st, "blue", "move_frd: {at: a, path: [b]}")
	if got := fleetAt(t, res.Next, "blue", "5th"); got != "b" {
		t.Errorf("the MON's fleet at %s, want b with the FRD", got)
	}
	if got := fleetAt(t, res.Next, "blue", "6th"); got != "a" {
		t.Errorf("fleet 6th at %s, want a: it holds no MON", got)
	}
	if got := textsOf(res.Views[0], EventMoved); len(got) != 1 || !strings.Contains(got[0], "with fleet 5th") {
		t.Errorf("blue's move events = %q, want the FRD's move with fleet 5th", got)
	}
}

func TestEaW19a_TowStopsAtAnEnemyFleet(t *testing.T) {
	st := newTestState().withRoleClasses().reported().withFleet("blue", "4th", "a", "salvage-tug").withFleet("red", "1st", "b", "frigate")
	st.Rules.Budget.Min = 4
	res := resolveOne(t, st, "blue", "move_frd: {at: a, path: [b, c], tug: 4th}")
	if got := frdSites(res.Next, "blue"); !slices.Equal(got, []campaign.SystemID{"b"}) {
		t.Errorf("blue's FRDs at %v, want [b], stopped by red's fleet", got)
	}
	if got := textsOf(res.Views[0], EventPinned); len(got) != 1 || !strings.HasPrefix(got[0], "Your FRD stopped at B") {
		t.Errorf("blue's pinned events = %q, want the FRD stopped at B", got)
	}
	if len(res.Next.Battles) != 1 || res.Next.Battles[0].At != "b" {
		t.Errorf("battles = %+v, want the tug's battle at b", res.Next.Battles)
	}
}

func TestEaW10a_TowStopsAtAFortification(t *testing.T) {
	st := redFortAtC().withFleet("blue", "4th", "b", "military-tug")
	st.FRDs[0].At = "b"
	res := resolveOne(t, st, "blue", "move_frd: {at: b, path: [c, d], tug: 4th}")
	if got := frdSites(res.Next, "blue"); !slices.Equal(got, []campaign.SystemID{"c"}) {
		t.Errorf("blue's FRDs at %v, want [c]", got)
	}
	if f := res.Next.Fleet("blue", "4th"); f.At != "c" || f.Trapped == 0 {
		t.Errorf("the tug at %s, trapped %d; want trapped at c", f.At, f.Trapped)
	}
}

func TestEaW5c_TowMeetsInALaneInTheSameSteps(t *testing.T) {
	st := newTestState().withRoleClasses().reported().withFleet("blue", "4th", "a", "military-tug").withFleet("red", "1st", "d", "frigate")
	blue := submit(t, st, "blue", "move_frd: {at: a, path: [b, c], tug: 4th}")
	red := submit(t, st, "red", "move: {fleet: 1st, path: [c, b]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": blue, "red": red})
	if got := frdSites(res.Next, "blue"); !slices.Equal(got, []campaign.SystemID{"b"}) {
		t.Errorf("blue's FRDs at %v, want [b]: the tug met red in the lane b–c in step 2", got)
	}
	if len(res.Next.Battles) != 1 || res.Next.Battles[0].Lane == nil {
		t.Errorf("battles = %+v, want one in the lane b–c", res.Next.Battles)
	}
}

func TestEaW15a_BuildFRD(t *testing.T) {
	st := newTestState().withDevelopment("blue", "b", campaign.Mine, spring164)
	res := resolveOne(t, st, "blue", "build_frd: {at: b}")
	if got := frdSites(res.Next, "blue"); !slices.Equal(got, []campaign.SystemID{"a", "b"}) {
		t.Errorf("blue's FRDs at %v, want [a b]", got)
	}
	if got := res.Next.Player("blue").Treasury; got != 300 {
		t.Errorf("treasury = %d, want 300 after paying 200 for the FRD", got)
	}
	if got := refused(t, res.Next, "blue", "build: {units: [frigate], fleet: new, at: b}"); got != nil {
		t.Errorf("next turn, a build at the new FRD: problems %v, want none", got)
	}
}

func TestEaW15a_NoFRDWhereAnEnemyFleetStands(t *testing.T) {
	st := newTestState().reported().withDevelopment("blue", "b", campaign.Mine, spring164).
		withFleet("blue", "1st", "b", "cruiser").withFleet("red", "1st", "c", "frigate")
	blue := submit(t, st, "blue", "build_frd: {at: b}")
	red := submit(t, st, "red", "move: {fleet: 1st, path: [b]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": blue, "red": red})
	if got := frdSites(res.Next, "blue"); !slices.Equal(got, []campaign.SystemID{"a"}) {
		t.Errorf("blue's FRDs at %v, want only a", got)
	}
	if got := res.Next.Player("blue").Treasury; got != 500 {
		t.Errorf("treasury = %d, want 500: nothing paid", got)
	}
	if got := textsOf(res.Views[0], EventOrderFailed); len(got) != 1 || !strings.Contains(got[0], "an enemy fleet stands there") {
		t.Errorf("blue's failed orders = %q, want the FRD not built", got)
	}
}

func TestEaW6_BuildAtPicksTheFRD(t *testing.T) {
	st := newTestState()
	st.FRDs = append(st.FRDs, campaign.FRD{Owner: "blue", At: "b"})
	res := resolveOne(t, st, "blue", "build: {units: [frigate], fleet: new, at: b}")
	if got := fleetAt(t, res.Next, "blue", "new"); got != "b" {
		t.Errorf("new fleet at %s, want b, at the FRD the order names", got)
	}
}

func TestEaW15a_BuildAtALostFRDIsReported(t *testing.T) {
	st := newTestState().withFleet("red", "1st", "b", "cruiser")
	blue := submit(t, st, "blue", "build: {units: [frigate], fleet: new, mp: 0}")
	red := submit(t, st, "red", "move: {fleet: 1st, path: [a]}")
	res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": blue, "red": red})
	if res.Next.Fleet("blue", "new") != nil {
		t.Error("blue built a fleet at an FRD red overran")
	}
	if got := textsOf(res.Views[0], EventOrderFailed); len(got) != 1 || !strings.Contains(got[0], "no longer have an FRD at A") {
		t.Errorf("blue's failed orders = %q, want the build, failed for the lost FRD", got)
	}
}

// TestEaW17e_TowTakesTheFleetsIntakeNames: the fleets that go with a towed
// FRD are the ones intake names in its reply, read from the fleets' units
// as the orders above the tow leave them: a MON transferred above goes
// with its new fleet, one built below stays where it is built.
func TestEaW17e_TowTakesTheFleetsIntakeNames(t *testing.T) {
	tests := []struct {
		name   string
		orders []string
		want   []campaign.FleetID // the fleets at b with the FRD
	}{
		{name: "a MON transferred above the tow",
			orders: []string{"transfer: {from: m, to: z, units: [monitor]}", "move_frd: {at: a, path: [b]}"}, want: []campaign.FleetID{"z"}},
		{name: "a MON built below the tow",
			orders: []string{"move_frd: {at: a, path: [b]}", "build: {units: [monitor], fleet: z}"}, want: []campaign.FleetID{"m"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := newTestState().withRoleClasses().withPoints(5).withFleet("blue", "m", "a", "monitor", "frigate").withFleet("blue", "z", "a", "cruiser")
			sub := submit(t, st, "blue", tc.orders...)
			c, err := Validate(st.State, sub)
			if err != nil {
				t.Fatalf("Validate = %v", err)
			}
			var named []campaign.FleetID
			for _, co := range c.Orders {
				for _, n := range co.Notes {
					if id, ok := strings.CutSuffix(n, " holds the FRD's MON and goes with it (EaW 17e)"); ok {
						named = append(named, campaign.FleetID(strings.TrimPrefix(id, "fleet ")))
					}
				}
			}
			res := Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": sub})
			var moved []campaign.FleetID
			for _, id := range []campaign.FleetID{"m", "z"} {
				if fleetAt(t, res.Next, "blue", id) == "b" {
					moved = append(moved, id)
				}
			}
			if !slices.Equal(named, tc.want) || !slices.Equal(moved, tc.want) {
				t.Errorf("intake named %v, the tow took %v; want %v both", named, moved, tc.want)
			}
		})
	}
}
