package eaw

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Resupply resupplies, repairs and refits one fleet at the player's
// developed colony or FRD (EaW 6d, 6e, 6f, 8.0).
type Resupply struct {
	Fleet campaign.FleetID
	// Refit lists the refits: every unit of class From in the fleet becomes
	// class To (EaW 6f).
	Refit    []Refit
	FleetPos orders.Pos
}

// Refit is one refit of a Resupply order.
type Refit struct {
	From, To campaign.ClassName
	Pos      orders.Pos
}

// Name returns "resupply".
func (*Resupply) Name() string { return "resupply" }

// Example is a resupply order as players write it, for hints.
func (*Resupply) Example() string { return "- resupply: {fleet: 1st, refit: {cruiser: heavy-cruiser}}" }

// Fields are the keys a resupply order may hold.
func (*Resupply) Fields() []string { return []string{"fleet", "refit"} }

// parse reads a resupply order; refit is a mapping from class to class.
func (*Resupply) parse(p *parser, key, n *yaml.Node) Kind {
	f := p.orderFields(key, n)
	r := &Resupply{}
	r.Fleet, r.FleetPos = requiredName[campaign.FleetID](p, f, key, "fleet", "fleet: 1st")
	e, ok := f.Get("refit")
	if !ok || orders.IsNull(e.Value) {
		return r
	}
	if e.Value.Kind != yaml.MappingNode {
		p.Add(orders.PosOf(e.Value), "EaW 6f", "refit must be a mapping from a class in the fleet to the class it becomes, not "+orders.Describe(e.Value),
			"for example refit: {cruiser: heavy-cruiser}")
		return r
	}
	seen := map[string]orders.Pos{}
	for i := 0; i+1 < len(e.Value.Content); i += 2 {
		k, v := e.Value.Content[i], e.Value.Content[i+1]
		from, ok1 := p.Name(k, "a refit's class", "refit: {cruiser: heavy-cruiser}")
		to, ok2 := p.Name(v, "the class "+from+" is refitted to", "refit: {cruiser: heavy-cruiser}")
		if !ok1 || !ok2 {
			continue
		}
		if first, dup := seen[from]; dup {
			p.Add(orders.PosOf(k), "EaW 6f", fmt.Sprintf("class %q is refitted twice; the first is at %s", from, first), "keep one of them")
			continue
		}
		seen[from] = orders.PosOf(k)
		r.Refit = append(r.Refit, Refit{From: campaign.ClassName(from), To: campaign.ClassName(to), Pos: orders.PosOf(k)})
	}
	return r
}

func (r *Resupply) schema(*campaign.Rules) *schema {
	return kindSchema(r.Name(), "A resupply order: resupply, repair and refit a fleet (EaW 6d, 8.0).",
		"Resupply, repair and refit a fleet at your developed colony or FRD, for "+orderPoints(ServiceCost)+" (EaW 6d): every "+
			"unit is repaired (EaW 6e) and its self-repair capacity restored (EaW 22b). Refits cost the EBPV "+
			"difference, paid from your treasury (EaW 6f).",
		[]string{"fleet"}, fleetField,
		prop{"refit", &schema{Type: []string{"object", "null"},
			Description: "Refits: each key is a class in the fleet, its value the class every unit of it becomes, as " +
				"the catalogue allows (EaW 6f), e.g. {cruiser: heavy-cruiser}."}})
}

