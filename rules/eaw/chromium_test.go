package eaw

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

	"github.com/pbemd/pbemd/report"
)

// The HTML report is drawn by headless Chromium at a phone's width, 412
// CSS pixels, and at a desktop's, 1280, with a solid picture of the map's
// full size standing in for the map. Headless Chromium lays a page out at
// least 500 pixels wide whatever --window-size says (it only crops the
// screenshot), so the report is shown in a frame of the screen's size, as
// a mail client shows the HTML part. Set PBEMD_TEST_SCREENSHOTS to a
// directory to keep the screenshots for a look.

// mapColour is the stand-in map's colour: a magenta the page itself never
// uses, so finding it proves the picture was drawn.
var mapColour = color.RGBA{R: 0xc8, G: 0x1e, B: 0xa0, A: 0xff}

const (
	phoneWidth   = 412
	desktopWidth = 1280
	shotHeight   = 2000
	mapCID       = "map-frontier-t3-vorn@pbemd.invalid"
	// mapHeight is the stand-in map's height at report.MapMaxWidth.
	mapHeight = 750
)

func TestHTMLReportInChromium(t *testing.T) {
	t.Parallel() // mostly waits on Chromium
	bin := chromium(t)
	v := battleView()
	// A 500-character name with no space must wrap, not widen the page.
	v.Name = strings.Repeat("Ж", 200) + strings.Repeat("x", 300)
	html, err := RenderHTML(v, htmlDeadline, htmlZone, "cid:"+mapCID)
	if err != nil {
		t.Fatalf("RenderHTML = %v", err)
	}
	dir := t.TempDir()
	phone := framed(t, dir, inlineMap(t, html, solidPNG(t, report.MapMaxWidth, mapHeight, mapColour)), phoneWidth)

	t.Run("light", func(t *testing.T) {
		img := screenshot(t, bin, phone, phoneWidth, "light")
		checkMapFits(t, img, phoneWidth)
		if l := luma(img.At(2, 2)); l < 200 {
			t.Errorf("the page's corner has luma %d, want a light page (≥ 200)", l)
		}
	})
	t.Run("dark", func(t *testing.T) {
		// --force-dark-mode makes Chromium report prefers-color-scheme:
		// dark to pages, which selects the report's dark colours.
		img := screenshot(t, bin, phone, phoneWidth, "dark", "--force-dark-mode")
		checkMapFits(t, img, phoneWidth)
		if l := luma(img.At(2, 2)); l > 60 {
			t.Errorf("the page's corner has luma %d, want a dark page (≤ 60)", l)
		}
	})
	// At a desktop's width the map is shown at its own size, where its
	// labels and legend read, and a smaller map is not blown up.
	for _, width := range []int{report.MapMaxWidth, report.MapMinWidth} {
		t.Run(fmt.Sprintf("desktop, map %d wide", width), func(t *testing.T) {
			page := inlineMap(t, html, solidPNG(t, width, width*5/8, mapColour))
			img := screenshot(t, bin, framed(t, t.TempDir(), page, desktopWidth), desktopWidth, fmt.Sprintf("desktop-%d", width))
			if box := mapBox(t, img); box.Dx() != width || box.Dy() != width*5/8 {
				t.Errorf("at %d pixels wide the %dx%d map is drawn as %v, want its own size", desktopWidth, width, width*5/8, box)
			}
		})
	}
}

// framed writes page as report.html in dir, and beside it a page that
// shows it in a frame width pixels wide, as a screen of that width would;
// it returns the frame's file.
func framed(t *testing.T, dir, page string, width int) string {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "report.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	frame := fmt.Sprintf(`<!DOCTYPE html><html><body style="margin:0"><iframe src="report.html" width="%d" height="%d" scrolling="no" style="display:block;border:0"></iframe></body></html>`, width, shotHeight)
	file := filepath.Join(dir, fmt.Sprintf("screen-%d.html", width))
	if err := os.WriteFile(file, []byte(frame), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
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

// screenshot draws the page at file in headless Chromium width pixels
// wide and returns the picture.
func screenshot(t *testing.T, bin, file string, width int, name string, flags ...string) image.Image {
	t.Helper()
	dir := t.TempDir()
	shot := filepath.Join(dir, name+".png")
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	args := append([]string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1",
		"--user-data-dir=" + filepath.Join(dir, "profile"),
		fmt.Sprintf("--window-size=%d,%d", width, shotHeight),
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
	if b := img.Bounds(); b.Dx() != width || b.Dy() < 400 {
		t.Fatalf("screenshot is %dx%d, want %d wide", b.Dx(), b.Dy(), width)
	}
	return img
}

// mapBox checks that the screenshot is not blank and shows the map as a
// solid rectangle, so the picture decoded, and returns the rectangle.
func mapBox(t *testing.T, img image.Image) image.Rectangle {
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
	if area := box.Dx() * box.Dy(); found < area*98/100 {
		t.Errorf("the map's box %v is only %d%% its colour; the picture is broken", box, 100*found/area)
	}
	return box
}

// checkMapFits checks that the map spans most of a narrow screen's width,
// at its 8:5 ratio, without running off its edge: the page fits the
// screen.
func checkMapFits(t *testing.T, img image.Image, width int) {
	t.Helper()
	box := mapBox(t, img)
	if box.Dx() < width*3/4 || box.Dy() < box.Dx()*5/8-4 {
		t.Errorf("the map is drawn as %v, want at least %d pixels wide at its 8:5 ratio", box, width*3/4)
	}
	if box.Max.X > width-4 {
		t.Errorf("the map reaches x=%d of %d: the page is wider than the screen", box.Max.X, width)
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
