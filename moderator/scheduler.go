package moderator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
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
		if camps, err = m.campaigns.all(tx); err != nil {
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
	for _, c := range camps {
		if c.Status != store.Running {
			delete(m.tended, c.ID)
			continue
		}
		t, ok := m.tended[c.ID]
		if ok && t.rev == revs[c.ID] && !t.inbox && (t.next.IsZero() || now.Before(t.next)) {
			next = earliest(next, t.next)
			continue
		}
		t, err := m.tendContained(ctx, c.ID)
		if err != nil {
			return time.Time{}, err
		}
		t.rev = revs[c.ID]
		m.tended[c.ID] = t
		if t.resolve {
			due = append(due, c.ID)
			continue
		}
		next = earliest(next, t.next)
	}
	resolved, err := m.resolveTurns(ctx, due)
	for _, id := range due {
		when, ok := resolved[id]
		if !ok {
			// Not resolved after all: tend it again at once.
			when = now
			delete(m.tended, id)
		}
		next = earliest(next, when)
	}
	if err != nil {
		return time.Time{}, err
	}
	when, err := m.sendDigests()
	if err != nil {
		return time.Time{}, err
	}
	summaries, err := m.sendAlertSummaries()
	if err != nil {
		return time.Time{}, err
	}
	return earliest(earliest(next, when), summaries), nil
}

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

// earliest returns the earlier of two times, zero meaning never.
func earliest(a, b time.Time) time.Time {
	if a.IsZero() || (!b.IsZero() && b.Before(a)) {
		return b
	}
	return a
}

// openTurn is a campaign with the orders on file for its open turn.
type openTurn struct {
	c     *store.Campaign
	filed []*store.OrdersRecord
	// state, if set, is the open turn's state in place of the stored
	// one: a change not yet committed that resolves the turn with it.
	state *campaign.State
	// rec is the open turn's record, shared from the turn cache and
	// read-only, where loadTended read it.
	rec *store.TurnRecord
}

// loadOpenTurn reads a campaign and its orders on file.
func (m *Moderator) loadOpenTurn(id campaign.ID) (*openTurn, error) {
	var o openTurn
	err := m.db.View(func(tx *store.Tx) error { return o.read(tx, id) })
	return &o, err
}

// read reads a campaign and its orders on file in tx.
func (o *openTurn) read(tx *store.Tx, id campaign.ID) error {
	var err error
	if o.c, err = tx.Campaign(id); err != nil {
		return err
	}
	o.filed, err = tx.TurnOrders(id, o.c.Turn)
	return err
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

// deserted reports whether every player who owed orders for the open
// turn has left the campaign since it opened (resigned, or dropped by the
// GM): nobody is left to wait for. A seat that left keeps the deadline it
// had; the seats of players out before the turn opened have none.
func (o *openTurn) deserted() bool {
	left := slices.ContainsFunc(o.c.Players, func(s store.Seat) bool { return !s.Active() && !s.Deadline.IsZero() })
	return left && len(o.c.DueSeats()) == 0
}

// orders returns a player's orders on file, or nil.
func (o *openTurn) orders(p campaign.PlayerID) *store.OrdersRecord { return filedBy(o.filed, p) }

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
	o, err := m.loadTended(id)
	if err != nil {
		return tended{}, err
	}
	c, now := o.c, m.clock.Now()
	switch {
	case c.Status != store.Running || !c.HeldSince.IsZero():
		return tended{}, nil
	case m.missedInOutage(c):
		return tended{}, m.hold(c, holdDaemonDown)
	}
	polls, err := m.closePolls(o)
	if err != nil {
		return tended{}, err
	}
	w := m.weigh(o, now)
	switch {
	case w.resolve:
		return tended{resolve: true}, nil
	case w.due:
		return m.awaitDeadlineInbox(o.c, w.deadline, now)
	case w.early:
		m.awaitInbox()
	}
	next, err := m.keepClocks(o)
	if err != nil {
		return tended{}, err
	}
	return tended{next: earliest(next, polls), inbox: w.early}, nil
}

// loadTended reads a campaign, its orders on file and its open turn's
// record, shared from the turn cache, in one transaction.
func (m *Moderator) loadTended(id campaign.ID) (*openTurn, error) {
	var o openTurn
	err := m.db.View(func(tx *store.Tx) (err error) {
		if err = o.read(tx, id); err != nil {
			return err
		}
		o.rec, err = m.turns.get(tx, id, o.c.Turn)
		return err
	})
	return &o, err
}

// closePolls closes the polls of o whose time ran out, before the turn
// resolves: an extension put to the vote closes at the deadline it would
// move. If one closed, it loads o again, as the poll changed it. It
// returns when the next poll closes.
func (m *Moderator) closePolls(o *openTurn) (time.Time, error) {
	polls, closed, err := m.pollClocks(o.c, o.rec)
	if err != nil || !closed {
		return polls, err
	}
	again, err := m.loadTended(o.c.ID)
	if err != nil {
		return time.Time{}, err
	}
	*o = *again
	return polls, nil
}

