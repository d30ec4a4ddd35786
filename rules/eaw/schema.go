package eaw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// SchemaID is the $id of the JSON Schema Schema returns. It names no real
// host: editors find the schema through the modeline of an orders file
// ("# yaml-language-server: $schema=orders.schema.json"), not by this id.
const SchemaID = "https://pbemd.invalid/orders.schema.json"

// Schema returns a JSON Schema (draft 2020-12) of the order language: the
// documents Parse accepts, with descriptions that cite the rules, so that an
// editor with a YAML language server checks orders and explains each key on
// hover. Every cost and limit a description states is r's, so each report
// attaches the schema of its campaign's rules; with the Empires at War
// preset's, it is what `pbemd schema orders` prints and
// docs/orders.schema.json holds.
//
// The schema follows Parse key for key and type for type, including the
// spellings Parse tolerates (a quoted turn, yes and no for final, Mine for
// mine). It differs in one place: it requires token, which Parse leaves to
// the daemon (offline play needs none). What only the campaign's state can
// tell — fleets, systems, lanes, classes, the budget — is Validate's job.
//
// The output is indented JSON with a trailing newline, the same on every
// call.
func Schema(r campaign.Rules) []byte {
	key, err := json.Marshal(r)
	if err != nil {
		panic(fmt.Sprintf("eaw: encode rules: %v", err))
	}
	schemas.Lock()
	defer schemas.Unlock()
	b, ok := schemas.byRules[string(key)]
	if !ok {
		if len(schemas.byRules) >= maxSchemas {
			clear(schemas.byRules)
		}
		b = buildSchema(r)
		schemas.byRules[string(key)] = b
	}
	return bytes.Clone(b)
}

// schemas holds the schemas built, by the JSON of their rules: every
// report of a turn attaches its campaign's, and most campaigns play the
// preset's rules. Past maxSchemas rules it starts afresh.
var schemas = struct {
	sync.Mutex
	byRules map[string][]byte
}{byRules: map[string][]byte{}}

const maxSchemas = 64

// buildSchema builds the schema Schema returns.
func buildSchema(r campaign.Rules) []byte {
	var compact, out bytes.Buffer
	if err := encode(&compact, documentSchema(&r)); err != nil {
		panic(fmt.Sprintf("eaw: encode schema: %v", err))
	}
	if err := json.Indent(&out, compact.Bytes(), "", "  "); err != nil {
		panic(fmt.Sprintf("eaw: indent schema: %v", err))
	}
	out.WriteByte('\n')
	return out.Bytes()
}

// encode appends v to b as compact JSON, leaving <, > and & as they are
// (descriptions are read by people, not by HTML).
func encode(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1) // Encode's newline
	return nil
}

// schema is one JSON Schema, with only the keywords the order language
// needs. Fields are marshalled in this order.
type schema struct {
	Schema               string    `json:"$schema,omitempty"`
	ID                   string    `json:"$id,omitempty"`
	Title                string    `json:"title,omitempty"`
	Description          string    `json:"description,omitempty"`
	Type                 any       `json:"type,omitempty"` // a type name, or a list of them
	Enum                 []any     `json:"enum,omitempty"`
	Default              any       `json:"default,omitempty"`
	Minimum              int       `json:"minimum,omitempty"`
	MinLength            int       `json:"minLength,omitempty"`
	MaxLength            int       `json:"maxLength,omitempty"`
	Pattern              string    `json:"pattern,omitempty"`
	Properties           props     `json:"properties,omitempty"`
	Required             []string  `json:"required,omitempty"`
	AdditionalProperties *bool     `json:"additionalProperties,omitempty"`
	Items                *schema   `json:"items,omitempty"`
	MinItems             int       `json:"minItems,omitempty"`
	MaxItems             int       `json:"maxItems,omitempty"`
	AnyOf                []*schema `json:"anyOf,omitempty"`
	OneOf                []*schema `json:"oneOf,omitempty"`
}

