package eaw

import (
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Kind is what one order says, of one of EaW's order kinds, and what EaW
// does with it at every stage from the mail to the turn. Each kind is one
// type in a file of its own (order_scrap.go for *Scrap), with its fields
// and a method for each stage, and is registered in kinds: the order kit
// knows its name, example, fields and echo (orders.Kind), and EaW the
// rest. Its other methods are unexported: only this package makes kinds.
// TestKindsWalk walks the table and fails when a kind misses a stage.
type Kind interface {
	orders.Kind
	// parse reads an order of the kind: key is its kind's key, n the
	// mapping of its fields. Every mistake goes to p; parse returns what
	// it could read.
	parse(p *parser, key, n *yaml.Node) Kind
	// schema is the JSON Schema of a list item holding an order of the
	// kind, with the costs and limits of r (Schema).
	schema(r *campaign.Rules) *schema
	// check checks and costs the order, o, from where the orders above it
	// leave the player's fleets (Validate). Every problem goes to v.
	check(v *validator, o Order) CostedOrder
	// fleets are the player's fleets the order names: none may be one an
	// order above disbanded (EaW 7a).
	fleets() []campaign.FleetID
	// timing says how the order, as checked, bears on when the fleet
	// services are carried out (Timing): moves are the fleets it sends
	// moving, or keeps at the FRD until after movement, and serves the
	// fleets of a fleet service; nil for any other order.
	timing(co CostedOrder) (moves, serves []campaign.FleetID)
	// track follows the order, once checked and charged, for the orders
	// below it (validator.track): what it does to the fleets' units and
	// movement. late is set for a fleet service carried out after the
	// battles (Timing).
	track(v *validator, co CostedOrder, late bool)
	// step is the step of the turn that carries the order out (Resolve);
	// late is set for a fleet service carried out after the battles
	// (Timing).
	step(late bool) step
	// carryOut carries the order out at its step, as intake costed it
	// (act), and tells its owner what came of it.
	carryOut(t *turn, a act)
	// offer writes the orders of the kind the order template offers at a
	// spot, each only where intake would take it at the cost it states,
	// as far as the view tells; none where the kind does not fit.
	offer(t *orderTemplate, sp spot) []suggestion
}

// kinds registers EaW's order kinds, in the order players read them: in
// hints, in the schema and in the README's table of orders. The store
// keeps their orders in orders.StoredByType, as every release has.
var kinds = orders.NewTable[Kind]("eaw", orders.StoredByType,
	&Move{},
	&Develop{},
	&Build{},
	&Resupply{},
	&Transfer{},
	&Scrap{},
	&Inspect{},
	&SelfRepair{},
	&Install{},
	&Siege{},
	&MoveFRD{},
	&BuildFRD{},
)

// templateOrder lists the kinds in the order a block of the order template
// offers them: where a fleet goes and what it develops, what mends it,
// then what it sheds; an FRD's build before its tow.
var templateOrder = []Kind{
	&Move{},
	&Develop{},
	&Resupply{},
	&SelfRepair{},
	&Inspect{},
	&Scrap{},
	&Transfer{},
	&Install{},
	&Siege{},
	&Build{},
	&MoveFRD{},
	&BuildFRD{},
}

// Order is one order of a submission.
type Order struct {
	Pos orders.Pos // the list item's position
	// Kind is what the order says: a *Move, a *Scrap, ... (kinds); nil
	// for an empty order, which Validate refuses.
	Kind Kind
}

// YAML writes the order as one line of flow-style YAML that Parse reads
// back as the same order: what confirmations echo and order templates
// offer. An empty Order is "{}".
func (o Order) YAML() string {
	if o.Kind == nil {
		return "{}"
	}
	return o.Kind.YAML()
}

// MarshalJSON writes the order as the store keeps it, and as the last
// release wrote it (orders.StoredByType): renaming a kind's type would
// lose the orders on file (TestOrdersOnFileReadBack).
func (o Order) MarshalJSON() ([]byte, error) { return kinds.MarshalOrder(o.Pos, o.Kind) }

// UnmarshalJSON reads an order as MarshalJSON writes it; with no kind
// set, the order is empty.
func (o *Order) UnmarshalJSON(data []byte) error {
	at, k, err := kinds.UnmarshalOrder(data)
	if err != nil {
		return err
	}
	*o = Order{Pos: at, Kind: k}
	return nil
}

// FleetOrder is the shape of an order that names one fleet and nothing
// else: inspect, self_repair and siege.
type FleetOrder struct {
	Fleet    campaign.FleetID
	FleetPos orders.Pos
}

// UnitsOrder is the shape of an order for some units of one fleet: scrap
// and install. Units names classes; a class named twice means two units
// of it.
type UnitsOrder struct {
	Fleet    campaign.FleetID
	Units    []campaign.ClassName
	FleetPos orders.Pos
	UnitsPos []orders.Pos
}

// fleets names the order's fleet.
func (o FleetOrder) fleets() []campaign.FleetID { return []campaign.FleetID{o.Fleet} }

// fleets names the order's fleet.
func (o UnitsOrder) fleets() []campaign.FleetID { return []campaign.FleetID{o.Fleet} }

// fleetOrder reads an order whose only field is fleet.
func (p *parser) fleetOrder(key, n *yaml.Node) FleetOrder {
	f := p.orderFields(key, n)
	var o FleetOrder
	o.Fleet, o.FleetPos = requiredName[campaign.FleetID](p, f, key, "fleet", "fleet: 1st")
	return o
}

// unitsOrder reads an order with a fleet and a list of units.
func (p *parser) unitsOrder(key, n *yaml.Node) UnitsOrder {
	f := p.orderFields(key, n)
	var o UnitsOrder
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

// join writes IDs as a flow list's items: "kessel, vega".
func join[T ~string](ids []T) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = string(id)
	}
	return strings.Join(parts, ", ")
}
