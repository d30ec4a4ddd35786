package orders

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/internal/yamldoc"
)

// MaxValues bounds the YAML values (nodes) a text may hold, as estimated by
// maxValues before parsing. Each costs a few hundred bytes once parsed, so
// a dense text within its byte limit could otherwise take a gigabyte. A
// scenario of 2000 systems and 4000 fleets holds about 80,000 values, and
// is estimated at about 180,000.
const MaxValues = 1 << 20

// Document reads src as one strict YAML document and returns its top node,
// which is nil when the document holds no value (only comments, say): the
// caller says what was missing. ok is false when the text cannot be read;
// the problems say why, each at its line and column where the text shows
// one:
//   - a tab in a line's indentation, a control character or a byte that is
//     not UTF-8, found before parsing as the parser gives them no position;
//   - more values than MaxValues;
//   - a syntax error, in plain words with a hint;
//   - an anchor, an alias or a tag other than the standard ones (refusing
//     aliases defeats alias bombs and keeps every walk of the tree linear),
//     or nesting deeper than maxDepth.
//
// extra says where src holds more than its first document (yamldoc.Split);
// only the first is read, and the caller words the problem, as it knows
// what one text should hold.
func (c *Collector) Document(src []byte, maxDepth int) (top *yaml.Node, extra yamldoc.Extra, ok bool) {
	doc, extra := yamldoc.Split(src)
	before := c.Len()
	for _, at := range leadingTabs(doc) {
		c.Add(at, "", "a tab character indents this line", "indent with spaces only: YAML does not allow tabs for indentation")
	}
	for _, p := range badCharacters(doc) {
		c.Add(p.Pos, "", p.Msg, p.Hint)
	}
	if c.Len() > before {
		return nil, extra, false
	}
	if n := maxValues(doc); n > MaxValues {
		c.Add(Pos{}, "", fmt.Sprintf("the text may hold %d YAML values, more than the limit of %d", n, MaxValues),
			"split it, or write fewer values")
		return nil, extra, false
	}
	var root yaml.Node
	if err := unmarshal(doc, &root); err != nil {
		p := syntaxProblem(doc, err)
		c.Add(p.Pos, "", p.Msg, p.Hint)
		return nil, extra, false
	}
	if len(root.Content) == 0 || IsNull(root.Content[0]) {
		return nil, extra, true
	}
	top = root.Content[0]
	if !c.checkTree(top, maxDepth) {
		return nil, extra, false
	}
	return top, extra, true
}

// unmarshal parses one document into n. The parser has panicked on hostile
// input in the past ("internal error ... please report"); such a panic is
// turned into an error here, at the edge of the library, so a bad text is
// a problem and not a crash.
func unmarshal(src []byte, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: the YAML parser failed on this text (%v)", r)
		}
	}()
	return yaml.Unmarshal(src, n)
}

// maxValues is an upper bound on the number of YAML nodes in data, the
// document node included, found without parsing it. Every node but the
// document and its top node follows a ',', ':', '-', '[', '{', '?' or a
// line break, and one of those brings at most two nodes: a block mapping
// with its first key ("- a: b"), or a key with its implicit null value
// ("{a, b}"). FuzzParse checks the bound against the parser.
func maxValues(data []byte) int {
	n := 0
	for _, sep := range []byte(",:-[{?\n") {
		n += bytes.Count(data, []byte{sep})
	}
	return 2*n + 2
}

// standardTags are the YAML tags a text may spell out.
var standardTags = []string{"!!str", "!!int", "!!float", "!!bool", "!!null", "!!map", "!!seq"}

