package web

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

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
	// echoes them, and Received when they came; both empty for none.
	OnFile, Received string
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
// the open turn.
func (s *Server) servePage(w http.ResponseWriter, r *http.Request, l *seatLink) {
	n := l.c.Turn
	if q := r.URL.Query().Get("turn"); q != "" {
		t, err := strconv.Atoi(q)
		if err != nil || t < 1 || t > l.c.Turn {
			notFound(w)
			return
		}
		n = t
	}
	p, err := s.page(l, n)
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

// page gathers the page of turn n's report for l's seat.
func (s *Server) page(l *seatLink, n int) (*Page, error) {
	c, seat := l.c, l.seat
	past, err := workflow.ReportOf(s.db, s.rules, c.ID, seat.Player, n)
	if err != nil {
		return nil, err
	}
	deadline := past.Deadline
	open := n == c.Turn && c.Status != store.Ended
	if open {
		deadline = seat.Deadline
	}
	p := &Page{Title: c.Title, Player: string(seat.Player), Turn: n, Open: c.Turn,
		Report: fmt.Sprintf("report/%d", n), Asset: assetVersion}
	if p.Title == "" {
		p.Title = string(c.ID)
	}
	for t := c.Turn; t >= 1; t-- {
		p.Turns = append(p.Turns, t)
	}
	if p.Map, err = pageMap(past.View, report.FormatDeadline(deadline, past.Location)); err != nil {
		return nil, err
	}
	if !open {
		return p, nil
	}
	p.Due = seat.Due() && c.Status == store.Running
	switch {
	case p.Due:
		p.Deadline = report.FormatDeadline(seat.Deadline, past.Location)
	case seat.Active() && c.Status == store.Running:
		if p.Waiting, err = s.mod.NotDueNote(c, seat); err != nil {
			return nil, err
		}
	default:
		p.Waiting = waiting(c, seat)
	}
	echo, received, err := s.mod.OrdersOnFile(c, seat)
	if err != nil {
		return nil, err
	}
	if echo != "" {
		p.OnFile, p.Received = echo, report.FormatDeadline(received, past.Location)
	}
	if p.Due {
		p.Builder = &Plan{Campaign: string(c.ID), Player: string(seat.Player), Turn: c.Turn, Address: s.address}
		if v, ok := past.View.(game.PageView); ok {
			p.Builder.Fleets = v.OwnFleets()
		}
	}
	return p, nil
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

// waiting says why a player owes no orders in a campaign that does not
// run, or that they are out of.
func waiting(c *store.Campaign, s *store.Seat) string {
	switch {
	case c.Status == store.Ended:
		return "The campaign has ended."
	case !s.Active():
		return "You are out of the campaign: " + s.Out
	}
	return "The campaign is paused: no turn passes, and no orders are taken, until the GM resumes it."
}

// serveReport serves the report of the turn the path names, as its mail's
// HTML showed it, for the page's frame: sandboxed, with no script.
func (s *Server) serveReport(w http.ResponseWriter, l *seatLink) {
	n, err := strconv.Atoi(strings.TrimPrefix(l.rest, "report/"))
	if err != nil || n < 1 || n > l.c.Turn {
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
