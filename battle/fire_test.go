package battle

import (
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// TestB5_ToHitFireControlPlusSensorAgainstDef: a die hits when die +
// Sensor ≥ Def + range modifier + bypass (B5 "Rolling to hit").
func TestB5_ToHitFireControlPlusSensorAgainstDef(t *testing.T) {
	tests := []struct {
		name                string
		def, sensor, bypass int
		band                Band
		want                int
	}{
		{"short range", 10, 6, 0, Short, 4},
		{"medium range adds 1", 10, 6, 0, Medium, 5},
		{"long range adds 3", 10, 6, 0, Long, 7},
		{"extreme range adds 5", 10, 6, 0, Extreme, 9},
		{"each ship bypassed adds 1", 10, 6, 2, Short, 6},
		{"sensor above def", 5, 9, 0, Short, -4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &fight{band: tc.band}
			s := &ship{base: campaign.CombatStats{Sensor: tc.sensor}}
			tg := &ship{base: campaign.CombatStats{Def: tc.def}}
			if got := f.toHitNeed(s, tg, tc.bypass); got != tc.want {
				t.Errorf("toHitNeed(sensor %d, def %d, %s, bypass %d) = %d, want %d", tc.sensor, tc.def, tc.band, tc.bypass, got, tc.want)
			}
		})
	}

	// In a fought battle every die is judged so, against the target it
	// was fired at.
	cat := frontier(t)
	o := mustFight(t, mirror(t, cat, 42))
	stat := map[string]campaign.CombatStats{}
	for _, sd := range o.Setup.Sides {
		for _, sq := range sd.Squadrons {
			for _, sh := range sq.Ships {
				stat[sh.ID] = sh.Stats
			}
		}
	}
	dice := 0
	for _, r := range o.Log {
		for _, e := range r.Events {
			switch e.Kind {
			case KindFire:
				firer, target := stat[e.Who], stat[e.Target]
				fc := firer.FC[0]
				if target.Hull == campaign.HullMedium {
					fc = firer.FC[1]
				}
				if e.Die != int32(fc) || e.Need < int32(target.Def+r.Band.Mod()-firer.Sensor) {
					t.Errorf("round %d: %s fires d%d needing %d at %s; want d%d needing Def %d + %d − Sensor %d + bypass",
						r.N, e.Who, e.Die, e.Need, e.Target, fc, target.Def, r.Band.Mod(), firer.Sensor)
				}
			case KindToHit:
				dice++
				if hit := e.Roll >= e.Need; hit != (e.What == ResultHit) || e.Roll < 1 || e.Roll > e.Die {
					t.Errorf("round %d: %s rolls %d on d%d needing %d: %s", r.N, e.Who, e.Roll, e.Die, e.Need, e.What)
				}
			}
		}
	}
	if dice < 100 {
		t.Errorf("the battle rolled %d to-hit dice; want a real battle", dice)
	}
}

// TestB5_RangeModifiers: short +0, medium +1, long +3, extreme +5; the
// range starts long and closes a band a round while a side closes and is
// as fast as the sides that hold (seed-tactical §4.5-4.6).
func TestB5_RangeModifiers(t *testing.T) {
	for b, want := range []int{0, 1, 3, 5} {
		if got := Band(b).Mod(); got != want {
			t.Errorf("%s.Mod() = %d, want %d", Band(b), got, want)
		}
	}
	cat := frontier(t)
	slow := fleet(t, cat, "a", []campaign.ClassName{"dreadnought"})
	fast := fleet(t, cat, "b", []campaign.ClassName{"frigate"})
	tests := []struct {
		name   string
		a, b   RangeOrder
		bands  []Band
		slowIs int
	}{
		{"both close", RangeClose, RangeClose, []Band{Long, Medium, Short, Short}, 0},
		{"a faster closer closes", RangeHold, RangeClose, []Band{Long, Medium, Short, Short}, 0},
		{"a slower closer cannot", RangeClose, RangeHold, []Band{Long, Long, Long, Long}, 0},
		{"nobody closes", RangeHold, RangeHold, []Band{Long, Long, Long, Long}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := slow, fast
			a.Range, b.Range, a.Withdraw, b.Withdraw = tc.a, tc.b, WithdrawNever, WithdrawNever
			o := mustFight(t, Setup{Sides: []Side{a, b}, Seed: 3, MaxRounds: 4})
			for i, want := range tc.bands {
				if i+1 < len(o.Log) && o.Log[i+1].Band != want {
					t.Errorf("round %d at %s, want %s", i+1, o.Log[i+1].Band, want)
				}
			}
		})
	}
}

