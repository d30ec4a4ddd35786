// Package yamldoc finds, by its lines and before it is parsed, where a YAML
// text's first document ends and whether another follows. pbemd reads one
// document from every mail and file and refuses a second, which a YAML
// parser would otherwise drop without a word. It parses no YAML.
package yamldoc

import "bytes"

// Extra is where a text holds more than its first document. Its zero
// value means it holds one.
type Extra struct {
	// Line is the 1-based line, counted as the YAML scanner counts lines.
	Line int
	// Marker is "---" when a second document starts at Line, or "..."
	// when the first ends at Line and more text follows it.
	Marker string
}

// Split returns src up to the end of its first document, and where more
// follows, if anything does. The first document ends before a "..." line
// or before a "---" line that follows content or another "---". A "---"
// before any content (after blank lines, comments or directives) starts
// the first document, as mail programs and editors write it. After a "..."
// line, only blank lines, comments and more "..." lines may follow.
func Split(src []byte) (first []byte, extra Extra) {
	started := false // the first document has content, or began with "---"
	end, endLine := -1, 0
	offset := 0
	if bytes.HasPrefix(src, []byte("\uFEFF")) {
		offset = 3
	}
	for num := 1; offset < len(src); num++ {
		n := 0
		for offset+n < len(src) && BreakLen(src[offset+n:]) == 0 {
			n++
		}
		line := src[offset : offset+n]
		switch {
		case end >= 0:
			if !blank(line) && !isMarker(line, "...") {
				return src[:end], Extra{Line: endLine, Marker: "..."}
			}
		case isMarker(line, "..."):
			end, endLine = offset, num
		case isMarker(line, "---"):
			if started {
				return src[:offset], Extra{Line: num, Marker: "---"}
			}
			started = true
		case !blank(line) && line[0] != '%':
			started = true
		}
		offset += n
		if offset < len(src) {
			offset += BreakLen(src[offset:])
		}
	}
	if end >= 0 {
		return src[:end], Extra{}
	}
	return src, Extra{}
}

// BreakLen returns the length of the line break at the start of b, or 0:
// LF, CR, CR LF, NEL, LS or PS, the breaks the YAML scanner counts.
func BreakLen(b []byte) int {
	switch {
	case len(b) == 0:
		return 0
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

// isMarker reports whether line is the document marker m ("---" or "..."),
// alone or followed by white space.
func isMarker(line []byte, m string) bool {
	if !bytes.HasPrefix(line, []byte(m)) {
		return false
	}
	return len(line) == len(m) || line[len(m)] == ' ' || line[len(m)] == '\t'
}

// blank reports whether line holds nothing but white space or a comment.
func blank(line []byte) bool {
	s := bytes.TrimSpace(line)
	return len(s) == 0 || s[0] == '#'
}
