package workflow

import (
	"time"

	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmResume starts a paused campaign's clock again (command: resume): every
// deadline, battle clock and poll moves on by as long as the pause lasted.
func (m *Moderation) gmResume(r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error) {
	if c.Status != store.Paused {
		return r.refuse(report.NotPaused{Campaign: c.ID, Status: string(c.Status)})
	}
	now := audit.At
	paused := now.Sub(c.PausedAt)
	c.MoveDeadlines(paused)
	c.Status, c.PausedAt = store.Running, time.Time{}
	MarkReminded(c, now)
	mails := m.tellPlayers(c, r.In.MessageID, "resumed", "", func(s *store.Seat) report.Text {
		return report.Resumed{Title: c.Title, Turn: c.Turn, Deadline: deadlineFor(c, s), Note: r.Sub.Command.Text}
	})
	answer := m.answer(r, report.ResumeAnswer{Title: c.Title, Turn: c.Turn, Deadline: gmDeadline(c)})
	apply := Steps(putCampaign(c, c.Turn, audit), shiftBattleClocks(c.ID, paused), shiftPollClocks(c.ID, c.Turn, paused))
	return r.done("resume", answer, Decision{Mails: mails, Apply: apply})
}
