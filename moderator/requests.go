package moderator

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
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

// gmVerbs are the commands only the GM may give.
var gmVerbs = []string{"preview", "process", "deadline", "pause", "resume", "rollback", "replace", "drop", "broadcast"}

// gmCampaigns returns the campaigns an address is the GM of.
func (m *Moderator) gmCampaigns(addr string) ([]*store.Campaign, error) {
	var out []*store.Campaign
	err := m.db.View(func(tx *store.Tx) error {
		camps, err := tx.Campaigns()
		for _, c := range camps {
			if strings.EqualFold(c.GM.Email, addr) {
				out = append(out, c)
			}
		}
		return err
	})
	return out, err
}

// request is a mail asking for something other than filing orders, once
// its sender is known.
type request struct {
	in  *mail.Inbound
	rec *store.MessageRecord
	sub *orders.Submission
	c   *store.Campaign
	// seat is the player's seat; nil for the GM.
	seat   *store.Seat
	reject rejectFunc
}

// done fills the message record of a request carried out and returns the
// decision, with reply as the answer to the sender.
func (r *request) done(what string, reply outgoing, d decision) (decision, error) {
	r.rec.Outcome, r.rec.Campaign, r.rec.Detail = store.Accepted, string(r.c.ID), what
	if r.seat != nil {
		r.rec.Player = string(r.seat.Player)
	}
	d.mails = append([]outgoing{reply}, d.mails...)
	d.secret = r.sub.Token
	return d, nil
}

// refuse rejects a request with a reason and, for the GM's attention, a
// problem at a header key.
func (r *request) refuse(reason string) (decision, error) {
	return r.reject(r.c.ID, &report.Rejection{Reason: reason})
}

// handleRequest authenticates a request (an extension or a command) and
// carries it out. The GM gives commands with the GM token and no player:
// line; a player with their own token and player: line.
func (m *Moderator) handleRequest(in *mail.Inbound, rec *store.MessageRecord, seats []seat, gms []*store.Campaign, sub *orders.Submission, rejectOrders rejectFunc) (decision, error) {
	reject := func(c campaign.ID, r *report.Rejection) (decision, error) {
		r.Request = true
		return rejectOrders(c, r)
	}
	problem := func(key, msg, hint string) *report.Rejection {
		return &report.Rejection{Source: in.Text, SourceName: sourceName(in),
			Problems: orders.Problems{{Pos: sub.Pos[key], Msg: msg, Hint: hint}}}
	}
	r := &request{in: in, rec: rec, sub: sub, reject: reject}
	if sub.Player == "" {
		i := slices.IndexFunc(gms, func(c *store.Campaign) bool { return c.ID == sub.Campaign })
		if i < 0 {
			if sub.Command != nil && slices.Contains(gmVerbs, sub.Command.Verb) {
				return m.gmCommandFromPlayer(in, rec, seats, sub, reject)
			}
			if len(gms) == 0 {
				return reject(soleCampaign(seats), problem("campaign", "A request from a player needs a player: line.", "add player: <your player name>"))
			}
			return reject("", problem("campaign", fmt.Sprintf("You are not the GM of a campaign called %q.", sub.Campaign), "write campaign: "+gmList(gms)))
		}
		r.c = gms[i]
		rec.Campaign = string(r.c.ID)
		switch {
		case sub.Token == "" || !tokenMatches(sub.Token, r.c.GMTokenHash):
			return reject(r.c.ID, problem("token", "The GM token is missing or wrong, so nothing was done.", "copy the GM token from the mail that started the campaign"))
		case sub.Extension != nil:
			return reject(r.c.ID, problem("extension", "Extensions are for players; as GM, move the deadline instead.", "command: deadline 2026-12-01 20:00"))
		case sub.Battle != nil:
			return reject(r.c.ID, problem("battle", "Battle results come from the sides; a disputed battle comes to you as a mail to reply to.", "wait for the sides, or their dispute"))
		}
		return m.gmCommand(r)
	}
	s, refusal := authenticateSeat(seats, sub, func(key, rule, msg, hint string) *report.Rejection { return problem(key, msg, hint) })
	if s == nil {
		return reject(soleCampaign(seats), refusal)
	}
	r.c, r.seat = s.campaign, s.seat
	rec.Campaign, rec.Player = string(r.c.ID), string(r.seat.Player)
	if refusal != nil {
		return reject(r.c.ID, refusal)
	}
	if sub.Extension != nil {
		return m.requestExtension(r)
	}
	if sub.Battle != nil {
		return m.battleReport(r)
	}
	if slices.Contains(gmVerbs, sub.Command.Verb) {
		d, err := reject(r.c.ID, problem("command", fmt.Sprintf("Only the GM may give the command %q; nothing was done, and the GM has been told.", sub.Command.Verb),
			"players may send command: status, command: report, command: message or command: mail"))
		d.mails = append(d.mails, m.alertGM(r.c, in, fmt.Sprintf("%s (%s) sent the GM command %q with their player token. It was refused.", r.seat.Player, in.From, sub.Command.Verb)))
		return d, err
	}
	return m.playerCommand(r)
}

