package orders

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The order kinds of the smallest ruleset with a table, for the kit's
// tests: Hop hops to a system, Hold has no fields, and Slip is broken at
// every stage Walk checks: its example holds a key that is none of its
// fields, its echo reads back as another order, and its stored form loses
// a field.
type (
	kind interface{ Kind }
	Hop  struct {
		To    string
		ToPos Pos
	}
	Hold struct{}
	Slip struct {
		To string
		// Lost is what the stored form loses.
		Lost string `json:"-"`
	}
)

func (*Hop) Name() string           { return "hop" }
func (*Hop) Example() string        { return "- hop: {to: vega}" }
func (*Hop) Fields() []string       { return []string{"to"} }
func (h *Hop) YAML() string         { return "hop: {to: " + h.To + "}" }
func (*Hold) Name() string          { return "hold" }
func (*Hold) Example() string       { return "- hold: {}" }
func (*Hold) Fields() []string      { return nil }
func (*Hold) YAML() string          { return "hold: {}" }
func (*Slip) Name() string          { return "slip" }
func (*Slip) Example() string       { return "- slip: {to: vega, speed: 2}" }
func (*Slip) Fields() []string      { return []string{"to"} }
func (s *Slip) YAML() string        { return "slip: {to: " + s.To + "x}" }
func (Still) Name() string          { return "still" }
func (Still) Example() string       { return "- still: {}" }
func (Still) Fields() []string      { return nil }
func (Still) YAML() string          { return "still: {}" }
func newHops(s Stored) *Table[kind] { return NewTable[kind]("hops", s, &Hop{}, &Hold{}) }

// Still is a kind that is no pointer, which no table takes.
type Still struct{}

// readItem reads one item of an order list of t's kinds, the smallest
// ruleset's parse: the kind from the table, its fields as the kind's.
func readItem(t *Table[kind], item string) (kind, error) {
	c := &Collector{}
	top, _, ok := c.Document([]byte(item), MaxDepth)
	if !ok || top == nil || len(top.Content) != 1 {
		return nil, errors.Join(c.Err(), errors.New("not one item"))
	}
	n := top.Content[0]
	if len(n.Content) != 2 {
		t.NotAMapping(c, n, &Hop{}, "")
		return nil, c.Err()
	}
	k, ok := t.Named(n.Content[0].Value)
	if !ok {
		return nil, errors.New("unknown kind")
	}
	f, _ := c.Mapping(n.Content[1], "a "+k.Name()+" order", k.Fields()...)
	switch k.(type) {
	case *Hop:
		h := &Hop{}
		if e, ok := f.Get("to"); ok {
			h.To, _ = c.Name(e.Value, "to", "to: vega")
			h.ToPos = PosOf(e.Value)
		}
		return h, c.Err()
	case *Slip:
		s := &Slip{Lost: "on parse"}
		if e, ok := f.Get("to"); ok {
			s.To, _ = c.Name(e.Value, "to", "to: vega")
		}
		return s, nil
	}
	return &Hold{}, c.Err()
}

func TestTableFindsKindsByName(t *testing.T) {
	hops := newHops(StoredByName)
	if got := hops.Names(); !slices.Equal(got, []string{"hop", "hold"}) {
		t.Errorf("Names() = %q, want [hop hold], the table's order", got)
	}
	hops.Names()[0] = "jump"
	if k, ok := hops.Named("hop"); !ok || k.Name() != "hop" {
		t.Errorf(`Named("hop") = %v, %v after a caller changed its Names; want the hop kind`, k, ok)
	}
	if k, ok := hops.Named("jump"); ok || k != nil {
		t.Errorf(`Named("jump") = %v, %v, want nil, false`, k, ok)
	}
	var all []string
	for k := range hops.All() {
		all = append(all, k.Name())
	}
	if !slices.Equal(all, []string{"hop", "hold"}) {
		t.Errorf("All() yields %q, want [hop hold]", all)
	}
}

