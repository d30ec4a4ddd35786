package report

import (
	"bytes"
	"embed"
	"html/template"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

//go:embed html/*.tmpl
var htmlFiles embed.FS

// shell holds the HTML shell of a report mail (html/shell.tmpl) and the
// digest frame. It is never executed itself, so that it can always be
// cloned: html/template refuses to clone a template set once it ran.
// html/template escapes every value for its context; nothing a player or
// scenario wrote is ever passed as template.HTML.
var shell = template.Must(template.New("").ParseFS(htmlFiles, "html/*.tmpl"))

// htmls is the kit's own copy of the shell, which renders digests.
var htmls = template.Must(shell.Clone())

// HTMLShell returns a copy of the HTML shell of a report mail, to which a
// ruleset adds its report's templates. The shell defines "page-top" (the
// page, titled with its data, down to the cell that holds the cards),
// "card-top", "card-bottom", "page-bottom", "mail-footer" (a MailFooter,
// or nothing for nil) and the inline styles of a report's tables: "wrap",
// "h2", "table", "th", "td" and "num". A ruleset defines "report-body",
// the content of one report's card, which a digest stacks.
//
// The page loads nothing from outside the mail: its styles are inline,
// with a <style> block only for the dark-mode colours, and it holds no
// script or form. It is one column, at most 1,218 pixels wide so that a
// map of at most MapMaxWidth shows at its own size on a desktop; on a
// narrower screen the column and the map shrink to fit, so it reads on a
// phone.
func HTMLShell() *template.Template {
	return template.Must(shell.Clone())
}

// ExecuteHTML executes an HTML template and returns what it wrote, with
// long runs of text made breakable (breakLongRuns).
func ExecuteHTML(t *template.Template, name string, data any) (string, error) {
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, name, data); err != nil {
		return "", err
	}
	return breakLongRuns(b.String()), nil
}

// MapPictures are where a report's HTML finds its map: the wide picture
// (PaintMap) and the phone's (PaintPhoneMap), each a "cid:" URL in a mail
// or a file name beside a saved report, made safe by MapURL; an empty
// Wide means no map, an empty Phone the wide one on every screen. Alt is
// the pictures' alternative text. The shell's "map" shows the wide one
// on a wide screen and the phone's on a narrow one (MapBreakpoint).
type MapPictures struct {
	Wide, Phone template.URL
	Alt         string
}

// NewMapPictures returns the map pictures at wide and phone, described by
// alt.
func NewMapPictures(wide, phone, alt string) MapPictures {
	return MapPictures{Wide: MapURL(wide), Phone: MapURL(phone), Alt: alt}
}

// MapBreakpoint is the widest screen, in CSS pixels, that a report shows
// the phone's map on: on a wider one the wide map is shown at a size
// where its labels read.
const MapBreakpoint = 1000

// MapURL makes a map's address safe for an src attribute: a "cid:" URL
// (RFC 2392) or a relative file name, each part percent-encoded, so that
// html/template can trust the scheme it would otherwise refuse. An empty
// src stays empty: no map.
func MapURL(src string) template.URL {
	if src == "" {
		return ""
	}
	if cid, ok := strings.CutPrefix(src, "cid:"); ok {
		return template.URL("cid:" + url.PathEscape(cid))
	}
	return template.URL(url.PathEscape(src))
}

// Runs of text without a space longer than longRun characters get a
// <wbr> every runBreak characters (breakLongRuns).
const (
	longRun  = 20
	runBreak = 10
)

// breakLongRuns lets a long run of text without a space break across
// lines: a name of 500 characters must not widen the page beyond a
// phone's screen. Text is left alone everywhere else: no word breaks,
// and a table cell is never narrower than its longest word. Only text
// between tags is touched, never a tag, an attribute, an entity or the
// text of <title>, <style> or <script>.
func breakLongRuns(page string) string {
	var b strings.Builder
	for i := 0; i < len(page); {
		switch {
		case page[i] == '<':
			end := tagEnd(page, i)
			b.WriteString(page[i:end])
			i = end
		default:
			end := strings.IndexByte(page[i:], '<')
			if end < 0 {
				end = len(page) - i
			}
			b.WriteString(breakRuns(page[i : i+end]))
			i += end
		}
	}
	return b.String()
}

// tagEnd is the end of the tag that starts at i, and of the text up to
// its closing tag for an element whose text is not markup.
func tagEnd(page string, i int) int {
	end := strings.IndexByte(page[i:], '>')
	if end < 0 {
		return len(page)
	}
	end += i + 1
	for _, raw := range []string{"title", "style", "script"} {
		if strings.HasPrefix(page[i:], "<"+raw) {
			if close := strings.Index(page[end:], "</"+raw); close >= 0 {
				return end + close
			}
		}
	}
	return end
}

// breakRuns puts a <wbr> every runBreak characters into each run of text
// longer than longRun characters without a space, an entity counting as
// one character.
func breakRuns(text string) string {
	if len(text) <= longRun {
		return text
	}
	var b strings.Builder
	start := 0
	flush := func(end int) {
		run := text[start:end]
		if chars(run, -1) <= longRun {
			b.WriteString(run)
			return
		}
		for k := 0; run != ""; k++ {
			if k > 0 {
				b.WriteString("<wbr>")
			}
			n := chars(run, runBreak)
			b.WriteString(run[:n])
			run = run[n:]
		}
	}
	for i, r := range text {
		if unicode.IsSpace(r) {
			flush(i)
			b.WriteRune(r)
			start = i + utf8.RuneLen(r)
		}
	}
	flush(len(text))
	return b.String()
}

// chars counts the characters of HTML text, each entity one: with upTo
// below 0, all of them; else it returns the length in bytes of the first
// upTo.
func chars(s string, upTo int) int {
	n := 0
	for i := 0; i < len(s); n++ {
		if n == upTo {
			return i
		}
		size := entityLen(s[i:])
		if size == 0 {
			_, size = utf8.DecodeRuneInString(s[i:])
		}
		i += size
	}
	if upTo >= 0 {
		return len(s)
	}
	return n
}

// entityLen is the length of the entity s starts with, 0 for none.
func entityLen(s string) int {
	if s == "" || s[0] != '&' {
		return 0
	}
	if end := strings.IndexByte(s, ';'); end > 0 && end < 12 {
		return end + 1
	}
	return 0
}
