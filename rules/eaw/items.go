package eaw

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// orderKinds lists the order kinds with their fields and an example.
var orderKinds = []struct {
	kind, example string
	fields        []string
}{
	{kindMove, "- move: {fleet: 1st, path: [kessel, vega]}", []string{"fleet", "path"}},
	{kindDevelop, "- develop: {fleet: 2nd, what: mine}", []string{"fleet", "what"}},
	{kindBuild, "- build: {units: [cruiser, frigate], fleet: 3rd, mp: 1}", []string{"units", "fleet", "mp", "at"}},
	{kindResupply, "- resupply: {fleet: 1st, refit: {cruiser: heavy-cruiser}}", []string{"fleet", "refit"}},
	{kindTransfer, "- transfer: {from: 1st, to: 2nd, units: [frigate]}", []string{"from", "to", "units"}},
	{kindScrap, "- scrap: {fleet: 1st, units: [frigate]}", []string{"fleet", "units"}},
	{kindInspect, "- inspect: {fleet: 1st}", []string{"fleet"}},
	{kindSelfRepair, "- self_repair: {fleet: 1st}", []string{"fleet"}},
	{kindInstall, "- install: {fleet: 1st, units: [cpl, gsa]}", []string{"fleet", "units"}},
	{kindSiege, "- siege: {fleet: 1st}", []string{"fleet"}},
	{kindMoveFRD, "- move_frd: {at: drakkar, path: [ferrum], tug: 4th}", []string{"at", "path", "tug"}},
	{kindBuildFRD, "- build_frd: {at: ferrum}", []string{"at"}},
}

// kindNames lists the order kinds in the order of orderKinds.
var kindNames = func() []string {
	out := make([]string, len(orderKinds))
	for i, k := range orderKinds {
		out[i] = k.kind
	}
	return out
}()

// kindInfo returns the entry of orderKinds for kind.
func kindInfo(kind string) (example string, fields []string) {
	for _, k := range orderKinds {
		if k.kind == kind {
			return k.example, k.fields
		}
	}
	panic(fmt.Sprintf("eaw: unknown order kind %q", kind))
}

// orderList reads the list under the orders: key. An empty value means no
// orders. A list longer than MaxOrders is refused at the key, unread.
func (p *parser) orderList(e orders.Entry) []Order {
	n := e.Value
	if orders.IsNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		p.Add(orders.PosOf(n), "", "orders must be a list with one order per item, not "+orders.Describe(n),
			"write orders: and then one line per order such as \"  - move: {fleet: 1st, path: [kessel, vega]}\"")
		return nil
	}
	if len(n.Content) > orders.MaxOrders {
		p.Add(orders.PosOf(e.Key), "", fmt.Sprintf("the mail holds %d orders; the limit is %d per mail", len(n.Content), orders.MaxOrders),
			"send only this turn's orders, one item per order: your order points allow only a few moves each turn (EaW 5.0)")
		return nil
	}
	var out []Order
	for _, item := range n.Content {
		if o, ok := p.order(item); ok {
			out = append(out, o)
		}
	}
	return out
}

// order reads one list item: a mapping with exactly one order kind as its key.
func (p *parser) order(item *yaml.Node) (Order, bool) {
	if item.Kind == yaml.MappingNode && len(item.Content) == 0 {
		p.Add(orders.PosOf(item), "", "this order is empty", "give it a kind and fields, e.g. "+orderKinds[0].example)
		return Order{}, false
	}
	if item.Kind != yaml.MappingNode {
		hint := "each order is a mapping with its kind as the key, e.g. " + orderKinds[0].example
		if item.Kind == yaml.ScalarNode && slices.Contains(kindNames, item.Value) {
			ex, _ := kindInfo(item.Value)
			hint = "give the order its fields, e.g. " + ex
		}
		p.Add(orders.PosOf(item), "", "an order must be a mapping such as move: {...}, not "+orders.Describe(item), hint)
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
			ex, _ := kindInfo(kind.Key.Value)
			p.Add(orders.PosOf(kind.Value), "", fmt.Sprintf("%s needs its fields, not %s", kind.Key.Value, orders.Describe(kind.Value)),
				"for example "+ex)
		}
		return o, false
	}
	switch kind.Key.Value {
	case kindMove:
		o.Move = p.move(kind.Key, kind.Value)
	case kindDevelop:
		o.Develop = p.develop(kind.Key, kind.Value)
	case kindBuild:
		o.Build = p.build(kind.Key, kind.Value)
	case kindResupply:
		o.Resupply = p.resupply(kind.Key, kind.Value)
	case kindTransfer:
		o.Transfer = p.transfer(kind.Key, kind.Value)
	case kindScrap:
		o.Scrap = p.unitsOrder(kind.Key, kind.Value)
	case kindInspect:
		o.Inspect = p.fleetOrder(kind.Key, kind.Value)
	case kindSelfRepair:
		o.SelfRepair = p.fleetOrder(kind.Key, kind.Value)
	case kindInstall:
		o.Install = p.unitsOrder(kind.Key, kind.Value)
	case kindSiege:
		o.Siege = p.fleetOrder(kind.Key, kind.Value)
	case kindMoveFRD:
		o.MoveFRD = p.moveFRD(kind.Key, kind.Value)
	case kindBuildFRD:
		o.BuildFRD = p.buildFRD(kind.Key, kind.Value)
	}
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
		switch {
		case k.Kind == yaml.ScalarNode && slices.Contains(kindNames, key) && kind == nil:
			kind = &orders.Entry{Key: k, Value: v}
		case k.Kind == yaml.ScalarNode && slices.Contains(kindNames, key):
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
	for _, e := range keys {
		k := e.Key
		if k.Kind != yaml.ScalarNode {
			p.Add(orders.PosOf(k), "", "an order kind must be a plain name, not "+orders.Describe(k), "the order kinds are "+strings.Join(kindNames, ", "))
			continue
		}
		if kind != nil {
			if _, fields := kindInfo(kind.Key.Value); slices.Contains(fields, k.Value) {
				p.Add(orders.PosOf(k), "", fmt.Sprintf("%s belongs inside %s but sits beside it", k.Value, kind.Key.Value),
					fmt.Sprintf("indent %s two spaces more than %s, or write the fields in braces: %s: {...}",
						k.Value, kind.Key.Value, kind.Key.Value))
				continue
			}
		}
		hint := "the order kinds are " + strings.Join(kindNames, ", ") + "; start each item with its kind, e.g. " + orderKinds[0].example
		if n, ok := p.Suggest(k.Value, kindNames); ok {
			hint = fmt.Sprintf("did you mean %q? The order kinds are %s", n, strings.Join(kindNames, ", "))
		}
		p.Add(orders.PosOf(k), "", fmt.Sprintf("unknown order kind %q", k.Value), hint)
	}
}

