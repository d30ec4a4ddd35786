package workflow

import (
	"sync"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/store"
)

// turnCache keeps the decoded state of each campaign's open turn, so that
// checking a mail of orders does not decode the whole state again: on a
// large campaign that is most of the work. An entry stands while the
// store's TurnRevision does; any write of a turn makes a new one. Cached
// records are shared and must never be changed.
type turnCache struct {
	mu      sync.Mutex
	entries map[campaign.ID]cachedTurn
}

type cachedTurn struct {
	turn int
	rev  uint64
	rec  *store.TurnRecord
	// check is the ruleset's Check prepared for rec's state
	// (game.Preparer), once a mail of orders needed it.
	check checkFunc
}

// checkFunc checks one submission against a state.
type checkFunc func(sub *orders.Submission) (game.Checked, error)

// Get returns the record of a campaign's turn, read-only, from the cache
// or from tx.
func (c *turnCache) Get(tx *store.Tx, id campaign.ID, turn int) (*store.TurnRecord, error) {
	rev, err := tx.TurnRevision(id)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	e, ok := c.entries[id]
	c.mu.Unlock()
	if ok && e.turn == turn && e.rev == rev {
		return e.rec, nil
	}
	rec, err := tx.Turn(id, turn)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[campaign.ID]cachedTurn{}
	}
	c.entries[id] = cachedTurn{turn: turn, rev: rev, rec: rec}
	return rec, nil
}

// checker returns rs's Check against the state of rec, a record get
// returned. For the record still cached for the campaign, and a ruleset
// that can prepare a state (game.Preparer), the state is prepared once
// and kept with it: indexing a large state for each mail of orders would
// cost more than checking the orders.
func (c *turnCache) checker(id campaign.ID, rec *store.TurnRecord, rs game.Ruleset) checkFunc {
	p, ok := rs.(game.Preparer)
	if !ok {
		return func(sub *orders.Submission) (game.Checked, error) { return rs.Check(rec.State, sub) }
	}
	c.mu.Lock()
	e, cached := c.entries[id]
	c.mu.Unlock()
	cached = cached && e.rec == rec
	if cached && e.check != nil {
		return e.check
	}
	check := checkFunc(p.Prepare(rec.State))
	if cached {
		c.mu.Lock()
		defer c.mu.Unlock()
		if e, ok := c.entries[id]; ok && e.rec == rec {
			e.check = check
			c.entries[id] = e
		}
	}
	return check
}

// Drop forgets a campaign's entry, as when its turn was resolved: the
// entry can no longer be used, and it may hold a large state.
func (c *turnCache) Drop(id campaign.ID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.entries, id)
}
