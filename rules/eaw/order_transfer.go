package eaw

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Transfer moves units from one fleet to another fleet in the same system,
// or to a new fleet it forms there (EaW 7.0).
type Transfer struct {
	From, To campaign.FleetID
	Units    []campaign.ClassName
	FromPos  orders.Pos
	ToPos    orders.Pos
	UnitsPos []orders.Pos
}

// Name returns "transfer".
func (*Transfer) Name() string { return "transfer" }

// Example is a transfer order as players write it, for hints.
func (*Transfer) Example() string { return "- transfer: {from: 1st, to: 2nd, units: [frigate]}" }

// Fields are the keys a transfer order may hold.
func (*Transfer) Fields() []string { return []string{"from", "to", "units"} }

func (*Transfer) parse(p *parser, key, n *yaml.Node) Kind {
	f := p.orderFields(key, n)
	tr := &Transfer{}
	tr.From, tr.FromPos = requiredName[campaign.FleetID](p, f, key, "from", "from: 1st")
	tr.To, tr.ToPos = requiredName[campaign.FleetID](p, f, key, "to", "to: 2nd")
	if e, ok := p.required(f, key, "units"); ok {
		tr.Units, tr.UnitsPos = p.classes(e.Value, "units")
	}
	return tr
}

func (tr *Transfer) schema(*campaign.Rules) *schema {
	return kindSchema(tr.Name(), "A transfer order: move units between two fleets (EaW 7.0).",
		"Move units from one fleet to another in the same system, for "+orderPoints(ServiceCost)+" (EaW 7.0). A new fleet ID "+
			"forms a fleet there; moving the last unit disbands the fleet it leaves.",
		[]string{"from", "to", "units"},
		prop{"from", nameSchema("The fleet the units leave, e.g. 1st.")},
		prop{"to", nameSchema("The fleet they join, in the same system, or a new fleet ID (up to 32 letters, digits, '-' or '_').")},
		unitsField("The units to move, by class."))
}

// YAML echoes the order as players write it.
func (tr *Transfer) YAML() string {
	return fmt.Sprintf("transfer: {from: %s, to: %s, units: [%s]}", tr.From, tr.To, join(tr.Units))
}

// check checks a transfer of units between two of the player's fleets in
// one system (EaW 7.0, §8 O3), or into a new fleet formed there. Moving
// the last unit disbands the fleet (EaW 7a). The receiving fleet must keep
// to the caps of EaW 17.0 and crowding (EaW 17a, in Validate).
func (tr *Transfer) check(v *validator, o Order) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	late := v.afterBattles(tr.fleets()...)
	from, fromUnits := v.serviceFleet(or(tr.FromPos, o.Pos), "EaW 7.0", tr.From, "transfer units")
	if from == nil || v.refuseInBattle(or(tr.FromPos, o.Pos), tr.From, "transfer units") {
		return co
	}
	if tr.To == tr.From {
		v.Add(or(tr.ToPos, o.Pos), "EaW 7.0", fmt.Sprintf("from and to both name fleet %s; a transfer moves units to another fleet", tr.From),
			"name the fleet that takes the units, or a new fleet ID")
		return co
	}
	to, toUnits, notes := v.receiver(o, tr, from)
	co.Notes = append(co.Notes, notes...)
	if to == nil {
		return co
	}
	idx := v.pick(o, "EaW 7.0", tr.From, fromUnits, tr.Units, tr.UnitsPos, "transfer")
	toUnits.Join(fromUnits.Take(idx))
	v.overCap(or(tr.ToPos, o.Pos), tr.To, toUnits, "transfer fewer units, or form a new fleet with them")
	v.alone(or(tr.ToPos, o.Pos), tr.To, toUnits)
	v.alone(or(tr.FromPos, o.Pos), tr.From, fromUnits)
	co.Notes = append(co.Notes, v.emptied(o, tr.From, fromUnits, "EaW 7a")...)
	if late {
		co.Notes = append(co.Notes, fmt.Sprintf("carried out after the battles, at %s", from.at))
	}
	return co
}

// receiver returns the fleet a transfer's units join: the player's fleet in
// the same system, or a new one formed there with a valid name.
func (v *validator) receiver(o Order, tr *Transfer, from *fleetPlan) (*fleetPlan, *campaign.Fleet, []string) {
	pos := or(tr.ToPos, o.Pos)
	if to := v.fleet(tr.To); to != nil {
		if v.disbanded(tr.To) {
			return nil, nil, nil
		}
		if v.refuseTrapped(pos, tr.To, "take units") || v.refuseInBattle(pos, tr.To, "take units") {
			return nil, nil, nil
		}
		if from.known && to.known && from.at != to.at {
			v.Add(pos, "EaW 7.0", fmt.Sprintf("fleet %s %s and fleet %s %s; a transfer needs both in one system", tr.From, where(from), tr.To, where(to)),
				fmt.Sprintf("move one to the other first, or name a fleet at %s: %s", from.at, list(v.fleetsAt(from.at))))
			return nil, nil, nil
		}
		return to, v.contents(tr.To), nil
	}
	if !fleetName.MatchString(string(tr.To)) {
		v.Add(pos, "EaW 7.0", fmt.Sprintf("%q cannot name a new fleet", tr.To),
			"name it with up to 32 letters, digits, '-' or '_', e.g. to: 7th")
		return nil, nil, nil
	}
	to := &fleetPlan{at: from.at, known: from.known, createdAt: o.Pos, createdMP: 1}
	v.fleets[tr.To] = to
	v.created = append(v.created, tr.To)
	return to, v.contents(tr.To), []string{fmt.Sprintf("new fleet %s forms at %s (EaW 7.0)", tr.To, from.at)}
}

