package orders

import (
	"bytes"
	"fmt"
	"unicode/utf8"
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
		n := breakLen(src[i:])
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

// breakLen returns the length of the line break at the start of b, or 0.
func breakLen(b []byte) int {
	switch {
	case len(b) >= 2 && b[0] == '\r' && b[1] == '\n':
		return 2
	case b[0] == '\r' || b[0] == '\n':
		return 1
	case len(b) >= 2 && b[0] == 0xC2 && b[1] == 0x85:
		return 2
	case len(b) >= 3 && b[0] == 0xE2 && b[1] == 0x80 && (b[2] == 0xA8 || b[2] == 0xA9):
		return 3
	}
	return 0
}

// column returns the 1-based column of byte offset i in line, counted in
// characters as the YAML parser counts them.
func column(line []byte, i int) int {
	return utf8.RuneCount(line[:i]) + 1
}

// firstDocument returns src up to the end of its first YAML document: the
// line before a "..." marker, or before a "---" marker that follows content.
// Text after it is the player's business (a signature, say) and is ignored.
func firstDocument(src []byte) []byte {
	content := false
	offset := 0
	for _, l := range splitLines(src) {
		t := l.text
		switch {
		case isMarker(t, "..."):
			return src[:offset]
		case isMarker(t, "---"):
			if content {
				return src[:offset]
			}
			if len(bytes.TrimSpace(t[3:])) > 0 && !bytes.HasPrefix(bytes.TrimSpace(t[3:]), []byte("#")) {
				content = true
			}
		default:
			s := bytes.TrimSpace(t)
			if len(s) > 0 && s[0] != '#' && s[0] != '%' {
				content = true
			}
		}
		offset = lineEnd(src, offset, len(t))
	}
	return src
}

// lineEnd returns the offset just after the line that starts at offset and
// has n bytes, including its break.
func lineEnd(src []byte, offset, n int) int {
	end := offset + n
	if end < len(src) {
		end += breakLen(src[end:])
	}
	return end
}

// isMarker reports whether line is the document marker m ("---" or "..."),
// alone or followed by white space.
func isMarker(line []byte, m string) bool {
	if !bytes.HasPrefix(line, []byte(m)) {
		return false
	}
	return len(line) == len(m) || line[len(m)] == ' ' || line[len(m)] == '\t'
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
