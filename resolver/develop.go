package resolver

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
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
			t.build(p.player, b.Fleet, b.Units, co.BPV)
		}
	}
	slices.SortFunc(t.next.Fleets, func(a, b campaign.Fleet) int { return compareKeys(a.Key(), b.Key()) })
}

func (t *turn) build(owner campaign.PlayerID, id campaign.FleetID, units []campaign.ClassName, cost int) {
	audience := []campaign.PlayerID{owner}
	fail := func(why string) {
		t.emit(Event{Kind: EventOrderFailed, Players: audience, Rule: "EaW 6.0",
			Text: fmt.Sprintf("Nothing was built for fleet %s and nothing was paid: %s.", id, why)})
	}
	frd := t.next.FRDOf(owner)
	player := t.next.Player(owner)
	switch {
	case frd == nil:
		fail("you have no FRD")
		return
	case player.Treasury < cost:
		fail(fmt.Sprintf("the treasury holds %d BPV and the units cost %d", player.Treasury, cost))
		return
	}
	f := t.next.Fleet(owner, id)
	if f == nil {
		t.next.Fleets = append(t.next.Fleets, campaign.Fleet{Owner: owner, ID: id, At: frd.At})
		f = &t.next.Fleets[len(t.next.Fleets)-1]
	} else if f.At != frd.At {
		fail(fmt.Sprintf("the fleet is at %s, not at the FRD at %s", t.systemName(f.At), t.systemName(frd.At)))
		return
	}
	f.Units = append(f.Units, units...)
	player.Treasury -= cost
	t.emit(Event{Kind: EventBuilt, Players: audience, At: frd.At, Rule: "EaW 6.0",
		Text: fmt.Sprintf("Built %s at %s into fleet %s for %d BPV.", campaign.UnitList(units), t.systemName(frd.At), id, cost)})
}

// developPlanets establishes the mines and colonies ordered this turn
// (EaW 12.0, 13.0). A fleet that met hostile fleets lost its orders
// (EaW 19a); a planet already developed cannot take a second development.
func (t *turn) developPlanets() {
	for _, p := range t.plans {
		for _, co := range p.costed.Orders {
			if d := co.Order.Develop; d != nil {
				t.develop(p.player, d.Fleet, d.What)
			}
		}
	}
}

func (t *turn) develop(owner campaign.PlayerID, id campaign.FleetID, kind campaign.DevelopmentKind) {
	audience := []campaign.PlayerID{owner}
	want, rule := kind.Needs()
	f := t.next.Fleet(owner, id)
	if f == nil {
		return
	}
	fail := func(why string) {
		t.emit(Event{Kind: EventOrderFailed, Players: audience, At: f.At, Rule: rule,
			Text: fmt.Sprintf("Fleet %s did not develop a %s at %s: %s.", id, kind, t.systemName(f.At), why)})
	}
	sys := t.next.System(f.At)
	switch {
	case t.pinned[f.Key()]:
		fail("it met hostile fleets, and its orders were lost (EaW 19a)")
		return
	case sys.Planet != want:
		fail(fmt.Sprintf("the planet is %s, and a %s needs a %s planet", sys.Planet, kind, want))
		return
	}
	for _, d := range t.next.DevelopmentsAt(f.At) {
		if d.Developed() {
			fail(fmt.Sprintf("the planet already holds a %s", d.Kind))
			return
		}
	}
	t.next.Developments = append(t.next.Developments, campaign.Development{At: f.At, Owner: owner, Kind: kind, Since: t.date})
	t.emit(Event{Kind: EventDeveloped, Players: audience, At: f.At, Rule: rule,
		Text: fmt.Sprintf("Fleet %s developed a %s at %s.", id, kind, t.systemName(f.At))})
}
