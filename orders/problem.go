package orders

import (
	"fmt"
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

// Problem is one mistake in a text a user wrote, orders or a file: an error
// and the answer's text at once. The moderator quotes the line of a mail's
// Problem to the player; the command line prints a file's Problem as
// "file:line:col: msg; hint".
type Problem struct {
	// File names the file the text came from; empty for a mail.
	File string
	Pos
	Rule string // the rule broken, as the campaign's ruleset cites it; empty for syntax problems and pbemd's own limits
	Msg  string // what is wrong, one sentence
	Hint string // what would be valid / what to send instead
}

var (
	_ error = Problem{}
	_ error = Problems{}
)

// Error formats the problem on one line, leaving out what is unknown or
// empty: "file:3:12: rule: msg; hint".
func (p Problem) Error() string {
	var b strings.Builder
	b.WriteString(p.File)
	if s := p.Pos.String(); s != "" {
		if p.File != "" {
			b.WriteString(":")
		}
		b.WriteString(s)
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	if p.Rule != "" {
		b.WriteString(p.Rule)
		b.WriteString(": ")
	}
	b.WriteString(p.Msg)
	if p.Hint != "" {
		b.WriteString("; ")
		b.WriteString(p.Hint)
	}
	return b.String()
}

// Problems lists every problem found, in text order; it implements error.
// Parse, Validate and the loaders of config return it; reach it with
// errors.As.
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
