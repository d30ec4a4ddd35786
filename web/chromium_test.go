package web_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/pbemd/pbemd/internal/browsertest"
)

// page is a player's page open in headless Chromium.
type page struct {
	t   *testing.T
	ctx context.Context
	mu  sync.Mutex
	// errors are what the page wrote to the console as errors.
	errors []string
}

// openPage starts Chromium with a screen width pixels wide, opens link,
// and waits for the map and the order builder.
func openPage(t *testing.T, bin string, width int, link string) *page {
	t.Helper()
	alloc, cancel := chromedp.NewExecAllocator(t.Context(), chromedp.ExecPath(bin),
		chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true), chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true), chromedp.UserDataDir(t.TempDir()))
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatalf("start chromium: %v", err)
	}
	p := &page{t: t, ctx: ctx}
	p.watchConsole(cancel)
	height := int64(844)
	opts := []chromedp.EmulateViewportOption{chromedp.EmulatePortrait}
	if width == browsertest.Desktop {
		height, opts = 900, nil
	}
	p.do(chromedp.EmulateViewport(int64(width), height, opts...), chromedp.Navigate(link))
	p.ready()
	return p
}

// watchConsole keeps the errors the page writes to the console until
// the tab closes; stop closes it.
func (p *page) watchConsole(stop context.CancelFunc) {
	msgs := chromedp.Console(p.ctx)
	var wg sync.WaitGroup
	wg.Go(func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			// A browser asks every site for /favicon.ico, which the
			// daemon serves no more than any other path.
			if (m.Type == chromedp.ConsoleError || m.IsException()) && !strings.HasSuffix(m.URL, "/favicon.ico") {
				p.mu.Lock()
				p.errors = append(p.errors, fmt.Sprintf("%s:%d %s", m.URL, m.Line+1, m))
				p.mu.Unlock()
			}
		}
	})
	p.t.Cleanup(func() { stop(); wg.Wait() })
}

// wantNoErrors fails the test for each error the page wrote to the
// console: a script error, or something its policy refused.
func (p *page) wantNoErrors() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		p.t.Errorf("the page's console: %s", e)
	}
}

// do runs actions on the page.
func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("on the page: %v", err)
	}
}

// run runs an action on the page and returns its value.
func run[T any](p *page, what string, a chromedp.Action[T]) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		p.t.Fatalf("on the page, %s: %v", what, err)
	}
	return v
}

// eval returns the value of a JavaScript expression on the page.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	return run(p, expr, chromedp.Evaluate[T](expr))
}

// until waits until a JavaScript expression is true on the page; what
// says what for, when it never is.
func (p *page) until(what, expr string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr,
		chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(0)))
	if err != nil {
		p.t.Fatalf("waiting for %s: %v\nstatus: %s\nreply:\n%s", what, err, p.peek("#status"), p.peek("#reply"))
	}
}

// peek is the text of an element, or why it could not be read, for a
// failure's message.
func (p *page) peek(sel string) string {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		fmt.Sprintf(`(document.querySelector(%q) || {textContent: "(none)"}).textContent`, sel)))
	if err != nil {
		return err.Error()
	}
	return s
}

// text is the text of the element sel selects.
func (p *page) text(sel string) string {
	p.t.Helper()
	p.until(sel, fmt.Sprintf(`document.querySelector(%q) !== null`, sel))
	return eval[string](p, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
}

// value is the value of the input or select with the id.
func (p *page) value(id string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`document.getElementById(%q).value`, id))
}

// ready waits for the map, and for the order builder to have read the
// order kinds.
func (p *page) ready() {
	p.t.Helper()
	p.do(chromedp.WaitVisible(chromedp.CSS("#map svg")))
	p.until("the order kinds", `document.querySelectorAll("#kind option").length > 0`)
}

// reload loads the page again.
func (p *page) reload() {
	p.t.Helper()
	p.do(chromedp.Reload())
	p.ready()
}

// point is a place on the screen, in CSS pixels.
type point struct{ X, Y float64 }

// mapCenter scrolls the map into view and returns its centre.
func (p *page) mapCenter() point {
	p.t.Helper()
	p.do(chromedp.ScrollIntoView(chromedp.CSS("#map svg")))
	return eval[point](p, `(() => { const r = document.querySelector("#map svg").getBoundingClientRect();
		return {X: r.left + r.width / 2, Y: r.top + r.height / 2}; })()`)
}

// moves runs act, waits until the map's viewBox changes, and returns it
// before and after as x, y, width and height.
func (p *page) moves(what string, act ...chromedp.Action[chromedp.Void]) (before, after [4]float64) {
	p.t.Helper()
	const viewBox = `document.querySelector("#map svg").getAttribute("viewBox")`
	was := eval[string](p, viewBox)
	p.do(act...)
	p.until(what+" to change the map's viewBox", fmt.Sprintf(`%s !== %q`, viewBox, was))
	return p.numbers(was), p.numbers(eval[string](p, viewBox))
}

