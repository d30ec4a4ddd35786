package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/store"
)

var errLocked = store.ErrLocked

func cmdRun(ctx context.Context, e *env, args []string) error {
	d, err := openDaemon(e, newFlags("run"), args)
	if err != nil {
		return err
	}
	defer d.db.Close()
	d.log.Info("pbemd running", "data", d.cfg.Data, "address", d.cfg.Address, "imap", d.cfg.IMAP.Host, "smtp", d.cfg.SMTP.Host)
	err = d.mod.Run(ctx)
	d.log.Info("pbemd stopped")
	return err
}

// daemon is a config with its store, logger and moderator.
type daemon struct {
	cfg *config.Config
	db  *store.DB
	log *slog.Logger
	mod *moderator.Moderator
}

// openDaemon adds --config to the command's flags, parses them, opens the
// store and wires the moderator to the configured mail servers.
func openDaemon(e *env, fs *flag.FlagSet, args []string) (*daemon, error) {
	path := fs.String("config", "", "daemon config file")
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	if *path == "" {
		return nil, usageError{errors.New("--config is required")}
	}
	cfg, err := config.Load(*path)
	if err != nil {
		return nil, err
	}
	log := newLogger(e.stderr, cfg.Log.Format, cfg.Log.Level)
	imapPass, err := cfg.IMAP.Password()
	if err != nil {
		return nil, err
	}
	smtpPass, err := cfg.SMTP.Password()
	if err != nil {
		return nil, err
	}
	db, err := store.Open(cfg.Data, store.Options{})
	if err != nil {
		return nil, err
	}
	mod := moderator.New(moderator.Options{
		DB: db, Address: cfg.Address, Mailbox: cfg.IMAP.Mailbox, Logger: log,
		Parse: mail.ParseOptions{MaxAttachmentBytes: cfg.Limits.MaxAttachmentBytes},
		Intake: mail.NewIntake(mail.IntakeOptions{
			Addr: fmt.Sprintf("%s:%d", cfg.IMAP.Host, cfg.IMAP.Port), TLS: mail.TLSMode(cfg.IMAP.TLS),
			User: cfg.IMAP.User, Password: imapPass, Mailbox: cfg.IMAP.Mailbox, Processed: cfg.IMAP.Processed,
			Poll: cfg.IMAP.Poll, MaxMessageBytes: cfg.Limits.MaxMessageBytes, Logger: log.With("loop", "intake"),
		}),
		Sender: mail.NewSender(mail.SenderOptions{
			Host: cfg.SMTP.Host, Port: cfg.SMTP.Port, TLS: mail.TLSMode(cfg.SMTP.TLS),
			User: cfg.SMTP.User, Password: smtpPass, HELO: cfg.SMTP.HELO, Logger: log.With("loop", "sender"),
		}),
	})
	return &daemon{cfg: cfg, db: db, log: log, mod: mod}, nil
}
