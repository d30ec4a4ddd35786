package replay

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/workflow"
)

// SimOptions configure Simulate.
type SimOptions struct {
	Scenario *config.Scenario
	// Rulesets holds the scenario's ruleset.
	Rulesets *game.Registry
	// Orders is a directory holding turn-<n>/<player>.yaml.
	Orders string
	Turns  int
	// Out receives turn-<n>/state.json and, for each player,
	// turn-<n>/<player>/report.txt, report.json, report.html and map.png.
	Out string
	// Log receives one line per turn and per rejected order file.
	Log io.Writer
}

// simEpoch is the instant an offline campaign starts: deadlines in its
// reports follow the scenario's schedule from here, so the same inputs
// always give the same files.
func simEpoch() time.Time { return time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC) }

// Simulate plays a campaign offline, with no mail: the same ruleset as
// the daemon, minus tokens and deadlines. An invalid order file is
// reported and skipped, as the daemon would reject the mail.
func Simulate(opts SimOptions) error {
	st := opts.Scenario.State
	loc, err := opts.Scenario.Schedule.Location()
	if err != nil {
		return err
	}
	rs, err := opts.Rulesets.Lookup(st.Rules.Preset)
	if err != nil {
		return err
	}
	deadline := simEpoch()
	first := st.Turn
	for n := first; n < first+opts.Turns && !st.Over(); n++ {
		subs, err := simOrders(rs, st, opts.Orders, n, opts.Log)
		if err != nil {
			return err
		}
		res := rs.Resolve(game.Turn{State: st, Orders: subs})
		if deadline, err = opts.Scenario.Schedule.Next(deadline); err != nil {
			return err
		}
		if err := writeTurn(rs, opts.Out, n, res, deadline, loc); err != nil {
			return err
		}
		fmt.Fprintf(opts.Log, "turn %d resolved: %d events, %d orders files\n", n, len(res.Events), len(subs))
		st = res.Next
	}
	return nil
}

// simOrders reads turn-<n>/<player>.yaml for every player; a missing file
// means no orders.
func simOrders(rs game.Ruleset, st *campaign.State, dir string, n int, log io.Writer) (map[campaign.PlayerID]*orders.Submission, error) {
	subs := map[campaign.PlayerID]*orders.Submission{}
	for _, p := range st.Players {
		path := filepath.Join(dir, fmt.Sprintf("turn-%d", n), string(p.ID)+".yaml")
		src, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read orders: %w", err)
		}
		sub, err := orders.Parse(src, orders.Only(rs.Kinds()))
		if err == nil {
			err = simHeader(st, sub, p.ID, n)
		}
		if err == nil {
			_, err = rs.Check(st, sub)
		}
		if err != nil {
			fmt.Fprintf(log, "%s: skipped:\n%s\n", path, prefixed(path, err))
			continue
		}
		subs[p.ID] = sub
	}
	return subs, nil
}

func simHeader(st *campaign.State, sub *orders.Submission, player campaign.PlayerID, n int) error {
	var ps orders.Problems
	if sub.Campaign != st.Campaign {
		ps = append(ps, orders.Problem{Pos: sub.Pos["campaign"], Msg: fmt.Sprintf("campaign is %q, want %q", sub.Campaign, st.Campaign)})
	}
	if sub.Player != player {
		ps = append(ps, orders.Problem{Pos: sub.Pos["player"], Msg: fmt.Sprintf("player is %q, but the file is %s's", sub.Player, player)})
	}
	if sub.Turn != n {
		ps = append(ps, orders.Problem{Pos: sub.Pos["turn"], Msg: fmt.Sprintf("turn is %d, want %d", sub.Turn, n)})
	}
	if len(ps) > 0 {
		return ps
	}
	return nil
}

func prefixed(path string, err error) string {
	var ps orders.Problems
	if !errors.As(err, &ps) {
		return "  " + err.Error()
	}
	out := ""
	for _, p := range ps {
		out += fmt.Sprintf("  %s:%s\n", path, p.Error())
	}
	return out
}

// simFiles are the files Simulate writes for each player, and their
// formats.
var simFiles = []struct {
	name   string
	format game.Format
}{{"report.txt", game.FormatText}, {"report.json", game.FormatJSON}, {"report.html", game.FormatHTML}, {"map.png", game.FormatPNG}}

// writeTurn writes the state after turn n and every player's files,
// rendering several at once.
func writeTurn(rs game.Ruleset, out string, n int, res *game.Result, deadline time.Time, loc *time.Location) error {
	dir := filepath.Join(out, fmt.Sprintf("turn-%d", n))
	state, err := report.JSON(res.Next)
	if err != nil {
		return fmt.Errorf("encode state after turn %d: %w", n, err)
	}
	if err := writeFile(filepath.Join(dir, "state.json"), append(state, '\n')); err != nil {
		return fmt.Errorf("write turn %d: %w", n, err)
	}
	return workflow.EachIndex(len(res.Views)*len(simFiles), func(k int) error {
		i, file := k/len(simFiles), simFiles[k%len(simFiles)]
		v := res.Views[i]
		opts := game.ReportOptions{Deadline: deadline, Location: workflow.Zone(res.Next.Players[i].TimeZone, loc), SchemaRef: workflow.SchemaFile, MapSrc: "map.png"}
		data, err := rs.Render(v, file.format, opts)
		if err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dir, string(v.Header().Player), file.name), data); err != nil {
			return fmt.Errorf("write turn %d: %w", n, err)
		}
		return nil
	})
}

// writeFile writes data to path, making its directory if need be.
func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
