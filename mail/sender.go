package mail

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/textproto"
	"strconv"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"
)

// Default SMTP timeouts.
const (
	defaultSMTPTimeout = 30 * time.Second
	// defaultDataTimeout is RFC 5321 §4.5.3.2.6's wait for the reply to
	// the end of a mail, which it sets long to avoid duplicates.
	defaultDataTimeout = 10 * time.Minute
	defaultKeepAlive   = 10 * time.Second
)

// DefaultUnrecorded is SenderOptions.Unrecorded's default: how many mails
// a crash may send twice.
const DefaultUnrecorded = 8

// SenderOptions configures a Sender. Only Host is required.
type SenderOptions struct {
	Host string
	// Port defaults by TLS mode: 465 implicit, 587 starttls, 25 none.
	Port      int
	TLS       TLSMode     // default TLSImplicit
	TLSConfig *tls.Config // default: verify Host, TLS 1.2 or later
	// User and Password log in with AUTH PLAIN; no login when User is empty.
	User, Password string
	HELO           string        // default the local host name
	Timeout        time.Duration // per connect, and per mail up to its content; 0 means 30s
	// DataTimeout bounds sending a mail's content and waiting for the
	// server to accept it; 0 means 10m (RFC 5321 §4.5.3.2.6). A server may
	// take long to accept a mail, scanning it, and giving up on it too
	// early sends it again: each time it is retried, if the server stays
	// slow.
	DataTimeout time.Duration
	// KeepAlive is how long the connection stays open after Send, for the
	// next Send to go on with: while mail comes in, the outbox is drained
	// a few mails at a time, and a connection, a greeting and a login for
	// each few would cost the server and the daemon more than the mail.
	// 0 means 10s; a negative value closes it at once.
	KeepAlive time.Duration
	// Unrecorded is how many mails the server may hold accepted while
	// Send's sent has not yet recorded them: a crash, or a sent that
	// fails, has the caller send at most that many again, each with its
	// Message-ID, so a mail client that dedupes shows it once. Recording
	// them a few at a time makes one disk flush serve several mails,
	// where one per mail would set the pace. 0 or less means
	// DefaultUnrecorded; 1 records each mail before the next may be
	// accepted.
	Unrecorded int
	Logger     *slog.Logger
}

// Sender delivers mail to one SMTP submission server. It is safe for
// concurrent use, but one goroutine draining the outbox is the intent.
type Sender struct {
	opts SenderOptions
	log  *slog.Logger

	mu   sync.Mutex
	kept *conn // the connection kept open after Send, or nil
}

// conn is an open SMTP session, logged in.
type conn struct {
	sc  *smtp.Client
	raw net.Conn
	// idle closes the connection once it has been kept KeepAlive unused.
	idle *time.Timer
}

// hangUp says QUIT, if quit, and closes the connection.
func (c *conn) hangUp(quit bool) {
	if quit {
		_ = c.sc.Quit() // best effort: every mail is accepted or refused already
	}
	c.raw.Close()
}

// SendError is returned by Sender.Send for the mail it could not get past.
type SendError struct {
	Index int   // in the envs given to Send
	Code  int   // SMTP reply code; 0 when the failure was not a reply
	Err   error // what went wrong
}

// ErrNoRecipients is returned (in a SendError) for an Envelope without To.
var ErrNoRecipients = errors.New("mail: envelope has no recipients")

// Error says which mail failed and why.
func (e *SendError) Error() string {
	return fmt.Sprintf("mail: send mail %d: %v", e.Index, e.Err)
}

// Unwrap returns the underlying error.
func (e *SendError) Unwrap() error { return e.Err }

// Temporary reports whether the mail may go through later: the server
// answered 4xx, or the connection failed. A 5xx reply is permanent, and so
// is a mail that cannot be written (no recipients, a CR or LF in an address).
func (e *SendError) Temporary() bool {
	if e.Code != 0 {
		return e.Code/100 == 4
	}
	var ne net.Error
	return errors.As(e.Err, &ne) || errors.Is(e.Err, io.EOF) || errors.Is(e.Err, io.ErrUnexpectedEOF) || errors.Is(e.Err, net.ErrClosed)
}

