package eaw

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// ShipRefs names a pending battle's units as players report them.
func (Ruleset) ShipRefs(b campaign.Battle) []game.ShipRef { return ShipRefs(b) }

// CheckResult checks a reported result against the battle.
func (Ruleset) CheckResult(st *campaign.State, b campaign.Battle, r *orders.BattleResult) []string {
	out := CheckReported(st, b, r)
	if r.Negotiated != "" {
		out = append(out, "negotiated: Empires at War has no negotiated ends; report what became of each ship")
	}
	return out
}

// Retreats lists where a withdrawing side may go.
func (Ruleset) Retreats(st *campaign.State, b campaign.Battle) []campaign.SystemID {
	return Retreats(st, b)
}

// ApplyResult settles a pending battle with a result, in place.
func (Ruleset) ApplyResult(st *campaign.State, id string, r *orders.BattleResult, how string) ([]game.Event, error) {
	return ApplyReported(st, id, r, how)
}

// FightPending fights a pending battle with the built-in resolver, in
// place.
func (Ruleset) FightPending(st *campaign.State, id string) ([]game.Event, []game.BattleLog, error) {
	return FightPending(st, id)
}

// FightOrder gives the order of battle of a meeting of more than two
// fleets, which the sides fight fleet against fleet (EaW 19.0, 26.0,
// 26a): the first two fleets, then each next one against the survivor.
func (Ruleset) FightOrder(b campaign.Battle) string {
	if len(b.Fleets) <= 2 {
		return ""
	}
	refs := ShipRefs(b)
	fleets := slices.Clone(b.Fleets)
	slices.SortStableFunc(fleets, func(x, y campaign.BattleFleet) int { return cmp.Compare(x.Order, y.Order) })
	var s strings.Builder
	s.WriteString("They fight fleet against fleet (EaW 19.0), in this order: the first two,\nthen each next fleet against the one left holding the field (EaW 26b):\n\n")
	for _, f := range fleets {
		var ships []string
		for _, r := range refs {
			if r.Owner == f.Owner && r.Fleet == f.ID {
				ships = append(ships, r.Ref)
			}
		}
		fmt.Fprintf(&s, "  %d. %s, %d CBPV: %s\n", f.Order, f.Owner, f.CBPV, strings.Join(ships, ", "))
	}
	return s.String()
}
