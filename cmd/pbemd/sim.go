package main

import (
	"context"
	"errors"

	"github.com/pbemd/pbemd/replay"
	"github.com/pbemd/pbemd/rules"

	"github.com/pbemd/pbemd/config"
)

func cmdSim(ctx context.Context, e *env, args []string) error {
	fs := newFlags("sim")
	scenario := fs.String("scenario", "", "the scenario `FILE`")
	ordersDir := fs.String("orders", "", "the `DIR` of turn-<n>/<player>.yaml order files")
	turns := fs.Int("turns", 1, "the number `N` of turns to play")
	out := fs.String("out", "", "the output `DIR`")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *scenario == "" || *ordersDir == "" || *out == "" || *turns < 1 {
		return usageError{errors.New("--scenario, --orders, --out and a positive --turns are required")}
	}
	sc, err := config.LoadScenario(*scenario, rules.Registry())
	if err != nil {
		return err
	}
	return replay.Simulate(replay.SimOptions{Scenario: sc, Rulesets: rules.Registry(), Orders: *ordersDir, Turns: *turns, Out: *out, Log: e.stdout})
}
