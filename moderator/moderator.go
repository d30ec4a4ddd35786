package moderator

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// Options configure a Moderator. DB, Address and Rulesets are required.
type Options struct {
	DB *store.DB
	// Rulesets are the rulesets the daemon runs campaigns of.
	Rulesets *game.Registry
	// Address is the moderator's own address: players write to it, and
	// every mail pbemd sends comes from it.
	Address string
	// Intake reads the inbox; nil means no intake loop.
	Intake *mail.Intake
	// Mailbox names the inbox whose cursor the store keeps; default INBOX.
	Mailbox string
	// Sender sends the outbox; nil means mail stays queued.
	Sender *mail.Sender
	// Parse limits incoming mail, and names the mail server whose
	// Authentication-Results are trusted.
	Parse mail.ParseOptions
	// DKIM, if set, checks the DKIM signatures of mail the trusted server
	// gave no verdict on; a forged mail is dropped (see forged).
	DKIM *mail.DKIMVerifier
	// Clock defaults to the system clock.
	Clock clock.Clock
	// Rand is the source of player tokens; default crypto/rand.
	Rand   io.Reader
	Logger *slog.Logger
	Limits Limits
	// Observer hears what the daemon does, for metrics; default nobody.
	Observer Observer

	// Retention is how long the whole copy of a processed mail is kept;
	// 0 keeps it for good.
	Retention time.Duration

	// TurnCache is how many campaigns' open turns are kept decoded in
	// memory, those that had mail last (0: workflow.DefaultTurnCache).
	TurnCache int
	// Pages makes the links to the players' web pages that report mails
	// carry; nil where the daemon serves no pages.
	Pages *workflow.Pages
}

// Moderator runs campaigns by mail.
type Moderator struct {
	// Moderation decides; the Moderator reads, commits, sends and keeps
	// the clock.
	*workflow.Moderation
	db      *store.DB
	rules   *game.Registry
	address string
	domain  string
	intake  *mail.Intake
	mailbox string
	sender  *mail.Sender
	parse   mail.ParseOptions
	dkim    *mail.DKIMVerifier
	clock   clock.Clock
	rand    io.Reader
	log     *slog.Logger
	limits  Limits
	observe Observer

	// retention is how long a processed mail is kept whole; 0 is for good.
	retention time.Duration

	// senders counts mails per sender address that carry the sender's
	// token, unauthenticated those that do not, ignored the mails nobody
	// answers, each over the last hour.
	senders, unauthenticated, ignored window
	// alerts knows when the next summary of alerts to a GM is due.
	alerts alertClock

	// turnMu serialises filing orders and resolving turns, so no orders
	// are confirmed while the turn they are for is being resolved.
	turnMu sync.Mutex

	// schedMu guards tended, what the scheduler learnt of each running
	// campaign when it last tended it.
	schedMu sync.Mutex
	tended  map[campaign.ID]tended

	// started is when Run began: a deadline missed well before it was
	// missed in an outage.
	started time.Time

	// inboxRead is when intake last looked into the inbox in a pass that
	// handled every mail it found (unix nanoseconds; 0 before the first),
	// and readWanted that the scheduler waits for the next such pass.
	inboxRead  atomic.Int64
	readWanted atomic.Bool

	wakeScheduler chan struct{}
	wakeSender    chan struct{}
	// quiet holds the sender back while the scheduler resolves turns.
	quiet  senderHold
	panics atomic.Int64
	// failures counts the failures caught in the work on one campaign.
	failures atomic.Int64
	// read counts the bytes of mail the sender read from the data file,
	// and turns committed to it, since the pages were last handed back.
	read atomic.Int64
}

