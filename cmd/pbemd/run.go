package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/web"
	"github.com/pbemd/pbemd/workflow"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/control"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/metrics"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/store"
)

var errLocked = store.ErrLocked

// lockWait is how long a command waits for the data file while another
// process holds it: long enough for a CLI command that reads it directly
// for a moment, short enough that a second daemon gives up at once.
const lockWait = time.Second

// readyMsg is what the daemon logs once it is ready: main has installed
// its SIGTERM handler, the store is open and the control socket listens.
// Whoever signals a daemon they started waits for it first.
const readyMsg = "pbemd running"

// cmdRun runs the daemon. Under systemd (Type=notify) it reports ready once
// the store is open and the control socket (and the metrics listener, if
// configured) listens, just before the moderator's loops start, and
// stopping when SIGTERM arrives.
func cmdRun(ctx context.Context, e *env, args []string) error {
	d, err := openDaemon(ctx, e, newFlags("run"), args)
	if err != nil {
		return err
	}
	defer d.db.Close()
	stopControl, err := d.serveControl(ctx)
	if err != nil {
		return err
	}
	defer stopControl()
	stopMetrics, metricsAddr, err := d.serveMetrics()
	if err != nil {
		return err
	}
	defer stopMetrics()
	stopWeb, webAddr, err := d.serveWeb()
	if err != nil {
		return err
	}
	defer stopWeb()
	d.log.Info(readyMsg, "data", d.cfg.Data, "control", control.SocketPath(d.cfg.Data), "address", d.cfg.Address,
		"imap", d.cfg.IMAP.Host, "smtp", d.cfg.SMTP.Host, "metrics", metricsAddr, "web", webAddr)
	d.notify(notifyReady)
	var once sync.Once
	stopping := func() { // at SIGTERM, or when the loops end on their own
		once.Do(func() {
			d.log.Info("pbemd stopping")
			d.notify(notifyStopping)
		})
	}
	stopAfter := context.AfterFunc(ctx, stopping)
	err = d.mod.Run(ctx)
	stopAfter()
	stopping() // waits for the AfterFunc if it is under way
	stopControl()
	stopMetrics()
	stopWeb()
	d.log.Info("pbemd stopped")
	return err
}

// serveControl serves the admin commands on the data file's control
// socket until the returned stop is called, which waits for commands under
// way to finish.
func (d *daemon) serveControl(ctx context.Context) (stop func(), err error) {
	ln, err := control.Listen(d.cfg.Data)
	if err != nil {
		return nil, err
	}
	srv := control.NewServer(control.ServerOptions{
		Backend: control.NewAdmin(d.db, rules.Registry(), d.mod), Data: d.cfg.Data, Started: time.Now(), Logger: d.log.With("loop", "control"),
	})
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := srv.Serve(ctx, ln); err != nil {
			d.log.Error("control socket stopped", "err", err)
		}
	})
	return func() { cancel(); wg.Wait() }, nil
}

// serveMetrics serves /metrics and /healthz where the config says, until
// the returned stop is called; addr is where, or "off".
func (d *daemon) serveMetrics() (stop func(), addr string, err error) {
	if d.metrics == nil {
		return func() {}, "off", nil
	}
	stop, bound, err := d.metrics.Start(d.cfg.Metrics.Listen)
	if err != nil {
		return nil, "", err
	}
	return stop, bound.String(), nil
}

// serveWeb serves the players' pages where the config says, until the
// returned stop is called; addr is where, or "off".
func (d *daemon) serveWeb() (stop func(), addr string, err error) {
	if d.pages == nil {
		return func() {}, "off", nil
	}
	srv := web.New(web.Options{DB: d.db, Rules: rules.Registry(), Moderation: d.mod.Moderation, Pages: d.pages,
		Address: d.cfg.Address, Clock: clock.System{}, Logger: d.log.With("loop", "web")})
	stop, bound, err := srv.Start(d.cfg.Web.Listen)
	if err != nil {
		return nil, "", err
	}
	return stop, bound.String(), nil
}

// daemon is a config with its store, logger and moderator, the metrics it
// reports to and the links of the pages it serves, when the config asks
// for them.
type daemon struct {
	cfg     *config.Config
	db      *store.DB
	log     *slog.Logger
	mod     *moderator.Moderator
	sender  *mail.Sender
	metrics *metrics.Metrics
	pages   *workflow.Pages
}

// notify tells systemd the daemon's state; a failure is only logged, as
// the daemon works without systemd.
func (d *daemon) notify(state string) {
	if err := sdNotify(state); err != nil {
		d.log.Warn("notify systemd", "state", state, "err", err)
	}
}

// openDaemon adds --config to the command's flags, parses them, opens the
// store and wires the moderator to the configured mail servers.
func openDaemon(ctx context.Context, e *env, fs *flag.FlagSet, args []string) (*daemon, error) {
	path := fs.String("config", "", "the daemon config `FILE`")
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	if *path == "" {
		return nil, usageError{errors.New("--config is required")}
	}
	cfg, err := loadConfig(*path)
	if err != nil {
		return nil, err
	}
	return newDaemon(ctx, e, cfg)
}

