package report

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Confirmation is what a player is told when orders are accepted.
type Confirmation struct {
	Title    string
	Campaign campaign.ID
	Player   campaign.PlayerID
	Turn     int
	Deadline string
	// Echo is the orders now on file, written back with their costs, and
	// Summary what they spend and leave: both from the campaign's ruleset
	// (game.Checked).
	Echo, Summary string
	// Final says the player marked the orders final.
	Final bool
	// Replaced is true when these orders replace earlier ones for the turn.
	Replaced bool
	// Sequential says the turn takes several mails: each mail's orders
	// are added to those on file, and the turn passes as soon as it is
	// final. Spent says the orders leave nothing more to order, so the
	// turn passes without final: true.
	Sequential, Spent bool
}

// RenderConfirmation renders the reply to accepted orders: every order now
// on file with its cost, and the points left. The token is never echoed.
func RenderConfirmation(c *Confirmation) (subject, text string) {
	subject = fmt.Sprintf("[%s] Orders for turn %d accepted", c.Campaign, c.Turn)
	return subject, WrapLines(render("confirmation.tmpl", c))
}

// Rejection is what a player is told when a mail changed nothing.
type Rejection struct {
	Campaign campaign.ID
	// Source is the text the problems point into, and SourceName where it
	// came from ("the mail body", "attachment orders.yaml").
	Source     []byte
	SourceName string
	Problems   orders.Problems
	// Reason explains a rejection that has no positions (an unreadable
	// mail, a wrong token, a closed turn).
	Reason string
	// OnFile says what stays on file, e.g. "Your orders of 3 Nov stay on file."
	OnFile string
	// Secrets are values never to quote, such as the token the mail
	// carried; token lines are masked in any case.
	Secrets []string
	// Request says the mail was a request (a command, an extension, a
	// battle result), not orders.
	Request bool
	// Added says the mail's orders were to be added to any on file, as a
	// turn of a sequential ruleset takes several mails: only they are to
	// be sent again.
	Added bool
}

// Bounds on a rejection, so that no mail, however large or broken, gets a
// reply of more than a few KiB: a forged From must not turn pbemd into a
// way to flood a player's inbox.
const (
	// maxProblemsShown is how many problems a rejection lists; it says how
	// many more there are.
	maxProblemsShown = 10
	// maxProblemText bounds a problem's message and hint, which may quote
	// what the mail said.
	maxProblemText = 300
	// MaxReplyBytes bounds the whole text of a rejection.
	MaxReplyBytes = 16 << 10
)

// RenderRejection renders the reply to a mail that changed nothing: each
// problem with its position, a window of the offending line quoted and
// marked, and what to send instead. It lists at most maxProblemsShown
// problems, says how many more there are, and never passes MaxReplyBytes;
// no token-shaped text (see MaskTokens) appears in it.
func RenderRejection(r *Rejection) (subject, text string) {
	subject = "Orders not accepted"
	if r.Request {
		subject = "Request not carried out"
	}
	if r.Campaign != "" {
		subject = fmt.Sprintf("[%s] %s", r.Campaign, subject)
	}
	lines := splitLines(string(Redact(r.Source, r.Secrets...)))
	var items []string
	for _, p := range r.Problems[:min(len(r.Problems), maxProblemsShown)] {
		items = append(items, problemText(p, lines, r.SourceName))
	}
	text = render("rejection.tmpl", struct {
		*Rejection
		Items []string
		More  int
	}{r, items, len(r.Problems) - len(items)})
	return subject, clipReply(string(MaskTokens([]byte(WrapLines(text)))))
}

