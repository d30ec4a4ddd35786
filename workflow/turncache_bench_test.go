package workflow

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/eaw/setup"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

// BenchmarkTurnCacheEntry measures what one campaign's open turn costs in
// memory while the turn cache holds it: an Empires at War campaign of 100
// systems and 8 players, decoded and with its check prepared, as a mail
// of orders leaves it. It reports the heap the cache holds per turn
// (MB/turn), the figure behind cache.turns' advice.
func BenchmarkTurnCacheEntry(b *testing.B) {
	const campaigns = 16
	reg := rules.Registry()
	db := storetest.Open(b)
	var ids []campaign.ID
	err := db.Update(func(tx *store.Tx) error {
		for seed := range uint64(campaigns) {
			data := setup.Generate(game.ScenarioSize{Systems: 100, Players: 8, Seed: seed + 1})
			sc, err := config.ParseScenario(fmt.Sprintf("cache-%d.yaml", seed+1), data, reg)
			if err != nil {
				return err
			}
			id := campaign.ID(fmt.Sprintf("cache-%d", seed+1))
			sc.State.Campaign = id
			c := &store.Campaign{ID: id, Rules: sc.State.Rules.Preset, Turn: sc.State.Turn}
			if err := tx.CreateCampaign(c, &store.TurnRecord{State: sc.State}); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	rs, err := reg.Lookup("eaw")
	if err != nil {
		b.Fatal(err)
	}
	var perTurn float64
	for b.Loop() {
		cache := newTurnCache(campaigns, nil)
		before := heapInUse()
		for _, id := range ids {
			var rec *store.TurnRecord
			if err := db.View(func(tx *store.Tx) (err error) { rec, err = cache.Get(tx, id, 1); return err }); err != nil {
				b.Fatal(err)
			}
			if _, err := cache.checker(id, rec, rs)(&orders.Submission{Campaign: id, Player: rec.State.Players[0].ID, Turn: 1}); err != nil {
				b.Logf("check: %v", err) // an empty submission may be refused; the state is prepared either way
			}
		}
		perTurn = float64(heapInUse()-before) / campaigns
		runtime.KeepAlive(cache)
	}
	b.ReportMetric(perTurn/(1<<20), "MB/turn")
}

// heapInUse is the heap in use after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}
