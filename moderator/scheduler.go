package moderator

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/resolver"
	"github.com/pbemd/pbemd/store"
)

// idleCheck is how long the scheduler sleeps when no campaign has a
// deadline ahead.
const idleCheck = time.Hour

// runScheduler resolves every turn that falls due, then sleeps until the
// next deadline or until woken (new orders may make everyone final).
func (m *Moderator) runScheduler(ctx context.Context) error {
	for {
		next, err := m.ResolveDue(ctx)
		if err != nil {
			m.log.Error("resolve due turns", "err", err)
			next = m.clock.Now().Add(time.Minute)
		}
		wait := idleCheck
		if !next.IsZero() {
			wait = max(next.Sub(m.clock.Now()), 0)
		}
		t := m.clock.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C():
		case <-m.wakeScheduler:
			t.Stop()
		}
	}
}

// ResolveDue resolves every running campaign whose deadline has passed or
// whose players have all marked their orders final. It returns the
// earliest deadline still ahead (zero if none).
func (m *Moderator) ResolveDue(ctx context.Context) (time.Time, error) {
	var camps []*store.Campaign
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		camps, err = tx.Campaigns()
		return err
	})
	if err != nil {
		return time.Time{}, err
	}
	var next time.Time
	for _, c := range camps {
		if c.Status != store.Running {
			continue
		}
		due, err := m.due(c)
		if err != nil {
			return time.Time{}, err
		}
		if due {
			if err := m.Resolve(ctx, c.ID, c.Turn); err != nil {
				return time.Time{}, err
			}
			if c, err = m.campaign(c.ID); err != nil {
				return time.Time{}, err
			}
		}
		if next.IsZero() || c.Deadline.Before(next) {
			next = c.Deadline
		}
	}
	return next, nil
}

// due reports whether a campaign's open turn should resolve now: its
// deadline has passed, or every player has final orders on file.
func (m *Moderator) due(c *store.Campaign) (bool, error) {
	if !m.clock.Now().Before(c.Deadline) {
		return true, nil
	}
	var final int
	err := m.db.View(func(tx *store.Tx) error {
		recs, err := tx.TurnOrders(c.ID, c.Turn)
		for _, r := range recs {
			if r.Submission.Final {
				final++
			}
		}
		return err
	})
	return final == len(c.Players) && final > 0, err
}

func (m *Moderator) campaign(id campaign.ID) (*store.Campaign, error) {
	var c *store.Campaign
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		c, err = tx.Campaign(id)
		return err
	})
	return c, err
}

// Resolve resolves turn n of a campaign: it runs the resolver on the state
// and the orders on file, renders every player's report, and commits the
// next turn with all its mail in one transaction. Resolving a turn that is
// no longer open does nothing, so a retry after a crash is safe.
func (m *Moderator) Resolve(ctx context.Context, id campaign.ID, n int) error {
	m.turnMu.Lock()
	defer m.turnMu.Unlock()
	var (
		c    *store.Campaign
		rec  *store.TurnRecord
		subs = map[campaign.PlayerID]*orders.Submission{}
	)
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		if c, err = tx.Campaign(id); err != nil {
			return err
		}
		if c.Turn != n {
			return nil
		}
		if rec, err = tx.Turn(id, n); err != nil {
			return err
		}
		filed, err := tx.TurnOrders(id, n)
		for _, o := range filed {
			subs[o.Player] = o.Submission
		}
		return err
	})
	if err != nil || rec == nil {
		return err
	}
	res := resolver.Resolve(rec.State, subs)
	now := m.clock.Now().UTC()
	deadline, err := c.Schedule.Next(now)
	if err != nil {
		return fmt.Errorf("resolve %s turn %d: %w", id, n, err)
	}
	c.Turn, c.Deadline = res.Next.Turn, deadline
	if res.Next.Date().Year > res.Next.EndYear {
		c.Status = store.Ended
	}
	var mails []outgoing
	for i := range res.Views {
		o, err := m.reportMail(c, &res.Views[i], &res.Next.Players[i])
		if err != nil {
			return fmt.Errorf("resolve %s turn %d: %w", id, n, err)
		}
		mails = append(mails, o)
	}
	composed, err := compose(mails)
	if err != nil {
		return fmt.Errorf("resolve %s turn %d: %w", id, n, err)
	}
	events, err := json.Marshal(res.Events)
	if err != nil {
		return fmt.Errorf("resolve %s turn %d: %w", id, n, err)
	}
	err = m.db.Update(func(tx *store.Tx) error {
		cur, err := tx.Campaign(id)
		if err != nil || cur.Turn != n {
			return err
		}
		next := &store.TurnRecord{State: res.Next, Events: events, ResolverVersion: resolver.Version, ResolvedAt: now}
		if err := tx.PutTurn(id, next); err != nil {
			return err
		}
		if err := tx.PutCampaign(c); err != nil {
			return err
		}
		return enqueue(tx, composed)
	})
	if err != nil {
		return fmt.Errorf("commit %s turn %d: %w", id, n, err)
	}
	m.log.Info("turn resolved", "campaign", id, "turn", n, "events", len(res.Events), "reports", len(composed), "deadline", deadline)
	wake(m.wakeSender)
	return nil
}

// sleep waits on the moderator's clock.
func (m *Moderator) sleep(ctx context.Context, d time.Duration) error {
	return clock.Sleep(ctx, m.clock, d)
}