// checkTree refuses what neither orders nor files ever need and an attacker
// might use: anchors and aliases (alias bombs), custom tags and deep
// nesting. It walks without recursion, never follows an alias and reports
// each alias name once.
func (c *Collector) checkTree(top *yaml.Node, maxDepth int) bool {
	type item struct {
		n     *yaml.Node
		depth int
	}
	before := c.Len()
	aliases := map[string]bool{}
	stack := []item{{top, 1}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		switch {
		case n.Kind == yaml.AliasNode:
			if !aliases[n.Value] {
				aliases[n.Value] = true
				c.Add(PosOf(n), "", fmt.Sprintf("alias *%s is not allowed", n.Value), "write the value out in full")
			}
			continue
		case n.Anchor != "":
			c.Add(PosOf(n), "", fmt.Sprintf("anchor &%s is not allowed", n.Anchor), "remove it and write each value out in full")
		case n.Style&yaml.TaggedStyle != 0 && !slices.Contains(standardTags, n.Tag):
			c.Add(PosOf(n), "", fmt.Sprintf("tag %s is not allowed", n.Tag), "remove the tag")
		}
		if it.depth > maxDepth {
			c.Add(PosOf(n), "", fmt.Sprintf("the text nests deeper than %d levels", maxDepth), deepHint)
			continue
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, item{n.Content[i], it.depth + 1})
		}
	}
	return c.Len() == before
}

// deepHint is the hint for a text that nests too deeply.
const deepHint = "check the brackets and the indentation: nothing pbemd reads nests this deep"

// syntaxProblem turns a YAML syntax error into a Problem. yaml.v3 reports
// only a line, and none for errors on the first line.
func syntaxProblem(src []byte, err error) Problem {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, after, ok := strings.Cut(rest, ": "); ok {
			if n, err := strconv.Atoi(num); err == nil {
				line, msg = n, after
			}
		}
	}
	// yaml.v3 prints a scanner error's line 1-based but a parser error's
	// line 0-based (the start of the construct that broke), and omits the
	// line when it is 0.
	if line == 0 || isParserError(msg) {
		line++
	}
	lines := splitLines(src)
	line = max(1, min(line, len(lines)))
	p := Problem{Pos: Pos{Line: line}}
	p.Msg, p.Hint = humanSyntax(msg)
	if strings.Contains(msg, "anchor") {
		p.Pos = aliasPos(lines, msg)
		return p
	}
	if len(lines) > 0 && strings.HasPrefix(string(lines[line-1].text), ">") {
		p.Msg = "the text is quoted with > as in a reply"
		p.Hint = "remove the > at the start of each line"
		return p
	}
	if len(lines) > 0 {
		if i := strings.IndexByte(string(lines[line-1].text), '\t'); i >= 0 {
			p.Col = column(lines[line-1].text, i)
			p.Msg = "a tab character breaks the YAML structure here"
			p.Hint = "use spaces instead of tabs"
		}
	}
	return p
}

// syntaxHints maps the YAML parser's messages to plain words and a hint.
var syntaxHints = []struct{ yaml, msg, hint string }{
	{"did not find expected key", "the structure breaks here: a line is indented differently from the keys around it",
		"line up keys of the same level with the same number of spaces"},
	{"could not find expected ':'", "a key is missing its colon", "write each key as key: value"},
	{"mapping values are not allowed", "a colon appears where a plain value was expected",
		"put a space after each colon, quote values that contain \": \", and check the indentation"},
	{"did not find expected ',' or ']'", "a [list] is not closed, or its items are not separated by commas",
		"write lists as [kessel, vega]"},
	{"did not find expected ',' or '}'", "a {mapping} is not closed, or its fields are not separated by commas",
		"write fields as {fleet: 1st, path: [kessel, vega]}"},
	{"unexpected end of stream", "the text ends inside a quoted value or a bracket", "close every quote and bracket"},
	{"cannot start any token", "a value starts with a character YAML reserves, such as @ or `",
		"put the value in double quotes"},
	{"block sequence entries are not allowed", "a list item (- ...) appears where a single value was expected",
		"put the list on the following lines, indented, or write it as [a, b]"},
	{"did not find expected node content", "a value is missing", "write a value after the colon"},
	{"unknown anchor", "aliases (*name) are not allowed", "write the value out in full"},
	{"expected comment or line break", "text follows a complete value on the same line",
		"put each key on its own line, and quote values that contain spaces and colons"},
	{"exceeded max depth", "the text nests too deeply", deepHint},
	{"incompatible YAML document", "this %YAML version is not supported", "remove the %YAML line"},
}

// parserErrors are the messages of yaml.v3's parser (parserc.go), as opposed
// to its scanner.
var parserErrors = []string{
	"did not find expected",
	"found duplicate %",
	"found incompatible YAML document",
	"found undefined tag handle",
}

