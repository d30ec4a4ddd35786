package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/internal/yamldoc"
)

// checker walks the YAML nodes of one file and collects its problems. The
// yaml library's own decoding is not used for content: Node.Decode forgets
// KnownFields and its TypeError has no columns, so every key and value is
// checked here, on the nodes, with its position.
type checker struct {
	file   string
	probs  Problems
	budget int
	// hints are messages for keys that are known mistakes, by key.
	hints map[string]string
}

func newChecker(file string) *checker {
	return &checker{
		file:   file,
		budget: suggestBudget,
		hints: map[string]string{
			"<<": "merge keys (<<) are not allowed; write the keys out in full",
		},
	}
}

// addf records a problem at n's position; n may be nil for a problem with
// the whole file.
func (c *checker) addf(n *yaml.Node, format string, args ...any) {
	p := Problem{File: c.file, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		p.Line, p.Col = n.Line, n.Column
	}
	c.probs = append(c.probs, p)
}

// document parses data as one YAML document and returns its top node, or
// nil after recording why it cannot.
func (c *checker) document(data []byte, limit int, empty string) *yaml.Node {
	if len(data) > limit {
		c.addf(nil, "file is %d bytes, more than the limit of %d MiB", len(data), limit>>20)
		return nil
	}
	if n := maxValues(data); n > MaxValues {
		c.addf(nil, "file may hold %d YAML values, more than the limit of %d", n, MaxValues)
		return nil
	}
	first, extra := yamldoc.Split(data)
	c.extraDocument(extra)
	var doc yaml.Node
	if err := decodeNode(yaml.NewDecoder(bytes.NewReader(first)), &doc); err != nil {
		if errors.Is(err, io.EOF) {
			c.addf(nil, "%s", empty)
		} else {
			c.syntax(first, err)
		}
		return nil
	}
	c.refuseAliases(&doc)
	if len(doc.Content) == 0 || isNull(doc.Content[0]) {
		c.addf(nil, "%s", empty)
		return nil
	}
	return doc.Content[0]
}

// extraDocument records that a file holds more than one YAML document, at
// the line of the marker: only the first is read, and the rest must not be
// dropped without a word.
func (c *checker) extraDocument(e yamldoc.Extra) {
	switch e.Marker {
	case "---":
		c.probs = append(c.probs, Problem{File: c.file, Line: e.Line, Col: 1,
			Msg: `a second YAML document starts here with "---"; only one document is read, so remove this line and what follows, or put that in a file of its own`})
	case "...":
		c.probs = append(c.probs, Problem{File: c.file, Line: e.Line, Col: 1,
			Msg: `the YAML document ends here with "...", but more text follows; only one document is read, so remove the "..." line or the text after it`})
	}
}

// MaxValues bounds the YAML values (nodes) a file may hold, as estimated
// by maxValues before parsing. Each costs a few hundred bytes once parsed,
// so a dense file within the byte limit could otherwise take a gigabyte. A
// scenario of 2000 systems and 4000 fleets holds about 80,000 values, and
// is estimated at about 180,000.
const MaxValues = 1 << 20

// maxValues is an upper bound on the number of YAML nodes in data, the
// document node included, found without parsing it. Every node but the
// document and its top node follows a ',', ':', '-', '[', '{', '?' or a
// line break, and one of those brings at most two nodes: a block mapping
// with its first key ("- a: b"), or a key with its implicit null value
// ("{a, b}"). FuzzParseScenario checks the bound against the parser.
func maxValues(data []byte) int {
	n := 0
	for _, sep := range []byte(",:-[{?\n") {
		n += bytes.Count(data, []byte{sep})
	}
	return 2*n + 2
}

// decodeNode reads the next document into n. The parser has panicked on
// hostile input in the past ("internal error ... please report"); such a
// panic is turned into an error here, at the edge of the library, so a bad
// file is a problem and not a crash.
func decodeNode(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: the YAML parser failed on this file (%v)", r)
		}
	}()
	return dec.Decode(n)
}

// syntax records a parser error. The parser reports only "line N", so the
// problem has no column.
func (c *checker) syntax(data []byte, err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	p := Problem{File: c.file}
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		num, after, found := strings.Cut(rest, ": ")
		if n, convErr := strconv.Atoi(num); found && convErr == nil {
			p.Line, msg = n, after
		}
	}
	if parserPhase(msg) {
		// yaml v3 counts lines from 0 for errors of its parser phase (but
		// from 1 for its scanner), and leaves out a line 0.
		p.Line++
	}
	switch {
	case syntaxHints[msg] != "":
		msg += "; " + syntaxHints[msg]
	case strings.HasPrefix(msg, "unknown anchor"):
		msg += "; anchors and aliases are not allowed, so write the value out in full"
	case p.Line > 0 && bytes.Contains(lineOf(data, p.Line), []byte("\t")):
		msg += "; the line has a tab: indent with spaces, never tabs"
	}
	p.Msg = "YAML syntax: " + msg
	c.probs = append(c.probs, p)
}

