package workflow

import (
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/store"
)

// OpenTurn is a campaign with the orders on file for its open turn.
type OpenTurn struct {
	Campaign *store.Campaign
	filed    []*store.OrdersRecord
	// state, if set, is the open turn's state in place of the stored
	// one: a change not yet committed that resolves the turn with it.
	state *campaign.State
}

// LoadOpenTurn reads a campaign and its orders on file.
func (m *Moderation) LoadOpenTurn(id campaign.ID) (*OpenTurn, error) {
	var o OpenTurn
	err := m.db.View(func(tx *store.Tx) error { return o.Read(tx, id) })
	return &o, err
}

// Read reads a campaign and its orders on file in tx.
func (o *OpenTurn) Read(tx *store.Tx, id campaign.ID) error {
	var err error
	if o.Campaign, err = tx.Campaign(id); err != nil {
		return err
	}
	o.filed, err = tx.TurnOrders(id, o.Campaign.Turn)
	return err
}

// prepareOpenTurn resolves a campaign's open turn with the orders on file,
// without writing anything.
func (m *Moderation) prepareOpenTurn(id campaign.ID) (*Resolution, error) {
	o, err := m.LoadOpenTurn(id)
	if err != nil {
		return nil, err
	}
	return m.PrepareResolution(o)
}

// AllFinal reports whether every player who owes orders has final orders
// on file.
func (o *OpenTurn) AllFinal() bool {
	due := o.Campaign.DueSeats()
	final := 0
	for _, s := range due {
		if r := o.Orders(s.Player); r != nil && r.Submission.Final {
			final++
		}
	}
	return len(due) > 0 && final == len(due)
}

// Deserted reports whether every player who owed orders for the open
// turn has left the campaign since it opened (resigned, or dropped by the
// GM): nobody is left to wait for. A seat that left keeps the deadline it
// had; the seats of players out before the turn opened have none.
func (o *OpenTurn) Deserted() bool {
	left := slices.ContainsFunc(o.Campaign.Players, func(s store.Seat) bool { return !s.Active() && !s.Deadline.IsZero() })
	return left && len(o.Campaign.DueSeats()) == 0
}

// Orders returns a player's Orders on file, or nil.
func (o *OpenTurn) Orders(p campaign.PlayerID) *store.OrdersRecord { return filedBy(o.filed, p) }

// ResolvesEarly reports whether a campaign's turn resolves as soon as
// every player due is final: where the campaign says so, and always
// under a sequential ruleset, whose player learns the outcome of a turn
// within moments of ending it.
func (m *Moderation) ResolvesEarly(c *store.Campaign) bool {
	if c.Moderation.EarlyResolution {
		return true
	}
	rs, err := m.Ruleset(c)
	_, sequential := rs.(game.Sequential)
	return err == nil && sequential
}

// endWith adds to d the resolution of the open turn of c with state st,
// in which the campaign ended: nobody owes orders for it any more, so it
// resolves at once, and everyone gets the final report.
func (m *Moderation) endWith(c *store.Campaign, st *campaign.State, d Decision) (Decision, error) {
	o := &OpenTurn{Campaign: c.Clone(), state: st}
	o.Campaign.Open(c.Turn, nil)
	if err := m.db.View(func(tx *store.Tx) (err error) { o.filed, err = tx.TurnOrders(c.ID, c.Turn); return err }); err != nil {
		return d, err
	}
	res, err := m.PrepareResolution(o)
	if err != nil {
		return d, err
	}
	d.Mails = append(append(d.Mails, res.Notices...), res.Reports...)
	d.Apply, d.Resolved = Steps(d.Apply, res.Commit), res
	return d, nil
}
