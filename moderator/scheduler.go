package moderator

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
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

// ResolveDue tends the running campaigns that may have something to do:
// it resolves the open turns whose deadline has passed or whose players
// are all final, and sends the reminders and the digests that fell due.
// It returns when it next has something to do (zero if never).
//
// A campaign is tended when its record, orders or battles changed since it
// was last tended (store.Revisions), when the time it then said it next
// needs the daemon has come, or when it waits for intake to read the
// inbox; the others are passed over without being read, so that a daemon
// with a thousand campaigns does not read them all whenever it wakes. The
// turns that fell due are resolved together, on every core.
func (m *Moderator) ResolveDue(ctx context.Context) (time.Time, error) {
	m.schedMu.Lock()
	defer m.schedMu.Unlock()
	var (
		camps []*store.Campaign
		revs  map[campaign.ID]uint64
	)
	err := m.db.View(func(tx *store.Tx) (err error) {
		if camps, err = m.Campaigns.All(tx); err != nil {
			return err
		}
		revs, err = tx.Revisions()
		return err
	})
	if err != nil {
		return time.Time{}, err
	}
	if m.tended == nil {
		m.tended = map[campaign.ID]tended{}
	}
	var next time.Time
	var due []campaign.ID
	now := m.clock.Now()
	read := 0 // campaigns whose clocks this pass read from the data file
	for _, c := range camps {
		if c.Status != store.Running {
			delete(m.tended, c.ID)
			continue
		}
		t, ok := m.tended[c.ID]
		if ok && t.rev == revs[c.ID] && !t.inbox && (t.next.IsZero() || now.Before(t.next)) {
			next = workflow.Earliest(next, t.next)
			continue
		}
		t, err := m.tendContained(ctx, c.ID)
		if err != nil {
			return time.Time{}, err
		}
		read++
		t.rev = revs[c.ID]
		m.tended[c.ID] = t
		if t.resolve {
			due = append(due, c.ID)
			continue
		}
		next = workflow.Earliest(next, t.next)
	}
	resolved, err := m.resolveTurns(ctx, due)
	for _, id := range due {
		when, ok := resolved[id]
		if !ok {
			// Not resolved after all: tend it again at once.
			when = now
			delete(m.tended, id)
		}
		next = workflow.Earliest(next, when)
	}
	if err != nil {
		return time.Time{}, err
	}
	when, err := m.sendDigests()
	if err != nil {
		return time.Time{}, err
	}
	summaries, err := m.SendAlertSummaries()
	if err != nil {
		return time.Time{}, err
	}
	// Tending every campaign, as after a start, brings a page or more of
	// each one's open turn into memory, and leaves the heap that decoded
	// them: hand both back, as the sender does after a burst of mail, or
	// ten thousand campaigns' turns would stay resident.
	if read >= tendRelease {
		m.releasePages(m.read.Load())
		debug.FreeOSMemory()
		m.log.Info("campaigns tended", "read", read, "campaigns", len(camps), "took", m.clock.Now().Sub(now))
	}
	return workflow.Earliest(workflow.Earliest(next, when), summaries), nil
}

// tendRelease is how many campaigns' clocks a pass of the scheduler reads
// from the data file before it hands the file's pages back.
const tendRelease = 64

// tended is what the scheduler learnt when it last tended a campaign.
type tended struct {
	rev  uint64    // the campaign's store.Revisions count then
	next time.Time // when it next needs tending; zero if never
	// inbox is set while the campaign waits for intake to read the inbox,
	// which wakes the scheduler when it has.
	inbox bool
	// resolve is set when its open turn is to be resolved now.
	resolve bool
}

// tendContained tends a campaign, and holds it if that fails.
func (m *Moderator) tendContained(ctx context.Context, id campaign.ID) (t tended, err error) {
	err = contain(id, "keeping its clocks (deadline, reminders, battles, votes)", func() error {
		t, err = m.tend(ctx, id)
		return err
	})
	if f := asFailure(err); f != nil {
		return tended{}, m.holdFailed(f)
	}
	return t, err
}

