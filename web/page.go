package web

import (
	"bytes"
	"cmp"
	_ "embed"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

//go:embed page.tmpl
var pageTemplate string

var pageTmpl = template.Must(template.New("page").Parse(pageTemplate))

// Page is what a player's page shows of one turn's report: the data of
// page.tmpl. Everything in it comes from the player's view of that turn,
// from the campaign's rules and from the player's own seat, so the page
// holds nothing the report mail does not.
type Page struct {
	Title, Player string
	// Turn is the turn whose report the page shows (the report that
	// opened it), Open the turn open now, and Turns every turn with a
	// report, newest first.
	Turn, Open int
	Turns      []int
	// Due says the player owes orders for the open turn, by Deadline;
	// Waiting says otherwise what the page has to say of the open turn.
	Due      bool
	Deadline string
	Waiting  string
	// Map is the turn's map as SVG, and Report the path of the report.
	Map    template.HTML
	Report string
	// OnFile are the orders on file for the open turn as a confirmation
	// echoes them, and Received when they came; both empty for none. Adds
	// says a new mail adds to them (game.Sequential) rather than
	// replacing them.
	OnFile, Received string
	Adds             bool
	// Builder is set on the open turn's page of a player who owes orders:
	// the order builder's plan.
	Builder *Plan
	// Asset is the version the asset paths carry.
	Asset string
}

// Plan is what the page's script builds orders with: whose they are, for
// which turn, where the mail goes, and the player's fleets.
type Plan struct {
	Campaign string         `json:"campaign"`
	Player   string         `json:"player"`
	Turn     int            `json:"turn"`
	Address  string         `json:"address"`
	Fleets   []game.FleetAt `json:"fleets"`
}

// servePage serves the page of the turn the query names (?turn=N), or of
// the newest turn the player may read.
func (s *Server) servePage(w http.ResponseWriter, r *http.Request, l *seatLink) {
	turns := readable(l.c, l.seat)
	n := turns[0]
	if q := r.URL.Query().Get("turn"); q != "" {
		t, err := strconv.Atoi(q)
		if err != nil || !slices.Contains(turns, t) {
			notFound(w)
			return
		}
		n = t
	}
	p, err := s.page(l, n, turns)
	if err != nil {
		s.fail(w, l, "page", err)
		return
	}
	var b bytes.Buffer
	if err := pageTmpl.Execute(&b, p); err != nil {
		s.fail(w, l, "page", err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes())
}

// readable lists the turns whose reports seat s had, newest first: every
// turn while the player plays; once they are out, those up to their last
// report, and the one that ended the campaign, which everyone gets. A
// seat that went out before pbemd kept its last report reads none.
func readable(c *store.Campaign, s *store.Seat) []int {
	last := c.Turn
	if !s.Active() {
		last = min(s.LastReport, c.Turn)
	}
	var turns []int
	if c.Status == store.Ended && last < c.Turn {
		turns = append(turns, c.Turn)
	}
	for t := last; t >= 1; t-- {
		turns = append(turns, t)
	}
	return turns
}

// page gathers the page of turn n's report for l's seat, which may read
// turns.
func (s *Server) page(l *seatLink, n int, turns []int) (*Page, error) {
	c, seat := l.c, l.seat
	past, err := workflow.ReportOf(s.db, s.rules, c.ID, seat.Player, n)
	if err != nil {
		return nil, err
	}
	p := &Page{Title: cmp.Or(c.Title, string(c.ID)), Player: string(seat.Player), Turn: n, Open: c.Turn, Turns: turns,
		Report: fmt.Sprintf("report/%d", n), Asset: assetVersion}
	open := n == c.Turn
	p.Due = open && seat.Due() && c.Status == store.Running
	deadline := past.Deadline
	if p.Due {
		deadline = seat.Deadline
		p.Deadline = report.FormatDeadline(deadline, past.Location)
	}
	var mapDeadline string
	if !deadline.IsZero() && c.Status != store.Ended {
		mapDeadline = report.FormatDeadline(deadline, past.Location)
	}
	if p.Map, err = pageMap(past.View, mapDeadline); err != nil {
		return nil, err
	}
	if !open && seat.Active() {
		return p, nil
	}
	if p.Waiting, err = s.waiting(c, seat, p.Due); err != nil || !open {
		return p, err
	}
	if seat.Active() && c.Status != store.Ended {
		if err := s.onFile(p, c, seat, past.Location); err != nil {
			return nil, err
		}
	}
	if p.Due {
		p.Builder = &Plan{Campaign: string(c.ID), Player: string(seat.Player), Turn: c.Turn, Address: s.address}
		if v, ok := past.View.(game.PageView); ok {
			p.Builder.Fleets = v.OwnFleets()
		}
	}
	return p, nil
}

// onFile puts seat s's orders on file for the open turn on p.
func (s *Server) onFile(p *Page, c *store.Campaign, seat *store.Seat, loc *time.Location) error {
	echo, received, err := s.mod.OrdersOnFile(c, seat)
	if err != nil || echo == "" {
		return err
	}
	p.OnFile, p.Received = echo, report.FormatDeadline(received, loc)
	rs, err := s.rules.Lookup(c.Rules)
	if err != nil {
		return err
	}
	_, p.Adds = rs.(game.Sequential)
	return nil
}

// waiting says why seat s owes no orders for campaign c's open turn, or
// "" when it owes them (due).
func (s *Server) waiting(c *store.Campaign, seat *store.Seat, due bool) (string, error) {
	switch {
	case due:
		return "", nil
	case !seat.Active():
		return "You are out of the campaign: " + seat.Out, nil
	case c.Status == store.Ended:
		return "The campaign has ended.", nil
	case c.Status == store.Paused:
		return "The campaign is paused: no turn passes, and no orders are taken, until the GM resumes it.", nil
	}
	return s.mod.NotDueNote(c, seat)
}

// pageMap draws a view's map as SVG, deadline as its sub-title gives it.
func pageMap(v game.View, deadline string) (template.HTML, error) {
	src, ok := v.(report.MapSource)
	if !ok {
		return "", fmt.Errorf("web: the view of %s draws no map", v.Header().Player)
	}
	// MapSVG escapes every text it writes.
	return template.HTML(report.MapSVG(src.PageMap(deadline))), nil
}

// serveReport serves the report of the turn the path names, as its mail's
// HTML showed it, for the page's frame: sandboxed, with no script.
func (s *Server) serveReport(w http.ResponseWriter, l *seatLink) {
	n, err := strconv.Atoi(strings.TrimPrefix(l.rest, "report/"))
	if err != nil || !slices.Contains(readable(l.c, l.seat), n) {
		notFound(w)
		return
	}
	past, err := workflow.ReportOf(s.db, s.rules, l.c.ID, l.seat.Player, n)
	if err != nil {
		s.fail(w, l, "report", err)
		return
	}
	html, err := past.Ruleset.Render(past.View, game.FormatHTML, past.Options())
	if err != nil {
		s.fail(w, l, "report", err)
		return
	}
	w.Header().Set("Content-Security-Policy", reportCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(html)
}

// serveSchema serves the JSON Schema of the campaign's orders, from which
// the order builder makes a form for each kind of order.
func (s *Server) serveSchema(w http.ResponseWriter, l *seatLink) {
	rs, err := s.rules.Lookup(l.c.Rules)
	if err != nil {
		s.fail(w, l, "schema", err)
		return
	}
	var rec *store.TurnRecord
	err = s.db.View(func(tx *store.Tx) error {
		var err error
		rec, err = s.mod.Turns.Get(tx, l.c.ID, l.c.Turn)
		return err
	})
	if err != nil {
		s.fail(w, l, "schema", err)
		return
	}
	w.Header().Set("Content-Type", "application/schema+json")
	w.Write(rs.Schema(rec.State))
}

// fail answers a request that could not be served, and logs why.
func (s *Server) fail(w http.ResponseWriter, l *seatLink, what string, err error) {
	s.log.Error("serve a player's "+what, "campaign", l.c.ID, "player", l.seat.Player, "err", err)
	http.Error(w, "pbemd could not show this; try again later, or read your report mail", http.StatusInternalServerError)
}
