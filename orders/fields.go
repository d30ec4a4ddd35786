package orders

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// parser walks a checked YAML node tree (no aliases, no anchors) and
// collects problems.
type parser struct {
	*collector
}

// entry is one key and its value in a mapping.
type entry struct{ key, val *yaml.Node }

// fields reads the keys of mapping m, which must be among allowed. It
// reports unknown keys (suggesting the nearest allowed one), duplicate keys
// (the first one counts) and keys that are not plain names. where names the
// mapping in messages: "the header", "a move order", "prefs".
func (p *parser) fields(m *yaml.Node, allowed []string, where string) map[string]entry {
	got := make(map[string]entry, len(m.Content)/2)
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			p.add(pos(k), "", "a key must be a plain name, not "+describe(k), "keys in "+where+": "+strings.Join(allowed, ", "))
			continue
		}
		if first, dup := got[k.Value]; dup {
			p.add(pos(k), "", fmt.Sprintf("key %q is given twice; the first is at %s", k.Value, pos(first.key)),
				"keep only one of them")
			continue
		}
		if !slices.Contains(allowed, k.Value) {
			p.add(pos(k), "", fmt.Sprintf("unknown key %q in %s", k.Value, where), suggest(k.Value, allowed, "keys in "+where))
			continue
		}
		got[k.Value] = entry{k, v}
	}
	return got
}

// suggest is the hint for an unknown name: the nearest known one if it is
// close, and the full list.
func suggest(word string, known []string, what string) string {
	all := what + ": " + strings.Join(known, ", ")
	if n, ok := nearest(word, known); ok {
		return fmt.Sprintf("did you mean %q? %s", n, all)
	}
	return all
}

// MaxName is the longest name (ID, class or token) Parse accepts, in
// characters;
// names are echoed in replies.
const MaxName = 100

// name reads a single name (an ID, a class, a token) from a scalar. Any
// scalar spelling counts, as written: "1" and "no" are names too.
func (p *parser) name(n *yaml.Node, field, example string) (string, bool) {
	switch {
	case n.Kind != yaml.ScalarNode:
		p.add(pos(n), "", fmt.Sprintf("%s must be a single name, not %s", field, describe(n)), "for example "+example)
	case isNull(n) || strings.TrimSpace(n.Value) == "":
		p.add(pos(n), "", field+" has no value", "for example "+example)
	case utf8.RuneCountInString(n.Value) > MaxName:
		p.add(pos(n), "", fmt.Sprintf("%s is %d characters long; the limit is %d", field, utf8.RuneCountInString(n.Value), MaxName),
			"for example "+example)
	default:
		return strings.TrimSpace(n.Value), true
	}
	return "", false
}

// names reads a list of names. A single name where a list is needed is a
// problem: the player must see the brackets.
func (p *parser) names(n *yaml.Node, field, example string) ([]string, []Pos, bool) {
	if n.Kind != yaml.SequenceNode {
		p.add(pos(n), "", fmt.Sprintf("%s must be a list, not %s", field, describe(n)), "for example "+example)
		return nil, nil, false
	}
	if len(n.Content) == 0 {
		p.add(pos(n), "", field+" is empty", "for example "+example)
		return nil, nil, false
	}
	var out []string
	var at []Pos
	ok := true
	for _, item := range n.Content {
		s, good := p.name(item, "each item of "+field, example)
		ok = ok && good
		out = append(out, s)
		at = append(at, pos(item))
	}
	return out, at, ok
}

// number reads a whole number. A quoted one ("3") is accepted too: telling
// a player that "3" is not a number would only confuse.
func (p *parser) number(n *yaml.Node, field, example string) (int, bool) {
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
	p.add(pos(n), "", fmt.Sprintf("%s must be a whole number, not %s", field, describe(n)), "for example "+example)
	return 0, false
}

// boolean reads true or false (yes and no are accepted too).
func (p *parser) boolean(n *yaml.Node, field string) (bool, bool) {
	var v bool
	tag := n.ShortTag()
	if n.Kind != yaml.ScalarNode || (tag != "!!bool" && tag != "!!str") || n.Decode(&v) != nil {
		p.add(pos(n), "", fmt.Sprintf("%s must be true or false, not %s", field, describe(n)),
			fmt.Sprintf("for example %s: true", field))
		return false, false
	}
	return v, true
}

// describe names what a node is, for messages: `"three"`, "a list".
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.ScalarNode:
		if isNull(n) {
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
