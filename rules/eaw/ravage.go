package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// ravage settles the mines and colonies that enemy fleets stand over after
// the battles, with none of their owner's fleets left there and no
// fortification of the owner's to shield them (EaW 10f): each is
// destroyed, or captured by the first enemy, by player ID, whose fleets
// there carry a commando ship (EaW 12a, 13b, 13c). The owner's ground and
// orbital bases there must be destroyed or captured first (EaW 12a, 13c),
// as for a fortification (EaW 10e): while one stands, the development
// holds. The development's owner and the enemies there learn of it.
func (t *turn) ravage() {
	occ := t.occupants()
	var kept []campaign.Development
	for _, d := range t.next.Developments {
		if d.Kind == campaign.Fortification || !t.exposed(d, occ[d.At]) {
			kept = append(kept, d)
			continue
		}
		if t.basesHold(d) {
			t.emit(game.Event{Kind: EventHeld, Players: t.audience(d), At: d.At, Rule: ruleOf(d.Kind),
				Text: fmt.Sprintf("%s's %s at %s held although enemy ships stood over it: its owner's ground and orbital bases there must be destroyed or captured first.",
					d.Owner, d.Kind, t.systemName(d.At))})
			kept = append(kept, d)
			continue
		}
		if d, captured := t.seize(d, occ[d.At], ruleOf(d.Kind), "enemy ships stood over it with nobody to defend it"); captured {
			kept = append(kept, d)
		}
	}
	t.next.Developments = kept
}

// seize settles a mine or colony that the enemy fleets among fleets take:
// it is captured by the first enemy, by player order, whose fleets there
// carry a commando ship, and then returned with its new owner and true;
// else it is destroyed, because of why (EaW 10f, 12a, 13c). The
// development's owner and the enemies there learn of it.
func (t *turn) seize(d campaign.Development, fleets []*campaign.Fleet, rule, why string) (campaign.Development, bool) {
	var enemies []campaign.PlayerID
	captor := campaign.PlayerID("")
	for _, f := range fleets {
		if f.Owner == d.Owner || len(f.Units) == 0 {
			continue
		}
		if !slices.Contains(enemies, f.Owner) {
			enemies = append(enemies, f.Owner)
		}
		if captor == "" && t.hasCommando(f) {
			captor = f.Owner
		}
	}
	slices.Sort(enemies)
	who := append([]campaign.PlayerID{d.Owner}, enemies...)
	if captor != "" {
		t.emit(game.Event{Kind: EventCaptured, Players: who, At: d.At, Rule: rule,
			Text: fmt.Sprintf("%s's %s at %s was captured by %s's commandos.", d.Owner, d.Kind, t.systemName(d.At), captor)})
		d.Owner = captor
		return d, true
	}
	t.emit(game.Event{Kind: EventDestroyed, Players: who, At: d.At, Rule: rule,
		Text: fmt.Sprintf("%s's %s at %s was destroyed: %s.", d.Owner, d.Kind, t.systemName(d.At), why)})
	return d, false
}

// exposed reports whether a development has enemy fleets over it and
// neither its owner's fleets nor its owner's fortification there.
func (t *turn) exposed(d campaign.Development, fleets []*campaign.Fleet) bool {
	if !hostilePresent(fleets, d.Owner) {
		return false
	}
	for _, f := range fleets {
		if f.Owner == d.Owner {
			return false
		}
	}
	return !slices.ContainsFunc(t.next.Developments, func(o campaign.Development) bool {
		return o.At == d.At && o.Owner == d.Owner && o.Kind == campaign.Fortification
	})
}

func (t *turn) hasCommando(f *campaign.Fleet) bool {
	return t.next.Serves(f, func(c *campaign.UnitClass) bool { return c.Commando })
}

func ruleOf(k campaign.DevelopmentKind) string {
	if k == campaign.Colony {
		return "EaW 13c"
	}
	return "EaW 12a"
}
