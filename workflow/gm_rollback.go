package workflow

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmRollback reopens an earlier turn: its state and its orders come back,
// later turns are deleted, and the turn is played again at a new deadline.
func (m *Moderation) gmRollback(r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error) {
	n, err := strconv.Atoi(strings.TrimSpace(r.sub.Command.Args))
	switch {
	case err != nil:
		return r.refuse(report.RollbackNeedsTurn{Example: max(1, c.Turn-1)})
	case n >= c.Turn:
		return r.refuse(report.RollbackNotResolved{Turn: n, Open: c.Turn})
	case n < 1:
		return r.refuse(report.RollbackNoTurn{Turn: n, Open: c.Turn})
	}
	var rec *store.TurnRecord
	if err := m.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn(c.ID, n); return err }); err != nil {
		return Decision{}, err
	}
	rs, err := m.Ruleset(c)
	if err != nil {
		return Decision{}, err
	}
	now := m.clock.Now().UTC()
	due, err := rs.Due(rec.State, c.Schedule, now)
	if err != nil {
		return Decision{}, err
	}
	from := c.Turn
	for i := range c.Players {
		if p := rec.State.Player(c.Players[i].Player); p != nil && p.Active() {
			c.Players[i].Out = ""
		}
	}
	c.Open(n, due)
	c.Status, c.Rerun = store.Running, n
	c.Release()
	c.PausedAt = time.Time{}
	MarkReminded(c, now)
	audit.Detail = fmt.Sprintf("from turn %d back to turn %d", from, n)
	polls, err := m.restartPolls(c, rec.State.Polls)
	if err != nil {
		return Decision{}, err
	}
	apply := func(tx *store.Tx) error {
		cur, err := tx.Campaign(c.ID)
		if err != nil || cur.Turn != from {
			return fmt.Errorf("rollback of %s: the campaign moved on", c.ID)
		}
		if err := tx.Rollback(c.ID, n); err != nil {
			return err
		}
		filed, err := tx.TurnOrders(c.ID, n)
		if err != nil {
			return err
		}
		for _, o := range filed {
			o.Submission.Final = false
			if err := tx.PutOrders(c.ID, o); err != nil {
				return err
			}
		}
		if err := tx.PutCampaign(c); err != nil {
			return err
		}
		if len(polls) > 0 {
			if err := editState(c.ID, n, "polls restarted by the rollback", func(st *campaign.State) { st.Polls = polls })(tx); err != nil {
				return err
			}
		}
		return WriteAudit(tx, c.ID, audit)
	}
	mails := m.tellPlayers(c, r.in.MessageID, "rollback", "", func(s *store.Seat) report.Text {
		return report.RolledBack{Title: c.Title, Turn: n, Deadline: deadlineFor(c, s), Note: r.sub.Command.Text}
	})
	mails = append(mails, m.announcePolls(c, polls, r.in.MessageID)...)
	answer := m.answer(r, report.RollbackAnswer{Title: c.Title, Turn: n, Deadline: gmDeadline(c)})
	return r.done("rollback", answer, Decision{Mails: mails, Apply: apply})
}
