package eaw

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/orders"
)

// orderList reads the list under the orders: key. An empty value means no
// orders. A list longer than MaxOrders is refused at the key, unread.
func (p *parser) orderList(e orders.Entry) []Order {
	var out []Order
	for _, item := range p.OrderItems(e, "  - move: {fleet: 1st, path: [kessel, vega]}", "send only this turn's orders, one item per order: your order points allow only a few moves each turn (EaW 5.0)") {
		if o, ok := p.order(item); ok {
			out = append(out, o)
		}
	}
	return out
}

// order reads one list item: a mapping with exactly one order kind as its key.
func (p *parser) order(item *yaml.Node) (Order, bool) {
	if item.Kind == yaml.MappingNode && len(item.Content) == 0 {
		p.Add(orders.PosOf(item), "", "this order is empty", "give it a kind and fields, e.g. "+(&Move{}).Example())
		return Order{}, false
	}
	if item.Kind != yaml.MappingNode {
		kinds.NotAMapping(p.Collector, item, &Move{}, "")
		return Order{}, false
	}
	kind, misplaced := p.itemKeys(item)
	p.misplaced(kind, misplaced)
	if kind == nil {
		return Order{}, false
	}
	o := Order{Pos: orders.PosOf(item)}
	if kind.Value.Kind != yaml.MappingNode {
		if !orders.IsNull(kind.Value) || len(misplaced) == 0 {
			p.Add(orders.PosOf(kind.Value), "", fmt.Sprintf("%s needs its fields, not %s", kind.Key.Value, orders.Describe(kind.Value)),
				"for example "+namedKind(kind.Key).Example())
		}
		return o, false
	}
	o.Kind = namedKind(kind.Key).parse(p, kind.Key, kind.Value)
	return o, true
}

// itemKeys splits an item's keys into its order kind (the first one) and
// the keys that are no order kind. A second kind or a repeated key is a
// problem.
func (p *parser) itemKeys(item *yaml.Node) (kind *orders.Entry, misplaced []orders.Entry) {
	seen := map[string]orders.Pos{}
	for i := 0; i+1 < len(item.Content); i += 2 {
		k, v := item.Content[i], item.Content[i+1]
		key := k.Value
		if first, dup := seen[key]; dup && k.Kind == yaml.ScalarNode {
			p.Add(orders.PosOf(k), "", fmt.Sprintf("key %q is given twice; the first is at %s", key, first),
				"put each order in its own list item, starting with -")
			continue
		}
		seen[key] = orders.PosOf(k)
		_, isKind := kinds.Named(key)
		switch {
		case k.Kind == yaml.ScalarNode && isKind && kind == nil:
			kind = &orders.Entry{Key: k, Value: v}
		case k.Kind == yaml.ScalarNode && isKind:
			p.Add(orders.PosOf(k), "", fmt.Sprintf("this item has two orders, %s and %s", kind.Key.Value, key),
				"put each order in its own list item, starting with -")
		default:
			misplaced = append(misplaced, orders.Entry{Key: k, Value: v})
		}
	}
	return kind, misplaced
}

// misplaced reports the keys of an item that are not order kinds: a
// misspelt kind, or a field that sits beside its order instead of under it.
func (p *parser) misplaced(kind *orders.Entry, keys []orders.Entry) {
	names := kinds.Names()
	for _, e := range keys {
		k := e.Key
		if k.Kind != yaml.ScalarNode {
			p.Add(orders.PosOf(k), "", "an order kind must be a plain name, not "+orders.Describe(k), "the order kinds are "+strings.Join(names, ", "))
			continue
		}
		if kind != nil {
			if slices.Contains(namedKind(kind.Key).Fields(), k.Value) {
				p.Add(orders.PosOf(k), "", fmt.Sprintf("%s belongs inside %s but sits beside it", k.Value, kind.Key.Value),
					fmt.Sprintf("indent %s two spaces more than %s, or write the fields in braces: %s: {...}",
						k.Value, kind.Key.Value, kind.Key.Value))
				continue
			}
		}
		hint := "the order kinds are " + strings.Join(names, ", ") + "; start each item with its kind, e.g. " + (&Move{}).Example()
		if n, ok := p.Suggest(k.Value, names); ok {
			hint = fmt.Sprintf("did you mean %q? The order kinds are %s", n, strings.Join(names, ", "))
		}
		p.Add(orders.PosOf(k), "", fmt.Sprintf("unknown order kind %q", k.Value), hint)
	}
}

// orderFields reads the fields of an order of kind key, which must be
// among the kind's fields.
func (p *parser) orderFields(key, n *yaml.Node) orders.Fields {
	f, _ := p.Mapping(n, "a "+key.Value+" order", namedKind(key).Fields()...)
	return f
}

// required reports a field missing from an order.
func (p *parser) required(f orders.Fields, key *yaml.Node, field string) (orders.Entry, bool) {
	e, ok := f.Get(field)
	if !ok {
		p.Add(orders.PosOf(key), "", fmt.Sprintf("%s has no %s", key.Value, field), "for example "+namedKind(key).Example())
	}
	return e, ok
}

// namedKind is the kind an item's key names, which the item's reading found
// among the kinds (itemKeys).
func namedKind(key *yaml.Node) Kind {
	k, _ := kinds.Named(key.Value)
	return k
}
