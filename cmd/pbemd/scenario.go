package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
)

func cmdScenarioCheck(ctx context.Context, e *env, args []string) error {
	args, err := fileArg(newFlags("scenario check"), args, "name one scenario file")
	if err != nil {
		return err
	}
	sc, err := config.LoadScenario(args[0], rules.Registry())
	var ps orders.Problems
	if errors.As(err, &ps) {
		return fmt.Errorf("%w\n%d problems found", ps, len(ps))
	}
	if err != nil {
		return err
	}
	st := sc.State
	fmt.Fprintf(e.stdout, "%s: campaign %s (%q): %d systems, %d lanes, %d players, %d fleets, %d unit classes: no problems\n",
		args[0], st.Campaign, st.Title, len(st.Map.Systems), len(st.Map.Lanes), len(st.Players), len(st.Fleets), len(st.Catalogue))
	return nil
}

// cmdScenarioGenerate prints a scenario of the default ruleset's, of any
// size.
func cmdScenarioGenerate(ctx context.Context, e *env, args []string) error {
	fs := newFlags("scenario generate")
	var size game.ScenarioSize
	fs.IntVar(&size.Systems, "systems", 2000, "the number `N` of systems")
	fs.IntVar(&size.Players, "players", 64, "the number `P` of players")
	fs.IntVar(&size.FleetsPerPlayer, "fleets", 0, "`F` fleets per player (0: 4000 in all)")
	fs.Uint64Var(&size.Seed, "seed", 1, "the random seed `S`")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	rs, err := rules.Registry().Lookup(config.DefaultRules)
	if err != nil {
		return err
	}
	gen, ok := rs.(game.ScenarioGenerator)
	if !ok {
		return fmt.Errorf("rules %s cannot generate scenarios", rs.Name())
	}
	_, err = e.stdout.Write(gen.GenerateScenario(size))
	return err
}

// cmdConfigTest checks a daemon config, and reads its passwords as the
// daemon will, listing every problem; a bad one exits 2, as `pbemd run`
// would over it.
func cmdConfigTest(ctx context.Context, e *env, args []string) error {
	args, err := fileArg(newFlags("config test"), args, "name one config file")
	if err != nil {
		return err
	}
	if _, err := config.Test(args[0]); err != nil {
		return configError{err}
	}
	fmt.Fprintf(e.stdout, "%s: no problems\n", args[0])
	return nil
}

func cmdConfigExample(ctx context.Context, e *env, args []string) error {
	if err := noArgs(newFlags("config example"), args); err != nil {
		return err
	}
	_, err := e.stdout.Write(config.Example())
	return err
}

// fileArg parses the flags of a command that takes one file, which may
// come before or after them, and returns the file as the only argument.
func fileArg(fs *flag.FlagSet, args []string, want string) ([]string, error) {
	positional, flags := splitPositional(args, 1)
	if err := parseFlags(fs, flags); err != nil {
		return nil, err
	}
	positional = append(positional, fs.Args()...)
	if len(positional) != 1 {
		return nil, usageError{errors.New(want)}
	}
	return positional, nil
}

// noArgs parses the flags of a command that takes no arguments.
func noArgs(fs *flag.FlagSet, args []string) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{errors.New("takes no arguments")}
	}
	return nil
}
