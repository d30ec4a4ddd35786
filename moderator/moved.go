package moderator

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// CampaignRemoved tells the daemon that campaign id left its data file
// (store DB.RemoveCampaign): it forgets what it kept of it.
func (m *Moderator) CampaignRemoved(id campaign.ID) {
	m.Turns.Drop(id)
	m.schedMu.Lock()
	delete(m.tended, id)
	m.schedMu.Unlock()
	wake(m.wakeScheduler)
}

// CampaignImported tells every player still in campaign id, just added to
// the data file from another pbemd (store DB.ImportCampaign), and its GM,
// that the campaign now runs at this daemon's address, and runs it: its
// clocks, and its mail that waited in the other daemon's outbox.
func (m *Moderator) CampaignImported(id campaign.ID) error {
	m.CampaignRemoved(id) // whatever was kept of a campaign of that ID before
	c, err := m.CampaignByID(id)
	if err != nil || c == nil {
		return fmt.Errorf("tell the players of %s it moved: %w", id, err)
	}
	composed, err := workflow.Compose(m.MovedMails(c, fmt.Sprintf("moved.%s.%d", id, m.clock.Now().Unix())))
	if err != nil {
		return err
	}
	if err := m.db.Update(func(tx *store.Tx) error { return workflow.Enqueue(tx, composed) }); err != nil {
		return fmt.Errorf("tell the players of %s it moved: %w", id, err)
	}
	wake(m.wakeSender)
	return nil
}
