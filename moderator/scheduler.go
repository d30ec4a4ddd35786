package moderator

import (
	"context"
	"encoding/json"
	"errors"
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
		deadline, err := m.resolveIfDue(ctx, c.ID)
		if err != nil {
			return time.Time{}, err
		}
		if next.IsZero() || deadline.Before(next) {
			next = deadline
		}
	}
	return next, nil
}

// resolveIfDue resolves a campaign's open turn if it is due: its deadline
// has passed, or every player has final orders on file. It decides and
// resolves under turnMu, so no orders are filed in between. It returns the
// deadline of the turn open afterwards.
func (m *Moderator) resolveIfDue(ctx context.Context, id campaign.ID) (time.Time, error) {
	m.turnMu.Lock()
	defer m.turnMu.Unlock()
	var (
		c     *store.Campaign
		filed []*store.OrdersRecord
	)
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		if c, err = tx.Campaign(id); err != nil {
			return err
		}
		filed, err = tx.TurnOrders(id, c.Turn)
		return err
	})
	if err != nil {
		return time.Time{}, err
	}
	final := 0
	for _, o := range filed {
		if o.Submission.Final {
			final++
		}
	}
	everyoneFinal := final > 0 && final == len(c.Players)
	if c.Status != store.Running || (m.clock.Now().Before(c.Deadline) && !everyoneFinal) {
		return c.Deadline, nil
	}
	if err := m.resolve(ctx, c, filed); err != nil {
		return time.Time{}, err
	}
	return c.Deadline, nil
}

// ErrNotRunning is returned by Process for a campaign that is paused or
// has ended.
var ErrNotRunning = errors.New("campaign is not running")

// Process resolves a campaign's open turn now, whatever its deadline, with
// the orders on file: the GM's "process" command and "pbemd resolve".
func (m *Moderator) Process(ctx context.Context, id campaign.ID) error {
	m.turnMu.Lock()
	defer m.turnMu.Unlock()
	var (
		c     *store.Campaign
		filed []*store.OrdersRecord
	)
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		if c, err = tx.Campaign(id); err != nil {
			return err
		}
		filed, err = tx.TurnOrders(id, c.Turn)
		return err
	})
	if err != nil {
		return err
	}
	if c.Status != store.Running {
		return fmt.Errorf("process %s: %w (it is %s)", id, ErrNotRunning, c.Status)
	}
	return m.resolve(ctx, c, filed)
}

// resolve resolves the open turn of c with the orders on file: it runs the
// resolver, renders every player's report, and commits the next turn with
// all its mail in one transaction, updating c. The caller holds turnMu. A
// turn that is no longer open when the commit comes is left alone, so a
// retry after a crash is safe.
func (m *Moderator) resolve(ctx context.Context, c *store.Campaign, filed []*store.OrdersRecord) error {
	id, n := c.ID, c.Turn
	subs := map[campaign.PlayerID]*orders.Submission{}
	for _, o := range filed {
		subs[o.Player] = o.Submission
	}
	var rec *store.TurnRecord
	err := m.db.View(func(tx *store.Tx) (err error) {
		rec, err = tx.Turn(id, n)
		return err
	})
	if err != nil {
		return err
	}
	res := resolver.Resolve(rec.State, subs)
	now := m.clock.Now().UTC()
	deadline, err := c.Schedule.Next(now)
	if err != nil {
		return fmt.Errorf("resolve %s turn %d: %w", id, n, err)
	}
	c.Turn, c.Deadline = res.Next.Turn, deadline
	if res.Next.Over() {
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
		next := &store.TurnRecord{State: res.Next, Events: events, ResolverVersion: resolver.Version, ResolvedAt: now, Deadline: deadline}
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