func problemText(p orders.Problem, lines []string, source string) string {
	var b strings.Builder
	if p.Line > 0 {
		fmt.Fprintf(&b, "Line %d", p.Line)
		if p.Col > 0 {
			fmt.Fprintf(&b, ", column %d", p.Col)
		}
		if source != "" {
			fmt.Fprintf(&b, " of %s", clip(source, maxProblemText))
		}
		b.WriteString(": ")
	}
	if p.Rule != "" {
		b.WriteString("(" + p.Rule + ") ")
	}
	b.WriteString(clip(p.Msg, maxProblemText))
	if p.Line > 0 && p.Line <= len(lines) {
		// Control characters (an escape sequence, say) must not reach the
		// player's terminal; one rune for one keeps the caret aligned.
		src := strings.Map(func(r rune) rune {
			if r != '\t' && unicode.IsControl(r) {
				return '\uFFFD'
			}
			return r
		}, strings.TrimRight(lines[p.Line-1], "\r"))
		num := fmt.Sprint(p.Line)
		// The part of the line around the column at fault, as much as
		// fits a line of the mail beside the line number and ellipses.
		src, col := excerpt(src, p.Col, MaxLine-len("    "+num+" | ")-2)
		fmt.Fprintf(&b, "\n\n    %s | %s", num, src)
		if col > 0 {
			fmt.Fprintf(&b, "\n    %s | %s^", strings.Repeat(" ", len(num)), caretIndent(src, col))
		}
	}
	if p.Hint != "" {
		b.WriteString("\n\n  Instead: " + clip(p.Hint, maxProblemText))
	}
	return b.String()
}

// excerpt returns at most width characters of a line around column col
// (0 for none), with an ellipsis where it was cut, and the column in the
// excerpt.
func excerpt(line string, col, width int) (string, int) {
	rs := []rune(line)
	if len(rs) <= width {
		return line, col
	}
	start := 0
	if col > width/2 {
		start = min(col-1-width/2, len(rs)-width)
	}
	end := start + width
	out := string(rs[start:end])
	if start > 0 {
		out = "…" + out
		col = col - start + 1
	}
	if end < len(rs) {
		out += "…"
	}
	return out, col
}

// clip cuts s to at most n characters, ending in an ellipsis if cut.
func clip(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return string(rs[:n-1]) + "…"
}

// clipReply cuts a reply's text to MaxReplyBytes at a line end, and says so.
func clipReply(text string) string {
	if len(text) <= MaxReplyBytes {
		return text
	}
	const note = "\n(pbemd cut this reply short.)\n"
	cut := text[:MaxReplyBytes-len(note)]
	if i := strings.LastIndexByte(cut, '\n'); i > 0 {
		cut = cut[:i]
	}
	return strings.ToValidUTF8(cut, "") + note
}

// tokenValue matches a token key and its value, in block or flow style and
// in any case ("token:", "Token:", "{token: x, ...}").
var tokenValue = regexp.MustCompile(`(?i)(\btoken\s*:[ \t]*)("[^"\n]*"|'[^'\n]*'|[^\s,}\]#]+)`)

// Redact masks every token in a player's text with asterisks of the same
// length, so quoted lines keep their columns: replies never echo a token,
// not even a wrong one, since it may be another seat's. It masks the value
// after every token key, and whatever MaskTokens masks.
func Redact(src []byte, secrets ...string) []byte {
	out := tokenValue.ReplaceAllFunc(src, func(m []byte) []byte {
		sub := tokenValue.FindSubmatchIndex(m)
		return append(m[:sub[4]:sub[4]], bytes.Repeat([]byte("*"), sub[5]-sub[4])...)
	})
	return MaskTokens(out, secrets...)
}

// tokenLen is the length of a pbemd token (moderator/tokens.go): 20
// random bytes in upper-case base32, in 8 groups of 4 joined by dashes.
const tokenLen = 8*4 + 7

// tokenAt reports whether b starts with the shape of a token. It is a
// scan, not a regular expression: every log line and every mail goes
// through it.
func tokenAt(b []byte) bool {
	if len(b) < tokenLen {
		return false
	}
	for k, c := range b[:tokenLen] {
		if k%5 == 4 {
			if c != '-' {
				return false
			}
		} else if (c < 'A' || c > 'Z') && (c < '2' || c > '7') {
			return false
		}
	}
	return true
}

// tokens returns where each token shape in src starts, leftmost first and
// not overlapping.
func tokens(src []byte) []int {
	var at []int
	for i := 0; i+tokenLen <= len(src); i++ {
		if tokenAt(src[i:]) {
			at = append(at, i)
			i += tokenLen - 1
		}
	}
	return at
}