// New returns a Moderator.
func New(opts Options) *Moderator {
	m := &Moderator{
		db:            opts.DB,
		rules:         opts.Rulesets,
		address:       strings.ToLower(opts.Address),
		intake:        opts.Intake,
		mailbox:       opts.Mailbox,
		sender:        opts.Sender,
		parse:         opts.Parse,
		dkim:          opts.DKIM,
		clock:         opts.Clock,
		rand:          opts.Rand,
		log:           opts.Logger,
		limits:        opts.Limits.withDefaults(),
		observe:       opts.Observer,
		retention:     opts.Retention,
		wakeScheduler: make(chan struct{}, 1),
		wakeSender:    make(chan struct{}, 1),
	}
	if m.mailbox == "" {
		m.mailbox = "INBOX"
	}
	if m.rules == nil {
		m.rules = game.NewRegistry()
	}
	if m.clock == nil {
		m.clock = clock.System{}
	}
	if m.rand == nil {
		m.rand = rand.Reader
	}
	if m.log == nil {
		m.log = slog.New(slog.DiscardHandler)
	}
	m.log = slog.New(maskingHandler{m.log.Handler()})
	if m.observe == nil {
		m.observe = nobody{}
	}
	if _, d, ok := strings.Cut(m.address, "@"); ok {
		m.domain = d
	} else {
		m.domain = "pbemd.invalid"
	}
	m.Moderation = workflow.New(workflow.Config{DB: m.db, Rules: m.rules, Address: m.address, Domain: m.domain, Clock: m.clock, Rand: m.rand, Log: m.log,
		UnauthenticatedOver: m.unauthenticatedOver, CountSender: m.countSender, TurnCache: opts.TurnCache, TurnCacheRead: m.observe.TurnCacheRead,
		Pages: opts.Pages})
	return m
}

// Synced records that intake has handled every mail that arrived before
// at, and wakes the scheduler if it waits for that.
func (m *Moderator) Synced(at time.Time) {
	m.inboxRead.Store(at.UnixNano())
	if m.readWanted.Swap(false) {
		wake(m.wakeScheduler)
	}
}

var _ mail.Syncer = (*Moderator)(nil)

// inboxReadSince reports whether every mail that arrived before t has
// been handled. Without an intake there is no inbox to wait for.
func (m *Moderator) inboxReadSince(t time.Time) bool {
	return m.intake == nil || t.IsZero() || m.inboxRead.Load() >= t.UnixNano()
}

// awaitInbox asks intake for a pass now, and to wake the scheduler when
// it is through.
func (m *Moderator) awaitInbox() {
	m.readWanted.Store(true)
	m.intake.Poke()
}

// Panics returns how many panics the loops recovered from.
func (m *Moderator) Panics() int64 { return m.panics.Load() }

// The daemon's loops, by the names logs and metrics give them.
const (
	loopIntake    = "intake"
	loopScheduler = "scheduler"
	loopSender    = "sender"
	loopRetention = "retention"
)

// Loops returns the names of the daemon's loops.
func Loops() []string { return []string{loopIntake, loopScheduler, loopSender, loopRetention} }

// Run runs the intake, scheduler and sender loops, and the retention loop
// if a retention is set, until ctx is done.
func (m *Moderator) Run(ctx context.Context) error {
	m.started = m.clock.Now()
	var wg sync.WaitGroup
	type loop struct {
		name string
		run  func(context.Context) error
	}
	loops := []loop{{loopScheduler, m.runScheduler}, {loopSender, m.runSender}}
	if m.intake != nil {
		loops = append(loops, loop{loopIntake, func(ctx context.Context) error { return m.intake.Run(ctx, m) }})
	}
	if m.retention > 0 {
		loops = append(loops, loop{loopRetention, m.runRetention})
	}
	errs := make([]error, len(loops))
	for i, l := range loops {
		wg.Go(func() { errs[i] = m.guard(ctx, l.name, l.run) })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Restarts of a loop after a panic wait first: at least minRestartWait,
// twice as long after each panic that follows within restartCalm of the
// last restart, up to maxRestartWait. A loop that panics on the same
// thing each time then neither spins the CPU nor floods the log.
const (
	minRestartWait = time.Second
	maxRestartWait = 5 * time.Minute
	restartCalm    = 10 * time.Minute
)

// guard runs a loop and restarts it after a panic, which it logs with the
// stack and counts, until ctx is done; it backs off between restarts.
func (m *Moderator) guard(ctx context.Context, name string, run func(context.Context) error) error {
	wait := minRestartWait
	for {
		began := m.clock.Now()
		err, panicked := m.protect(ctx, name, run)
		if !panicked || ctx.Err() != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		if m.clock.Now().Sub(began) >= restartCalm {
			wait = minRestartWait
		}
		m.log.Warn("loop restarts after a panic", "loop", name, "in", wait)
		if m.sleep(ctx, wait) != nil {
			return nil
		}
		wait = min(2*wait, maxRestartWait)
	}
}

func (m *Moderator) protect(ctx context.Context, name string, run func(context.Context) error) (err error, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			m.panics.Add(1)
			m.observe.LoopPanicked(name)
			m.log.Error("loop panicked", "loop", name, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			panicked = true
		}
	}()
	return run(ctx), false
}

func wake(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}
