package workflow

import (
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// statusRecords are what the GM's status reads of the store.
type statusRecords struct {
	filed []*store.OrdersRecord
	exts  []*store.Extension
	log   []*store.AuditEntry
	rec   *store.TurnRecord
}

// readStatus reads the orders on file for c's open turn, its extensions,
// its log and its open turn's record.
func (m *Moderation) readStatus(c *store.Campaign) (*statusRecords, error) {
	var k statusRecords
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		if k.filed, err = tx.TurnOrders(c.ID, c.Turn); err != nil {
			return err
		}
		if k.exts, err = tx.Extensions(c.ID); err != nil {
			return err
		}
		if k.log, err = tx.AuditLog(c.ID); err != nil {
			return err
		}
		k.rec, err = tx.Turn(c.ID, c.Turn)
		return err
	})
	return &k, err
}

// statusOf tells the GM where a campaign stands: every player, the
// deadline, extensions, polls, battles waiting and the audit log.
func (m *Moderation) statusOf(c *store.Campaign) (report.Text, error) {
	k, err := m.readStatus(c)
	if err != nil {
		return nil, err
	}
	rs, err := m.Ruleset(c)
	if err != nil {
		return nil, err
	}
	st := report.GMStatus{Title: c.Title, Campaign: c.ID, Turn: c.Turn, Date: game.TurnDate(rs, k.rec.State), Status: string(c.Status),
		Ended: c.Status == store.Ended, NoDeadline: c.Deadline().IsZero(), Deadline: gmDeadline(c), Early: m.ResolvesEarly(c),
		PerCampaign: c.Moderation.Extensions.PerCampaign, PerPlayer: c.Moderation.Extensions.PerPlayer}
	if !c.HeldSince.IsZero() {
		st.HeldSince, st.Failed = LocalTime(c, nil, c.HeldSince), c.Failed
	}
	if c.Status == store.Paused {
		st.PausedSince = LocalTime(c, nil, c.PausedAt)
	}
	st.Seats = seatStates(c, k.filed)
	_, st.Granted = extensionCounts(k.exts, "")
	for _, e := range k.exts {
		if e.Status == store.ExtensionPending {
			st.Pending = append(st.Pending, report.ExtensionState{Player: e.Player, Hours: e.Hours, Turn: e.Turn, Reason: e.Reason})
		}
	}
	st.ByVote = m.decidesByVote(c)
	for _, p := range k.rec.State.Polls {
		st.Polls = append(st.Polls, report.PollState{Poll: p.ID, Subject: p.Subject, Closes: report.FormatDeadline(p.Closes, CampaignLocation(c)),
			Votes: len(p.Votes), Voters: len(p.Voters), Need: p.Need})
	}
	st.Battles = battleStates(k.rec.State.Battles)
	st.Log = logLines(c, k.log)
	return st, nil
}

// seatStates are the seats of c, each with the orders on file for it.
func seatStates(c *store.Campaign, filed []*store.OrdersRecord) []report.SeatState {
	o := &OpenTurn{Campaign: c, filed: filed}
	var out []report.SeatState
	for _, s := range c.Players {
		seat := report.SeatState{Player: s.Player, Out: s.Out, Due: s.Due(), Forfeits: s.Forfeits}
		if r := o.Orders(s.Player); r != nil {
			seat.Filed, seat.Final, seat.Orders, seat.Received = true, r.Submission.Final, r.Submission.Orders.Len(), LocalTime(c, nil, r.Received)
		}
		out = append(out, seat)
	}
	return out
}

// battleStates are the battles waiting to be settled.
func battleStates(battles []campaign.Battle) []report.BattleState {
	var out []report.BattleState
	for _, bt := range battles {
		b := report.BattleState{ID: bt.ID, Turn: bt.Turn, At: string(bt.At), Sides: joinPlayers(bt.Sides)}
		if bt.Lane != nil {
			b.LaneA, b.LaneB = string(bt.Lane.A), string(bt.Lane.B)
		}
		out = append(out, b)
	}
	return out
}

// logLines are the last 30 entries of the campaign's log. The log keeps
// times in UTC; the GM reads them in the campaign's time zone.
func logLines(c *store.Campaign, log []*store.AuditEntry) []report.AuditLine {
	loc := CampaignLocation(c)
	var out []report.AuditLine
	for _, e := range log[max(0, len(log)-30):] {
		out = append(out, report.AuditLine{At: LocalTime(c, nil, e.At), Who: e.Who, Action: e.Action, Detail: localStamps(e.Detail, loc)})
	}
	return out
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
