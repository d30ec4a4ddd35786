package workflow

import (
	"fmt"
	netmail "net/mail"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmReplace gives a seat to a new address with a new token (command:
// replace PLAYER ADDRESS), and sends the new player the welcome and the
// latest report, and the old one a farewell.
func (m *Moderation) gmReplace(r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error) {
	s, email, bad := replacement(c, r.Sub.Command.Args)
	if bad != nil {
		return r.refuse(bad)
	}
	token, err := NewToken(m.rand)
	if err != nil {
		return Decision{}, err
	}
	old := s.Email
	// The new player names their own proxies.
	s.Email, s.TokenHash, s.Forfeits, s.Since, s.Mail, s.Proxies = email, HashToken(token), 0, c.Turn, campaign.MailPrefs{}, nil
	mails, err := m.newcomerMails(r, c, s, token)
	if err != nil {
		return Decision{}, err
	}
	bye := m.MailText(c.ID, old, report.Farewell{Title: c.Title, Player: s.Player}, m.derivedID(r.In.MessageID, "farewell", old))
	bye.AutoSubmitted = "auto-generated"
	mails = append(mails, Outgoing{Msg: bye, Campaign: string(c.ID), Purpose: "farewell"})
	audit.Detail = fmt.Sprintf("%s: %s -> %s", s.Player, old, email)
	// The seat is the player's contact: the state keeps only where the
	// scenario seated the first player.
	return r.done("replace", m.answer(r, report.ReplaceAnswer{Player: s.Player, Email: email}), Decision{Mails: mails, Apply: putCampaign(c, c.Turn, audit)})
}

// replacement reads "PLAYER ADDRESS": the seat of c to give away and the
// address, in lower case, of its new player, who holds no other seat. It
// returns why not, if it cannot.
func replacement(c *store.Campaign, args string) (*store.Seat, string, report.Text) {
	fields := strings.Fields(args)
	if len(fields) != 2 {
		return nil, "", report.ReplaceUsage{}
	}
	s, missing := seatArg(c, fields[0])
	if missing != nil {
		return nil, "", missing
	}
	addr, err := netmail.ParseAddress(fields[1])
	if err != nil {
		return nil, "", report.BadAddress{Given: fields[1]}
	}
	email := strings.ToLower(addr.Address)
	switch {
	case !s.Active():
		return nil, "", report.SeatGone{Player: s.Player, Out: s.Out}
	case strings.EqualFold(email, s.Email):
		return nil, "", report.SameAddress{Player: s.Player, Email: email}
	}
	for _, o := range c.Players {
		if strings.EqualFold(o.Email, email) {
			return nil, "", report.AddressTaken{Email: email, Player: o.Player}
		}
	}
	return s, email, nil
}

// newcomerMails welcome the new player of seat s, which holds their
// address and their token's hash, with token and the open turn's report.
func (m *Moderation) newcomerMails(r *request, c *store.Campaign, s *store.Seat, token string) ([]Outgoing, error) {
	var rec *store.TurnRecord
	if err := m.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn(c.ID, c.Turn); return err }); err != nil {
		return nil, err
	}
	rs, err := m.Ruleset(c)
	if err != nil {
		return nil, err
	}
	p := rec.State.Player(s.Player)
	subject, text := report.RenderWelcome(m.WelcomeOf(c, rs, rec.State, s, p.Name, token))
	welcome := m.NewMail(s.Email, subject, text, m.derivedID(r.In.MessageID, "welcome", s.Email))
	past, err := ReportOf(m.db, m.rules, c.ID, p.ID, c.Turn)
	if err != nil {
		return nil, err
	}
	clocks, err := m.openClocks(c, rec.State)
	if err != nil {
		return nil, err
	}
	latest, err := m.ReportMail(c, past.View, s, clocks)
	if err != nil {
		return nil, err
	}
	latest.Msg.MessageID = m.derivedID(r.In.MessageID, "report", s.Email)
	return []Outgoing{{Msg: welcome, Campaign: string(c.ID), Purpose: "welcome"}, latest}, nil
}
