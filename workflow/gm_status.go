package workflow

import (
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// statusOf tells the GM where a campaign stands: every player, the
// deadline, extensions, battles waiting and the audit log.
func (m *Moderation) statusOf(c *store.Campaign) (report.Text, error) {
	var (
		filed []*store.OrdersRecord
		exts  []*store.Extension
		log   []*store.AuditEntry
		rec   *store.TurnRecord
	)
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		if filed, err = tx.TurnOrders(c.ID, c.Turn); err != nil {
			return err
		}
		if exts, err = tx.Extensions(c.ID); err != nil {
			return err
		}
		if log, err = tx.AuditLog(c.ID); err != nil {
			return err
		}
		rec, err = tx.Turn(c.ID, c.Turn)
		return err
	})
	if err != nil {
		return nil, err
	}
	o := &OpenTurn{Campaign: c, filed: filed}
	rs, err := m.Ruleset(c)
	if err != nil {
		return nil, err
	}
	st := report.GMStatus{Title: c.Title, Campaign: c.ID, Turn: c.Turn, Date: game.TurnDate(rs, rec.State), Status: string(c.Status),
		Ended: c.Status == store.Ended, NoDeadline: c.Deadline().IsZero(), Deadline: gmDeadline(c), Early: m.ResolvesEarly(c),
		PerCampaign: c.Moderation.Extensions.PerCampaign, PerPlayer: c.Moderation.Extensions.PerPlayer}
	if !c.HeldSince.IsZero() {
		st.HeldSince, st.Failed = LocalTime(c, nil, c.HeldSince), c.Failed
	}
	if c.Status == store.Paused {
		st.PausedSince = LocalTime(c, nil, c.PausedAt)
	}
	for _, s := range c.Players {
		seat := report.SeatState{Player: s.Player, Out: s.Out, Due: s.Due(), Forfeits: s.Forfeits}
		if r := o.Orders(s.Player); r != nil {
			seat.Filed, seat.Final, seat.Orders, seat.Received = true, r.Submission.Final, r.Submission.Orders.Len(), LocalTime(c, nil, r.Received)
		}
		st.Seats = append(st.Seats, seat)
	}
	_, st.Granted = extensionCounts(exts, "")
	for _, e := range exts {
		if e.Status == store.ExtensionPending {
			st.Pending = append(st.Pending, report.ExtensionState{Player: e.Player, Hours: e.Hours, Turn: e.Turn, Reason: e.Reason})
		}
	}
	st.ByVote = m.decidesByVote(c)
	for _, p := range rec.State.Polls {
		st.Polls = append(st.Polls, report.PollState{Poll: p.ID, Subject: p.Subject, Closes: report.FormatDeadline(p.Closes, PlayerLocation(c, nil)),
			Votes: len(p.Votes), Voters: len(p.Voters), Need: p.Need})
	}
	for _, bt := range rec.State.Battles {
		b := report.BattleState{ID: bt.ID, Turn: bt.Turn, At: string(bt.At), Sides: joinPlayers(bt.Sides)}
		if bt.Lane != nil {
			b.LaneA, b.LaneB = string(bt.Lane.A), string(bt.Lane.B)
		}
		st.Battles = append(st.Battles, b)
	}
	// The log keeps times in UTC; the GM reads them in the campaign's
	// time zone.
	loc := PlayerLocation(c, nil)
	for _, e := range log[max(0, len(log)-30):] {
		st.Log = append(st.Log, report.AuditLine{At: LocalTime(c, nil, e.At), Who: e.Who, Action: e.Action, Detail: localStamps(e.Detail, loc)})
	}
	return st, nil
}

// gmStatus answers the GM with where the campaign stands (command:
// status).
func (m *Moderation) gmStatus(r *request, c *store.Campaign, _ store.AuditEntry) (Decision, error) {
	status, err := m.statusOf(c)
	if err != nil {
		return Decision{}, err
	}
	return r.done("status", m.answer(r, status), Decision{})
}
