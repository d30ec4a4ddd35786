package report

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// MaxLine is the longest line of a text mail, in characters: RFC 5322
// section 2.1.1 asks for at most 78, so that a mail reads in an 80-column
// terminal without wrapping.
const MaxLine = 78

// minRoom is the least room a wrapped line's continuation lines leave for
// its text: they start under a table's last column or a comment only
// where that leaves a line at least this wide.
const minRoom = 30

var (
	// commentLine is a line that is a comment: "  # text".
	commentLine = regexp.MustCompile(`^\s*#{1,3} ?`)
	// trailingComment is content and a YAML comment after it, at least
	// two spaces away: "  - move: {...}   # 1 point".
	trailingComment = regexp.MustCompile(`^(\s*[^\s#].*?\S)(\s{2,})(# .*)$`)
	// listMarker is the marker of a list item: "  - ", "1. ", "3) ".
	listMarker = regexp.MustCompile(`^\s*(?:[-*•]|\d{1,3}[.)])\s+`)
	// cellGap is the gap before a table row's next column.
	cellGap = regexp.MustCompile(`\S( {2,})`)
	// flowValue is a YAML key whose value is a flow collection.
	flowValue = regexp.MustCompile(`^\s*(?:- )?[\w-]+: [{\[]`)
)

// WrapLines returns text with every line longer than MaxLine characters
// wrapped at spaces; shorter lines are left as they are, so that tables
// keep their columns. A wrapped line goes on under its own start: under
// the text after a list marker ("- ", "1. "), under the last column of a
// table row, deeper under a YAML key whose value is a flow collection,
// and as a comment line where it is or ends in a YAML comment, so that
// orders quoted in a mail stay the same YAML, commented out or not. A
// word longer than a line is split, never cut.
func WrapLines(text string) string {
	if !hasLongLine(text) {
		return text
	}
	lines := strings.Split(text, "\n")
	out := make([]string, 0, len(lines)+len(lines)/4)
	for _, l := range lines {
		out = append(out, wrapLine(l, MaxLine)...)
	}
	return strings.Join(out, "\n")
}

// hasLongLine reports whether a line of text is longer than MaxLine.
func hasLongLine(text string) bool {
	for line := range strings.SplitSeq(text, "\n") {
		if len(line) > MaxLine && utf8.RuneCountInString(line) > MaxLine {
			return true
		}
	}
	return false
}

// width is the number of characters of s.
func width(s string) int { return utf8.RuneCountInString(s) }

// wrapLine wraps one line into lines of at most max characters. A comment
// line wraps what it comments out as a line of its own, each of its lines
// commented out alike.
func wrapLine(line string, max int) []string {
	line = strings.TrimRight(line, " \t\r")
	if width(line) <= max {
		return []string{line}
	}
	if m := commentLine.FindString(line); m != "" && width(m) <= max-minRoom {
		out := wrapLine(line[len(m):], max-width(m))
		for i := range out {
			out[i] = strings.TrimRight(m+out[i], " ")
		}
		return out
	}
	if m := trailingComment.FindStringSubmatch(line); m != nil {
		return wrapCommented(m[1], m[2], m[3], max)
	}
	head, cont, text := shape(line, max)
	return fill(head, cont, text, max)
}

// shape splits a line into the head its first line keeps as it is, the
// indent of its continuation lines (see WrapLines) and the text to wrap,
// for lines of at most max characters.
func shape(line string, max int) (head, cont, text string) {
	ws := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	if m := listMarker.FindString(line); m != "" {
		head, cont = m, blank(m)
	} else {
		head, cont = ws, ws
	}
	if col := lastCell(line, len(head), max); col > 0 {
		head, cont = line[:col], blank(line[:col])
	}
	if flowValue.MatchString(line) {
		cont += "    "
	}
	return unindent(head, max), unindent(cont, max), line[len(head):]
}

// unindent drops the indentation of a head or continuation that would
// leave less than minRoom of a line of max characters.
func unindent(s string, max int) string {
	if width(s) <= max-minRoom {
		return s
	}
	return strings.TrimLeft(s, " \t")
}

// lastCell is where the last column of a table row starts, in bytes: after
// the last gap of two spaces or more, past from, that leaves the row's
// last column minRoom characters at least of a line of max; 0 for none.
func lastCell(line string, from, max int) int {
	col := 0
	// Only the first max-minRoom characters can hold the column; the
	// gaps past them are never looked for.
	head := line[:runeOffset(line, max-minRoom+1)]
	for _, m := range cellGap.FindAllStringSubmatchIndex(head, -1) {
		if end := m[3]; end > from && width(line[:end]) <= max-minRoom {
			col = end
		}
	}
	return col
}

// wrapCommented wraps content and the YAML comment after it: the content
// as any line, then the comment, beside it while it fits and on comment
// lines of its own below, under the comment's column where there is room.
func wrapCommented(content, gap, comment string, max int) []string {
	head, cont, text := shape(content, max)
	out := fill(head, cont, text, max)
	last := out[len(out)-1]
	hash := blank(last + gap)
	if width(hash) > max-minRoom {
		hash = unindent(blank(listMarker.FindString(content)), max)
		if hash == "" {
			hash = content[:len(content)-len(strings.TrimLeft(content, " "))]
		}
	}
	note := strings.TrimPrefix(comment, "# ")
	if w, _, _ := strings.Cut(note, " "); width(last+gap+"# "+w) > max {
		return append(out, fill(hash+"# ", hash+"# ", note, max)...)
	}
	return append(out[:len(out)-1], fill(last+gap+"# ", hash+"# ", note, max)...)
}

// fill writes head, then the words of text, in lines of at most max
// characters, each after the first starting with cont; a word longer than
// a whole line is split.
func fill(head, cont, text string, max int) []string {
	var out []string
	line, bare := head, true
	next := func() {
		out, line, bare = append(out, strings.TrimRight(line, " ")), cont, true
	}
	for _, w := range strings.Fields(text) {
		for n := width(w); w != ""; {
			room := max - width(line)
			if !bare {
				room-- // the space before w
			}
			switch {
			case n <= room:
			case !bare && n <= max-width(cont):
				next()
				continue
			case room < 1:
				next()
				continue
			default: // too long for any line: split it to fill this one
				cut := runeOffset(w, room)
				if !bare {
					line += " "
				}
				line, w, n = line+w[:cut], w[cut:], n-room
				next()
				continue
			}
			if !bare {
				line += " "
			}
			line, bare, w = line+w, false, ""
		}
	}
	if !bare || len(out) == 0 {
		next()
	}
	return out
}

// runeOffset is the byte offset of the n-th rune of s.
func runeOffset(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}

// blank is s with every character but tabs turned into a space, as wide.
func blank(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' {
			return r
		}
		return ' '
	}, s)
}
