package thunderdome

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
)

// MapCID is the Content-ID the HTML report shows its map by.
const MapCID = "map.png"

// view is the TD IV view behind a game.View; another ruleset's view is a
// bug of the caller's.
func view(v game.View) *View {
	rv, ok := v.(*View)
	if !ok {
		panic(fmt.Sprintf("thunderdome: a %T is not a TD IV view", v))
	}
	return rv
}

// Report renders a view as its player's report mail: the text, the HTML
// with the map, the JSON report, and the schema of the orders.
func (r Ruleset) Report(gv game.View, opts game.ReportOptions) (*game.Report, error) {
	v := view(gv)
	out := &game.Report{Subject: subject(v), Text: text(v, opts)}
	withMap := opts.Mail == nil || !opts.Mail.TextOnly
	if withMap {
		png, err := report.PaintMap(mapOf(v))
		if err != nil {
			return nil, err
		}
		if out.HTML, err = page(v, opts, "cid:"+MapCID); err != nil {
			return nil, err
		}
		out.Attachments = append(out.Attachments, game.Attachment{Name: MapCID, ContentType: "image/png", Data: png, Inline: true, ContentID: MapCID})
	}
	js, err := report.JSON(v)
	if err != nil {
		return nil, err
	}
	out.Attachments = append(out.Attachments, game.Attachment{Kind: campaign.AttachJSON, Name: fmt.Sprintf("report-%d.json", v.Turn),
		ContentType: "application/json", Data: js})
	if !v.Ended && v.Current == v.Player && opts.SchemaRef != "" {
		out.Attachments = append(out.Attachments, game.Attachment{Kind: campaign.AttachSchema, Name: opts.SchemaRef,
			ContentType: "application/schema+json", Data: r.Schema(nil)})
	}
	return out, nil
}

// Digest renders several reports of one player as one mail.
func (r Ruleset) Digest(items []game.DigestItem, opts game.ReportOptions) (*game.Report, error) {
	if len(items) == 0 {
		return nil, fmt.Errorf("thunderdome: digest of no reports")
	}
	last := view(items[len(items)-1].View)
	f := &report.DigestFrame{Campaign: last.Campaign, Title: last.Title, Name: last.Name, Player: last.Player, Location: opts.Location}
	if opts.Mail != nil {
		f.Mail = *opts.Mail
	}
	for _, it := range items {
		v := view(it.View)
		o := opts
		o.Deadline, o.Mail = it.Deadline, nil
		f.Turns = append(f.Turns, v.Turn)
		f.Texts = append(f.Texts, text(v, o))
		f.Bodies = append(f.Bodies, template.HTML("<pre>"+template.HTMLEscapeString(text(v, o))+"</pre>"))
	}
	subj, txt, html, err := report.RenderDigest(f)
	if err != nil {
		return nil, err
	}
	if opts.Mail != nil && opts.Mail.TextOnly {
		html = ""
	}
	return &game.Report{Subject: subj, Text: txt, HTML: html}, nil
}

// Render renders a view in one format.
func (Ruleset) Render(gv game.View, f game.Format, opts game.ReportOptions) ([]byte, error) {
	v := view(gv)
	switch f {
	case game.FormatText:
		return []byte(text(v, opts)), nil
	case game.FormatHTML:
		h, err := page(v, opts, opts.MapSrc)
		return []byte(h), err
	case game.FormatJSON:
		return report.JSON(v)
	case game.FormatPNG:
		return report.PaintMap(mapOf(v))
	}
	return nil, fmt.Errorf("thunderdome: no %s reports", f)
}

// subject is the report mail's subject.
func subject(v *View) string {
	if v.Ended {
		return fmt.Sprintf("[%s] The campaign is over", v.Campaign)
	}
	if v.Current == v.Player {
		return fmt.Sprintf("[%s] Turn %d, cycle %s: your turn", v.Campaign, v.Turn, v.Cycle)
	}
	return fmt.Sprintf("[%s] Turn %d, cycle %s: %s's turn", v.Campaign, v.Turn, v.Cycle, v.Current)
}

