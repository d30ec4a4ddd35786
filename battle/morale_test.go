package battle

import (
	"slices"
	"testing"
)

// TestB5_MoraleLadder: the first circle is half the starting morale,
// rounded down; each next one 10% of the start lower, at least 1; five at
// most, none below 1; the d12 must reach 11, 9, 7, 5, 3 (B5 "Morale").
func TestB5_MoraleLadder(t *testing.T) {
	tests := []struct {
		start int
		want  []int
	}{
		{10, []int{5, 4, 3, 2, 1}}, // the B5 sheet's example
		{25, []int{12, 10, 8, 6, 4}},
		{40, []int{20, 16, 12, 8, 4}},
		{7, []int{3, 2, 1}},
		{3, []int{1}},
		{1, nil},
	}
	for _, tc := range tests {
		if got := moraleLadder(tc.start); !slices.Equal(got, tc.want) {
			t.Errorf("moraleLadder(%d) = %v, want %v", tc.start, got, tc.want)
		}
	}
	if got := moraleNeed[:]; !slices.Equal(got, []int{11, 9, 7, 5, 3}) {
		t.Errorf("moraleNeed = %v, want 11, 9, 7, 5, 3", got)
	}
}

// TestB5_MoraleSituationModifiers: skirmish +1 to both; a major strategic
// location −1 to the defender; a major world −3 to the defender and −1 to
// the attacker (B5 "Battle situational modifiers").
func TestB5_MoraleSituationModifiers(t *testing.T) {
	tests := []struct {
		s                  Situation
		defender, attacker int
	}{{Skirmish, 1, 1}, {Strategic, -1, 0}, {Major, -3, -1}}
	for _, tc := range tests {
		if d, a := situationMod(tc.s, Defender), situationMod(tc.s, Attacker); d != tc.defender || a != tc.attacker {
			t.Errorf("situationMod(%s) = %+d defender, %+d attacker; want %+d, %+d", tc.s, d, a, tc.defender, tc.attacker)
		}
	}
}

// TestB5_MoraleRollsOncePerCircle: a squadron rolls once for each circle
// its morale has fallen to, in order, and stops at the first roll that
// withdraws it; a withdrawing squadron breaks off from the next round on.
func TestB5_MoraleRollsOncePerCircle(t *testing.T) {
	cat := frontier(t)
	rolls, withdrew := 0, 0
	for seed := uint64(0); seed < 500; seed++ {
		o := mustFight(t, mirror(t, cat, seed))
		next := map[string]int{}
		done := map[string]int{}
		for _, r := range o.Log {
			for _, e := range r.Events {
				switch e.Kind {
				case KindMorale:
					rolls++
					k := next[e.Who]
					if _, gone := done[e.Who]; gone || e.Need != int32(moraleNeed[k]) || e.Mod != 1 {
						t.Fatalf("seed %d round %d: %s rolls against %d%+d at its circle %d; want %d+1, once per circle", seed, r.N, e.Who, e.Need, e.Mod, k+1, moraleNeed[k])
					}
					next[e.Who]++
					if hit := e.Roll+e.Mod >= e.Need; hit != (e.What == ResultWithdraws) {
						t.Fatalf("seed %d: d12 %d%+d against %d: %v", seed, e.Roll, e.Mod, e.Need, e.What)
					}
					if e.What == ResultWithdraws {
						done[e.Who] = r.N
						withdrew++
					}
				case KindBreakOff:
					if at, ok := done[e.Who]; !ok || at >= r.N {
						t.Fatalf("seed %d round %d: %s breaks off without having withdrawn the round before", seed, r.N, e.Who)
					}
				}
			}
		}
	}
	// Skirmish: the first circle withdraws on d12+1 ≥ 11, 3 in 12.
	if rolls < 1000 || withdrew*100/rolls < 25 || withdrew*100/rolls > 60 {
		t.Errorf("%d morale rolls, %d withdrew; want many, and withdrawals more common than the first circle's 25%%", rolls, withdrew)
	}
}

// TestB5_FightToTheEnd: a side ordered never to withdraw rolls no morale
// and never breaks off; one that withdraws at 50% losses does so.
func TestB5_FightToTheEnd(t *testing.T) {
	cat := frontier(t)
	limits := 0
	for seed := uint64(0); seed < 100; seed++ {
		s := mirror(t, cat, seed)
		s.Sides[0].Withdraw = WithdrawNever
		s.Sides[1].Withdraw, s.Sides[1].WithdrawAtLoss = WithdrawNever, 50
		o := mustFight(t, s)
		for _, e := range events(o, KindMorale, KindBreakOff, KindLosses) {
			switch {
			case e.Kind == KindMorale || e.Side == 0:
				t.Fatalf("seed %d: %v event for side %d", seed, e.Kind, e.Side)
			case e.Kind == KindLosses && e.N < 50:
				t.Errorf("seed %d: withdraws at %d%% losses, want at least 50", seed, e.N)
			case e.Kind == KindLosses:
				limits++
			}
		}
		for _, s := range o.Ships {
			if s.Side == 0 && s.Fate == FateDisengaged && !o.CapReached {
				t.Errorf("seed %d: %s disengaged from a side that never withdraws", seed, s.Ship)
			}
		}
	}
	if limits == 0 {
		t.Error("no side reached its 50% loss limit in 100 battles")
	}
}
