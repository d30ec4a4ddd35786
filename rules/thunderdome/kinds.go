package thunderdome

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/orders"
)

// Kind is one of TD IV's order kinds (the §3.4 table of the rules digest):
// what an order of the kind says, and what TD IV does with it, from the
// mail to the turn. Each kind is one type in a file of its own
// (order_move.go for *Move), registered by one line in kinds: the order
// kit knows its name, example, fields and echo (orders.Kind), and TD IV
// the rest.
//
// An order resolves at once (UTD6.121): apply checks it against the
// working state of the turn, as the orders above it left that state, and
// if it passes, carries it out there. Check runs apply on a copy of the
// state to answer the mail; Resolve runs it again, on the same state with
// the same dice, to play the turn. So apply must read and change only the
// state it is given (ctx), take its dice from ctx.roll, and refuse with
// ctx.refuse before it changes anything: a refused order leaves the state
// as it found it.
type Kind interface {
	orders.Kind
	// parse reads an order of the kind from its fields, which hold only
	// keys among Fields(). Every mistake goes to p; parse returns what it
	// could read.
	parse(p *parser, f orders.Fields) Kind
	// schema is the JSON Schema of the mapping under the kind's key.
	schema() object
	// apply checks the order and carries it out on c's state (see Kind).
	apply(c *ctx)
	// offer adds to o the orders of the kind that fit the player's
	// situation as their turn opens, for the order template: one or two
	// a kind, each with its cost as apply would charge it. It only reads
	// o's state.
	offer(o *offerer)
}

// kinds registers TD IV's order kinds, one line each, in the order
// players read them: in hints, in the schema and in the README. The
// store keeps their orders in orders.StoredByName, as every release has.
var kinds = orders.NewTable[Kind]("thunderdome", orders.StoredByName,
	&Buy{},
	&Move{},
	&MoveCapital{},
	&Organize{},
	&Establish{},
	&RemoveFortification{},
	&RepairFleet{},
	&FreighterRepair{},
	&ReplaceFighters{},
	&TransferFighters{},
	&RefitFleet{},
	&Siege{},
	&JailBreak{},
	&DeadDrop{},
	&Tow{},
	&Scrap{},
	&ActivateShipyard{},
	&BuildShipyard{},
	&OverhaulShipyard{},
	&Explore{},
	&Disavow{},
	&ReviseDefenses{},
	&ReplaceCapital{},
	&Intend{},
)

// Order is one order of a submission.
type Order struct {
	// Pos is the list item's position in the mail it came in.
	Pos orders.Pos
	// Kind is what the order says: a *Move, a *Buy ...
	Kind Kind
}

// YAML writes the order as one line of flow-style YAML.
func (o Order) YAML() string { return o.Kind.YAML() }

// MarshalJSON writes the order as the store keeps it, with its kind's
// name (orders.StoredByName), so that it reads back as the same kind.
func (o Order) MarshalJSON() ([]byte, error) { return kinds.MarshalOrder(o.Pos, o.Kind) }

// UnmarshalJSON reads an order as MarshalJSON writes it.
func (o *Order) UnmarshalJSON(data []byte) error {
	at, k, err := kinds.UnmarshalOrder(data)
	if err != nil {
		return err
	}
	*o = Order{Pos: at, Kind: k}
	return nil
}

// parser reads TD IV's orders from a checked YAML node tree and collects
// problems.
type parser struct {
	*orders.Collector
}

// orderList reads the list under orders:.
func (p *parser) orderList(e orders.Entry) []Order {
	var out []Order
	for _, item := range p.OrderItems(e, (&Move{}).Example(), "send only this turn's orders, one item per order") {
		if o, ok := p.order(item); ok {
			out = append(out, o)
		}
	}
	return out
}

