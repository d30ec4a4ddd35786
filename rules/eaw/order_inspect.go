package eaw

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// Inspect inspects every captured unit of a fleet at the player's FRD or
// small repair freighter (EaW 9b, 9c, 25b).
type Inspect struct{ FleetOrder }

// Name returns "inspect".
func (*Inspect) Name() string { return "inspect" }

// Example is an inspect order as players write it, for hints.
func (*Inspect) Example() string { return "- inspect: {fleet: 1st}" }

// Fields are the keys an inspect order may hold.
func (*Inspect) Fields() []string { return []string{"fleet"} }

func (*Inspect) parse(p *parser, key, n *yaml.Node) Kind {
	return &Inspect{p.fleetOrder(key, n)}
}

func (in *Inspect) schema(*campaign.Rules) *schema {
	return kindSchema(in.Name(), "An inspect order: inspect captured units at your FRD (EaW 9b).",
		"Inspect every captured unit of a fleet at your FRD, or where your small repair freighter is, for "+
			orderPoints(ServiceCost)+" (EaW 9b, 9c, 25b): they are "+
			"restored to combat readiness and count toward the fleet's limits from then on.",
		[]string{"fleet"}, fleetField)
}

// YAML echoes the order as players write it.
func (in *Inspect) YAML() string { return fmt.Sprintf("inspect: {fleet: %s}", in.Fleet) }

// check checks an inspection (EaW 9b): every captured unit of the fleet,
// at the player's FRD or with the player's small repair freighter there
// (EaW 9c). Inspected units are restored and count toward the fleet's caps
// from then on (EaW 25b).
func (in *Inspect) check(v *validator, o Order) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	late := v.afterBattles(in.fleets()...)
	f, fl := v.serviceFleet(or(in.FleetPos, o.Pos), "EaW 9b", in.Fleet, "inspect units")
	if f == nil || v.refuseInBattle(or(in.FleetPos, o.Pos), in.Fleet, "inspect units") {
		return co
	}
	v.once(o, in.Name(), in.Fleet, "EaW 9b", "drop one of the two orders: one inspection takes every captured unit of the fleet")
	if f.known {
		if sp := v.servicesAt(f.at, late); !sp.frd && !sp.small {
			v.Add(o.Pos, "EaW 9b", fmt.Sprintf("fleet %s %s, where you have neither an FRD nor a small repair freighter; captured units are inspected only there", in.Fleet, where(f)),
				v.serviceSites()+"; a small repair freighter inspects wherever it is (EaW 9c)")
		}
	}
	switch n := len(fl.Captured); {
	case n == 0 && late:
		co.Notes = append(co.Notes, fmt.Sprintf("fleet %s holds no captured units now; the inspection takes those it captures in this turn's battles", in.Fleet))
	case n == 0:
		v.Add(o.Pos, "EaW 9b", fmt.Sprintf("fleet %s holds no captured units to inspect", in.Fleet),
			"units taken in battle join the captor's fleet uninspected (EaW 25b); inspect them after that")
	default:
		co.Notes = append(co.Notes, fmt.Sprintf("fleet %s's captured %s inspected, and counted toward its caps from then on (EaW 25b)", in.Fleet, capturedList(fl)))
	}
	fl.Inspect()
	v.overCap(o.Pos, in.Fleet, fl, "transfer units out of the fleet in an order above, so the inspected units fit")
	return co
}

// timing names the fleet it serves: a fleet service.
func (in *Inspect) timing(CostedOrder) (moves, serves []campaign.FleetID) { return nil, in.fleets() }

// track binds the fleet to an inspection after the battles.
func (in *Inspect) track(v *validator, co CostedOrder, late bool) {
	v.bindLate(co.Order.Pos, late, in.fleets())
}

// step is a fleet service's (serviceStep).
func (*Inspect) step(late bool) step { return serviceStep(late) }

// carryOut inspects every captured unit of a fleet at the owner's FRD or
// with the owner's small repair freighter there (EaW 9b, 9c): they are
// restored and count toward the fleet's caps from then on (EaW 25b). An
// inspection that would take the fleet over a cap of EaW 17.0, as the
// prizes of this turn's battles may, is not made.
func (in *Inspect) carryOut(t *turn, a act) {
	if !t.arrived(a, in, "") || !t.settled(a.owner, in) {
		return
	}
	owner := a.owner
	f := t.fleetFor(owner, in, in.Fleet)
	if f == nil {
		return
	}
	if site := t.siteAt(owner, f.At); !site.frd && !site.small {
		t.failService(owner, in, fmt.Sprintf("you have neither an FRD nor a small repair freighter at %s", t.systemName(f.At)))
		return
	}
	if len(f.Captured) == 0 {
		t.failService(owner, in, "it holds no captured units")
		return
	}
	inspected := *f
	inspected.Captured = nil
	if why := t.overCap(in.Fleet, &inspected); why != "" {
		t.failRule(owner, in, "EaW 17.0", why)
		return
	}
	var units []campaign.ClassName
	for _, i := range f.Inspect() {
		units = append(units, f.Units[i])
	}
	t.emit(game.Event{Kind: EventInspected, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 9b",
		Text: fmt.Sprintf("Fleet %s inspected its captured %s at %s: restored to combat readiness, they count toward the fleet's caps from now on (EaW 25b).",
			in.Fleet, campaign.UnitList(units), t.systemName(f.At))})
}

func (in *Inspect) doing() (campaign.FleetID, string, string) {
	return in.Fleet, "inspect its captured units", "EaW 9b"
}

// offer offers a free fleet with prizes their inspection at the player's
// FRD or small repair freighter (EaW 9b, 9c).
func (*Inspect) offer(t *orderTemplate, sp spot) []suggestion {
	f := sp.fleet
	if sp.place != atFleet || len(f.Captured) == 0 {
		return nil
	}
	if at := t.servicesAt(f.At); !at.frd && !at.small {
		return nil
	}
	return []suggestion{{fmt.Sprintf("- inspect: {fleet: %s}", yamlName(string(f.ID))),
		points(ServiceCost) + ": its prizes are repaired and count in its CBPV, within the fleet limits (EaW 9b, 25b, 17.0)"}}
}
