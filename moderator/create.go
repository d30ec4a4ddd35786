package moderator

import (
	"context"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// CreateCampaign starts a campaign from a scenario: it stores turn 1, sets
// the first deadline, and queues for every player a welcome mail with their
// token and their first report (workflow.Create). It returns the seats so
// that a caller that plays seats itself (the demo) knows the tokens.
func (m *Moderator) CreateCampaign(ctx context.Context, sc *config.Scenario) ([]workflow.Seat, error) {
	cr, err := m.Create(sc)
	if err != nil {
		return nil, err
	}
	composed, err := workflow.Compose(cr.Mails)
	if err != nil {
		return nil, err
	}
	if err := m.db.Update(func(tx *store.Tx) error { return cr.Commit(tx, composed) }); err != nil {
		return nil, err
	}
	m.log.Info("campaign created", "campaign", cr.Campaign.ID, "players", len(cr.Seats), "deadline", cr.Campaign.Deadline())
	wake(m.wakeSender)
	wake(m.wakeScheduler)
	return cr.Seats, nil
}
