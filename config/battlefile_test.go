package config

import (
	"reflect"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// TestLoadBattle_bad checks every problem kind against its golden file:
// testdata/battle/bad/X.yaml must give exactly the problems in X.err.
func TestLoadBattle_bad(t *testing.T) {
	goldenCases(t, "testdata/battle/bad", func(path string) error {
		b, err := LoadBattle(path)
		if b != nil {
			t.Errorf("LoadBattle(%s) returned a battle as well as problems", path)
		}
		return err
	})
}

func TestLoadBattle_example(t *testing.T) {
	b, err := LoadBattle("../scenarios/battle-example.yaml")
	if err != nil {
		t.Fatalf("LoadBattle(battle-example.yaml) = %v", err)
	}
	sc, err := LoadScenario("../scenarios/frontier.yaml", registry)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(b.Catalogue, sc.State.Catalogue) || len(b.Sides) != 2 || b.Situation != "strategic" || b.Sides[1].Role != "defender" {
		t.Fatalf("battle = %+v", b)
	}
	v := b.Sides[1].Squadrons[0].Ships[1]
	if v.ID != "Vigilant" || v.Class != "cruiser" || v.Structure != 3 || v.Attack != 1 || v.Stats != *b.Catalogue.Class("cruiser").Combat {
		t.Errorf("Vigilant = %+v", v)
	}
	if l := b.Sides[0].Leader; l == nil || l.Leadership != 2 || l.Ship != "vorn-6th-1" {
		t.Errorf("vorn's leader = %+v", l)
	}
}

func TestLoadBattle_inlineUnits(t *testing.T) {
	b, err := LoadBattle("testdata/battle/good/inline.yaml")
	if err != nil {
		t.Fatalf("LoadBattle(inline.yaml) = %v", err)
	}
	raider := campaign.DefaultCombat(4, 80, false)
	monitor := campaign.DefaultCombat(3, 150, false)
	monitor.Def, monitor.Speed = 8, 1
	south := b.Sides[1].Squadrons[0].Ships
	want := []BattleShip{
		{ID: "south-home-guard-1", Class: "monitor", Stats: monitor},
		{ID: "lucky", Class: "raider", Stats: raider, Structure: 2, Speed: 1},
	}
	if len(south) != 2 || south[0] != want[0] || south[1] != want[1] {
		t.Errorf("south's ships = %+v, want %+v", south, want)
	}
	if !b.Sides[0].Squadrons[0].Held || b.Sides[1].Squadrons[0].Held {
		t.Errorf("held: north's 1st %v, south's home-guard %v; want only north's held", b.Sides[0].Squadrons[0].Held, b.Sides[1].Squadrons[0].Held)
	}
	if b.Situation != "" || b.MaxRounds != 0 || b.Sides[0].Role != "" {
		t.Errorf("defaults: situation %q, max rounds %d, role %q; want them empty for the engine's own", b.Situation, b.MaxRounds, b.Sides[0].Role)
	}
}

// FuzzParseBattle: any bytes give a battle or problems, never a panic.
func FuzzParseBattle(f *testing.F) {
	for _, s := range []string{
		"units: [{class: a, cbpv: 1, ebpv: 1, size: 4, docking: 1}]\nsides: [{player: x, squadrons: [{id: s, ships: [a]}]}, {player: y, squadrons: [{id: s, ships: [a]}]}]\n",
		"sides: [{player: x, leader: {name: n, leadership: 9}}]",
		"scenario: [a]\nvolleys: x\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBattle("fuzz.yaml", data, nil)
		if (b == nil) == (err == nil) {
			t.Fatalf("ParseBattle = %v, %v; want a battle or an error", b, err)
		}
	})
}
