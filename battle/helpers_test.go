package battle

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

// frontier returns the example scenario's catalogue, the one the
// calibration holds for.
func frontier(t testing.TB) campaign.Catalogue {
	t.Helper()
	cat, err := loadFrontier()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// loadFrontier reads the scenario's catalogue once for all tests, as
// TestFrontierCatalogue keeps it.
var loadFrontier = sync.OnceValues(func() (campaign.Catalogue, error) {
	data, err := os.ReadFile("testdata/frontier-catalogue.json.golden")
	if err != nil {
		return nil, err
	}
	var cat campaign.Catalogue
	return cat, json.Unmarshal(data, &cat)
})

// fleet builds a side from squadrons of class names. Squadrons are named
// after the player and their number, ships after their squadron and
// place: a1-2 is the second ship of a's first squadron.
func fleet(t testing.TB, cat campaign.Catalogue, player string, squadrons ...[]campaign.ClassName) Side {
	t.Helper()
	sd := Side{Player: campaign.PlayerID(player)}
	for q, classes := range squadrons {
		sq := Squadron{ID: fmt.Sprintf("%s%d", player, q+1)}
		for i, c := range classes {
			u := cat.Class(c)
			if u == nil {
				t.Fatalf("no class %s in the catalogue", c)
			}
			sq.Ships = append(sq.Ships, Ship{ID: fmt.Sprintf("%s%d-%d", player, q+1, i+1), Class: c, Stats: u.BattleStats()})
		}
		sd.Squadrons = append(sd.Squadrons, sq)
	}
	return sd
}

// mirrorFleet is every class of the example catalogue in two squadrons:
// the big hulls, and the small ones with the freighter.
var mirrorFleet = [][]campaign.ClassName{
	{"dreadnought", "cruiser", "light-cruiser", "destroyer"},
	{"escort", "frigate", "scout", "freighter"},
}

// mirror is the calibration's mirror match: the same fleet on both sides,
// meeting in a neutral system.
func mirror(t testing.TB, cat campaign.Catalogue, seed uint64) Setup {
	return Setup{Sides: []Side{fleet(t, cat, "a", mirrorFleet...), fleet(t, cat, "b", mirrorFleet...)}, Seed: seed}
}

// mustFight fights s, failing the test on an error.
func mustFight(t testing.TB, s Setup) *Outcome {
	t.Helper()
	o, err := Fight(s)
	if err != nil {
		t.Fatalf("Fight: %v", err)
	}
	return o
}

// newTestFight is a battle ready for its first round, for tests that
// drive the phases by hand.
func newTestFight(t testing.TB, s Setup) *fight {
	t.Helper()
	s = s.withDefaults()
	if err := s.check(); err != nil {
		t.Fatal(err)
	}
	return newFight(s)
}

// events returns every event of the given kinds, in order.
func events(o *Outcome, kinds ...Kind) []Event {
	var out []Event
	for _, r := range o.Log {
		for _, e := range r.Events {
			for _, k := range kinds {
				if e.Kind == k {
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// stats is a plain stat block for hand-made ships.
func stats(hull campaign.Hull, attack, structure int) campaign.CombatStats {
	return campaign.CombatStats{Hull: hull, Def: 10, Sensor: 5, Armor: 3, Structure: structure, Attack: attack, FC: [2]int{10, 8}, Damage: 8, Speed: 4, Command: 1}
}

// ship1 is a one-ship squadron.
func ship1(id string, st campaign.CombatStats) Squadron {
	return Squadron{ID: id, Ships: []Ship{{ID: id, Class: "test", Stats: st}}}
}