// fleets names both fleets.
func (tr *Transfer) fleets() []campaign.FleetID { return []campaign.FleetID{tr.From, tr.To} }

// timing names both fleets: a fleet service of both.
func (tr *Transfer) timing(CostedOrder) (moves, serves []campaign.FleetID) { return nil, tr.fleets() }

// track binds both fleets to a transfer after the battles.
func (tr *Transfer) track(v *validator, co CostedOrder, late bool) {
	v.bindLate(co.Order.Pos, late, tr.fleets())
}

// step is a fleet service's (serviceStep).
func (*Transfer) step(late bool) step { return serviceStep(late) }

// carryOut moves units between two of the owner's fleets in one system, or
// into a new fleet formed there (EaW 7.0); moving the last unit disbands
// the fleet (EaW 7a). All or nothing: if a unit named is no longer there,
// or the receiving fleet would pass a cap of EaW 17.0, nothing moves.
func (tr *Transfer) carryOut(t *turn, a act) {
	if !t.arrived(a, tr, tr.To) || !t.settled(a.owner, tr) {
		return
	}
	owner := a.owner
	from := t.fleetFor(owner, tr, tr.From)
	if from == nil {
		return
	}
	idx, missing := campaign.PickUnits(from, tr.Units)
	if len(missing) > 0 {
		t.failService(owner, tr, fmt.Sprintf("fleet %s holds %s", tr.From, campaign.UnitList(from.Units)))
		return
	}
	at, formed := from.At, false
	to := t.next.Fleet(owner, tr.To)
	switch {
	case to == nil:
		formed = true
	case to.At != at:
		t.failService(owner, tr, fmt.Sprintf("fleet %s is at %s and fleet %s at %s", tr.From, t.systemName(at), tr.To, t.systemName(to.At)))
		return
	}
	if why := t.joinedCap(tr.To, to, from, idx); why != "" {
		t.failRule(owner, tr, "EaW 17.0", why)
		return
	}
	moved := from.Take(idx)
	if formed {
		t.next.Fleets = append(t.next.Fleets, campaign.Fleet{Owner: owner, ID: tr.To, At: at})
		to = t.next.Fleet(owner, tr.To)
		from = t.next.Fleet(owner, tr.From)
	}
	to.Join(moved)
	text := fmt.Sprintf("Fleet %s transferred %s to fleet %s at %s (EaW 7.0).", tr.From, campaign.UnitList(moved.Units), tr.To, t.systemName(at))
	if formed {
		text += fmt.Sprintf(" Fleet %s formed there.", tr.To)
	}
	if len(from.Units) == 0 {
		text += fmt.Sprintf(" Fleet %s, left without units, is disbanded (EaW 7a).", tr.From)
	}
	t.emit(game.Event{Kind: EventTransferred, Players: []campaign.PlayerID{owner}, At: at, Rule: "EaW 7.0", Text: text})
}

// joinedCap says how fleet id (to, nil for a new fleet) would break a cap
// of EaW 17.0 once the units idx of from join it, or "".
func (t *turn) joinedCap(id campaign.FleetID, to, from *campaign.Fleet, idx []int) string {
	var joined campaign.Fleet
	if to != nil {
		joined.Join(*to)
	}
	rest := *from
	joined.Join(rest.Take(idx))
	return t.overCap(id, &joined)
}

func (tr *Transfer) doing() (campaign.FleetID, string, string) {
	return tr.From, fmt.Sprintf("transfer %s to fleet %s", campaign.UnitList(tr.Units), tr.To), "EaW 7.0"
}

// splittable picks a ship of the fleet to transfer into a new fleet
// (EaW 7.0): its last inspected ship that is not a carried base, such
// that neither fleet is left with prizes alone (EaW 25b) and the fleet
// keeps a unit. A part of a fleet keeps within the fleet limits the whole
// kept within (EaW 17.0).
func splittable(f FleetView) (campaign.ClassName, bool) {
	for i := len(f.Units) - 1; i >= 0; i-- {
		if slices.Contains(f.Captured, i) || slices.Contains(f.Carried, i) {
			continue
		}
		left, moved := take(f, f.Units[i])
		if len(left.Units) > 0 && !left.OnlyPrizes() && !moved.OnlyPrizes() {
			return f.Units[i], true
		}
	}
	return "", false
}

// offer offers a free fleet the transfer of a ship into a new fleet
// (splittable), where a new fleet leaves room (EaW 7.0, 17a).
func (*Transfer) offer(t *orderTemplate, sp spot) []suggestion {
	f := sp.fleet
	if sp.place != atFleet {
		return nil
	}
	u, ok := splittable(f)
	if !ok || t.crowded(len(fleetsAt(t.v, f.At))+1) {
		return nil
	}
	return []suggestion{{fmt.Sprintf("- transfer: {from: %s, to: NAME, units: [%s]}", yamlName(string(f.ID)), yamlName(string(u))),
		points(ServiceCost) + ": into a new fleet NAME formed here, or into a fleet of yours here (EaW 7.0)"}}
}
