package eaw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/orders"
	"go.yaml.in/yaml/v3"
)

// schemaFile is the copy of Schema kept in the docs, for editors and
// readers who do not run pbemd.
const schemaFile = "../../docs/orders.schema.json"

// loadSchema parses Schema's output as a reader of the JSON would.
func loadSchema(t *testing.T) map[string]any {
	t.Helper()
	var s map[string]any
	if err := json.Unmarshal(Schema(campaign.PresetEaW()), &s); err != nil {
		t.Fatalf("Schema(PresetEaW()) is not JSON: %v", err)
	}
	return s
}

func TestSchemaIsDeterministicJSON(t *testing.T) {
	b := Schema(campaign.PresetEaW())
	if !json.Valid(b) || !bytes.HasSuffix(b, []byte("}\n")) {
		t.Fatalf("Schema(PresetEaW()) is not a JSON object with a trailing newline:\n%s", b)
	}
	if !bytes.Equal(b, Schema(campaign.PresetEaW())) {
		t.Error("Schema(PresetEaW()) differs between two calls")
	}
	s := loadSchema(t)
	want := map[string]string{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SchemaID}
	for k, v := range want {
		if s[k] != v {
			t.Errorf("Schema(PresetEaW())[%q] = %v, want %q", k, s[k], v)
		}
	}
	for _, k := range []string{"title", "description"} {
		if str, _ := s[k].(string); str == "" {
			t.Errorf("Schema(PresetEaW()) has no %s", k)
		}
	}
}

// TestSchemaOfEachRules: schemas are built once per rules and kept, yet
// each call gets its own rules' schema, and its own copy of it.
func TestSchemaOfEachRules(t *testing.T) {
	preset, house := campaign.PresetEaW(), campaign.PresetEaW()
	house.Budget.JumpCost = 2
	a := Schema(preset)
	b := Schema(house)
	if bytes.Equal(a, b) || !bytes.Contains(b, []byte("Each lane jumped costs 2 order points")) {
		t.Errorf("the schema of rules with a jump cost of 2 does not say so:\n%s", b)
	}
	a[0] = 'x'
	if again := Schema(preset); again[0] != '{' || !bytes.Equal(again[1:], a[1:]) {
		t.Error("Schema(PresetEaW()) changed after the caller changed the bytes it got")
	}
}

// TestSchemaClosesEveryMapping checks that every mapping in the schema
// refuses unknown keys, as Parse does, and that every property explains
// itself on hover.
func TestSchemaClosesEveryMapping(t *testing.T) {
	var walk func(path string, s map[string]any)
	walk = func(path string, s map[string]any) {
		if props, ok := s["properties"].(map[string]any); ok {
			if s["additionalProperties"] != false {
				t.Errorf("%s: additionalProperties = %v, want false", path, s["additionalProperties"])
			}
			for k, p := range props {
				if d, _ := p.(map[string]any)["description"].(string); d == "" {
					t.Errorf("%s/%s has no description", path, k)
				}
				walk(path+"/"+k, p.(map[string]any))
			}
		}
		if items, ok := s["items"].(map[string]any); ok {
			walk(path+"[]", items)
		}
		for _, kw := range []string{"oneOf", "anyOf"} {
			subs, _ := s[kw].([]any)
			for i, sub := range subs {
				walk(fmt.Sprintf("%s/%s/%d", path, kw, i), sub.(map[string]any))
			}
		}
	}
	walk("", loadSchema(t))
}

// TestSchemaAcceptsValidExamples checks every example in testdata/parse
// whose golden file shows no problems.
func TestSchemaAcceptsValidExamples(t *testing.T) {
	s := loadSchema(t)
	inputs, _ := filepath.Glob("testdata/parse/*.yaml")
	checked := 0
	for _, in := range inputs {
		want, err := os.ReadFile(strings.TrimSuffix(in, ".yaml") + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`(?m)^campaign ".*" player`).Match(want) {
			continue // the golden file lists problems
		}
		checked++
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := yamlToJSON(src)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if errs := validateSchema(s, doc, ""); len(errs) > 0 {
			t.Errorf("%s does not validate against Schema(PresetEaW()):\n%s", in, strings.Join(errs, "\n"))
		}
	}
	if checked == 0 {
		t.Fatal("no valid examples in testdata/parse")
	}
}

