package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"time"

	"github.com/pbemd/pbemd/internal/clock"
)

// Intake defaults and limits.
const (
	defaultMailbox         = "INBOX"
	defaultProcessed       = "pbemd/processed"
	defaultPoll            = time.Minute
	defaultMaxMessageBytes = 10 << 20
	defaultIMAPTimeout     = time.Minute
	backoffMin             = time.Second
	// backoffMax caps the wait between attempts to reach the IMAP
	// server, so that a restarted server is read again within about
	// as long: one attempt per 7.5 to 15 s is no load while it is down.
	backoffMax = 15 * time.Second
)

// IntakeOptions configures an Intake. Addr, User and Password are required.
type IntakeOptions struct {
	Addr      string      // host:port of the IMAP server
	TLS       TLSMode     // default TLSImplicit
	TLSConfig *tls.Config // default: verify the host of Addr, TLS 1.2 or later
	User      string
	Password  string
	Mailbox   string // default "INBOX"
	// Processed is the folder handled mail is moved to, with "/" between
	// levels whatever the server's hierarchy delimiter; default
	// "pbemd/processed". It is created if missing.
	Processed string
	// Poll is how often to look for mail when the server lacks IDLE, and
	// how often to re-check while idling; default 1m.
	Poll time.Duration
	// MaxMessageBytes bounds a fetched mail; default 10 MiB. A larger mail
	// is handed over with only its header (Fetched.Truncated).
	MaxMessageBytes int64
	// Timeout bounds connecting, and how long a command may wait with
	// nothing at all from the server before the connection is dropped and
	// made again; default 1m. Silence while idling is not counted.
	Timeout time.Duration
	Clock   clock.Clock // default clock.System{}
	Logger  *slog.Logger
	// Observer hears when the session starts working and when it fails;
	// default nobody.
	Observer IntakeObserver
}

// IntakeObserver hears of the IMAP session's state, for metrics and
// health. Its methods are called from Run's loop and must return at once.
type IntakeObserver interface {
	// IMAPConnected is called when a session has gone through its first
	// pass, the moment Run logs "imap connected".
	IMAPConnected()
	// IMAPFailed is called each time a session fails or cannot be made;
	// Run then reconnects after a backoff.
	IMAPFailed(err error)
}

// nobody is the IntakeObserver that hears nothing.
type nobody struct{}

func (nobody) IMAPConnected()   {}
func (nobody) IMAPFailed(error) {}

// Cursor is where intake stopped: the mailbox's UIDVALIDITY and the highest
// UID handled. The zero value means intake never ran.
type Cursor struct {
	UIDValidity uint32
	LastUID     uint32
}

// Fetched is one mail as fetched from the mailbox.
type Fetched struct {
	UIDValidity uint32
	UID         uint32
	Raw         []byte // the whole RFC 5322 message, or only its header if Truncated
	Size        int64  // RFC822.SIZE as the server reported it
	// Arrived is the mail's INTERNALDATE: when the server took it into
	// the mailbox (RFC 9051 §2.3.3); zero if the server gave none.
	Arrived time.Time
	// Truncated is set when the mail is larger than
	// IntakeOptions.MaxMessageBytes: Raw is then only the header, so the
	// moderator can still answer that the mail was too large.
	Truncated bool
}

// Handler is implemented by the moderator.
type Handler interface {
	// Cursor returns where intake stopped last time; the zero value if it
	// never ran.
	Cursor(ctx context.Context) (Cursor, error)
	// Handle commits the outcome of a mail, the new cursor included,
	// durably. Only after it returns nil does Intake mark the mail \Seen and
	// move it to the processed folder. An error leaves it, and every later
	// mail, in the mailbox to be tried again on the next pass, so mail from
	// one player is never handled out of order.
	Handle(ctx context.Context, m Fetched) error
}

// BatchHandler is a Handler that takes the mail of a fetch at once, as
// it may commit the outcomes of several mails together.
type BatchHandler interface {
	Handler
	// HandleBatch handles mails, in order, as Handle does each, and
	// returns how many it committed durably; its error is about the mail
	// after those, which, with every later mail, stays in the mailbox to
	// be tried again.
	HandleBatch(ctx context.Context, ms []Fetched) (int, error)
}

// Syncer is a Handler that wants to know how far intake has read: after
// each pass that handed over every mail it found, Intake calls Synced
// with the time the pass looked into the mailbox. Every mail that arrived
// before that time has then been handled.
type Syncer interface {
	Handler
	Synced(at time.Time)
}

// Intake fetches mail from one IMAP mailbox and hands it to a Handler.
type Intake struct {
	opts      IntakeOptions
	log       *slog.Logger
	clock     clock.Clock
	forcePoll bool // poll even where IDLE is offered; for tests, as every server offers it
	poke      chan struct{}
}

