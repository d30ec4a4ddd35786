package workflow

import (
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmPause stops the campaign's clock (command: pause) and tells every
// player, with the GM's note.
func (m *Moderation) gmPause(r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error) {
	if c.Status != store.Running {
		return r.refuse(report.CannotPause{Campaign: c.ID, Status: string(c.Status)})
	}
	c.Status, c.PausedAt = store.Paused, audit.At
	mails := m.tellPlayers(c, r.In.MessageID, "paused", "", func(*store.Seat) report.Text {
		return report.Paused{Title: c.Title, Turn: c.Turn, Note: r.Sub.Command.Text}
	})
	return r.done("pause", m.answer(r, report.PauseAnswer{Title: c.Title}), Decision{Mails: mails, Apply: putCampaign(c, c.Turn, audit)})
}