// NewSender returns a Sender; it does not connect until Send.
func NewSender(opts SenderOptions) *Sender {
	if opts.Timeout <= 0 {
		opts.Timeout = defaultSMTPTimeout
	}
	if opts.DataTimeout <= 0 {
		opts.DataTimeout = defaultDataTimeout
	}
	if opts.Unrecorded <= 0 {
		opts.Unrecorded = DefaultUnrecorded
	}
	if opts.KeepAlive == 0 {
		opts.KeepAlive = defaultKeepAlive
	}
	opts.TLS, _ = opts.TLS.check() // an unknown mode fails in Send
	if opts.Port == 0 {
		opts.Port = map[TLSMode]int{TLSImplicit: 465, TLSStartTLS: 587, TLSNone: 25}[opts.TLS]
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Sender{opts: opts}
	s.log = log.With("smtp", s.addr())
	return s
}

// Send delivers envs over one connection, in order, and hands the indices
// of the mails the server accepted to sent, which records them: in the
// order accepted, one call at a time, each with the mails accepted since
// the call before. sent runs while the next mails are on their way, but a
// mail's DATA ends only while fewer than SenderOptions.Unrecorded mails
// are accepted and not yet recorded, so a crash leaves at most that many
// sent and unrecorded; and the time sent takes to record mail durably is
// hidden behind the transfers. An error from sent stops Send, is returned
// before any error of the mail then on its way, and leaves the mails
// accepted since that call unreported, as a crash would. The
// connection of the previous Send is used if it is still kept
// (KeepAlive), and this one is kept in turn if every mail went through.
//
// When a session that has delivered some mail, or was kept from an earlier
// Send, fails temporarily (a 4xx, as OpenSMTPD answers after 100 mails, or
// a dropped connection), Send reconnects and goes on with the mail that
// failed; a new session that fails on its first mail ends Send. It returns
// the first error it could not get past: a *SendError for a mail, or the
// connection error; the mails before it stay sent.
func (s *Sender) Send(ctx context.Context, envs []Envelope, sent func(accepted []int) error) error {
	if _, err := s.opts.TLS.check(); err != nil {
		return err
	}
	next := 0
	for next < len(envs) {
		start := next
		c, kept, err := s.open(ctx)
		if err != nil {
			return err
		}
		// When ctx ends, no new mail is started, and the connection is
		// closed after sendGrace.
		stop := context.AfterFunc(ctx, func() { time.AfterFunc(sendGrace, func() { c.raw.Close() }) })
		n, err := s.session(ctx, c.sc, envs[start:], func(accepted []int) error {
			for k := range accepted {
				accepted[k] += start
			}
			if err := sent(accepted); err != nil {
				return &recordError{index: accepted[0], err: err}
			}
			return nil
		})
		live := stop()
		next += n
		if err == nil {
			if next == len(envs) && live {
				s.keep(c)
			} else {
				c.hangUp(live)
			}
			continue
		}
		var re *recordError
		c.hangUp(live && !errors.As(err, &re)) // no QUIT in the middle of DATA
		if ctx.Err() != nil {
			return fmt.Errorf("mail: send stopped after %d of %d mails: %w", next, len(envs), ctx.Err())
		}
		var se *SendError
		if errors.As(err, &se) {
			se.Index += start
		}
		if (n == 0 && !kept) || se == nil || !se.Temporary() {
			return err
		}
		s.log.Debug("smtp session refused more mail; reconnecting", "sent", n, "kept", kept, "err", se.Err)
	}
	return nil
}

// Close closes the connection kept open after the last Send, if any.
func (s *Sender) Close() {
	if c := s.take(); c != nil {
		c.hangUp(true)
	}
}

// open returns the kept connection, if any, or a new one; kept says which.
func (s *Sender) open(ctx context.Context) (c *conn, kept bool, err error) {
	if c := s.take(); c != nil {
		return c, true, nil
	}
	c, err = s.dial(ctx)
	return c, false, err
}

// take takes the kept connection, or returns nil.
func (s *Sender) take() *conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.kept
	if c != nil {
		c.idle.Stop()
		s.kept = nil
	}
	return c
}

