package eaw

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// FleetOrder is an order that names one fleet and nothing else: inspect
// (EaW 9b), self_repair (EaW 24.0) and siege (EaW 10c).
type FleetOrder struct {
	Fleet    campaign.FleetID
	FleetPos orders.Pos
}

// UnitsOrder is an order for some units of one fleet: scrap (EaW 9.0) and
// install (EaW 14.0). Units names classes; a class named twice means two
// units of it.
type UnitsOrder struct {
	Fleet    campaign.FleetID
	Units    []campaign.ClassName
	FleetPos orders.Pos
	UnitsPos []orders.Pos
}

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

// Transfer moves units from one fleet to another fleet in the same system,
// or to a new fleet it forms there (EaW 7.0).
type Transfer struct {
	From, To campaign.FleetID
	Units    []campaign.ClassName
	FromPos  orders.Pos
	ToPos    orders.Pos
	UnitsPos []orders.Pos
}

// MoveFRD tows one of the player's FRDs along warp lanes (EaW 15e, 15f,
// 15g). At is the system the FRD stands in; Tug, if set, is a fleet there
// with a tug, which goes along and lowers the cost per lane.
type MoveFRD struct {
	At      campaign.SystemID
	Path    []campaign.SystemID
	Tug     campaign.FleetID
	AtPos   orders.Pos
	PathPos []orders.Pos
	TugPos  orders.Pos
}

// BuildFRD builds a new FRD at a system where the player has a developed
// mine or colony (EaW 15a).
type BuildFRD struct {
	At    campaign.SystemID
	AtPos orders.Pos
}

// The order kinds beyond move, develop and build, as players write them.
const (
	kindResupply   = "resupply"
	kindTransfer   = "transfer"
	kindScrap      = "scrap"
	kindInspect    = "inspect"
	kindSelfRepair = "self_repair"
	kindInstall    = "install"
	kindSiege      = "siege"
	kindMoveFRD    = "move_frd"
	kindBuildFRD   = "build_frd"
)

// fleetOrder reads an order whose only field is fleet.
func (p *parser) fleetOrder(key, n *yaml.Node) *FleetOrder {
	_, allowed := kindInfo(key.Value)
	f, _ := p.Mapping(n, "a "+key.Value+" order", allowed...)
	o := &FleetOrder{}
	o.Fleet, o.FleetPos = requiredName[campaign.FleetID](p, f, key, "fleet", "fleet: 1st")
	return o
}

// unitsOrder reads an order with a fleet and a list of units.
func (p *parser) unitsOrder(key, n *yaml.Node) *UnitsOrder {
	_, allowed := kindInfo(key.Value)
	f, _ := p.Mapping(n, "a "+key.Value+" order", allowed...)
	o := &UnitsOrder{}
	o.Fleet, o.FleetPos = requiredName[campaign.FleetID](p, f, key, "fleet", "fleet: 1st")
	if e, ok := p.required(f, key, "units"); ok {
		o.Units, o.UnitsPos = p.classes(e.Value, "units")
	}
	return o
}

// requiredName reads a required field holding one name, such as a fleet
// or a system, with its position; a missing or unusable one is a problem.
func requiredName[T ~string](p *parser, f orders.Fields, key *yaml.Node, field, example string) (T, orders.Pos) {
	e, ok := p.required(f, key, field)
	if !ok {
		return "", orders.Pos{}
	}
	s, _ := p.Name(e.Value, field, example)
	return T(s), orders.PosOf(e.Value)
}

// classes reads a list of unit classes.
func (p *parser) classes(n *yaml.Node, field string) ([]campaign.ClassName, []orders.Pos) {
	names, at, _ := p.Names(n, field, field+": [cruiser, frigate]")
	return convert[campaign.ClassName](names), at
}

// systems reads a list of system IDs.
func (p *parser) systems(n *yaml.Node, field string) ([]campaign.SystemID, []orders.Pos) {
	names, at, _ := p.Names(n, field, field+": [kessel, vega]")
	return convert[campaign.SystemID](names), at
}

// convert turns names into IDs of type T; no names is nil.
func convert[T ~string](names []string) []T {
	var out []T
	for _, s := range names {
		out = append(out, T(s))
	}
	return out
}

// resupply reads a resupply order; refit is a mapping from class to class.
func (p *parser) resupply(key, n *yaml.Node) *Resupply {
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

// transfer reads a transfer order.
func (p *parser) transfer(key, n *yaml.Node) *Transfer {
	f := p.orderFields(key, n)
	t := &Transfer{}
	t.From, t.FromPos = requiredName[campaign.FleetID](p, f, key, "from", "from: 1st")
	t.To, t.ToPos = requiredName[campaign.FleetID](p, f, key, "to", "to: 2nd")
	if e, ok := p.required(f, key, "units"); ok {
		t.Units, t.UnitsPos = p.classes(e.Value, "units")
	}
	return t
}

// moveFRD reads a move_frd order.
func (p *parser) moveFRD(key, n *yaml.Node) *MoveFRD {
	f := p.orderFields(key, n)
	m := &MoveFRD{}
	m.At, m.AtPos = requiredName[campaign.SystemID](p, f, key, "at", "at: drakkar")
	if e, ok := p.required(f, key, "path"); ok {
		m.Path, m.PathPos = p.systems(e.Value, "path")
	}
	if e, ok := f.Get("tug"); ok {
		s, _ := p.Name(e.Value, "tug", "tug: 4th")
		m.Tug, m.TugPos = campaign.FleetID(s), orders.PosOf(e.Value)
	}
	return m
}

// buildFRD reads a build_frd order.
func (p *parser) buildFRD(key, n *yaml.Node) *BuildFRD {
	f := p.orderFields(key, n)
	b := &BuildFRD{}
	b.At, b.AtPos = requiredName[campaign.SystemID](p, f, key, "at", "at: ferrum")
	return b
}
