package workflow

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// Play is what the resolution of a turn plays, built from the stored
// records alone: the daemon builds it to resolve the open turn, and
// pbemd verify builds it again, as it was, to resolve a past turn anew.
type Play struct {
	// c is a copy of the campaign with the seats' forfeits counted and
	// the players dropped for them out, and Rerun cleared.
	c    *store.Campaign
	Turn game.Turn
	// dropped are the seats of c dropped for forfeits this turn; Out
	// says why.
	dropped []*store.Seat
	// rerun says the turn is played again after a rollback.
	rerun bool
}

// LoadPlay builds the resolution of turn c.Turn from its record rec and
// the orders filed for it: the state, with the players who reach the
// campaign's forfeit limit dropped; the orders of the players
// who owe them; the events of the battles settled while the turn was
// open, unless the reports that opened it told them; and, if the GM rolled back to it, a notice that its reports
// replace the earlier ones. dropRule cites the ruleset's rule on dropping
// a player for forfeits, "" for none. It reads the earlier turns' orders
// in tx to count forfeits, and changes neither c nor rec.
func LoadPlay(tx *store.Tx, dropRule string, c *store.Campaign, rec *store.TurnRecord, filed []*store.OrdersRecord) (*Play, error) {
	p := &Play{c: c.Clone()}
	id, n := c.ID, c.Turn
	st := rec.State
	subs := map[campaign.PlayerID]*orders.Submission{}
	for _, s := range p.c.DueSeats() {
		if r := filedBy(filed, s.Player); r != nil {
			subs[s.Player] = r.Submission
			s.Forfeits = 0
			continue
		}
		before, err := forfeitsBefore(tx, id, s, n)
		if err != nil {
			return nil, err
		}
		s.Forfeits = before + 1
		if limit := c.Moderation.DropAfter; limit > 0 && s.Forfeits >= limit {
			why := report.Say(report.DroppedForForfeits{Turns: s.Forfeits, Rule: dropRule})
			if st == rec.State {
				st = st.Clone()
			}
			st.Drop(s.Player, why)
			s.Leave(why, c.Turn)
			p.dropped = append(p.dropped, s)
		}
	}
	p.Turn = game.Turn{State: st, Orders: subs}
	if !rec.SettledTold {
		var err error
		if p.Turn.Carried, err = settledEvents(rec); err != nil {
			return nil, fmt.Errorf("resolve %s turn %d: %w", id, n, err)
		}
	}
	if c.Rerun == n {
		p.Turn.Notices = append(p.Turn.Notices, report.Say(report.RerunNotice{Turn: n}))
		p.c.Rerun, p.rerun = 0, true
	}
	return p, nil
}

// filedBy returns a player's orders among those filed, or nil.
func filedBy(filed []*store.OrdersRecord, p campaign.PlayerID) *store.OrdersRecord {
	for _, r := range filed {
		if r.Player == p {
			return r
		}
	}
	return nil
}

// forfeitsBefore counts the turns in a row before turn n that a seat's
// player owed orders for and sent none, since they took the seat; turns
// that were not theirs do not break the row. It reads the orders on file
// rather than keeping a count, so a rollback needs no repair.
func forfeitsBefore(tx *store.Tx, id campaign.ID, s *store.Seat, n int) (int, error) {
	count := 0
	for turn := n - 1; turn >= max(1, s.Since); turn-- {
		on, err := tx.Orders(id, turn, s.Player)
		if err != nil || on != nil {
			return count, err
		}
		waiting, err := tx.Waiting(id, turn)
		if err != nil {
			return count, err
		}
		if !slices.Contains(waiting, s.Player) {
			count++
		}
	}
	return count, nil
}
