package moderator

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// pendingDigest is a seat's held reports, oldest first, and when they go.
type pendingDigest struct {
	c    *store.Campaign
	seat *store.Seat
	held []*store.HeldReport
	due  time.Time
}

// sendDigests mails the reports held for the digests whose time has come,
// each seat's in one mail, and returns when the next digest falls due
// (zero if none waits). A digest that fails is logged and tried again in
// a minute; the others go.
func (m *Moderator) sendDigests() (time.Time, error) {
	pending, err := m.pendingDigests()
	if err != nil {
		return time.Time{}, err
	}
	var next time.Time
	now := m.clock.Now()
	for _, p := range pending {
		if p.c.Failed != "" {
			continue // held for the GM after a failure
		}
		if !p.due.After(now) {
			err := contain(p.c.ID, fmt.Sprintf("writing %s's digest of reports", p.seat.Player), func() error { return m.sendDigest(p) })
			if f := asFailure(err); f != nil {
				err = m.holdFailed(f)
			}
			if err == nil {
				continue
			}
			m.log.Error("send digest", "campaign", p.c.ID, "player", p.seat.Player, "err", err)
			p.due = now.Add(time.Minute)
		}
		if next.IsZero() || p.due.Before(next) {
			next = p.due
		}
	}
	return next, nil
}

// pendingDigests reads every seat's held reports and when they go.
func (m *Moderator) pendingDigests() ([]*pendingDigest, error) {
	var out []*pendingDigest
	err := m.db.View(func(tx *store.Tx) error {
		camps, err := m.Campaigns.All(tx)
		if err != nil {
			return err
		}
		for _, c := range camps {
			held, err := tx.HeldReports(c.ID)
			if err != nil {
				return err
			}
			bySeat := map[campaign.PlayerID]*pendingDigest{}
			for _, h := range held {
				p := bySeat[h.Player]
				if p == nil {
					s := c.Seat(h.Player)
					if s == nil {
						continue // a seat is never removed
					}
					p = &pendingDigest{c: c, seat: s}
					bySeat[h.Player] = p
					out = append(out, p)
				}
				p.held = append(p.held, h)
			}
		}
		for _, p := range out {
			on, err := tx.Orders(p.c.ID, p.c.Turn, p.seat.Player)
			if err != nil {
				return err
			}
			p.due = digestDue(p.c, p.seat, p.held[0].Held, on != nil && on.Submission.Final)
		}
		return nil
	})
	return out, err
}

// digestDue returns when a seat's held reports go, the oldest held at
// first: at the seat's first digest time after it, or at once (first)
// when the seat no longer takes a digest, or when it is the player's
// turn. It is their turn when they still owe orders for the open turn
// (they are due, the campaign runs, they have no final orders on file)
// and the digest would reach them less than digestLead before their
// deadline.
func digestDue(c *store.Campaign, s *store.Seat, first time.Time, final bool) time.Time {
	if s.Mail.Digest == "" {
		return first
	}
	due := s.Mail.NextDigest(first, workflow.SeatLocation(c, s))
	owes := c.Status == store.Running && s.Due() && !final
	if owes && s.Deadline.Before(due.Add(workflow.DigestLead)) {
		return first
	}
	return due
}

