package eaw

import (
	"testing"
	"time"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules/eaw/setup"
)

// generatedView is player 0's view of the generated benchmark campaign:
// 2,000 systems, 64 players, about 4,000 fleets.
func generatedView(b *testing.B) *View {
	b.Helper()
	sc, err := config.ParseScenario("g.yaml", setup.Generate(game.ScenarioSize{Systems: 2000, Players: 64, Seed: 1}), eawScenarios)
	if err != nil {
		b.Fatal(err)
	}
	v := Observe(sc.State)[0]
	return &v
}

// BenchmarkRenderMap draws one player's map of the generated campaign and
// reports the PNG's size, which must stay under 1 MB.
func BenchmarkRenderMap(b *testing.B) {
	v := generatedView(b)
	var size int
	for b.Loop() {
		png, err := RenderMap(v, testDeadline)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size), "png-bytes")
	if size >= 1<<20 {
		b.Errorf("map PNG is %d bytes, want under 1 MB", size)
	}
}

// BenchmarkRenderReport renders one player's whole report mail of the
// generated campaign: text, HTML, the maps (wide, and the phone's of the
// part round the player's own), JSON and order template, and reports the
// maps' sizes. The goal is under 15 ms per player, with each map under
// 400 KB.
func BenchmarkRenderReport(b *testing.B) {
	v := generatedView(b)
	deadline := time.Date(2026, 11, 25, 19, 0, 0, 0, time.UTC)
	var size, phone int
	for b.Loop() {
		rep, err := RenderReport(v, deadline, time.UTC, "https://example.test/orders.schema.json", nil, "")
		if err != nil {
			b.Fatal(err)
		}
		size, phone = len(rep.Map), len(rep.PhoneMap)
	}
	b.ReportMetric(float64(size), "png-bytes")
	b.ReportMetric(float64(phone), "phone-png-bytes")
	if size >= 400<<10 || phone >= 400<<10 {
		b.Errorf("map PNGs are %d and %d bytes, want each under 400 KB", size, phone)
	}
}
