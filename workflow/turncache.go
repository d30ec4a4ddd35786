package workflow

import (
	"container/list"
	"sync"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/store"
)

// DefaultTurnCache is how many campaigns' open turns the turn cache keeps
// decoded when Config.TurnCache is 0.
const DefaultTurnCache = 256

// turnCache keeps the decoded state of the open turns of the campaigns
// that had mail last, so that checking a mail of orders does not decode
// the whole state again: on a large campaign that is most of the work. It
// keeps at most size campaigns' turns, and forgets the one read least
// recently to make room, so the memory it takes follows the campaigns
// that get mail, not the campaigns in the data file. An entry stands
// while the store's TurnRevision does; any write of a turn makes a new
// one. Cached records are shared and must never be changed.
type turnCache struct {
	mu   sync.Mutex
	size int
	// entries finds each cached campaign's element of order, which lists
	// them most recently read first; each element holds a *cachedTurn.
	entries map[campaign.ID]*list.Element
	order   list.List
	// read hears whether each Get found the turn cached; nil hears
	// nothing.
	read func(hit bool)
}

type cachedTurn struct {
	id   campaign.ID
	turn int
	rev  uint64
	rec  *store.TurnRecord
	// check is the ruleset's Check prepared for rec's state
	// (game.Preparer), once a mail of orders needed it.
	check checkFunc
}

// newTurnCache returns a cache of at most size turns; read, if not nil,
// hears whether each Get found its turn cached.
func newTurnCache(size int, read func(hit bool)) *turnCache {
	return &turnCache{size: max(1, size), entries: map[campaign.ID]*list.Element{}, read: read}
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
	if rec := c.lookup(id, turn, rev); rec != nil {
		c.heard(true)
		return rec, nil
	}
	c.heard(false)
	rec, err := tx.Turn(id, turn)
	if err != nil {
		return nil, err
	}
	c.put(&cachedTurn{id: id, turn: turn, rev: rev, rec: rec})
	return rec, nil
}

// lookup returns the cached record of turn of campaign id at revision
// rev, and marks it read most recently; nil if it is not cached.
func (c *turnCache) lookup(id campaign.ID, turn int, rev uint64) *store.TurnRecord {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[id]
	if !ok {
		return nil
	}
	e := el.Value.(*cachedTurn)
	if e.turn != turn || e.rev != rev {
		return nil
	}
	c.order.MoveToFront(el)
	return e.rec
}

// put caches e in place of whatever its campaign had cached, and forgets
// the turns read least recently beyond the cache's size.
func (c *turnCache) put(e *cachedTurn) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[e.id]; ok {
		el.Value = e
		c.order.MoveToFront(el)
		return
	}
	c.entries[e.id] = c.order.PushFront(e)
	for c.order.Len() > c.size {
		last := c.order.Back()
		delete(c.entries, last.Value.(*cachedTurn).id)
		c.order.Remove(last)
	}
}

func (c *turnCache) heard(hit bool) {
	if c.read != nil {
		c.read(hit)
	}
}

// checker returns rs's Check against the state of rec, a record Get
// returned. For the record still cached for the campaign, and a ruleset
// that can prepare a state (game.Preparer), the state is prepared once
// and kept with it: indexing a large state for each mail of orders would
// cost more than checking the orders.
func (c *turnCache) checker(id campaign.ID, rec *store.TurnRecord, rs game.Ruleset) checkFunc {
	p, ok := rs.(game.Preparer)
	if !ok {
		return func(sub *orders.Submission) (game.Checked, error) { return rs.Check(rec.State, sub) }
	}
	if check := c.prepared(id, rec); check != nil {
		return check
	}
	check := checkFunc(p.Prepare(rec.State))
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[id]; ok && el.Value.(*cachedTurn).rec == rec {
		el.Value.(*cachedTurn).check = check
	}
	return check
}

// prepared returns the prepared check cached with rec, or nil.
func (c *turnCache) prepared(id campaign.ID, rec *store.TurnRecord) checkFunc {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[id]; ok && el.Value.(*cachedTurn).rec == rec {
		return el.Value.(*cachedTurn).check
	}
	return nil
}

// Drop forgets a campaign's entry, as when its turn was resolved: the
// entry can no longer be used, and it may hold a large state.
func (c *turnCache) Drop(id campaign.ID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[id]; ok {
		delete(c.entries, id)
		c.order.Remove(el)
	}
}

// Len returns how many turns the cache holds.
func (c *turnCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
