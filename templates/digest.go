package templates

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/resolver"
)

// DigestItem is a report held for a player's digest: their view, and the
// deadline of the turn it opened, as the report said when it was made.
type DigestItem struct {
	View     *resolver.View `json:"view"`
	Deadline time.Time      `json:"deadline"`
}

// Digest is a player's held reports, oldest first, as one mail.
type Digest struct {
	Subject, Text string
	// HTML shows the map of Reports[i] inline as cid:DigestMapCID(i); it is
	// empty for a text-only player.
	HTML string
	// Reports are the reports' files: JSON, map and order template.
	Reports []*Report
}

// DigestMapCID is the Content-ID of the i-th report's map in a digest.
func DigestMapCID(i int) string { return fmt.Sprintf("map-%d.png", i+1) }

type digestData struct {
	Heading, Intro, Rule string
	// Reports are the reports' texts, or for the HTML part their data.
	Reports any
	Mail    *mailFooter
}

// RenderDigest renders a player's held reports, oldest first, as one
// mail, with the footer of their mail preferences. loc is the player's
// time zone; schemaRef is as for RenderReport.
func RenderDigest(items []DigestItem, loc *time.Location, schemaRef string, mail campaign.MailPrefs) (*Digest, error) {
	if len(items) == 0 {
		return nil, fmt.Errorf("render digest: no reports")
	}
	first := items[0].View
	turns := make([]string, len(items))
	texts := make([]string, len(items))
	pages := make([]*htmlReport, len(items))
	d := &Digest{Reports: make([]*Report, len(items))}
	for i, it := range items {
		var err error
		if d.Reports[i], err = reportFiles(it.View, it.Deadline, loc, schemaRef, !mail.TextOnly); err != nil {
			return nil, err
		}
		turns[i] = fmt.Sprint(it.View.Turn)
		texts[i] = RenderText(it.View, it.Deadline, loc)
		pages[i] = newHTMLReport(it.View, it.Deadline, loc, "cid:"+DigestMapCID(i))
	}
	d.Subject = fmt.Sprintf("[%s] Daily digest: the turn %s reports", first.Campaign, andList(turns))
	data := digestData{
		Heading: fmt.Sprintf("%s: daily digest for %s (%s)", first.Title, first.Name, first.Player),
		Intro: fmt.Sprintf("Here are the reports of the %d turns that passed since your last report mail, oldest first: "+
			"the turn %s reports. The last says where things stand now.", len(items), andList(turns)),
		Rule:    strings.Repeat("=", 76),
		Reports: texts,
		Mail:    newMailFooter(&mail, loc),
	}
	text := data
	text.Intro = wrap(data.Intro, 76, "")
	d.Text = render("digest.tmpl", text)
	if !mail.TextOnly {
		data.Reports = pages
		var err error
		if d.HTML, err = executeHTML("digest.tmpl", data); err != nil {
			return nil, fmt.Errorf("render html digest of %s: %w", first.Player, err)
		}
	}
	return d, nil
}
