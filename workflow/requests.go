package workflow

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmCampaigns returns the campaigns an address is the GM of.
func (m *Moderation) gmCampaigns(addr string) ([]*store.Campaign, error) {
	var out []*store.Campaign
	err := m.db.View(func(tx *store.Tx) error {
		camps, err := m.Campaigns.All(tx)
		for _, c := range camps {
			if strings.EqualFold(c.GM.Email, addr) {
				out = append(out, c.Clone())
			}
		}
		return err
	})
	return out, err
}

// request is a mail asking for something other than filing orders, once
// its sender is known.
type request struct {
	*Mail
	c *store.Campaign
	// seat is the player's seat; nil for the GM.
	seat *store.Seat
}

// done fills the message record of a request carried out and returns the
// decision, with reply as the answer to the sender.
func (r *request) done(what string, reply Outgoing, d Decision) (Decision, error) {
	r.Rec.Outcome, r.Rec.Campaign, r.Rec.Detail = store.Accepted, string(r.c.ID), what
	if r.seat != nil {
		r.Rec.Player = string(r.seat.Player)
	}
	d.Mails = append([]Outgoing{reply}, d.Mails...)
	d.Secret = r.Sub.Token
	return d, nil
}

// localTime writes t for the request's sender: in their seat's time zone,
// or the campaign's for the GM, with UTC beside it.
func (r *request) localTime(t time.Time) string { return LocalTime(r.c, r.seat, t) }

// refuse rejects a request with a text that says why.
func (r *request) refuse(why report.Text) (Decision, error) {
	return r.Reject(r.c.ID, &report.Rejection{Reason: report.Say(why)})
}

// handleRequest authenticates a request (an extension or a command) and
// carries it out. The GM gives commands with the GM token and no player:
// line; a player with their own token and player: line.
func (m *Moderation) handleRequest(ml *Mail) (Decision, error) {
	asked := *ml
	asked.Reject = func(c campaign.ID, r *report.Rejection) (Decision, error) {
		r.Request = true
		return ml.Reject(c, r)
	}
	if asked.Sub.Player == "" {
		return m.gmRequest(&asked)
	}
	return m.playerRequest(&asked)
}

// gmRequest authenticates and carries out a request with no player:
// line, which only a campaign's GM may send, with the GM token.
func (m *Moderation) gmRequest(ml *Mail) (Decision, error) {
	sub, reject := ml.Sub, ml.Reject
	i := slices.IndexFunc(ml.GMs, func(c *store.Campaign) bool { return c.ID == sub.Campaign })
	if i < 0 {
		if sub.Command != nil && gmOnly(sub.Command.Verb) {
			return m.gmCommandFromPlayer(ml)
		}
		if len(ml.GMs) == 0 {
			return reject(soleCampaign(ml.Seats), ml.problem("campaign", report.NeedsPlayerLine{}))
		}
		return reject("", ml.problem("campaign", report.NotTheGM{Campaign: sub.Campaign, Campaigns: campaignIDs(ml.GMs)}))
	}
	c := ml.GMs[i]
	ml.Rec.Campaign = string(c.ID)
	switch {
	case sub.Token == "" || !tokenMatches(sub.Token, c.GMTokenHash):
		return reject(c.ID, ml.problem("token", report.BadGMToken{}))
	case sub.Extension != nil:
		return reject(c.ID, ml.problem("extension", report.GMNoExtension{}))
	case sub.Battle != nil:
		return reject(c.ID, ml.problem("battle", report.GMNoBattle{}))
	}
	return m.gmCommand(&request{Mail: ml, c: c})
}

// playerRequest authenticates and carries out a request from a player,
// or from a proxy, who may only report battle results.
func (m *Moderation) playerRequest(ml *Mail) (Decision, error) {
	in, sub, reject := ml.In, ml.Sub, ml.Reject
	s, refusal := authenticateSeat(ml.Seats, sub, ml.problem)
	if s == nil {
		return reject(soleCampaign(ml.Seats), refusal)
	}
	r := &request{Mail: ml, c: s.Campaign, seat: s.Seat}
	ml.Rec.Campaign, ml.Rec.Player = string(r.c.ID), string(r.seat.Player)
	if refusal != nil {
		return reject(r.c.ID, refusal)
	}
	switch {
	case s.proxy && sub.Battle == nil:
		key := "command"
		if sub.Extension != nil {
			key = "extension"
		}
		return reject(r.c.ID, ml.problem(key, report.ProxyMayNot{Player: r.seat.Player}))
	case sub.Extension != nil:
		return m.requestExtension(r)
	case sub.Battle != nil:
		return m.battleReport(r)
	case gmOnly(sub.Command.Verb):
		d, err := reject(r.c.ID, ml.problem("command", report.GMOnly{Verb: sub.Command.Verb}))
		if err != nil {
			return d, err
		}
		return m.withAlert(d, r.c, in, report.GMCommandAlert{From: in.From, Player: r.seat.Player, Verb: sub.Command.Verb, WithToken: true}, true)
	}
	return m.playerCommand(r)
}

