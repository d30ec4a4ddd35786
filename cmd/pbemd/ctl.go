package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pbemd/pbemd/rules"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/control"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// dataFlags name the data file: --data, or --config and its data key.
type dataFlags struct {
	data, config *string
}

func addDataFlags(fs *flag.FlagSet) dataFlags {
	return dataFlags{
		data:   fs.String("data", "", "the bbolt data `FILE` (or --config)"),
		config: fs.String("config", "", "the daemon config `FILE` naming the data file"),
	}
}

// load returns the data file, and the config if --config was given.
func (f dataFlags) load() (string, *config.Config, error) {
	switch {
	case *f.data != "" && *f.config != "":
		return "", nil, usageError{errors.New("give --data or --config, not both")}
	case *f.data != "":
		return *f.data, nil, nil
	case *f.config != "":
		cfg, err := loadConfig(*f.config)
		if err != nil {
			return "", nil, err
		}
		return cfg.Data, cfg, nil
	}
	return "", nil, usageError{errors.New("name the data file with --data or --config")}
}

// withBackend runs fn with the daemon running on the data file, through
// its control socket, or else with the file opened directly. With cfg the
// direct Admin has a moderator without mail loops, which can resolve:
// reports then wait in the outbox for the daemon.
func withBackend(ctx context.Context, e *env, data string, cfg *config.Config, fn func(control.Backend) error) error {
	c, err := control.Dial(ctx, data)
	if err == nil {
		defer c.Close()
		return fn(c)
	}
	if !errors.Is(err, control.ErrNoDaemon) {
		return err
	}
	if _, err := os.Stat(data); err != nil {
		return fmt.Errorf("data file: %w", err) // never create one by mistake
	}
	log := newLogger(e.stderr, "text", "warn")
	if cfg != nil {
		log = newLogger(e.stderr, cfg.Log.Format, cfg.Log.Level)
	}
	db, err := store.Open(data, store.Options{LockTimeout: lockWait, Logger: log})
	if errors.Is(err, errLocked) {
		if c, derr := control.Dial(ctx, data); derr == nil { // a daemon came up meanwhile
			defer c.Close()
			return fn(c)
		}
		return fmt.Errorf("%w, and no daemon answers on its control socket %s", err, control.SocketPath(data))
	}
	if err != nil {
		return err
	}
	defer db.Close()
	var mod *moderator.Moderator
	if cfg != nil {
		mod = moderator.New(moderator.Options{DB: db, Rulesets: rules.Registry(), Address: cfg.Address, Mailbox: cfg.IMAP.Mailbox, Logger: log})
	}
	return fn(control.NewAdmin(db, rules.Registry(), mod))
}

// throughDaemon reports whether b is a running daemon.
func throughDaemon(b control.Backend) bool {
	_, ok := b.(*control.Client)
	return ok
}

// cmdStatus shows where every campaign and the outbox stand.
func cmdStatus(ctx context.Context, e *env, args []string) error {
	fs := newFlags("status")
	loc := addDataFlags(fs)
	asJSON := fs.Bool("json", false, "print the status as JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("unexpected argument %q", fs.Arg(0))}
	}
	data, _, err := loc.load()
	if err != nil {
		return err
	}
	return withBackend(ctx, e, data, nil, func(b control.Backend) error {
		st, err := b.Status(ctx)
		if err != nil {
			return err
		}
		if *asJSON {
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(st)
		}
		printStatus(e.stdout, st)
		return nil
	})
}

func printStatus(w io.Writer, st *control.Status) {
	if d := st.Daemon; d != nil {
		fmt.Fprintf(w, "pbemd (pid %d) runs on %s since %s\n", d.PID, st.Data, d.Started.Local().Format(time.DateTime))
	} else {
		fmt.Fprintf(w, "no daemon runs; read %s directly\n", st.Data)
	}
	fmt.Fprintf(w, "outbox: %d mails waiting to be sent, %d refused for good by the SMTP server\n", st.Outbox, st.Failed)
	if len(st.Campaigns) == 0 {
		fmt.Fprintln(w, "\nno campaigns; create one with pbemd init")
	}
	for _, c := range st.Campaigns {
		loc, err := (campaign.Schedule{TimeZone: c.TimeZone}).Location()
		if err != nil {
			loc = time.UTC
		}
		fmt.Fprintf(w, "\n%s (%s): %s, turn %d, deadline %s\n", c.ID, c.Title, c.Status, c.Turn, report.FormatDeadline(c.Deadline, loc))
		fmt.Fprintf(w, "  final:    %s\n  on file:  %s\n  missing:  %s\n", players(c.Final), players(c.OnFile), players(c.Missing))
		if len(c.Waiting) > 0 {
			fmt.Fprintf(w, "  waiting:  %s (not their turn)\n", players(c.Waiting))
		}
		for _, o := range c.Out {
			fmt.Fprintf(w, "  out:      %s: %s\n", o.Player, o.Why)
		}
	}
}

