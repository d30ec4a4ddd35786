package templates

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

var texts = template.Must(template.New("").Funcs(template.FuncMap{
	"pad":    pad,
	"padl":   padLeft,
	"join":   strings.Join,
	"plural": plural,
	"add":    func(a, b int) int { return a + b },
}).ParseFS(files, "text/*.tmpl"))

func render(name string, data any) string {
	var b bytes.Buffer
	if err := texts.ExecuteTemplate(&b, name, data); err != nil {
		panic(fmt.Sprintf("templates: render %s: %v", name, err))
	}
	return b.String()
}

func pad(n int, s string) string {
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

func plural(n int, one, many string) string {
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
