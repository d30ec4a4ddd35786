package workflow

import (
	"slices"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// playerStatus tells a player their orders on file, costed, and the
// deadline.
func (m *Moderation) playerStatus(r *request) (Decision, error) {
	c, s := r.c, r.seat
	var (
		rec  *store.TurnRecord
		on   *store.OrdersRecord
		exts []*store.Extension
	)
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		if rec, err = tx.Turn(c.ID, c.Turn); err != nil {
			return err
		}
		if on, err = tx.Orders(c.ID, c.Turn, s.Player); err != nil {
			return err
		}
		exts, err = tx.Extensions(c.ID)
		return err
	})
	if err != nil {
		return Decision{}, err
	}
	rs, err := m.Ruleset(c)
	if err != nil {
		return Decision{}, err
	}
	st := report.PlayerStatus{Title: c.Title, Turn: c.Turn, Date: game.TurnDate(rs, rec.State), Status: string(c.Status),
		Ended: c.Status == store.Ended, Deadline: deadlineFor(c, s), Due: s.Due(), Filed: on != nil, PerPlayer: c.Moderation.Extensions.PerPlayer,
		Rule: m.cite(c, game.TopicForfeit)}
	if !s.Due() && c.Status != store.Ended {
		st.Owed = notDue(c, rs, rec.State, s.Player, SeatLocation(c, s))
	}
	if s.Due() && on != nil {
		st.Received, st.Final = report.FormatDeadline(on.Received, SeatLocation(c, s)), on.Submission.Final
		if checked, err := rs.Check(rec.State, on.Submission); err != nil {
			st.Stale = err.Error()
		} else {
			st.Echo = checked.Echo()
		}
	}
	st.Granted, _ = extensionCounts(exts, string(s.Player))
	for _, e := range exts {
		if e.Player == s.Player && e.Status == store.ExtensionPending {
			st.Pending = append(st.Pending, report.ExtensionState{Player: e.Player, Hours: e.Hours, Turn: e.Turn})
		}
	}
	st.ByVote = m.decidesByVote(c)
	for _, p := range rec.State.Polls {
		if slices.Contains(p.Voters, s.Player) && !votedOn(p, s.Player) {
			st.Ballots = append(st.Ballots, report.OpenBallot{Poll: p.ID, Subject: p.Subject, Closes: report.FormatDeadline(p.Closes, SeatLocation(c, s))})
		}
	}
	return r.done("status", m.answer(r, st), Decision{})
}
