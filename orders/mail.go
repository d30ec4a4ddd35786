package orders

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
)

// MailChange is what a command: mail asks to change in a player's mail
// preferences. A field left at its zero value keeps what is on file.
type MailChange struct {
	// Report is "text" or "html".
	Report string
	// Attachments lists the attachments wanted, once AttachmentsSet: an
	// empty list turns them all off.
	Attachments    []campaign.Attachment
	AttachmentsSet bool
	// Digest is "off" or the local time of a daily digest, "HH:MM".
	Digest string
}

// Apply returns prefs with the change made.
func (c *MailChange) Apply(prefs campaign.MailPrefs) campaign.MailPrefs {
	switch c.Report {
	case "text":
		prefs.TextOnly = true
	case "html":
		prefs.TextOnly = false
	}
	if c.AttachmentsSet {
		prefs.Without = nil
		for _, a := range campaign.Attachments {
			if !slices.Contains(c.Attachments, a) {
				prefs.Without = append(prefs.Without, a)
			}
		}
	}
	switch c.Digest {
	case "":
	case "off":
		prefs.Digest = ""
	default:
		prefs.Digest = c.Digest
	}
	return prefs
}

// mailKeys are the header keys of a command: mail.
var mailKeys = []string{"report", "attachments", "digest"}

// Examples of the mail keys, for hints.
const (
	reportExample      = "report: text sends reports as plain text alone; report: html as text and HTML with the map"
	attachmentsExample = "attachments: [json, orders, schema, battles], attachments: all or attachments: none"
	digestExample      = "digest: daily (at 06:00 your time), digest: daily 18:00, or digest: off"
)

// mailChange reads the keys of a command: mail. They belong to that
// command alone: with any other, or with orders, they are a problem.
func (p *parser) mailChange(f Fields, cmd *Command) *MailChange {
	var ch MailChange
	for _, k := range mailKeys {
		e, ok := f.Get(k)
		if !ok {
			continue
		}
		if cmd == nil || cmd.Verb != "mail" {
			p.Add(PosOf(e.Key), "", k+": goes with command: mail, which sets how your reports come", "add a line command: mail, or remove "+k+":")
			continue
		}
		switch k {
		case "report":
			ch.Report = p.reportForm(e.Value)
		case "attachments":
			ch.Attachments, ch.AttachmentsSet = p.attachments(e.Value)
		case "digest":
			ch.Digest = p.digest(e.Value)
		}
	}
	if cmd == nil || cmd.Verb != "mail" {
		return nil
	}
	return &ch
}

func (p *parser) reportForm(n *yaml.Node) string {
	s, ok := p.Name(n, "report", "report: text")
	if !ok {
		return ""
	}
	if s = strings.ToLower(s); s != "text" && s != "html" {
		p.Add(PosOf(n), "", fmt.Sprintf("report must be text or html, not %q", s), reportExample)
		return ""
	}
	return s
}

// attachments reads a list of attachments, or all or none.
func (p *parser) attachments(n *yaml.Node) ([]campaign.Attachment, bool) {
	known := make([]string, len(campaign.Attachments))
	for i, a := range campaign.Attachments {
		known[i] = string(a)
	}
	if n.Kind == yaml.ScalarNode && !IsNull(n) {
		switch strings.ToLower(strings.TrimSpace(n.Value)) {
		case "all":
			return slices.Clone(campaign.Attachments), true
		case "none":
			return []campaign.Attachment{}, true
		}
		if slices.Contains(known, strings.ToLower(strings.TrimSpace(n.Value))) {
			p.Add(PosOf(n), "", fmt.Sprintf("attachments must be a list, all or none, not %s", Describe(n)),
				fmt.Sprintf("write the brackets: attachments: [%s]", strings.TrimSpace(n.Value)))
			return nil, false
		}
	}
	if n.Kind != yaml.SequenceNode {
		p.Add(PosOf(n), "", fmt.Sprintf("attachments must be a list, all or none, not %s", Describe(n)), attachmentsExample)
		return nil, false
	}
	out := []campaign.Attachment{}
	ok := true
	for _, item := range n.Content {
		s, good := p.Name(item, "each item of attachments", "attachments: [json, orders]")
		if !good {
			ok = false
			continue
		}
		if s = strings.ToLower(s); !slices.Contains(known, s) {
			p.Add(PosOf(item), "", fmt.Sprintf("there is no attachment %q", s), p.NearestHint(s, known, "attachments"))
			ok = false
			continue
		}
		out = append(out, campaign.Attachment(s))
	}
	return out, ok
}

// digest reads "off", "daily" or "daily HH:MM".
func (p *parser) digest(n *yaml.Node) string {
	s, ok := p.Name(n, "digest", "digest: daily")
	if !ok {
		return ""
	}
	word, at, _ := strings.Cut(strings.ToLower(strings.Join(strings.Fields(s), " ")), " ")
	switch {
	case word == "off" && at == "":
		return "off"
	case word == "daily" && at == "":
		return campaign.DefaultDigestTime
	case word == "daily":
		t, err := campaign.ParseDigestTime(at)
		if err != nil {
			p.Add(PosOf(n), "", fmt.Sprintf("%q is not a time of day", at), "write it as HH:MM on the 24-hour clock, e.g. digest: daily 18:00")
			return ""
		}
		return t
	}
	p.Add(PosOf(n), "", fmt.Sprintf("digest must be daily, daily HH:MM or off, not %q", s), digestExample)
	return ""
}