// awaitDeadlineInbox waits for intake to read the inbox once a turn's
// deadline passed, as orders that arrived in time may still wait there,
// and holds the turn when the inbox stays unreadable: an outage.
func (m *Moderator) awaitDeadlineInbox(c *store.Campaign, deadline, now time.Time) (tended, error) {
	giveUp := deadline.Add(max(c.Moderation.OutageGrace, minInboxWait))
	if !now.Before(giveUp) {
		return tended{}, m.hold(c, holdInboxUnread)
	}
	m.awaitInbox()
	return tended{next: giveUp, inbox: true}, nil
}

// keepClocks sends the reminders due for the open turn of o, and settles
// the battles whose clocks ran out. It returns when the next reminder or
// battle clock falls due.
func (m *Moderator) keepClocks(o *openTurn) (time.Time, error) {
	if err := m.remind(o); err != nil {
		return time.Time{}, err
	}
	reminder := nextReminder(o.c)
	battles, err := m.battleClocks(o.c, o.rec)
	if err != nil {
		return time.Time{}, err
	}
	return earliest(reminder, battles), nil
}

// weighing is where a campaign's open turn stands: the one check that
// tend and prepareDue make of it.
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
func (m *Moderator) weigh(o *openTurn, now time.Time) weighing {
	c := o.c
	w := weighing{deadline: c.Deadline()}
	w.due = !w.deadline.IsZero() && !now.Before(w.deadline)
	w.early = !w.due && (o.deserted() || m.resolvesEarly(c) && o.allFinal())
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

// resolvesEarly reports whether a campaign's turn resolves as soon as
// every player due is final: where the campaign says so, and always
// under a sequential ruleset, whose player learns the outcome of a turn
// within moments of ending it.
func (m *Moderator) resolvesEarly(c *store.Campaign) bool {
	if c.Moderation.EarlyResolution {
		return true
	}
	rs, err := m.ruleset(c)
	_, sequential := rs.(game.Sequential)
	return err == nil && sequential
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
		var ready []*resolution
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
			resolved[r.c.ID] = earliest(nextReminder(r.c), pollsNext(r.next.State))
		}
	}
	return errors.Join(errs...)
}

// prepared is a resolution a worker prepared, or why it could not.
type prepared struct {
	r   *resolution // nil if the turn is no longer to be resolved
	err error
}

// prepareDue loads a campaign's open turn and, if it is still to be
// resolved, resolves it and composes its mails, writing nothing. The
// caller holds turnMu.
func (m *Moderator) prepareDue(id campaign.ID) (*resolution, error) {
	o, err := m.loadOpenTurn(id)
	if err != nil || !m.weigh(o, m.clock.Now()).resolve {
		return nil, err
	}
	return m.prepareComposed(o)
}

// prepareComposed resolves an open turn and composes its mails, writing
// nothing; a panic in it comes back as a failure of the campaign.
func (m *Moderator) prepareComposed(o *openTurn) (r *resolution, err error) {
	err = contain(o.c.ID, fmt.Sprintf("resolving turn %d", o.c.Turn), func() error {
		if r, err = m.prepareResolution(o); err != nil {
			return err
		}
		return r.compose()
	})
	return r, err
}

