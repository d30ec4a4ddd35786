package workflow

import (
	"fmt"
	netmail "net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmCommand carries out a command from the authenticated GM.
func (m *Moderation) gmCommand(r *request) (Decision, error) {
	cmd := r.sub.Command
	c := *r.c
	c.Players = append([]store.Seat(nil), r.c.Players...)
	now := m.clock.Now().UTC()
	audit := store.AuditEntry{At: now, Who: "gm", Action: cmd.Verb, Detail: cmd.Args}
	switch cmd.Verb {
	case "status":
		status, err := m.gmStatus(&c)
		if err != nil {
			return Decision{}, err
		}
		return r.done("status", m.answer(r, status), Decision{})
	case "preview":
		return m.gmPreview(r)
	case "process":
		return m.gmProcess(r)
	case "deadline":
		t, bad := parseDeadline(cmd.Args, &c, now)
		if bad != nil {
			return r.refuse(bad)
		}
		if c.Status == store.Ended {
			return r.refuse(report.NoDeadlineToMove{Campaign: c.ID})
		}
		held := !c.HeldSince.IsZero()
		audit.Detail = UtcStamp(t)
		c.SetDeadlines(t)
		c.Release()
		MarkReminded(&c, now)
		if c.Status == store.Paused {
			c.PausedAt = now
		}
		mails := m.tellPlayers(&c, r.in.MessageID, "deadline", "", func(s *store.Seat) report.Text {
			return report.DeadlineMoved{Turn: c.Turn, Deadline: deadlineFor(&c, s), Paused: c.Status == store.Paused}
		})
		answer := m.answer(r, report.DeadlineAnswer{Turn: c.Turn, Deadline: gmDeadline(&c), Held: held})
		return r.done("deadline", answer, Decision{Mails: mails, Apply: putCampaign(&c, c.Turn, audit)})
	case "pause":
		if c.Status != store.Running {
			return r.refuse(report.CannotPause{Campaign: c.ID, Status: string(c.Status)})
		}
		c.Status, c.PausedAt = store.Paused, now
		mails := m.tellPlayers(&c, r.in.MessageID, "paused", "", func(*store.Seat) report.Text {
			return report.Paused{Title: c.Title, Turn: c.Turn, Note: cmd.Text}
		})
		return r.done("pause", m.answer(r, report.PauseAnswer{Title: c.Title}), Decision{Mails: mails, Apply: putCampaign(&c, c.Turn, audit)})
	case "resume":
		if c.Status != store.Paused {
			return r.refuse(report.NotPaused{Campaign: c.ID, Status: string(c.Status)})
		}
		paused := now.Sub(c.PausedAt)
		c.MoveDeadlines(paused)
		c.Status, c.PausedAt = store.Running, time.Time{}
		MarkReminded(&c, now)
		mails := m.tellPlayers(&c, r.in.MessageID, "resumed", "", func(s *store.Seat) report.Text {
			return report.Resumed{Title: c.Title, Turn: c.Turn, Deadline: deadlineFor(&c, s), Note: cmd.Text}
		})
		answer := m.answer(r, report.ResumeAnswer{Title: c.Title, Turn: c.Turn, Deadline: gmDeadline(&c)})
		return r.done("resume", answer, Decision{Mails: mails, Apply: Steps(putCampaign(&c, c.Turn, audit), shiftBattleClocks(c.ID, paused), shiftPollClocks(c.ID, c.Turn, paused))})
	case "rollback":
		return m.gmRollback(r, &c, audit)
	case "replace":
		return m.gmReplace(r, &c, audit)
	case "drop":
		return m.gmDrop(r, &c, audit)
	case "token":
		return m.newGMToken(r, &c, audit)
	case "broadcast":
		body := strings.TrimSpace(strings.TrimSpace(cmd.Args) + "\n" + cmd.Text)
		if body == "" {
			return r.refuse(report.EmptyBroadcast{})
		}
		mails := m.tellPlayers(&c, r.in.MessageID, "broadcast", "", func(*store.Seat) report.Text { return report.Broadcast{Text: body} })
		audit.Detail = fmt.Sprintf("%d players", len(mails))
		return r.done("broadcast", m.answer(r, report.BroadcastAnswer{Players: len(mails)}), Decision{Mails: mails, Apply: putCampaign(&c, c.Turn, audit)})
	}
	return r.refuse(report.NotAGMCommand{Verb: cmd.Verb, Player: examplePlayer(&c)})
}

// deadlineLayout is how the GM writes a deadline in the campaign's time
// zone: "command: deadline 2026-12-01 20:00".
const DeadlineLayout = "2006-01-02 15:04"

// parseDeadline reads the GM's new deadline: "2026-12-01 20:00" in the
// campaign's time zone, an RFC 3339 time, or "+48h" from now. It must be
// in the future. It returns why not, if it cannot read one.
func parseDeadline(s string, c *store.Campaign, now time.Time) (time.Time, report.Text) {
	loc, err := c.Schedule.Location()
	if err != nil {
		loc = time.UTC
	}
	s = strings.TrimSpace(s)
	var t time.Time
	switch {
	case s == "":
		return t, report.DeadlineNeedsTime{}
	case strings.HasPrefix(s, "+"):
		d, err := time.ParseDuration(s[1:])
		if err != nil || d <= 0 {
			return t, report.DeadlineNotFromNow{Given: s}
		}
		t = now.Add(d)
	default:
		if t, err = time.Parse(time.RFC3339, s); err != nil {
			if t, err = time.ParseInLocation(DeadlineLayout, s, loc); err != nil {
				return t, report.DeadlineUnreadable{Given: s}
			}
		}
	}
	if !t.After(now) {
		return t, report.DeadlinePast{Time: report.FormatDeadline(t, loc)}
	}
	return t.UTC(), nil
}

// gmStatus tells the GM where a campaign stands: every player, the
// deadline, extensions, battles waiting and the audit log.
func (m *Moderation) gmStatus(c *store.Campaign) (report.Text, error) {
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

// gmPreview resolves the open turn on a copy and mails every report to the
// GM only. Nothing is stored.
func (m *Moderation) gmPreview(r *request) (Decision, error) {
	res, err := m.prepareOpenTurn(r.c.ID)
	if err != nil {
		return Decision{}, err
	}
	var mails []Outgoing
	for _, rep := range append(res.Reports, res.heldMails...) {
		to := rep.Msg.To[0].Email
		rep.Msg.To[0].Email = r.c.GM.Email
		rep.Msg.Subject = report.Say(report.PreviewCopy{Subject: rep.Msg.Subject, To: to})
		rep.Msg.MessageID = m.derivedID(r.in.MessageID, "preview", to)
		rep.Purpose = "preview"
		mails = append(mails, rep)
	}
	return r.done("preview", m.answer(r, report.PreviewAnswer{Turn: r.c.Turn, Reports: len(mails)}), Decision{Mails: mails})
}

// gmProcess resolves the open turn now, in the same transaction that
// records the GM's mail, so the command acts once however often the mail
// is read.
func (m *Moderation) gmProcess(r *request) (Decision, error) {
	if r.c.Status != store.Running {
		return r.refuse(report.CannotProcess{Campaign: r.c.ID, Status: string(r.c.Status)})
	}
	res, err := m.prepareOpenTurn(r.c.ID)
	if err != nil {
		return Decision{}, err
	}
	audit := store.AuditEntry{At: m.clock.Now().UTC(), Who: "gm", Action: "process", Detail: fmt.Sprintf("turn %d", res.Turn)}
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

// seatArg finds the seat a GM command names, or says there is none.
func seatArg(c *store.Campaign, name string) (*store.Seat, *report.NoSuchSeat) {
	s := c.Seat(campaign.PlayerID(name))
	if s == nil {
		ids := make([]string, len(c.Players))
		for i, p := range c.Players {
			ids[i] = string(p.Player)
		}
		return nil, &report.NoSuchSeat{Campaign: c.ID, Name: name, Players: ids}
	}
	return s, nil
}

// gmReplace gives a seat to a new address with a new token, and sends the
// new player the welcome and the latest report.
func (m *Moderation) gmReplace(r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error) {
	fields := strings.Fields(r.sub.Command.Args)
	if len(fields) != 2 {
		return r.refuse(report.ReplaceUsage{})
	}
	s, missing := seatArg(c, fields[0])
	if missing != nil {
		return r.refuse(missing)
	}
	addr, err := netmail.ParseAddress(fields[1])
	if err != nil {
		return r.refuse(report.BadAddress{Given: fields[1]})
	}
	email := strings.ToLower(addr.Address)
	switch {
	case !s.Active():
		return r.refuse(report.SeatGone{Player: s.Player, Out: s.Out})
	case strings.EqualFold(email, s.Email):
		return r.refuse(report.SameAddress{Player: s.Player, Email: email})
	}
	for _, o := range c.Players {
		if strings.EqualFold(o.Email, email) {
			return r.refuse(report.AddressTaken{Email: email, Player: o.Player})
		}
	}
	token, err := NewToken(m.rand)
	if err != nil {
		return Decision{}, err
	}
	old := s.Email
	// The new player names their own proxies.
	s.Email, s.TokenHash, s.Forfeits, s.Since, s.Mail, s.Proxies = email, HashToken(token), 0, c.Turn, campaign.MailPrefs{}, nil
	var rec *store.TurnRecord
	if err := m.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn(c.ID, c.Turn); return err }); err != nil {
		return Decision{}, err
	}
	rs, err := m.Ruleset(c)
	if err != nil {
		return Decision{}, err
	}
	p := *rec.State.Player(s.Player)
	p.Email = email
	subject, text := report.RenderWelcome(m.WelcomeOf(c, rs, rec.State, s, p.Name, token))
	welcome := m.NewMail(email, subject, text, m.derivedID(r.in.MessageID, "welcome", email))
	mails := []Outgoing{{Msg: welcome, Campaign: string(c.ID), Purpose: "welcome"}}
	past, err := ReportOf(m.db, m.rules, c.ID, p.ID, c.Turn)
	if err != nil {
		return Decision{}, err
	}
	clocks, err := m.openClocks(c, rec.State)
	if err != nil {
		return Decision{}, err
	}
	latest, err := m.ReportMail(c, past.View, &p, clocks)
	if err != nil {
		return Decision{}, err
	}
	latest.Msg.MessageID = m.derivedID(r.in.MessageID, "report", email)
	mails = append(mails, latest)
	bye := m.MailText(c.ID, old, report.Farewell{Title: c.Title, Player: s.Player}, m.derivedID(r.in.MessageID, "farewell", old))
	bye.AutoSubmitted = "auto-generated"
	mails = append(mails, Outgoing{Msg: bye, Campaign: string(c.ID), Purpose: "farewell"})
	audit.Detail = fmt.Sprintf("%s: %s -> %s", s.Player, old, email)
	apply := Steps(putCampaign(c, c.Turn, audit), editState(c.ID, c.Turn, "the GM gave "+string(s.Player)+"'s seat to a new player", func(st *campaign.State) { st.Player(s.Player).Email = email }))
	return r.done("replace", m.answer(r, report.ReplaceAnswer{Player: s.Player, Email: email}), Decision{Mails: mails, Apply: apply})
}

// gmDrop takes a player out of the campaign now; the ruleset's report
// tells everyone, citing its rule.
func (m *Moderation) gmDrop(r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error) {
	s, missing := seatArg(c, strings.TrimSpace(r.sub.Command.Args))
	switch {
	case missing != nil:
		missing.Drop = true
		return r.refuse(missing)
	case !s.Active():
		return r.refuse(report.AlreadyOut{Player: s.Player, Out: s.Out})
	case c.Status == store.Ended:
		return r.refuse(report.CampaignEnded{Campaign: c.ID})
	}
	why := report.Say(report.DroppedByGM{})
	s.Out = why
	mails := m.droppedMails(c, s, why, r.in.MessageID)
	apply := Steps(putCampaign(c, c.Turn, audit), editState(c.ID, c.Turn, "the GM dropped "+string(s.Player), func(st *campaign.State) { st.Drop(s.Player, why) }))
	return r.done("drop", m.answer(r, report.DropAnswer{Player: s.Player, Title: c.Title}), Decision{Mails: mails[:1], Apply: apply})
}

// droppedMails tells a dropped player, and the GM, that the player is out.
// base makes their Message-IDs.
func (m *Moderation) droppedMails(c *store.Campaign, s *store.Seat, why, base string) []Outgoing {
	bye := m.MailText(c.ID, s.Email, report.Dropped{Title: c.Title, Why: why}, m.derivedID(base, "dropped", s.Email))
	bye.AutoSubmitted = "auto-generated"
	gm := m.ToGM(c, base, "dropped", report.DroppedGM{Player: s.Player, Title: c.Title, Why: why})
	return []Outgoing{{Msg: bye, Campaign: string(c.ID), Purpose: "dropped"}, gm}
}

func joinPlayers(ids []campaign.PlayerID) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = string(id)
	}
	return strings.Join(out, ", ")
}
