package mail

import "strings"

// cutQuotedReply removes the quoted message a player's reply carries below
// their own text: from the first quoted line (">") that follows unquoted
// text, together with the attribution line above it ("On Mon, … wrote:"),
// or from an Outlook "Original Message" line. Players reply to their
// confirmation to send new orders; the quote must not spoil the YAML.
// A text that is quoted from its first line is left alone, so the parser
// can say that orders must not be quoted.
func cutQuotedReply(text string) string {
	lines := strings.SplitAfter(text, "\n")
	own := false
	for i, l := range lines {
		trimmed := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(trimmed, "-----Original Message-----"):
			return strings.Join(lines[:i], "")
		case strings.HasPrefix(trimmed, ">") && own:
			return strings.Join(lines[:attribution(lines, i)], "")
		case trimmed != "" && !strings.HasPrefix(trimmed, ">"):
			own = true
		}
	}
	return text
}

// attribution returns where the quote that starts at line i really starts:
// at the attribution line above it, if there is one.
func attribution(lines []string, i int) int {
	j := i - 1
	for j >= 0 && strings.TrimSpace(lines[j]) == "" {
		j--
	}
	if j < 0 {
		return i
	}
	l := strings.ToLower(strings.TrimSpace(lines[j]))
	if !strings.HasSuffix(l, ":") {
		return i
	}
	for _, verb := range []string{" wrote", " schrieb ", " a écrit", " escribió", " ha scritto", " schreef"} {
		if strings.Contains(l, verb) {
			return j
		}
	}
	return i
}
