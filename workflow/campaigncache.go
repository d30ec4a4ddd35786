package workflow

import (
	"sync"

	"github.com/pbemd/pbemd/store"
)

// campaignCache keeps every campaign's record decoded, so that finding the
// seats of a mail's sender, or the campaigns the scheduler tends, does not
// decode each record for every mail: with a thousand campaigns that would
// be most of the work. The records stand while the store's
// CampaignsRevision does; any write of a record makes a new one. Cached
// records are shared and must never be changed: clone one to change it.
type campaignCache struct {
	mu    sync.Mutex
	rev   uint64
	camps []*store.Campaign // nil until loaded
}

// All returns every campaign's record, by ID, read-only, from the cache
// or from tx.
func (c *campaignCache) All(tx *store.Tx) ([]*store.Campaign, error) {
	rev := tx.CampaignsRevision()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.camps != nil && c.rev == rev {
		return c.camps, nil
	}
	camps, err := tx.Campaigns()
	if err != nil {
		return nil, err
	}
	if camps == nil {
		camps = []*store.Campaign{}
	}
	c.rev, c.camps = rev, camps
	return camps, nil
}
