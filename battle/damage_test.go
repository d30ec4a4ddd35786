package battle

import (
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// TestB5_DamageTable: the damage die against armor gives no damage, a
// minor, moderate or severe hit, and odd and even pick the systems
// (B5 "Determining what is damaged").
func TestB5_DamageTable(t *testing.T) {
	P, m := primarySystem, minorSystem
	tests := []struct {
		name      string
		x, armor  int
		severity  Result
		structure int
		systems   [][2]Result
	}{
		{"below armor: nothing", 3, 4, ResultNone, 0, nil},
		{"equal to armor: minor", 4, 4, ResultMinor, 1, nil},
		{"one over: minor", 5, 4, ResultMinor, 1, nil},
		{"two over, even: a primary system", 6, 4, ResultModerate, 0, [][2]Result{P}},
		{"three over, odd: a minor system and 1 structure", 7, 4, ResultModerate, 1, [][2]Result{m}},
		{"four over, even: 1 structure and two minor systems", 8, 4, ResultSevere, 1, [][2]Result{m, m}},
		{"five over, odd: a primary system and 2 structure", 9, 4, ResultSevere, 2, [][2]Result{P}},
		{"no armor, a 1 is minor", 1, 0, ResultMinor, 1, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := damageTable(tc.x, tc.armor)
			if e.severity != tc.severity || e.structure != tc.structure || e.n != len(tc.systems) {
				t.Fatalf("damageTable(%d, armor %d) = %v, %d structure, %d systems; want %v, %d, %d",
					tc.x, tc.armor, e.severity, e.structure, e.n, tc.severity, tc.structure, len(tc.systems))
			}
			for i, want := range tc.systems {
				if e.systems[i] != want {
					t.Errorf("system %d = %v, want %v", i, e.systems[i], want)
				}
			}
		})
	}
	// A minor system is a secondary weapon on an even d6 or the drive on
	// an odd one; a primary system a primary weapon or the sensors.
	if m != [2]Result{ResultAttack, ResultSpeed} || P != [2]Result{ResultAttack, ResultSensor} {
		t.Errorf("minor %v, primary %v", m, P)
	}
}

// TestB5_SystemHitsAndCascade: a system hit takes a point off Attack,
// Sensor or Speed; a system with nothing left takes structure instead,
// and a ship at 0 structure is destroyed, later hits on it lost.
func TestB5_SystemHitsAndCascade(t *testing.T) {
	a := Side{Player: "a", Squadrons: []Squadron{ship1("a1", stats(campaign.HullMedium, 1, 4))}}
	b := Side{Player: "b", Squadrons: []Squadron{ship1("b1", stats(campaign.HullMedium, 2, 3))}}
	f := newTestFight(t, Setup{Sides: []Side{a, b}})
	f.round = 1
	tg := f.ships[0]
	tg.dmg.Sensor = tg.base.Sensor
	f.apply([]hit{
		{target: tg, systems: [2]Result{ResultAttack}, nsystems: 1},
		{target: tg, systems: [2]Result{ResultSensor}, nsystems: 1},
	})
	if tg.attack() != 0 || tg.structure() != 3 || len(events(f.outcome(), KindCascade)) != 1 {
		t.Errorf("after an attack and a sensor hit, with no sensor left: attack %d, structure %d; want 0 and 3 (one cascade)", tg.attack(), tg.structure())
	}
	f.apply([]hit{{target: tg, systems: [2]Result{ResultAttack, ResultSpeed}, nsystems: 2, structure: 1}})
	if tg.structure() != 1 || tg.speed() != tg.base.Speed-1 {
		t.Errorf("structure %d, speed %d; want 1 and one less", tg.structure(), tg.speed())
	}
	f.apply([]hit{{target: tg, structure: 2}, {target: tg, structure: 1}})
	if tg.fate != FateDestroyed || tg.dmg.Structure != tg.base.Structure {
		t.Errorf("fate %q, damage %d; want destroyed with all %d structure lost, the overkill lost", tg.fate, tg.dmg.Structure, tg.base.Structure)
	}
}

// outcome is the log so far, for tests that drive a fight by hand.
func (f *fight) outcome() *Outcome {
	return &Outcome{Log: append(f.out.Log, Round{N: f.round, Events: f.events})}
}

// TestB5_DamageDistribution checks the table over many dice: a d10
// against armor 4 does 0.7 structure a hit (seed-tactical §4.7).
func TestB5_DamageDistribution(t *testing.T) {
	str := 0
	for x := 1; x <= 10; x++ {
		str += damageTable(x, 4).structure
	}
	if str != 7 {
		t.Errorf("d10 against armor 4: %d/10 structure a hit, want 7/10", str)
	}
	cat := frontier(t)
	hits, severe := 0, 0
	for seed := uint64(0); seed < 300; seed++ {
		for _, e := range events(mustFight(t, mirror(t, cat, seed)), KindDamage) {
			hits++
			if want := damageTable(int(e.Roll), int(e.Need)).severity; e.What != want {
				t.Fatalf("seed %d: %s rolls %d against armor %d: %v, want %v", seed, e.Who, e.Roll, e.Need, e.What, want)
			}
			if e.What == ResultSevere {
				severe++
			}
		}
	}
	if hits < 10000 || severe*100/hits < 20 || severe*100/hits > 40 {
		t.Errorf("%d hits, %d severe; want many, about 30%% severe", hits, severe)
	}
}
