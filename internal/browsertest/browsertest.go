// Package browsertest lays out pages in headless Chromium for the tests of
// how reports and mails read on a screen: whether anything is wider than
// the screen, whether a word breaks across lines, how large the pictures
// are drawn, and screenshots. A test that needs Chromium skips without
// it, unless CI is set; .ci/run installs it.
package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// Phone and Desktop are the widths, in CSS pixels, the tests lay pages
// out at: a phone of 390 pixels and a desktop of 1,280.
const (
	Phone   = 390
	Desktop = 1280
)

// Page is a document to lay out: its HTML, and the files beside it that
// it refers to by name (the pictures a mail carries inline).
type Page struct {
	Name  string
	HTML  string
	Files map[string][]byte
}

// TextMail is the page of a text mail as a phone's mail client shows it:
// the text in its proportional font, wrapped at spaces, a word broken
// only where it is wider than the screen.
func TextMail(name, text string) Page {
	return Page{Name: name, HTML: `<!DOCTYPE html><html><head><meta charset="utf-8">` +
		`<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
		`<body style="margin:8px;font-family:sans-serif;font-size:16px;line-height:1.4;">` +
		`<div style="white-space:pre-wrap;overflow-wrap:break-word;">` + html.EscapeString(text) + `</div></body></html>`}
}

// Layout is what Chromium found of a page laid out at a width.
type Layout struct {
	Page string `json:"page"`
	// ScrollWidth is how wide the page's content is, and ClientWidth how
	// wide its screen: content wider than the screen scrolls sideways.
	ScrollWidth int `json:"scrollWidth"`
	ClientWidth int `json:"clientWidth"`
	// Wide are the elements that reach past the screen's right edge.
	Wide []string `json:"wide"`
	// Broken are the words a line break falls inside, with the text round
	// the break: "unknow|n".
	Broken []string `json:"broken"`
	// Images are the pictures shown: their file, and how many pixels wide
	// they are and are drawn.
	Images []Image `json:"images"`
	// Background is the page's background colour, "rgb(r, g, b)".
	Background string `json:"background"`
}

// Image is a picture as a page shows it.
type Image struct {
	File    string  `json:"file"`
	Natural int     `json:"natural"`
	Shown   float64 `json:"shown"`
}

// Chromium returns the Chromium binary on PATH, or skips the test; with
// CI set it fails instead.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if bin, err := exec.LookPath(name); err == nil {
			return bin
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium not installed: .ci/run installs it")
	}
	t.Skip("chromium not installed: apt-get install chromium (CI installs it in .ci/run)")
	return ""
}

// flags are Chromium's flags for a test: headless, no network of its own
// and a fresh profile in dir.
func flags(dir string, dark bool) []string {
	f := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1",
		"--allow-file-access-from-files", "--user-data-dir=" + filepath.Join(dir, "profile")}
	if dark {
		// --force-dark-mode makes Chromium report prefers-color-scheme:
		// dark to pages, which selects the reports' dark colours.
		f = append(f, "--force-dark-mode")
	}
	return f
}

// Measure lays out every page in a frame width pixels wide, as a screen of
// that width shows it (headless Chromium lays a window out at least 500
// pixels wide whatever its size), in light or dark mode, all in one run
// of Chromium, and returns what it found of each, in order.
func Measure(t testing.TB, bin string, pages []Page, width int, dark bool) []Layout {
	t.Helper()
	dir := t.TempDir()
	var frames strings.Builder
	for i, p := range pages {
		sub := filepath.Join(dir, fmt.Sprintf("p%03d", i))
		writePage(t, sub, p)
		fmt.Fprintf(&frames, `<iframe src="p%03d/page.html" data-name="%s" width="%d" height="100" scrolling="no" style="display:block;border:0"></iframe>`,
			i, html.EscapeString(p.Name), width)
	}
	index := filepath.Join(dir, "index.html")
	doc := `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">` + frames.String() +
		`<pre id="out"></pre><script>` + measureJS + `</script></body></html>`
	if err := os.WriteFile(index, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	out := run(t, bin, append(flags(dir, dark), "--dump-dom", "--virtual-time-budget=30000", "file://"+index))
	start := strings.Index(out, "@@LAYOUT@@")
	end := start + strings.Index(out[max(start, 0):], "@@END@@")
	if start < 0 || end < start {
		t.Fatalf("chromium measured nothing:\n%.2000s", out)
	}
	var got []Layout
	if err := json.Unmarshal([]byte(html.UnescapeString(out[start+len("@@LAYOUT@@"):end])), &got); err != nil {
		t.Fatalf("read chromium's measures: %v", err)
	}
	if len(got) != len(pages) {
		t.Fatalf("chromium measured %d pages of %d", len(got), len(pages))
	}
	return got
}

// Screenshot lays out page in a frame width pixels wide and height high,
// in light or dark mode, and returns the picture.
func Screenshot(t testing.TB, bin string, page Page, width, height int, dark bool) image.Image {
	t.Helper()
	dir := t.TempDir()
	writePage(t, filepath.Join(dir, "p"), page)
	frame := filepath.Join(dir, "screen.html")
	doc := fmt.Sprintf(`<!DOCTYPE html><html><body style="margin:0"><iframe src="p/page.html" width="%d" height="%d" scrolling="no" style="display:block;border:0"></iframe></body></html>`, width, height)
	if err := os.WriteFile(frame, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "shot.png")
	run(t, bin, append(flags(dir, dark), fmt.Sprintf("--window-size=%d,%d", width, height), "--screenshot="+shot, "file://"+frame))
	data, err := os.ReadFile(shot)
	if err != nil {
		t.Fatalf("chromium wrote no screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode screenshot: %v", err)
	}
	return img
}

// writePage writes page as page.html in dir, with its files beside it.
func writePage(t testing.TB, dir string, p Page) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "page.html"), []byte(p.HTML), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, data := range p.Files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// run runs Chromium and returns what it wrote to its standard output.
func run(t testing.TB, bin string, args []string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, stderr.Bytes())
	}
	return stdout.String()
}