// orderFields reads the fields of an order of kind key, which must be
// among the kind's fields.
func (p *parser) orderFields(key, n *yaml.Node) orders.Fields {
	_, allowed := kindInfo(key.Value)
	f, _ := p.Mapping(n, "a "+key.Value+" order", allowed...)
	return f
}

// required reports a field missing from an order.
func (p *parser) required(f orders.Fields, key *yaml.Node, field string) (orders.Entry, bool) {
	e, ok := f.Get(field)
	if !ok {
		ex, _ := kindInfo(key.Value)
		p.Add(orders.PosOf(key), "", fmt.Sprintf("%s has no %s", key.Value, field), "for example "+ex)
	}
	return e, ok
}

// move reads the fields of a move order.
func (p *parser) move(key, n *yaml.Node) *Move {
	f := p.orderFields(key, n)
	m := &Move{}
	m.Fleet, m.FleetPos = requiredName[campaign.FleetID](p, f, key, "fleet", "fleet: 1st")
	if e, ok := p.required(f, key, "path"); ok {
		m.Path, m.PathPos = p.systems(e.Value, "path")
	}
	return m
}

// develop reads the fields of a develop order.
func (p *parser) develop(key, n *yaml.Node) *Develop {
	f := p.orderFields(key, n)
	d := &Develop{}
	d.Fleet, d.FleetPos = requiredName[campaign.FleetID](p, f, key, "fleet", "fleet: 2nd")
	if e, ok := p.required(f, key, "what"); ok {
		d.WhatPos = orders.PosOf(e.Value)
		if s, ok := p.Name(e.Value, "what", "what: mine"); ok {
			kinds := []string{string(campaign.Mine), string(campaign.Colony), string(campaign.Fortification)}
			switch w := strings.ToLower(s); w {
			case string(campaign.Mine), string(campaign.Colony), string(campaign.Fortification):
				d.What = campaign.DevelopmentKind(w)
			default:
				hint := "what: mine (at a mineral planet, EaW 12.0), what: colony (at a life planet, EaW 13.0) or what: fortification (at any planet, EaW 11.0)"
				if n, ok := p.Suggest(s, kinds); ok {
					hint = fmt.Sprintf("did you mean %q? ", n) + hint
				}
				p.Add(orders.PosOf(e.Value), "", fmt.Sprintf("what must be mine, colony or fortification, not %q", s), hint)
			}
		}
	}
	return d
}

// build reads the fields of a build order; mp defaults to 1.
func (p *parser) build(key, n *yaml.Node) *Build {
	f := p.orderFields(key, n)
	b := &Build{MP: 1}
	if e, ok := p.required(f, key, "units"); ok {
		b.Units, b.UnitsPos = p.classes(e.Value, "units")
	}
	b.Fleet, b.FleetPos = requiredName[campaign.FleetID](p, f, key, "fleet", "fleet: 3rd")
	if e, ok := f.Get("at"); ok {
		s, _ := p.Name(e.Value, "at", "at: drakkar")
		b.At, b.AtPos = campaign.SystemID(s), orders.PosOf(e.Value)
	}
	if e, ok := f.Get("mp"); ok {
		b.MPPos = orders.PosOf(e.Value)
		if v, ok := p.Int(e.Value, "mp", "mp: 1"); ok {
			if v != 0 && v != 1 {
				p.Add(orders.PosOf(e.Value), "EaW 6.0", fmt.Sprintf("mp must be 0 or 1, not %d", v),
					"write mp: 1 (the units may move this turn, for a build's order points) or mp: 0 (free; they move next turn)")
			} else {
				b.MP = v
			}
		}
	}
	return b
}