// numbers reads a viewBox.
func (p *page) numbers(viewBox string) [4]float64 {
	p.t.Helper()
	var v [4]float64
	if _, err := fmt.Sscan(viewBox, &v[0], &v[1], &v[2], &v[3]); err != nil {
		p.t.Fatalf("the map's viewBox is %q: %v", viewBox, err)
	}
	return v
}

// panAndZoom drags the map, zooms it in with the + button and with the
// wheel, checking that each moved the view as it should, and then shows
// the whole map again.
func (p *page) panAndZoom() {
	p.t.Helper()
	c := p.mapCenter()
	x, y := c.X, c.Y
	left := func(e *input.DispatchMouseEventParams) { e.Button, e.Buttons = input.MouseButtonLeft, 1 }
	drag := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MouseMoved, x, y),
		chromedp.MouseEvent(chromedp.MousePressed, x, y, left, chromedp.ClickCount(1))}
	for i := 1; i <= 5; i++ {
		drag = append(drag, chromedp.MouseEvent(chromedp.MouseMoved, x+float64(12*i), y+float64(8*i), left))
	}
	drag = append(drag, chromedp.MouseEvent(chromedp.MouseReleased, x+60, y+40, left, chromedp.ClickCount(1)))
	before, after := p.moves("a drag", drag...)
	if after[2] != before[2] || after[0] >= before[0] || after[1] >= before[1] {
		p.t.Errorf("dragging the map right and down moved its viewBox from %v to %v, want it left and up at the same size", before, after)
	}

	before, after = p.moves("the + button", chromedp.Click(chromedp.CSS(`[data-zoom="in"]`)))
	if after[2] >= before[2] {
		p.t.Errorf("the + button changed the map's viewBox from %v to %v, want it smaller", before, after)
	}
	c = p.mapCenter()
	// The protocol wants deltaX even when it is 0, which the typed
	// parameters leave out.
	wheel := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		return t.Call(ctx, input.CommandDispatchMouseEvent, map[string]any{"type": chromedp.MouseWheel,
			"x": c.X, "y": c.Y, "deltaX": 0, "deltaY": -120}, nil)
	})
	before, after = p.moves("the wheel", wheel)
	if after[2] >= before[2] {
		p.t.Errorf("the wheel up changed the map's viewBox from %v to %v, want it smaller", before, after)
	}
	p.moves("Whole map", chromedp.Click(chromedp.CSS(`[data-zoom="reset"]`)))
}

// buildMove builds, by tapping and clicking as a player does, an order
// that moves the player's first fleet a lane on, and waits for the page's
// check to accept it. It returns the order as the page wrote it.
func (p *page) buildMove(token string) string {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.ID("token")), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		// The player pastes the token from the welcome mail.
		_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: token})
		return err
	}))
	p.choose("kind", "move")
	fl, to := p.firstMove()
	p.tapFleet(fl)
	p.tap(to)
	// EaW moves along a path (EaW 5a), Thunderdome IV to a sector
	// (UTD6.31).
	order := "move: {fleet: " + fl.ID + ", to: " + to + "}"
	if eval[bool](p, `document.getElementById("f-path") !== null`) {
		order = "move: {fleet: " + fl.ID + ", path: [" + to + "]}"
	}
	p.until("the move's destination "+to, fmt.Sprintf(
		`(document.getElementById("f-path") || document.getElementById("f-to")).value === %q`, to))
	p.do(chromedp.Click(chromedp.ID("add")))
	p.until("the order "+order+" in the list", fmt.Sprintf(
		`[...document.querySelectorAll("#orders li code")].some((c) => c.textContent === %q)`, order))
	// Only a check of the orders with the order added, and none left on
	// the form, says just this and echoes the order.
	p.until("the check to accept "+order, fmt.Sprintf(`document.getElementById("status").textContent === "pbemd would accept these orders."
		&& document.getElementById("reply").textContent.includes(%q)`, "- "+order))
	return order
}

// fleet is a fleet of the order builder's plan.
type fleet struct {
	ID string `json:"id"`
	At string `json:"at"`
}

// firstMove is the player's first fleet, as the order builder lists
// them, and the first system a lane on from it, as the map draws lanes.
func (p *page) firstMove() (fl fleet, to string) {
	p.t.Helper()
	fleets := eval[[]fleet](p, `JSON.parse(document.getElementById("plan").textContent).fleets`)
	if len(fleets) == 0 {
		p.t.Fatal("the order builder's plan has no fleets")
	}
	fl = fleets[0]
	to = eval[string](p, fmt.Sprintf(`(() => { for (const l of document.querySelectorAll("#map line.lane")) {
		if (l.dataset.a === %[1]q) return l.dataset.b; if (l.dataset.b === %[1]q) return l.dataset.a; } return ""; })()`, fl.At))
	if to == "" {
		p.t.Fatalf("no lane on the map leads from %s", fl.At)
	}
	return fl, to
}