// prop is one entry of a schema's properties.
type prop struct {
	name string
	s    *schema
}

// props are a schema's properties, marshalled in the order given: the
// order the README's example writes the keys in.
type props []prop

// MarshalJSON writes the properties as a JSON object, in order.
func (ps props) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := encode(&b, p.name); err != nil {
			return nil, err
		}
		b.WriteByte(':')
		if err := encode(&b, p.s); err != nil {
			return nil, fmt.Errorf("property %s: %w", p.name, err)
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// closed returns an object schema that refuses keys other than its
// properties, as Parse does everywhere.
func closed(desc string, required []string, ps ...prop) *schema {
	no := false
	return &schema{Type: "object", Description: desc, Properties: ps, Required: required, AdditionalProperties: &no}
}

// documentSchema is the whole orders document: the header, read by the
// order kit (package orders), the orders and the preferences.
func documentSchema(r *campaign.Rules) *schema {
	s := closed("One mail's orders for a pbemd campaign under the Empires at War rules (EaW): the header "+
		"(campaign, player, turn, token), then the orders. pbemd reads them as YAML, strictly: unknown keys, "+
		"repeated keys, tabs, anchors and aliases are refused, each with its line and column. "+
		"Mail them in the body of a plain-text mail or as a .yaml attachment. "+
		"Whether the fleets, systems, lanes and classes exist, and whether the orders fit your order points "+
		"(EaW 5.0) and treasury (EaW 6.0), only the moderator can check: it replies within moments.",
		[]string{"campaign", "player", "turn", "token", "orders"},
		prop{"campaign", nameSchema("The campaign's ID, as your welcome mail and every report give it, e.g. frontier.")},
		prop{"player", nameSchema("Your player ID in the campaign, e.g. vorn. Orders count only when they come " +
			"from the address that holds this seat.")},
		prop{"turn", turnSchema()},
		prop{"token", nameSchema("Your secret token, from your welcome mail; pbemd never shows it again, and no report " +
			"carries it. The moderator refuses orders without it, so this schema requires it; only the offline " +
			"simulator (pbemd sim) reads order files without one.")},
		prop{"final", finalSchema()},
		prop{"orders", ordersSchema(r)},
		prop{"prefs", prefsSchema(r)},
	)
	s.Schema = "https://json-schema.org/draft/2020-12/schema"
	s.ID = SchemaID
	s.Title = "pbemd orders"
	return s
}

// nameSchema is what Parse reads with (*parser).name: any single non-empty
// scalar, as written, at most MaxName characters. A number is a name too
// (fleet: 7), so the type admits numbers and booleans as YAML reads them.
func nameSchema(desc string) *schema {
	return &schema{Type: []string{"string", "number", "boolean"}, Description: desc,
		MinLength: 1, MaxLength: orders.MaxName, Pattern: `\S`}
}

// namesSchema is what (*parser).names reads: a non-empty list of names.
func namesSchema(desc, item string) *schema {
	return &schema{Type: "array", Description: desc, Items: nameSchema(item), MinItems: 1}
}

func turnSchema() *schema {
	return &schema{
		Description: "The turn the orders are for: the turn your last report opened, which it names with its " +
			"deadline. Orders for another turn, or after the deadline, are refused with the open turn.",
		AnyOf: []*schema{
			{Type: "integer", Minimum: 1},
			{Type: "string", Pattern: `^\s*\+?0*[1-9][0-9]*\s*$`, Description: "a quoted turn number, e.g. \"3\""},
		},
	}
}

func finalSchema() *schema {
	return &schema{
		Description: "true when nothing more is coming for this turn: once every player's orders are final, " +
			"the turn may resolve before its deadline. Until it resolves, a later mail for the same turn still replaces the orders. " +
			"Default false.",
		Default: false,
		AnyOf: []*schema{
			{Type: "boolean"},
			{Enum: []any{"y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "n", "N", "no", "No", "NO", "off", "Off", "OFF"},
				Description: "YAML 1.1 spellings of true and false, accepted too"},
		},
	}
}

// ordersSchema is the list under orders: (orderList), one schema per
// kind (Kind.schema). An empty value is no orders.
func ordersSchema(r *campaign.Rules) *schema {
	return &schema{
		Type: []string{"array", "null"},
		Description: "Your orders, one list item each. They are checked and costed in the order written, each " +
			"from where the orders above it leave your fleets. Each turn you have " + budgetText(r.Budget) + "; your report and the " +
			"confirmation say how many. Write orders: [] or leave it empty to send none. A new mail for the same " +
			"turn replaces all the orders on file. One mail holds at most " + strconv.Itoa(orders.MaxOrders) + " orders.",
		MaxItems: orders.MaxOrders,
		Items: &schema{
			Description: "One order: a mapping with exactly one key, its kind: " + strings.Join(kinds.Names(), ", ") + ".",
			OneOf:       kindSchemas(r),
		},
	}
}

// kindSchemas are the schemas of the order kinds, in the table's order.
func kindSchemas(r *campaign.Rules) []*schema {
	var out []*schema
	for k := range kinds.All() {
		out = append(out, k.schema(r))
	}
	return out
}

// budgetText says how many order points a player has each turn (EaW 5.0).
func budgetText(b campaign.BudgetRules) string {
	if b.Divisor == 0 {
		return fmt.Sprintf("%d order points (EaW 5.0)", b.Min)
	}
	return fmt.Sprintf("max(%d, floor(F/%d)) order points, where F counts your fleets of at least %d ships and %d combat BPV "+
		"(EaW 5.0; carried bases are not ships, and freighters' combat BPV does not count)", b.Min, b.Divisor, b.FleetMinShips, b.FleetMinCBPV)
}

// orderPoints writes a number of order points: "1 order point",
// "3 order points".
func orderPoints(n int) string {
	if n == 1 {
		return "1 order point"
	}
	return fmt.Sprintf("%d order points", n)
}

// prefsSchema is the standing preferences (prefs.go).
func prefsSchema(r *campaign.Rules) *schema {
	s := closed("Standing answers to choices that come up while the turn resolves. A key left out keeps its default.",
		nil,
		prop{"explore_bonus", &schema{
			Description: fmt.Sprintf("What a fleet takes when its exploration of an unknown planet rolls a bonus row: bpv (the "+
				"default) takes %d BPV, or %d with a scout (EaW 16a, 16b); precursor rolls for a precursor object "+
				"instead (EaW 16c).", r.Explore.Bonus[0], r.Explore.Bonus[1]),
			Enum:    []any{ExploreBPV, ExplorePrecursor},
			Default: ExploreBPV,
		}},
		prop{"explore_planet", &schema{
			Description: "The planet you take when an exploration leaves the choice to you (a 6 on a bonus row, " +
				"EaW 16a, 16b): mineral (the default), life or dead.",
			Enum:    []any{"mineral", "life", "dead"},
			Default: "mineral",
		}},
	)
	s.Type = []string{"object", "null"}
	return s
}

// fleetField is the fleet: of an order for one fleet.
var fleetField = prop{"fleet", nameSchema("One of your fleets, by the ID your report gives it, e.g. 1st.")}

// unitsField is the units: of an order for some units of a fleet.
func unitsField(desc string) prop {
	return prop{"units", namesSchema(desc+" Name a class twice for two units, e.g. [frigate, frigate].", "A unit class, e.g. frigate.")}
}

// kindSchema is the schema of one order kind: a mapping with the kind as
// its only key.
func kindSchema(kind, summary, desc string, required []string, fields ...prop) *schema {
	return closed(summary, []string{kind}, prop{kind, closed(desc, required, fields...)})
}