// syntaxHints say what usually causes a parser error, by its message.
var syntaxHints = map[string]string{
	"did not find expected ',' or ']'":               "a [list] on this line or above is not closed, or two of its items lack a comma between them",
	"did not find expected ',' or '}'":               "a {mapping} on this line or above is not closed, or two of its entries lack a comma between them",
	"did not find expected key":                      "check the indentation of this line against the lines above",
	"mapping values are not allowed in this context": "quote a value that holds \": \", e.g. title: \"Wars: the sequel\"",
}

// parserPhase reports whether a yaml v3 error message comes from its
// parser (parserc.go) rather than its scanner.
func parserPhase(msg string) bool {
	for _, prefix := range []string{
		"did not find expected", "found undefined tag handle", "found duplicate %",
		"found incompatible YAML document",
	} {
		if strings.HasPrefix(msg, prefix) {
			return true
		}
	}
	return false
}

// lineOf returns line n (from 1) of data, or nil.
func lineOf(data []byte, n int) []byte {
	for i := 1; len(data) > 0; i++ {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		if i == n {
			return line
		}
		data = rest
	}
	return nil
}

// standardTags are the YAML tags a file may spell out.
var standardTags = []string{"!!str", "!!int", "!!float", "!!bool", "!!null", "!!map", "!!seq"}

// refuseAliases reports every anchor, alias and unusual tag in the tree.
// Aliases are refused outright, so expanding them can never blow up (the
// "billion laughs" alias bomb), and walking the tree stays linear.
func (c *checker) refuseAliases(n *yaml.Node) {
	if n.Anchor != "" && n.Kind != yaml.AliasNode {
		c.addf(n, "anchor &%s: anchors and aliases are not allowed; write the value out in full", n.Anchor)
	}
	if n.Kind == yaml.AliasNode {
		c.addf(n, "alias *%s: anchors and aliases are not allowed; write the value out in full", n.Value)
		return
	}
	if n.Style&yaml.TaggedStyle != 0 && !slices.Contains(standardTags, n.Tag) {
		c.addf(n, "tag %s is not allowed; remove it", n.Tag)
	}
	for _, child := range n.Content {
		c.refuseAliases(child)
	}
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// describe names what a node holds, for "want X, found Y" messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	v := n.Value
	if len(v) > 40 {
		v = v[:40] + "..."
	}
	switch n.ShortTag() {
	case "!!null":
		return "nothing"
	case "!!int", "!!float":
		return "the number " + v
	case "!!bool":
		return "the value " + v
	}
	return "the text " + strconv.Quote(v)
}

// wrong records that n is not what was wanted. Aliases were reported
// already, by refuseAliases.
func (c *checker) wrong(n *yaml.Node, what, want string) {
	if n.Kind == yaml.AliasNode {
		return
	}
	c.addf(n, "%s: want %s, found %s", what, want, describe(n))
}

// fields is a checked YAML mapping: the value node of each known key.
type fields struct {
	what string
	node *yaml.Node
	vals map[string]*yaml.Node
}

// get returns the value of key, or nil if it is absent.
func (f fields) get(key string) *yaml.Node { return f.vals[key] }

// mapping checks that n is a mapping whose keys are known and unique, and
// returns its values by key. Unknown and repeated keys are problems.
func (c *checker) mapping(n *yaml.Node, what string, known ...string) (fields, bool) {
	f := fields{what: what, node: n}
	if n == nil {
		return f, false
	}
	if n.Kind != yaml.MappingNode {
		c.wrong(n, what, "a mapping of keys to values")
		return f, false
	}
	f.vals = make(map[string]*yaml.Node, len(n.Content)/2)
	first := make(map[string]*yaml.Node, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			c.wrong(k, what, "a key")
			continue
		}
		if prev, dup := first[k.Value]; dup {
			c.addf(k, "%s has the key %q twice (first on line %d); keep one", what, k.Value, prev.Line)
			continue
		}
		first[k.Value] = k
		if !slices.Contains(known, k.Value) {
			c.unknownKey(k, what, known)
			continue
		}
		f.vals[k.Value] = v
	}
	return f, true
}

