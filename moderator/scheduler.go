package moderator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// minInboxWait is how long after a deadline the scheduler waits at least
// for intake to read the inbox before it holds the turn for the GM, even
// where outage_grace is shorter.
const minInboxWait = 10 * time.Minute

// idleCheck is how long the scheduler sleeps when no campaign has a
// deadline ahead.
const idleCheck = time.Hour

// runScheduler resolves every turn that falls due and sends reminders,
// then sleeps until the next deadline or reminder, or until woken (new
// orders may make everyone final; the GM may move a deadline).
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

// ResolveDue tends every running campaign: it resolves the open turn if
// its deadline has passed or its players are all final, and sends the
// reminders and the digests that fell due. It returns when it next has
// something to do (zero if never).
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
		when, err := m.tend(ctx, c.ID)
		if err != nil {
			return time.Time{}, err
		}
		if !when.IsZero() && (next.IsZero() || when.Before(next)) {
			next = when
		}
	}
	when, err := m.sendDigests()
	if err != nil {
		return time.Time{}, err
	}
	if !when.IsZero() && (next.IsZero() || when.Before(next)) {
		next = when
	}
	return next, nil
}

// openTurn is a campaign with the orders on file for its open turn.
type openTurn struct {
	c     *store.Campaign
	filed []*store.OrdersRecord
}

// loadOpenTurn reads a campaign and its orders on file.
func (m *Moderator) loadOpenTurn(id campaign.ID) (*openTurn, error) {
	var o openTurn
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		if o.c, err = tx.Campaign(id); err != nil {
			return err
		}
		o.filed, err = tx.TurnOrders(id, o.c.Turn)
		return err
	})
	return &o, err
}

// prepareOpenTurn resolves a campaign's open turn with the orders on file,
// without writing anything.
func (m *Moderator) prepareOpenTurn(id campaign.ID) (*resolution, error) {
	o, err := m.loadOpenTurn(id)
	if err != nil {
		return nil, err
	}
	return m.prepareResolution(o)
}

// allFinal reports whether every player who owes orders has final orders
// on file.
func (o *openTurn) allFinal() bool {
	due := o.c.DueSeats()
	final := 0
	for _, s := range due {
		if r := o.orders(s.Player); r != nil && r.Submission.Final {
			final++
		}
	}
	return len(due) > 0 && final == len(due)
}

// orders returns a player's orders on file, or nil.
func (o *openTurn) orders(p campaign.PlayerID) *store.OrdersRecord { return filedBy(o.filed, p) }

// tend does what is due for one campaign, under turnMu so that no orders
// are filed in between: hold it after an outage, resolve its turn, or
// send reminders. It returns when the campaign next needs tending.
func (m *Moderator) tend(ctx context.Context, id campaign.ID) (time.Time, error) {
	m.turnMu.Lock()
	defer m.turnMu.Unlock()
	o, err := m.loadOpenTurn(id)
	if err != nil {
		return time.Time{}, err
	}
	c, now := o.c, m.clock.Now()
	deadline := c.Deadline()
	due := !deadline.IsZero() && !now.Before(deadline)
	early := !due && c.Moderation.EarlyResolution && o.allFinal()
	switch {
	case c.Status != store.Running || !c.HeldSince.IsZero():
		return time.Time{}, nil
	case m.missedInOutage(c):
		return time.Time{}, m.hold(c, holdDaemonDown)
	case due && m.inboxReadSince(deadline), early && m.inboxReadSince(m.started):
		r, err := m.prepareResolution(o)
		if err != nil {
			return time.Time{}, err
		}
		if err := r.compose(); err != nil {
			return time.Time{}, err
		}
		if err := m.db.Update(r.commit); err != nil {
			return time.Time{}, fmt.Errorf("commit %s turn %d: %w", id, r.turn, err)
		}
		r.announce(m)
		wake(m.wakeSender)
		return nextReminder(r.c), nil
	case due:
		// Orders that arrived in time may still wait in the inbox: read
		// it first. An inbox that stays unreadable is an outage.
		giveUp := deadline.Add(max(c.Moderation.OutageGrace, minInboxWait))
		if !now.Before(giveUp) {
			return time.Time{}, m.hold(c, holdInboxUnread)
		}
		m.awaitInbox()
		return giveUp, nil
	case early:
		m.awaitInbox()
	}
	if err := m.remind(o); err != nil {
		return time.Time{}, err
	}
	next := nextReminder(c)
	clock, err := m.battleClocks(c)
	if err != nil {
		return time.Time{}, err
	}
	if !clock.IsZero() && clock.Before(next) {
		next = clock
	}
	return next, nil
}

// ErrNotRunning is returned by Process for a campaign that is paused or
// has ended.
var ErrNotRunning = errors.New("campaign is not running")