func TestNewTableRefusesABrokenTable(t *testing.T) {
	for _, tc := range []struct {
		name  string
		make  func()
		panic string
	}{
		{"two kinds of one name", func() { NewTable[kind]("hops", StoredByType, &Hop{}, &Hold{}, &Hop{}) }, "hops has two kinds named hop"},
		{"a kind that is no pointer", func() { NewTable[kind]("hops", StoredByType, &Hop{}, Still{}) }, "hops's kind orders.Still is not a pointer to a struct"},
		{"no stored form", func() { NewTable[kind]("hops", 0, &Hop{}) }, "hops's table has no stored form 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if r, _ := recover().(string); !strings.Contains(r, tc.panic) {
					t.Errorf("NewTable panics with %q, want %q", r, tc.panic)
				}
			}()
			tc.make()
		})
	}
}

// TestTableNotAMapping: an item of the order list that is not a mapping
// is refused at the item, with the example order, or, for a plain word
// that names a kind, that kind's example.
func TestTableNotAMapping(t *testing.T) {
	for _, tc := range []struct {
		name, item, more, msg, hint string
	}{
		{"a kind without fields", "- hold", "", `an order must be a mapping such as hop: {...}, not "hold"`, "give the order its fields, e.g. - hold: {}"},
		{"a word", "- rest", "", `an order must be a mapping such as hop: {...}, not "rest"`,
			"each order is a mapping with its kind as the key, e.g. - hop: {to: vega}"},
		{"a list, with more", "- [hop, vega]", "; the kinds are hop, hold", "an order must be a mapping such as hop: {...}, not a list",
			"each order is a mapping with its kind as the key, e.g. - hop: {to: vega}; the kinds are hop, hold"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &Collector{}
			top, _, _ := c.Document([]byte(tc.item), MaxDepth)
			newHops(StoredByName).NotAMapping(c, top.Content[0], &Hop{}, tc.more)
			var ps Problems
			if !errors.As(c.Err(), &ps) || len(ps) != 1 || ps[0].Pos != (Pos{1, 3}) || ps[0].Msg != tc.msg || ps[0].Hint != tc.hint {
				t.Errorf("NotAMapping(%q) = %#v, want at 1:3 %q, hint %q", tc.item, c.Err(), tc.msg, tc.hint)
			}
		})
	}
}

// TestStoredByTypeReadsBackOnFile: an order kept by type, as Empires at
// War keeps its orders, is written byte for byte as orders on file are,
// and orders on file read back, empty ones and ones with two kinds set
// included.
func TestStoredByTypeReadsBackOnFile(t *testing.T) {
	hops := newHops(StoredByType)
	hop := &Hop{To: "vega", ToPos: Pos{6, 16}}
	const onFile = `{"Pos":{"Line":6,"Col":5},"Hop":{"To":"vega","ToPos":{"Line":6,"Col":16}},"Hold":null}`
	if b, err := hops.MarshalOrder(Pos{6, 5}, hop); string(b) != onFile || err != nil {
		t.Errorf("MarshalOrder(hop) = %s, %v; want %s", b, err, onFile)
	}
	const empty = `{"Pos":{"Line":0,"Col":0},"Hop":null,"Hold":null}`
	if b, err := hops.MarshalOrder(Pos{}, nil); string(b) != empty || err != nil {
		t.Errorf("MarshalOrder(nil) = %s, %v; want %s", b, err, empty)
	}
	for _, tc := range []struct {
		name, data string
		at         Pos
		want       kind
	}{
		{"one kind", onFile, Pos{6, 5}, hop},
		{"no kind", empty, Pos{}, nil},
		{"two kinds, the table's first counts", `{"Pos":{"Line":2,"Col":5},"Hold":{},"Hop":{"To":"sol"}}`, Pos{2, 5}, &Hop{To: "sol"}},
	} {
		at, k, err := hops.UnmarshalOrder([]byte(tc.data))
		if at != tc.at || !reflect.DeepEqual(k, tc.want) || err != nil {
			t.Errorf("%s: UnmarshalOrder(%s) = %v, %#v, %v; want %v, %#v", tc.name, tc.data, at, k, err, tc.at, tc.want)
		}
	}
	for _, tc := range []struct{ data, want string }{
		{`{"Pos":"6:5","Hop":null}`, "hops: read back an order's position: "},
		{`{"Pos":{},"Hop":{"To":7}}`, "hops: read back a hop order: "},
		{`[{"Pos":{},"Hop":{"To":"7"}}]`, "json: cannot unmarshal array"},
	} {
		if _, _, err := hops.UnmarshalOrder([]byte(tc.data)); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("UnmarshalOrder(%s) = %v, want %q...", tc.data, err, tc.want)
		}
	}
}