// TestSchemaAgreesWithParse checks documents against Schema and Parse: both
// must accept or refuse each, except that Schema alone requires a token.
func TestSchemaAgreesWithParse(t *testing.T) {
	const head = "campaign: frontier\nplayer: vorn\nturn: 3\ntoken: 8Jq2\n"
	const move = "orders:\n  - move: {fleet: 1st, path: [kessel]}\n"
	tests := []struct {
		name    string
		doc     string
		valid   bool
		parseOK bool // Parse's verdict, where it differs from the schema's
	}{
		// Invalid.
		{name: "unknown header key", doc: head + "speed: 2\n" + move},
		{name: "misspelt header key", doc: head + "Final: true\n" + move},
		{name: "missing orders", doc: head},
		{name: "missing turn", doc: "campaign: frontier\nplayer: vorn\ntoken: x\n" + move},
		{name: "no token", doc: "campaign: frontier\nplayer: vorn\nturn: 3\n" + move, parseOK: true},
		{name: "empty token", doc: head[:strings.Index(head, "token")] + "token:\n" + move},
		{name: "blank token", doc: head[:strings.Index(head, "token")] + "token: \"  \"\n" + move},
		{name: "turn 0", doc: "campaign: frontier\nplayer: vorn\nturn: 0\ntoken: x\n" + move},
		{name: "turn a word", doc: "campaign: frontier\nplayer: vorn\nturn: three\ntoken: x\n" + move},
		{name: "turn a fraction", doc: "campaign: frontier\nplayer: vorn\nturn: 2.5\ntoken: x\n" + move},
		{name: "final a word", doc: head + "final: maybe\n" + move},
		{name: "orders a mapping", doc: head + "orders: {move: {fleet: 1st, path: [kessel]}}\n"},
		{name: "an order a name", doc: head + "orders:\n  - move\n"},
		{name: "an empty order", doc: head + "orders:\n  - {}\n"},
		{name: "unknown kind", doc: head + "orders:\n  - mvoe: {fleet: 1st, path: [kessel]}\n"},
		{name: "two kinds in one item", doc: head + "orders:\n  - move: {fleet: 1st, path: [kessel]}\n    develop: {fleet: 1st, what: mine}\n"},
		{name: "field beside its kind", doc: head + "orders:\n  - move: {fleet: 1st}\n    path: [kessel]\n"},
		{name: "move without fields", doc: head + "orders:\n  - move:\n"},
		{name: "move without path", doc: head + "orders:\n  - move: {fleet: 1st}\n"},
		{name: "empty path", doc: head + "orders:\n  - move: {fleet: 1st, path: []}\n"},
		{name: "path a name", doc: head + "orders:\n  - move: {fleet: 1st, path: kessel}\n"},
		{name: "path with a list", doc: head + "orders:\n  - move: {fleet: 1st, path: [[kessel]]}\n"},
		{name: "unknown move key", doc: head + "orders:\n  - move: {fleet: 1st, path: [kessel], speed: 2}\n"},
		{name: "fleet a list", doc: head + "orders:\n  - move: {fleet: [1st], path: [kessel]}\n"},
		{name: "fleet too long", doc: head + "orders:\n  - move: {fleet: " + strings.Repeat("x", orders.MaxName+1) + ", path: [kessel]}\n"},
		{name: "develop what wrong", doc: head + "orders:\n  - develop: {fleet: 2nd, what: fort}\n"},
		{name: "develop without what", doc: head + "orders:\n  - develop: {fleet: 2nd}\n"},
		{name: "build mp 2", doc: head + "orders:\n  - build: {units: [frigate], fleet: 3rd, mp: 2}\n"},
		{name: "build mp quoted 2", doc: head + "orders:\n  - build: {units: [frigate], fleet: 3rd, mp: \"2\"}\n"},
		{name: "build mp -1", doc: head + "orders:\n  - build: {units: [frigate], fleet: 3rd, mp: \"-1\"}\n"},
		{name: "build without units", doc: head + "orders:\n  - build: {fleet: 3rd}\n"},
		{name: "prefs wrong enum", doc: head + move + "prefs: {explore_bonus: gold}\n"},
		{name: "prefs unknown key", doc: head + move + "prefs: {explore: bpv}\n"},
		{name: "prefs a list", doc: head + move + "prefs: [bpv]\n"},
		{name: "not a mapping", doc: "- move: {fleet: 1st, path: [kessel]}\n"},
		{name: "too many orders", doc: head + "orders:\n" + strings.Repeat("  - move: {fleet: 1st, path: [kessel]}\n", orders.MaxOrders+1)},

		// Valid, including the spellings Parse tolerates.
		{name: "minimal", doc: head + move, valid: true},
		{name: "no orders, empty", doc: head + "orders:\n", valid: true},
		{name: "no orders, []", doc: head + "orders: []\n", valid: true},
		{name: "every kind", valid: true, doc: head + "final: true\norders:\n" +
			"  - move: {fleet: 1st, path: [kessel, tau-ceti]}\n" +
			"  - develop: {fleet: 2nd, what: colony}\n" +
			"  - build: {units: [cruiser, frigate], fleet: 7th, mp: 0}\n" +
			"prefs: {explore_bonus: precursor}\n"},
		{name: "numeric names", doc: head + "orders:\n  - move: {fleet: 7, path: [42]}\n", valid: true},
		{name: "quoted turn", doc: "campaign: frontier\nplayer: vorn\nturn: \"3\"\ntoken: x\n" + move, valid: true},
		{name: "final yes", doc: head + "final: yes\n" + move, valid: true},
		{name: "final Off", doc: head + "final: Off\n" + move, valid: true},
		{name: "what in capitals", doc: head + "orders:\n  - develop: {fleet: 2nd, what: Mine}\n", valid: true},
		{name: "mp quoted", doc: head + "orders:\n  - build: {units: [frigate], fleet: 3rd, mp: \"0\"}\n", valid: true},
		{name: "mp left out", doc: head + "orders:\n  - build: {units: [frigate], fleet: 3rd}\n", valid: true},
		{name: "prefs empty", doc: head + move + "prefs:\n", valid: true},
		{name: "prefs {}", doc: head + move + "prefs: {}\n", valid: true},
		{name: "as many orders as allowed", doc: head + "orders:\n" + strings.Repeat("  - move: {fleet: 1st, path: [kessel]}\n", orders.MaxOrders), valid: true},
	}
	s := loadSchema(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := yamlToJSON([]byte(tc.doc))
			if err != nil {
				t.Fatalf("yamlToJSON(%q) = %v", tc.doc, err)
			}
			errs := validateSchema(s, doc, "")
			if got := len(errs) == 0; got != tc.valid {
				t.Errorf("schema valid(%q) = %v, want %v\n%s", tc.doc, got, tc.valid, strings.Join(errs, "\n"))
			}
			_, perr := parse([]byte(tc.doc))
			if got, want := perr == nil, tc.valid || tc.parseOK; got != want {
				t.Errorf("parse(%q) accepted = %v, want %v: %v", tc.doc, got, want, perr)
			}
		})
	}
}

