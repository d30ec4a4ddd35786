package resolver

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

func systemView(v View, id campaign.SystemID) *SystemView {
	for i := range v.Systems {
		if v.Systems[i].ID == id {
			return &v.Systems[i]
		}
	}
	return nil
}

func TestEaW5e_ScoutSeesDevelopmentsAndFleetStrengths(t *testing.T) {
	st := newTestState().
		withFleet("blue", "eyes", "b", "scout").
		withFleet("red", "1st", "c", "cruiser", "frigate").
		withDevelopment("red", "c", campaign.Colony, campaign.Date{Year: 164}).
		withDevelopment("red", "a", campaign.Fortification, campaign.Date{Year: 164})
	blue := Observe(st.State)[0]
	c := systemView(blue, "c")
	if c == nil || c.Detail != DetailScout || !c.Developed || !slices.Equal(c.Contacts, []int{180}) {
		t.Fatalf("blue's view of c = %+v, want scout detail, developed, one contact of 180 CBPV", c)
	}
	if a := systemView(blue, "a"); a == nil || !a.Fortified {
		t.Errorf("blue's view of a = %+v, want fortified", a)
	}
	if d := systemView(blue, "d"); d != nil {
		t.Errorf("blue sees d, two lanes from its scout: %+v", d)
	}
}

func TestEaW5e_FleetWithoutScoutLearnsOnlyFortification(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "b", "cruiser").
		withFleet("red", "1st", "c", "cruiser", "frigate").
		withDevelopment("red", "c", campaign.Colony, campaign.Date{Year: 164}).
		withDevelopment("red", "c", campaign.Fortification, campaign.Date{Year: 164})
	blue := Observe(st.State)[0]
	c := systemView(blue, "c")
	if c == nil || c.Detail != DetailFortified || !c.Fortified || c.Developed || c.Contacts != nil {
		t.Fatalf("blue's view of c = %+v, want only fortified", c)
	}
}

func TestEaW5e_RadiusIsARule(t *testing.T) {
	st := newTestState().withFleet("blue", "eyes", "a", "scout")
	st.Rules.Vision.Radius = 2
	blue := Observe(st.State)[0]
	var seen []campaign.SystemID
	for _, s := range blue.Systems {
		seen = append(seen, s.ID)
	}
	if !slices.Equal(seen, []campaign.SystemID{"a", "b", "c"}) {
		t.Errorf("radius 2 from a sees %v, want [a b c]", seen)
	}
}

// TestEaW5e_ViewHoldsNothingOutsideVision marshals every player's view and
// looks for anything of the other empire that no fleet of the player could
// see: its fleet names, unit classes beyond sight, and developments.
func TestEaW5e_ViewHoldsNothingOutsideVision(t *testing.T) {
	st := newTestState().
		withFleet("blue", "1st", "a", "cruiser").
		withFleet("red", "hidden-armada", "e", "frigate", "scout").
		withDevelopment("red", "e", campaign.Mine, campaign.Date{Year: 164})
	for _, v := range Observe(st.State) {
		if v.Player != "blue" {
			continue
		}
		b, _ := json.Marshal(v)
		for _, secret := range []string{"hidden-armada", `"owner":"red"`, `"frigate"`} {
			if strings.Contains(string(b), secret) {
				t.Errorf("blue's view contains %s:\n%s", secret, b)
			}
		}
		if s := systemView(v, "e"); s != nil {
			t.Errorf("blue sees e: %+v", s)
		}
	}
}
