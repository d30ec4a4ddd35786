package battle

import (
	"slices"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// TestStarships_Surprise: only when every attacker jumped in, each side
// rolls 2d6 plus its leader's space leadership and is surprised on 4 or
// less: in round 1 its ships roll one die less and the enemy's one more,
// which cancels out if both are surprised; a surprised side cannot break
// off in round 1 (001 §7.4c).
func TestStarships_Surprise(t *testing.T) {
	cat := frontier(t)
	one := []campaign.ClassName{"cruiser"}
	t.Run("no jump, no roll", func(t *testing.T) {
		a, b := fleet(t, cat, "a", one), fleet(t, cat, "b", one)
		b.Role = Defender
		if e := events(mustFight(t, Setup{Sides: []Side{a, b}, Seed: 1}), KindSurprise); len(e) != 0 {
			t.Errorf("surprise rolled without a jump: %+v", e)
		}
	})
	surprised := map[[2]bool]int{}
	for seed := uint64(0); seed < 2000; seed++ {
		a, b := fleet(t, cat, "a", one), fleet(t, cat, "b", one)
		a.Jumped, b.Role, b.Withdraw = true, Defender, WithdrawAlways
		o := mustFight(t, Setup{Sides: []Side{a, b}, Seed: seed})
		rolls := events(o, KindSurprise)
		if len(rolls) != 2 {
			t.Fatalf("seed %d: %d surprise rolls, want one per side", seed, len(rolls))
		}
		var s [2]bool
		for i, e := range rolls {
			s[i] = e.What == ResultSurprised
			if s[i] != (e.Roll+e.Roll2+e.Mod <= 4) {
				t.Fatalf("seed %d: 2d6 %d+%d%+d: %v", seed, e.Roll, e.Roll2, e.Mod, e.What)
			}
		}
		surprised[s]++
		dice := map[int32]int32{}
		for _, e := range events(&Outcome{Log: o.Log[1:2]}, KindFire) {
			if _, ok := dice[e.Side]; !ok {
				dice[e.Side] = e.N
			}
		}
		for _, e := range events(&Outcome{Log: o.Log[1:2]}, KindBreakOff) {
			if e.What != ResultEscaped {
				dice[e.Side]++ // a failed break-off costs a die (001 §7.4b)
			}
		}
		for side, n := range dice {
			want := int32(4)
			if s[side] {
				want--
			}
			if s[1-side] {
				want++
			}
			if n != want {
				t.Fatalf("seed %d: surprised %v, side %d fires %d dice in round 1, want %d", seed, s, side, n, want)
			}
		}
		if s[1] && len(events(&Outcome{Log: o.Log[1:2]}, KindBreakOff)) > 0 {
			t.Fatalf("seed %d: a surprised defender broke off in round 1", seed)
		}
	}
	// 2d6 ≤ 4 is 6 in 36: a side is surprised one time in six.
	if n := surprised[[2]bool{true, false}] + surprised[[2]bool{true, true}]; n < 250 || n > 420 {
		t.Errorf("side 1 surprised %d times in 2000, want about 333", n)
	}
	t.Run("a leader of 3 is never surprised", func(t *testing.T) {
		for seed := uint64(0); seed < 200; seed++ {
			a, b := fleet(t, cat, "a", one), fleet(t, cat, "b", one)
			a.Jumped, b.Role, a.Leader = true, Defender, &Leader{Name: "Barca", Leadership: 3}
			if e := events(mustFight(t, Setup{Sides: []Side{a, b}, Seed: seed}), KindSurprise); e[0].What == ResultSurprised {
				t.Fatalf("seed %d: Barca was surprised: %+v", seed, e[0])
			}
		}
	})
}

// TestStarships_AttackUncoordination: each squadron of a side that jumped
// in rolls d6 for the round it joins in, 1–2 the first, 3–4 the second,
// 5–6 the third; later squadrons move down into empty rounds; a leader
// brings as many squadrons as his leadership to round 1, the strongest
// first (001 §7.4d).
func TestStarships_AttackUncoordination(t *testing.T) {
	cat := frontier(t)
	sqs := [][]campaign.ClassName{{"dreadnought"}, {"cruiser"}, {"destroyer"}}
	for seed := uint64(0); seed < 300; seed++ {
		for _, space := range []int{0, 1, 3} {
			a, b := fleet(t, cat, "a", sqs...), fleet(t, cat, "b", []campaign.ClassName{"dreadnought"})
			a.Jumped, b.Role = true, Defender
			if space > 0 {
				a.Leader = &Leader{Name: "L", Leadership: space}
			}
			f := newTestFight(t, Setup{Sides: []Side{a, b}, Seed: seed})
			f.scheduleArrivals()
			var rolled, rounds []int
			for _, e := range f.events {
				if e.Kind == KindArrival {
					if e.N != (e.Roll+1)/2 {
						t.Fatalf("seed %d: d6 %d gives round %d", seed, e.Roll, e.N)
					}
					rolled = append(rolled, int(e.N))
				}
			}
			for _, sq := range f.sides[0].squadrons {
				rounds = append(rounds, sq.ships[0].arrive)
			}
			want := slices.Clone(rolled)
			call := space
			for i := range want { // dreadnought, cruiser, destroyer: strongest first
				if call > 0 && want[i] > 1 {
					want[i], call = 1, call-1
				}
			}
			compact(want)
			if !slices.Equal(rounds, want) {
				t.Fatalf("seed %d, leadership %d: rolled %v, joins in %v; want %v", seed, space, rolled, rounds, want)
			}
		}
	}
}

// compact moves rounds down into empty ones: {2, 3, 3} becomes {1, 2, 2}.
func compact(rounds []int) {
	used := map[int]bool{}
	for _, r := range rounds {
		used[r] = true
	}
	for i, r := range rounds {
		n := 0
		for k := 1; k <= r; k++ {
			if used[k] {
				n++
			}
		}
		rounds[i] = n
	}
}

// TestStarships_BlockadeDispersal: a side in dispersal deals its armed
// ships, strongest first, round-robin into three starfleets; unarmed ships
// go with the first; the starfleets join in rounds 1, 2 and 3 in an order
// the dice pick; two ships make two starfleets, one ship none (001 §7.4e).
func TestStarships_BlockadeDispersal(t *testing.T) {
	cat := frontier(t)
	tests := []struct {
		name    string
		classes []campaign.ClassName
		sizes   []int
	}{
		{"seven and a freighter", []campaign.ClassName{"frigate", "dreadnought", "scout", "cruiser", "destroyer", "freighter", "escort", "light-cruiser"}, []int{4, 2, 2}},
		{"two ships, two starfleets", []campaign.ClassName{"frigate", "cruiser"}, []int{1, 1}},
		{"one ship, no split", []campaign.ClassName{"cruiser"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(0); seed < 50; seed++ {
				b := fleet(t, cat, "b", tc.classes)
				b.Role, b.Dispersal = Defender, true
				f := newTestFight(t, Setup{Sides: []Side{fleet(t, cat, "a", []campaign.ClassName{"scout"}), b}, Seed: seed})
				f.disperse()
				perRound := map[int]int{}
				for _, s := range f.sides[1].ships {
					perRound[s.arrive]++
				}
				var sizes []int
				for r := 1; r <= 3; r++ {
					if perRound[r] > 0 {
						sizes = append(sizes, perRound[r])
					}
				}
				slices.Sort(sizes)
				slices.Reverse(sizes)
				if tc.sizes == nil && perRound[1] != 1 || tc.sizes != nil && !slices.Equal(sizes, tc.sizes) {
					t.Fatalf("seed %d: ships per round %v; want starfleets of %v", seed, perRound, tc.sizes)
				}
				if ships := f.sides[1].ships; len(ships) > 2 && ships[1].arrive != ships[5].arrive {
					t.Fatalf("seed %d: the freighter joins in round %d, the dreadnought, first of its starfleet, in %d", seed, ships[5].arrive, ships[1].arrive)
				}
			}
		})
	}
}

// TestStarships_LeaderWorkedExample is 001 §7.4f's example: Barca
// (leadership 3: 2 to boost, 1 to weaken) against Zina Adora (1, to
// weaken). A boost is at most the ship's basic AF.
func TestStarships_LeaderWorkedExample(t *testing.T) {
	sq := func(id string, attack int) Squadron { return ship1(id, stats(campaign.HullHeavy, attack, 10)) }
	imperial := Side{Player: "empire", Squadrons: []Squadron{sq("dreadnought", 8), sq("light-cruiser", 3), sq("corvette", 1)},
		Leader: &Leader{Name: "Barca", Leadership: 3, Boost: 2, Weaken: 1}}
	rebel := Side{Player: "rebels", Squadrons: []Squadron{sq("heavy-cruiser", 4), sq("frigate", 2)},
		Leader: &Leader{Name: "Zina Adora", Leadership: 1, Weaken: 1}}
	f := newTestFight(t, Setup{Sides: []Side{imperial, rebel}})
	f.round = 2
	want := map[string]int{"dreadnought": 9, "light-cruiser": 4, "corvette": 1, "heavy-cruiser": 3, "frigate": 1}
	for _, s := range f.ships {
		if got := f.dice(s); got != want[s.id] {
			t.Errorf("%s rolls %d dice, want %d", s.id, got, want[s.id])
		}
	}
}

// TestStarships_EscapePods: when the leader's ship is destroyed, the pod
// gets away on d6 1–4; a friendly ship picks the leader up, who leads on;
// with only enemies there the leader is captured (001 §7.4g).
func TestStarships_EscapePods(t *testing.T) {
	cat := frontier(t)
	seen := map[Result]int{}
	for seed := uint64(0); seed < 400; seed++ {
		a := fleet(t, cat, "a", []campaign.ClassName{"scout", "dreadnought"})
		if seed%2 == 0 {
			a = fleet(t, cat, "a", []campaign.ClassName{"scout"})
		}
		a.Leader, a.Withdraw = &Leader{Name: "Kell", Leadership: 1, Ship: "a1-1"}, WithdrawNever
		b := fleet(t, cat, "b", []campaign.ClassName{"dreadnought", "cruiser"})
		b.Withdraw = WithdrawNever
		o := mustFight(t, Setup{Sides: []Side{a, b}, Seed: seed})
		pods := events(o, KindPod)
		if len(pods) == 0 {
			continue
		}
		for _, e := range pods {
			seen[e.What]++
			switch {
			case (e.Roll > 4) != (e.What == ResultKilled):
				t.Fatalf("seed %d: pod d6 %d: %v", seed, e.Roll, e.What)
			case e.What == ResultRescued && e.Target != "a1-2":
				t.Fatalf("seed %d: rescued by %s; want the dreadnought a1-2", seed, e.Target)
			case e.What == ResultCaptured && e.Target != "b":
				t.Fatalf("seed %d: captured by %q", seed, e.Target)
			}
		}
		last, l := pods[len(pods)-1], o.Leaders[0]
		if string(l.Fate) != last.What.String() || last.What == ResultCaptured && l.CapturedBy != "b" {
			t.Fatalf("seed %d: the last pod %v, the leader %+v", seed, last.What, l)
		}
	}
	if seen[ResultRescued] == 0 || seen[ResultCaptured] == 0 || seen[ResultKilled] == 0 {
		t.Errorf("pods: %v; want rescues, captures and deaths", seen)
	}
}
