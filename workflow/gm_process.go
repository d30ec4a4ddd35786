package workflow

import (
	"fmt"

	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmProcess resolves the open turn now, in the same transaction that
// records the GM's mail, so the command acts once however often the mail
// is read.
func (m *Moderation) gmProcess(r *request, _ *store.Campaign, audit store.AuditEntry) (Decision, error) {
	if r.c.Status != store.Running {
		return r.refuse(report.CannotProcess{Campaign: r.c.ID, Status: string(r.c.Status)})
	}
	res, err := m.prepareOpenTurn(r.c.ID)
	if err != nil {
		return Decision{}, err
	}
	audit.Detail = fmt.Sprintf("turn %d", res.Turn)
	apply := func(tx *store.Tx) error {
		if err := res.Commit(tx); err != nil {
			return err
		}
		return WriteAudit(tx, r.c.ID, audit)
	}
	next := report.ProcessAnswer{Turn: res.Turn, Reports: len(res.Reports), Ended: res.Campaign.Status == store.Ended, Next: res.Campaign.Turn}
	if !res.Campaign.Deadline().IsZero() {
		next.Deadline = gmDeadline(res.Campaign)
	}
	answer := m.answer(r, next)
	return r.done("process", answer, Decision{Mails: append(res.Notices, res.Reports...), Apply: apply, Resolved: res})
}
