package eaw

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// attackE sends blue's fleet 1st from d into e, where red's FRD stands.
func attackE(t *testing.T, st testState) *Result {
	t.Helper()
	return Resolve(st.State, map[campaign.PlayerID]*orders.Submission{"blue": submit(t, st, "blue", "move: {fleet: 1st, path: [e]}")})
}

func frdsOf(st *campaign.State, p campaign.PlayerID) []campaign.SystemID {
	var out []campaign.SystemID
	for _, f := range st.FRDs {
		if f.Owner == p {
			out = append(out, f.At)
		}
	}
	return out
}

// TestEaW28a_FRDFightsWithItsOwnersLargestFleet: the FRD is in the fight
// of its owner's largest fleet there, last in its squadron, and its
// combat BPV counts for nothing in the order of battle.
func TestEaW28a_FRDFightsWithItsOwnersLargestFleet(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "d", "cruiser", "cruiser", "cruiser").
		withFleet("red", "1st", "e", "frigate").
		withFleet("red", "2nd", "e", "cruiser", "cruiser")
	res := attackE(t, st)
	order := ""
	for _, e := range res.Events {
		if e.Kind == EventBattle {
			order = e.Text
		}
	}
	if !strings.Contains(order, "blue 360 CBPV, red 240 CBPV, red 60 CBPV") {
		t.Errorf("order of battle %q; want red's 2nd at 240 CBPV, the FRD not counted (EaW 28a iii)", order)
	}
	log := logOf(viewOf(t, res, "red"), "T1-B1.1")
	if !strings.Contains(log, "squadron red 2nd: red/2nd/1 cruiser, red/2nd/2 cruiser, red/frd-1 FRD") {
		t.Errorf("the FRD does not fight with red's largest fleet in the first fight (EaW 28a):\n%s", log)
	}
}

// TestEaW15a_FRDLeftToTheEnemyIsDestroyed: enemy ships over an FRD with
// none of its owner's fleets there destroy it; its owner keeps the rest
// but builds nothing until it has another.
func TestEaW15a_FRDLeftToTheEnemyIsDestroyed(t *testing.T) {
	st := newTestState().withFleet("blue", "1st", "d", "cruiser")
	res := attackE(t, st)
	if got := frdsOf(res.Next, "red"); len(got) != 0 {
		t.Errorf("red's FRDs = %v, want none: blue's cruiser stood over it alone", got)
	}
	for _, p := range []campaign.PlayerID{"red", "blue"} {
		found, lastOne := false, false
		for _, e := range viewOf(t, res, p).Events {
			found = found || e.Kind == EventDestroyed && e.Rule == "EaW 15a" && strings.Contains(e.Text, "red's FRD at E was destroyed")
			lastOne = lastOne || e.Rule == "EaW 15a" && strings.Contains(e.Text, "build no ships until you have a new one")
		}
		if !found {
			t.Errorf("%s is not told that red lost its FRD", p)
		}
		// Only red may learn that it has no FRD left anywhere (EaW 1b).
		if lastOne != (p == "red") {
			t.Errorf("%s told that red has no FRD left: %v, want %v", p, lastOne, p == "red")
		}
	}
	if viewOf(t, res, "red").FRDs != nil {
		t.Errorf("red's report still shows an FRD")
	}
}

// TestEaW15a_CommandosCaptureTheFRD: with a commando ship the FRD is
// captured instead, and serves its captor.
func TestEaW15a_CommandosCaptureTheFRD(t *testing.T) {
	st := newTestState().withClass(campaign.UnitClass{Class: "marine", CBPV: 55, EBPV: 60, Size: 4, Docking: 3, Commando: true}).
		withFleet("blue", "1st", "d", "cruiser", "marine")
	res := attackE(t, st)
	if got := frdsOf(res.Next, "blue"); len(got) != 2 || got[1] != "e" {
		t.Errorf("blue's FRDs = %v, want its own at a and red's, captured, at e", got)
	}
	if got := frdsOf(res.Next, "red"); len(got) != 0 {
		t.Errorf("red's FRDs = %v, want none", got)
	}
	found := false
	for _, e := range viewOf(t, res, "red").Events {
		found = found || (e.Kind == EventCaptured && e.Rule == "EaW 15a" && strings.Contains(e.Text, "captured by blue's commandos"))
	}
	if !found {
		t.Error("red is not told that blue captured its FRD")
	}
}

// TestEaW15a_FRDOfABeatenFleetIsLost: a fleet beaten at its own FRD leaves
// the FRD behind (it cannot disengage, EaW 15.0), and the FRD is lost.
func TestEaW15a_FRDOfABeatenFleetIsLost(t *testing.T) {
	st := newTestState().withFreighter().
		withFleet("blue", "1st", "d", "cruiser", "cruiser", "cruiser", "cruiser").
		withFleet("red", "1st", "e", "freighter")
	res := attackE(t, st)
	if !strings.Contains(logOf(viewOf(t, res, "red"), "T1-B1"), "red/frd-1 FRD") {
		t.Error("the FRD did not fight with red's fleet at e")
	}
	if got := frdsOf(res.Next, "red"); len(got) != 0 {
		t.Errorf("red's FRDs = %v after four cruisers beat its only fleet there, want none", got)
	}
	lost := 0
	for _, e := range res.Events {
		if e.Rule == "EaW 15a" && e.Kind != game.EventNotice {
			lost++
		}
	}
	if lost != 1 {
		t.Errorf("%d events tell of the FRD's loss, want 1", lost)
	}
}
