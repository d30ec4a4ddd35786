package orders

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"maps"
	"reflect"
	"slices"

	"go.yaml.in/yaml/v3"
)

// Kind is what the kit knows of one kind of order, whatever the ruleset:
// its name, its example, its fields and its echo. A ruleset's own kind
// interface embeds it, adding the stages only the ruleset knows (parse,
// schema, check, apply, offer), and registers its kinds in a Table. A kind
// is a pointer to a struct: the table makes a fresh one of the same type
// to read an order back from JSON.
type Kind interface {
	// Name is the kind as players write it, the key of its list item:
	// "move", "self_repair".
	Name() string
	// Example is an order of the kind as players write it, a list item,
	// for hints: "- scrap: {fleet: 1st, units: [frigate]}".
	Example() string
	// Fields are the keys an order of the kind may hold.
	Fields() []string
	// YAML writes the order as one line of flow-style YAML, without the
	// leading "- ", that the ruleset reads back as the same order: what
	// confirmations echo and order templates offer.
	YAML() string
}

// Stored is the JSON form in which a table's orders are kept: in the
// store, and in submissions on file. Each is the form a ruleset has
// written since its first release, and reads back byte for byte.
type Stored int

const (
	// StoredByType keeps an order as its position, then one key per kind
	// in the table's order, named as the kind's Go type, null but for the
	// order's own: {"Pos":{...},"Move":{...},"SelfRepair":null}. An order
	// without a kind has every kind null and reads back empty; of several
	// kinds set, the first in the table's order counts. Renaming a kind's
	// type loses the orders of that kind on file. Empires at War's form.
	StoredByType Stored = iota + 1
	// StoredByName keeps an order as its position, its kind's name and
	// its fields: {"pos":{...},"kind":"move","order":{...}}. A kind's name
	// on file that the table lacks is an error. Thunderdome IV's form.
	StoredByName
)

// Table registers a ruleset's order kinds, in the order players read
// them (in hints, in the schema and in the README), and does for them
// what is the same in every ruleset: it finds a kind by name, lists the
// names, words the problem with a list item that is not a mapping, keeps
// orders as JSON in the ruleset's stored form, and walks a kind through
// these stages for the ruleset's tests (Walk). It never changes once
// made.
type Table[K Kind] struct {
	// ruleset prefixes the table's errors: "eaw".
	ruleset string
	stored  Stored
	kinds   []K
	names   []string
	types   []reflect.Type // each kind's, a pointer type
}

// NewTable returns the table of a ruleset's order kinds, in the order
// given; ruleset names the ruleset in the table's errors ("eaw"). It
// panics, as a bug in the ruleset, on a kind that is not a pointer to a
// struct, on two kinds of one name or one type, or on an unknown form.
func NewTable[K Kind](ruleset string, stored Stored, kinds ...K) *Table[K] {
	if stored != StoredByType && stored != StoredByName {
		panic(fmt.Sprintf("orders: %s's table has no stored form %d", ruleset, stored))
	}
	t := &Table[K]{ruleset: ruleset, stored: stored, kinds: slices.Clone(kinds)}
	for _, k := range kinds {
		typ := reflect.TypeOf(k)
		if typ == nil || typ.Kind() != reflect.Pointer || typ.Elem().Kind() != reflect.Struct {
			panic(fmt.Sprintf("orders: %s's kind %v is not a pointer to a struct", ruleset, typ))
		}
		if slices.Contains(t.names, k.Name()) || slices.Contains(t.types, typ) {
			panic(fmt.Sprintf("orders: %s has two kinds named %s or of type %v", ruleset, k.Name(), typ))
		}
		t.names = append(t.names, k.Name())
		t.types = append(t.types, typ)
	}
	return t
}

// All yields the kinds in the table's order.
func (t *Table[K]) All() iter.Seq[K] { return slices.Values(t.kinds) }

// Names lists the kinds' names, in the table's order.
func (t *Table[K]) Names() []string { return slices.Clone(t.names) }

// Named returns the kind players write as name.
func (t *Table[K]) Named(name string) (K, bool) {
	if i := slices.Index(t.names, name); i >= 0 {
		return t.kinds[i], true
	}
	var none K
	return none, false
}

// NotAMapping records the problem with an item of the order list that is
// not a mapping: "an order must be a mapping such as move: {...}", move
// being example's name. The hint shows example's order, followed by
// more; for a plain word that names a kind, an order without its fields,
// it shows that kind's example instead.
func (t *Table[K]) NotAMapping(c *Collector, item *yaml.Node, example K, more string) {
	hint := "each order is a mapping with its kind as the key, e.g. " + example.Example() + more
	if k, ok := t.Named(item.Value); ok && item.Kind == yaml.ScalarNode {
		hint = "give the order its fields, e.g. " + k.Example()
	}
	c.Add(PosOf(item), "", "an order must be a mapping such as "+example.Name()+": {...}, not "+Describe(item), hint)
}

// MarshalOrder writes an order, its list item's position at and its kind
// k, in the table's stored form; k may be nil in StoredByType only.
func (t *Table[K]) MarshalOrder(at Pos, k K) ([]byte, error) {
	if t.stored == StoredByType {
		return t.marshalByType(at, k)
	}
	if isNil(k) {
		return nil, fmt.Errorf("%s: store an order without a kind", t.ruleset)
	}
	body, err := json.Marshal(k)
	if err != nil {
		return nil, fmt.Errorf("%s: store a %s order: %w", t.ruleset, k.Name(), err)
	}
	return json.Marshal(byName{Pos: at, Kind: k.Name(), Order: body})
}

