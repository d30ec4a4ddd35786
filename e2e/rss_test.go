package e2e_test

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/realmail"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/eaw/setup"
)

// The idle benchmark measures issue 7's second speed target: the resident
// memory of the daemon, idle with 20 campaigns loaded, under 50 MB.
const (
	idleCampaigns = 20
	// idleSystems and idlePlayers size each campaign: bigger than
	// frontier's 28 systems and 4 players, with 25 fleets per player.
	idleSystems = 100
	idlePlayers = 8
	// maxIdleRSS is the target.
	maxIdleRSS = 50 << 20
	// idleSettle is how long the daemon stays idle before it is measured.
	idleSettle = 2 * time.Second
)

// BenchmarkIdleRSS creates 20 campaigns in a data file and runs the built
// daemon on it until every welcome and first report is in the players'
// mailboxes and intake idles on an empty INBOX. It then reads the daemon's
// memory from /proc: VmRSS (the target), split into RssAnon (Go heap and
// stacks) and RssFile (mapped pages of the binary and of the bbolt file),
// and VmHWM (the peak, reached while sending). Last it restarts the daemon
// on the same data file, nothing left to send, and reads VmRSS again once
// intake idles. ns/op is not reported: it would be the time to send 340
// mails.
func BenchmarkIdleRSS(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("reads /proc/<pid>/status: Linux only")
	}
	mx := realmail.Start(b)
	address, password := mx.AddUser("moderator")
	scs := idleScenarios(b)
	// The GM gets a welcome from each campaign, each player a welcome
	// and a first report.
	welcomes := map[string]uint32{"gm": idleCampaigns}
	for _, p := range scs[0].State.Players {
		local, _, _ := strings.Cut(p.Email, "@")
		welcomes[local] = 2 * idleCampaigns
		mx.AddUser(local)
	}
	mx.AddUser("gm")
	users := slices.Sorted(maps.Keys(welcomes))
	counter := newMailCounter(b, mx, users)
	bin := buildRelease(b)
	var idle, restarted procMemory
	for b.Loop() {
		dir := b.TempDir()
		createCampaigns(b, filepath.Join(dir, "pbemd.db"), address, scs...)
		cfg := writeDaemonConfig(b, dir, mx, address, password)
		want := counter.plus(welcomes, users)
		idle = idleMemory(b, bin, dir, cfg, func(ctx context.Context) error { return counter.await(ctx, want) })
		restarted = idleMemory(b, bin, dir, cfg, nil)
	}
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(idle.mb("VmRSS"), "RSS-MB")
	b.ReportMetric(idle.mb("RssAnon"), "anon-MB")
	b.ReportMetric(idle.mb("RssFile"), "file-MB")
	b.ReportMetric(idle.mb("VmHWM"), "peak-MB")
	b.ReportMetric(restarted.mb("VmRSS"), "restart-RSS-MB")
	if idle["VmRSS"] > maxIdleRSS {
		b.Errorf("over the target of %d MB: the idle daemon's VmRSS is %.1f MB, of which %.1f MB file-backed",
			maxIdleRSS>>20, idle.mb("VmRSS"), idle.mb("RssFile"))
	}
}

// idleMemory runs the daemon until intake has done its first pass and
// sent is done, leaves it idle for idleSettle, reads its memory and stops
// it.
func idleMemory(b *testing.B, bin, dir, cfg string, sent func(context.Context) error) procMemory {
	b.Helper()
	d := startDaemon(b, bin, dir, cfg)
	defer d.stop()
	d.awaitLog(b.Context(), "imap connected")
	if sent != nil {
		ctx, cancel := context.WithTimeout(b.Context(), benchWait)
		defer cancel()
		if err := sent(ctx); err != nil {
			b.Fatalf("the welcomes: %v", err)
		}
	}
	time.Sleep(idleSettle) // the figure is that of a daemon with nothing to do
	return readProcMemory(b, d.cmd.Process.Pid)
}

// idleScenarios are the generated campaigns of BenchmarkIdleRSS, each with
// its own map and seed and the same players, p1 to p8 at example.test.
func idleScenarios(tb testing.TB) []*config.Scenario {
	tb.Helper()
	var scs []*config.Scenario
	for seed := range uint64(idleCampaigns) {
		data := setup.Generate(game.ScenarioSize{Systems: idleSystems, Players: idlePlayers, Seed: seed + 1})
		sc, err := config.ParseScenario(fmt.Sprintf("idle-%d.yaml", seed+1), data, rules.Registry())
		if err != nil {
			tb.Fatalf("generated scenario %d: %v", seed+1, err)
		}
		scs = append(scs, sc)
	}
	return scs
}
