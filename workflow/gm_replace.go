package workflow

import (
	"fmt"
	netmail "net/mail"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

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
