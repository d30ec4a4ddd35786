package workflow

import (
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmPreview resolves the open turn on a copy and mails every report to the
// GM only (command: preview). Nothing is stored.
func (m *Moderation) gmPreview(r *request, _ *store.Campaign, _ store.AuditEntry) (Decision, error) {
	res, err := m.prepareOpenTurn(r.c.ID)
	if err != nil {
		return Decision{}, err
	}
	var mails []Outgoing
	for _, rep := range append(res.Reports, res.heldMails...) {
		to := rep.Msg.To[0].Email
		rep.Msg.To[0].Email = r.c.GM.Email
		rep.Msg.Subject = report.Say(report.PreviewCopy{Subject: rep.Msg.Subject, To: to})
		rep.Msg.MessageID = m.derivedID(r.In.MessageID, "preview", to)
		rep.Purpose = "preview"
		mails = append(mails, rep)
	}
	return r.done("preview", m.answer(r, report.PreviewAnswer{Turn: r.c.Turn, Reports: len(mails)}), Decision{Mails: mails})
}
