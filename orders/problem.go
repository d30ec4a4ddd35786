package orders

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Pos is a position in the player's text, 1-based; 0 means unknown.
type Pos struct{ Line, Col int }

// IsZero reports whether the position is unknown.
func (p Pos) IsZero() bool { return p.Line == 0 }

// String formats the position as "line:col", "line" or "" when unknown.
func (p Pos) String() string {
	switch {
	case p.Line == 0:
		return ""
	case p.Col == 0:
		return fmt.Sprintf("%d", p.Line)
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Col)
}

// Problem is one mistake in a submission: an error and the reply text at once.
type Problem struct {
	Pos
	Rule string // e.g. "EaW 5a"; empty for syntax problems
	Msg  string // what is wrong, one sentence
	Hint string // what would be valid / what to send instead
}

var (
	_ error = Problem{}
	_ error = Problems{}
)

// Error formats the problem on one line: "3:12: EaW 5a: msg (hint)".
func (p Problem) Error() string {
	var b strings.Builder
	if s := p.Pos.String(); s != "" {
		b.WriteString(s)
		b.WriteString(": ")
	}
	if p.Rule != "" {
		b.WriteString(p.Rule)
		b.WriteString(": ")
	}
	b.WriteString(p.Msg)
	if p.Hint != "" {
		b.WriteString(" (")
		b.WriteString(p.Hint)
		b.WriteString(")")
	}
	return b.String()
}

// Problems lists every problem found, in text order; it implements error.
type Problems []Problem

// Error lists the problems, one per line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// MaxProblems is how many problems one answer lists; the rest are counted in
// a last problem, so a hostile text cannot make a huge reply.
const MaxProblems = 50

// collector gathers problems while parsing or validating.
type collector struct{ list Problems }

func (c *collector) add(pos Pos, rule, msg, hint string) {
	c.list = append(c.list, Problem{Pos: pos, Rule: rule, Msg: msg, Hint: hint})
}

// result sorts the problems into text order and caps them; it returns nil
// when there are none, so it can be returned as an error.
func (c *collector) result() error {
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
			Msg:  fmt.Sprintf("%d more problems are not listed", more),
			Hint: "fix the problems above and send the orders again",
		})
	}
	return ps
}
