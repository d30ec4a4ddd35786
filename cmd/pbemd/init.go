package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/pbemd/pbemd/config"
)

func cmdInit(ctx context.Context, e *env, args []string) error {
	fs := newFlags("init")
	scenario := fs.String("scenario", "", "the scenario `FILE`")
	d, err := openDaemon(ctx, e, fs, args)
	if err != nil {
		return err
	}
	defer d.db.Close()
	if *scenario == "" {
		return usageError{errors.New("--scenario is required")}
	}
	sc, err := config.LoadScenario(*scenario)
	if err != nil {
		return err
	}
	seats, err := d.mod.CreateCampaign(ctx, sc)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "campaign %s created with %d players; turn 1 is open\n", sc.State.Campaign, len(seats))
	fmt.Fprintf(e.stdout, "the GM (%s) gets the GM token and the commands by mail\n", sc.GM.Email)
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