// gmCommandFromPlayer refuses a GM command with no player: line from an
// address that is not the campaign's GM, and tells the GM, saying whether
// the mail carried the player's own token: without it, the From line may
// be forged.
func (m *Moderator) gmCommandFromPlayer(in *mail.Inbound, rec *store.MessageRecord, seats []seat, sub *orders.Submission, reject rejectFunc) (decision, error) {
	c, err := m.campaignByID(sub.Campaign)
	if err != nil {
		return decision{}, err
	}
	r := &report.Rejection{Source: in.Text, SourceName: sourceName(in), Problems: orders.Problems{{Pos: sub.Pos["command"],
		Msg:  fmt.Sprintf("Only the GM may give the command %q; nothing was done, and the GM has been told.", sub.Command.Verb),
		Hint: "players may send command: status, command: report, command: message or command: mail, with a player: line"}}}
	if c == nil {
		return reject(soleCampaign(seats), r)
	}
	rec.Campaign = string(c.ID)
	d, err := reject(c.ID, r)
	who, how := in.From, "without a valid token, so its From line may be forged"
	for _, s := range seats {
		if s.campaign.ID == c.ID {
			who = fmt.Sprintf("%s (%s)", s.seat.Player, in.From)
			if sub.Token != "" && tokenMatches(sub.Token, s.seat.TokenHash) {
				how = "with their player token"
			}
		}
	}
	d.mails = append(d.mails, m.alertGM(c, in, fmt.Sprintf("%s sent the GM command %q %s. It was refused.", who, sub.Command.Verb, how)))
	return d, err
}

// misusedGMToken refuses a mail that carries a campaign's GM token from
// another address than the GM's, and tells the GM: the token has reached
// someone else. The sender is not told whose token it was.
func (m *Moderator) misusedGMToken(in *mail.Inbound, rec *store.MessageRecord, sub *orders.Submission, reject rejectFunc) (decision, bool, error) {
	if sub == nil || sub.Token == "" {
		return decision{}, false, nil
	}
	c, err := m.campaignByID(sub.Campaign)
	if err != nil || c == nil || strings.EqualFold(c.GM.Email, in.From) || !tokenMatches(sub.Token, c.GMTokenHash) {
		return decision{}, false, err
	}
	rec.Campaign = string(c.ID)
	d, err := reject(c.ID, &report.Rejection{Request: sub.Command != nil || sub.Extension != nil || sub.Battle != nil,
		Reason: "The token in this mail is not yours, so nothing was done, and the GM has been told. Use the token from your welcome mail."})
	d.mails = append(d.mails, m.alertGM(c, in, fmt.Sprintf("%s sent a mail carrying your GM token. It was refused: GM commands count only from your address. "+
		"But whoever sent it knows your GM token: with your address forged as the sender, it would work.", in.From)))
	return d, true, err
}