// YAML echoes the order as players write it.
func (r *Resupply) YAML() string {
	refit := ""
	if len(r.Refit) > 0 {
		parts := make([]string, len(r.Refit))
		for i, rf := range r.Refit {
			parts[i] = fmt.Sprintf("%s: %s", rf.From, rf.To)
		}
		refit = ", refit: {" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprintf("resupply: {fleet: %s%s}", r.Fleet, refit)
}

// check checks a resupply (EaW 6d): at the player's FRD or developed
// colony, not disrupted (EaW 10i), or with the player's repair freighter
// in the system, which does not refit. Refits (EaW 6f) turn every
// inspected unit of a class into a class its Refits lists, for the EBPV
// difference, never refunded (§8 O16).
func (r *Resupply) check(v *validator, o Order) CostedOrder {
	co := CostedOrder{Order: o, Points: ServiceCost}
	late := v.afterBattles(r.fleets()...)
	f, fl := v.serviceFleet(or(r.FleetPos, o.Pos), "EaW 6d", r.Fleet, "resupply")
	if f == nil {
		return co
	}
	v.once(o, r.Name(), r.Fleet, "EaW 6d", "drop one of the two orders")
	if !f.known {
		return co
	}
	sp := v.servicesAt(f.at, late)
	freighterOnly := false
	switch {
	case sp.frd || sp.colony && !sp.disrupted:
	case sp.large || sp.small:
		freighterOnly = true
		co.Notes = append(co.Notes, fmt.Sprintf("your repair freighter at %s resupplies and repairs fleet %s (EaW 6d)", f.at, r.Fleet))
	case sp.colony:
		v.Add(o.Pos, "EaW 10i", fmt.Sprintf("your colony at %s is disrupted by enemy fleets trapped there and resupplies nobody", f.at),
			"resupply at your FRD or another developed colony")
		return co
	default:
		v.Add(o.Pos, "EaW 6d", fmt.Sprintf("fleet %s %s, where you have no FRD, developed colony or repair freighter", r.Fleet, where(f)),
			v.serviceSites()+"; a repair freighter in the fleet's system also resupplies it")
		return co
	}
	if len(r.Refit) > 0 && freighterOnly {
		v.Add(or(r.Refit[0].Pos, o.Pos), "EaW 6d", "a repair freighter resupplies and repairs but does not refit",
			"refit at your FRD or developed colony")
	} else {
		co.BPV, co.Notes = v.refits(o, r, fl, co.Notes)
	}
	if len(fl.Captured) > 0 {
		co.Notes = append(co.Notes, fmt.Sprintf("fleet %s's captured %s not resupplied until inspected (EaW 25b)", r.Fleet, capturedList(fl)))
	}
	fl.Resupply(true)
	return co
}

// refits checks and applies a resupply's refits (EaW 6f) to the fleet's
// units and pays for them; it returns their cost and the notes.
func (v *validator) refits(o Order, r *Resupply, fl *campaign.Fleet, notes []string) (int, []string) {
	bpv := 0
	for _, rf := range r.Refit {
		pos := or(rf.Pos, o.Pos)
		from, to := v.st.Catalogue.Class(rf.From), v.st.Catalogue.Class(rf.To)
		if from == nil || to == nil {
			u := rf.From
			if from != nil {
				u = rf.To
			}
			v.Add(pos, "EaW 6f", fmt.Sprintf("there is no unit class %q in the catalogue", u), v.NearestHint(string(u), v.classNames(), "the classes"))
			continue
		}
		if !slices.Contains(from.Refits, rf.To) {
			hint := fmt.Sprintf("the catalogue offers no refit for a %s", rf.From)
			if len(from.Refits) > 0 {
				hint = fmt.Sprintf("a %s may be refitted to: %s", rf.From, list(from.Refits))
			}
			v.Add(pos, "EaW 6f", fmt.Sprintf("a %s cannot be refitted to %s", rf.From, rf.To), hint)
			continue
		}
		var units []int
		for i, u := range fl.Units {
			if u == rf.From && !fl.IsCaptured(i) {
				units = append(units, i)
			}
		}
		if len(units) == 0 {
			v.Add(pos, "EaW 6f", fmt.Sprintf("fleet %s has no %s to refit", r.Fleet, rf.From),
				fmt.Sprintf("fleet %s holds: %s; captured units are refitted only once inspected", r.Fleet, campaign.UnitList(fl.Units)))
			continue
		}
		each := max(0, to.EBPV-from.EBPV)
		bpv += each * len(units)
		note := fmt.Sprintf("refit of %d %s to %s: %d BPV each (EaW 6f)", len(units), rf.From, rf.To, each)
		if to.EBPV < from.EBPV {
			note = fmt.Sprintf("refit of %d %s to %s: free, and the cheaper class refunds nothing (EaW 6f)", len(units), rf.From, rf.To)
		}
		notes = append(notes, note)
		for _, i := range units {
			fl.Units[i] = rf.To
		}
	}
	if len(r.Refit) > 0 {
		v.overCap(o.Pos, r.Fleet, fl, "refit fewer units, or transfer some out of the fleet in an order above")
	}
	if bpv > 0 {
		v.pay(o, bpv, "EaW 6f", fmt.Sprintf("these refits cost %d BPV", bpv))
	}
	return bpv, notes
}

// classNames lists the catalogue's classes, for hints.
func (v *validator) classNames() []string {
	names := make([]string, len(v.st.Catalogue))
	for i, c := range v.st.Catalogue {
		names[i] = string(c.Class)
	}
	return names
}

// fleets names the order's fleet.
func (r *Resupply) fleets() []campaign.FleetID { return []campaign.FleetID{r.Fleet} }

// timing names the fleet it serves: a fleet service.
func (r *Resupply) timing(CostedOrder) (moves, serves []campaign.FleetID) { return nil, r.fleets() }

// track binds the fleet to a resupply after the battles.
func (r *Resupply) track(v *validator, co CostedOrder, late bool) {
	v.bindLate(co.Order.Pos, late, r.fleets())
}

// step is a fleet service's (serviceStep).
func (*Resupply) step(late bool) step { return serviceStep(late) }

// carryOut resupplies and repairs a fleet at the owner's FRD or developed
// colony, not disrupted (EaW 6d, 6e, 10i), or with the owner's repair
// freighter in the system, which does not refit; refits are paid as they
// are made (EaW 6f, §8 O16).
func (r *Resupply) carryOut(t *turn, a act) {
	if !t.arrived(a, r, "") {
		return
	}
	owner := a.owner
	f := t.fleetFor(owner, r, r.Fleet)
	if f == nil {
		return
	}
	s := t.siteAt(owner, f.At)
	by := "your FRD"
	switch {
	case s.frd:
	case s.colony && !s.disrupted:
		by = "your developed colony"
	case s.large || s.small:
		by = "your repair freighter"
	case s.colony:
		t.failService(owner, r, fmt.Sprintf("enemy fleets trapped at %s disrupt your colony there (EaW 10i)", t.systemName(f.At)))
		return
	default:
		t.failService(owner, r, fmt.Sprintf("you have no FRD, developed colony or repair freighter at %s", t.systemName(f.At)))
		return
	}
	var refits []string
	if len(r.Refit) > 0 && by == "your repair freighter" {
		refits = append(refits, "a repair freighter does not refit, so nothing was refitted (EaW 6d)")
	} else {
		refits = t.refit(owner, f, r.Refit)
	}
	mended := f.Resupply(true)
	text := fmt.Sprintf("Fleet %s resupplied at %s from %s: %s repaired, self-repair capacity restored (EaW 6e, 22b).",
		r.Fleet, t.systemName(f.At), by, unitCount(len(mended)))
	if len(refits) > 0 {
		text += " " + strings.Join(refits, " ")
	}
	if n := len(f.Captured); n > 0 {
		text += fmt.Sprintf(" Its %s captured and not yet inspected, so not resupplied (EaW 25b).", unitCount(n))
	}
	t.emit(game.Event{Kind: EventResupplied, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 6d", Text: text})
}

// refit refits the fleet's inspected units (EaW 6f), each refit paid from
// the treasury as it is made, never refunded (§8 O16); one the treasury
// cannot pay is not made, nor one that would take the fleet over a cap of
// EaW 17.0 (its owner gets an order-failed event). It returns what
// happened, for the event.
func (t *turn) refit(owner campaign.PlayerID, f *campaign.Fleet, refits []Refit) []string {
	var out []string
	pl := t.next.Player(owner)
	for _, rf := range refits {
		from, to := t.next.Catalogue.Class(rf.From), t.next.Catalogue.Class(rf.To)
		var units []int
		for i, u := range f.Units {
			if u == rf.From && !f.IsCaptured(i) {
				units = append(units, i)
			}
		}
		switch {
		case from == nil || to == nil || !slices.Contains(from.Refits, rf.To):
			out = append(out, fmt.Sprintf("No %s was refitted to %s: the catalogue allows no such refit.", rf.From, rf.To))
			continue
		case len(units) == 0:
			out = append(out, fmt.Sprintf("No %s was refitted to %s: the fleet has none.", rf.From, rf.To))
			continue
		}
		cost := max(0, to.EBPV-from.EBPV) * len(units)
		if pl.Treasury < cost {
			out = append(out, fmt.Sprintf("No %s was refitted to %s: the refit costs %d BPV and the treasury holds %d.", rf.From, rf.To, cost, pl.Treasury))
			continue
		}
		for _, i := range units {
			f.Units[i] = rf.To
		}
		if why := t.overCap(f.ID, f); why != "" {
			for _, i := range units {
				f.Units[i] = rf.From
			}
			t.emit(game.Event{Kind: EventOrderFailed, Players: []campaign.PlayerID{owner}, At: f.At, Rule: "EaW 17.0",
				Text: fmt.Sprintf("Fleet %s did not refit its %s to %s: %s.", f.ID, rf.From, rf.To, why)})
			continue
		}
		pl.Treasury -= cost
		out = append(out, fmt.Sprintf("Refitted %d %s to %s for %d BPV (EaW 6f).", len(units), rf.From, rf.To, cost))
	}
	return out
}

func (r *Resupply) doing() (campaign.FleetID, string, string) { return r.Fleet, "resupply", "EaW 6d" }

// offer offers a free fleet a resupply where something serves it
// (servicesAt), when it has damage to mend or self-repair capacity used.
func (*Resupply) offer(t *orderTemplate, sp spot) []suggestion {
	f := sp.fleet
	if sp.place != atFleet {
		return nil
	}
	at := t.servicesAt(f.At)
	used := slices.ContainsFunc(f.Crews, func(c campaign.UnitCrew) bool { return c.Repaired > 0 })
	if !(at.frd || at.colony || at.large || at.small) || !(needsRepair(f) || used) {
		return nil
	}
	return []suggestion{{fmt.Sprintf("- resupply: {fleet: %s}", yamlName(string(f.ID))),
		points(ServiceCost) + ": repairs every inspected unit and restores its self-repair (EaW 6d, 22b)"}}
}
