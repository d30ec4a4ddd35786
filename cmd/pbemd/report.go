package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/templates"
)

// cmdReport shows a player's report as the player received it.
func cmdReport(ctx context.Context, e *env, args []string) error {
	fs := newFlags("report")
	data := fs.String("data", "", "bbolt data file (or --config)")
	cfgPath := fs.String("config", "", "daemon config file naming the data file")
	turn := fs.Int("turn", -1, "the resolved turn whose report to show (default: the latest; 0: the first report)")
	format := fs.String("format", "text", "text, html, json or png")
	positional, flags := splitPositional(args, 2)
	if err := parseFlags(fs, flags); err != nil {
		return err
	}
	if len(positional) != 2 {
		return usageError{errors.New("name a campaign and a player")}
	}
	path, err := dataPath(*data, *cfgPath)
	if err != nil {
		return err
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("data file: %w", err)
	}
	db, err := store.Open(path, store.Options{})
	if errors.Is(err, store.ErrLocked) {
		return fmt.Errorf("%w; stop the daemon to read reports from its data file", err)
	}
	if err != nil {
		return err
	}
	defer db.Close()
	id, player := campaign.ID(positional[0]), campaign.PlayerID(positional[1])
	var latest int
	err = db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign(id)
		if err == nil {
			latest = c.Turn - 1
		}
		return err
	})
	if err != nil {
		return err
	}
	switch {
	case *turn < 0:
		*turn = latest
	case *turn > latest:
		return fmt.Errorf("turn %d of %s is not resolved yet; the latest report is of turn %d (0 is the first report)", *turn, id, latest)
	}
	rep, err := moderator.ReportOf(db, id, player, *turn)
	if err != nil {
		return err
	}
	out, err := renderAs(rep, *format)
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(out)
	return err
}

// renderAs renders a past report in one of the report formats.
func renderAs(rep *moderator.PastReport, format string) ([]byte, error) {
	switch format {
	case "text":
		return []byte(templates.RenderText(rep.View, rep.Deadline, rep.Location)), nil
	case "html":
		html, err := templates.RenderHTML(rep.View, rep.Deadline, rep.Location, "")
		return []byte(html), err
	case "json":
		return templates.ReportJSON(rep.View, rep.Deadline)
	case "png":
		return templates.RenderMap(rep.View, templates.FormatDeadline(rep.Deadline, rep.Location))
	}
	return nil, usageError{fmt.Errorf("unknown format %q: want text, html, json or png", format)}
}

// splitPositional takes up to n leading arguments that are not flags, so
// that flags may follow them ("report frontier vorn --turn 3").
func splitPositional(args []string, n int) (positional, flags []string) {
	for len(args) > 0 && len(positional) < n && (len(args[0]) == 0 || args[0][0] != '-') {
		positional, args = append(positional, args[0]), args[1:]
	}
	return positional, args
}

// dataPath finds the data file from --data or from the config's data key.
func dataPath(data, cfgPath string) (string, error) {
	switch {
	case data != "":
		return data, nil
	case cfgPath != "":
		cfg, err := config.Load(cfgPath)
		if err != nil {
			return "", err
		}
		return cfg.Data, nil
	}
	return "", usageError{errors.New("name the data file with --data or --config")}
}