// sendDigest mails a seat's held reports and forgets them, in one
// transaction: one report as the report mail it would have been, several
// as a digest.
func (m *Moderator) sendDigest(p *pendingDigest) error {
	rs, err := m.Ruleset(p.c)
	if err != nil {
		return err
	}
	items := make([]game.DigestItem, len(p.held))
	for i, h := range p.held {
		var kept workflow.HeldReport[json.RawMessage]
		if err := json.Unmarshal(h.Report, &kept); err != nil {
			return fmt.Errorf("read the turn %d report held for %s in %s: %w", h.Turn, h.Player, p.c.ID, err)
		}
		v, err := rs.DecodeView(kept.View)
		if err != nil {
			return fmt.Errorf("read the turn %d report held for %s in %s: %w", h.Turn, h.Player, p.c.ID, err)
		}
		items[i] = game.DigestItem{View: v, Deadline: kept.Deadline, Clocks: kept.Clocks}
	}
	var out workflow.Outgoing
	if len(items) == 1 {
		out, err = m.ReportMailDue(p.c, items[0].View, p.seat, items[0].Deadline, items[0].Clocks)
	} else {
		out, err = m.DigestMail(rs, p.c, p.seat, items, p.held[0].Seq)
	}
	if err != nil {
		return err
	}
	composed, err := workflow.Compose([]workflow.Outgoing{out})
	if err != nil {
		return err
	}
	err = m.db.Update(func(tx *store.Tx) error {
		if err := tx.ReleaseReports(p.c.ID, p.held); err != nil {
			return err
		}
		return workflow.Enqueue(tx, composed)
	})
	if err != nil {
		return fmt.Errorf("send the digest of %s in %s: %w", p.seat.Player, p.c.ID, err)
	}
	m.log.Info("digest sent", "campaign", p.c.ID, "player", p.seat.Player, "reports", len(items))
	wake(m.wakeSender)
	return nil
}

// SendAlertSummaries sends the summaries of held-back alerts whose hour is
// over, and returns when the next falls due (zero if none). It reads the
// campaigns' counts only when one is due, or on its first call. It holds
// turnMu: intake counts alerts under it.
func (m *Moderator) SendAlertSummaries() (time.Time, error) {
	now := m.clock.Now()
	m.alerts.mu.Lock()
	known, due := m.alerts.known, m.alerts.due
	m.alerts.mu.Unlock()
	if known && (due.IsZero() || now.Before(due)) {
		return due, nil
	}
	m.turnMu.Lock()
	defer m.turnMu.Unlock()
	var (
		mails []workflow.Outgoing
		reset []func(tx *store.Tx) error
		next  time.Time
	)
	err := m.db.View(func(tx *store.Tx) error {
		camps, err := m.Campaigns.All(tx)
		if err != nil {
			return err
		}
		for _, c := range camps {
			all, err := tx.AllAlerts(c.ID)
			if err != nil {
				return err
			}
			for _, class := range []string{workflow.AlertsProven, workflow.AlertsUnproven} {
				a := all[class]
				if a == nil || a.Held == 0 {
					continue
				}
				if due := a.SummaryDue(); now.Before(due) {
					next = workflow.Earliest(next, due)
					continue
				}
				mails = append(mails, m.AlertSummary(c, class, a, fmt.Sprintf("alerts.%s", c.ID)))
				cleared := *a
				cleared.Held, cleared.First = 0, time.Time{}
				reset = append(reset, workflow.PutAlerts(c.ID, class, &cleared))
			}
		}
		return nil
	})
	if err != nil {
		return time.Time{}, err
	}
	if len(mails) > 0 {
		composed, err := workflow.Compose(mails)
		if err != nil {
			return time.Time{}, err
		}
		if err := m.db.Update(func(tx *store.Tx) error { return workflow.Steps(append(reset, workflow.EnqueueStep(composed))...)(tx) }); err != nil {
			return time.Time{}, err
		}
		wake(m.wakeSender)
	}
	m.alerts.mu.Lock()
	m.alerts.known, m.alerts.due = true, next
	m.alerts.mu.Unlock()
	return next, nil
}

// alertClock keeps, in memory, when the next summary of held-back alerts
// is due, so that the scheduler reads the campaigns' counts only then.
type alertClock struct {
	mu sync.Mutex
	// known is false until the counts were read once: a restarted daemon
	// does not know what an earlier one held back.
	known bool
	due   time.Time // zero: none
}

// note records that a summary falls due at t, and reports whether that
// is sooner than anything the scheduler knew of.
func (a *alertClock) note(t time.Time) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	sooner := a.known && (a.due.IsZero() || t.Before(a.due))
	if sooner {
		a.due = t
	}
	return sooner
}