func players(ps []campaign.PlayerID) string {
	if len(ps) == 0 {
		return "-"
	}
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = string(p)
	}
	return strings.Join(s, ", ")
}

// cmdResolve resolves a campaign's open turn now.
func cmdResolve(ctx context.Context, e *env, args []string) error {
	fs := newFlags("resolve")
	cfgPath := fs.String("config", "", "the daemon config `FILE`")
	positional, flags := splitPositional(args, 1)
	if err := parseFlags(fs, flags); err != nil {
		return err
	}
	if len(positional) != 1 || fs.NArg() > 0 {
		return usageError{errors.New("name one campaign")}
	}
	if *cfgPath == "" {
		return usageError{errors.New("--config is required")}
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	return withBackend(ctx, e, cfg.Data, cfg, func(b control.Backend) error {
		res, err := b.Resolve(ctx, campaign.ID(positional[0]))
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%s: turn %d resolved; ", res.Campaign, res.Resolved)
		if res.Status == store.Ended {
			fmt.Fprint(e.stdout, "the campaign has ended")
		} else {
			fmt.Fprintf(e.stdout, "turn %d is open until %s", res.Turn, report.FormatDeadline(res.Deadline, time.UTC))
		}
		if throughDaemon(b) {
			fmt.Fprintf(e.stdout, "; the daemon is sending the reports (%d mails in the outbox)\n", res.Outbox)
		} else {
			fmt.Fprintf(e.stdout, "; the reports wait in the outbox (%d mails) until pbemd run sends them\n", res.Outbox)
		}
		return nil
	})
}

// cmdBackup writes a consistent copy of the data file.
func cmdBackup(ctx context.Context, e *env, args []string) error {
	fs := newFlags("backup")
	loc := addDataFlags(fs)
	out := fs.String("out", "", "the `FILE` to write the copy to")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usageError{errors.New("--out is required")}
	}
	data, _, err := loc.load()
	if err != nil {
		return err
	}
	path, err := filepath.Abs(*out) // a daemon writes it, from its own working directory
	if err != nil {
		return err
	}
	return withBackend(ctx, e, data, nil, func(b control.Backend) error {
		n, err := b.Backup(ctx, path)
		if err != nil {
			return err
		}
		by := "read directly"
		if c, ok := b.(*control.Client); ok {
			by = fmt.Sprintf("written by the daemon, pid %d", c.Daemon().PID)
		}
		fmt.Fprintf(e.stdout, "backed up %s to %s: %d bytes (%s)\n", data, path, n, by)
		return nil
	})
}

// cmdExport writes a campaign to a new file, and with --remove takes it
// out of the data file.
func cmdExport(ctx context.Context, e *env, args []string) error {
	fs := newFlags("export")
	loc := addDataFlags(fs)
	out := fs.String("out", "", "the new `FILE` to write the campaign to")
	remove := fs.Bool("remove", false, "take the campaign out of this data file once it is written")
	positional, flags := splitPositional(args, 1)
	if err := parseFlags(fs, flags); err != nil {
		return err
	}
	if len(positional) != 1 || fs.NArg() > 0 {
		return usageError{errors.New("name one campaign")}
	}
	id := campaign.ID(positional[0])
	if *out == "" {
		return usageError{errors.New("--out is required")}
	}
	data, cfg, err := loc.load()
	if err != nil {
		return err
	}
	path, err := filepath.Abs(*out) // a daemon writes it, from its own working directory
	if err != nil {
		return err
	}
	return withBackend(ctx, e, data, cfg, func(b control.Backend) error {
		m, err := b.Export(ctx, control.ExportRequest{Campaign: id, Path: path, Remove: *remove})
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "exported %s to %s: %d turns, %d mails waiting to be sent\n", m.Campaign, path, m.Turns, m.Outbox)
		if *remove {
			fmt.Fprintf(e.stdout, "%s is no longer in %s; mail for it here now goes unanswered: import it on the other daemon (pbemd import --from %s), and have its GM tell the players the other daemon's address\n", m.Campaign, data, path)
		} else {
			fmt.Fprintf(e.stdout, "%s still runs here: export it again with --remove when you move it, or two daemons would run it\n", m.Campaign)
		}
		return nil
	})
}

