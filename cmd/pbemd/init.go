package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/pbemd/pbemd/rules"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/control"
	"github.com/pbemd/pbemd/report"
)

// cmdInit creates a campaign from a scenario. The command reads the file,
// with the caller's permissions and working directory. If a daemon runs on
// the data file, it creates the campaign and sends the welcomes;
// otherwise the command opens the file itself and sends them at once.
func cmdInit(ctx context.Context, e *env, args []string) error {
	fs := newFlags("init")
	cfgPath := fs.String("config", "", "the daemon config `FILE`")
	scenario := fs.String("scenario", "", "the scenario `FILE`")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *cfgPath == "" || *scenario == "" {
		return usageError{errors.New("--config and --scenario are required")}
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	data, err := config.ReadScenario(*scenario)
	if err != nil {
		return err
	}
	req := control.CreateRequest{File: *scenario, Scenario: data}
	c, err := control.Dial(ctx, cfg.Data)
	if err == nil {
		defer c.Close()
		res, err := c.Create(ctx, req)
		if err != nil {
			return err
		}
		printCreated(e.stdout, res)
		fmt.Fprintf(e.stdout, "the daemon (pid %d) is sending the welcome and report mails (%d mails in the outbox)\n", c.Daemon().PID, res.Outbox)
		return nil
	}
	if !errors.Is(err, control.ErrNoDaemon) {
		return err
	}
	return initDirectly(ctx, e, cfg, req)
}

// initDirectly creates the campaign on the data file, with no daemon
// running, and sends the welcomes at once; what the SMTP server does not
// take waits in the outbox for `pbemd run`.
func initDirectly(ctx context.Context, e *env, cfg *config.Config, req control.CreateRequest) error {
	d, err := newDaemon(ctx, e, cfg)
	if err != nil {
		return err
	}
	defer d.db.Close()
	res, err := control.NewAdmin(d.db, rules.Registry(), d.mod).Create(ctx, req)
	if err != nil {
		return err
	}
	printCreated(e.stdout, res)
	defer d.sender.Close()
	total := 0
	for {
		sent, err := d.mod.Flush(ctx)
		total += sent
		if err != nil {
			fmt.Fprintf(e.stdout, "%d mails sent; the rest stay queued until `pbemd run` reaches the SMTP server: %v\n", total, err)
			return nil
		}
		if sent == 0 {
			fmt.Fprintf(e.stdout, "%d welcome and report mails sent\n", total)
			return nil
		}
	}
}

func printCreated(w io.Writer, res *control.Created) {
	fmt.Fprintf(w, "campaign %s created with %d players; turn %d is open until %s\n",
		res.Campaign, res.Players, res.Turn, report.FormatDeadline(res.Deadline, time.UTC))
	fmt.Fprintf(w, "the GM (%s) gets the GM token and the commands by mail\n", res.GM)
}