// commitResolutions commits resolved turns in one transaction, then logs
// them and wakes the sender.
func (m *Moderator) commitResolutions(rs []*resolution) error {
	if len(rs) == 0 {
		return nil
	}
	err := m.db.Update(func(tx *store.Tx) error {
		for _, r := range rs {
			if err := r.commit(tx); err != nil {
				return fmt.Errorf("commit %s turn %d: %w", r.c.ID, r.turn, err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	var size int64
	for _, r := range rs {
		m.turns.drop(r.c.ID)
		r.announce(m)
		for _, ml := range r.mails {
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
	o, err := m.loadOpenTurn(id)
	if err != nil {
		return err
	}
	if o.c.Status != store.Running {
		return fmt.Errorf("process %s: %w (it is %s)", id, ErrNotRunning, o.c.Status)
	}
	r, err := m.prepareComposed(o)
	if f := asFailure(err); f != nil {
		return errors.Join(err, m.holdFailed(f))
	}
	if err != nil {
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
	// audit is what the resolution writes to the campaign's log besides:
	// the polls that lapsed with the turn.
	audit []store.AuditEntry
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
// dropped. The caller holds turnMu.
//
// The turn goes through its steps in order, each adding to the
// resolution: the notices go out in the order the steps write them.
func (m *Moderator) prepareResolution(o *openTurn) (*resolution, error) {
	t := &resolving{m: m, resolution: &resolution{started: m.clock.Now()}}
	if err := t.load(o); err != nil {
		return nil, err
	}
	t.tellDropped()    // the seats dropped for forfeits, before the turn
	t.play()           // the ruleset resolves the turn
	t.tellEliminated() // the players the turn put out
	err := t.run(
		t.openNext,     // the next turn's deadlines; the end of the campaign
		t.digestState,  // the state as the ruleset made it (pbemd verify)
		t.openBattles,  // the battles fought outside pbemd, with their clocks
		t.lapsePolls,   // the votes on extending the turn just resolved
		t.startPolls,   // the clocks of the polls the ruleset opened
		t.writeReports, // every player's report, or their digest's
		t.encodeEvents, // the turn's events, for its record
	)
	if err != nil {
		return nil, err
	}
	return t.resolved(), nil
}

// resolving is a turn on its way through prepareResolution's steps: what
// they read, and what each adds to the resolution being built.
type resolving struct {
	*resolution
	m *Moderator
	// in is the turn to play, pending the battles open before it, and
	// rs the campaign's ruleset.
	in      *play
	pending []*store.BattleCase
	rs      game.Ruleset
	// res is the ruleset's outcome, and now when it came.
	res *game.Result
	now time.Time
	// eliminated are the players the turn put out, and over is set when
	// it ended the campaign.
	eliminated map[campaign.PlayerID]bool
	over       bool
	// digest, changed and eventLog go into the next turn's record.
	digest   string
	changed  []string
	eventLog []byte
}

// load reads the open turn of o to play, in place of its state the one o
// brings if any, and the battles open before it, and finds the ruleset.
func (t *resolving) load(o *openTurn) error {
	err := t.m.db.View(func(tx *store.Tx) error {
		rec, err := tx.Turn(o.c.ID, o.c.Turn)
		if err != nil {
			return err
		}
		if t.pending, err = tx.Battles(o.c.ID); err != nil {
			return err
		}
		if o.state != nil {
			changed := *rec
			changed.State = o.state
			rec = &changed
		}
		t.in, err = loadPlay(tx, t.m.cite(o.c, game.TopicForfeitDrop), o.c, rec, o.filed)
		return err
	})
	if err != nil {
		return err
	}
	t.c, t.turn = t.in.c, t.in.c.Turn
	t.rs, err = t.m.ruleset(t.c)
	return err
}

// run runs steps in order, and stops at the first that fails.
func (t *resolving) run(steps ...func() error) error {
	for _, step := range steps {
		if err := step(); err != nil {
			return fmt.Errorf("resolve %s turn %d: %w", t.c.ID, t.turn, err)
		}
	}
	return nil
}

// tellDropped tells each player dropped for forfeits, and the GM.
func (t *resolving) tellDropped() {
	for _, s := range t.in.dropped {
		t.notices = append(t.notices, t.m.droppedMails(t.c, s, s.Out, fmt.Sprintf("drop.%s.t%d", t.c.ID, t.turn))...)
	}
}

// play has the ruleset resolve the turn.
func (t *resolving) play() { t.res = t.rs.Resolve(t.in.turn) }

// tellEliminated marks the seats of the players the turn eliminated, who
// get its report, their last, and tells the GM.
func (t *resolving) tellEliminated() {
	c := t.c
	t.eliminated = map[campaign.PlayerID]bool{}
	for _, p := range t.res.Next.Players {
		if s := c.Seat(p.ID); s != nil && s.Active() && !p.Active() {
			s.Out = p.Out
			t.eliminated[p.ID] = true
			t.notices = append(t.notices, t.m.toGM(c, fmt.Sprintf("elim.%s.t%d.%s", c.ID, t.turn, s.Player), "eliminated",
				report.Eliminated{Player: s.Player, Title: c.Title, Why: p.Out}))
		}
	}
}

// openNext opens the next turn on the campaign, with the deadlines the
// ruleset sets, or ends the campaign, and tells the GM.
func (t *resolving) openNext() error {
	c, next := t.c, t.res.Next
	t.now = t.m.clock.Now().UTC()
	due, err := t.rs.Due(next, c.Schedule, t.now)
	if err != nil {
		return err
	}
	c.Open(next.Turn, due)
	c.Release()
	markReminded(c, t.now)
	if t.over = next.Over(); t.over {
		c.Status = store.Ended
		t.notices = append(t.notices, t.m.toGM(c, fmt.Sprintf("over.%s.t%d", c.ID, t.turn), "ended", report.CampaignOver{Title: c.Title, Winner: next.Winner}))
	}
	return nil
}

// digestState takes the digest of the state as the ruleset made it,
// before the moderator starts its polls' clocks (pbemd verify).
func (t *resolving) digestState() (err error) {
	t.digest, err = stateDigest(t.res.Next)
	return err
}

// openBattles opens a case for each battle the turn found, where battles
// are fought outside pbemd, and writes each side.
func (t *resolving) openBattles() error {
	var found []campaign.Battle
	for _, b := range t.res.Next.Battles {
		if b.Turn == t.turn {
			found = append(found, b)
		}
	}
	cases, mails, err := t.m.openBattles(t.c, t.res.Next, found, t.now)
	if err != nil {
		return err
	}
	t.battles, t.notices = cases, append(t.notices, mails...)
	return nil
}

// lapsePolls closes the votes on extending the turn, which is over, and
// notes each in the record's changes.
func (t *resolving) lapsePolls() error {
	lapsed, audit, err := t.m.lapsePolls(t.c, t.turn, t.res.Next, fmt.Sprintf("lapsed.%s.t%d", t.c.ID, t.turn))
	if err != nil {
		return err
	}
	t.notices, t.audit = append(t.notices, lapsed...), audit
	for _, e := range audit {
		t.changed = append(t.changed, e.Action+" "+e.Detail)
	}
	return nil
}

// startPolls starts the clock of each poll the ruleset opened: a change
// to the state its resolution made, which the record says (pbemd verify).
func (t *resolving) startPolls() error {
	polls := t.m.startPolls(t.c, t.in.turn.State, t.res.Next)
	for _, p := range polls {
		t.changed = append(t.changed, fmt.Sprintf("poll %s opened, to close by %s", p.ID, utcStamp(p.Closes)))
	}
	t.notices = append(t.notices, t.m.announcePolls(t.c, polls, fmt.Sprintf("polls.%s.t%d", t.c.ID, t.turn))...)
	return nil
}

// writeReports renders each player's report, and keeps it for the
// player's digest where the player asked for one. The reports of a turn
// that waits say until when, by the clocks just started.
func (t *resolving) writeReports() error {
	c := t.c
	clocks := clocksOf(append(t.pending, t.battles...), t.res.Next.Polls, t.now)
	seats := t.reportSeats()
	reps, err := t.m.reportMails(c, t.res, seats, clocks)
	if err != nil {
		return err
	}
	for i, v := range t.res.Views {
		s, rep := seats[i], reps[i]
		if s == nil {
			continue
		}
		h, err := holdReport(s, v, deadlineOf(c, s.Player), t.now, clocks)
		switch {
		case err != nil:
			return err
		case h != nil:
			t.held, t.heldMails = append(t.held, h), append(t.heldMails, rep)
		default:
			t.reports = append(t.reports, rep)
		}
	}
	return nil
}

// reportSeats returns the seat to send each view of the turn to, or nil:
// the players still in and, as the last report tells how it ended, those
// the turn eliminated, or everyone when the campaign is over.
func (t *resolving) reportSeats() []*store.Seat {
	seats := make([]*store.Seat, len(t.res.Views))
	for i, v := range t.res.Views {
		if s := t.c.Seat(v.Header().Player); s != nil && (s.Active() || t.eliminated[s.Player] || t.over) {
			seats[i] = s
		}
	}
	return seats
}

// encodeEvents encodes the turn's events for its record.
func (t *resolving) encodeEvents() (err error) {
	t.eventLog, err = json.Marshal(t.res.Events)
	return err
}

// resolved returns the resolution, with the next turn's record.
func (t *resolving) resolved() *resolution {
	c, r := t.c, t.resolution
	r.events = len(t.res.Events)
	r.next = &store.TurnRecord{State: t.res.Next, Events: t.eventLog, ResolverVersion: t.rs.Version(), ResolvedAt: t.now, Deadline: c.Deadline(), Waiting: waiting(c),
		Rerun: t.in.rerun, Digest: t.digest, Changed: t.changed}
	return r
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
	for _, e := range r.audit {
		if err := writeAudit(tx, r.c.ID, e); err != nil {
			return err
		}
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
	detail := fmt.Sprintf("deadline %s passed while pbemd was down", utcStamp(c.Deadline()))
	if why == holdInboxUnread {
		detail = fmt.Sprintf("inbox unread since deadline %s", utcStamp(c.Deadline()))
	}
	// The example is written as the GM's deadline command reads it: in
	// the campaign's time zone.
	notice := report.HoldNotice{InboxUnread: why == holdInboxUnread, Turn: c.Turn, Title: c.Title, Deadline: localTime(c, nil, c.Deadline()),
		Now: localTime(c, nil, now), Example: now.Add(48 * time.Hour).In(playerLocation(c, nil)).Format(deadlineLayout)}
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

// sleep waits on the moderator's clock.
func (m *Moderator) sleep(ctx context.Context, d time.Duration) error {
	return clock.Sleep(ctx, m.clock, d)
}
