package workflow

import (
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

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
