package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
)

// maxRuns bounds --runs; a million battles take a few minutes.
const maxRuns = 1_000_000

// cmdBattleSimulate fights the battle a battle file describes: once, to
// print its log, or many times, to print how it tends to go, so a GM can
// balance a catalogue (issue 4, docs/battles.md).
func cmdBattleSimulate(ctx context.Context, e *env, args []string) error {
	fs := newFlags("battle simulate")
	seed := fs.Uint64("seed", 0, "the seed `N` of the first battle; the next ones count up from it")
	runs := fs.Int("runs", 1, "how many battles (`K`) to fight")
	positional, flags := splitPositional(args, 1)
	if err := parseFlags(fs, flags); err != nil {
		return err
	}
	positional = append(positional, fs.Args()...)
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	switch {
	case len(positional) != 1:
		return usageError{errors.New("name one battle file")}
	case !seedSet:
		return usageError{errors.New("--seed is required, e.g. --seed 1")}
	case *runs < 1 || *runs > maxRuns:
		return usageError{fmt.Errorf("--runs %d is not from 1 to %d", *runs, maxRuns)}
	}
	b, err := config.LoadBattle(positional[0])
	if err != nil {
		return err
	}
	setup := battleSetup(b, *seed)
	if *runs == 1 {
		o, err := battle.Fight(setup)
		if err != nil {
			return err
		}
		return o.WriteLog(e.stdout)
	}
	st, err := simulate(ctx, setup, *runs)
	if err != nil {
		return err
	}
	return st.write(e.stdout, positional[0])
}

// battleSetup turns a battle file into the engine's setup; the words are
// the engine's own.
func battleSetup(b *config.Battle, seed uint64) battle.Setup {
	s := battle.Setup{Seed: seed, Situation: battle.Situation(b.Situation), MaxRounds: b.MaxRounds, Volleys: b.Volleys}
	for _, bs := range b.Sides {
		sd := battle.Side{
			Player: bs.Player, Role: battle.Role(bs.Role), Jumped: bs.Jumped, Dispersal: bs.Dispersal,
			Withdraw: battle.Withdraw(bs.Withdraw), WithdrawAtLoss: bs.WithdrawAtLoss,
			Range: battle.RangeOrder(bs.Range), Impulse: bs.Impulse,
		}
		if l := bs.Leader; l != nil {
			sd.Leader = &battle.Leader{Name: l.Name, Leadership: l.Leadership, Boost: l.Boost, Weaken: l.Weaken, Ship: l.Ship}
		}
		for _, bq := range bs.Squadrons {
			sq := battle.Squadron{ID: bq.ID, Held: bq.Held}
			for _, sh := range bq.Ships {
				sq.Ships = append(sq.Ships, battle.Ship{ID: sh.ID, Class: sh.Class, Stats: sh.Stats,
					Damage: battle.Damage{Structure: sh.Structure, Attack: sh.Attack, Sensor: sh.Sensor, Speed: sh.Speed}})
			}
			sd.Squadrons = append(sd.Squadrons, sq)
		}
		s.Sides = append(s.Sides, sd)
	}
	return s
}

// runStats is what many fights of one battle came to.
type runStats struct {
	seed       uint64
	runs       int
	players    []campaign.PlayerID
	wins       []int // by side; the last is "nobody"
	rounds     []int // one per battle, sorted
	capped     int
	ships      []int // by side
	destroyed  [][]int
	disengaged [][]int
}

// simulate fights the battle runs times, with seeds counting up.
func simulate(ctx context.Context, s battle.Setup, runs int) (*runStats, error) {
	n := len(s.Sides)
	st := &runStats{seed: s.Seed, runs: runs, wins: make([]int, n+1), ships: make([]int, n),
		destroyed: make([][]int, n), disengaged: make([][]int, n)}
	for _, sd := range s.Sides {
		st.players = append(st.players, sd.Player)
	}
	first := s.Seed
	for i := range runs {
		if i%1000 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		s.Seed = first + uint64(i)
		o, err := battle.Fight(s)
		if err != nil {
			return nil, err
		}
		st.add(o)
	}
	slices.Sort(st.rounds)
	return st, nil
}

func (st *runStats) add(o *battle.Outcome) {
	winner := len(st.players)
	for i, p := range st.players {
		if p == o.Winner && p != "" {
			winner = i
		}
	}
	st.wins[winner]++
	st.rounds = append(st.rounds, o.Rounds)
	if o.CapReached {
		st.capped++
	}
	lost := make([][2]int, len(st.players))
	clear(st.ships)
	for _, r := range o.Ships {
		st.ships[r.Side]++
		switch r.Fate {
		case battle.FateDestroyed:
			lost[r.Side][0]++
		case battle.FateDisengaged:
			lost[r.Side][1]++
		}
	}
	for i, l := range lost {
		st.destroyed[i] = append(st.destroyed[i], l[0])
		st.disengaged[i] = append(st.disengaged[i], l[1])
	}
}

func (st *runStats) write(w io.Writer, file string) error {
	var b strings.Builder
	pct := func(n int) float64 { return float64(n) * 100 / float64(st.runs) }
	fmt.Fprintf(&b, "%s: %d battles, seeds %d to %d, engine v%d\n", file, st.runs, st.seed, st.seed+uint64(st.runs-1), battle.Version)
	b.WriteString("Holds the field\n")
	for i, p := range st.players {
		fmt.Fprintf(&b, "  %-16s %7d  %5.1f%%\n", p, st.wins[i], pct(st.wins[i]))
	}
	fmt.Fprintf(&b, "  %-16s %7d  %5.1f%%\n", "nobody", st.wins[len(st.players)], pct(st.wins[len(st.players)]))
	r := st.rounds
	fmt.Fprintf(&b, "Rounds: min %d, median %d, 90th percentile %d, max %d; %.1f%% of the battles (%d) reached the round cap\n",
		r[0], r[len(r)/2], r[len(r)*9/10], r[len(r)-1], pct(st.capped), st.capped)
	st.histogram(&b)
	b.WriteString("Losses per battle: mean, median and most of the ships destroyed and disengaged\n")
	fmt.Fprintf(&b, "  %-16s %5s  %-18s %s\n", "side", "ships", "destroyed", "disengaged")
	for i, p := range st.players {
		fmt.Fprintf(&b, "  %-16s %5d  %-18s %s\n", p, st.ships[i], spread(st.destroyed[i]), spread(st.disengaged[i]))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// histogram draws how many battles lasted each number of rounds.
func (st *runStats) histogram(b *strings.Builder) {
	counts := make([]int, st.rounds[len(st.rounds)-1]+1)
	top := 0
	for _, r := range st.rounds {
		counts[r]++
		top = max(top, counts[r])
	}
	for r := 1; r < len(counts); r++ {
		bar := strings.Repeat("#", (counts[r]*40+top-1)/top)
		fmt.Fprintf(b, "  %3d | %-40s %6d\n", r, bar, counts[r])
	}
}

// spread gives the mean, median and maximum of counts.
func spread(counts []int) string {
	sorted := slices.Sorted(slices.Values(counts))
	sum := 0
	for _, c := range counts {
		sum += c
	}
	return fmt.Sprintf("%.2f, %d, %d", float64(sum)/float64(len(counts)), sorted[len(sorted)/2], sorted[len(sorted)-1])
}