// TestStoredByNameReadsBackOnFile: an order kept by name, as Thunderdome
// IV keeps its orders, is written byte for byte as orders on file are,
// and an order of a kind the table lacks is an error.
func TestStoredByNameReadsBackOnFile(t *testing.T) {
	hops := newHops(StoredByName)
	hop := &Hop{To: "vega", ToPos: Pos{6, 16}}
	const onFile = `{"pos":{"Line":6,"Col":5},"kind":"hop","order":{"To":"vega","ToPos":{"Line":6,"Col":16}}}`
	if b, err := hops.MarshalOrder(Pos{6, 5}, hop); string(b) != onFile || err != nil {
		t.Errorf("MarshalOrder(hop) = %s, %v; want %s", b, err, onFile)
	}
	if at, k, err := hops.UnmarshalOrder([]byte(onFile)); at != (Pos{6, 5}) || !reflect.DeepEqual(k, hop) || err != nil {
		t.Errorf("UnmarshalOrder(%s) = %v, %#v, %v; want 6:5, %#v", onFile, at, k, err, hop)
	}
	if b, err := hops.MarshalOrder(Pos{6, 5}, nil); err == nil || err.Error() != "hops: store an order without a kind" {
		t.Errorf("MarshalOrder(nil) = %s, %v; want an error", b, err)
	}
	for _, tc := range []struct{ data, want string }{
		{`{"pos":{},"kind":"jump","order":{}}`, `hops: an order on file has kind "jump", which this pbemd does not know`},
		{`{"pos":{},"kind":"hop","order":[7]}`, "hops: read back a hop order: json: cannot unmarshal array into Go value of type orders.Hop"},
		{`{"pos":{},"kind":"hop","order":null}`, ""},
	} {
		_, _, err := hops.UnmarshalOrder([]byte(tc.data))
		if got := fmt.Sprint(err); err != nil && got != tc.want || err == nil && tc.want != "" {
			t.Errorf("UnmarshalOrder(%s) = %v, want %q", tc.data, err, tc.want)
		}
	}
}

// TestTableWalk: a kind whose every stage holds walks without an error,
// and a kind broken at each stage fails, naming the stage.
func TestTableWalk(t *testing.T) {
	for _, stored := range []Stored{StoredByType, StoredByName} {
		hops := NewTable[kind]("hops", stored, &Hop{}, &Hold{}, &Slip{})
		read := func(item string) (kind, error) { return readItem(hops, item) }
		for _, k := range []kind{&Hop{}, &Hold{}} {
			if errs := hops.Walk(k, read); len(errs) > 0 {
				t.Errorf("Walk(%s) = %v, want no error", k.Name(), errs)
			}
		}
		var stages []string
		for _, err := range hops.Walk(&Slip{}, read) {
			stages = append(stages, strings.SplitN(err.Error(), ":", 2)[0])
		}
		if !slices.Equal(stages, []string{"example", "echo", "stored"}) {
			t.Errorf("Walk(slip) fails at %q, want example, echo and stored", stages)
		}
		misread := func(string) (kind, error) { return &Hold{}, nil }
		if errs := hops.Walk(&Hop{}, misread); len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "parse: ") {
			t.Errorf("Walk(hop) with a reader that reads a hold = %v, want one parse error", errs)
		}
	}
}