// tend does what is due for one campaign, under turnMu so that no orders
// are filed in between: hold it after an outage, send reminders, or find
// that its turn is to be resolved (resolveTurns does that). It returns
// when the campaign next needs tending. It loads the open turn once, and
// again only when closing a poll changed it.
func (m *Moderator) tend(ctx context.Context, id campaign.ID) (tended, error) {
	m.turnMu.Lock()
	defer m.turnMu.Unlock()
	o, clocks, err := m.loadTended(id)
	if err != nil {
		return tended{}, err
	}
	c, now := o.Campaign, m.clock.Now()
	switch {
	case c.Status != store.Running || !c.HeldSince.IsZero():
		return tended{}, nil
	case m.missedInOutage(c):
		return tended{}, m.hold(c, workflow.HoldDaemonDown)
	}
	polls, err := m.closePolls(o, &clocks)
	if err != nil {
		return tended{}, err
	}
	w := m.weigh(o, now)
	switch {
	case w.resolve:
		return tended{resolve: true}, nil
	case w.due:
		return m.awaitDeadlineInbox(o.Campaign, w.deadline, now)
	case w.early:
		m.awaitInbox()
	}
	next, err := m.keepClocks(o, clocks)
	if err != nil {
		return tended{}, err
	}
	return tended{next: workflow.Earliest(next, polls), inbox: w.early}, nil
}

// loadTended reads a campaign, its orders on file and the clocks of its
// open turn (store Tx.TurnClocks: a state with its polls and battles
// only), in one transaction: tending a campaign whose clocks did not run
// out needs none of the rest of its state.
func (m *Moderator) loadTended(id campaign.ID) (*workflow.OpenTurn, *campaign.State, error) {
	var (
		o      workflow.OpenTurn
		clocks *campaign.State
	)
	err := m.db.View(func(tx *store.Tx) (err error) {
		if err = o.Read(tx, id); err != nil {
			return err
		}
		clocks, err = tx.TurnClocks(id, o.Campaign.Turn)
		return err
	})
	return &o, clocks, err
}

// closePolls closes the polls of o whose time ran out, before the turn
// resolves: an extension put to the vote closes at the deadline it would
// move. If one closed, it loads o again, as the poll changed it. It
// returns when the next poll closes.
func (m *Moderator) closePolls(o *workflow.OpenTurn, clocks **campaign.State) (time.Time, error) {
	polls, closed, err := m.pollClocks(o.Campaign, *clocks)
	if err != nil || !closed {
		return polls, err
	}
	again, againClocks, err := m.loadTended(o.Campaign.ID)
	if err != nil {
		return time.Time{}, err
	}
	*o, *clocks = *again, againClocks
	return polls, nil
}

// awaitDeadlineInbox waits for intake to read the inbox once a turn's
// deadline passed, as orders that arrived in time may still wait there,
// and holds the turn when the inbox stays unreadable: an outage.
func (m *Moderator) awaitDeadlineInbox(c *store.Campaign, deadline, now time.Time) (tended, error) {
	giveUp := deadline.Add(max(c.Moderation.OutageGrace, minInboxWait))
	if !now.Before(giveUp) {
		return tended{}, m.hold(c, workflow.HoldInboxUnread)
	}
	m.awaitInbox()
	return tended{next: giveUp, inbox: true}, nil
}

// keepClocks sends the reminders due for the open turn of o, and settles
// the battles whose clocks ran out. It returns when the next reminder or
// battle clock falls due.
func (m *Moderator) keepClocks(o *workflow.OpenTurn, clocks *campaign.State) (time.Time, error) {
	if err := m.remind(o); err != nil {
		return time.Time{}, err
	}
	reminder := workflow.NextReminder(o.Campaign)
	battles, err := m.battleClocks(o.Campaign, clocks)
	if err != nil {
		return time.Time{}, err
	}
	return workflow.Earliest(reminder, battles), nil
}

