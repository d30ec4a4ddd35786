package workflow

import (
	"fmt"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

// TestTurnCache_bounded: the turn cache keeps the open turns of the
// campaigns read most recently, at most its size of them, and reads
// again from the store the turn of a campaign it made room by forgetting;
// what it hands out is the stored turn either way, and a write of the
// turn is never hidden by the cache.
func TestTurnCache_bounded(t *testing.T) {
	db := storetest.Open(t)
	ids := []campaign.ID{"c1", "c2", "c3"}
	err := db.Update(func(tx *store.Tx) error {
		for _, id := range ids {
			st := &campaign.State{Campaign: id, Turn: 1, Players: []campaign.Player{{ID: "vorn"}}}
			if err := tx.CreateCampaign(&store.Campaign{ID: id, Turn: 1}, &store.TurnRecord{State: st}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var hits, misses int
	cache := newTurnCache(2, func(hit bool) {
		if hit {
			hits++
		} else {
			misses++
		}
	})
	read := func(id campaign.ID) *store.TurnRecord {
		t.Helper()
		var rec *store.TurnRecord
		if err := db.View(func(tx *store.Tx) (err error) { rec, err = cache.Get(tx, id, 1); return err }); err != nil {
			t.Fatal(err)
		}
		if rec.State.Campaign != id {
			t.Fatalf("the turn read for %s is %s's", id, rec.State.Campaign)
		}
		return rec
	}
	read("c1")
	read("c2")
	read("c1") // c1 is now the most recent, c2 the least
	read("c3") // makes room: c2 goes
	if got := cache.Len(); got != 2 {
		t.Errorf("the cache holds %d turns, want its size, 2", got)
	}
	if hits != 1 || misses != 3 {
		t.Errorf("after reading c1 c2 c1 c3: %d hits and %d misses, want 1 and 3", hits, misses)
	}
	read("c1")
	read("c3")
	if hits != 3 || misses != 3 {
		t.Errorf("c1 and c3 were read from the store again (%d hits, %d misses), want both cached", hits, misses)
	}
	read("c2")
	if misses != 4 {
		t.Errorf("c2, forgotten to make room, was not read from the store again (%d misses)", misses)
	}

	// A write of c1's turn makes a new revision: the cache must not
	// hand out the old record.
	err = db.Update(func(tx *store.Tx) error {
		rec, err := tx.Turn("c1", 1)
		if err != nil {
			return err
		}
		rec.State.Title = "written"
		return tx.PutTurn("c1", rec)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := read("c1").State.Title; got != "written" {
		t.Errorf("after a write, the cache handed out c1's turn with title %q, want the written one", got)
	}
}

// TestTurnCache_drop: a campaign dropped from the cache, as when its turn
// resolved, is read from the store next time and frees its place.
func TestTurnCache_drop(t *testing.T) {
	db := storetest.Open(t)
	err := db.Update(func(tx *store.Tx) error {
		st := &campaign.State{Campaign: "c1", Turn: 1}
		return tx.CreateCampaign(&store.Campaign{ID: "c1", Turn: 1}, &store.TurnRecord{State: st})
	})
	if err != nil {
		t.Fatal(err)
	}
	var reads []bool
	cache := newTurnCache(4, func(hit bool) { reads = append(reads, hit) })
	for range 2 {
		if err := db.View(func(tx *store.Tx) error { _, err := cache.Get(tx, "c1", 1); return err }); err != nil {
			t.Fatal(err)
		}
	}
	cache.Drop("c1")
	if cache.Len() != 0 {
		t.Errorf("after Drop the cache holds %d turns", cache.Len())
	}
	if err := db.View(func(tx *store.Tx) error { _, err := cache.Get(tx, "c1", 1); return err }); err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(reads), "[false true false]"; got != want {
		t.Errorf("reads (hit or not) %s, want %s", got, want)
	}
}