// keep keeps a connection open for the next Send, for KeepAlive.
func (s *Sender) keep(c *conn) {
	if s.opts.KeepAlive < 0 {
		c.hangUp(true)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.kept != nil { // Send ran concurrently; keep one
		defer s.kept.hangUp(true)
	}
	s.kept = c
	c.idle = time.AfterFunc(s.opts.KeepAlive, func() {
		s.mu.Lock()
		idle := s.kept == c
		if idle {
			s.kept = nil
		}
		s.mu.Unlock()
		if idle {
			c.hangUp(true)
		}
	})
}

// session sends envs over one connection until the first failure and
// returns how many were accepted. A *SendError's Index is within envs.
// The mails accepted go to sent as Send says; its error is returned as it
// is, before any error of the mail on its way meanwhile.
func (s *Sender) session(ctx context.Context, sc *smtp.Client, envs []Envelope, sent func(accepted []int) error) (int, error) {
	r := &sentRecorder{sent: sent, limit: s.opts.Unrecorded}
	for i, env := range envs {
		if err := ctx.Err(); err != nil {
			return i, cmp.Or(r.finish(), err)
		}
		var rerr error
		err := s.sendOne(sc, env, func() error { rerr = r.makeRoom(); return rerr })
		if rerr != nil {
			return i, rerr
		}
		if err != nil {
			return i, cmp.Or(r.finish(), error(&SendError{Index: i, Code: replyCode(err), Err: err}))
		}
		if err := r.accepted(i); err != nil {
			return i + 1, err
		}
	}
	return len(envs), r.finish()
}

// sentRecorder hands the mails a session's server accepted to sent, one call
// at a time beside the transfers, and keeps count of those accepted and
// not yet recorded.
type sentRecorder struct {
	sent  func(accepted []int) error
	limit int // most mails accepted and unrecorded

	pending  []int      // accepted, not yet handed to sent
	busy     chan error // the answer of the call of sent in flight; nil if none
	inFlight int        // how many mails that call records
}

// accepted notes that the server accepted mail i, and hands it to sent
// at once unless a call is in flight; it returns that call's error if the
// call has failed meanwhile.
func (r *sentRecorder) accepted(i int) error {
	r.pending = append(r.pending, i)
	return r.poll()
}

// makeRoom waits until the server may accept one more mail: until fewer
// than limit are accepted and unrecorded.
func (r *sentRecorder) makeRoom() error {
	if err := r.poll(); err != nil {
		return err
	}
	for r.inFlight+len(r.pending) >= r.limit {
		if err := r.wait(); err != nil {
			return err
		}
	}
	return nil
}

// finish waits until every mail accepted is recorded.
func (r *sentRecorder) finish() error {
	for r.busy != nil {
		if err := r.wait(); err != nil {
			return err
		}
	}
	return nil
}

// poll takes the answer of the call in flight if it is in, and starts the
// next call if mails wait for one.
func (r *sentRecorder) poll() error {
	if r.busy != nil {
		select {
		case err := <-r.busy:
			if err := r.answered(err); err != nil {
				return err
			}
		default:
			return nil
		}
	}
	r.start()
	return nil
}

// wait waits for the call in flight, if any, and starts the next.
func (r *sentRecorder) wait() error {
	if r.busy != nil {
		if err := r.answered(<-r.busy); err != nil {
			return err
		}
	}
	r.start()
	return nil
}

// answered ends the call in flight with its answer. After an error the
// mails pending are left unrecorded, as after a crash, and nothing more
// is started.
func (r *sentRecorder) answered(err error) error {
	r.busy, r.inFlight = nil, 0
	if err != nil {
		r.pending = nil
	}
	return err
}

// start hands the mails pending to sent, if any, in a call of its own.
func (r *sentRecorder) start() {
	if r.busy != nil || len(r.pending) == 0 {
		return
	}
	batch := r.pending
	r.pending = nil
	busy := make(chan error, 1)
	r.busy, r.inFlight = busy, len(batch)
	go func() { busy <- r.sent(batch) }()
}

// recordError is an error of Send's sent: the mails from index on were
// accepted, but not recorded as sent.
type recordError struct {
	index int
	err   error
}

func (e *recordError) Error() string {
	return fmt.Sprintf("mail: record mails from %d on as sent: %v", e.index, e.err)
}

func (e *recordError) Unwrap() error { return e.err }

// sendGrace is how long a mail being sent may still take once ctx ends:
// enough for the server's answer to DATA, so a clean shutdown does not cut
// off a mail the server is about to accept (which would then be sent
// again), and well within the 5 s a SIGTERM allows.
const sendGrace = 2 * time.Second

// dial connects, says EHLO, secures the connection and logs in. When ctx
// ends meanwhile, the connection is closed after sendGrace.
func (s *Sender) dial(ctx context.Context) (*conn, error) {
	var raw net.Conn
	stop := func() bool { return false }
	dialFn := func(dctx context.Context, network, addr string) (net.Conn, error) {
		c, err := s.dialRaw(dctx, network, addr)
		if err != nil {
			return nil, err
		}
		raw = c
		stop = context.AfterFunc(ctx, func() { time.AfterFunc(sendGrace, func() { c.Close() }) })
		return c, nil
	}
	c, err := gomail.NewClient(s.opts.Host, append(s.clientOptions(), gomail.WithDialContextFunc(dialFn))...)
	if err != nil {
		return nil, fmt.Errorf("mail: configure smtp client: %w", err)
	}
	sc, err := c.DialToSMTPClientWithContext(ctx)
	stop()
	if err != nil {
		if raw != nil {
			raw.Close()
		}
		return nil, fmt.Errorf("mail: connect to smtp %s: %w", s.addr(), err)
	}
	return &conn{sc: sc, raw: raw}, nil
}

// dialRaw opens the TCP connection, with TLS from the start in implicit
// mode; go-mail does the rest (EHLO, STARTTLS, AUTH).
func (s *Sender) dialRaw(ctx context.Context, network, addr string) (net.Conn, error) {
	d := &net.Dialer{Timeout: s.opts.Timeout}
	if s.opts.TLS == TLSImplicit {
		return (&tls.Dialer{NetDialer: d, Config: s.tlsConfig()}).DialContext(ctx, network, addr)
	}
	return d.DialContext(ctx, network, addr)
}

func (s *Sender) tlsConfig() *tls.Config {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if s.opts.TLSConfig != nil {
		cfg = s.opts.TLSConfig.Clone()
	}
	if cfg.ServerName == "" {
		cfg.ServerName = s.opts.Host
	}
	return cfg
}

func (s *Sender) addr() string { return net.JoinHostPort(s.opts.Host, strconv.Itoa(s.opts.Port)) }

func (s *Sender) clientOptions() []gomail.Option {
	opts := []gomail.Option{
		gomail.WithPort(s.opts.Port),
		gomail.WithTimeout(s.opts.Timeout),
		gomail.WithTLSConfig(s.tlsConfig()),
		// TLS is chosen here, never by go-mail's default (mandatory STARTTLS);
		// implicit TLS is done by dialRaw.
		gomail.WithTLSPolicy(gomail.NoTLS),
	}
	if s.opts.TLS == TLSStartTLS {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.opts.HELO != "" {
		opts = append(opts, gomail.WithHELO(s.opts.HELO))
	}
	if s.opts.User != "" {
		auth := gomail.SMTPAuthPlain
		if s.opts.TLS == TLSNone {
			auth = gomail.SMTPAuthPlainNoEnc
		}
		opts = append(opts, gomail.WithSMTPAuth(auth), gomail.WithUsername(s.opts.User), gomail.WithPassword(s.opts.Password))
	}
	return opts
}

// sendOne runs one MAIL, RCPT..., DATA transaction with env's raw bytes.
// It calls beforeEnd before it ends DATA, and if that fails leaves DATA
// unended, so the server drops the mail when the connection closes.
func (s *Sender) sendOne(sc *smtp.Client, env Envelope, beforeEnd func() error) error {
	if len(env.To) == 0 {
		return ErrNoRecipients
	}
	if err := sc.UpdateDeadline(s.opts.Timeout); err != nil {
		return fmt.Errorf("set deadline: %w", err)
	}
	if err := sc.Mail("<" + env.From + ">"); err != nil {
		return fmt.Errorf("mail from <%s>: %w", env.From, err)
	}
	for _, to := range env.To {
		if err := sc.Rcpt("<" + to + ">"); err != nil {
			return fmt.Errorf("rcpt to <%s>: %w", to, err)
		}
	}
	w, err := sc.Data()
	if err != nil {
		return fmt.Errorf("data: %w", err)
	}
	if err := sc.UpdateDeadline(s.opts.DataTimeout); err != nil {
		w.Close()
		return fmt.Errorf("set deadline: %w", err)
	}
	if _, err := w.Write(env.Raw); err != nil {
		w.Close()
		return fmt.Errorf("write data: %w", err)
	}
	if err := beforeEnd(); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("end data: %w", err)
	}
	return nil
}

// replyCode returns the SMTP reply code in err, or 0.
func replyCode(err error) int {
	var te *textproto.Error
	if errors.As(err, &te) {
		return te.Code
	}
	return 0
}