// TestB5_FireControlDieByHull: the first FC die against capital and heavy
// hulls, the second against medium ones.
func TestB5_FireControlDieByHull(t *testing.T) {
	s := &ship{base: campaign.CombatStats{FC: [2]int{10, 6}}}
	for _, tc := range []struct {
		hull campaign.Hull
		want int
	}{{campaign.HullCapital, 10}, {campaign.HullHeavy, 10}, {campaign.HullMedium, 6}} {
		if got := fcDie(s, &ship{base: campaign.CombatStats{Hull: tc.hull}}); got != tc.want {
			t.Errorf("fcDie against %s = d%d, want d%d", tc.hull, got, tc.want)
		}
	}
}

// TestB5_TargetSelection: a squadron fires at the enemy squadron with the
// most Attack; ships take targets in screen order while the hits expected
// on the first do not yet cover its structure, and pay −1 per ship passed
// over (B5 "Target selection").
func TestB5_TargetSelection(t *testing.T) {
	cat := frontier(t)
	a := fleet(t, cat, "a", []campaign.ClassName{"dreadnought", "dreadnought", "dreadnought", "dreadnought"})
	b := fleet(t, cat, "b", []campaign.ClassName{"scout"}, []campaign.ClassName{"scout", "frigate", "frigate"})
	o := mustFight(t, Setup{Sides: []Side{a, b}, Seed: 1})
	fires := events(o, KindFire)
	var got []string
	var bypass []int32
	for _, e := range fires[:4] {
		got = append(got, e.Target)
		bypass = append(bypass, e.Mod)
	}
	// Squadron b2 has the most attack. A dreadnought's 8 dice are expected
	// to take 3 of 3 structure off the scout (E = 8 × 3/8 hits × 1.0), but
	// only 3 of the frigate's 4, so two dreadnoughts go for the frigate.
	want := []string{"b2-1", "b2-2", "b2-2", "b2-3"}
	wantBypass := []int32{0, 1, 1, 2}
	for i := range want {
		if got[i] != want[i] || bypass[i] != wantBypass[i] {
			t.Fatalf("round 1 targets %v with bypass %v, want %v with %v", got, bypass, want, wantBypass)
		}
	}
}

// TestB5_AllFireBeforeDamage: within a volley every ship fires before any
// damage is applied (B5: "all weapons fire is rolled and the results are
// recorded before moving on to resolving the damage"), so a ship destroyed
// in a volley still fires in it.
func TestB5_AllFireBeforeDamage(t *testing.T) {
	cat := frontier(t)
	destroyedFiring := 0
	for seed := uint64(0); seed < 200; seed++ {
		o := mustFight(t, mirror(t, cat, seed))
		for _, r := range o.Log {
			fired := map[string]bool{}
			applying := false
			for _, e := range r.Events {
				switch e.Kind {
				case KindVolley:
					fired, applying = map[string]bool{}, false
				case KindFire:
					if applying {
						t.Fatalf("seed %d round %d: %s fires after damage was applied", seed, r.N, e.Who)
					}
					fired[e.Who] = true
				case KindCascade, KindDestroyed:
					applying = true
					if fired[e.Who] {
						destroyedFiring++
					}
				}
			}
		}
	}
	if destroyedFiring == 0 {
		t.Error("no ship fired in the volley it was destroyed in")
	}
}
