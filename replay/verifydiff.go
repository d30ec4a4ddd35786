package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/game"
)

// differences collects where a resolution differs from the stored record
// of its next turn, the first maxDifferences of them spelled out, each as
// a path a person can follow: "state.fleets[vorn 2nd].at".
type differences struct {
	// next is the turn whose record is compared.
	next  int
	found []string
	count int
}

// none stands for a value one side lacks.
type none struct{}

// showLimit bounds a value quoted in a difference.
const showLimit = 100

func (d *differences) add(s string) {
	d.count++
	if len(d.found) < maxDifferences {
		d.found = append(d.found, s)
	}
}

// json adds where two JSON documents differ, the resolution's and the
// stored one, under name.
func (d *differences) json(name string, resolved, stored []byte) {
	d.compare(name, resolved, stored, fmt.Sprintf("turn %d holds", d.next))
}

// rebuilt adds where a view the resolution gives differs from the one
// rebuilt from the stored turn, leaving out what the rebuilt one lacks.
func (d *differences) rebuilt(name string, resolved, rebuilt []byte) error {
	if bytes.Equal(resolved, rebuilt) {
		return nil
	}
	var a, b map[string]json.RawMessage
	if err := json.Unmarshal(resolved, &a); err != nil {
		return fmt.Errorf("read a view: %w", err)
	}
	if err := json.Unmarshal(rebuilt, &b); err != nil {
		return fmt.Errorf("read a view: %w", err)
	}
	holds := fmt.Sprintf("the report rebuilt from turn %d shows", d.next)
	for _, k := range slices.Sorted(maps.Keys(b)) {
		if !bytes.Equal(a[k], b[k]) {
			d.compare(name+"."+k, a[k], b[k], holds)
		}
	}
	return nil
}

// events adds where the resolution's events differ from the stored ones.
// An event put in or left out shifts all that follow, so only the run
// between the first and the last event that differ is compared: event by
// event where both sides have as many there, or else each side's events
// listed as its own.
func (d *differences) events(resolved, stored []game.Event) {
	a, b := encodeEach(resolved), encodeEach(stored)
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	midA, midB := resolved[p:len(a)-s], stored[p:len(b)-s]
	if len(midA) == len(midB) {
		for i := range midA {
			d.compare(fmt.Sprintf("events[%d]", p+i), []byte(a[p+i]), []byte(b[p+i]), fmt.Sprintf("turn %d holds", d.next))
		}
		return
	}
	for i, e := range midA {
		d.add(fmt.Sprintf("events[%d]: the resolution gives %s %s, turn %d holds nothing like it", p+i, e.Kind, show(e.Text), d.next))
	}
	for i, e := range midB {
		d.add(fmt.Sprintf("events[%d]: turn %d holds %s %s, the resolution gives nothing like it", p+i, d.next, e.Kind, show(e.Text)))
	}
}

// encodeEach returns each event's JSON.
func encodeEach(events []game.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		data, err := json.Marshal(e)
		if err != nil {
			panic(fmt.Sprintf("moderator: encode an event: %v", err)) // an Event is strings and a list of them
		}
		out[i] = string(data)
	}
	return out
}

// compare adds where two JSON documents differ, or that they do if they
// cannot be read or differ only in their encoding.
func (d *differences) compare(name string, resolved, stored []byte, holds string) {
	before := d.count
	a, errA := decodeJSON(resolved)
	b, errB := decodeJSON(stored)
	if errA == nil && errB == nil {
		d.walk(name, a, b, holds)
	}
	if d.count == before {
		d.add(fmt.Sprintf("%s: differs in its encoding", name))
	}
}

func decodeJSON(data []byte) (any, error) {
	if len(data) == 0 {
		return none{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	return v, dec.Decode(&v)
}

// walk adds where a, the resolution's value at path, differs from b, the
// stored one.
func (d *differences) walk(path string, a, b any, holds string) {
	switch av := a.(type) {
	case map[string]any:
		if bv, ok := b.(map[string]any); ok {
			d.object(path, av, bv, holds)
			return
		}
	case []any:
		if bv, ok := b.([]any); ok {
			d.list(path, av, bv, holds)
			return
		}
	default:
		if a == b {
			return
		}
	}
	d.add(fmt.Sprintf("%s: the resolution gives %s, %s %s", path, show(a), holds, show(b)))
}

func (d *differences) object(path string, a, b map[string]any, holds string) {
	keys := slices.Sorted(maps.Keys(a))
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		d.walk(path+"."+k, valueOr(a, k), valueOr(b, k), holds)
	}
}

func valueOr(m map[string]any, k string) any {
	if v, ok := m[k]; ok {
		return v
	}
	return none{}
}

// list compares two lists entry by entry: records by their identity
// (labels), anything else by index.
func (d *differences) list(path string, a, b []any, holds string) {
	la, lb := labels(a), labels(b)
	if la == nil || lb == nil {
		for i := range max(len(a), len(b)) {
			d.walk(fmt.Sprintf("%s[%d]", path, i), entry(a, i), entry(b, i), holds)
		}
		return
	}
	before := d.count
	inA, inB := map[string]bool{}, map[string]int{}
	for j, l := range lb {
		inB[l] = j
	}
	for i, l := range la {
		inA[l] = true
		var other any = none{}
		if j, ok := inB[l]; ok {
			other = b[j]
		}
		d.walk(path+"["+l+"]", a[i], other, holds)
	}
	for j, l := range lb {
		if !inA[l] {
			d.walk(path+"["+l+"]", none{}, b[j], holds)
		}
	}
	if d.count == before && !slices.Equal(la, lb) {
		d.add(path + ": the same entries, in another order")
	}
}

func entry(list []any, i int) any {
	if i < len(list) {
		return list[i]
	}
	return none{}
}

// labels names the records of a list by who or what each is: its owner
// and id, its id, or the player or system it is about. It returns nil
// when an entry is no record, or has no such name, or shares it with
// another: such a list is compared by index.
func labels(list []any) []string {
	seen := map[string]bool{}
	out := make([]string, len(list))
	for i, e := range list {
		rec, ok := e.(map[string]any)
		if !ok {
			return nil
		}
		var parts []string
		for _, k := range [...]string{"owner", "player", "id", "system"} {
			if s, ok := rec[k].(string); ok && s != "" {
				parts = append(parts, s)
			}
		}
		l := strings.Join(parts, " ")
		if l == "" || seen[l] {
			return nil
		}
		seen[l], out[i] = true, l
	}
	return out
}

// show quotes a value in a difference, cut short if long.
func show(v any) string {
	if _, ok := v.(none); ok {
		return "nothing"
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if s := []rune(string(data)); len(s) > showLimit {
		return string(s[:showLimit]) + "…"
	}
	return string(data)
}
