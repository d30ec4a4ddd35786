package main

import (
	"context"
	"errors"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/control"
)

// cmdReport shows a player's report as the player received it, through
// the daemon if it runs.
func cmdReport(ctx context.Context, e *env, args []string) error {
	fs := newFlags("report")
	loc := addDataFlags(fs)
	turn := fs.Int("turn", 0, "the turn `N` whose report to show, as the mail's subject names it (default: the latest; 1: the first report)")
	format := fs.String("format", "text", "the report `FORMAT`: text, html, json, png, or orders (the order template the mail carried)")
	positional, flags := splitPositional(args, 2)
	if err := parseFlags(fs, flags); err != nil {
		return err
	}
	if len(positional) != 2 || fs.NArg() > 0 {
		return usageError{errors.New("name a campaign and a player")}
	}
	if err := control.CheckFormat(*format); err != nil {
		return usageError{err}
	}
	data, _, err := loc.load()
	if err != nil {
		return err
	}
	req := control.ReportRequest{Campaign: campaign.ID(positional[0]), Player: campaign.PlayerID(positional[1]), Turn: *turn, Format: *format}
	return withBackend(ctx, e, data, nil, func(b control.Backend) error {
		out, err := b.Report(ctx, req)
		if err != nil {
			return err
		}
		_, err = e.stdout.Write(out)
		return err
	})
}

// splitPositional takes up to n leading arguments that are not flags, so
// that flags may follow them ("report frontier vorn --turn 3").
func splitPositional(args []string, n int) (positional, flags []string) {
	for len(args) > 0 && len(positional) < n && (len(args[0]) == 0 || args[0][0] != '-') {
		positional, args = append(positional, args[0]), args[1:]
	}
	return positional, args
}
