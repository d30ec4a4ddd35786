package workflow

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// resendReport sends a player a report again: the latest, or the one
// that opened the turn they name, as its subject names it.
func (m *Moderation) resendReport(r *request) (Decision, error) {
	c, s := r.c, r.seat
	n := c.Turn
	if a := strings.TrimSpace(r.Sub.Command.Args); a != "" {
		var err error
		if n, err = strconv.Atoi(a); err != nil || n < 1 || n > c.Turn {
			return r.refuse(report.NoSuchReport{Given: a, Turn: c.Turn})
		}
	}
	past, err := ReportOf(m.db, m.rules, c.ID, s.Player, n)
	if err != nil {
		return Decision{}, err
	}
	var rec *store.TurnRecord
	if err := m.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn(c.ID, n); return err }); err != nil {
		return Decision{}, err
	}
	clocks, err := m.openClocks(c, rec.State)
	if err != nil {
		return Decision{}, err
	}
	again, err := m.ReportMail(c, past.View, s, clocks)
	if err != nil {
		return Decision{}, err
	}
	again.Msg.MessageID = m.derivedID(r.In.MessageID, "report", s.Email)
	again.Msg.InReplyTo = r.In.MessageID
	again.Msg.References = []string{r.In.MessageID}
	again.Msg.Subject = report.Say(report.ResentSubject{Subject: again.Msg.Subject})
	r.Rec.Outcome, r.Rec.Campaign, r.Rec.Player, r.Rec.Detail = store.Accepted, string(c.ID), string(s.Player), fmt.Sprintf("report %d", n)
	return Decision{Mails: []Outgoing{again}, Secret: r.Sub.Token}, nil
}
