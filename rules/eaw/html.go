package eaw

import (
	"fmt"
	"slices"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
)

// RenderHTML renders a player's view as the HTML part of the report mail.
// mapSrc is the map picture's address: "cid:" and a Content-ID in a mail,
// or a file name beside a saved report; empty means no map.
//
// The page loads nothing from outside the mail: its styles are inline, with
// a <style> block only for the dark-mode colours, and it holds no script or
// form. It is one column, at most 1,218 pixels wide so that the map (at
// most MapMaxWidth) shows at its own size on a desktop, where its labels
// and legend read; on a narrower screen the column and the map shrink to
// fit, so it reads on a phone.
func RenderHTML(v *View, deadline time.Time, loc *time.Location, mapSrc string) (string, error) {
	s, err := report.ExecuteHTML(htmls, "report.tmpl", newHTMLReport(v, deadline, loc, mapPictures(mapSrc, "")))
	if err != nil {
		return "", fmt.Errorf("render html report of %s: %w", v.Player, err)
	}
	return s, nil
}

// htmlReport is the text report's data with what its tables need in
// addition: battles, holdings and sightings split into cells.
type htmlReport struct {
	*reportData
	Maps       report.MapPictures
	BattleRows []battleRow
	Holdings   []holdingRow
	Systems    []systemRow
}

type battleRow struct {
	ID, Place, Status string
	Sides             []battleSideRow
}

type battleSideRow struct {
	Player string
	Fleets []string
}

// holdingRow is an FRD or a development. Since is empty for an FRD: the view
// does not say when it was built.
type holdingRow struct {
	What, At, Since string
}

// systemRow is a system seen; Current is false for one seen in an earlier
// turn, which the report fades.
type systemRow struct {
	seenRow
	Current bool
}

func newHTMLReport(v *View, deadline time.Time, loc *time.Location, maps report.MapPictures) *htmlReport {
	return htmlReportOf(newReportData(v, deadline, loc), maps)
}

// mapPictures are the report's map pictures at wide and phone (none for
// an empty wide).
func mapPictures(wide, phone string) report.MapPictures {
	return report.NewMapPictures(wide, phone, "Map of what your fleets have seen")
}

// htmlReportOf adds to the text report's data d what the HTML tables need.
func htmlReportOf(d *reportData, maps report.MapPictures) *htmlReport {
	v, names := d.V, d.names
	r := &htmlReport{reportData: d, Maps: maps}
	for _, b := range v.Battles {
		r.BattleRows = append(r.BattleRows, newBattleRow(b, names))
	}
	for _, at := range v.FRDs {
		r.Holdings = append(r.Holdings, holdingRow{What: "FRD", At: names[at]})
	}
	for _, dev := range v.Developments {
		what := string(dev.Kind)
		if dev.Developed() && slices.Contains(v.Disrupted, dev.At) {
			what += ", " + disruptedNote
		}
		r.Holdings = append(r.Holdings, holdingRow{What: what, At: names[dev.At], Since: dev.Since.String()})
	}
	for _, b := range v.Bases {
		r.Holdings = append(r.Holdings, holdingRow{What: string(b.Class) + " (installed)", At: names[b.At], Since: b.Since.String()})
	}
	for i, s := range v.Systems {
		r.Systems = append(r.Systems, systemRow{seenRow: r.Seen[i], Current: s.Current})
	}
	return r
}

// newBattleRow splits a battle into the cells of the battles table, with the
// same words battleLine uses in the text report.
func newBattleRow(b BattleView, names map[campaign.SystemID]string) battleRow {
	row := battleRow{ID: b.ID, Place: "at " + names[b.At], Status: b.Status}
	if b.Lane != nil {
		row.Place = fmt.Sprintf("in the lane %s–%s", names[b.Lane.A], names[b.Lane.B])
	}
	for _, s := range b.Sides {
		side := battleSideRow{Player: string(s.Player)}
		for _, f := range s.Fleets {
			label := campaign.UnitList(f.Units)
			if f.ID != "" {
				label = string(f.ID) + ": " + label
			}
			side.Fleets = append(side.Fleets, fmt.Sprintf("%s (%d CBPV)", label, f.CBPV))
		}
		row.Sides = append(row.Sides, side)
	}
	return row
}
