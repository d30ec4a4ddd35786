package localmail

import (
	"context"
	"crypto/subtle"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-smtp"

	"github.com/pbemd/pbemd/internal/clock"
)

// Options configures a World. The zero value works.
type Options struct {
	Domain string       // mail domain of every user; default "pbemd.test"
	Logger *slog.Logger // server errors; default discards
	Clock  clock.Clock  // internal dates of delivered mail; default clock.System{}
	// TLSConfig, when set, makes both servers offer STARTTLS with it.
	// Plain-text login stays allowed.
	TLSConfig *tls.Config
}

// World is a running mail system: IMAP and SMTP on 127.0.0.1 sharing one set
// of users and mailboxes.
type World struct {
	IMAPAddr string // host:port of the IMAP server (no TLS)
	SMTPAddr string // host:port of the SMTP server (no TLS)
	Domain   string

	log   *slog.Logger
	clock clock.Clock
	imap  *imapserver.Server
	smtp  *smtp.Server
	// lns are closed by Close too: a server closed before its Serve
	// began would otherwise never see its listener, and Serve would block.
	lns []net.Listener
	wg  sync.WaitGroup

	mu       sync.Mutex
	users    map[string]*account // by lower-case local part
	failData []*smtp.SMTPError
	change   chan struct{} // closed and cleared by touch; see changed
}

// account is one user's mailboxes and password. The password is checked
// here, not by imapmemserver, so that AddUser can change it.
type account struct {
	local    string
	password string // guarded by World.mu
	mem      *imapmemserver.User
}

// New starts a World listening on 127.0.0.1:0 for IMAP and SMTP.
func New(opts Options) (*World, error) {
	w := &World{Domain: opts.Domain, log: opts.Logger, clock: opts.Clock, users: map[string]*account{}}
	if w.Domain == "" {
		w.Domain = "pbemd.test"
	}
	if w.log == nil {
		w.log = slog.New(slog.DiscardHandler)
	}
	if w.clock == nil {
		w.clock = clock.System{}
	}
	imapLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("localmail: listen imap: %w", err)
	}
	smtpLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		imapLn.Close()
		return nil, fmt.Errorf("localmail: listen smtp: %w", err)
	}
	w.IMAPAddr, w.SMTPAddr = imapLn.Addr().String(), smtpLn.Addr().String()
	w.lns = []net.Listener{imapLn, smtpLn}
	w.imap = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return &imapSession{w: w}, nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		Logger:       printfLogger{w.log.With("server", "imap"), slog.LevelDebug}, // mostly clients hanging up
		InsecureAuth: true,
		TLSConfig:    opts.TLSConfig,
	})
	w.smtp = newSMTPServer(w)
	w.smtp.TLSConfig = opts.TLSConfig
	w.serve(func() error { return w.imap.Serve(imapLn) })
	w.serve(func() error { return w.smtp.Serve(smtpLn) })
	return w, nil
}

// serve runs a server loop until Close.
func (w *World) serve(run func() error) {
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		if err := run(); err != nil && !errors.Is(err, net.ErrClosed) && !errors.Is(err, smtp.ErrServerClosed) {
			w.log.Error("localmail server stopped", "err", err)
		}
	}()
}

// SMTPHostPort returns the SMTP server's host and port apart, as SMTP
// clients take them.
func (w *World) SMTPHostPort() (string, int) {
	addr := w.lns[1].Addr().(*net.TCPAddr)
	return addr.IP.String(), addr.Port
}

// AddUser creates a user with an empty INBOX and returns its address,
// local@Domain. SMTP mail to that address lands in that INBOX. Adding an
// existing user again changes its password and keeps its mail.
func (w *World) AddUser(local, password string) string {
	key := strings.ToLower(local)
	w.mu.Lock()
	defer w.mu.Unlock()
	if acc, ok := w.users[key]; ok {
		acc.password = password
		return key + "@" + w.Domain
	}
	acc := &account{local: key, password: password, mem: imapmemserver.NewUser(key, password)}
	if err := acc.mem.Create("INBOX", nil); err != nil {
		panic(fmt.Sprintf("localmail: create INBOX of new user %s: %v", key, err))
	}
	w.users[key] = acc
	return key + "@" + w.Domain
}

// Close stops both servers: it closes the listeners and every open
// connection, and waits for the accept loops to end.
func (w *World) Close() error {
	errIMAP := w.imap.Close()
	errSMTP := w.smtp.Close()
	for _, ln := range w.lns {
		ln.Close() // already closed if its server got to Serve
	}
	w.wg.Wait()
	if err := errors.Join(errIMAP, errSMTP); err != nil {
		return fmt.Errorf("localmail: close: %w", err)
	}
	return nil
}

// TB is the part of testing.TB that Start needs.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// Start starts a World for a test and closes it when the test ends.
func Start(t TB, opts Options) *World {
	t.Helper()
	w, err := New(opts)
	if err != nil {
		t.Fatalf("start localmail: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

// FailNextData makes the SMTP server answer the next DATA with err instead
// of delivering. Each call queues one failure, consumed in order.
func (w *World) FailNextData(err *smtp.SMTPError) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.failData = append(w.failData, err)
}

// takeFailure pops the next queued DATA failure, or returns nil.
func (w *World) takeFailure() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.failData) == 0 {
		return nil
	}
	err := w.failData[0]
	w.failData = w.failData[1:]
	return err
}

// account finds a user by local part or by local@Domain.
func (w *World) account(name string) *account {
	local, domain, found := strings.Cut(strings.ToLower(name), "@")
	if found && domain != strings.ToLower(w.Domain) {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.users[local]
}

// login finds the user name and checks its password.
func (w *World) login(name, password string) (*account, bool) {
	acc := w.account(name)
	if acc == nil {
		return nil, false
	}
	w.mu.Lock()
	want := acc.password
	w.mu.Unlock()
	return acc, subtle.ConstantTimeCompare([]byte(password), []byte(want)) == 1
}

func (w *World) now() time.Time { return w.clock.Now() }

// printfLogger lets the servers report their errors through slog.
type printfLogger struct {
	log   *slog.Logger
	level slog.Level
}

func (l printfLogger) Printf(format string, args ...any) {
	l.log.Log(context.Background(), l.level, fmt.Sprintf(format, args...))
}

func (l printfLogger) Println(args ...any) {
	l.log.Log(context.Background(), l.level, strings.TrimSuffix(fmt.Sprintln(args...), "\n"))
}
