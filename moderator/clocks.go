package moderator

import (
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// battleClocks settles the battles whose clocks ran out: a side that sent
// nothing by the contact deadline withdraws; past the resolve deadline
// the campaign's timeout rule decides: pbemd fights it, or the GM
// decides, or, where the campaign decides by vote, the players who did
// not fight it vote on its result (appeal). It returns when the next
// clock runs out. clocks holds the open turn's battles and polls (store
// Tx.TurnClocks), read-only.
func (m *Moderator) battleClocks(c *store.Campaign, clocks *campaign.State) (time.Time, error) {
	var cases []*store.BattleCase
	if err := m.db.View(func(tx *store.Tx) (err error) { cases, err = tx.Battles(c.ID); return err }); err != nil {
		return time.Time{}, err
	}
	ownClock, err := m.TimesOwnBattles(c, cases)
	if err != nil {
		return time.Time{}, err
	}
	now := m.clock.Now()
	var next time.Time
	for _, b := range cases {
		// A battle no longer pending in the open turn's state, as after
		// a rollback past the turn that found it, has no clock.
		if !workflow.PendingBattle(b, clocks) {
			continue
		}
		wait, err := m.battleClock(c, *b, clocks, ownClock, now)
		if err != nil {
			return time.Time{}, err
		}
		for _, t := range wait {
			if t.After(now) && (next.IsZero() || t.Before(next)) {
				next = t
			}
		}
	}
	return next, nil
}

// battleClock settles battle bc of the open turn's state st if one of its
// clocks ran out by now, and returns when its clocks next run out.
func (m *Moderator) battleClock(c *store.Campaign, bc store.BattleCase, st *campaign.State, ownClock bool, now time.Time) ([]time.Time, error) {
	base := fmt.Sprintf("clock.%s.%s.%d", c.ID, bc.ID, now.Unix())
	mails, apply, wait, err := m.BattleTimeout(c, &bc, st, ownClock, now, base)
	if err != nil || apply == nil {
		return wait, err
	}
	if err := m.commitMails(mails, apply); err != nil {
		return nil, err
	}
	m.log.Info("battle clock ran out", "campaign", c.ID, "battle", bc.ID, "status", bc.Status)
	wake(m.wakeSender)
	return append(wait, bc.ResolveBy), nil
}

// commitMails composes mails, then applies a change and queues them in one
// transaction.
func (m *Moderator) commitMails(mails []workflow.Outgoing, apply func(tx *store.Tx) error) error {
	composed, err := workflow.Compose(mails)
	if err != nil {
		return err
	}
	return m.db.Update(func(tx *store.Tx) error {
		if err := apply(tx); err != nil {
			return err
		}
		return workflow.Enqueue(tx, composed)
	})
}

// pollClocks closes the polls of a campaign's open turn whose time ran
// out, each with its Default unless an option has the votes it needs,
// and those whose outcome became certain without a vote, as when a voter
// left the campaign: it returns when the next poll closes, and whether it
// closed any. clocks holds the open turn's polls (store Tx.TurnClocks),
// read-only.
func (m *Moderator) pollClocks(c *store.Campaign, clocks *campaign.State) (next time.Time, closed bool, err error) {
	now := m.clock.Now()
	for _, p := range clocks.Polls {
		outcome, certain := workflow.PollOutcome(c, p)
		due := !now.Before(p.Closes)
		if !certain && !due {
			next = workflow.Earliest(next, p.Closes)
			continue
		}
		if !certain {
			outcome = p.Default
		}
		// Each poll closes on the campaign as the one before left it.
		cur, err := m.CampaignByID(c.ID)
		if err != nil {
			return time.Time{}, closed, err
		}
		base := fmt.Sprintf("poll.%s.%s.%d", c.ID, p.ID, now.Unix())
		mails, apply, err := m.ClosePoll(cur, p, outcome, !certain, base)
		if err != nil {
			mails, apply, err = m.PollFailed(cur, p, outcome, base, err)
		}
		if err != nil {
			return time.Time{}, closed, err
		}
		if err := m.commitMails(mails, apply); err != nil {
			return time.Time{}, closed, err
		}
		closed = true
		wake(m.wakeSender)
	}
	return next, closed, nil
}