// order reads one list item: a mapping with one order kind as its only
// key, and the order's fields under it.
func (p *parser) order(item *yaml.Node) (Order, bool) {
	if item.Kind != yaml.MappingNode || len(item.Content) == 0 {
		kinds.NotAMapping(p.Collector, item, &Move{}, "; the kinds are "+strings.Join(kinds.Names(), ", "))
		return Order{}, false
	}
	if len(item.Content) > 2 {
		p.Add(orders.PosOf(item.Content[2]), "", "an order has one kind as its key, and this one has more keys",
			"put the fields inside the kind's braces, e.g. "+(&Move{}).Example())
		return Order{}, false
	}
	key, val := item.Content[0], item.Content[1]
	k, ok := kinds.Named(key.Value)
	if !ok {
		p.Add(orders.PosOf(key), "", fmt.Sprintf("unknown order %s", orders.Quote(key.Value)),
			p.NearestHint(key.Value, kinds.Names(), "orders"))
		return Order{}, false
	}
	what := "a " + k.Name() + " order"
	if strings.ContainsRune("aeiou", rune(k.Name()[0])) {
		what = "an " + k.Name() + " order"
	}
	f, ok := p.Mapping(val, what, k.Fields()...)
	if !ok {
		if val.Kind != yaml.MappingNode && orders.IsNull(val) {
			p.Add(orders.PosOf(val), "", k.Name()+" needs its fields", "for example "+k.Example())
		}
		return Order{}, false
	}
	return Order{Pos: orders.PosOf(item), Kind: k.parse(p, f)}, true
}

// name reads a required field holding one name, such as a fleet or a
// sector.
func (p *parser) name(f orders.Fields, field, example string) (string, orders.Pos) {
	n := p.Need(f, field, strings.TrimPrefix(example, field+": "))
	if n == nil {
		return "", orders.Pos{}
	}
	s, _ := p.Name(n, field, example)
	return s, orders.PosOf(n)
}

// count reads an optional whole number from lo to hi; def when absent.
func (p *parser) count(f orders.Fields, field string, lo, hi, def int) (int, orders.Pos) {
	n := f.Value(field)
	if n == nil {
		return def, orders.Pos{}
	}
	v, ok := p.Int(n, field, fmt.Sprintf("%s: %d", field, lo))
	if ok && (v < lo || v > hi) {
		p.Add(orders.PosOf(n), "", fmt.Sprintf("%s must be from %d to %d, not %d", field, lo, hi, v), fmt.Sprintf("for example %s: %d", field, lo))
		return def, orders.PosOf(n)
	}
	return v, orders.PosOf(n)
}

// names reads a required list of names.
func (p *parser) names(f orders.Fields, field, example string) ([]string, []orders.Pos) {
	n := p.Need(f, field, strings.TrimPrefix(example, field+": "))
	if n == nil {
		return nil, nil
	}
	out, at, _ := p.Names(n, field, example)
	return out, at
}

// or returns a when it is known, else b: a field's position, else its
// order's.
func or(a, b orders.Pos) orders.Pos {
	if a.IsZero() {
		return b
	}
	return a
}

// ids converts names to IDs of type T.
func ids[T ~string](names []string) []T {
	out := make([]T, len(names))
	for i, s := range names {
		out[i] = T(s)
	}
	return out
}

// object is a JSON Schema object, as schema.go writes it.
type object = map[string]any

// fleetRef is the schema of a field naming one of the player's fleets.
var fleetRef = object{"type": "string", "description": "One of your fleets, by the ID the report gives it, e.g. f1."}

// sectorRef is the schema of a field naming a sector.
var sectorRef = object{"type": "string", "description": "A sector, by the ID the report gives it, e.g. kessel."}

// kindSchema is the schema of an order's mapping: its description, its
// required fields and its properties.
func kindSchema(desc string, required []string, props object) object {
	return object{"type": "object", "description": desc, "additionalProperties": false, "required": required, "properties": props}
}

// Kinds are TD IV's order kinds, with which the order kit reads a mail's
// orders: and prefs:.
func (Ruleset) Kinds() orders.Kinds { return orderKinds{} }

// orderKinds reads TD IV's orders and standing preferences (orders.Kinds,
// prefs.go).
type orderKinds struct{}

// Orders reads the order list.
func (orderKinds) Orders(c *orders.Collector, e orders.Entry) orders.Part {
	return orders.NewPart((&parser{c}).orderList(e))
}

// content reads back the orders of a submission.
func content(sub *orders.Submission) ([]Order, error) {
	return orders.PartOf[[]Order](sub.Orders)
}
