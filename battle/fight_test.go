package battle

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
)

func TestFight_InvalidSetup(t *testing.T) {
	cat := frontier(t)
	ok := func() Setup { return mirror(t, cat, 1) }
	tests := []struct {
		name   string
		change func(s *Setup)
		want   string
	}{
		{"one side", func(s *Setup) { s.Sides = s.Sides[:1] }, "1 sides"},
		{"no squadrons", func(s *Setup) { s.Sides[1].Squadrons = nil }, "no squadrons"},
		{"empty squadron", func(s *Setup) { s.Sides[1].Squadrons[0].Ships = nil }, "has no ships"},
		{"ship id twice", func(s *Setup) { s.Sides[1].Squadrons[0].Ships[0].ID = "a1-1" }, `ship id "a1-1" is empty or used twice`},
		{"no structure", func(s *Setup) { s.Sides[0].Squadrons[0].Ships[0].Stats.Structure = 0 }, "structure 0"},
		{"no hull", func(s *Setup) { s.Sides[0].Squadrons[0].Ships[0].Stats.Hull = "" }, "hull"},
		{"destroyed already", func(s *Setup) { s.Sides[0].Squadrons[0].Ships[0].Damage.Structure = 99 }, "more than the ship has"},
		{"two defenders", func(s *Setup) { s.Sides[0].Role, s.Sides[1].Role = Defender, Defender }, "2 defenders"},
		{"unknown role", func(s *Setup) { s.Sides[0].Role = "ally" }, `role "ally"`},
		{"leader too good", func(s *Setup) { s.Sides[0].Leader = &Leader{Name: "X", Leadership: 9} }, "space leadership 9"},
		{"leader splits more than he has", func(s *Setup) { s.Sides[0].Leader = &Leader{Name: "X", Leadership: 2, Boost: 2, Weaken: 1} }, "boost 2 and weaken 1"},
		{"leader aboard an enemy", func(s *Setup) { s.Sides[0].Leader = &Leader{Name: "X", Ship: "b1-1"} }, "not one of the side's ships"},
		{"jumped and dispersed", func(s *Setup) { s.Sides[0].Jumped, s.Sides[0].Dispersal = true, true }, "dispersal"},
		{"too many rounds", func(s *Setup) { s.MaxRounds = 101 }, "max rounds 101"},
		{"unknown situation", func(s *Setup) { s.Situation = "brawl" }, `situation "brawl"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := ok()
			tc.change(&s)
			o, err := Fight(s)
			if o != nil || !errors.Is(err, ErrSetup) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Fight = %v, %v; want ErrSetup saying %q", o, err, tc.want)
			}
		})
	}
}

// TestFight_Deterministic: the same setup gives the same outcome and the
// same bytes; another seed another battle.
func TestFight_Deterministic(t *testing.T) {
	cat := frontier(t)
	a, b := mustFight(t, mirror(t, cat, 99)), mustFight(t, mirror(t, cat, 99))
	if !reflect.DeepEqual(a, b) || a.String() != b.String() {
		t.Fatal("two fights of the same setup differ")
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatal("two fights of the same setup marshal differently")
	}
	var back Outcome
	if err := json.Unmarshal(ja, &back); err != nil || back.String() != a.String() {
		t.Errorf("an outcome read back from JSON (%v) writes another log", err)
	}
	if c := mustFight(t, mirror(t, cat, 100)); c.String() == a.String() {
		t.Error("seeds 99 and 100 fought the same battle")
	}
	// The setup is not changed, and the outcome does not share it.
	s := mirror(t, cat, 5)
	before := mirror(t, cat, 5)
	o := mustFight(t, s)
	if !reflect.DeepEqual(s, before) || &o.Setup.Sides[0].Squadrons[0].Ships[0] == &s.Sides[0].Squadrons[0].Ships[0] {
		t.Error("Fight changed its setup or kept it")
	}
}

// goldenSetups are the battles whose logs are kept in testdata.
func goldenSetups(t *testing.T) map[string]Setup {
	cat := frontier(t)
	f := func(player string, sqs ...[]campaign.ClassName) Side { return fleet(t, cat, player, sqs...) }
	ambush := Setup{Seed: 12, Situation: Strategic, Sides: []Side{
		func() Side {
			s := f("vorn", []campaign.ClassName{"dreadnought", "escort"}, []campaign.ClassName{"cruiser", "destroyer"}, []campaign.ClassName{"frigate", "frigate"})
			s.Jumped, s.Leader = true, &Leader{Name: "Warlord Drask", Leadership: 2, Boost: 1, Weaken: 1}
			return s
		}(),
		func() Side {
			s := f("castellan", []campaign.ClassName{"cruiser", "cruiser", "escort"}, []campaign.ClassName{"light-cruiser", "scout", "freighter"})
			s.Role, s.WithdrawAtLoss, s.Range = Defender, 50, RangeHold
			s.Leader = &Leader{Name: "Imre Vaal", Leadership: 1, Weaken: 1, Ship: "castellan1-2"}
			return s
		}(),
	}}
	dispersal := Setup{Seed: 3, Situation: Major, Sides: []Side{
		func() Side {
			s := f("tekkar", []campaign.ClassName{"cruiser", "light-cruiser"}, []campaign.ClassName{"destroyer", "destroyer", "frigate"})
			s.Jumped = true
			return s
		}(),
		func() Side {
			s := f("ashari", []campaign.ClassName{"light-cruiser", "light-cruiser", "scout", "destroyer", "destroyer", "destroyer", "frigate"})
			s.Role, s.Dispersal = Defender, true
			return s
		}(),
	}}
	interception := Setup{Seed: 8, Sides: []Side{
		f("castellan", []campaign.ClassName{"cruiser", "escort", "escort"}),
		func() Side {
			s := f("vorn", []campaign.ClassName{"cruiser", "destroyer", "freighter"})
			s.Role, s.Withdraw = Defender, WithdrawAlways
			s.Squadrons[0].Ships[0].Damage = Damage{Structure: 5, Attack: 1}
			return s
		}(),
	}}
	capped := Setup{Seed: 4, MaxRounds: 3, Volleys: 1, Sides: []Side{
		func() Side {
			s := f("a", []campaign.ClassName{"scout", "freighter"})
			s.Withdraw = WithdrawNever
			return s
		}(),
		func() Side {
			s := f("b", []campaign.ClassName{"escort"})
			s.Withdraw, s.Range = WithdrawNever, RangeHold
			return s
		}(),
	}}
	return map[string]Setup{
		"mirror-seed-1": mirror(t, cat, 1),
		"ambush":        ambush,
		"dispersal":     dispersal,
		"interception":  interception,
		"cap":           capped,
	}
}

// TestFight_GoldenLogs keeps the logs of fixed battles in testdata: a
// change to a rule or to the draw order shows as a diff, and must bump
// Version. Each battle is fought twice and must give the same bytes.
func TestFight_GoldenLogs(t *testing.T) {
	for name, s := range goldenSetups(t) {
		t.Run(name, func(t *testing.T) {
			got := mustFight(t, s).String()
			if again := mustFight(t, s).String(); again != got {
				t.Fatal("the second fight wrote another log")
			}
			golden.Check(t, "testdata/"+name+".golden", []byte(got))
		})
	}
}