// gmCommandFromPlayer refuses a GM command with no player: line from an
// address that is not the campaign's GM, and tells the GM, saying whether
// the mail carried the player's own token: without it, the From line may
// be forged.
func (m *Moderation) gmCommandFromPlayer(ml *Mail) (Decision, error) {
	in, rec, seats, sub, reject := ml.In, ml.Rec, ml.Seats, ml.Sub, ml.Reject
	c, err := m.CampaignByID(sub.Campaign)
	if err != nil {
		return Decision{}, err
	}
	r := &report.Rejection{Source: in.Text, SourceName: sourceName(in),
		Problems: orders.Problems{report.Problem(report.GMOnly{Verb: sub.Command.Verb, NoPlayerLine: true}, sub.Pos["command"])}}
	if c == nil {
		return reject(soleCampaign(seats), r)
	}
	rec.Campaign = string(c.ID)
	d, err := reject(c.ID, r)
	if err != nil {
		return d, err
	}
	alert := report.GMCommandAlert{From: in.From, Verb: sub.Command.Verb}
	for _, s := range seats {
		if s.Campaign.ID == c.ID {
			alert.Player = s.Seat.Player
			alert.WithToken = sub.Token != "" && tokenMatches(sub.Token, s.Seat.TokenHash)
		}
	}
	return m.withAlert(d, c, in, alert, alert.WithToken)
}

// misusedGMToken refuses a mail that carries a campaign's GM token from
// another address than the GM's, and tells the GM: the token has reached
// someone else. The sender is not told whose token it was.
func (m *Moderation) misusedGMToken(ml *Mail) (Decision, bool, error) {
	in, rec, sub, reject := ml.In, ml.Rec, ml.Sub, ml.Reject
	if sub == nil || sub.Token == "" {
		return Decision{}, false, nil
	}
	c, err := m.cachedCampaign(sub.Campaign)
	if err != nil || c == nil || strings.EqualFold(c.GM.Email, in.From) || !tokenMatches(sub.Token, c.GMTokenHash) {
		return Decision{}, false, err
	}
	c = c.Clone()
	rec.Campaign = string(c.ID)
	d, err := reject(c.ID, &report.Rejection{Request: sub.Command != nil || sub.Extension != nil || sub.Battle != nil,
		Reason: report.Say(report.NotYourToken{})})
	if err != nil {
		return d, true, err
	}
	d, err = m.withAlert(d, c, in, report.GMTokenAlert{From: in.From}, true)
	return d, true, err
}

// CampaignByID returns a campaign's record, or nil if there is none by
// that ID.
func (m *Moderation) CampaignByID(id campaign.ID) (*store.Campaign, error) {
	c, err := m.cachedCampaign(id)
	if c != nil {
		c = c.Clone()
	}
	return c, err
}

// cachedCampaign is campaignByID without the copy: the record is shared
// and must not be changed.
func (m *Moderation) cachedCampaign(id campaign.ID) (*store.Campaign, error) {
	var c *store.Campaign
	err := m.db.View(func(tx *store.Tx) error {
		camps, err := m.Campaigns.All(tx)
		if i, found := slices.BinarySearchFunc(camps, id, func(c *store.Campaign, id campaign.ID) int { return cmp.Compare(c.ID, id) }); found {
			c = camps[i]
		}
		return err
	})
	return c, err
}

// campaignIDs lists the IDs of campaigns.
func campaignIDs(camps []*store.Campaign) []string {
	ids := make([]string, len(camps))
	for i, c := range camps {
		ids[i] = string(c.ID)
	}
	return ids
}

// alertGM tells a campaign's GM of an attempt that was refused: what
// happened.
func (m *Moderation) alertGM(c *store.Campaign, in *mail.Inbound, what report.Text) Outgoing {
	return m.ToGM(c, in.MessageID, "alert", report.GMAlert{What: report.Say(what), MessageID: in.MessageID, Title: c.Title})
}

// answer is the reply to a request: threaded under it, to its sender.
func (m *Moderation) answer(r *request, t report.Text) Outgoing {
	return Outgoing{Msg: m.replyText(r.In, r.c.ID, t), Campaign: string(r.c.ID), Purpose: "answer"}
}

// derivedID names a mail sent because of an incoming one, to one address,
// so that handling the same mail twice gives the same Message-IDs.
func (m *Moderation) derivedID(incoming, purpose, to string) string {
	sum := sha256.Sum256([]byte(incoming + "\x00" + purpose + "\x00" + to))
	return fmt.Sprintf("%s-%s@%s", purpose, hex.EncodeToString(sum[:12]), m.domain)
}

