package templates

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The HTML report is drawn by headless Chromium at a phone's width, 412
// CSS pixels, with a solid picture standing in for the map. Headless
// Chromium lays a page out at least 500 pixels wide whatever --window-size
// says (it only crops the screenshot), so the report is shown in a frame
// of the phone's size, as a mail client shows the HTML part. Set
// PBEMD_TEST_SCREENSHOTS to a directory to keep the screenshots for a look.

// mapColour is the stand-in map's colour: a magenta the page itself never
// uses, so finding it proves the picture was drawn.
var mapColour = color.RGBA{R: 0xc8, G: 0x1e, B: 0xa0, A: 0xff}

const (
	phoneWidth = 412
	shotHeight = 2000
	mapCID     = "map-frontier-t3-vorn@pbemd.invalid"
)

func TestHTMLReportInChromium(t *testing.T) {
	bin := chromium(t)
	v := battleView()
	// A 500-character name with no space must wrap, not widen the page.
	v.Name = strings.Repeat("Ж", 200) + strings.Repeat("x", 300)
	html, err := RenderHTML(v, htmlDeadline, htmlZone, "cid:"+mapCID)
	if err != nil {
		t.Fatalf("RenderHTML = %v", err)
	}
	page := inlineMap(t, html, solidPNG(t, 640, 400, mapColour))
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "report.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	phone := fmt.Sprintf(`<!DOCTYPE html><html><body style="margin:0"><iframe src="report.html" width="%d" height="%d" scrolling="no" style="display:block;border:0"></iframe></body></html>`, phoneWidth, shotHeight)
	file := filepath.Join(dir, "phone.html")
	if err := os.WriteFile(file, []byte(phone), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("light", func(t *testing.T) {
		img := screenshot(t, bin, file, "light")
		checkMap(t, img)
		if l := luma(img.At(2, 2)); l < 200 {
			t.Errorf("the page's corner has luma %d, want a light page (≥ 200)", l)
		}
	})
	t.Run("dark", func(t *testing.T) {
		// --force-dark-mode makes Chromium report prefers-color-scheme:
		// dark to pages, which selects the report's dark colours.
		img := screenshot(t, bin, file, "dark", "--force-dark-mode")
		checkMap(t, img)
		if l := luma(img.At(2, 2)); l > 60 {
			t.Errorf("the page's corner has luma %d, want a dark page (≤ 60)", l)
		}
	})
}

// chromium returns the Chromium binary on PATH, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if bin, err := exec.LookPath(name); err == nil {
			return bin
		}
	}
	t.Skip("chromium not installed: apt-get install chromium (CI installs it in .ci/run)")
	return ""
}

// inlineMap replaces the report's cid: reference with the picture itself,
// as a mail client does when it shows the inline part.
func inlineMap(t *testing.T, html string, pic []byte) string {
	t.Helper()
	ref := "cid:" + mapCID
	if n := strings.Count(html, ref); n != 1 {
		t.Fatalf("the report refers to %s %d times, want once", ref, n)
	}
	return strings.Replace(html, ref, "data:image/png;base64,"+base64.StdEncoding.EncodeToString(pic), 1)
}

func solidPNG(t *testing.T, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// screenshot draws the page at file in headless Chromium at a phone's width
// and returns the picture.
func screenshot(t *testing.T, bin, file, name string, flags ...string) image.Image {
	t.Helper()
	dir := t.TempDir()
	shot := filepath.Join(dir, name+".png")
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	args := append([]string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-dev-shm-usage", "--hide-scrollbars",
		"--user-data-dir=" + filepath.Join(dir, "profile"),
		fmt.Sprintf("--window-size=%d,%d", phoneWidth, shotHeight),
		"--screenshot=" + shot,
	}, flags...)
	args = append(args, "file://"+file)
	cmd := exec.CommandContext(ctx, bin, args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, out)
	}
	data, err := os.ReadFile(shot)
	if err != nil {
		t.Fatalf("chromium wrote no screenshot: %v\n%s", err, out)
	}
	if keep := os.Getenv("PBEMD_TEST_SCREENSHOTS"); keep != "" {
		if err := os.WriteFile(filepath.Join(keep, "report-"+name+".png"), data, 0o644); err != nil {
			t.Errorf("keep screenshot: %v", err)
		}
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode screenshot: %v", err)
	}
	if b := img.Bounds(); b.Dx() != phoneWidth || b.Dy() < 400 {
		t.Fatalf("screenshot is %dx%d, want %d wide", b.Dx(), b.Dy(), phoneWidth)
	}
	return img
}

// checkMap checks that the screenshot is not blank and shows the map as a
// solid rectangle that spans most of the phone's width without running
// off its edge: the picture decoded, and the page fits the phone.
func checkMap(t *testing.T, img image.Image) {
	t.Helper()
	b := img.Bounds()
	colours := map[color.RGBA]bool{}
	box := image.Rectangle{}
	found := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := rgba(img.At(x, y))
			if len(colours) < 64 {
				colours[c] = true
			}
			if near(c, mapColour) {
				found++
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if len(colours) < 8 {
		t.Fatalf("the screenshot has %d colours; the page looks blank", len(colours))
	}
	if found == 0 {
		t.Fatal("the screenshot does not show the map: no pixel has its colour")
	}
	if box.Dx() < phoneWidth*3/4 || box.Dy() < box.Dx()*5/8-4 {
		t.Errorf("the map is drawn as %v, want at least %d pixels wide at its 8:5 ratio", box, phoneWidth*3/4)
	}
	if area := box.Dx() * box.Dy(); found < area*98/100 {
		t.Errorf("the map's box %v is only %d%% its colour; the picture is broken", box, 100*found/area)
	}
	if box.Max.X > phoneWidth-4 {
		t.Errorf("the map reaches x=%d of %d: the page is wider than the phone", box.Max.X, phoneWidth)
	}
}

func rgba(c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

func near(c, want color.RGBA) bool {
	d := func(a, b uint8) int { return max(int(a), int(b)) - min(int(a), int(b)) }
	return d(c.R, want.R) <= 3 && d(c.G, want.G) <= 3 && d(c.B, want.B) <= 3
}

func luma(c color.Color) int {
	p := rgba(c)
	return (299*int(p.R) + 587*int(p.G) + 114*int(p.B)) / 1000
}