// measureJS runs in the page of frames once they have loaded: it makes
// each frame as tall as its page, so that nothing scrolls but sideways,
// and writes what it finds of each, as JSON, between markers.
const measureJS = `
function measure(frame) {
  var d = frame.contentDocument, w = d.defaultView;
  frame.height = Math.max(d.documentElement.scrollHeight, 100);
  var r = {page: frame.dataset.name, scrollWidth: d.documentElement.scrollWidth,
    clientWidth: d.documentElement.clientWidth, wide: [], broken: [], images: [],
    background: w.getComputedStyle(d.body).backgroundColor};
  d.body.querySelectorAll('*').forEach(function (e) {
    var b = e.getBoundingClientRect();
    if (b.width > 0 && b.right > r.clientWidth + 0.5 && r.wide.length < 5) {
      r.wide.push(e.tagName.toLowerCase() + '.' + e.className + ' "' + (e.textContent || '').trim().slice(0, 60) + '" right ' + Math.round(b.right));
    }
  });
  d.body.querySelectorAll('img').forEach(function (img) {
    var b = img.getBoundingClientRect();
    if (b.width > 0 && w.getComputedStyle(img).display !== 'none') {
      r.images.push({file: decodeURIComponent(img.getAttribute('src')), natural: img.naturalWidth, shown: b.width});
    }
  });
  var walk = d.createTreeWalker(d.body, NodeFilter.SHOW_TEXT), range = d.createRange(), n;
  var letter = /[\p{L}\p{N}]/u;
  while ((n = walk.nextNode())) {
    var s = n.data, prevBottom = null;
    for (var i = 0; i < s.length; i++) {
      range.setStart(n, i); range.setEnd(n, i + 1);
      var rects = range.getClientRects();
      if (rects.length === 0) { continue; }
      var top = rects[0].top;
      if (prevBottom !== null && top >= prevBottom - 1 && letter.test(s[i]) && letter.test(s[i - 1]) && !longRun(s, i)) {
        r.broken.push(s.slice(Math.max(0, i - 12), i) + '|' + s.slice(i, i + 12));
      }
      prevBottom = rects[0].bottom;
    }
  }
  return r;
}
// longRun says whether the break at i falls in a run of more than 20
// characters without a space: a name no line may be wide enough for,
// which reports break on purpose.
function longRun(s, i) {
  var a = i, b = i;
  while (a > 0 && !/\s/.test(s[a - 1])) { a--; }
  while (b < s.length && !/\s/.test(s[b])) { b++; }
  return b - a > 20;
}
window.addEventListener('load', function () {
  var out = [];
  document.querySelectorAll('iframe').forEach(function (f) { measure(f); });
  document.querySelectorAll('iframe').forEach(function (f) { out.push(measure(f)); });
  // The markers are written in two parts so that the script's own text,
  // which the dumped page holds too, has none.
  document.getElementById('out').textContent = '@@' + 'LAYOUT@@' + JSON.stringify(out) + '@@' + 'END@@';
});
`

