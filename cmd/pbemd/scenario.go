package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/pbemd/pbemd/config"
)

func cmdScenarioCheck(ctx context.Context, e *env, args []string) error {
	if len(args) != 1 {
		return usageError{errors.New("name one scenario file")}
	}
	sc, err := config.LoadScenario(args[0])
	var ps config.Problems
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

func cmdScenarioGenerate(ctx context.Context, e *env, args []string) error {
	fs := newFlags("scenario generate")
	var opts config.GenerateOptions
	fs.IntVar(&opts.Systems, "systems", 2000, "number of systems")
	fs.IntVar(&opts.Players, "players", 64, "number of players")
	fs.IntVar(&opts.FleetsPerPlayer, "fleets", 0, "fleets per player (0: 4000 in all)")
	fs.Uint64Var(&opts.Seed, "seed", 1, "random seed")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	_, err := e.stdout.Write(config.GenerateScenario(opts))
	return err
}

// cmdConfigTest checks a daemon config; a bad one exits 2, as `pbemd run`
// would over it.
func cmdConfigTest(ctx context.Context, e *env, args []string) error {
	if len(args) != 1 {
		return usageError{errors.New("name one config file")}
	}
	cfg, err := loadConfig(args[0])
	if err != nil {
		return err
	}
	for _, get := range []func() (string, error){cfg.IMAP.Password, cfg.SMTP.Password} {
		if _, err := get(); err != nil {
			return configError{err}
		}
	}
	fmt.Fprintf(e.stdout, "%s: no problems\n", args[0])
	return nil
}

func cmdConfigExample(ctx context.Context, e *env, args []string) error {
	_, err := e.stdout.Write(config.Example())
	return err
}
