package mail

import "strings"

// sigSeparator is the usenet signature line (RFC 3676 §4.3): two dashes and
// a space. It is never flowed.
const sigSeparator = "-- "

// unflow undoes format=flowed (RFC 3676 §4.1, §4.2) on LF-terminated text.
//
// A line ending in a space is soft-wrapped: it joins the next line of the
// same quote depth. With delSp (DelSp=yes) that trailing space was added by
// the sender and is removed too. A leading space after the quote marks is
// space-stuffing (§4.4) and is removed. Lines of different quote depth are
// never joined (§4.5), and the signature separator stays a line of its own.
func unflow(text string, delSp bool) string {
	lines := strings.Split(text, "\n")
	var out strings.Builder
	out.Grow(len(text))
	var para strings.Builder
	paraDepth, open := 0, false
	flush := func() {
		if open {
			writeQuoted(&out, paraDepth, para.String())
			para.Reset()
			open = false
		}
	}
	for i, line := range lines {
		if i == len(lines)-1 && line == "" {
			break // the text ended with a newline
		}
		depth, content := splitQuote(line)
		if open && depth != paraDepth {
			flush() // §4.5: a quote-depth change ends the paragraph
		}
		soft := strings.HasSuffix(content, " ") && content != sigSeparator
		if soft && delSp {
			content = content[:len(content)-1]
		}
		para.WriteString(content)
		paraDepth, open = depth, true
		if !soft {
			flush()
		}
	}
	flush()
	return out.String()
}

// splitQuote returns the quote depth of a flowed line and its content with
// the quote marks and one stuffed space removed.
func splitQuote(line string) (int, string) {
	depth := 0
	for depth < len(line) && line[depth] == '>' {
		depth++
	}
	content := line[depth:]
	if strings.HasPrefix(content, " ") {
		content = content[1:]
	}
	return depth, content
}

// writeQuoted writes one unflowed line, putting back its quote marks.
func writeQuoted(out *strings.Builder, depth int, content string) {
	if depth > 0 {
		out.WriteString(strings.Repeat(">", depth))
		out.WriteByte(' ')
	}
	out.WriteString(content)
	out.WriteByte('\n')
}

// cutSignature removes everything from the first signature separator line
// on (RFC 3676 §4.3). Only the exact "-- " line counts: a bare "--" could be
// part of the orders.
func cutSignature(text string) string {
	if strings.HasPrefix(text, sigSeparator+"\n") || text == sigSeparator {
		return ""
	}
	if i := strings.Index(text, "\n"+sigSeparator+"\n"); i >= 0 {
		return text[:i+1]
	}
	if strings.HasSuffix(text, "\n"+sigSeparator) {
		return text[:len(text)-len(sigSeparator)]
	}
	return text
}
