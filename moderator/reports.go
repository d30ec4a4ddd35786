package moderator

import (
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/resolver"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/templates"
)

// reportMail renders a player's view as their report mail, with the JSON
// report attached.
func (m *Moderator) reportMail(c *store.Campaign, v *resolver.View, p *campaign.Player) (outgoing, error) {
	rep, err := templates.RenderReport(v, c.Deadline, playerLocation(c, p))
	if err != nil {
		return outgoing{}, err
	}
	id := fmt.Sprintf("report.%s.t%d.%s@%s", c.ID, v.Resolved, p.ID, m.domain)
	msg := m.newMail(p.Email, rep.Subject, rep.Text, id)
	msg.AutoSubmitted = "auto-generated"
	msg.Attachments = []mail.Attachment{{
		Name: fmt.Sprintf("report-%d.json", v.Turn), ContentType: "application/json", Data: rep.JSON,
	}}
	return outgoing{msg: msg, campaign: string(c.ID), purpose: "report"}, nil
}

// playerLocation returns the time zone a player reads deadlines in: their
// own if set and valid, else the campaign's.
func playerLocation(c *store.Campaign, p *campaign.Player) *time.Location {
	loc, err := c.Schedule.Location()
	if err != nil {
		loc = time.UTC
	}
	return zoneOf(p, loc)
}

// zoneOf returns the player's own time zone if set and valid, else
// fallback.
func zoneOf(p *campaign.Player, fallback *time.Location) *time.Location {
	if p != nil && p.TimeZone != "" {
		if loc, err := time.LoadLocation(p.TimeZone); err == nil {
			return loc
		}
	}
	return fallback
}
