package thunderdome

import (
	"embed"
	"fmt"
	"html/template"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
)

// MapCID and PhoneMapCID are the Content-IDs the HTML report shows its
// maps by: the wide one, and the phone's.
const (
	MapCID      = "map.png"
	PhoneMapCID = "map-phone.png"
)

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
	if opts.Mail == nil || !opts.Mail.TextOnly {
		m := mapOf(v, mapDeadline(opts))
		wide, err := report.PaintMap(m)
		if err != nil {
			return nil, fmt.Errorf("thunderdome: render the map of %s: %w", v.Player, err)
		}
		phone, err := report.PaintPhoneMap(m)
		if err != nil {
			return nil, fmt.Errorf("thunderdome: render the phone map of %s: %w", v.Player, err)
		}
		if out.HTML, err = page(v, opts, mapPictures("cid:"+MapCID, "cid:"+PhoneMapCID)); err != nil {
			return nil, err
		}
		out.Attachments = append(out.Attachments,
			game.Attachment{Name: MapCID, ContentType: "image/png", Data: wide, Inline: true, ContentID: MapCID},
			game.Attachment{Name: PhoneMapCID, ContentType: "image/png", Data: phone, Inline: true, ContentID: PhoneMapCID})
	}
	js, err := reportJSON(v, opts)
	if err != nil {
		return nil, err
	}
	out.Attachments = append(out.Attachments, game.Attachment{Kind: campaign.AttachJSON, Name: fmt.Sprintf("report-%d.json", v.Turn),
		ContentType: "application/json", Data: js})
	out.Attachments = append(out.Attachments, r.orderFiles(v, opts.SchemaRef)...)
	return out, nil
}

// orderFiles are the order template of a report that opens its player's
// turn, orders-<turn>.yaml, and the schema it points to; none for
// another report.
func (r Ruleset) orderFiles(v *View, schemaRef string) []game.Attachment {
	tmpl := OrderTemplate(v, schemaRef)
	if tmpl == nil {
		return nil
	}
	out := []game.Attachment{{Kind: campaign.AttachOrders, Name: fmt.Sprintf("orders-%d.yaml", v.Turn), ContentType: "application/yaml", Data: tmpl}}
	if schemaRef != "" {
		out = append(out, game.Attachment{Kind: campaign.AttachSchema, Name: schemaRef, ContentType: "application/schema+json", Data: r.Schema(nil)})
	}
	return out
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
		o.Deadline, o.Mail, o.Clocks = it.Deadline, nil, it.Clocks
		f.Turns = append(f.Turns, v.Turn)
		f.Texts = append(f.Texts, text(v, o))
		b, err := body(v, o, report.MapPictures{})
		if err != nil {
			return nil, err
		}
		f.Bodies = append(f.Bodies, b)
	}
	subj, txt, html, err := report.RenderDigest(f)
	if err != nil {
		return nil, err
	}
	if opts.Mail != nil && opts.Mail.TextOnly {
		html = ""
	}
	return &game.Report{Subject: subj, Text: txt, HTML: html, Attachments: r.orderFiles(last, opts.SchemaRef)}, nil
}

// Render renders a view in one format.
func (Ruleset) Render(gv game.View, f game.Format, opts game.ReportOptions) ([]byte, error) {
	v := view(gv)
	switch f {
	case game.FormatText:
		return []byte(text(v, opts)), nil
	case game.FormatHTML:
		h, err := page(v, opts, mapPictures(opts.MapSrc, ""))
		return []byte(h), err
	case game.FormatJSON:
		return reportJSON(v, opts)
	case game.FormatPNG:
		return report.PaintMap(mapOf(v, mapDeadline(opts)))
	case game.FormatOrders:
		if tmpl := OrderTemplate(v, opts.SchemaRef); tmpl != nil {
			return tmpl, nil
		}
		why := fmt.Sprintf("it was %s's turn; a player's template comes with the report that opens their turn", v.Current)
		switch {
		case v.Ended:
			why = "the campaign is over"
		case v.waiting():
			why = "the turn waited for its battles or a volunteer, and nobody owed orders"
		}
		return nil, fmt.Errorf("%s's turn %d report carried no order template: %s", v.Player, v.Turn, why)
	}
	return nil, fmt.Errorf("thunderdome: no %s reports", f)
}

// subject is the report mail's subject.
func subject(v *View) string {
	if v.Ended {
		return fmt.Sprintf("[%s] The campaign is over", v.Campaign)
	}
	switch {
	case len(v.Battles) > 0:
		return fmt.Sprintf("[%s] Turn %d, cycle %s: waiting for %s", v.Campaign, v.Turn, v.Cycle, battleNames(v.Battles))
	case v.Calling:
		return fmt.Sprintf("[%s] Turn %d, cycle %s: waiting for a volunteer", v.Campaign, v.Turn, v.Cycle)
	case v.Current == v.Player:
		return fmt.Sprintf("[%s] Turn %d, cycle %s: your turn", v.Campaign, v.Turn, v.Cycle)
	}
	return fmt.Sprintf("[%s] Turn %d, cycle %s: %s's turn", v.Campaign, v.Turn, v.Cycle, v.Current)
}

// or2 returns s, or def for an empty s.
func or2(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

//go:embed html/report.tmpl
var htmlFiles embed.FS

// htmls is the HTML report: the kit's shell with TD IV's tables
// (html/report.tmpl).
var htmls = template.Must(report.HTMLShell().ParseFS(htmlFiles, "html/report.tmpl"))

// mapPictures are the report's map pictures at wide and phone (none for
// an empty wide).
func mapPictures(wide, phone string) report.MapPictures {
	return report.NewMapPictures(wide, phone, "The map")
}

// mapDeadline is the open turn's deadline as the map writes it; "" for
// none.
func mapDeadline(opts game.ReportOptions) string {
	if opts.Deadline.IsZero() {
		return ""
	}
	return report.FormatDeadline(opts.Deadline, opts.Location)
}

// page renders the HTML report with its maps.
func page(v *View, opts game.ReportOptions, maps report.MapPictures) (string, error) {
	s, err := report.ExecuteHTML(htmls, "report.tmpl", newReportData(v, opts, maps))
	if err != nil {
		return "", fmt.Errorf("thunderdome: render the html report of %s: %w", v.Player, err)
	}
	return s, nil
}

// body renders one report's card for a digest, with its maps.
func body(v *View, opts game.ReportOptions, maps report.MapPictures) (template.HTML, error) {
	s, err := report.ExecuteHTML(htmls, "report-body", newReportData(v, opts, maps))
	if err != nil {
		return "", fmt.Errorf("thunderdome: render the html digest of %s: %w", v.Player, err)
	}
	return template.HTML(s), nil // html/template's output
}

// ReportJSONVersion is the version of the JSON report's format
// (docs/report-json.md, Thunderdome IV). Version 2: amounts of BPV are
// numbers with their fractions (UTD6.3F), no longer integers.
const ReportJSONVersion = 2

// reportJSON is the JSON report: the view with its format's version and
// the deadline of the open turn.
func reportJSON(v *View, opts game.ReportOptions) ([]byte, error) {
	env := struct {
		Version  int    `json:"version"`
		Deadline string `json:"deadline,omitempty"`
		View     *View  `json:"view"`
	}{Version: ReportJSONVersion, View: v}
	if !opts.Deadline.IsZero() {
		env.Deadline = opts.Deadline.UTC().Format(time.RFC3339)
	}
	return report.JSON(env)
}
