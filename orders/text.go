package orders

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/pbemd/pbemd/internal/yamldoc"
)

// textLine is one line of the player's text: its 1-based number and its
// bytes without the line break.
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
					Msg: "the text is not valid UTF-8 here", Hint: "send the orders as UTF-8 text"})
				break
			}
			if !printable(r) {
				out = append(out, Problem{Pos: Pos{Line: l.num, Col: column(l.text, i)},
					Msg:  fmt.Sprintf("an invisible control character (%U) is here, and YAML does not allow it", r),
					Hint: "delete it, or retype the line: it can come from copying the orders out of another program"})
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
