package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// placeBuilds carries out the build orders with the given MP: units built
// with 1 MP join their fleet before movement and may move this turn; units
// built with 0 MP join after movement and move next turn (EaW 6.0). They are
// paid from the treasury when placed.
func (t *turn) placeBuilds(mp int) {
	for _, p := range t.plans {
		for _, co := range p.costed.Orders {
			b := co.Order.Build
			if b == nil || b.MP != mp {
				continue
			}
			t.build(p.player, b, co.BPV)
		}
	}
	slices.SortFunc(t.next.Fleets, func(a, b campaign.Fleet) int { return compareKeys(a.Key(), b.Key()) })
}

// build places one build's units at the FRD that builds them (EaW 6.0,
// 6c), or tells the player why it could not: the FRD is lost (EaW 15a),
// the fleet is not there, is trapped (EaW 10h), or the treasury is short.
func (t *turn) build(owner campaign.PlayerID, b *Build, cost int) {
	id := b.Fleet
	audience := []campaign.PlayerID{owner}
	fail := func(rule, why string) {
		t.emit(game.Event{Kind: EventOrderFailed, Players: audience, Rule: rule,
			Text: fmt.Sprintf("Nothing was built for fleet %s and nothing was paid: %s.", id, why)})
	}
	site, ok := t.buildSite(owner, id, b.At)
	player := t.next.Player(owner)
	switch {
	case !ok:
		fail("EaW 15a", "you have no FRD to build it")
		return
	case t.next.FRDsAt(owner, site) == 0:
		fail("EaW 15a", fmt.Sprintf("you no longer have an FRD at %s", t.systemName(site)))
		return
	case player.Treasury < cost:
		fail("EaW 6.0", fmt.Sprintf("the treasury holds %d BPV and the units cost %d", player.Treasury, cost))
		return
	}
	f := t.next.Fleet(owner, id)
	switch {
	case f == nil:
		t.next.Fleets = append(t.next.Fleets, campaign.Fleet{Owner: owner, ID: id, At: site})
		f = &t.next.Fleets[len(t.next.Fleets)-1]
	case f.At != site:
		fail("EaW 6c", fmt.Sprintf("the fleet is at %s, not at the FRD at %s", t.systemName(f.At), t.systemName(site)))
		return
	case f.Trapped != 0:
		fail("EaW 10h", "the fleet is trapped by an enemy fortification, and a trapped fleet takes no new units")
		return
	}
	f.Units = append(f.Units, b.Units...)
	player.Treasury -= cost
	t.emit(game.Event{Kind: EventBuilt, Players: audience, At: site, Rule: "EaW 6.0",
		Text: fmt.Sprintf("Built %s at %s into fleet %s for %d BPV.", campaign.UnitList(b.Units), t.systemName(site), id, cost)})
}

// developPlanets establishes the fortifications, mines and colonies ordered
// this turn, at post-combat (EaW 4b, 11.0, 12.0, 13.0). The player is told
// of every one that could not be: the fleet is gone, was trapped (EaW 10h)
// or met hostile fleets (EaW 19a), enemy fleets stand there after the
// battles, or the planet holds a development of that kind already.
func (t *turn) developPlanets() {
	occ := t.occupants()
	for _, p := range t.plans {
		for _, co := range p.costed.Orders {
			if d := co.Order.Develop; d != nil {
				t.develop(p.player, d.Fleet, d.What, occ)
			}
		}
	}
}

func (t *turn) develop(owner campaign.PlayerID, id campaign.FleetID, kind campaign.DevelopmentKind, occ map[campaign.SystemID][]*campaign.Fleet) {
	audience := []campaign.PlayerID{owner}
	want, rule := kind.Needs()
	f := t.next.Fleet(owner, id)
	if f == nil || len(f.Units) == 0 {
		t.orderFailed(owner, "", rule, fmt.Sprintf("Fleet %s did not develop a %s: the fleet is gone.", id, kind))
		return
	}
	fail := func(why string) {
		t.emit(game.Event{Kind: EventOrderFailed, Players: audience, At: f.At, Rule: rule,
			Text: fmt.Sprintf("Fleet %s did not develop a %s (it stands at %s now): %s.", id, kind, t.systemName(f.At), why)})
	}
	sys := t.next.System(f.At)
	switch {
	case f.Trapped != 0:
		fail("it was trapped by an enemy fortification, and a trapped fleet does nothing but a siege roll (EaW 10h)")
		return
	case t.pinned[f.Key()]:
		fail("it met hostile fleets, and its orders were lost (EaW 19a)")
		return
	case hostilePresent(occ[f.At], owner):
		fail("enemy fleets stand there after the battles")
		return
	case want != "" && sys.Planet != want:
		fail(fmt.Sprintf("the planet is %s, and a %s needs a %s planet", sys.Planet, kind, want))
		return
	}
	for _, d := range t.next.DevelopmentsAt(f.At) {
		if (d.Kind == campaign.Fortification) == (kind == campaign.Fortification) {
			fail(fmt.Sprintf("the planet already holds a %s", d.Kind))
			return
		}
	}
	t.next.Developments = append(t.next.Developments, campaign.Development{At: f.At, Owner: owner, Kind: kind, Since: t.date})
	t.emit(game.Event{Kind: EventDeveloped, Players: audience, At: f.At, Rule: rule,
		Text: fmt.Sprintf("Fleet %s developed a %s at %s.", id, kind, t.systemName(f.At))})
}