// tellPlayers writes the same news to every active player but skip (who
// hears it otherwise), each with times in their own zone: news gets the
// player's seat.
func (m *Moderation) tellPlayers(c *store.Campaign, incoming, purpose string, skip campaign.PlayerID, news func(s *store.Seat) report.Text) []Outgoing {
	var out []Outgoing
	for _, s := range c.ActiveSeats() {
		if s.Player == skip {
			continue
		}
		msg := m.MailText(c.ID, s.Email, news(s), m.derivedID(incoming, purpose, s.Email))
		msg.AutoSubmitted = "auto-generated"
		out = append(out, Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: purpose})
	}
	return out
}

// MailText words a text as a mail about campaign c to one address, with
// its subject tagged with the campaign.
func (m *Moderation) MailText(c campaign.ID, to string, t report.Text, messageID string) mail.Message {
	subject, text := report.Mail(t)
	return m.NewMail(to, Tagged(c, subject), text, messageID)
}

// replyText words a text as the reply to an incoming mail, with its
// subject tagged with campaign c, if any.
func (m *Moderation) replyText(in *mail.Inbound, c campaign.ID, t report.Text) mail.Message {
	subject, text := report.Mail(t)
	return m.Reply(in, Tagged(c, subject), text)
}

// Tagged tags a subject with the campaign it is about, if any:
// "[frontier] Campaign paused".
func Tagged(c campaign.ID, subject string) string {
	if c == "" {
		return subject
	}
	return fmt.Sprintf("[%s] %s", c, subject)
}

// ToGM writes a mail to the GM, sent because of an incoming one.
func (m *Moderation) ToGM(c *store.Campaign, incoming, purpose string, t report.Text) Outgoing {
	msg := m.MailText(c.ID, c.GM.Email, t, m.derivedID(incoming, purpose, c.GM.Email))
	msg.AutoSubmitted = "auto-generated"
	return Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: purpose}
}

// deadlineOf returns a player's deadline for the open turn: their own if
// they owe orders, else the turn's.
func deadlineOf(c *store.Campaign, p campaign.PlayerID) time.Time {
	if s := c.Seat(p); s != nil && s.Due() {
		return s.Deadline
	}
	return c.Deadline()
}

// deadlineFor writes a seat's deadline (deadlineOf) in its time zone.
func deadlineFor(c *store.Campaign, s *store.Seat) string {
	return report.FormatDeadline(deadlineOf(c, s.Player), SeatLocation(c, s))
}

// gmDeadline writes the open turn's deadline in the campaign's time zone.
func gmDeadline(c *store.Campaign) string {
	return report.FormatDeadline(c.Deadline(), CampaignLocation(c))
}

// putCampaign returns an apply step that stores the campaign's record,
// after checking that its open turn is still the one decided on.
func putCampaign(c *store.Campaign, turn int, audit ...store.AuditEntry) func(tx *store.Tx) error {
	return func(tx *store.Tx) error {
		cur, err := tx.Campaign(c.ID)
		if err != nil {
			return err
		}
		if cur.Turn != turn {
			return fmt.Errorf("campaign %s moved on to turn %d while a request for turn %d was handled", c.ID, cur.Turn, turn)
		}
		if err := tx.PutCampaign(c); err != nil {
			return err
		}
		for _, e := range audit {
			if err := WriteAudit(tx, c.ID, e); err != nil {
				return err
			}
		}
		return nil
	}
}

// editState returns an apply step that changes the open turn's state in
// place, such as a drop or a new address; change says what changed, for
// the turn's record (pbemd verify).
func editState(id campaign.ID, turn int, change string, edit func(st *campaign.State)) func(tx *store.Tx) error {
	return func(tx *store.Tx) error {
		rec, err := tx.Turn(id, turn)
		if err != nil {
			return err
		}
		edit(rec.State)
		rec.Changed = append(rec.Changed, change)
		return tx.PutTurn(id, rec)
	}
}

// Steps joins apply functions into one that runs them in order.
func Steps(fns ...func(tx *store.Tx) error) func(tx *store.Tx) error {
	return func(tx *store.Tx) error {
		for _, fn := range fns {
			if fn == nil {
				continue
			}
			if err := fn(tx); err != nil {
				return err
			}
		}
		return nil
	}
}

// WriteAudit adds an entry to a campaign's audit log with anything shaped
// like a token masked: details quote what players and the GM wrote, and
// the log is kept and shown for as long as the campaign.
func WriteAudit(tx *store.Tx, id campaign.ID, e store.AuditEntry) error {
	e.Detail = string(report.MaskTokens([]byte(e.Detail)))
	return tx.Audit(id, e)
}
