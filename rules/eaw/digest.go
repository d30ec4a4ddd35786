package eaw

import (
	"fmt"
	"html/template"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
)

// DigestItem is a report held for a player's digest: their view, and the
// deadline of the turn it opened, as the report said when it was made.
type DigestItem struct {
	View     *View     `json:"view"`
	Deadline time.Time `json:"deadline"`
}

// Digest is a player's held reports, oldest first, as one mail.
type Digest struct {
	Subject, Text string
	// HTML shows the map of Reports[i] inline as cid:report.DigestMapCID(i),
	// and on a phone its phone map as cid:report.DigestPhoneMapCID(i); it
	// is empty for a text-only player.
	HTML string
	// Reports are the reports' files: JSON, map and order template.
	Reports []*Report
}

// RenderDigest renders a player's held reports, oldest first, as one
// mail in the report kit's digest frame, with the footer of their mail
// preferences. loc is the player's time zone; schemaRef and page are as
// for RenderReport.
func RenderDigest(items []DigestItem, loc *time.Location, schemaRef string, mail campaign.MailPrefs, page string) (*Digest, error) {
	if len(items) == 0 {
		return nil, fmt.Errorf("render digest: no reports")
	}
	first := items[0].View
	f := &report.DigestFrame{Campaign: first.Campaign, Title: first.Title, Name: first.Name, Player: first.Player, Mail: mail, Location: loc, Page: page}
	d := &Digest{Reports: make([]*Report, len(items))}
	for i, it := range items {
		var err error
		if d.Reports[i], err = reportFiles(it.View, it.Deadline, loc, schemaRef, !mail.TextOnly); err != nil {
			return nil, err
		}
		f.Turns = append(f.Turns, it.View.Turn)
		f.Texts = append(f.Texts, RenderText(it.View, it.Deadline, loc))
		if !mail.TextOnly {
			maps := mapPictures("cid:"+report.DigestMapCID(i), "cid:"+report.DigestPhoneMapCID(i))
			body, err := report.ExecuteHTML(htmls, "report-body", newHTMLReport(it.View, it.Deadline, loc, maps))
			if err != nil {
				return nil, fmt.Errorf("render html digest of %s: %w", first.Player, err)
			}
			f.Bodies = append(f.Bodies, template.HTML(body))
		}
	}
	var err error
	if d.Subject, d.Text, d.HTML, err = report.RenderDigest(f); err != nil {
		return nil, err
	}
	return d, nil
}
