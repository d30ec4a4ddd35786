package orders

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
)

// Submission is one mail's orders or request, as parsed.
type Submission struct {
	Campaign campaign.ID
	Player   campaign.PlayerID
	// Turn is the turn the orders are for, counted from 1.
	Turn int
	// Token authenticates the player; the moderator compares it and never
	// echoes it.
	Token string
	// Final says nothing more is coming: the turn may resolve early.
	Final bool
	// Orders is the order list and Prefs the standing preferences, as the
	// campaign's Kinds read them: what they hold is the ruleset's.
	Orders Part
	Prefs  Part
	// Extension, Command or Battle is set when the mail is a request
	// rather than orders; Turn and Orders are then empty.
	Extension *Extension
	Command   *Command
	// Battle is a side's result or confirmation of a battle fought
	// outside pbemd (battles: reported).
	Battle *BattleReport
	// Pos holds the position of each header key present ("campaign", "player", "turn", "token", "final", "orders", "prefs", ...).
	Pos map[string]Pos
}

// Kinds reads the part of a mail that belongs to its campaign's ruleset:
// the order list under orders: and the standing preferences under
// prefs:. A ruleset provides them (game.Ruleset.Kinds). Each records its
// problems in the Collector and returns what it could read.
type Kinds interface {
	// Orders reads e, the orders: key and its value.
	Orders(c *Collector, e Entry) Part
	// Prefs reads the value of the prefs: key, or gives the preferences
	// of a mail without one for a nil n.
	Prefs(c *Collector, n *yaml.Node) Part
}

// KindsOf finds the order kinds of the campaign a mail names, by the value
// of its campaign: key ("" when it names none). An error says why there
// are none, such as a campaign pbemd does not run: Parse reports it at
// the campaign: key and leaves orders: and prefs: unread.
type KindsOf func(campaign.ID) (Kinds, error)

// Only is the KindsOf of a reader who knows the campaign's kinds
// beforehand, such as the offline simulator: k, whatever the mail names.
func Only(k Kinds) KindsOf {
	return func(campaign.ID) (Kinds, error) { return k, nil }
}

// Part is a part of a submission that only its ruleset reads: the order
// list or the preferences. It holds the value the ruleset's Kinds made,
// or, in a submission read back from JSON (orders on file), that JSON
// until the ruleset reads it with PartOf. It marshals as what it holds.
type Part struct {
	v   any
	raw json.RawMessage
}

// NewPart returns a part holding a ruleset's value.
func NewPart(v any) Part { return Part{v: v} }

// IsZero reports whether the part holds nothing: the orders of a request,
// or of a submission made by hand.
func (p Part) IsZero() bool { return p.v == nil && p.raw == nil }

// Len is how many items a part that holds a list has, such as the orders
// of an order list; 0 for any other part.
func (p Part) Len() int {
	if p.v != nil {
		if rv := reflect.ValueOf(p.v); rv.Kind() == reflect.Slice {
			return rv.Len()
		}
		return 0
	}
	var items []json.RawMessage
	if json.Unmarshal(p.raw, &items) != nil {
		return 0
	}
	return len(items)
}

// MarshalJSON writes the value the part holds, or the JSON it was read
// from; null for an empty part.
func (p Part) MarshalJSON() ([]byte, error) {
	switch {
	case p.v != nil:
		return json.Marshal(p.v)
	case p.raw != nil:
		return p.raw, nil
	}
	return []byte("null"), nil
}

// UnmarshalJSON keeps the JSON for the ruleset to read (PartOf).
func (p *Part) UnmarshalJSON(b []byte) error {
	p.v, p.raw = nil, bytes.Clone(b)
	return nil
}

// PartOf returns what a part holds as a T: the ruleset's own value, or
// the JSON it was read back from, decoded into a T. An empty part gives
// T's zero value.
func PartOf[T any](p Part) (T, error) {
	var out T
	if v, ok := p.v.(T); ok {
		return v, nil
	}
	if p.v != nil {
		return out, fmt.Errorf("orders: a submission holds %T, not %T", p.v, out)
	}
	if p.raw == nil {
		return out, nil
	}
	if err := json.Unmarshal(p.raw, &out); err != nil {
		return out, fmt.Errorf("orders: read back a submission's %T: %w", out, err)
	}
	return out, nil
}
