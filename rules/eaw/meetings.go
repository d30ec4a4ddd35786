package eaw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// findBattles records every system where fleets of more than one empire
// stand after movement (EaW 19.0, 5d). Every other empire is hostile: the
// rules know no alliances. The battles wait for a result; fighting them is
// the battle resolver's job.
func (t *turn) findBattles() {
	occ := t.occupants()
	for _, s := range t.next.Map.Systems {
		fleets := occ[s.ID]
		if len(fleets) < 2 || !hostilePresent(fleets, fleets[0].Owner) {
			continue
		}
		for _, f := range fleets {
			t.pinned[f.Key()] = true
		}
		t.addBattle(s.ID, nil, fleets)
	}
}

// addBattle records a meeting at a system or in a lane, unless the same
// fleets already wait for a battle there.
func (t *turn) addBattle(at campaign.SystemID, lane *campaign.Lane, fleets []*campaign.Fleet) {
	forces := make([]campaign.BattleFleet, len(fleets))
	for i, f := range fleets {
		forces[i] = campaign.BattleFleet{Owner: f.Owner, ID: f.ID, Units: slices.Clone(f.Units), CBPV: t.next.FleetCBPV(f)}
	}
	slices.SortFunc(forces, func(a, b campaign.BattleFleet) int {
		return campaign.CompareKeys(campaign.FleetKey{Owner: a.Owner, ID: a.ID}, campaign.FleetKey{Owner: b.Owner, ID: b.ID})
	})
	var sides []campaign.PlayerID
	for _, f := range forces {
		if !slices.Contains(sides, f.Owner) {
			sides = append(sides, f.Owner)
		}
	}
	for _, b := range t.next.Battles {
		if b.At == at && sameLane(b.Lane, lane) && slices.EqualFunc(b.Fleets, forces, sameForce) {
			return
		}
	}
	t.battleCount++
	b := campaign.Battle{
		ID:     fmt.Sprintf("T%d-B%d", t.prev.Turn, t.battleCount),
		Turn:   t.prev.Turn,
		At:     at,
		Lane:   lane,
		Sides:  sides,
		Fleets: forces,
	}
	if t.next.Rules.Battles == campaign.BattlesAuto {
		t.next.Battles = append(t.next.Battles, b)
		return // fought at once; fightBattles tells how it went
	}
	t.orderFleets(&b, fleets)
	t.next.Battles = append(t.next.Battles, b)
	order := ""
	if ordered(b) {
		order = fmt.Sprintf(" It is fought fleet against fleet, %s.", t.orderText(b, t.fightOrder(b)))
	}
	t.emit(game.Event{Kind: EventBattle, Players: sides, At: at, Rule: battleRule(lane),
		Text: fmt.Sprintf("Battle %s %s: %s.%s It waits for a result.", b.ID, t.placeText(b), t.sidesText(fleets), order)})
}

func battleRule(lane *campaign.Lane) string {
	if lane != nil {
		return "EaW 5c"
	}
	return "EaW 19.0"
}

// sameForce reports whether two snapshots are of the same fleet: the same
// meeting, still waiting, even if the fleet has lost or gained units since
// it was found.
func sameForce(a, b campaign.BattleFleet) bool {
	return a.Owner == b.Owner && a.ID == b.ID
}

func sameLane(a, b *campaign.Lane) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func (t *turn) placeText(b campaign.Battle) string {
	if b.Lane != nil {
		return fmt.Sprintf("in the lane between %s and %s", t.systemName(b.Lane.A), t.systemName(b.Lane.B))
	}
	return "at " + t.systemName(b.At)
}

// sidesText names each side with its fleets' units; battle participants see
// what they face.
func (t *turn) sidesText(fleets []*campaign.Fleet) string {
	sorted := slices.Clone(fleets)
	slices.SortFunc(sorted, func(a, b *campaign.Fleet) int { return campaign.CompareKeys(a.Key(), b.Key()) })
	var sides []string
	for i := 0; i < len(sorted); {
		owner := sorted[i].Owner
		var groups []string
		for ; i < len(sorted) && sorted[i].Owner == owner; i++ {
			groups = append(groups, fmt.Sprintf("%s (%d CBPV)", campaign.UnitList(sorted[i].Units), t.next.FleetCBPV(sorted[i])))
		}
		sides = append(sides, fmt.Sprintf("%s with %s", owner, strings.Join(groups, " and ")))
	}
	return strings.Join(sides, " against ")
}
