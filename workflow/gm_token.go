package workflow

import (
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// newGMToken replaces the GM's token, at the GM's request with the
// current one, as newSeatToken does a player's.
func (m *Moderation) newGMToken(r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error) {
	token, err := NewToken(m.rand)
	if err != nil {
		return Decision{}, err
	}
	c.GMTokenHash = HashToken(token)
	audit.Action, audit.Detail = "new GM token", ""
	answer := m.tokenAnswer(r, report.NewToken{Title: c.Title, Campaign: c.ID, Token: token})
	return r.done("new token", answer, Decision{Apply: putCampaign(c, c.Turn, audit)})
}
