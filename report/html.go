package report

import (
	"bytes"
	"embed"
	"html/template"
	"net/url"
	"strings"
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

// ExecuteHTML executes an HTML template and returns what it wrote.
func ExecuteHTML(t *template.Template, name string, data any) (string, error) {
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, name, data); err != nil {
		return "", err
	}
	return b.String(), nil
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
