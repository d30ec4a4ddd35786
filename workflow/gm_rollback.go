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

// gmRollback reopens an earlier turn (command: rollback N): its state
// and its orders come back, later turns are deleted, and the turn is
// played again at a new deadline.
func (m *Moderation) gmRollback(r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error) {
	n, bad := rollbackTurn(r.Sub.Command.Args, c)
	if bad != nil {
		return r.refuse(bad)
	}
	var rec *store.TurnRecord
	if err := m.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn(c.ID, n); return err }); err != nil {
		return Decision{}, err
	}
	from := c.Turn
	if err := m.reopen(c, rec, n, audit.At); err != nil {
		return Decision{}, err
	}
	audit.Detail = fmt.Sprintf("from turn %d back to turn %d", from, n)
	polls, err := m.restartPolls(c, rec.State.Polls)
	if err != nil {
		return Decision{}, err
	}
	mails := m.tellPlayers(c, r.In.MessageID, "rollback", "", func(s *store.Seat) report.Text {
		return report.RolledBack{Title: c.Title, Turn: n, Deadline: deadlineFor(c, s), Note: r.Sub.Command.Text}
	})
	mails = append(mails, m.announcePolls(c, polls, r.In.MessageID)...)
	answer := m.answer(r, report.RollbackAnswer{Title: c.Title, Turn: n, Deadline: gmDeadline(c)})
	return r.done("rollback", answer, Decision{Mails: mails, Apply: rollBack(c, from, polls, audit)})
}

// rollbackTurn reads the turn the GM rolls back to: one resolved before
// the open turn. It returns why not, if it cannot.
func rollbackTurn(arg string, c *store.Campaign) (int, report.Text) {
	n, err := strconv.Atoi(strings.TrimSpace(arg))
	switch {
	case err != nil:
		return 0, report.RollbackNeedsTurn{Example: max(1, c.Turn-1)}
	case n >= c.Turn:
		return 0, report.RollbackNotResolved{Turn: n, Open: c.Turn}
	case n < 1:
		return 0, report.RollbackNoTurn{Turn: n, Open: c.Turn}
	}
	return n, nil
}

// reopen opens turn n, whose record is rec, again on c, running, with new deadlines from now:
// the players who were in the campaign then are in it again.
func (m *Moderation) reopen(c *store.Campaign, rec *store.TurnRecord, n int, now time.Time) error {
	rs, err := m.Ruleset(c)
	if err != nil {
		return err
	}
	due, err := rs.Due(rec.State, c.Schedule, now)
	if err != nil {
		return err
	}
	for i := range c.Players {
		if p := rec.State.Player(c.Players[i].Player); p != nil && p.Active() {
			c.Players[i].Return()
		}
	}
	c.Open(n, due)
	c.Status, c.Rerun = store.Running, n
	c.Release()
	c.PausedAt = time.Time{}
	MarkReminded(c, now)
	return nil
}

// rollBack is the change a rollback makes from turn from to c's open
// turn: the later turns go, the orders on file for the reopened turn are
// no longer final, and polls restarts its polls.
func rollBack(c *store.Campaign, from int, polls []campaign.Poll, audit store.AuditEntry) func(tx *store.Tx) error {
	n := c.Turn
	return func(tx *store.Tx) error {
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
}
