package moderator_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/eaw/setup"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

// startupEnv sets how many campaigns BenchmarkStartupTend has in its
// data file; the default keeps a plain benchmark run short.
const (
	startupEnv     = "PBEMD_STARTUP_CAMPAIGNS"
	startupDefault = 200
)

// BenchmarkStartupTend measures the scheduler's first pass after a
// start: with many running campaigns of 100 systems and 8 players in the
// data file (PBEMD_STARTUP_CAMPAIGNS, default 200), each with a deadline
// a day ahead, the daemon looks at every one once before it knows when to
// wake next. It reports the time of that pass per campaign and for all
// of them (s/pass), the part of the start-up that grows with the
// catalogue, and the pages of the data file resident after it
// (RssFile-MB, Linux), which the pass hands back.
func BenchmarkStartupTend(b *testing.B) {
	db, reg, now, n := waitingCampaigns(b)
	var took time.Duration
	for b.Loop() {
		mod := moderator.New(moderator.Options{DB: db.DB, Rulesets: reg, Address: "moderator@example.test", Clock: clocktest.New(now)})
		began := time.Now()
		next, err := mod.ResolveDue(b.Context())
		took = time.Since(began)
		if err != nil {
			b.Fatal(err)
		}
		if next.IsZero() || next.After(now.Add(24*time.Hour)) {
			b.Fatalf("after the first pass the scheduler wakes at %v, want by the deadline a day ahead", next)
		}
	}
	b.ReportMetric(took.Seconds(), "s/pass")
	if rss, ok := residentMB("RssFile"); ok {
		b.ReportMetric(rss, "RssFile-MB")
	}
	b.ReportMetric(float64(took.Microseconds())/float64(n), "µs/campaign")
}

// waitingCampaigns writes PBEMD_STARTUP_CAMPAIGNS running campaigns of
// 100 systems and 8 players, each with a deadline a day after the time it
// returns, into a new data file, and says how many.
func waitingCampaigns(b *testing.B) (*storetest.DB, *game.Registry, time.Time, int) {
	n := startupDefault
	if v := os.Getenv(startupEnv); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			b.Fatalf("%s=%q: want a number of campaigns", startupEnv, v)
		}
	}
	reg := rules.Registry()
	sc, err := config.ParseScenario("startup.yaml", setup.Generate(game.ScenarioSize{Systems: 100, Players: 8, Seed: 1}), reg)
	if err != nil {
		b.Fatal(err)
	}
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	db := storetest.Open(b)
	err = db.Update(func(tx *store.Tx) error {
		for k := range n {
			st := *sc.State
			st.Campaign = campaign.ID(fmt.Sprintf("startup-%d", k+1))
			c := &store.Campaign{ID: st.Campaign, Rules: st.Rules.Preset, Status: store.Running, Schedule: sc.Schedule}
			var due []game.Due
			for _, p := range st.Players {
				c.Players = append(c.Players, store.Seat{Player: p.ID, Email: fmt.Sprintf("%s+%d@example.test", p.ID, k)})
				due = append(due, game.Due{Player: p.ID, By: now.Add(24 * time.Hour)})
			}
			c.Open(st.Turn, due)
			if err := tx.CreateCampaign(c, &store.TurnRecord{State: &st}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return db, reg, now, n
}

// BenchmarkIdlePass measures a pass of the scheduler once it has looked
// at every campaign (PBEMD_STARTUP_CAMPAIGNS of them, as
// BenchmarkStartupTend) and nothing is due: the price of each time it
// wakes, which grows with the catalogue, as it reads every campaign's
// count of writes (store.Revisions) and held reports.
func BenchmarkIdlePass(b *testing.B) {
	db, reg, now, _ := waitingCampaigns(b)
	mod := moderator.New(moderator.Options{DB: db.DB, Rulesets: reg, Address: "moderator@example.test", Clock: clocktest.New(now)})
	if _, err := mod.ResolveDue(b.Context()); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		next, err := mod.ResolveDue(b.Context())
		if err != nil {
			b.Fatal(err)
		}
		if next.IsZero() || next.After(now.Add(24*time.Hour)) {
			b.Fatalf("an idle pass wakes the scheduler at %v, want by the deadline a day ahead", next)
		}
	}
}

// residentMB reads a field of this process's /proc/self/status, in MB;
// false where there is none (not Linux).
func residentMB(field string) (float64, bool) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1024, err == nil
		}
	}
	return 0, false
}
