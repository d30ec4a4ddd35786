package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
)

// MailHowTo tells a player how to change their mail preferences.
const MailHowTo = "To change this, send command: mail with your campaign, player and token, and any of " +
	"report: text or html; attachments: none, all, or a list such as [json, orders, schema, battles]; " +
	"digest: daily, daily 18:00 or off."

// attachmentNames are the attachments as a report reads them.
var attachmentNames = map[campaign.Attachment]string{
	campaign.AttachJSON:    "the JSON report",
	campaign.AttachOrders:  "the order template",
	campaign.AttachSchema:  "its schema",
	campaign.AttachBattles: "any battle logs",
}

// MailSummary says in words how a player's reports come: their form,
// their attachments, and when. loc is the player's time zone, which the
// digest keeps.
func MailSummary(p campaign.MailPrefs, loc *time.Location) string {
	form := "as text and HTML with the map"
	if p.TextOnly {
		form = "as plain text alone, without the HTML part and the map"
	}
	var with []string
	for _, a := range p.Attached() {
		with = append(with, attachmentNames[a])
	}
	attached := "with nothing attached"
	if len(with) > 0 {
		attached = "with " + AndList(with) + " attached"
	}
	when := "Each comes as soon as it is ready."
	if p.Digest != "" {
		when = fmt.Sprintf("They wait for your daily digest at %s (%s), except one that opens a turn you still owe orders for "+
			"when the digest would leave you less than a day before its deadline: that one comes at once, with those held before it.",
			p.Digest, zoneName(loc))
	}
	return fmt.Sprintf("Your reports come %s, %s. %s", form, attached, when)
}

// MailFooter is the part of a report mail that echoes the player's mail
// preferences and says how to change them: the shell's "mail-footer".
type MailFooter struct {
	Summary, HowTo string
	// Page is the link to the player's web page, and PageNote what it
	// offers; both empty where the daemon serves no pages.
	Page, PageNote string
	// Text is both, wrapped and indented for the text report, without a
	// last line break.
	Text string
}

// NewMailFooter returns the footer of a mail to a player with mail
// preferences p, who lives in loc; nil for a report that is not mailed
// (nil p). page is the link to the player's web page, which the footer
// gives first; empty for none.
func NewMailFooter(p *campaign.MailPrefs, loc *time.Location, page string) *MailFooter {
	if p == nil {
		return nil
	}
	f := &MailFooter{Summary: MailSummary(*p, loc), HowTo: MailHowTo}
	var text strings.Builder
	if page != "" {
		f.Page, f.PageNote = page, PageNote
		text.WriteString(Wrap(PageNote, 76, "  ") + "  " + page + "\n\n")
	}
	text.WriteString(Wrap(f.Summary, 76, "  ") + Wrap(f.HowTo, 76, "  "))
	f.Text = strings.TrimSuffix(text.String(), "\n")
	return f
}

// PageNote is what a report mail says of the player's web page, before
// its link.
const PageNote = "Your page, only for you: the map to zoom, every report you had, " +
	"your orders on file, and an order builder that writes your mail of orders for you. " +
	"Keep the link to yourself; it changes with your token."

// AndList joins words as a sentence lists them: "a", "a and b", "a, b
// and c".
func AndList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// zoneName names a time zone as players know it: its IANA name, or UTC.
func zoneName(loc *time.Location) string {
	if loc == nil {
		return "UTC"
	}
	return loc.String()
}