func (c *checker) unknownKey(k *yaml.Node, what string, known []string) {
	if hint, ok := c.hints[k.Value]; ok {
		c.addf(k, "%s: %s", what, hint)
		return
	}
	c.addf(k, "unknown key %q in %s%s (known keys: %s)", k.Value, what,
		didYouMean(c.suggest(k.Value, known)), strings.Join(known, ", "))
}

// need returns the value of a required key, or records that it is missing.
// example is what the message suggests writing.
func (c *checker) need(f fields, key, example string) *yaml.Node {
	if f.vals == nil {
		return nil
	}
	if n := f.vals[key]; n != nil {
		return n
	}
	c.addf(f.node, "%s has no %s; add e.g. %s: %s", f.what, key, key, example)
	return nil
}

// scalar checks that n is a single value, not a list or mapping, and not
// empty. A nil n (an absent key) is not a problem.
func (c *checker) scalar(n *yaml.Node, what, want string) bool {
	switch {
	case n == nil:
		return false
	case n.Kind != yaml.ScalarNode:
		c.wrong(n, what, want)
		return false
	case isNull(n) || n.Value == "":
		c.addf(n, "%s is empty; write %s", what, want)
		return false
	}
	return true
}

// text reads a non-empty string. Numbers are taken as written: a system
// may well be called 2001.
func (c *checker) text(n *yaml.Node, what string) (string, bool) {
	return c.textAs(n, what, "text")
}

// textAs is text, with want saying what kind of text is wanted.
func (c *checker) textAs(n *yaml.Node, what, want string) (string, bool) {
	if !c.scalar(n, what, want) {
		return "", false
	}
	return n.Value, true
}

// integer reads a whole number that fits an int.
func (c *checker) integer(n *yaml.Node, what string) (int, bool) {
	if !c.scalar(n, what, "a whole number") {
		return 0, false
	}
	var v int
	if n.ShortTag() != "!!int" || n.Decode(&v) != nil {
		c.wrong(n, what, "a whole number")
		return 0, false
	}
	return v, true
}

// boolean reads true or false.
func (c *checker) boolean(n *yaml.Node, what string) (bool, bool) {
	if !c.scalar(n, what, "true or false") {
		return false, false
	}
	var v bool
	if n.ShortTag() != "!!bool" || n.Decode(&v) != nil {
		c.wrong(n, what, "true or false")
		return false, false
	}
	return v, true
}

// duration reads a Go duration such as 72h or 1m30s.
func (c *checker) duration(n *yaml.Node, what string) (time.Duration, bool) {
	s, ok := c.text(n, what)
	if !ok {
		return 0, false
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		c.addf(n, "%s %q is not a duration; write hours, minutes and seconds, e.g. 72h, 1m or 1h30m", what, s)
		return 0, false
	}
	return d, true
}

// maxDays bounds a duration in days, far below time.Duration's limit.
const maxDays = 100 * 365

// days reads a duration in whole days, such as 90d, or a Go duration such
// as 2160h.
func (c *checker) days(n *yaml.Node, what string) (time.Duration, bool) {
	s, ok := c.text(n, what)
	if !ok {
		return 0, false
	}
	if days, cut := strings.CutSuffix(s, "d"); cut {
		if d, err := strconv.Atoi(days); err == nil && d >= 0 && d <= maxDays {
			return time.Duration(d) * 24 * time.Hour, true
		}
	} else if d, err := time.ParseDuration(s); err == nil {
		return d, true
	}
	c.addf(n, "%s %q is not a duration; write whole days or hours, e.g. 90d or 72h", what, s)
	return 0, false
}

// sequence reads a list. An empty value is an empty list.
func (c *checker) sequence(n *yaml.Node, what string) ([]*yaml.Node, bool) {
	switch {
	case n == nil:
		return nil, false
	case isNull(n):
		return nil, true
	case n.Kind != yaml.SequenceNode:
		c.wrong(n, what, "a list")
		return nil, false
	}
	return n.Content, true
}

// zone reads an IANA time zone name.
func (c *checker) zone(n *yaml.Node, what string) (string, bool) {
	s, ok := c.text(n, what)
	if !ok {
		return "", false
	}
	if _, err := time.LoadLocation(s); err != nil || s == "Local" {
		c.addf(n, "%s %q is not a time zone; write an IANA name such as UTC, Europe/Berlin or America/New_York", what, s)
		return "", false
	}
	return s, true
}