// campaignByID returns a campaign's record, or nil if there is none by
// that ID.
func (m *Moderator) campaignByID(id campaign.ID) (*store.Campaign, error) {
	var c *store.Campaign
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		c, err = tx.Campaign(id)
		if errors.Is(err, store.ErrCampaignNotFound) {
			c = nil
			return nil
		}
		return err
	})
	return c, err
}

func gmList(gms []*store.Campaign) string {
	ids := make([]string, len(gms))
	for i, c := range gms {
		ids[i] = string(c.ID)
	}
	return strings.Join(ids, " or ")
}

// alertGM tells a campaign's GM of an attempt that was refused.
func (m *Moderator) alertGM(c *store.Campaign, in *mail.Inbound, what string) outgoing {
	text := fmt.Sprintf("%s\n\nThe mail's Message-ID is <%s>. Nothing in %s changed.\nIf this was not you or a player's slip, someone may be trying to act as the GM.\n",
		what, in.MessageID, c.Title)
	return m.toGM(c, in.MessageID, "alert", "Refused: an attempt to act as the GM", text)
}

// answer is the reply to a request: threaded under it, to its sender.
func (m *Moderator) answer(r *request, subject, text string) outgoing {
	return outgoing{msg: m.reply(r.in, fmt.Sprintf("[%s] %s", r.c.ID, subject), text), campaign: string(r.c.ID), purpose: "answer"}
}

// derivedID names a mail sent because of an incoming one, to one address,
// so that handling the same mail twice gives the same Message-IDs.
func (m *Moderator) derivedID(incoming, purpose, to string) string {
	sum := sha256.Sum256([]byte(incoming + "\x00" + purpose + "\x00" + to))
	return fmt.Sprintf("%s-%s@%s", purpose, hex.EncodeToString(sum[:12]), m.domain)
}

// tellPlayers writes the same news to every active player but skip (who
// hears it otherwise), each with times in their own zone: text gets the
// player's seat.
func (m *Moderator) tellPlayers(c *store.Campaign, incoming, purpose string, skip campaign.PlayerID, subject string, text func(s *store.Seat) string) []outgoing {
	var out []outgoing
	for _, s := range c.ActiveSeats() {
		if s.Player == skip {
			continue
		}
		msg := m.newMail(s.Email, fmt.Sprintf("[%s] %s", c.ID, subject), text(s), m.derivedID(incoming, purpose, s.Email))
		msg.AutoSubmitted = "auto-generated"
		out = append(out, outgoing{msg: msg, campaign: string(c.ID), purpose: purpose})
	}
	return out
}

// toGM writes a mail to the GM, sent because of an incoming one.
func (m *Moderator) toGM(c *store.Campaign, incoming, purpose, subject, text string) outgoing {
	msg := m.newMail(c.GM.Email, fmt.Sprintf("[%s] %s", c.ID, subject), text, m.derivedID(incoming, purpose, c.GM.Email))
	msg.AutoSubmitted = "auto-generated"
	return outgoing{msg: msg, campaign: string(c.ID), purpose: purpose}
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
	return report.FormatDeadline(deadlineOf(c, s.Player), seatLocation(c, s))
}

// gmDeadline writes the open turn's deadline in the campaign's time zone.
func gmDeadline(c *store.Campaign) string {
	return report.FormatDeadline(c.Deadline(), playerLocation(c, nil))
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
			if err := writeAudit(tx, c.ID, e); err != nil {
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

// steps joins apply steps into one.
func steps(fns ...func(tx *store.Tx) error) func(tx *store.Tx) error {
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

// writeAudit adds an entry to a campaign's audit log with anything shaped
// like a token masked: details quote what players and the GM wrote, and
// the log is kept and shown for as long as the campaign.
func writeAudit(tx *store.Tx, id campaign.ID, e store.AuditEntry) error {
	e.Detail = string(report.MaskTokens([]byte(e.Detail)))
	return tx.Audit(id, e)
}
