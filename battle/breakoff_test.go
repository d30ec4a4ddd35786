package battle

import (
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// TestStarships_BreakOff is the break-off table (001 §7.4b): by the enemy's
// active AF minus the side's own, the most a d10 may show for active and
// inactive ships.
func TestStarships_BreakOff(t *testing.T) {
	tests := []struct{ diff, active, inactive int }{
		{-20, 8, 10}, {-7, 8, 10}, {-6, 7, 9}, {-4, 7, 9}, {-3, 6, 8}, {-1, 6, 8}, {0, 5, 7},
		{1, 4, 6}, {3, 4, 6}, {4, 3, 5}, {10, 3, 5}, {11, 2, 4}, {99, 2, 4},
	}
	for _, tc := range tests {
		if a, i := breakOffNeed(tc.diff); a != tc.active || i != tc.inactive {
			t.Errorf("breakOffNeed(%+d) = %d/%d, want %d/%d", tc.diff, a, i, tc.active, tc.inactive)
		}
	}
}

// scouts is a side of n scouts in one squadron.
func scouts(t *testing.T, player string, n int) Side {
	classes := make([]campaign.ClassName, n)
	for i := range classes {
		classes[i] = "scout"
	}
	return fleet(t, frontier(t), player, classes)
}

// TestStarships_BreakOffModifiers: the attacker may try from round 2, the
// defender from round 1; each earlier attempt −1, warp −2, own leader
// −leadership, enemy leader +leadership; the differential counts only
// enemies fast enough to follow (001 §7.4b; 004 "Escape").
func TestStarships_BreakOffModifiers(t *testing.T) {
	cat := frontier(t)
	leader := func(sd Side, space int) Side {
		sd.Leader = &Leader{Name: "L", Leadership: space}
		return sd
	}
	tests := []struct {
		name     string
		a, b     Side
		round    int
		mod, dif int32
	}{
		{"defender in round 1, warp", scouts(t, "a", 2), scouts(t, "b", 1), 1, -2, 1},
		{"by impulse", scouts(t, "a", 2), func() Side { s := scouts(t, "b", 1); s.Impulse = true; return s }(), 1, 0, 1},
		{"leaders", leader(scouts(t, "a", 2), 1), leader(scouts(t, "b", 1), 2), 1, -2 - 2 + 1, 1},
		{"slow enemies cannot follow", fleet(t, cat, "a", []campaign.ClassName{"dreadnought"}), scouts(t, "b", 1), 1, -2, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.b.Role, tc.b.Withdraw = Defender, WithdrawAlways
			o := mustFight(t, Setup{Sides: []Side{tc.a, tc.b}, Seed: 1})
			e := events(o, KindBreakOff)
			if len(e) == 0 || o.Log[1].N != 1 || len(events(&Outcome{Log: o.Log[1:2]}, KindBreakOff)) == 0 {
				t.Fatalf("no break-off in round 1")
			}
			if e[0].Mod != tc.mod || e[0].N != tc.dif {
				t.Errorf("break-off modifier %+d at differential %+d, want %+d at %+d", e[0].Mod, e[0].N, tc.mod, tc.dif)
			}
		})
	}
	t.Run("each attempt -1, attacker from round 2", func(t *testing.T) {
		for seed := uint64(0); seed < 50; seed++ {
			a, b := scouts(t, "a", 1), scouts(t, "b", 1)
			a.Withdraw, b.Withdraw, b.Role, b.Impulse = WithdrawAlways, WithdrawAlways, Defender, true
			o := mustFight(t, Setup{Sides: []Side{a, b}, Seed: seed})
			tries := map[int32]int32{}
			for _, r := range o.Log {
				for _, e := range events(&Outcome{Log: []Round{r}}, KindBreakOff) {
					if e.Side == 0 && r.N == 1 {
						t.Fatalf("seed %d: the attacker breaks off in round 1", seed)
					}
					want := -tries[e.Side]
					if e.Side == 0 {
						want -= 2
					}
					if e.Mod != want {
						t.Fatalf("seed %d round %d: side %d's attempt %d has modifier %+d, want %+d", seed, r.N, e.Side, tries[e.Side]+1, e.Mod, want)
					}
					tries[e.Side]++
				}
			}
		}
	})
}

// TestStarships_BreakOffRate: with no differential a d10 of 5 or less gets
// away, one time in two.
func TestStarships_BreakOffRate(t *testing.T) {
	escaped, tries := 0, 0
	for seed := uint64(0); seed < 4000; seed++ {
		a, b := scouts(t, "a", 1), scouts(t, "b", 1)
		b.Role, b.Withdraw, b.Impulse = Defender, WithdrawAlways, true
		e := events(mustFight(t, Setup{Sides: []Side{a, b}, Seed: seed}), KindBreakOff)[0]
		tries++
		if e.What == ResultEscaped {
			escaped++
		}
		if (e.Roll+e.Mod <= e.Need) != (e.What == ResultEscaped) {
			t.Fatalf("seed %d: d10 %d%+d against %d: %v", seed, e.Roll, e.Mod, e.Need, e.What)
		}
	}
	if pct := escaped * 100 / tries; pct < 47 || pct > 53 {
		t.Errorf("%d%% of first attempts at differential 0 got away, want 50%%", pct)
	}
}

// TestStarships_DamagedShipsFailWarp: a damaged ship (half its structure
// or less) that warps away rolls d6 and stays on 5–6; by impulse it does
// not roll (001 §7.4b, 7.5a). Ships that stay fire with one die less that
// round.
func TestStarships_DamagedShipsFailWarp(t *testing.T) {
	cat := frontier(t)
	warps, stays := 0, 0
	for seed := uint64(0); seed < 300; seed++ {
		a := fleet(t, cat, "a", []campaign.ClassName{"scout"})
		b := fleet(t, cat, "b", []campaign.ClassName{"cruiser", "cruiser"})
		a.Withdraw, b.Role, b.Withdraw = WithdrawNever, Defender, WithdrawAlways
		b.Squadrons[0].Ships[0].Damage.Structure = 4
		o := mustFight(t, Setup{Sides: []Side{a, b}, Seed: seed})
		for _, r := range o.Log {
			failed, volley := false, int32(0)
			for _, e := range r.Events {
				switch e.Kind {
				case KindVolley:
					volley = e.N
				case KindBreakOff:
					failed = e.What != ResultEscaped
				case KindWarp:
					warps++
					if e.Who != "b1-1" || (e.Roll <= 4) != (e.What == ResultJumps) {
						t.Fatalf("seed %d: warp roll %+v", seed, e)
					}
					if e.What == ResultStays {
						stays++
						failed = true
					}
				case KindFire:
					if r.N == 1 && volley == 1 && failed && e.Who == "b1-1" && e.N != 3 {
						t.Fatalf("seed %d round %d: %s fires %d dice after a failed break-off, want 3", seed, r.N, e.Who, e.N)
					}
				}
			}
		}
	}
	if warps == 0 || stays == 0 {
		t.Errorf("%d warp rolls, %d stayed; want both", warps, stays)
	}
}
