package eaw

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
)

// ReportJSONVersion is the version of the JSON report's schema. Raise it on
// any change that could break a reader.
const ReportJSONVersion = 1

// MapCID and PhoneMapCID are the Content-IDs the HTML report uses for its
// inline maps: the wide one, and the phone's.
const (
	MapCID      = "map.png"
	PhoneMapCID = "map-phone.png"
)

// Report is a rendered turn report in every format a report mail carries.
//
// A report is named by the turn it opens for orders, the view's Turn: the
// first, sent when the campaign starts, is the turn 1 report, and the one
// sent after turn 1 is resolved the turn 2 report. Its subject, headings,
// map title, attachment names and order template all name that turn.
type Report struct {
	Subject string
	// JSONName and OrdersName are the names of the JSON report's and the
	// order template's attachments.
	JSONName, OrdersName string
	Text                 string
	// HTML shows Map inline as cid:MapCID, and on a phone PhoneMap as
	// cid:PhoneMapCID.
	HTML     string
	Map      []byte
	PhoneMap []byte
	JSON     []byte
	// Orders is the next turn's order template; empty when the campaign is
	// over. Schema is the order language's JSON Schema it points editors
	// to, with the costs of the campaign's rules (Schema); empty
	// with Orders.
	Orders, Schema []byte
}

// RenderReport renders a player's view as a turn report mail. deadline is
// the deadline of the turn now open, shown in loc. schemaRef is where the
// order template points editors for the order language's schema. mail is
// the player's mail preferences, which the text and HTML footers echo with
// how to change them; nil for a report that is not mailed. A text-only
// player's report has no HTML and no map. page is the link to the
// player's web page, which the footers give; empty for none.
func RenderReport(v *View, deadline time.Time, loc *time.Location, schemaRef string, mail *campaign.MailPrefs, page string) (*Report, error) {
	withMap := mail == nil || !mail.TextOnly
	r, err := reportFiles(v, deadline, loc, schemaRef, withMap)
	if err != nil {
		return nil, err
	}
	footer := report.NewMailFooter(mail, loc, page)
	data := newReportData(v, deadline, loc)
	data.Mail = footer
	r.Text = reportText(data)
	if withMap {
		h := htmlReportOf(data, mapPictures("cid:"+MapCID, "cid:"+PhoneMapCID))
		if r.HTML, err = report.ExecuteHTML(htmls, "report.tmpl", h); err != nil {
			return nil, fmt.Errorf("render html report of %s: %w", v.Player, err)
		}
	}
	return r, nil
}

// reportFiles renders what a report mail carries beside its text and
// HTML: subject and names, the JSON report, the map if withMap, and the
// order template.
func reportFiles(v *View, deadline time.Time, loc *time.Location, schemaRef string, withMap bool) (*Report, error) {
	r := &Report{
		Subject:    fmt.Sprintf("[%s] Turn %d report: %s", v.Campaign, v.Turn, v.Date),
		JSONName:   fmt.Sprintf("report-%d.json", v.Turn),
		OrdersName: fmt.Sprintf("orders-%d.yaml", v.Turn),
	}
	var err error
	if r.JSON, err = ReportJSON(v, deadline); err != nil {
		return nil, err
	}
	if withMap {
		m := mapOf(v, report.FormatDeadline(deadline, loc))
		if r.Map, err = report.PaintMap(m); err != nil {
			return nil, fmt.Errorf("render map of %s: %w", v.Player, err)
		}
		if r.PhoneMap, err = report.PaintPhoneMap(m); err != nil {
			return nil, fmt.Errorf("render phone map of %s: %w", v.Player, err)
		}
	}
	if noTemplate(v) == "" {
		r.Orders = OrderTemplate(v, schemaRef)
		r.Schema = Schema(v.Rules)
	}
	return r, nil
}

// noTemplate says why a player's report carries no order template: the
// campaign is over, or the player is out of it; "" when it carries one.
func noTemplate(v *View) string {
	switch {
	case v.Ended:
		return "the campaign is over"
	case v.Out != "":
		return "the player is out of the campaign"
	}
	return ""
}

// RenderText renders a player's view as the plain-text report.
func RenderText(v *View, deadline time.Time, loc *time.Location) string {
	return reportText(newReportData(v, deadline, loc))
}

// reportText is the text report of d, no line longer than a mail's
// (report.MaxLine).
func reportText(d *reportData) string { return report.WrapLines(render("report.tmpl", d)) }

// ReportJSON renders a player's view as the versioned JSON report: exactly
// the view, no more.
func ReportJSON(v *View, deadline time.Time) ([]byte, error) {
	doc := struct {
		Version  int       `json:"version"`
		Deadline time.Time `json:"deadline"`
		View     *View     `json:"view"`
	}{ReportJSONVersion, deadline.UTC(), v}
	b, err := report.JSON(doc)
	if err != nil {
		return nil, fmt.Errorf("encode report of %s: %w", v.Player, err)
	}
	return append(b, '\n'), nil
}