// Mail is a mail as the tests read it: its text, its HTML, and the
// files its HTML shows inline, by Content-ID (the maps).
type Mail struct {
	Name, Text, HTML string
	Inline           map[string][]byte
}

// Pages are the mail's pages: its HTML, which shows its inline files by
// name rather than by cid: URL, as a mail client does, and its text as a
// phone's mail client shows it.
func (m Mail) Pages() []Page {
	out := []Page{TextMail(m.Name+" (text)", m.Text)}
	if m.HTML != "" {
		page := m.HTML
		for cid := range m.Inline {
			page = strings.ReplaceAll(page, `"cid:`+cid+`"`, `"`+cid+`"`)
		}
		out = append(out, Page{Name: m.Name + " (HTML)", HTML: page, Files: m.Inline})
	}
	return out
}

// ReportMail is a ruleset's report mail as the tests read it.
func ReportMail(name string, r *game.Report) Mail {
	m := Mail{Name: name, Text: r.Text, HTML: r.HTML, Inline: map[string][]byte{}}
	for _, a := range r.Attachments {
		if a.Inline {
			m.Inline[a.ContentID] = a.Data
		}
	}
	return m
}

// ReportOptions are the options of the report mails the tests read:
// mailed, as HTML with the maps and every attachment.
func ReportOptions() game.ReportOptions {
	return game.ReportOptions{Deadline: time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC),
		Location: time.FixedZone("CET", 3600), SchemaRef: "orders.schema.json", Mail: &campaign.MailPrefs{}}
}

// Reports are the report mails of views, each named by its player and
// turn.
func Reports(t testing.TB, rs game.Ruleset, views []game.View) []Mail {
	t.Helper()
	var out []Mail
	for _, v := range views {
		h := v.Header()
		rep, err := rs.Report(v, ReportOptions())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ReportMail(fmt.Sprintf("%s's turn %d report", h.Player, h.Turn), rep))
	}
	return out
}

// Digest is the daily digest of one player's views, oldest first.
func Digest(t testing.TB, rs game.Ruleset, views []game.View) Mail {
	t.Helper()
	var items []game.DigestItem
	for _, v := range views {
		items = append(items, game.DigestItem{View: v, Deadline: ReportOptions().Deadline})
	}
	d, err := rs.Digest(items, ReportOptions())
	if err != nil {
		t.Fatal(err)
	}
	return ReportMail("digest", d)
}

// LongName is a player's name of 500 characters without a space, which
// a report must wrap rather than let it widen the page.
var LongName = strings.Repeat("Ж", 200) + strings.Repeat("x", 300)

// KeepScreens keeps screenshots of m's HTML, light, as a phone and a
// desktop show it, at prefix-390.png and prefix-1280.png: the top of the
// page, in at most 256 colours so that the files stay small.
func KeepScreens(t testing.TB, bin string, m Mail, prefix string) {
	t.Helper()
	pages := m.Pages()
	page := pages[len(pages)-1]
	for _, s := range []struct{ width, height int }{{Phone, 2600}, {Desktop, 1800}} {
		img := Screenshot(t, bin, page, s.width, s.height, false)
		var b bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&b, paletted(img)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fmt.Sprintf("%s-%d.png", prefix, s.width), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// paletted is img in its 256 commonest colours, each pixel in the nearest.
func paletted(img image.Image) *image.Paletted {
	b := img.Bounds()
	counts := map[color.RGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			counts[color.RGBA{uint8(r>>8) &^ 7, uint8(g>>8) &^ 7, uint8(bl>>8) &^ 7, 0xff}]++
		}
	}
	common := slices.SortedFunc(maps.Keys(counts), func(a, c color.RGBA) int {
		if d := counts[c] - counts[a]; d != 0 {
			return d
		}
		return int(a.R)<<16 | int(a.G)<<8 | int(a.B) - (int(c.R)<<16 | int(c.G)<<8 | int(c.B))
	})
	pal := make(color.Palette, 0, 256)
	for _, c := range common[:min(len(common), 256)] {
		pal = append(pal, c)
	}
	out := image.NewPaletted(b, pal)
	draw.Draw(out, b, img, b.Min, draw.Src)
	return out
}