// newDaemon opens the store a config names and wires the moderator to the
// configured mail servers.
func newDaemon(ctx context.Context, e *env, cfg *config.Config) (*daemon, error) {
	log := newLogger(e.stderr, cfg.Log.Format, cfg.Log.Level)
	imapPass, err := cfg.IMAP.Password()
	if err != nil {
		return nil, configError{err}
	}
	smtpPass, err := cfg.SMTP.Password()
	if err != nil {
		return nil, configError{err}
	}
	db, err := openData(ctx, cfg.Data, log)
	if err != nil {
		return nil, err
	}
	d := &daemon{cfg: cfg, db: db, log: log, sender: mail.NewSender(mail.SenderOptions{
		Host: cfg.SMTP.Host, Port: cfg.SMTP.Port, TLS: mail.TLSMode(cfg.SMTP.TLS),
		User: cfg.SMTP.User, Password: smtpPass, HELO: cfg.SMTP.HELO, Logger: log.With("loop", "sender"),
	})}
	opts := moderator.Options{
		DB: db, Rulesets: rules.Registry(), Address: cfg.Address, Mailbox: cfg.IMAP.Mailbox, Logger: log,
		Parse: mail.ParseOptions{MaxAttachmentBytes: cfg.Limits.MaxAttachmentBytes, AuthServID: cfg.Auth.AuthServID},
		DKIM:  dkimVerifier(cfg.Auth),
		Limits: moderator.Limits{
			SenderMailsPerHour:          int(cfg.Limits.SenderMailsPerHour),
			UnauthenticatedMailsPerHour: int(cfg.Limits.UnauthenticatedMailsPerHour),
			IgnoredMailsPerHour:         int(cfg.Limits.IgnoredMailsPerHour),
		},
		Retention: cfg.Retention.Mail,
		TurnCache: cfg.Cache.Turns,
		Sender:    d.sender,
	}
	intake := mail.IntakeOptions{
		Addr: fmt.Sprintf("%s:%d", cfg.IMAP.Host, cfg.IMAP.Port), TLS: mail.TLSMode(cfg.IMAP.TLS),
		User: cfg.IMAP.User, Password: imapPass, Mailbox: cfg.IMAP.Mailbox, Processed: cfg.IMAP.Processed,
		Poll: cfg.IMAP.Poll, MaxMessageBytes: cfg.Limits.MaxMessageBytes, Logger: log.With("loop", "intake"),
	}
	if cfg.Metrics.Listen != "" {
		// A scrape reads the campaigns through the daemon's cache, made
		// below, before anything is served.
		campaigns := func(tx *store.Tx) ([]*store.Campaign, error) { return d.mod.Campaigns.All(tx) }
		d.metrics = metrics.New(metrics.Options{DB: db, Campaigns: campaigns, Logger: log.With("loop", "metrics")})
		opts.Observer, intake.Observer = d.metrics, d.metrics
	}
	if cfg.Web.Listen != "" {
		key, err := web.LoadKey(cfg.Web.KeyFile)
		if err != nil {
			db.Close()
			return nil, configError{err}
		}
		d.pages = workflow.NewPages(cfg.Web.BaseURL, key)
		opts.Pages = d.pages
	}
	opts.Intake = mail.NewIntake(intake)
	d.mod = moderator.New(opts)
	return d, nil
}

// dkimVerifier returns the DKIM check the config asks for, or nil.
func dkimVerifier(a config.Auth) *mail.DKIMVerifier {
	if !a.DKIMVerify {
		return nil
	}
	return mail.NewDKIMVerifier(mail.DKIMOptions{Resolver: a.DNS})
}

// loadConfig loads the daemon config; any problem with it is a
// configError.
func loadConfig(path string) (*config.Config, error) {
	cfg, err := config.Load(path)
	if err != nil {
		return nil, configError{err}
	}
	return cfg, nil
}

// openData opens the data file for the daemon or for init, and warns on
// log if other users may read it. If a daemon runs on it, it says which at
// once, without waiting for the file's lock.
func openData(ctx context.Context, data string, log *slog.Logger) (*store.DB, error) {
	if c, err := control.Dial(ctx, data); err == nil {
		d := c.Daemon()
		c.Close()
		return nil, fmt.Errorf("%s: %w: pbemd (pid %d) has been running on it since %s; stop it first, or reach it with pbemd init, status, resolve, report or backup",
			data, errLocked, d.PID, d.Started.Local().Format(time.DateTime))
	}
	db, err := store.Open(data, store.Options{LockTimeout: lockWait, Logger: log})
	if errors.Is(err, errLocked) {
		return nil, fmt.Errorf("%w (a daemon starting or stopping, or a pbemd command using the file directly)", err)
	}
	return db, err
}