// TestSchemaFileInSync keeps docs/orders.schema.json equal to Schema; -update
// rewrites it.
func TestSchemaFileInSync(t *testing.T) {
	got := Schema(campaign.PresetEaW())
	if golden.Updating() {
		if err := os.WriteFile(schemaFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatalf("read %s (run with -update to write it): %v", schemaFile, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from Schema(PresetEaW()); rerun with -update and review the diff", schemaFile)
	}
}

// yamlToJSON reads a YAML document into the values a JSON Schema validator
// sees: map[string]any, []any, string, int64, float64, bool and nil. It
// refuses what JSON cannot hold (non-string keys, duplicate keys, aliases).
func yamlToJSON(src []byte) (any, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(src, &root); err != nil {
		return nil, err
	}
	if len(root.Content) == 0 {
		return nil, nil
	}
	return nodeToJSON(root.Content[0])
}

func nodeToJSON(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.MappingNode:
		out := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: a key that is not a scalar", k.Line)
			}
			if _, dup := out[k.Value]; dup {
				return nil, fmt.Errorf("line %d: duplicate key %q", k.Line, k.Value)
			}
			v, err := nodeToJSON(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			out[k.Value] = v
		}
		return out, nil
	case yaml.SequenceNode:
		out := []any{}
		for _, c := range n.Content {
			v, err := nodeToJSON(c)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.ScalarNode:
		var err error
		switch n.ShortTag() {
		case "!!null":
			return nil, nil
		case "!!bool":
			var b bool
			err = n.Decode(&b)
			return b, err
		case "!!int":
			var i int64
			err = n.Decode(&i)
			return i, err
		case "!!float":
			var f float64
			err = n.Decode(&f)
			return f, err
		}
		return n.Value, nil
	}
	return nil, fmt.Errorf("line %d: an alias", n.Line)
}

// validateSchema checks v against s, a JSON Schema using only the keywords
// Schema needs, and returns one line per failure, each starting with the
// JSON pointer of the failing value. A keyword it does not know is a
// failure too, so the schema cannot outgrow this validator unnoticed.
func validateSchema(s map[string]any, v any, at string) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, at+": "+fmt.Sprintf(format, args...)) }
	for _, kw := range slices.Sorted(maps.Keys(s)) {
		switch kw {
		case "$schema", "$id", "title", "description", "default":
			// Annotations.
		case "type":
			if !hasType(s["type"], v) {
				fail("type is %s, want %v", typeOf(v), s["type"])
			}
		case "enum":
			if !slices.ContainsFunc(s["enum"].([]any), func(e any) bool { return jsonEqual(e, v) }) {
				fail("%v is not one of %v", v, s["enum"])
			}
		case "minimum":
			if n, ok := number(v); ok && n < s["minimum"].(float64) {
				fail("%v is less than %v", v, s["minimum"])
			}
		case "minLength", "maxLength", "pattern":
			str, ok := v.(string)
			if !ok {
				continue
			}
			n := float64(utf8.RuneCountInString(str))
			switch {
			case kw == "minLength" && n < s[kw].(float64):
				fail("%q is shorter than %v", str, s[kw])
			case kw == "maxLength" && n > s[kw].(float64):
				fail("%q is longer than %v", str, s[kw])
			case kw == "pattern" && !regexp.MustCompile(s[kw].(string)).MatchString(str):
				fail("%q does not match %s", str, s[kw])
			}
		case "properties", "required", "additionalProperties":
			if obj, ok := v.(map[string]any); ok {
				errs = append(errs, validateObject(s, kw, obj, at)...)
			}
		case "items", "minItems", "maxItems":
			arr, ok := v.([]any)
			if !ok {
				continue
			}
			if kw == "minItems" && float64(len(arr)) < s[kw].(float64) {
				fail("%d items, want at least %v", len(arr), s[kw])
			}
			if kw == "maxItems" && float64(len(arr)) > s[kw].(float64) {
				fail("%d items, want at most %v", len(arr), s[kw])
			}
			if kw == "items" {
				for i, item := range arr {
					errs = append(errs, validateSchema(s["items"].(map[string]any), item, fmt.Sprintf("%s/%d", at, i))...)
				}
			}
		case "anyOf", "oneOf":
			var matched int
			var why []string
			for _, sub := range s[kw].([]any) {
				e := validateSchema(sub.(map[string]any), v, at)
				if len(e) == 0 {
					matched++
				}
				why = append(why, e...)
			}
			if (kw == "anyOf" && matched == 0) || (kw == "oneOf" && matched != 1) {
				fail("matches %d of the %s schemas:\n  %s", matched, kw, strings.Join(why, "\n  "))
			}
		default:
			fail("the test validator does not know the keyword %q", kw)
		}
	}
	return errs
}

