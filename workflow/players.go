package workflow

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// playerVerb carries out one of the players' commands; r holds the
// player's seat.
type playerVerb func(m *Moderation, r *request) (Decision, error)

// playerVerbs are the players' commands by the word after "command:".
var playerVerbs = map[string]playerVerb{
	"status":  (*Moderation).playerStatus,
	"report":  (*Moderation).resendReport,
	"message": (*Moderation).relayMessage,
	"mail":    (*Moderation).setMailPrefs,
	"proxy":   (*Moderation).setProxy,
	"resign":  (*Moderation).resign,
	"vote":    (*Moderation).castVote,
	"propose": (*Moderation).propose,
	"token":   (*Moderation).newSeatToken,
}

// playerCommand carries out a command from an authenticated player.
func (m *Moderation) playerCommand(r *request) (Decision, error) {
	verb, ok := playerVerbs[r.Sub.Command.Verb]
	if !ok {
		return r.refuse(report.NotAPlayerCommand{Verb: r.Sub.Command.Verb})
	}
	return verb(m, r)
}

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

// relayMessage passes a player's message to another player or to all, as
// the campaign's message policy allows. No address is ever shown: the
// mail comes from the moderator, signed with the sender's player name or
// not at all.
func (m *Moderation) relayMessage(r *request) (Decision, error) {
	c, s, cmd := r.c, r.seat, r.Sub.Command
	policy := c.Moderation.Messages
	to, rest, _ := strings.Cut(cmd.Args, " ")
	body := strings.TrimSpace(strings.TrimSpace(rest) + "\n" + cmd.Text)
	anonymous := cmd.Anonymous || policy == campaign.MessagesAnonymous
	switch {
	case policy == campaign.MessagesOff:
		return r.refuse(report.NoMessages{})
	case cmd.Anonymous && policy == campaign.MessagesSigned:
		return r.refuse(report.SignedOnly{})
	case to == "":
		return r.refuse(report.NoRecipient{})
	case body == "":
		return r.refuse(report.EmptyMessage{})
	case to == string(s.Player):
		return r.refuse(report.MessageToSelf{})
	}
	var targets []*store.Seat
	if to == "all" {
		for _, o := range c.ActiveSeats() {
			if o.Player != s.Player {
				targets = append(targets, o)
			}
		}
	} else {
		o := c.Seat(campaign.PlayerID(to))
		if o == nil || !o.Active() {
			return r.refuse(report.NoSuchRecipient{Name: to, Campaign: c.ID})
		}
		targets = append(targets, o)
	}
	var mails []Outgoing
	names := make([]string, len(targets))
	for i, o := range targets {
		msg := m.MailText(c.ID, o.Email, report.RelayedMessage{Title: c.Title, From: s.Player, Anonymous: anonymous, Text: body},
			m.derivedID(r.In.MessageID, "message", o.Email))
		mails = append(mails, Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "message"})
		names[i] = string(o.Player)
	}
	return r.done("message", m.answer(r, report.RelayAnswer{To: names, Anonymous: anonymous}), Decision{Mails: mails})
}
