package orders

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/internal/yamldoc"
)

// MaxSize is the largest orders text Parse reads, in bytes. Real orders are
// a few hundred bytes; a quoted mail thread or a pasted report is not orders.
const MaxSize = 64 << 10

// MaxOrders is the most orders one submission may hold. A turn allows a
// player a handful of order points (EaW 5.0) and one build per FRD, so even
// a large navy sends a few dozen orders; more is a mistake or an attack, and
// Parse refuses it without reading the orders.
const MaxOrders = 200

// MaxDepth is the deepest nesting Parse accepts. Orders nest six levels
// (header, orders, item, kind, path, system).
const MaxDepth = 12

// minimalExample is the hint for a mail with no orders in it.
const minimalExample = "send for example: campaign: frontier, player: vorn, turn: 3, token: <from your welcome mail>, " +
	"each on its own line, then orders: and one line per order such as " +
	"\"  - move: {fleet: 1st, path: [kessel, vega]}\""

// Parse reads one mail's orders: a YAML mapping with the header keys
// campaign, player, turn, token, final, orders and prefs.
//
// Every mistake the player made is reported in the error, which is then
// always Problems. With problems, Parse still returns what it could read of
// the submission when the text was a YAML mapping (so the moderator can see
// who sent it), and nil otherwise. A mail holds one YAML document: a
// second one, or text after a "..." line, is a problem at the line of its
// marker, and only the first document is read.
func Parse(src []byte) (*Submission, error) {
	if len(src) > MaxSize {
		return nil, Problems{{
			Msg:  fmt.Sprintf("the orders are %d bytes long; the limit is %d", len(src), MaxSize),
			Hint: "send only the orders, without quoted mail, reports or attachments",
		}}
	}
	doc, extra := yamldoc.Split(src)
	var c collector
	for _, pos := range leadingTabs(doc) {
		c.add(pos, "", "a tab character indents this line", "indent with spaces only: YAML does not allow tabs for indentation")
	}
	c.list = append(c.list, badCharacters(doc)...)
	unreadable := len(c.list) > 0
	if extra.Line > 0 {
		c.list = append(c.list, extraDocument(extra))
	}
	if unreadable {
		return nil, c.result()
	}
	var root yaml.Node
	if err := yaml.Unmarshal(doc, &root); err != nil {
		c.list = append(c.list, syntaxProblem(doc, err))
		return nil, c.result()
	}
	if len(root.Content) == 0 || isNull(root.Content[0]) {
		c.add(Pos{Line: 1, Col: 1}, "", "no orders found", minimalExample)
		return nil, c.result()
	}
	top := root.Content[0]
	if !checkTree(&c, top) {
		return nil, c.result()
	}
	p := &parser{collector: &c}
	sub := p.submission(top)
	return sub, c.result()
}

// extraDocument is the problem with a text that holds more than one YAML
// document: the moderator reads one set of orders per mail.
func extraDocument(e yamldoc.Extra) Problem {
	p := Problem{Pos: Pos{Line: e.Line, Col: 1}}
	if e.Marker == "..." {
		p.Msg = `the orders end here with "...", but more text follows; only one YAML document is read, one set of orders per mail`
		p.Hint = `remove the "..." line or the text after it, and send other orders in a mail of their own`
	} else {
		p.Msg = `a second YAML document starts here with "---"; only one document is read, one set of orders per mail`
		p.Hint = `send each set of orders in a mail of its own; if the line only separates the orders from other text, remove it and the text after it`
	}
	return p
}

// checkTree refuses what the order language never needs and an attacker
// might use: anchors and aliases (alias bombs), custom tags and deep nesting.
// It walks without recursion and never follows an alias.
func checkTree(c *collector, top *yaml.Node) bool {
	type item struct {
		n     *yaml.Node
		depth int
	}
	before := len(c.list)
	aliases := map[string]bool{} // alias names reported; one problem each
	stack := []item{{top, 1}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		switch {
		case n.Kind == yaml.AliasNode:
			if !aliases[n.Value] {
				aliases[n.Value] = true
				c.add(pos(n), "", fmt.Sprintf("alias *%s is not allowed", n.Value), "write the value out in full")
			}
			continue
		case n.Anchor != "":
			c.add(pos(n), "", fmt.Sprintf("anchor &%s is not allowed", n.Anchor), "remove it and write each value out in full")
		case n.Style&yaml.TaggedStyle != 0 && !strings.HasPrefix(n.ShortTag(), "!!"):
			c.add(pos(n), "", fmt.Sprintf("tag %s is not allowed", n.Tag), "remove the tag")
		}
		if it.depth > MaxDepth {
			c.add(pos(n), "", fmt.Sprintf("the text nests deeper than %d levels", MaxDepth), "write orders as in the example in your turn report")
			continue
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, item{n.Content[i], it.depth + 1})
		}
	}
	return len(c.list) == before
}

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
		p.Msg = "the orders are quoted with > as in a reply"
		p.Hint = "send the orders themselves: remove the > at the start of each line"
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
	{"exceeded max depth", "the text nests too deeply", "write orders as in the example in your turn report"},
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

func pos(n *yaml.Node) Pos { return Pos{Line: n.Line, Col: n.Column} }

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" }