// cmdImport adds the campaign of an export to the data file.
func cmdImport(ctx context.Context, e *env, args []string) error {
	fs := newFlags("import")
	loc := addDataFlags(fs)
	from := fs.String("from", "", "the export `FILE` (pbemd export) to add")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *from == "" {
		return usageError{errors.New("--from is required")}
	}
	data, cfg, err := loc.load()
	if err != nil {
		return err
	}
	path, err := filepath.Abs(*from) // a daemon reads it, from its own working directory
	if err != nil {
		return err
	}
	return withBackend(ctx, e, data, cfg, func(b control.Backend) error {
		m, err := b.Import(ctx, path)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "imported %s into %s: %d turns, %d mails waiting to be sent\n", m.Campaign, data, m.Turns, m.Outbox)
		if m.Told {
			fmt.Fprintln(e.stdout, "every player still in it, and its GM, is mailed this daemon's address to write to")
		} else {
			fmt.Fprintln(e.stdout, "nobody was told of the move: with --data, pbemd does not know this daemon's address; have the GM tell the players")
		}
		return nil
	})
}

// cmdRestore puts a backup in place of the data file while no daemon runs.
func cmdRestore(ctx context.Context, e *env, args []string) error {
	fs := newFlags("restore")
	loc := addDataFlags(fs)
	from := fs.String("from", "", "the backup `FILE` to restore")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *from == "" {
		return usageError{errors.New("--from is required")}
	}
	data, _, err := loc.load()
	if err != nil {
		return err
	}
	if err := refuseWhileRunning(ctx, data, "restore"); err != nil {
		return err
	}
	res, err := store.Restore(*from, data, store.RestoreOptions{Now: time.Now(), LockTimeout: lockWait})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "restored %s to %s: %d campaigns, consistent\n", *from, data, res.Campaigns)
	if res.Kept != "" {
		fmt.Fprintf(e.stdout, "the replaced data file is kept as %s\n", res.Kept)
	}
	fmt.Fprintln(e.stdout, "mail the daemon handled after the backup was taken is in the processed folder and is not read again; see README.md, Backup and restore, before you start the daemon")
	return nil
}

// cmdCompact rewrites the data file without its free pages while no
// daemon runs.
func cmdCompact(ctx context.Context, e *env, args []string) error {
	fs := newFlags("compact")
	loc := addDataFlags(fs)
	if err := noArgs(fs, args); err != nil {
		return err
	}
	data, _, err := loc.load()
	if err != nil {
		return err
	}
	if err := refuseWhileRunning(ctx, data, "compact"); err != nil {
		return err
	}
	res, err := store.Compact(data, store.CompactOptions{Now: time.Now(), LockTimeout: lockWait})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "compacted %s from %s to %s, %d campaigns, consistent\n", data, mebibytes(res.Before), mebibytes(res.After), res.Campaigns)
	fmt.Fprintf(e.stdout, "the old data file is kept as %s; remove it once the daemon runs well on the new one\n", res.Kept)
	return nil
}

// refuseWhileRunning returns an error wrapping errLocked if a daemon runs
// on the data file: command replaces the file, which the daemon holds.
func refuseWhileRunning(ctx context.Context, data, command string) error {
	c, err := control.Dial(ctx, data)
	if err != nil {
		return nil
	}
	d := c.Daemon()
	c.Close()
	return fmt.Errorf("%s: %w: pbemd (pid %d) runs on it; stop the daemon first (systemctl stop pbemd), then %s", data, errLocked, d.PID, command)
}

func mebibytes(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
