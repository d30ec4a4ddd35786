package config

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Problem is one thing wrong in a file, with its position. Line and Col
// count from 1; zero means unknown.
type Problem struct {
	// File is the file's name as the loader was given it.
	File string
	Line int
	Col  int
	// Msg says what is wrong and what to write instead.
	Msg string
}

var _ error = Problem{}

// Error formats the problem as "file:line:col: msg", leaving out the
// column or the line when it is unknown.
func (p Problem) Error() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
		if p.Col > 0 {
			fmt.Fprintf(&b, ":%d", p.Col)
		}
	}
	b.WriteString(": ")
	b.WriteString(p.Msg)
	return b.String()
}

// Problems is every problem found in a file, in file order. A loader
// returns it as its error when the file's content is wrong; reach it with
// errors.As.
type Problems []Problem

var _ error = Problems(nil)

// Error lists the problems, one per line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// sort orders the problems by position; problems without a position come
// first, and problems at the same position keep the order they were found.
func (ps Problems) sort() {
	slices.SortStableFunc(ps, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}

// err returns the problems as an error, or nil if there are none.
func (ps Problems) err() error {
	if len(ps) == 0 {
		return nil
	}
	ps.sort()
	return ps
}
