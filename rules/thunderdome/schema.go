package thunderdome

import (
	"encoding/json"

	"github.com/pbemd/pbemd/campaign"
)

// Schema is the JSON Schema of a TD IV order mail: the header and one
// item per order kind (kinds).
func (Ruleset) Schema(*campaign.State) []byte {
	var items []any
	for k := range kinds.All() {
		items = append(items, object{"type": "object", "additionalProperties": false, "required": []string{k.Name()},
			"properties": object{k.Name(): k.schema()}})
	}
	s := object{
		"$schema":     "https://json-schema.org/draft/2020-12/schema",
		"title":       "Thunderdome IV orders",
		"description": "One mail of orders for your turn. Orders apply at once, in the order given (UTD6.121, UTD6.122); send more mails in the same turn, and final: true to end it.",
		"type":        "object",
		"required":    []string{"campaign", "player", "turn", "orders"},
		"properties": object{
			"campaign": object{"type": "string"},
			"player":   object{"type": "string"},
			"turn":     object{"type": "integer", "minimum": 1},
			"token":    object{"type": "string"},
			"final":    object{"type": "boolean", "description": "Ends your turn after these orders (UTD6.121)."},
			"orders":   object{"type": "array", "items": object{"oneOf": items}},
			"prefs": object{"type": "object", "additionalProperties": false,
				"description": "Standing choices that hold until changed; a key left out keeps its value.",
				"properties": object{
					"defend": object{"type": []string{"null", "object"}, "additionalProperties": object{"type": "string"},
						"description": "Sector to the fleet that fights there when attacked (UTD7.423); {} clears."},
					"raze": object{"type": []string{"null", "array"}, "items": object{"type": "string"},
						"description": "Sectors where colonies and mines taken at step 9 are destroyed even with a troop ship (UTD4.333); [] clears."},
				}},
		},
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		panic(err) // plain data: cannot fail
	}
	return append(data, '\n')
}