// text writes the text report: the turn, what happened, the empires, the
// map and the fleets, everything public (UTD3.1).
func text(v *View, opts game.ReportOptions) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("%s: turn %d report for %s (%s)\n", v.Title, v.Turn, v.Name, v.Player)
	w("Cycle %s, %s Y%d. Turn order: %s.\n", v.Cycle, v.Season, v.Year, strings.Join(names(v.Order), ", "))
	switch {
	case v.Ended && v.Winner == "":
		w("The campaign is over: nobody is left on the map (UTD1.9).\n")
	case v.Ended:
		w("The campaign is over: %s won it (UTD1.9).\n", v.Winner)
	case v.Current == v.Player:
		w("It is your turn: %d order points (UTD6.2)", v.Points)
		if !opts.Deadline.IsZero() {
			w(", orders due %s (UTD3.3)", report.FormatDeadline(opts.Deadline, opts.Location))
		}
		w(".\nSend orders, as many mails as you like; final: true ends your turn (UTD6.121).\n")
	default:
		w("It is %s's turn.\n", v.Current)
	}
	if len(v.Events) > 0 {
		w("\nWhat happened\n")
		for _, e := range v.Events {
			b.WriteString(report.Wrap(e.Text, 76, "  ") + "\n")
		}
	}
	if len(v.Opening) > 0 {
		w("\nThe turn of %s opens\n", v.Current)
		for _, s := range v.Opening {
			b.WriteString(report.Wrap(s, 76, "  ") + "\n")
		}
	}
	w("\nEmpires\n")
	for _, e := range v.Empires {
		line := fmt.Sprintf("%s (%s): bank %d BPV, capital %s, home %s, %d permanent extra points, %d extra fleets",
			e.Player, e.Name, e.Bank, or2(string(e.Capital), "none"), e.Home, e.Permanent, e.ExtraFleets)
		if e.RetreatDebt > 0 {
			line += fmt.Sprintf(", retreat debt %d", e.RetreatDebt)
		}
		if e.Out != "" {
			line += ", out: " + e.Out
		}
		b.WriteString(report.Wrap(line, 76, "  ") + "\n")
	}
	w("\nSectors\n")
	for _, s := range v.Sectors {
		line := fmt.Sprintf("%s (%s): %s", s.ID, s.Name, s.Type)
		if s.Terrain != "" {
			line += ", " + s.Terrain
		}
		if s.Owner != "" {
			line += ", owned by " + string(s.Owner)
		}
		for _, d := range s.Developments {
			line += fmt.Sprintf("; %s's %s", d.Owner, d.Kind)
		}
		for _, p := range s.Pending {
			line += fmt.Sprintf("; %s's %s pending", p.Owner, what(p))
		}
		b.WriteString(report.Wrap(line, 76, "  ") + "\n")
	}
	w("\nFleets\n")
	for _, f := range v.Fleets {
		b.WriteString(report.Wrap(fmt.Sprintf("%s %s at %s: %s", f.Owner, f.ID, f.At, campaign.UnitList(f.Units)), 76, "  ") + "\n")
	}
	for _, r := range v.Retreats {
		w("  %s %s retreats from %s to %s (UTD7.4665)\n", r.Owner, r.Fleet, r.From, r.To)
	}
	if opts.Mail != nil {
		if f := report.NewMailFooter(opts.Mail, opts.Location); f != nil {
			w("\nYour mail\n%s\n", f.Text)
		}
	}
	return b.String()
}

// or2 returns s, or def for an empty s.
func or2(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// htmls is the HTML report: the kit's shell with TD IV's body.
var htmls = template.Must(report.HTMLShell().Parse(`
{{define "report"}}{{template "page-top" .Title}}{{template "card-top"}}{{template "report-body" .}}{{template "mail-footer" .Mail}}{{template "card-bottom"}}{{template "page-bottom"}}{{end}}
{{define "report-body"}}<h2 class="pb-accent" style="{{template "h2"}}">{{.Title}}</h2>
{{with .Map}}<p><img src="{{.}}" alt="The map" style="max-width:100%;height:auto;"></p>{{end}}
<pre style="{{template "wrap"}}white-space:pre-wrap;font-size:13px;">{{.Text}}</pre>{{end}}`))

// page renders the HTML report, its map at mapSrc.
func page(v *View, opts game.ReportOptions, mapSrc string) (string, error) {
	o := opts
	o.Mail = nil
	data := struct {
		Title, Text string
		Map         template.URL
		Mail        *report.MailFooter
	}{Title: fmt.Sprintf("%s: turn %d report for %s", v.Title, v.Turn, v.Name), Text: text(v, o), Map: report.MapURL(mapSrc),
		Mail: report.NewMailFooter(opts.Mail, opts.Location)}
	return report.ExecuteHTML(htmls, "report", data)
}

// mapOf is the map picture of a view: the whole map, as everyone sees it.
func mapOf(v *View) *report.Map {
	m := &report.Map{Title: v.Title, Caption: fmt.Sprintf("Turn %d · cycle %s", v.Turn, v.Cycle), Sub: "Map of " + v.Name,
		Systems: v.Systems, Lanes: v.Lanes}
	for _, s := range v.Sectors {
		sg := report.Sighting{ID: s.ID, Seen: v.Turn, Current: true, Close: true}
		for _, d := range s.Developments {
			sg.Fortified = sg.Fortified || d.Kind == campaign.Fortification
			sg.Developed = sg.Developed || d.Developed()
		}
		m.Sightings = append(m.Sightings, sg)
	}
	for _, f := range v.Fleets {
		if f.Owner == v.Player {
			m.Fleets = append(m.Fleets, report.MapFleet{At: f.At})
		}
	}
	for _, s := range v.Sectors {
		for _, d := range s.Developments {
			if d.Owner == v.Player {
				m.Developments = append(m.Developments, d)
			}
		}
	}
	return m
}