// NewIntake returns an Intake; it does not connect until Run or Once.
func NewIntake(opts IntakeOptions) *Intake {
	if opts.Mailbox == "" {
		opts.Mailbox = defaultMailbox
	}
	if opts.Processed == "" {
		opts.Processed = defaultProcessed
	}
	if opts.Poll <= 0 {
		opts.Poll = defaultPoll
	}
	if opts.MaxMessageBytes <= 0 {
		opts.MaxMessageBytes = defaultMaxMessageBytes
	}
	if opts.Timeout <= 0 {
		opts.Timeout = defaultIMAPTimeout
	}
	if opts.Observer == nil {
		opts.Observer = nobody{}
	}
	in := &Intake{opts: opts, log: opts.Logger, clock: opts.Clock, poke: make(chan struct{}, 1)}
	if in.log == nil {
		in.log = slog.New(slog.DiscardHandler)
	}
	if in.clock == nil {
		in.clock = clock.System{}
	}
	in.log = in.log.With("imap", opts.Addr, "mailbox", opts.Mailbox)
	return in
}

// Poke asks a running Intake to look into the mailbox now rather than at
// its next poll or IDLE wake-up. It never blocks; a pass already under way
// may absorb it, and a connection that is down looks once it is back.
func (in *Intake) Poke() {
	select {
	case in.poke <- struct{}{}:
	default:
	}
}

// Once connects, hands every new mail to h in UID order, files what h
// accepted, and logs out. It returns the first error, the handler's
// included.
func (in *Intake) Once(ctx context.Context, h Handler) error {
	err := in.once(ctx, h)
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("mail: intake stopped: %w", ctx.Err())
	}
	return err
}

func (in *Intake) once(ctx context.Context, h Handler) error {
	s, err := in.connect(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	if _, err := s.pass(ctx, h); err != nil {
		return err
	}
	return s.logout()
}

// Run fetches and hands over mail until ctx is done, then returns nil. After
// each pass it waits with IDLE where the server offers it (and at most Poll),
// else for Poll. It reconnects after any connection error with capped
// exponential backoff and jitter; it warns when the connection fails and
// tells when it works again, not at every retry. A connection works once a
// whole pass went through: one that logs in and then fails every time backs
// off like one that cannot connect. A handler error is logged, and the mail
// is tried again on the next pass. Only an invalid configuration makes Run
// return early, with an error.
func (in *Intake) Run(ctx context.Context, h Handler) error {
	if _, err := in.opts.TLS.check(); err != nil {
		return err
	}
	var retry backoff
	failures := 0 // in a row; the first is logged as a warning, the rest at debug
	for {
		err := in.serve(ctx, h, func(s *session) {
			in.log.Info("imap connected", "uidvalidity", s.validity, "idle", s.idle, "failed_attempts", failures)
			in.opts.Observer.IMAPConnected()
			failures = 0
			retry.reset()
		})
		if ctx.Err() != nil {
			return nil
		}
		in.opts.Observer.IMAPFailed(err)
		delay := retry.next()
		if failures == 0 {
			in.log.Warn("imap connection failed; retrying until it works", "err", err)
		} else {
			in.log.Debug("imap connection failed again", "err", err, "retry_in", delay)
		}
		failures++
		if clock.Sleep(ctx, in.clock, delay) != nil {
			return nil
		}
	}
}

// serve runs passes over one connection until it fails. It calls works
// after the first pass that did not fail on the connection. After a pass
// that handed mail over it looks again at once: mail that came while the
// pass was busy is taken then, without waiting for IDLE, which Dovecot
// reports half a second late, or for Poll.
func (in *Intake) serve(ctx context.Context, h Handler, works func(*session)) error {
	s, err := in.connect(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	for first := true; ; first = false {
		accepted, err := s.pass(ctx, h)
		if err != nil {
			var he *handlerError
			if !errors.As(err, &he) {
				return err
			}
			in.log.Error("handle mail; it stays in the mailbox", "uid", he.uid, "err", he.err)
		}
		if first {
			works(s)
		}
		if accepted > 0 && err == nil && ctx.Err() == nil {
			continue
		}
		if err := s.wait(ctx); err != nil {
			return err
		}
	}
}

// dial opens the TCP connection under a watchdog; TLS, implicit or not,
// is done over it, so that the watchdog sees the raw bytes.
func (in *Intake) dial(ctx context.Context) (*watchdog, error) {
	d := &net.Dialer{Timeout: in.opts.Timeout}
	conn, err := d.DialContext(ctx, "tcp", in.opts.Addr)
	if err != nil {
		return nil, err
	}
	return newWatchdog(conn, in.opts.Timeout), nil
}

func (in *Intake) tlsConfig() *tls.Config {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if in.opts.TLSConfig != nil {
		cfg = in.opts.TLSConfig.Clone()
	}
	if cfg.ServerName == "" {
		cfg.ServerName, _, _ = net.SplitHostPort(in.opts.Addr)
	}
	return cfg
}

// handlerError is a failure of the Handler, not of the connection.
type handlerError struct {
	uid uint32
	err error
}

func (e *handlerError) Error() string { return fmt.Sprintf("mail: handle uid %d: %v", e.uid, e.err) }
func (e *handlerError) Unwrap() error { return e.err }

// backoff is a capped exponential backoff with jitter: each delay is drawn
// from the upper half of the current step.
type backoff struct{ n int }

func (b *backoff) reset() { b.n = 0 }

func (b *backoff) next() time.Duration {
	d := backoffMax
	if b.n < 16 {
		d = min(backoffMin<<b.n, backoffMax)
	}
	b.n++
	return d/2 + rand.N(d/2+1)
}
