package report

import (
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
)

// DigestMapCID is the Content-ID of the i-th report's map in a digest.
func DigestMapCID(i int) string { return fmt.Sprintf("map-%d.png", i+1) }

// DigestPhoneMapCID is the Content-ID of the i-th report's phone map in a
// digest.
func DigestPhoneMapCID(i int) string { return fmt.Sprintf("map-%d-phone.png", i+1) }

// DigestFrame is a player's held reports, oldest first, as their ruleset
// rendered them, and what the digest says around them.
type DigestFrame struct {
	Campaign campaign.ID
	Title    string
	// Name and Player are whose digest it is.
	Name   string
	Player campaign.PlayerID
	// Turns are the turns the reports open, oldest first.
	Turns []int
	// Texts are the reports' texts, and Bodies their HTML cards (the
	// ruleset's "report-body"), the i-th showing its map as
	// cid:DigestMapCID(i); Bodies are unused for a text-only player.
	Texts  []string
	Bodies []template.HTML
	// Mail is the player's mail preferences, which the footer echoes, and
	// Location their time zone.
	Mail     campaign.MailPrefs
	Location *time.Location
	// Page is the link to the player's web page; empty for none.
	Page string
}

type digestData struct {
	Heading, Intro, Rule string
	// Reports are the reports' texts, or for the HTML part their cards.
	Reports any
	Mail    *MailFooter
}

// RenderDigest renders a player's held reports as one mail: its subject,
// its text, and, unless the player reads text alone, its HTML.
func RenderDigest(f *DigestFrame) (subject, text, html string, err error) {
	if len(f.Texts) == 0 {
		return "", "", "", fmt.Errorf("render digest: no reports")
	}
	turns := make([]string, len(f.Turns))
	for i, t := range f.Turns {
		turns[i] = fmt.Sprint(t)
	}
	subject = fmt.Sprintf("[%s] Daily digest: the turn %s reports", f.Campaign, AndList(turns))
	data := digestData{
		Heading: fmt.Sprintf("%s: daily digest for %s (%s)", f.Title, f.Name, f.Player),
		Intro: fmt.Sprintf("Here are the reports of the %d turns that passed since your last report mail, oldest first: "+
			"the turn %s reports. The last says where things stand now.", len(f.Texts), AndList(turns)),
		Rule:    strings.Repeat("=", 76),
		Reports: f.Texts,
		Mail:    NewMailFooter(&f.Mail, f.Location, f.Page),
	}
	plain := data
	plain.Intro = Wrap(data.Intro, 76, "")
	text = WrapLines(render("digest.tmpl", plain))
	if !f.Mail.TextOnly {
		data.Reports = f.Bodies
		if html, err = ExecuteHTML(htmls, "digest.tmpl", data); err != nil {
			return "", "", "", fmt.Errorf("render html digest of %s: %w", f.Player, err)
		}
	}
	return subject, text, html, nil
}
