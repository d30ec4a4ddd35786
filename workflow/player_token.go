package workflow

import (
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// newSeatToken replaces a player's token, at their request from the
// seat's own address with the current token (proxies give no commands):
// the new token goes only to that address, so a forger who only writes
// the From line cannot change it, and the old one stops working at once.
func (m *Moderation) newSeatToken(r *request) (Decision, error) {
	token, err := NewToken(m.rand)
	if err != nil {
		return Decision{}, err
	}
	c := r.c.Clone()
	s := c.Seat(r.seat.Player)
	s.TokenHash = HashToken(token)
	now := m.clock.Now().UTC()
	audit := store.AuditEntry{At: now, Who: string(s.Player), Action: "new token"}
	answer := m.tokenAnswer(r, report.NewToken{Title: c.Title, Campaign: c.ID, Player: s.Player, Token: token, Page: m.pageOf(c, s)})
	return r.done("new token", answer, Decision{Apply: putCampaign(c, c.Turn, audit)})
}

// tokenAnswer is the answer that carries a new token: like a welcome, it
// is a mail whose token is not masked (compose).
func (m *Moderation) tokenAnswer(r *request, t report.Text) Outgoing {
	return Outgoing{Msg: m.replyText(r.In, r.c.ID, t), Campaign: string(r.c.ID), Purpose: "token"}
}