// MaskTokens masks, with asterisks of the same length, everything in src
// that has the shape of a token, wherever it stands (after a misspelt key,
// as an order, in a comment), and each of secrets (values of 4 bytes or
// more) wherever it stands. It goes by shape, not by checking a token
// against the seats: a token one character off matches no seat, yet is
// almost the whole secret, and nothing else pbemd reads has that shape.
// It returns a copy of src.
func MaskTokens(src []byte, secrets ...string) []byte {
	out := append([]byte(nil), src...)
	for _, i := range tokens(out) {
		copy(out[i:i+tokenLen], stars(tokenLen))
	}
	for _, s := range secrets {
		if len(s) >= 4 {
			out = bytes.ReplaceAll(out, []byte(s), stars(len(s)))
		}
	}
	return out
}

// stars is n asterisks.
func stars(n int) []byte { return bytes.Repeat([]byte("*"), n) }

// FindTokens returns everything in src that has the shape of a token.
func FindTokens(src []byte) [][]byte {
	var found [][]byte
	for _, i := range tokens(src) {
		found = append(found, src[i:i+tokenLen:i+tokenLen])
	}
	return found
}

// splitLines splits text into lines at every line break YAML knows, so
// that line numbers match the parser's.
func splitLines(text string) []string {
	text = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u0085", "\n", "\u2028", "\n", "\u2029", "\n").Replace(text)
	return strings.Split(text, "\n")
}

// caretIndent returns the whitespace that puts a caret under column col
// (counted in characters), keeping tabs so the caret lines up.
func caretIndent(line string, col int) string {
	var b strings.Builder
	for i, r := range []rune(line) {
		if i >= col-1 {
			break
		}
		if r == '\t' {
			b.WriteRune('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// Welcome is the mail a player gets when a campaign starts.
type Welcome struct {
	Title    string
	Campaign campaign.ID
	Player   campaign.PlayerID
	Name     string
	Token    string
	Address  string
	GM       string
	// Turn is the turn the player's orders are for, and Deadline when
	// they are due, in the player's time zone: the open turn's, or in a
	// campaign played one player at a time, the player's next turn's, by
	// when it opens at the latest (Opens) if it is not open.
	Turn     int
	Deadline string
	// Queue, in a campaign played one player at a time, is the order of
	// the players' turns from the open one; empty where every player owes
	// orders each turn.
	Queue []campaign.PlayerID
	// Opens is, for a player whose turn is not the open one, when it
	// opens at the latest: once the turns before it have run their full
	// clocks.
	Opens string
	// Orders is the example order list, from the campaign's ruleset
	// (game.Example).
	Orders string
}

// Opening says when the player's orders are due: the open turn's
// deadline, or in a campaign played one player at a time the player's
// place in the turn order and when their turn comes.
func (w *Welcome) Opening() string {
	i := slices.Index(w.Queue, w.Player)
	order := strings.Join(names(w.Queue), ", ")
	switch {
	case w.Deadline == "":
		return fmt.Sprintf("Turn %d is open, but it waits for a battle or a vote: nobody owes orders until that is settled, "+
			"and the report that opens the next turn tells you whose orders are due, and by when.", w.Turn)
	case i < 0:
		return fmt.Sprintf("Turn %d is open. Orders are due %s.", w.Turn, w.Deadline)
	case i == 0:
		return fmt.Sprintf("Turn %d is open, and it is yours: you play first in the turn order (%s). Your orders are due %s.",
			w.Turn, order, w.Deadline)
	}
	s := fmt.Sprintf("You play %s in the turn order (%s): your turn, turn %d, comes after those of %s. It opens when theirs are over",
		ordinal(i+1), order, w.Turn, AndList(names(w.Queue[:i])))
	if w.Opens != "" {
		s += fmt.Sprintf(", by %s at the latest if no battle or vote holds them up", w.Opens)
	}
	return s + ", and the report that opens it tells you when your orders are due."
}

// Later reports whether the player's turn comes after others' (Queue).
func (w *Welcome) Later() bool { return slices.Index(w.Queue, w.Player) > 0 }

// names writes player IDs as strings.
func names(ps []campaign.PlayerID) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p)
	}
	return out
}

// ordinal writes a place in an order: "first", "second", ... "12th".
func ordinal(n int) string {
	words := []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}
	if n >= 1 && n <= len(words) {
		return words[n-1]
	}
	return fmt.Sprintf("%dth", n)
}

// RenderWelcome renders the welcome mail, which carries the player's token.
func RenderWelcome(w *Welcome) (subject, text string) {
	return fmt.Sprintf("[%s] Welcome to %s", w.Campaign, w.Title), WrapLines(render("welcome.tmpl", w))
}
