package eaw

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// Scrap scraps units of one fleet at the player's FRD or large repair
// freighter (EaW 9.0, 9a).
type Scrap struct{ UnitsOrder }

// Name returns "scrap".
func (*Scrap) Name() string { return "scrap" }

// Example is a scrap order as players write it, for hints.
func (*Scrap) Example() string { return "- scrap: {fleet: 1st, units: [frigate]}" }

// Fields are the keys a scrap order may hold.
func (*Scrap) Fields() []string { return []string{"fleet", "units"} }

func (*Scrap) parse(p *parser, key, n *yaml.Node) Kind {
	return &Scrap{p.unitsOrder(key, n)}
}

func (s *Scrap) schema(*campaign.Rules) *schema {
	return kindSchema(s.Name(), "A scrap order: scrap units at your FRD (EaW 9.0).",
		"Scrap units of one fleet at your FRD, or where your large repair freighter is, for "+orderPoints(ServiceCost)+" "+
			"(EaW 9.0, 9a): half their EBPV comes back to your treasury, to spend from next turn.",
		[]string{"fleet", "units"}, fleetField, unitsField("The units to scrap, by class."))
}

// YAML echoes the order as players write it.
func (s *Scrap) YAML() string {
	return fmt.Sprintf("scrap: {fleet: %s, units: [%s]}", s.Fleet, join(s.Units))
}

// check checks a scrap order (EaW 9.0): any number of one fleet's units, at
// the player's FRD or with the player's large repair freighter there
// (EaW 9a). Half their EBPV comes back, to spend from next turn.
func (s *Scrap) check(v *validator, o Order) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	late := v.afterBattles(s.fleets()...)
	f, fl := v.serviceFleet(or(s.FleetPos, o.Pos), "EaW 9.0", s.Fleet, "scrap units")
	if f == nil || v.refuseInBattle(or(s.FleetPos, o.Pos), s.Fleet, "scrap units") {
		return co
	}
	v.once(o, s.Name(), s.Fleet, "EaW 9.0", "put all the fleet's units to scrap into one scrap order")
	if f.known {
		if sp := v.servicesAt(f.at, late); !sp.frd && !sp.large {
			v.Add(o.Pos, "EaW 9.0", fmt.Sprintf("fleet %s %s, where you have neither an FRD nor a large repair freighter; units are scrapped only there", s.Fleet, where(f)),
				v.serviceSites()+"; a large repair freighter scraps wherever it is (EaW 9a)")
		}
	}
	idx := v.pick(o, "EaW 9.0", s.Fleet, fl, s.Units, s.UnitsPos, "scrap")
	ebpv := 0
	for _, i := range idx {
		if c := v.st.Catalogue.Class(fl.Units[i]); c != nil {
			ebpv += c.EBPV
		}
	}
	fl.Take(idx)
	if len(idx) > 0 {
		co.Notes = append(co.Notes, fmt.Sprintf("scrapping refunds %d BPV, half the units' EBPV, to spend from next turn (EaW 9.0)", ebpv*ScrapRefund/100))
	}
	v.alone(or(s.FleetPos, o.Pos), s.Fleet, fl)
	co.Notes = append(co.Notes, v.emptied(o, s.Fleet, fl, "EaW 9.0")...)
	return co
}

// timing names the fleet it serves: a fleet service.
func (s *Scrap) timing(CostedOrder) (moves, serves []campaign.FleetID) { return nil, s.fleets() }

// track binds the fleet to a scrapping after the battles.
func (s *Scrap) track(v *validator, co CostedOrder, late bool) {
	v.bindLate(co.Order.Pos, late, s.fleets())
}

// step is a fleet service's (serviceStep).
func (*Scrap) step(late bool) step { return serviceStep(late) }

// carryOut scraps units of a fleet at the owner's FRD or with the owner's
// large repair freighter there (EaW 9.0, 9a): half their EBPV is credited
// at the end of the turn, to spend from the next. All or nothing.
func (s *Scrap) carryOut(t *turn, a act) {
	if !t.arrived(a, s, "") || !t.settled(a.owner, s) {
		return
	}
	owner := a.owner
	f := t.fleetFor(owner, s, s.Fleet)
	if f == nil {
		return
	}
	if site := t.siteAt(owner, f.At); !site.frd && !site.large {
		t.failService(owner, s, fmt.Sprintf("you have neither an FRD nor a large repair freighter at %s", t.systemName(f.At)))
		return
	}
	idx, missing := campaign.PickUnits(f, s.Units)
	if len(missing) > 0 {
		t.failService(owner, s, fmt.Sprintf("fleet %s holds %s", s.Fleet, campaign.UnitList(f.Units)))
		return
	}
	gone := f.Take(idx)
	ebpv := 0
	for _, u := range gone.Units {
		if c := t.next.Catalogue.Class(u); c != nil {
			ebpv += c.EBPV
		}
	}
	refund := ebpv * ScrapRefund / 100
	t.refunds[owner] += refund
	text := fmt.Sprintf("Fleet %s scrapped %s at %s: %d BPV come back to your treasury at the end of the turn, to spend from the next (EaW 9.0).",
		s.Fleet, campaign.UnitList(gone.Units), t.systemName(f.At), refund)
	if len(f.Units) == 0 {
		text += fmt.Sprintf(" Fleet %s, left without units, is disbanded.", s.Fleet)
	}
	t.emit(game.Event{Kind: EventScrapped, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 9.0", Text: text})
}

func (s *Scrap) doing() (campaign.FleetID, string, string) {
	return s.Fleet, "scrap " + campaign.UnitList(s.Units), "EaW 9.0"
}

// scrappable picks a unit of the fleet to scrap (EaW 9.0): a prize first,
// else its last unit, such that what is left is not prizes alone
// (EaW 25b). Units are named by class and picked as intake picks them
// (campaign.PickUnits).
func scrappable(f FleetView) (campaign.ClassName, bool) {
	var cands []campaign.ClassName
	for _, i := range f.Captured {
		if i >= 0 && i < len(f.Units) {
			cands = append(cands, f.Units[i])
		}
	}
	if len(f.Units) > 0 {
		cands = append(cands, f.Units[len(f.Units)-1])
	}
	for _, u := range cands {
		if left, _ := take(f, u); !left.OnlyPrizes() {
			return u, true
		}
	}
	return "", false
}

// offer offers a free fleet the scrapping of a unit (scrappable) at the
// player's FRD or large repair freighter (EaW 9.0, 9a).
func (*Scrap) offer(t *orderTemplate, sp spot) []suggestion {
	f := sp.fleet
	if sp.place != atFleet {
		return nil
	}
	if at := t.servicesAt(f.At); !at.frd && !at.large {
		return nil
	}
	u, ok := scrappable(f)
	if !ok {
		return nil
	}
	return []suggestion{{fmt.Sprintf("- scrap: {fleet: %s, units: [%s]}", yamlName(string(f.ID)), yamlName(string(u))),
		points(ServiceCost) + ": half its EBPV comes back at the end of the turn (EaW 9.0)"}}
}
