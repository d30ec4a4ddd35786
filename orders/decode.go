package orders

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// The decoding methods of Collector read the nodes of a tree that Document
// checked (no aliases, no anchors), each value where it is written, and
// record what is wrong with its position: yaml's own decoding forgets
// KnownFields in Node.Decode, and its TypeError has no columns. A field is
// named in messages as the user wrote it ("turn", "path"); an example, when
// given, becomes the hint "for example turn: 3". A nil node is an absent
// key: no problem, and no value.

// Entry is one key of a YAML mapping and its value.
type Entry struct{ Key, Value *yaml.Node }

// Fields are the known keys of a mapping that Collector.Mapping read.
type Fields struct {
	// Where names the mapping in messages: "the header", "a move order",
	// "gm".
	Where string
	// Node is the mapping; nil when it was absent.
	Node    *yaml.Node
	entries map[string]Entry
}

// Get returns key and its value, if the mapping has it.
func (f Fields) Get(key string) (Entry, bool) {
	e, ok := f.entries[key]
	return e, ok
}

// Value returns the value of key, or nil when the mapping lacks it.
func (f Fields) Value(key string) *yaml.Node { return f.entries[key].Value }

// mergeHint is the hint for a YAML merge key.
const mergeHint = "merge keys (<<) are not allowed; write the keys out in full"

// Mapping reads the mapping n, whose keys must be among known. It reports
// unknown keys (with the KeyHints hint or the nearest known key), repeated
// keys (the first one counts) and keys that are not plain names. ok is
// false when n is absent or not a mapping; the latter is a problem.
func (c *Collector) Mapping(n *yaml.Node, where string, known ...string) (f Fields, ok bool) {
	f = Fields{Where: where, Node: n}
	if n == nil {
		return f, false
	}
	if n.Kind != yaml.MappingNode {
		c.Wrong(n, where, "a mapping", "")
		return f, false
	}
	f.entries = make(map[string]Entry, len(n.Content)/2)
	seen := make(map[string]*yaml.Node, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			c.Add(PosOf(k), "", "a key must be a plain name, not "+Describe(k), "keys in "+where+": "+strings.Join(known, ", "))
			continue
		}
		if first, dup := seen[k.Value]; dup {
			c.Add(PosOf(k), "", fmt.Sprintf("key %q is given twice; the first is at %s", k.Value, PosOf(first)),
				"keep only one of them")
			continue
		}
		seen[k.Value] = k
		if !slices.Contains(known, k.Value) {
			c.Add(PosOf(k), "", fmt.Sprintf("unknown key %q in %s", k.Value, where), c.keyHint(k.Value, known, where))
			continue
		}
		f.entries[k.Value] = Entry{k, v}
	}
	return f, true
}

// keyHint is the hint for an unknown key.
func (c *Collector) keyHint(key string, known []string, where string) string {
	if hint, ok := c.KeyHints[key]; ok {
		return hint
	}
	if key == "<<" {
		return mergeHint
	}
	return c.NearestHint(key, known, "keys in "+where)
}

// Wrong records that n is not what field wants: `turn must be a whole
// number, not "three"`.
func (c *Collector) Wrong(n *yaml.Node, field, want, example string) {
	c.Add(PosOf(n), "", fmt.Sprintf("%s must be %s, not %s", field, want, Describe(n)), forExample(example))
}

// forExample is the hint "for example EXAMPLE", or "" without an example.
func forExample(example string) string {
	if example == "" {
		return ""
	}
	return "for example " + example
}

// Scalar reads one value that is not blank, such as a name or a title,
// and returns it without surrounding white space. Numbers are taken as
// written: a system may well be called 2001. want says what the value should
// be, for messages: "text", "a single name".
func (c *Collector) Scalar(n *yaml.Node, field, want, example string) (string, bool) {
	switch {
	case n == nil:
	case n.Kind != yaml.ScalarNode:
		c.Wrong(n, field, want, example)
	case IsNull(n) || strings.TrimSpace(n.Value) == "":
		hint := forExample(example)
		if hint == "" {
			hint = "write " + want
		}
		c.Add(PosOf(n), "", field+" has no value", hint)
	default:
		return strings.TrimSpace(n.Value), true
	}
	return "", false
}

// MaxName is the longest name (ID, class or token) Parse accepts, in
// characters; names are echoed in replies.
const MaxName = 100

// Name reads a single name (an ID, a class, a token): a Scalar of at most
// MaxName characters. Any scalar spelling counts, as written: "1" and "no"
// are names too.
func (c *Collector) Name(n *yaml.Node, field, example string) (string, bool) {
	s, ok := c.Scalar(n, field, "a single name", example)
	if ok && utf8.RuneCountInString(s) > MaxName {
		c.Add(PosOf(n), "", fmt.Sprintf("%s is %d characters long; the limit is %d", field, utf8.RuneCountInString(s), MaxName),
			forExample(example))
		return "", false
	}
	return s, ok
}

// List reads a list; an empty value is an empty list.
func (c *Collector) List(n *yaml.Node, field, example string) ([]*yaml.Node, bool) {
	switch {
	case n == nil:
		return nil, false
	case IsNull(n):
		return nil, true
	case n.Kind != yaml.SequenceNode:
		c.Wrong(n, field, "a list", example)
		return nil, false
	}
	return n.Content, true
}

// Names reads a list of names that must not be empty, with the position
// of each. A single name where a list is needed is a problem: the player
// must see the brackets.
func (c *Collector) Names(n *yaml.Node, field, example string) ([]string, []Pos, bool) {
	items, ok := c.List(n, field, example)
	if !ok {
		return nil, nil, false
	}
	if len(items) == 0 {
		c.Add(PosOf(n), "", field+" is empty", forExample(example))
		return nil, nil, false
	}
	var out []string
	var at []Pos
	for _, item := range items {
		s, good := c.Name(item, "each item of "+field, example)
		ok = ok && good
		out = append(out, s)
		at = append(at, PosOf(item))
	}
	return out, at, ok
}

// Int reads a whole number. A quoted one ("3") is accepted too: telling a
// user that "3" is not a number would only confuse.
func (c *Collector) Int(n *yaml.Node, field, example string) (int, bool) {
	if n == nil {
		return 0, false
	}
	if n.Kind == yaml.ScalarNode {
		var v int
		switch n.ShortTag() {
		case "!!int":
			if n.Decode(&v) == nil {
				return v, true
			}
		case "!!str":
			if v, err := strconv.Atoi(strings.TrimSpace(n.Value)); err == nil {
				return v, true
			}
		}
	}
	c.Wrong(n, field, "a whole number", example)
	return 0, false
}

// Bool reads true or false; yes, no, on and off are accepted too.
func (c *Collector) Bool(n *yaml.Node, field string) (bool, bool) {
	if n == nil {
		return false, false
	}
	var v bool
	tag := n.ShortTag()
	if n.Kind != yaml.ScalarNode || (tag != "!!bool" && tag != "!!str") || n.Decode(&v) != nil {
		c.Wrong(n, field, "true or false", field+": true")
		return false, false
	}
	return v, true
}

// Describe names what a node is, for messages: `"three"`, "a list".
func Describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.ScalarNode:
		if IsNull(n) {
			return "empty"
		}
		v := n.Value
		if r := []rune(v); len(r) > 40 {
			v = string(r[:40]) + "…"
		}
		return fmt.Sprintf("%q", v)
	}
	return "this"
}

// PosOf is the position of a node.
func PosOf(n *yaml.Node) Pos { return Pos{Line: n.Line, Col: n.Column} }

// IsNull reports whether a node is empty: null, ~ or nothing.
func IsNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" }
