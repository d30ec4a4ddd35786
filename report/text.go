package report

import (
	"bytes"
	"embed"
	"fmt"
	"strings"
	"text/template"
	"time"
)

//go:embed text/*.tmpl
var files embed.FS

var texts = template.Must(template.New("").Funcs(TextFuncs()).Funcs(template.FuncMap{"indent": indent, "wrap": wrap76, "points": points, "roughly": roughly}).
	ParseFS(files, "text/*.tmpl"))

// TextFuncs are the functions every text template of a mail may use: pad
// and padl pad a value to a width on the right or the left, join joins
// words, plural counts ("1 point", "3 points") and add adds.
func TextFuncs() template.FuncMap {
	return template.FuncMap{
		"pad":    Pad,
		"padl":   padLeft,
		"join":   strings.Join,
		"plural": Plural,
		"add":    func(a, b int) int { return a + b },
	}
}

// Execute executes a text template of a mail and returns what it wrote.
// The templates are the program's own, and their data is checked by the
// tests: a failure is a bug, and panics.
func Execute(t *template.Template, name string, data any) string {
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, name, data); err != nil {
		panic(fmt.Sprintf("report: render %s: %v", name, err))
	}
	return b.String()
}

// wrap76 wraps a paragraph of a mail's text to 76 columns.
func wrap76(s string) string { return Wrap(s, 76, "") }

func render(name string, data any) string { return Execute(texts, name, data) }

// Pad pads s with spaces on the right to n characters.
func Pad(n int, s string) string {
	if len([]rune(s)) >= n {
		return s
	}
	return s + strings.Repeat(" ", n-len([]rune(s)))
}

func padLeft(n int, s string) string {
	if len([]rune(s)) >= n {
		return s
	}
	return strings.Repeat(" ", n-len([]rune(s))) + s
}

// Plural counts something: "1 point", "3 points".
func Plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// FormatDeadline writes a deadline in the reader's time zone, with UTC
// beside it: "Wed 25 Nov 2026 20:00 CET (19:00 UTC)".
func FormatDeadline(t time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	local := t.In(loc)
	s := local.Format("Mon 2 Jan 2006 15:04 MST")
	if loc != time.UTC {
		s += " (" + t.UTC().Format("15:04 MST") + ")"
	}
	return s
}

// Wrap writes text as lines of at most width characters, each starting
// with lead, breaking at spaces.
func Wrap(text string, width int, lead string) string {
	words := strings.Fields(text)
	if len(words) == 0 {
		return strings.TrimRight(lead, " ") + "\n"
	}
	var b strings.Builder
	b.WriteString(lead)
	n := len(lead) // the length of the line so far
	for _, w := range words {
		switch {
		case n == len(lead):
			n += len(w)
		case n+1+len(w) > width:
			b.WriteString("\n")
			b.WriteString(lead)
			n = len(lead) + len(w)
		default:
			b.WriteByte(' ')
			n += 1 + len(w)
		}
		b.WriteString(w)
	}
	b.WriteByte('\n')
	return b.String()
}