// tapFleet taps the system of fl, and where more fleets than one are
// there and the page asks which, picks fl.
func (p *page) tapFleet(fl fleet) {
	p.t.Helper()
	p.tap(fl.At)
	p.until("the page to take the tap on "+fl.At,
		`document.getElementById("f-fleet").value !== "" || document.querySelector("#chooser button") !== null`)
	if p.value("f-fleet") == "" {
		p.do(chromedp.Click(chromedp.JSPath(fmt.Sprintf(
			`[...document.querySelectorAll("#chooser button")].find((b) => b.textContent.startsWith(%q))`, fl.ID+" ("))))
	}
	p.until("the fleet field to hold "+fl.ID, fmt.Sprintf(`document.getElementById("f-fleet").value === %q`, fl.ID))
}

// choose picks an option of the select with the id by its value, as a
// player does with the keyboard: the arrow keys, from the option chosen
// now to the one wanted.
func (p *page) choose(id, value string) {
	p.t.Helper()
	steps := eval[int](p, fmt.Sprintf(`(() => { const s = document.getElementById(%q);
		return [...s.options].findIndex((o) => o.value === %q) - s.selectedIndex; })()`, id, value))
	key := kb.ArrowDown
	if steps < 0 {
		key, steps = kb.ArrowUp, -steps
	}
	if steps > 0 {
		p.do(chromedp.Focus(chromedp.ID(id)), chromedp.KeyEvent(strings.Repeat(key, steps)))
	}
	p.until(id+" to be "+value, fmt.Sprintf(`document.getElementById(%q).value === %q`, id, value))
}

// tap clicks the system id on the map, at a point of it that no other
// system covers, as a player taps it; the page's own pointer handling
// takes it from there.
func (p *page) tap(id string) {
	p.t.Helper()
	p.mapCenter()
	// The centre of its hit circle, or failing that the nearest of a few
	// points round it, on the map and covered by no other system.
	pt := eval[point](p, fmt.Sprintf(`(() => {
		const g = document.querySelector('#map g.system[data-system=%q]');
		const svg = document.querySelector("#map svg").getBoundingClientRect();
		const r = g.querySelector("circle.hit").getBoundingClientRect();
		const steps = [0, -1, 1, -2, 2];
		for (const i of steps) for (const j of steps) {
			const x = r.left + r.width * (3 + i) / 6, y = r.top + r.height * (3 + j) / 6;
			if (x < svg.left || x > svg.right || y < svg.top || y > svg.bottom) continue;
			const e = document.elementFromPoint(x, y);
			if (e && e.closest(".system") === g) return {X: x, Y: y};
		}
		return {X: -1, Y: -1};
	})()`, id))
	if pt.X < 0 {
		p.t.Fatalf("the system %s cannot be tapped on the map as it is shown", id)
	}
	p.do(chromedp.MouseClickXY(pt.X, pt.Y))
}

// mailto reads the link the page wrote the mail into: its address,
// subject and body.
func (p *page) mailto() (to, subject, body string) {
	p.t.Helper()
	href := eval[string](p, `document.getElementById("mailto").href`)
	u, err := url.Parse(href)
	if err != nil || u.Scheme != "mailto" {
		p.t.Fatalf("the page's mail link is %q: %v", href, err)
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		p.t.Fatalf("the page's mail link is %q: %v", href, err)
	}
	return u.Opaque, q.Get("subject"), q.Get("body")
}

// screenshot is the screen's worth at the top of the page as a PNG: what
// a player sees on opening it. (A shot of the whole page leaves the
// report's frame blank where it lies below the screen.)
func (p *page) screenshot() []byte {
	p.t.Helper()
	return p.screenshotAt("body")
}

// screenshotAt is the screen's worth from the element sel at its top.
func (p *page) screenshotAt(sel string) []byte {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf("document.querySelector(%q).scrollIntoView(), true", sel))
	return run(p, "screenshot", chromedp.CaptureScreenshot())
}

// keepScreenshot writes a screenshot to the test's temporary directory,
// and for the docs to the directory PBEMD_SCREENSHOTS names, if set.
func keepScreenshot(t *testing.T, png []byte, name string) {
	t.Helper()
	dirs := []string{t.TempDir()}
	if dir := os.Getenv("PBEMD_SCREENSHOTS"); dir != "" {
		dirs = append(dirs, dir)
	}
	for _, dir := range dirs {
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Errorf("keep the screenshot: %v", err)
		}
	}
}