// weighing is where a campaign's open turn stands, worked out by one
// function (weigh) for tend, which finds the turn due, and prepareDue,
// which resolves it. tend reads only the turn's clocks and releases
// turnMu before the turn resolves; a mail handled meanwhile can change
// the answer (the GM pauses the campaign, moves the deadline or has the
// turn processed), so prepareDue, which reads the whole open turn once to
// play it, weighs it again under turnMu.
type weighing struct {
	deadline time.Time // the turn's deadline; zero if none
	// due is set once the deadline has passed; early, before it, when
	// nobody is left to wait for, or every player due is final where the
	// turn resolves early.
	due, early bool
	// resolve is set when the turn is to be resolved now: it runs, is not
	// held, and it is due or early, and intake has read every mail that
	// arrived before.
	resolve bool
}

// weigh says where the open turn of o stands at now. The caller holds
// turnMu.
func (m *Moderator) weigh(o *workflow.OpenTurn, now time.Time) weighing {
	c := o.Campaign
	w := weighing{deadline: c.Deadline()}
	w.due = !w.deadline.IsZero() && !now.Before(w.deadline)
	w.early = !w.due && (o.Deserted() || m.ResolvesEarly(c) && o.AllFinal())
	if c.Status != store.Running || !c.HeldSince.IsZero() || m.missedInOutage(c) {
		return w
	}
	switch {
	case w.due:
		w.resolve = m.inboxReadSince(w.deadline)
	case w.early:
		w.resolve = m.inboxReadSince(m.started)
	}
	return w
}

// resolveChunk is how many campaigns resolveTurns resolves, per core,
// before it lets intake file the mail that waits.
const resolveChunk = 4

// resolveTurns resolves the open turns of campaigns ids on every core, and
// returns when each campaign it resolved next needs tending. Workers load
// a campaign's open turn, check that it is still to be resolved, play it
// and render its mails; one goroutine commits the turns as they come, all
// that are ready in one transaction, as the store has one writer. It
// holds turnMu for a few campaigns per core at a time, and the sender back
// until it returns: the turns get every core, and their mails go out
// after.
func (m *Moderator) resolveTurns(ctx context.Context, ids []campaign.ID) (map[campaign.ID]time.Time, error) {
	resolved := map[campaign.ID]time.Time{}
	if len(ids) == 0 {
		return resolved, nil
	}
	defer m.quiet.hold()()
	workers := runtime.GOMAXPROCS(0)
	for chunk := range slices.Chunk(ids, workers*resolveChunk) {
		if ctx.Err() != nil {
			break
		}
		if err := m.resolveChunk(chunk, min(workers, len(chunk)), resolved); err != nil {
			return resolved, err
		}
	}
	return resolved, nil
}

// resolveChunk resolves the turns of ids under turnMu, on workers
// goroutines, and notes in resolved when each next needs tending.
func (m *Moderator) resolveChunk(ids []campaign.ID, workers int, resolved map[campaign.ID]time.Time) error {
	m.turnMu.Lock()
	defer m.turnMu.Unlock()
	jobs := make(chan campaign.ID)
	done := make(chan prepared)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for id := range jobs {
				r, err := m.prepareDue(id)
				done <- prepared{r, err}
			}
		})
	}
	go func() {
		for _, id := range ids {
			jobs <- id
		}
		close(jobs)
		wg.Wait()
		close(done)
	}()
	var errs []error
	for p := range done {
		batch := []prepared{p}
	more:
		for {
			select {
			case p, ok := <-done:
				if !ok {
					break more
				}
				batch = append(batch, p)
			default:
				break more
			}
		}
		var ready []*workflow.Resolution
		for _, p := range batch {
			switch f := asFailure(p.err); {
			case f != nil:
				// The campaign is held; the others go on.
				if err := m.holdFailed(f); err != nil {
					errs = append(errs, err)
				}
			case p.err != nil:
				errs = append(errs, p.err)
			case p.r != nil:
				ready = append(ready, p.r)
			}
		}
		if err := m.commitResolutions(ready); err != nil {
			errs = append(errs, err)
			continue
		}
		for _, r := range ready {
			resolved[r.Campaign.ID] = workflow.Earliest(workflow.NextReminder(r.Campaign), workflow.PollsNext(r.Next.State))
		}
	}
	return errors.Join(errs...)
}

// prepared is a resolution a worker prepared, or why it could not.
type prepared struct {
	r   *workflow.Resolution // nil if the turn is no longer to be resolved
	err error
}