// UnmarshalOrder reads an order as MarshalOrder writes it: its position
// and its kind, a fresh value (nil for an empty order in StoredByType).
func (t *Table[K]) UnmarshalOrder(data []byte) (Pos, K, error) {
	if t.stored == StoredByType {
		return t.unmarshalByType(data)
	}
	var none K
	var s byName
	if err := json.Unmarshal(data, &s); err != nil {
		return Pos{}, none, err
	}
	i := slices.Index(t.names, s.Kind)
	if i < 0 {
		return Pos{}, none, fmt.Errorf("%s: an order on file has kind %q, which this pbemd does not know", t.ruleset, s.Kind)
	}
	k, err := t.decode(i, s.Order)
	return s.Pos, k, err
}

// byName is an order in StoredByName.
type byName struct {
	Pos   Pos             `json:"pos"`
	Kind  string          `json:"kind"`
	Order json.RawMessage `json:"order"`
}

// marshalByType writes an order in StoredByType.
func (t *Table[K]) marshalByType(at Pos, k K) ([]byte, error) {
	var b bytes.Buffer
	pos, err := json.Marshal(at)
	if err != nil {
		return nil, err
	}
	b.WriteString(`{"Pos":`)
	b.Write(pos)
	for i, typ := range t.types {
		fmt.Fprintf(&b, ",%q:", typ.Elem().Name())
		if isNil(k) || reflect.TypeOf(k) != typ {
			b.WriteString("null")
			continue
		}
		v, err := json.Marshal(k)
		if err != nil {
			return nil, fmt.Errorf("%s: store a %s order: %w", t.ruleset, t.names[i], err)
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// unmarshalByType reads an order in StoredByType.
func (t *Table[K]) unmarshalByType(data []byte) (Pos, K, error) {
	var none K
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return Pos{}, none, err
	}
	var at Pos
	if pos, ok := fields["Pos"]; ok {
		if err := json.Unmarshal(pos, &at); err != nil {
			return Pos{}, none, fmt.Errorf("%s: read back an order's position: %w", t.ruleset, err)
		}
	}
	for i, typ := range t.types {
		if raw, ok := fields[typ.Elem().Name()]; ok && string(raw) != "null" {
			k, err := t.decode(i, raw)
			return at, k, err
		}
	}
	return at, none, nil
}

// decode reads the fields of an order of the i-th kind into a fresh
// value of its type.
func (t *Table[K]) decode(i int, raw json.RawMessage) (K, error) {
	v := reflect.New(t.types[i].Elem())
	if err := json.Unmarshal(raw, v.Interface()); err != nil {
		var none K
		return none, fmt.Errorf("%s: read back a %s order: %w", t.ruleset, t.names[i], err)
	}
	return v.Interface().(K), nil
}

// isNil reports whether k holds no kind.
func isNil[K Kind](k K) bool { return any(k) == nil }

// Walk takes k, a kind of the table, through the stages the kit shares,
// and returns what fails, each error naming its stage:
//   - example: k's example is one list item, a mapping whose only key is
//     k's name, over a mapping of keys among k's fields;
//   - parse: read, the ruleset's reading of one list item of orders:,
//     reads the example as one order of k's type;
//   - echo: that order's YAML, as a list item, reads back as the same
//     YAML;
//   - stored: the order, in the table's stored form, reads back equal.
//
// A ruleset's walk test calls it for every kind (All), beside the stages
// only the ruleset knows: schema, check, apply and offer.
func (t *Table[K]) Walk(k K, read func(item string) (K, error)) []error {
	var errs []error
	fail := func(stage, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %s", stage, fmt.Sprintf(format, args...)))
	}
	if err := exampleOf(k); err != nil {
		fail("example", "%q: %v", k.Example(), err)
	}
	o, err := read(k.Example())
	if err != nil || reflect.TypeOf(o) != reflect.TypeOf(k) {
		fail("parse", "%q reads as %T, %v; want one %s order", k.Example(), o, err, k.Name())
		return errs
	}
	if back, err := read("- " + o.YAML()); err != nil || back.YAML() != o.YAML() {
		fail("echo", "%q reads back as %q, %v", o.YAML(), yamlOf(back), err)
	}
	at := Pos{Line: 6, Col: 5}
	data, err := t.MarshalOrder(at, o)
	if err != nil {
		fail("stored", "%v", err)
		return errs
	}
	if pos, back, err := t.UnmarshalOrder(data); err != nil || pos != at || !reflect.DeepEqual(back, o) {
		fail("stored", "%s reads back as %+v at %v, %v; want %+v at %v", data, back, pos, err, o, at)
	}
	return errs
}

// exampleOf checks the shape of a kind's example (Walk).
func exampleOf(k Kind) error {
	var items []map[string]map[string]any
	if err := yaml.Unmarshal([]byte(k.Example()), &items); err != nil {
		return err
	}
	if len(items) != 1 || len(items[0]) != 1 || items[0][k.Name()] == nil {
		return fmt.Errorf("want one list item, %s: {...}", k.Name())
	}
	var errs []error
	for _, key := range slices.Sorted(maps.Keys(items[0][k.Name()])) {
		if !slices.Contains(k.Fields(), key) {
			errs = append(errs, fmt.Errorf("%s is not among the fields %v", key, k.Fields()))
		}
	}
	return errors.Join(errs...)
}

// yamlOf is the echo of an order that may be nil.
func yamlOf[K Kind](k K) string {
	if isNil(k) {
		return ""
	}
	return k.YAML()
}