func isParserError(msg string) bool {
	for _, e := range parserErrors {
		if strings.HasPrefix(msg, e) {
			return true
		}
	}
	return false
}

// humanSyntax returns plain words and a hint for a YAML parser message.
func humanSyntax(msg string) (string, string) {
	for _, h := range syntaxHints {
		if strings.Contains(msg, h.yaml) {
			return h.msg, h.hint
		}
	}
	return "the YAML is malformed: " + msg,
		"check the indentation (spaces only), the colons and the brackets on this line and the one before"
}

// aliasPos finds the alias an "unknown anchor 'x' referenced" error names;
// yaml.v3 gives no position for it.
func aliasPos(lines []textLine, msg string) Pos {
	_, name, ok := strings.Cut(msg, "'")
	name, _, ok2 := strings.Cut(name, "'")
	if !ok || !ok2 {
		return Pos{}
	}
	for _, l := range lines {
		if i := strings.Index(string(l.text), "*"+name); i >= 0 {
			return Pos{Line: l.num, Col: column(l.text, i)}
		}
	}
	return Pos{}
}

// textLine is one line of a text: its 1-based number and its bytes without
// the line break.
type textLine struct {
	num  int
	text []byte
}

// splitLines splits src at the line breaks the YAML scanner counts: LF, CR,
// CR LF, NEL, LS and PS. Using the same breaks keeps our line numbers equal to
// the parser's.
func splitLines(src []byte) []textLine {
	var out []textLine
	start := 0
	for i := 0; i < len(src); {
		n := yamldoc.BreakLen(src[i:])
		if n == 0 {
			i++
			continue
		}
		out = append(out, textLine{num: len(out) + 1, text: src[start:i]})
		i += n
		start = i
	}
	if start < len(src) {
		out = append(out, textLine{num: len(out) + 1, text: src[start:]})
	}
	return out
}

// column returns the 1-based column of byte offset i in line, counted in
// characters as the YAML parser counts them.
func column(line []byte, i int) int {
	return utf8.RuneCount(line[:i]) + 1
}

// leadingTabs returns the position of the first tab in each line's
// indentation: the white space and "- " sequence marks before its content.
// YAML forbids tabs there, and the parser's own message has no column.
func leadingTabs(src []byte) []Pos {
	var out []Pos
	for _, l := range splitLines(src) {
		for i, c := range l.text {
			if c == '\t' {
				out = append(out, Pos{Line: l.num, Col: column(l.text, i)})
				break
			}
			if c == ' ' || c == '-' && (i+1 == len(l.text) || l.text[i+1] == ' ' || l.text[i+1] == '\t') {
				continue
			}
			break
		}
	}
	return out
}

// badCharacters returns the first character in each line that YAML does
// not allow (YAML 1.2 §5.1, c-printable: control characters other than tab
// and the line breaks, surrogates, U+FFFE and U+FFFF) and every byte that
// is not UTF-8. The parser's own message for them has no position.
func badCharacters(src []byte) []Problem {
	var out []Problem
	for _, l := range splitLines(src) {
		for i, r := range string(l.text) {
			if r == utf8.RuneError && !bytes.HasPrefix(l.text[i:], []byte("\uFFFD")) {
				out = append(out, Problem{Pos: Pos{Line: l.num, Col: column(l.text, i)},
					Msg: "the text is not valid UTF-8 here", Hint: "use UTF-8 for the whole text"})
				break
			}
			if !printable(r) {
				out = append(out, Problem{Pos: Pos{Line: l.num, Col: column(l.text, i)},
					Msg:  fmt.Sprintf("an invisible control character (%U) is here, and YAML does not allow it", r),
					Hint: "delete it, or retype the line: it can come from copying text out of another program"})
				break
			}
		}
	}
	return out
}

// printable reports whether YAML allows r in a document (c-printable).
func printable(r rune) bool {
	switch {
	case r == '\t', r == '\n', r == '\r', r == 0x85:
		return true
	case r < 0x20, r == 0x7F, r >= 0x80 && r < 0xA0:
		return false
	case r >= 0xD800 && r <= 0xDFFF, r == 0xFFFE, r == 0xFFFF:
		return false
	}
	return true
}
