package orders

import (
	"cmp"
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"
)

// Collector gathers the problems found while reading and checking one text,
// a mail's orders or a file, and reads the text's YAML strictly: see
// [Collector.Document] and the decoding methods. Its zero value is ready to
// use.
type Collector struct {
	// File names the file the text came from in every problem; empty for
	// a mail.
	File string
	// KeyHints are hints for keys that are known mistakes, by key, given
	// in place of "did you mean" when such a key is unknown.
	KeyHints map[string]string

	list Problems
	// compared counts the string comparisons spent on "did you mean"
	// hints, so a text full of typos cannot make checking it quadratic.
	compared int
}

// Add records a problem at a position; at may be zero for a problem with
// the whole text.
func (c *Collector) Add(at Pos, rule, msg, hint string) {
	c.list = append(c.list, Problem{File: c.File, Pos: at, Rule: rule, Msg: msg, Hint: hint})
}

// Len is the number of problems recorded so far.
func (c *Collector) Len() int { return len(c.list) }

// SetHint replaces the hint of the i-th problem recorded, counting from 0
// as Len does: for a hint that is known only once the rest of the text
// has been read, such as a total.
func (c *Collector) SetHint(i int, hint string) { c.list[i].Hint = hint }

// Err returns the problems in text order as Problems, those without a
// position first and those at one position in the order they were found,
// capped at MaxProblems and a last problem that counts the rest; nil when
// there are none.
func (c *Collector) Err() error {
	if len(c.list) == 0 {
		return nil
	}
	ps := slices.Clone(c.list)
	slices.SortStableFunc(ps, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	if len(ps) > MaxProblems {
		more := len(ps) - MaxProblems
		ps = append(ps[:MaxProblems], Problem{
			File: c.File,
			Msg:  fmt.Sprintf("%d more problems are not listed", more),
			Hint: "fix the problems above and try again",
		})
	}
	return ps
}

// OrderItems returns the items of the order list under e (orders:), one
// per order. A value that is not a list, or a list of more than MaxOrders
// orders, is recorded as a problem and gives none: example is one order
// as a player writes it, and tooMany says what to send instead of too
// many.
func (c *Collector) OrderItems(e Entry, example, tooMany string) []*yaml.Node {
	n := e.Value
	if IsNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		c.Add(PosOf(n), "", "orders must be a list with one order per item, not "+Describe(n),
			"write orders: and then one line per order such as \""+example+"\"")
		return nil
	}
	if len(n.Content) > MaxOrders {
		c.Add(PosOf(e.Key), "", fmt.Sprintf("the mail holds %d orders; the limit is %d per mail", len(n.Content), MaxOrders), tooMany)
		return nil
	}
	return n.Content
}
