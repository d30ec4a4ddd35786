package eaw

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// roll is one throw of the campaign's dice.
type roll struct {
	// Dice are the faces, in the order thrown.
	Dice []int
}

// Total is the sum of the faces.
func (r roll) Total() int {
	n := 0
	for _, d := range r.Dice {
		n += d
	}
	return n
}

// String writes the throw as players read it: "3 + 4 = 7", or "5".
func (r roll) String() string {
	if len(r.Dice) == 1 {
		return strconv.Itoa(r.Dice[0])
	}
	parts := make([]string, len(r.Dice))
	for i, d := range r.Dice {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, " + ") + " = " + strconv.Itoa(r.Total())
}

// throw rolls n six-sided dice for purpose at place (a system, fleet or
// battle ID), seeded from the campaign's seed and the turn, so the same
// state and orders throw the same dice (DESIGN "Determinism"). Every throw
// is an event, shown to the players it concerns (seed-000 §6.10): what
// says what it is for, e.g. "exploring Mistral with fleet 2nd".
// purpose and place must be unique within the turn: the same pair throws
// the same dice.
func (t *turn) throw(n int, rule, purpose, place, what string, at campaign.SystemID, players ...campaign.PlayerID) roll {
	rng := rand.New(rand.NewPCG(diceSeed(t.prev.Seed, t.prev.Turn, purpose, place), 0x9e3779b97f4a7c15))
	r := roll{Dice: make([]int, n)}
	for i := range r.Dice {
		r.Dice[i] = 1 + rng.IntN(6)
	}
	t.emit(game.Event{Kind: EventDice, Players: players, At: at, Rule: rule,
		Text: fmt.Sprintf("Dice: %dD6 for %s: %s.", n, what, r)})
	return r
}
