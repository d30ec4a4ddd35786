package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// FRDs on the map (EaW 15.0–15g, 17e): towing them with their MON, and
// placing new ones. Fighting over them is frd_battle.go's.

// tows lists the FRDs with move_frd orders as movers, in player order then
// order order. Each takes the fleets intake named to go with it
// (CostedOrder.Towed): its tug's and each of its owner's fleets at
// its system that holds a MON (EaW 15f, 15g, 17e). Intake has made sure
// none of them moves otherwise, so the tow and the fleet services agree
// on which fleets move (Timing).
func (t *turn) tows() []*mover {
	var out []*mover
	taken := map[int]bool{}
	escorted := map[campaign.FleetKey]bool{}
	for _, p := range t.plans {
		for _, co := range p.costed.Orders {
			if co.Order.MoveFRD == nil || len(co.Route) < 2 {
				continue
			}
			i := -1
			for k, f := range t.next.FRDs {
				if f.Owner == p.player && f.At == co.Route[0] && !taken[k] {
					i = k
					break
				}
			}
			if i < 0 {
				t.orderFailed(p.player, co.Route[0], "EaW 15e", fmt.Sprintf("Your FRD at %s did not move: you have no FRD there any more.",
					t.systemName(co.Route[0])))
				continue
			}
			taken[i] = true
			mv := &mover{owner: p.player, frd: &t.next.FRDs[i], route: co.Route}
			for _, id := range co.Towed {
				f := t.next.Fleet(p.player, id)
				if f == nil || f.At != co.Route[0] || f.Trapped != 0 || escorted[f.Key()] || len(f.Units) == 0 {
					continue
				}
				escorted[f.Key()] = true
				mv.fleets = append(mv.fleets, f)
			}
			slices.SortFunc(mv.fleets, func(a, b *campaign.Fleet) int { return compareKeys(a.Key(), b.Key()) })
			out = append(out, mv)
		}
	}
	return out
}

// escortText names the fleets that went with a towed FRD: ", with fleet
// 4th", or "".
func (t *turn) escortText(m *mover) string {
	if len(m.fleets) == 0 {
		return ""
	}
	ids := make([]campaign.FleetID, len(m.fleets))
	for i, f := range m.fleets {
		ids[i] = f.ID
	}
	if len(ids) == 1 {
		return ", with fleet " + string(ids[0])
	}
	return ", with fleets " + andList(ids)
}

// placeFRDs places the FRDs built this turn, at post-combat (EaW 15a): each
// at a system where its player still has a developed mine or colony and no
// enemy fleet stands, paid from the treasury then. It builds from next
// turn. An FRD that cannot be placed costs nothing, and its player is told
// why.
func (t *turn) placeFRDs() {
	price := t.next.Rules.FRD.Price
	occ := t.occupants()
	for _, p := range t.plans {
		for _, co := range p.costed.Orders {
			b := co.Order.BuildFRD
			if b == nil {
				continue
			}
			player := t.next.Player(p.player)
			fail := func(why string) {
				t.orderFailed(p.player, b.At, "EaW 15a", fmt.Sprintf("No FRD was built at %s and nothing was paid: %s.", t.systemName(b.At), why))
			}
			switch {
			case !t.next.HasDevelopment(p.player, b.At, campaign.Mine) && !t.next.HasDevelopment(p.player, b.At, campaign.Colony):
				fail("you no longer have a developed mine or colony there")
			case hostilePresent(occ[b.At], p.player):
				fail("an enemy fleet stands there")
			case player.Treasury < price:
				fail(fmt.Sprintf("the treasury holds %d BPV and an FRD costs %d", player.Treasury, price))
			default:
				player.Treasury -= price
				t.next.FRDs = append(t.next.FRDs, campaign.FRD{Owner: p.player, At: b.At})
				t.emit(game.Event{Kind: EventBuilt, Players: []campaign.PlayerID{p.player}, At: b.At, Rule: "EaW 15a",
					Text: fmt.Sprintf("A new FRD stands at %s, for %d BPV; it builds from next turn.", t.systemName(b.At), price)})
			}
		}
	}
}

// buildSite returns the system of the FRD a build order uses, as it stood
// when the turn began: the order's at:, the player's only FRD, or of
// several the one where the fleet the units join stands (EaW 6.0, 15a).
func (t *turn) buildSite(owner campaign.PlayerID, id campaign.FleetID, at campaign.SystemID) (campaign.SystemID, bool) {
	if at != "" {
		return at, true
	}
	var sites []campaign.SystemID
	for _, f := range t.prev.FRDs {
		if f.Owner == owner {
			sites = append(sites, f.At)
		}
	}
	switch {
	case len(sites) == 1:
		return sites[0], true
	case len(sites) == 0:
		return "", false
	}
	if f := t.next.Fleet(owner, id); f != nil && slices.Contains(sites, f.At) {
		return f.At, true
	}
	return "", false
}
