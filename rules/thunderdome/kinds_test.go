package thunderdome_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// TestKindsWalk walks the table of order kinds and fails, naming the kind
// and the stage, when a kind misses one: every kind passes the order
// kit's stages (orders.Table.Walk: its example reads as the kind, echoes
// as YAML that reads back as the same order, and is stored in a form that
// reads back), and has its entry in the schema, whose keys are the kind's
// fields. The template and Check are walked for every kind by
// TestOrderTemplate_EveryOfferIsAnOrderAtItsCost, and apply by
// TestGoldenCampaign.
func TestKindsWalk(t *testing.T) {
	var schema struct {
		Properties struct {
			Orders struct {
				Items struct {
					OneOf []itemSchema `json:"oneOf"`
				} `json:"items"`
			} `json:"orders"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(rs.Schema(nil), &schema); err != nil {
		t.Fatal(err)
	}
	items := schema.Properties.Orders.Items.OneOf
	for k := range thunderdome.Kinds().All() {
		t.Run(k.Name(), func(t *testing.T) {
			if errs := thunderdome.Kinds().Walk(k, readItem); len(errs) > 0 {
				t.Fatal(errors.Join(errs...))
			}
			i := slices.IndexFunc(items, func(s itemSchema) bool { return slices.Equal(s.Required, []string{k.Name()}) })
			if i < 0 {
				t.Fatalf("schema: the order list has no entry requiring %s", k.Name())
			}
			keys := slices.Sorted(maps.Keys(items[i].Properties[k.Name()].Properties))
			if fields := slices.Sorted(slices.Values(k.Fields())); !slices.Equal(keys, fields) {
				t.Errorf("schema: a %s order's keys are %q, its fields %q", k.Name(), keys, fields)
			}
		})
	}
}

// itemSchema is the schema of an item of the order list: the kind it
// requires, and the keys of the mapping under it.
type itemSchema struct {
	Required   []string                                       `json:"required"`
	Properties map[string]struct{ Properties map[string]any } `json:"properties"`
}

// readItem reads one item of the order list, as intake does, and returns
// what the one order it holds says.
func readItem(item string) (thunderdome.Kind, error) {
	sub, err := orders.Parse([]byte("campaign: thunderdome\nplayer: lyran\nturn: 1\norders:\n  "+item+"\n"), orders.Only(rs.Kinds()))
	if err != nil {
		return nil, err
	}
	list, err := orders.PartOf[[]thunderdome.Order](sub.Orders)
	if err != nil || len(list) != 1 {
		return nil, fmt.Errorf("%d orders, not one: %v", len(list), err)
	}
	return list[0].Kind, nil
}

// TestOrderItemProblems: an item of the order list that holds no order
// is refused at the item, with a hint that shows an order: the example of
// the kind it names, or of move with the list of kinds, or the nearest
// kind's name.
func TestOrderItemProblems(t *testing.T) {
	const kinds = "buy, move, move_capital, organize, establish, remove_fortification, repair_fleet, freighter_repair, replace_fighters, " +
		"transfer_fighters, refit_fleet, siege, jail_break, dead_drop, tow, scrap, activate_shipyard, build_shipyard, overhaul_shipyard, " +
		"explore, disavow, revise_defenses, replace_capital, intend"
	for _, tc := range []struct{ name, item, want string }{
		{"a kind without fields", "  - move\n",
			`5:5: an order must be a mapping such as move: {...}, not "move"; give the order its fields, e.g. - move: {fleet: f1, to: kessel}`},
		{"a list", "  - [move]\n",
			"5:5: an order must be a mapping such as move: {...}, not a list; each order is a mapping with its kind as the key, e.g. " +
				"- move: {fleet: f1, to: kessel}; the kinds are " + kinds},
		{"an empty mapping", "  - {}\n",
			"5:5: an order must be a mapping such as move: {...}, not a mapping; each order is a mapping with its kind as the key, e.g. " +
				"- move: {fleet: f1, to: kessel}; the kinds are " + kinds},
		{"a field beside its kind", "  - move: {fleet: f1}\n    to: kessel\n",
			"6:5: an order has one kind as its key, and this one has more keys; put the fields inside the kind's braces, e.g. - move: {fleet: f1, to: kessel}"},
		{"a misspelt kind", "  - mvoe: {fleet: f1, to: kessel}\n", `5:5: unknown order "mvoe"; did you mean "move"? orders: ` + kinds},
		{"a kind over nothing", "  - move:\n",
			"5:10: a move order must be a mapping, not empty\n5:10: move needs its fields; for example - move: {fleet: f1, to: kessel}"},
		{"a kind over a number", "  - organize: 7\n", `5:15: an organize order must be a mapping, not "7"`},
	} {
		_, err := parseErr("campaign: thunderdome\nplayer: lyran\nturn: 1\norders:\n" + tc.item)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: Parse(%q) = %v, want\n%s", tc.name, tc.item, err, tc.want)
		}
	}
}
