package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/control"
	"github.com/pbemd/pbemd/replay"
	"github.com/pbemd/pbemd/store"
)

// cmdVerify resolves a campaign's stored turns again and reports where the
// outcome differs from what was stored, through the daemon if it runs.
// It exits 1 if any turn differs.
func cmdVerify(ctx context.Context, e *env, args []string) error {
	fs := newFlags("verify")
	loc := addDataFlags(fs)
	turn := fs.Int("turn", 0, "verify only the resolution of turn `N` (default: every resolved turn)")
	force := fs.Bool("force", false, "compare the turns resolved by another version of the ruleset too, which are expected to differ")
	positional, flags := splitPositional(args, 1)
	if err := parseFlags(fs, flags); err != nil {
		return err
	}
	switch {
	case len(positional) != 1 || fs.NArg() > 0:
		return usageError{errors.New("name one campaign")}
	case *turn < 0:
		return usageError{fmt.Errorf("--turn %d: turns count from 1", *turn)}
	}
	data, _, err := loc.load()
	if err != nil {
		return err
	}
	req := control.VerifyRequest{Campaign: campaign.ID(positional[0]), Turn: *turn, Force: *force}
	return withBackend(ctx, e, data, nil, func(b control.Backend) error {
		v, err := b.Verify(ctx, req)
		if errors.Is(err, store.ErrCampaignNotFound) || errors.Is(err, store.ErrTurnNotFound) {
			return usageError{err}
		}
		if err != nil {
			return err
		}
		printVerification(e.stdout, v)
		switch bad := v.Differing(); len(bad) {
		case 0:
			return nil
		case 1:
			return fmt.Errorf("%s: turn %d differs from what was stored", v.Campaign, bad[0])
		default:
			return fmt.Errorf("%s: turns %s differ from what was stored", v.Campaign, joinInts(bad))
		}
	})
}

func printVerification(w io.Writer, v *replay.Verification) {
	if len(v.Turns) == 0 {
		fmt.Fprintf(w, "%s: no turn is resolved yet; nothing to verify\n", v.Campaign)
		return
	}
	fmt.Fprintf(w, "%s: resolved again with %s version %d\n", v.Campaign, v.Rules, v.Version)
	for _, t := range v.Turns {
		switch t.Verdict {
		case replay.NotCompared:
			fmt.Fprintf(w, "turn %d: %s: not compared (--force compares it)\n", t.Turn, t.Why)
		default:
			fmt.Fprintf(w, "turn %d: %s\n", t.Turn, t.Verdict)
		}
		for _, d := range t.Differences {
			fmt.Fprintf(w, "  %s\n", d)
		}
		if t.More > 0 {
			fmt.Fprintf(w, "  and %d more differences\n", t.More)
		}
		for _, n := range t.Notes {
			fmt.Fprintf(w, "  note: %s\n", n)
		}
	}
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ", ")
}
