package workflow

import (
	"crypto/subtle"
	"fmt"
	"strings"
	"time"

	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// leakedSeat returns the seat of the campaign a submission names whose
// token it carries, when it comes from an address that is neither the
// seat's own nor one of its proxies: the token has reached someone else.
// nil if it carries no such token.
func (m *Moderation) leakedSeat(in *mail.Inbound, sub *orders.Submission) (*store.Campaign, *store.Seat, error) {
	if sub == nil || sub.Token == "" {
		return nil, nil, nil
	}
	c, err := m.cachedCampaign(sub.Campaign)
	if err != nil || c == nil {
		return nil, nil, err
	}
	hash := HashToken(sub.Token)
	for i := range c.Players {
		s := &c.Players[i]
		if subtle.ConstantTimeCompare(hash, s.TokenHash) == 1 {
			if strings.EqualFold(s.Email, in.From) || s.ProxiedBy(in.From) {
				return nil, nil, nil
			}
			c = c.Clone()
			return c, c.Seat(s.Player), nil
		}
	}
	return nil, nil, nil
}

// tokenLeaked handles a mail that carries seat s's token from another
// address (leakedSeat): nothing it asks is done; the player, at the
// seat's own address, and the GM are told that the token was used from
// elsewhere, and how to get a new one, at most once a day (as forged
// mail is, forgedNoticeEvery); the rest are counted. A sender who plays or
// runs a campaign here is told the token is not theirs; a stranger, whose
// mail has no Reject, is not answered.
func (m *Moderation) tokenLeaked(ml *Mail, c *store.Campaign, s *store.Seat) (Decision, error) {
	in, rec, known := ml.In, ml.Rec, ml.Reject != nil
	var d Decision
	if known {
		var err error
		if d, err = ml.Reject(c.ID, &report.Rejection{Reason: report.Say(report.NotYourToken{})}); err != nil {
			return d, err
		}
	} else {
		rec.Outcome, rec.Detail = store.Ignored, "another seat's token, from a stranger"
	}
	rec.Campaign = string(c.ID)
	key := "leaked/" + string(s.Player)
	var f *store.Forgery
	if err := m.db.View(func(tx *store.Tx) (err error) { f, err = tx.Forgery(c.ID, key); return err }); err != nil {
		return d, err
	}
	now := m.clock.Now().UTC()
	told, next, notice := tally(*f, now)
	if notice {
		d.Mails = append(d.Mails, m.leakNotices(in, c, s, told, known)...)
	}
	detail := fmt.Sprintf("mail <%s> from %s carried %s's token; nothing done", in.MessageID, in.From, s.Player)
	d.Apply = Steps(d.Apply, func(tx *store.Tx) error {
		if err := tx.PutForgery(c.ID, key, &next); err != nil {
			return err
		}
		if told.Count > forgedAuditsPerNotice {
			return nil
		}
		return WriteAudit(tx, c.ID, store.AuditEntry{At: now, Who: "pbemd", Action: "token used elsewhere", Detail: detail})
	})
	return d, nil
}

// leakNotices tells seat s's player, at the seat's own address, and the
// GM that the seat's token was used from in's address.
func (m *Moderation) leakNotices(in *mail.Inbound, c *store.Campaign, s *store.Seat, told store.Forgery, answered bool) []Outgoing {
	notice := func(to string, loc *time.Location, toGM bool) Outgoing {
		t := report.TokenUsed{Title: c.Title, Campaign: c.ID, Player: s.Player, From: in.From, ToGM: toGM, Answered: answered, Count: told.Count,
			First: report.FormatDeadline(told.First, loc), Latest: report.FormatDeadline(told.Last, loc)}
		msg := m.MailText(c.ID, to, t, m.derivedID(in.MessageID+"\x00leak", fmt.Sprint(toGM), to))
		msg.AutoSubmitted = "auto-generated"
		return Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "token-used"}
	}
	return []Outgoing{notice(s.Email, SeatLocation(c, s), false), notice(c.GM.Email, CampaignLocation(c), true)}
}
