package eaw

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// TestKindsWalk walks the table of order kinds and fails, naming the kind
// and the stage, when a kind is missing from one: every kind passes the
// order kit's stages (orders.Table.Walk: its example reads as the kind,
// echoes as YAML that reads back as the same order, and is stored in a
// form that reads back), has its entry in the schema, is offered by the
// order template of the rich Frontier Wars campaign (richFrontier), whose
// offer Validate accepts there, is carried out at a step of the turn, and,
// carried out, changes the state or tells its owner, without failing. It
// is carried out with the other empires' fleets gone, which could stop
// any order.
func TestKindsWalk(t *testing.T) {
	st, v := richFrontier(t)
	tmpl := string(OrderTemplate(v, "orders.schema.json"))
	schema := loadSchema(t)
	calm := st.Clone()
	calm.Fleets = slices.DeleteFunc(calm.Fleets, func(f campaign.Fleet) bool { return f.Owner != "vorn" })
	idle := Resolve(calm, map[campaign.PlayerID]*orders.Submission{"vorn": mustParse(t, header)})
	for k := range kinds.All() {
		t.Run(k.Name(), func(t *testing.T) {
			if n := slices.IndexFunc(templateOrder, func(o Kind) bool { return reflect.TypeOf(o) == reflect.TypeOf(k) }); n < 0 {
				t.Errorf("template: %s is not in templateOrder, so no block of the order template offers it", k.Name())
			}
			if errs := kinds.Walk(k, readItem); len(errs) > 0 {
				t.Fatal(errors.Join(errs...))
			}
			walkSchema(t, schema, k, header+"  "+k.Example()+"\n")
			for _, late := range []bool{false, true} {
				if s := k.step(late); s <= 0 || s >= stepCount {
					t.Errorf("timing: step(late %v) = %d, which no step of Resolve carries out", late, s)
				}
			}
			line, ok := offeredLine(tmpl, k)
			if !ok {
				t.Fatalf("template: the rich frontier's order template offers no %s; give vorn's navy what one needs (richFrontier)", k.Name())
			}
			sub := mustParse(t, header+"  "+line+"\n")
			if _, err := Validate(st, sub); err != nil {
				t.Fatalf("check: Validate(%q) = %v, want the order the template offers accepted", line, err)
			}
			res := Resolve(calm, map[campaign.PlayerID]*orders.Submission{"vorn": sub})
			walkResolution(t, idle, res, line)
		})
	}
	if n := len(kinds.Names()); len(templateOrder) != n {
		t.Errorf("templateOrder holds %d kinds, the table %d", len(templateOrder), n)
	}
}

// readItem reads one item of the order list, as intake does, and returns
// what the one order it holds says.
func readItem(item string) (Kind, error) {
	sub, err := parse([]byte(header + "  " + item + "\n"))
	if err != nil {
		return nil, err
	}
	if list := listOf(sub); len(list) == 1 {
		return list[0].Kind, nil
	}
	return nil, fmt.Errorf("%d orders, not one", sub.Orders.Len())
}

// walkSchema checks that the schema's list of orders has an entry for k,
// and that a document with k's example validates against it.
func walkSchema(t *testing.T, schema map[string]any, k Kind, doc string) {
	t.Helper()
	items := schema["properties"].(map[string]any)["orders"].(map[string]any)["items"].(map[string]any)
	found := false
	for _, s := range items["oneOf"].([]any) {
		if req, _ := s.(map[string]any)["required"].([]any); len(req) == 1 && req[0] == k.Name() {
			found = true
		}
	}
	if !found {
		t.Errorf("schema: the order list has no entry requiring %s", k.Name())
	}
	v, err := yamlToJSON([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if errs := validateSchema(schema, v, ""); len(errs) > 0 {
		t.Errorf("schema: the example does not validate:\n%s", strings.Join(errs, "\n"))
	}
}

// offeredLine returns the first order of kind k the template offers,
// uncommented, with a build's and a transfer's placeholders filled in.
func offeredLine(tmpl string, k Kind) (string, bool) {
	for _, m := range suggested.FindAllStringSubmatch(tmpl, -1) {
		line := strings.TrimSpace(m[1])
		if strings.HasPrefix(line, "- "+k.Name()+": ") {
			return strings.NewReplacer("CLASS, CLASS", "frigate", "NAME", "7th").Replace(line), true
		}
	}
	return "", false
}

// walkResolution checks that resolving an order (res) differs from
// resolving none (idle), in the state or in what its owner is told, and
// that no event says the order failed or was dropped.
func walkResolution(t *testing.T, idle, res *Result, line string) {
	t.Helper()
	for _, e := range res.Events {
		if e.Kind == EventOrderFailed || e.Kind == EventOrdersDropped {
			t.Errorf("resolution: %q: %s", line, e.Text)
		}
	}
	next, _ := json.Marshal(res.Next)
	before, _ := json.Marshal(idle.Next)
	if string(next) == string(before) && slices.EqualFunc(res.Events, idle.Events, func(a, b game.Event) bool { return reflect.DeepEqual(a, b) }) {
		t.Errorf("resolution: %q changes nothing and tells nobody", line)
	}
}

// mustParse reads orders with EaW's kinds, as intake does.
func mustParse(t *testing.T, src string) *orders.Submission {
	t.Helper()
	sub, err := parse([]byte(src))
	if err != nil {
		t.Fatalf("parse(%q) = %v", src, err)
	}
	return sub
}