// Process resolves a campaign's open turn now, whatever its deadline, with
// the orders on file: "pbemd resolve". A campaign held after an outage is
// resolved too; that is what the hold waits for.
func (m *Moderator) Process(ctx context.Context, id campaign.ID) error {
	m.turnMu.Lock()
	defer m.turnMu.Unlock()
	o, err := m.loadOpenTurn(id)
	if err != nil {
		return err
	}
	if o.c.Status != store.Running {
		return fmt.Errorf("process %s: %w (it is %s)", id, ErrNotRunning, o.c.Status)
	}
	r, err := m.prepareResolution(o)
	if err != nil {
		return err
	}
	if err := r.compose(); err != nil {
		return err
	}
	if err := m.db.Update(r.commit); err != nil {
		return fmt.Errorf("commit %s turn %d: %w", id, r.turn, err)
	}
	r.announce(m)
	wake(m.wakeSender)
	wake(m.wakeScheduler)
	return nil
}

// resolution is a resolved turn ready to commit: the next turn's record,
// the campaign's record after it, and every mail it sends.
type resolution struct {
	c    *store.Campaign
	turn int
	next *store.TurnRecord
	// reports are the players' reports; notices tell dropped players and
	// the GM of a drop.
	reports, notices []outgoing
	// held are the reports kept for players' digests instead, and
	// heldMails the same as mails, for a preview.
	held      []*store.HeldReport
	heldMails []outgoing
	// mails are reports and notices composed, once compose has run.
	mails  []*store.Mail
	events int
	// battles are the cases of the battles found, when the sides fight
	// them outside pbemd.
	battles []*store.BattleCase
	// started is when resolving began.
	started time.Time
}

// compose composes the resolution's mails, outside any transaction.
func (r *resolution) compose() error {
	var err error
	r.mails, err = compose(append(slices.Clone(r.notices), r.reports...))
	if err != nil {
		return fmt.Errorf("resolve %s turn %d: %w", r.c.ID, r.turn, err)
	}
	return nil
}