type reportData struct {
	V        *View
	Deadline string
	// Mail is the footer of a mailed report; nil for one that is not.
	Mail    *report.MailFooter
	Fleets  []fleetRow
	FRDs    []string
	Devs    []string
	Seen    []seenRow
	Battles []string
	Events  []string

	// Overrides are the campaign's house rules: where its rules differ
	// from their preset.
	Overrides []campaign.Override

	// names are the systems' names by ID (systemNames).
	names map[campaign.SystemID]string
}

// seenRow is a system seen. MapType is empty while the player does not
// know it (EaW 16d).
type seenRow struct {
	Name, Seen, Detail, Fortified, Developed, Contacts, Planet, MapType string
}

func newReportData(v *View, deadline time.Time, loc *time.Location) *reportData {
	names := systemNames(v.Map.Systems())
	d := &reportData{V: v, Deadline: report.FormatDeadline(deadline, loc), Overrides: v.Rules.Overrides(), names: names}
	for _, f := range v.Fleets {
		d.Fleets = append(d.Fleets, newFleetRow(f, names))
	}
	for _, at := range v.FRDs {
		d.FRDs = append(d.FRDs, names[at])
	}
	for _, dev := range v.Developments {
		line := fmt.Sprintf("%s at %s (since %s)", dev.Kind, names[dev.At], dev.Since)
		if dev.Developed() && slices.Contains(v.Disrupted, dev.At) {
			line += "; " + disruptedNote
		}
		d.Devs = append(d.Devs, line)
	}
	for _, b := range v.Bases {
		d.Devs = append(d.Devs, fmt.Sprintf("%s installed at %s (since %s)", b.Class, names[b.At], b.Since))
	}
	systems := v.Map.Systems()
	mapTypes := make(map[campaign.SystemID]campaign.MapType, len(systems))
	for _, s := range systems {
		mapTypes[s.ID] = s.MapType
	}
	for _, s := range v.Systems {
		seen := "now"
		if !s.Current {
			seen = fmt.Sprintf("turn %d", s.Seen)
			if s.Seen == 0 {
				seen = "start"
			}
		}
		row := seenRow{Name: names[s.ID], Seen: seen, Detail: string(s.Detail), Fortified: yesNo(s.Fortified), Planet: string(s.Planet), MapType: string(mapTypes[s.ID]), Developed: "?", Contacts: "?"}
		if s.Developed {
			row.Developed = "yes" // seen, or the player's own (EaW 1b)
		}
		if s.Detail == DetailScout {
			row.Developed = yesNo(s.Developed)
			row.Contacts = intList(s.Contacts)
			if s.Bases > 0 {
				row.Contacts += fmt.Sprintf("; %d bases installed (EaW 14.0)", s.Bases)
			}
		}
		if own := ownFleets(v.Fleets, s.ID); own != "" {
			row.Contacts = "yours: " + own + "; others: " + row.Contacts
		}
		d.Seen = append(d.Seen, row)
	}
	for _, b := range v.Battles {
		d.Battles = append(d.Battles, battleLine(b, names))
	}
	for _, e := range v.Events {
		d.Events = append(d.Events, e.Text)
	}
	return d
}

// ownFleets lists the player's fleets at a system with their combat BPV,
// "1st 270, 2nd 205"; "" for none. A player always knows their own
// (EaW 1b), where their fleets saw the system or not.
func ownFleets(fleets []FleetView, at campaign.SystemID) string {
	var parts []string
	for _, f := range fleets {
		if f.At == at {
			parts = append(parts, fmt.Sprintf("%s %d", f.ID, f.CBPV))
		}
	}
	return strings.Join(parts, ", ")
}

// disruptedNote marks a mine or colony where enemy fleets are trapped.
const disruptedNote = "disrupted by enemy fleets trapped there (EaW 10i)"

func battleLine(b BattleView, names map[campaign.SystemID]string) string {
	place := "at " + names[b.At]
	if b.Lane != nil {
		place = fmt.Sprintf("in the lane %s–%s", names[b.Lane.A], names[b.Lane.B])
	}
	var sides []string
	for _, s := range b.Sides {
		var fleets []string
		for _, f := range s.Fleets {
			label := campaign.UnitList(f.Units)
			if f.ID != "" {
				label = string(f.ID) + ": " + label
			}
			fleets = append(fleets, fmt.Sprintf("%s (%d CBPV)", label, f.CBPV))
		}
		sides = append(sides, fmt.Sprintf("%s with %s", s.Player, strings.Join(fleets, " and ")))
	}
	return fmt.Sprintf("%s %s, %s: %s", b.ID, place, b.Status, strings.Join(sides, " against "))
}

func systemNames(systems []campaign.System) map[campaign.SystemID]string {
	names := make(map[campaign.SystemID]string, len(systems))
	for _, s := range systems {
		names[s.ID] = s.Name
		if s.Name == "" {
			names[s.ID] = string(s.ID)
		}
	}
	return names
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func intList(xs []int) string {
	if len(xs) == 0 {
		return "none"
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}
