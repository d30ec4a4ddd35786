package battle

import (
	"slices"
	"testing"
)

// calibrationSeeds is how many battles the calibration fights (issue 4).
const calibrationSeeds = 10000

// TestCalibration_MirrorMatch holds the example catalogue to issue 4's
// calibration: over 10,000 seeds, a mirror match (every frontier class on
// both sides, a meeting in a neutral system) comes out between 45% and 55%
// for each side; the median battle lasts 6 rounds or fewer; fewer than 5%
// reach the round cap.
func TestCalibration_MirrorMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("fights 10,000 battles")
	}
	cat := frontier(t)
	s := mirror(t, cat, 0)
	wins := [2]int{}
	rounds := make([]int, 0, calibrationSeeds)
	capped := 0
	for seed := range uint64(calibrationSeeds) {
		s.Seed = seed
		o := mustFight(t, s)
		switch o.Winner {
		case "a":
			wins[0]++
		case "b":
			wins[1]++
		}
		rounds = append(rounds, o.Rounds)
		if o.CapReached {
			capped++
		}
	}
	slices.Sort(rounds)
	median := rounds[len(rounds)/2]
	t.Logf("%d battles: a wins %.1f%%, b %.1f%%, neither %.1f%%; rounds median %d, 90th percentile %d, max %d; %.2f%% at the cap",
		calibrationSeeds, pct(wins[0]), pct(wins[1]), pct(calibrationSeeds-wins[0]-wins[1]),
		median, rounds[len(rounds)*9/10], rounds[len(rounds)-1], pct(capped))
	for side, w := range wins {
		if w*100 < 45*calibrationSeeds || w*100 > 55*calibrationSeeds {
			t.Errorf("side %d won %.1f%% of the mirror matches, want 45%% to 55%%", side+1, pct(w))
		}
	}
	if median > 6 {
		t.Errorf("the median battle lasts %d rounds, want 6 or fewer", median)
	}
	if capped*100 >= 5*calibrationSeeds {
		t.Errorf("%.2f%% of battles reach the round cap, want fewer than 5%%", pct(capped))
	}
}

func pct(n int) float64 { return float64(n) * 100 / calibrationSeeds }

// BenchmarkFight fights the calibration's mirror match, log included.
func BenchmarkFight(b *testing.B) {
	s := mirror(b, frontier(b), 0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.Seed = uint64(i)
		if _, err := Fight(s); err != nil {
			b.Fatal(err)
		}
	}
}
