package eaw

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// SelfRepair has a fleet repair itself with its own damage control,
// anywhere, after the battles (EaW 22b, 24.0).
type SelfRepair struct{ FleetOrder }

// Name returns "self_repair".
func (*SelfRepair) Name() string { return "self_repair" }

// Example is a self_repair order as players write it, for hints.
func (*SelfRepair) Example() string { return "- self_repair: {fleet: 1st}" }

// Fields are the keys a self_repair order may hold.
func (*SelfRepair) Fields() []string { return []string{"fleet"} }

func (*SelfRepair) parse(p *parser, key, n *yaml.Node) Kind {
	return &SelfRepair{p.fleetOrder(key, n)}
}

func (sr *SelfRepair) schema(*campaign.Rules) *schema {
	return kindSchema(sr.Name(), "A self_repair order: a fleet repairs itself (EaW 24.0).",
		"A fleet repairs damage with its own damage control, anywhere, for "+orderPoints(ServiceCost)+" (EaW 22b, 24.0). "+
			"The repair takes effect after the battles.",
		[]string{"fleet"}, fleetField)
}

// YAML echoes the order as players write it.
func (sr *SelfRepair) YAML() string { return fmt.Sprintf("self_repair: {fleet: %s}", sr.Fleet) }

// check checks a self-repair (EaW 24.0): anywhere, by a fleet with
// damage control and capacity left since its last resupply (EaW 22b). The
// repairs are made after the battles.
func (sr *SelfRepair) check(v *validator, o Order) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	v.afterBattles(sr.fleets()...)
	f, fl := v.serviceFleet(or(sr.FleetPos, o.Pos), "EaW 24.0", sr.Fleet, "repair itself")
	if f == nil {
		return co
	}
	v.once(o, sr.Name(), sr.Fleet, "EaW 24.0", "drop one of the two orders")
	damcon, left, damaged := false, 0, false
	for i, u := range fl.Units {
		if c := v.st.Catalogue.Class(u); c != nil && c.Damcon > 0 && !fl.IsCaptured(i) {
			damcon = true
			left += v.st.SelfRepairLeft(fl, i)
			damaged = damaged || fl.DamageOf(i).Any()
		}
	}
	switch {
	case !damcon:
		v.Add(o.Pos, "EaW 22b", fmt.Sprintf("no unit of fleet %s has damage control, so it cannot repair itself", sr.Fleet),
			"resupply it at your FRD or developed colony instead (EaW 6d)")
	case left == 0:
		v.Add(o.Pos, "EaW 22b", fmt.Sprintf("the units of fleet %s have used all their self-repair capacity since they last resupplied", sr.Fleet),
			"resupply the fleet (EaW 6d) in an order above, or wait for the New Year resupply (EaW 3b)")
	case !damaged:
		co.Notes = append(co.Notes, fmt.Sprintf("fleet %s carries no damage now; it mends what this turn's battles do to it, after them (EaW 24.0)", sr.Fleet))
	default:
		co.Notes = append(co.Notes, "the repairs are made after the battles (EaW 24.0)")
	}
	return co
}

// timing names the fleet it serves: a fleet service.
func (sr *SelfRepair) timing(CostedOrder) (moves, serves []campaign.FleetID) { return nil, sr.fleets() }

// track binds the fleet to nothing. It is made after the
// battles wherever the fleet ends, so the fleet may move after it in the
// text (EaW 24.0).
func (*SelfRepair) track(*validator, CostedOrder, bool) {}

// step makes a self-repair after the battles, wherever it stands in
// the text (EaW 24.0).
func (*SelfRepair) step(bool) step { return stepServeAfter }

// ready reports whether the fleet may repair itself: after a move of
// its, it got where it was sent (arrived); else no fortification trapped
// it on the way (EaW 10h). If not, its owner is told why.
func (sr *SelfRepair) ready(t *turn, a act) bool {
	if a.late {
		return t.arrived(a, sr, "")
	}
	if f := t.next.Fleet(a.owner, sr.Fleet); f != nil && f.Trapped != 0 {
		t.failService(a.owner, sr, fmt.Sprintf("a fortification at %s trapped it on its way, and a trapped fleet makes no repairs (EaW 10h)", t.systemName(f.At)))
		return false
	}
	return true
}

// carryOut makes a fleet's self-repairs after the battles (EaW 24.0):
// each inspected unit mends its damage with what its self-repair capacity
// has left since it last resupplied (EaW 22b), one point of capacity per
// point mended, as the free repairs after a battle do (repair, EaW 23a):
// its systems first, each point on the one hit worst, then structure.
// Uninspected prizes mend nothing (EaW 25b).
func (sr *SelfRepair) carryOut(t *turn, a act) {
	if !sr.ready(t, a) {
		return
	}
	owner, id := a.owner, sr.Fleet
	f := t.fleetFor(owner, sr, id)
	if f == nil {
		return
	}
	var mended []string
	spent := false
	for i, u := range f.Units {
		d := f.DamageOf(i)
		if f.IsCaptured(i) || !d.Any() {
			continue
		}
		left := t.next.SelfRepairLeft(f, i)
		if left == 0 {
			spent = true
			continue
		}
		fixed := repair(d, left)
		fixed.Unit = i
		setDamage(f, fixed)
		used := damagePoints(d) - damagePoints(fixed)
		c := f.CrewOf(i)
		c.Repaired += used
		f.SetCrew(c)
		mended = append(mended, fmt.Sprintf("%s #%d (%s mended, %d capacity left)", u, i+1, mendText(d, fixed), left-used))
	}
	switch {
	case len(mended) > 0:
		t.emit(game.Event{Kind: EventSelfRepaired, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 24.0",
			Text: fmt.Sprintf("Fleet %s repaired itself at %s: %s.", id, t.systemName(f.At), strings.Join(mended, ", "))})
	case spent:
		t.failService(owner, sr, "its damaged units have used their self-repair capacity since they last resupplied (EaW 22b)")
	default:
		t.emit(game.Event{Kind: EventSelfRepaired, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 24.0",
			Text: fmt.Sprintf("Fleet %s had no damage to repair.", id)})
	}
}

func (sr *SelfRepair) doing() (campaign.FleetID, string, string) {
	return sr.Fleet, "repair itself", "EaW 24.0"
}

// offer offers a free fleet a self-repair when it has damage to mend and
// capacity left (EaW 22b).
func (*SelfRepair) offer(t *orderTemplate, sp spot) []suggestion {
	f := sp.fleet
	if sp.place != atFleet || f.SelfRepair == 0 || !needsRepair(f) {
		return nil
	}
	return []suggestion{{fmt.Sprintf("- self_repair: {fleet: %s}", yamlName(string(f.ID))),
		fmt.Sprintf("%s: mends up to %d points of damage after the battles (EaW 24.0, 22b)", points(ServiceCost), f.SelfRepair)}}
}
