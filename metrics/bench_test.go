package metrics_test

import (
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/metrics"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// BenchmarkScrape is one scrape of /metrics with 1,000 campaigns of 8
// seats in the data file: reading every campaign's record from the file
// at each scrape, and through the daemon's cache of them, as pbemd run
// does, which decodes only the records that changed.
func BenchmarkScrape(b *testing.B) {
	db, err := store.Open(filepath.Join(b.TempDir(), "pbemd.db"), store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	due := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	err = db.Update(func(tx *store.Tx) error {
		for i := range 1000 {
			id := campaign.ID(fmt.Sprintf("c%04d", i))
			c := &store.Campaign{ID: id, Title: "Campaign " + string(id), Rules: "eaw", Status: store.Running}
			var dues []game.Due
			for p := range 8 {
				player := campaign.PlayerID(fmt.Sprintf("p%d", p))
				c.Players = append(c.Players, store.Seat{Player: player, Email: string(player) + "@example.test", TokenHash: make([]byte, 32)})
				dues = append(dues, game.Due{Player: player, By: due})
			}
			c.Open(1, dues)
			if err := tx.CreateCampaign(c, &store.TurnRecord{State: &campaign.State{Campaign: id, Turn: 1}}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	clk := clocktest.New(due.Add(-time.Hour))
	cache := workflow.New(workflow.Config{DB: db, Rules: rules.Registry(), Clock: clk})
	for _, bc := range []struct {
		name      string
		campaigns func(tx *store.Tx) ([]*store.Campaign, error)
	}{
		{"records-decoded", nil},
		{"daemon-cache", cache.Campaigns.All},
	} {
		b.Run(bc.name, func(b *testing.B) {
			h := metrics.New(metrics.Options{DB: db, Campaigns: bc.campaigns, Clock: clk}).Handler()
			for b.Loop() {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
				if w.Code != 200 {
					b.Fatalf("scrape: %d %s", w.Code, w.Body)
				}
			}
		})
	}
}
