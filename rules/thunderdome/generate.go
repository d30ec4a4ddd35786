package thunderdome

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/pbemd/pbemd/game"
)

var _ game.ScenarioGenerator = Ruleset{}

// genUnits is the catalogue of a generated scenario: classes of
// scenarios/thunderdome.yaml, our own.
const genUnits = `units:
  - {class: cruiser, cbpv: 120, ebpv: 115, size: 3, docking: 1, damcon: 3,
     combat: {hull: heavy, def: 10, sensor: 6, armor: 4, structure: 8, attack: 4, fc: [10, 8], damage: 10, speed: 3, command: 3}}
  - {class: destroyer, cbpv: 75, ebpv: 70, size: 4, docking: 1, damcon: 2,
     combat: {hull: medium, def: 10, sensor: 5, armor: 3, structure: 5, attack: 2, fc: [8, 8], damage: 8, speed: 4, command: 1}}
  - {class: minesweeper, cbpv: 45, ebpv: 50, size: 4, docking: 1, damcon: 1, roles: [minesweeper],
     combat: {hull: medium, def: 10, sensor: 5, armor: 2, structure: 3, attack: 1, fc: [8, 8], damage: 6, speed: 4, command: 0}}
`

// GenerateScenario writes a TD IV scenario of any size, for benchmarks
// and load tests: sectors on a grid, each joined to its right and lower
// neighbours and, picked by the seed, to one diagonal; every sector
// unknown but the players' homes, spread evenly over the grid; and each
// player's fleets at home (default 3, at most 3 + players, UTD7.21). The
// same size always gives the same bytes.
func (Ruleset) GenerateScenario(size game.ScenarioSize) []byte {
	n, players, fleets := max(size.Systems, 4), max(size.Players, 2), size.FleetsPerPlayer
	players = min(players, n)
	if fleets <= 0 {
		fleets = BaseFleets
	}
	fleets = min(fleets, BaseFleets+players)
	rng := rand.New(rand.NewPCG(size.Seed, 0x7d4))
	w := int(math.Ceil(math.Sqrt(float64(n))))
	homes := map[int]int{} // sector index → player
	for p := range players {
		homes[p*n/players] = p
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# A generated Thunderdome IV scenario: %d sectors, %d players, seed %d.\n", n, players, size.Seed)
	fmt.Fprintf(&b, "campaign: generated\ntitle: Generated Thunderdome IV\nrules: thunderdome\nbattles: auto\nseed: %d\n", size.Seed)
	b.WriteString("schedule: {every: 168h, timezone: UTC}\ngm: {name: GM, email: gm@example.test}\n\nplayers:\n")
	for p := range players {
		fmt.Fprintf(&b, "  - {id: p%d, name: Player %d, email: p%d@example.test, race: Race %d, home: s%d}\n", p, p, p, p, p*n/players)
	}
	b.WriteString("\nmap:\n  systems:\n")
	for i := range n {
		planet := "unknown"
		if _, home := homes[i]; home {
			planet = "mineral"
		}
		fmt.Fprintf(&b, "    - {id: s%d, name: Sector %d, x: %d, y: %d, planet: %s}\n", i, i, 2*(i%w), 2*(i/w), planet)
	}
	b.WriteString("  lanes:\n")
	for i := range n {
		if i%w+1 < w && i+1 < n {
			fmt.Fprintf(&b, "    - [s%d, s%d]\n", i, i+1)
		}
		if i+w < n {
			fmt.Fprintf(&b, "    - [s%d, s%d]\n", i, i+w)
		}
		if i%w+1 < w && i+w+1 < n && rng.IntN(3) == 0 {
			fmt.Fprintf(&b, "    - [s%d, s%d]\n", i, i+w+1)
		}
	}
	b.WriteString("\n" + genUnits + "\nfleets:\n")
	for p := range players {
		for f := range fleets {
			units := "cruiser, destroyer"
			if f == 1 {
				units = "cruiser, minesweeper"
			}
			fmt.Fprintf(&b, "  - {player: p%d, id: f%d, at: s%d, units: [%s]}\n", p, f+1, p*n/players, units)
		}
	}
	return []byte(b.String())
}