// validateObject checks one of the object keywords.
func validateObject(s map[string]any, kw string, obj map[string]any, at string) []string {
	props, _ := s["properties"].(map[string]any)
	var errs []string
	switch kw {
	case "properties":
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if p, ok := props[k]; ok {
				errs = append(errs, validateSchema(p.(map[string]any), obj[k], at+"/"+k)...)
			}
		}
	case "required":
		for _, k := range s["required"].([]any) {
			if _, ok := obj[k.(string)]; !ok {
				errs = append(errs, fmt.Sprintf("%s: %s is missing", at, k))
			}
		}
	case "additionalProperties":
		if s[kw] != false {
			return []string{fmt.Sprintf("%s: additionalProperties %v: the test validator knows only false", at, s[kw])}
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if _, ok := props[k]; !ok {
				errs = append(errs, fmt.Sprintf("%s: unknown key %q", at, k))
			}
		}
	}
	return errs
}

// hasType reports whether v has the JSON type t names (a name or a list).
func hasType(t any, v any) bool {
	if list, ok := t.([]any); ok {
		return slices.ContainsFunc(list, func(name any) bool { return hasType(name, v) })
	}
	got := typeOf(v)
	switch t {
	case got:
		return true
	case "number":
		return got == "integer"
	case "integer":
		f, ok := v.(float64)
		return ok && f == float64(int64(f))
	}
	return false
}