// prepareDue loads a campaign's open turn and, if it is still to be
// resolved, resolves it and composes its mails, writing nothing. The
// caller holds turnMu.
func (m *Moderator) prepareDue(id campaign.ID) (*workflow.Resolution, error) {
	o, err := m.LoadOpenTurn(id)
	if err != nil || !m.weigh(o, m.clock.Now()).resolve {
		return nil, err
	}
	return m.prepareComposed(o)
}

// prepareComposed resolves an open turn and composes its mails, writing
// nothing; a panic in it comes back as a failure of the campaign.
func (m *Moderator) prepareComposed(o *workflow.OpenTurn) (r *workflow.Resolution, err error) {
	err = contain(o.Campaign.ID, fmt.Sprintf("resolving turn %d", o.Campaign.Turn), func() error {
		if r, err = m.PrepareResolution(o); err != nil {
			return err
		}
		return r.Compose()
	})
	return r, err
}

// commitResolutions commits resolved turns in one transaction, then logs
// them and wakes the sender.
func (m *Moderator) commitResolutions(rs []*workflow.Resolution) error {
	if len(rs) == 0 {
		return nil
	}
	err := m.db.Update(func(tx *store.Tx) error {
		for _, r := range rs {
			if err := r.Commit(tx); err != nil {
				return fmt.Errorf("commit %s turn %d: %w", r.Campaign.ID, r.Turn, err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	var size int64
	for _, r := range rs {
		m.Turns.Drop(r.Campaign.ID)
		m.announce(r)
		for _, ml := range r.Mails {
			size += int64(len(ml.Raw))
		}
	}
	// Committing mail brings pages of the data file's mapping in, as
	// sending it does: hand them back as the sender does, or the reports
	// of a thousand turns resolved while the sender waits would stay
	// resident.
	if n := m.read.Add(size); n >= releaseBytes {
		m.releasePages(n)
	}
	wake(m.wakeSender)
	return nil
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
	o, err := m.LoadOpenTurn(id)
	if err != nil {
		return err
	}
	if o.Campaign.Status != store.Running {
		return fmt.Errorf("process %s: %w (it is %s)", id, ErrNotRunning, o.Campaign.Status)
	}
	r, err := m.prepareComposed(o)
	if f := asFailure(err); f != nil {
		return errors.Join(err, m.holdFailed(f))
	}
	if err != nil {
		return err
	}
	if err := m.db.Update(r.Commit); err != nil {
		return fmt.Errorf("commit %s turn %d: %w", id, r.Turn, err)
	}
	m.announce(r)
	wake(m.wakeSender)
	wake(m.wakeScheduler)
	return nil
}

// missedInOutage reports whether the campaign's deadline passed while the
// daemon was down, longer ago than the campaign's grace: such a turn waits
// for the GM instead of resolving on start-up (the lesson of DPjudge).
func (m *Moderator) missedInOutage(c *store.Campaign) bool {
	deadline := c.Deadline()
	return !m.started.IsZero() && !deadline.IsZero() && deadline.Before(m.started.Add(-c.Moderation.OutageGrace))
}

// hold marks a campaign as waiting for the GM after an outage, and tells
// the GM (workflow.Hold).
func (m *Moderator) hold(c *store.Campaign, why workflow.HoldWhy) error {
	d, detail := m.Hold(c, why)
	if err := m.commitMails(d.Mails, d.Apply); err != nil {
		return err
	}
	m.log.Warn("turn held after an outage", "campaign", c.ID, "turn", c.Turn, "deadline", c.Deadline(), "why", detail)
	wake(m.wakeSender)
	return nil
}

// sleep waits on the moderator's clock.
func (m *Moderator) sleep(ctx context.Context, d time.Duration) error {
	return clock.Sleep(ctx, m.clock, d)
}

// announce logs a committed resolution and tells the Observer.
func (m *Moderator) announce(r *workflow.Resolution) {
	took := m.clock.Now().Sub(r.Started)
	m.log.Info("turn resolved", "campaign", r.Campaign.ID, "turn", r.Turn, "events", r.Events, "mails", len(r.Notices)+len(r.Reports), "deadline", r.Campaign.Deadline(), "took", took)
	m.observe.TurnResolved(r.Campaign.ID, took)
}
