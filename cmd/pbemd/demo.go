package main

import (
	"context"

	"github.com/pbemd/pbemd/demo"
)

func cmdDemo(ctx context.Context, e *env, args []string) error {
	fs := newFlags("demo")
	var opts demo.Options
	fs.StringVar(&opts.Rules, "rules", "eaw", "the `RULES` to play: eaw (Frontier Wars) or thunderdome (Thunderdome IV)")
	fs.DurationVar(&opts.Turn, "turn", 0, "the `DURATION` of a Frontier Wars turn (default 3m)")
	fs.DurationVar(&opts.FirstTurn, "first-turn", 0, "the `DURATION` of Frontier Wars' first turn, which waits for you to set up a mail client; it ends early once your orders are final (default 30m, or --turn if longer)")
	fs.StringVar(&opts.Data, "data", "", "the bbolt data `FILE` (default: a temporary file)")
	level := fs.String("log", "warn", "log `LEVEL`: debug, info, warn or error")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	opts.Stdout = e.stdout
	opts.Logger = newLogger(e.stderr, "text", *level)
	return demo.Run(ctx, opts)
}