// prepareResolution resolves the open turn of o with the orders on file
// and renders every mail, without writing anything. Players without
// orders forfeit the turn; one who reaches the campaign's forfeit limit is
// dropped (UTD3.31). The caller holds turnMu.
func (m *Moderator) prepareResolution(o *openTurn) (*resolution, error) {
	started := m.clock.Now()
	var in *play
	err := m.db.View(func(tx *store.Tx) error {
		rec, err := tx.Turn(o.c.ID, o.c.Turn)
		if err != nil {
			return err
		}
		in, err = loadPlay(tx, o.c, rec, o.filed)
		return err
	})
	if err != nil {
		return nil, err
	}
	c, id, n := in.c, in.c.ID, in.c.Turn
	var notices, reports, heldMails []outgoing
	var held []*store.HeldReport
	for _, s := range in.dropped {
		notices = append(notices, m.droppedMails(c, s, s.Out, fmt.Sprintf("drop.%s.t%d", id, n))...)
	}
	rs, err := m.ruleset(c)
	if err != nil {
		return nil, err
	}
	res := rs.Resolve(in.turn)
	// Players the turn eliminated get its report, their last, and the GM
	// is told.
	eliminated := map[campaign.PlayerID]bool{}
	for _, p := range res.Next.Players {
		if s := c.Seat(p.ID); s != nil && s.Active() && !p.Active() {
			s.Out = p.Out
			eliminated[p.ID] = true
			notices = append(notices, m.toGM(c, fmt.Sprintf("elim.%s.t%d.%s", id, n, s.Player), "eliminated",
				report.Eliminated{Player: s.Player, Title: c.Title, Why: p.Out}))
		}
	}
	now := m.clock.Now().UTC()
	due, err := rs.Due(res.Next, c.Schedule, now)
	if err != nil {
		return nil, fmt.Errorf("resolve %s turn %d: %w", id, n, err)
	}
	c.Open(res.Next.Turn, due)
	c.HeldSince = time.Time{}
	markReminded(c, now)
	if res.Next.Over() {
		c.Status = store.Ended
	}
	seats := make([]*store.Seat, len(res.Views))
	for i, v := range res.Views {
		if s := c.Seat(v.Header().Player); s != nil && (s.Active() || eliminated[s.Player]) {
			seats[i] = s
		}
	}
	reps, err := m.reportMails(c, res, seats)
	if err != nil {
		return nil, fmt.Errorf("resolve %s turn %d: %w", id, n, err)
	}
	for i, v := range res.Views {
		s, rep := seats[i], reps[i]
		if s == nil {
			continue
		}
		h, err := holdReport(s, v, deadlineOf(c, s.Player), now)
		switch {
		case err != nil:
			return nil, fmt.Errorf("resolve %s turn %d: %w", id, n, err)
		case h != nil:
			held, heldMails = append(held, h), append(heldMails, rep)
		default:
			reports = append(reports, rep)
		}
	}
	events, err := json.Marshal(res.Events)
	if err != nil {
		return nil, fmt.Errorf("resolve %s turn %d: %w", id, n, err)
	}
	digest, err := stateDigest(res.Next)
	if err != nil {
		return nil, fmt.Errorf("resolve %s turn %d: %w", id, n, err)
	}
	cases, battleMails, err := m.openBattles(c, res.Next, n, now)
	if err != nil {
		return nil, fmt.Errorf("resolve %s turn %d: %w", id, n, err)
	}
	notices = append(notices, battleMails...)
	return &resolution{
		c: c, turn: n, reports: reports, notices: notices, held: held, heldMails: heldMails, events: len(res.Events), battles: cases, started: started,
		next: &store.TurnRecord{State: res.Next, Events: events, ResolverVersion: rs.Version(), ResolvedAt: now, Deadline: c.Deadline(), Waiting: waiting(c),
			Rerun: in.rerun, Digest: digest},
	}, nil
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

// waiting lists the players still in who owe no orders for the open turn.
func waiting(c *store.Campaign) []campaign.PlayerID {
	var out []campaign.PlayerID
	for _, s := range c.ActiveSeats() {
		if !s.Due() {
			out = append(out, s.Player)
		}
	}
	return out
}

// commit stores the resolution in tx. A turn that is no longer open is
// left alone, so a retry after a crash is safe.
func (r *resolution) commit(tx *store.Tx) error {
	cur, err := tx.Campaign(r.c.ID)
	if err != nil || cur.Turn != r.turn {
		return err
	}
	if err := tx.PutTurn(r.c.ID, r.next); err != nil {
		return err
	}
	if err := tx.PutCampaign(r.c); err != nil {
		return err
	}
	if err := lapseExtensions(tx, r.c.ID, r.turn); err != nil {
		return err
	}
	for _, b := range r.battles {
		if err := tx.PutBattle(r.c.ID, b); err != nil {
			return err
		}
	}
	if err := storeHeld(tx, r.c.ID, r.held); err != nil {
		return err
	}
	return enqueue(tx, r.mails)
}

// announce logs a committed resolution and tells the Observer.
func (r *resolution) announce(m *Moderator) {
	took := m.clock.Now().Sub(r.started)
	m.log.Info("turn resolved", "campaign", r.c.ID, "turn", r.turn, "events", r.events, "mails", len(r.notices)+len(r.reports), "deadline", r.c.Deadline(), "took", took)
	m.observe.TurnResolved(r.c.ID, took)
}

// missedInOutage reports whether the campaign's deadline passed while the
// daemon was down, longer ago than the campaign's grace: such a turn waits
// for the GM instead of resolving on start-up (the lesson of DPjudge).
func (m *Moderator) missedInOutage(c *store.Campaign) bool {
	deadline := c.Deadline()
	return !m.started.IsZero() && !deadline.IsZero() && deadline.Before(m.started.Add(-c.Moderation.OutageGrace))
}

// holdWhy says why a turn waits for the GM.
type holdWhy int

const (
	holdDaemonDown  holdWhy = iota // pbemd was not running at the deadline
	holdInboxUnread                // the inbox could not be read since the deadline
)

// hold marks a campaign as waiting for the GM after an outage, and tells
// the GM.
func (m *Moderator) hold(c *store.Campaign, why holdWhy) error {
	now := m.clock.Now().UTC()
	c.HeldSince = now
	detail := fmt.Sprintf("deadline %s passed while pbemd was down", fmtUTC(c.Deadline()))
	if why == holdInboxUnread {
		detail = fmt.Sprintf("inbox unread since deadline %s", fmtUTC(c.Deadline()))
	}
	notice := report.HoldNotice{InboxUnread: why == holdInboxUnread, Turn: c.Turn, Title: c.Title, Deadline: fmtUTC(c.Deadline()),
		Now: fmtUTC(now), Example: now.Add(48 * time.Hour).Format("2006-01-02 15:04")}
	msg := m.mailText(c.ID, c.GM.Email, notice, fmt.Sprintf("held.%s.t%d.%d@%s", c.ID, c.Turn, now.Unix(), m.domain))
	composed, err := compose([]outgoing{{msg: msg, campaign: string(c.ID), purpose: "held"}})
	if err != nil {
		return err
	}
	err = m.db.Update(func(tx *store.Tx) error {
		if err := tx.PutCampaign(c); err != nil {
			return err
		}
		if err := writeAudit(tx, c.ID, store.AuditEntry{At: now, Who: "pbemd", Action: "hold", Detail: detail}); err != nil {
			return err
		}
		return enqueue(tx, composed)
	})
	if err != nil {
		return err
	}
	m.log.Warn("turn held after an outage", "campaign", c.ID, "turn", c.Turn, "deadline", c.Deadline(), "why", detail)
	wake(m.wakeSender)
	return nil
}

func fmtUTC(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// sleep waits on the moderator's clock.
func (m *Moderator) sleep(ctx context.Context, d time.Duration) error {
	return clock.Sleep(ctx, m.clock, d)
}