// typeOf names v's JSON type; int64 is "integer".
func typeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case int64:
		return "integer"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// number returns v as a float64 if it is a JSON number.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

// jsonEqual compares two JSON values; numbers compare by value.
func jsonEqual(a, b any) bool {
	if x, ok := number(a); ok {
		y, ok := number(b)
		return ok && x == y
	}
	return reflect.DeepEqual(a, b)
}

// TestSchemaStatesTheCampaignsCosts: the schema a campaign's reports attach
// states that campaign's costs and limits, not the preset's (EaW 5.0, 5b,
// 6.0, 10c, 15a, 15e–15g, 16a, 16b).
func TestSchemaStatesTheCampaignsCosts(t *testing.T) {
	r := campaign.PresetEaW()
	r.Budget = campaign.BudgetRules{Min: 5, Divisor: 3, FleetMinShips: 3, FleetMinCBPV: 200, JumpCost: 2, BuildCost: 2, DevelopCost: 3}
	r.Build.Docking = 40
	r.Explore.Bonus = [2]int{15, 30}
	r.Fortify.SiegeCost, r.Fortify.Siege = 2, 8
	r.FRD.Price, r.FRD.BuildCost, r.FRD.TowCost = 150, 4, [3]int{4, 3, 2}
	got := string(Schema(r))
	for _, want := range []string{
		"max(5, floor(F/3)) order points, where F counts your fleets of at least 3 ships and 200 combat BPV",
		"Each lane jumped costs 2 order points (EaW 5.0), from your own developed colony too: this campaign has no free jump (EaW 5b).",
		"2 points per lane (EaW 5a); no jump is free (EaW 5b).",
		"where the fleet ends its move, for 3 order points (EaW 5.0)",
		"of at most 40 docking points. With mp: 1 it costs 2 order points (EaW 5.0).",
		"1 (the default): costs 2 order points, and the units may move this turn",
		"takes 15 BPV, or 30 with a scout",
		"rolls 2D6, for 2 order points, once per turn from the turn after the trap: on 8 the fortification falls",
		"4 order points per lane, 3 with a salvage tug, 2 with a military tug",
		"Build a new FRD for 4 order points and 150 BPV",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Schema(overridden rules) does not say %q", want)
		}
	}
	for _, preset := range []string{"max(3,", "175 combat BPV", "36 docking", "200 BPV", "on 7 ", "10 BPV", "which is free (EaW 5b)", "colony is free"} {
		if strings.Contains(got, preset) {
			t.Errorf("Schema(overridden rules) states the preset's %q", preset)
		}
	}
}
