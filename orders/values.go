package orders

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// The methods here read the values files hold beside orders: a scenario's
// and a daemon config's. Their messages carry what to write instead, and
// no separate hint.

// Addf records a problem at n's position, with a message formatted as by
// fmt.Sprintf and no hint; n may be nil for a problem with the whole text.
func (c *Collector) Addf(n *yaml.Node, format string, args ...any) {
	var at Pos
	if n != nil {
		at = PosOf(n)
	}
	c.Add(at, "", fmt.Sprintf(format, args...), "")
}

// Need returns the value of a key the mapping f must have, or records
// that it is missing; example is what the message suggests writing. An
// absent or broken mapping needs nothing: its problem is recorded.
func (c *Collector) Need(f Fields, key, example string) *yaml.Node {
	if f.Node == nil || f.Node.Kind != yaml.MappingNode {
		return nil
	}
	if n := f.Value(key); n != nil {
		return n
	}
	c.Addf(f.Node, "%s has no %s; add e.g. %s: %s", f.Where, key, key, example)
	return nil
}

// Text reads a value that is not blank.
func (c *Collector) Text(n *yaml.Node, what string) (string, bool) {
	return c.Scalar(n, what, "text", "")
}

// Duration reads a Go duration such as 72h or 1m30s.
func (c *Collector) Duration(n *yaml.Node, what string) (time.Duration, bool) {
	s, ok := c.Text(n, what)
	if !ok {
		return 0, false
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		c.Addf(n, "%s %q is not a duration; write hours, minutes and seconds, e.g. 72h, 1m or 1h30m", what, s)
		return 0, false
	}
	return d, true
}

// Suggestion ends a message with the question that suggests the known
// word closest to word, `; did you mean "vega"?`, or is "" when none is
// close.
func (c *Collector) Suggestion(word string, known []string) string {
	if q := c.DidYouMean(word, known); q != "" {
		return "; " + q
	}
	return ""
}

// Quote quotes a value for a message, shortening it if it is long.
func Quote(s string) string {
	if len(s) > 64 {
		s = s[:64] + "..."
	}
	return strconv.Quote(s)
}

// OneOf lists choices for a message: "a", "a or b", "a, b or c".
func OneOf(choices []string) string {
	if len(choices) < 2 {
		return strings.Join(choices, "")
	}
	return strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
}

// Limits bound the values Override sets, by a value's path ("overrides.
// battles"): Choices lists what a text may be, Max caps a whole number.
// Whole numbers are 0 or more in any case.
type Limits struct {
	Choices map[string][]string
	Max     map[string]int
}

var durationType = reflect.TypeFor[time.Duration]()

// Override sets the fields of the struct dst points to that n gives,
// strictly: a struct is a mapping keyed by its fields' yaml tags, an
// array a list of exactly its length, a time.Duration a duration such as
// 30m. path names n in messages. Fields n leaves out keep their values,
// as do fields whose value is wrong.
func (c *Collector) Override(n *yaml.Node, dst any, path string, lim Limits) {
	c.override(n, reflect.ValueOf(dst).Elem(), path, lim)
}

func (c *Collector) override(n *yaml.Node, v reflect.Value, path string, lim Limits) {
	if n == nil {
		return
	}
	switch {
	case v.Type() == durationType:
		if d, ok := c.Duration(n, path); ok {
			if d < 0 {
				c.Addf(n, "%s %v is negative; write a duration such as 30m", path, d)
				return
			}
			v.SetInt(int64(d))
		}
		return
	case v.Kind() == reflect.Slice && v.Type().Elem() == durationType:
		items, ok := c.List(n, path, "")
		if !ok {
			return
		}
		list := reflect.MakeSlice(v.Type(), 0, len(items))
		for i, item := range items {
			d := reflect.New(durationType).Elem()
			c.override(item, d, fmt.Sprintf("%s[%d]", path, i), lim)
			list = reflect.Append(list, d)
		}
		v.Set(list)
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		c.overrideStruct(n, v, path, lim)
	case reflect.Array:
		items, ok := c.List(n, path, "")
		if !ok {
			return
		}
		if len(items) != v.Len() {
			c.Addf(n, "%s: want a list of %d values, found %d", path, v.Len(), len(items))
			return
		}
		for i, item := range items {
			c.overrideInt(item, v.Index(i), fmt.Sprintf("%s[%d]", path, i), lim.Max[path])
		}
	case reflect.Int:
		c.overrideInt(n, v, path, lim.Max[path])
	case reflect.Bool:
		if b, ok := c.Bool(n, path); ok {
			v.SetBool(b)
		}
	case reflect.String:
		s, ok := c.Text(n, path)
		if !ok {
			return
		}
		if choices, has := lim.Choices[path]; has && !slices.Contains(choices, s) {
			c.Addf(n, "%s %s is not allowed: write %s%s", path, Quote(s), OneOf(choices), c.Suggestion(s, choices))
			return
		}
		v.SetString(s)
	default:
		panic(fmt.Sprintf("orders: cannot override %s of kind %s", path, v.Kind()))
	}
}

func (c *Collector) overrideStruct(n *yaml.Node, v reflect.Value, path string, lim Limits) {
	t := v.Type()
	var known []string
	index := make(map[string]int)
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name == "" || name == "-" || !t.Field(i).IsExported() {
			continue
		}
		known = append(known, name)
		index[name] = i
	}
	f, ok := c.Mapping(n, path, known...)
	if !ok {
		return
	}
	for _, name := range known {
		c.override(f.Value(name), v.Field(index[name]), path+"."+name, lim)
	}
}

func (c *Collector) overrideInt(n *yaml.Node, v reflect.Value, path string, limit int) {
	i, ok := c.Int(n, path, "")
	switch {
	case !ok:
	case i < 0:
		c.Addf(n, "%s %d is negative; write 0 or more", path, i)
	case limit > 0 && i > limit:
		c.Addf(n, "%s %d is more than %d", path, i, limit)
	default:
		v.SetInt(int64(i))
	}
}
