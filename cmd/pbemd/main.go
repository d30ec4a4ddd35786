// Command pbemd moderates play-by-email space-war campaigns. Run
// "pbemd help" for the subcommands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	_ "time/tzdata" // campaigns name IANA zones; do not depend on the host's zoneinfo

	"github.com/pbemd/pbemd/internal/buildinfo"
	"github.com/pbemd/pbemd/orders"
)

// Exit codes.
const (
	exitOK       = 0
	exitFailure  = 1
	exitUsage    = 2
	exitConfig   = 2 // the daemon config is unusable: as for usage, systemd must not restart (RestartPreventExitStatus=2)
	exitProblems = 3 // a checked file has problems
	exitLocked   = 4 // another pbemd holds the data file
)

// command is one subcommand.
type command struct {
	name, args, help string
	run              func(ctx context.Context, env *env, args []string) error
}

// env is what a command talks to.
type env struct {
	stdout, stderr io.Writer
}

var commands = []command{
	{"run", "--config FILE", "run the daemon: read the inbox, answer mail, resolve turns, send reports", cmdRun},
	{"init", "--config FILE --scenario FILE", "create a campaign from a scenario and mail every player a welcome with their token", cmdInit},
	{"sim", "--scenario FILE --orders DIR --turns N --out DIR", "play a campaign offline from order files, with no mail", cmdSim},
	{"demo", "[--rules eaw|thunderdome] [--turn 3m] [--first-turn 30m] [--data FILE] [--log LEVEL]", "run a campaign with embedded mail servers and scripted players, one seat free for you", cmdDemo},
	{"report", "CAMPAIGN PLAYER (--data FILE | --config FILE) [--turn N] [--format text|html|json|png|orders]", "show a player's report as that player received it", cmdReport},
	{"status", "(--config FILE | --data FILE) [--json]", "show every campaign's turn, deadline and orders on file, and the outbox; through the daemon if it runs", cmdStatus},
	{"resolve", "CAMPAIGN --config FILE", "resolve a campaign's open turn now with the orders on file; through the daemon if it runs", cmdResolve},
	{"verify", "CAMPAIGN (--config FILE | --data FILE) [--turn N] [--force]", "resolve stored turns again from their state, orders and seed and report any difference from the stored outcome and the reports sent, which are checked through the views they were drawn from (pbemd keeps no copy of sent mail); exit 1 if any turn differs; through the daemon if it runs", cmdVerify},
	{"backup", "--out FILE (--config FILE | --data FILE)", "write a consistent copy of the data file, while the daemon runs or not", cmdBackup},
	{"restore", "--from FILE (--config FILE | --data FILE)", "put a backup in place of the data file, keeping the old one; the daemon must be stopped", cmdRestore},
	{"export", "CAMPAIGN --out FILE (--config FILE | --data FILE) [--remove]", "write a campaign and everything of it to a new file, to run it on another daemon; with --remove this data file no longer holds it; through the daemon if it runs", cmdExport},
	{"import", "--from FILE (--config FILE | --data FILE)", "add the campaign of an export to the data file and run it; through the daemon if it runs", cmdImport},
	{"compact", "(--config FILE | --data FILE)", "rewrite the data file without its free space, keeping the old one; the daemon must be stopped", cmdCompact},
	{"scenario check", "FILE", "list every problem in a scenario file, with file:line:col", cmdScenarioCheck},
	{"scenario generate", "[--systems N] [--players P] [--fleets F] [--seed S]", "print a generated scenario, for benchmarks and load tests", cmdScenarioGenerate},
	{"battle simulate", "FILE --seed N [--runs K]", "fight a battle file's battle and print its log, or with --runs the win rates and spread of rounds and losses", cmdBattleSimulate},
	{"config test", "FILE", "check a daemon config file", cmdConfigTest},
	{"config example", "", "print a documented example config", cmdConfigExample},
	{"schema orders", "[--rules NAME]", "print the JSON Schema of the order language, for editors", cmdSchemaOrders},
	{"version", "", "print pbemd's version and the revision it was built from (also --version)", cmdVersion},
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(runMain(ctx, &env{stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func runMain(ctx context.Context, e *env, args []string) int {
	if len(args) > 1 && args[0] == "help" { // pbemd help COMMAND
		args = append(args[1:], "--help")
	}
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		args = append([]string{"version"}, args[1:]...)
	}
	cmd, rest := lookup(args)
	if cmd == nil {
		if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
			usage(e.stdout)
			return exitOK
		}
		usage(e.stderr)
		return exitUsage
	}
	err := cmd.run(ctx, e, rest)
	var hr helpRequest
	var ue usageError
	var ce configError
	var ps orders.Problems
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &hr):
		commandUsage(e.stdout, cmd, hr.flags)
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "pbemd %s: %v\nusage: pbemd %s %s\n", cmd.name, err, cmd.name, cmd.args)
		return exitUsage
	case errors.As(err, &ce) && errors.As(err, &ps):
		fmt.Fprintln(e.stderr, err)
		return exitConfig
	case errors.As(err, &ce):
		fmt.Fprintf(e.stderr, "pbemd %s: %v\n", cmd.name, err)
		return exitConfig
	case errors.As(err, &ps):
		fmt.Fprintln(e.stderr, err)
		return exitProblems
	case errors.Is(err, errLocked):
		fmt.Fprintf(e.stderr, "pbemd %s: %v\n", cmd.name, err)
		return exitLocked
	}
	fmt.Fprintf(e.stderr, "pbemd %s: %v\n", cmd.name, err)
	return exitFailure
}

func lookup(args []string) (*command, []string) {
	for i := range commands {
		c := &commands[i]
		words := len(splitWords(c.name))
		if len(args) >= words && joinWords(args[:words]) == c.name {
			return c, args[words:]
		}
	}
	return nil, nil
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "pbemd moderates play-by-email space-war campaigns.\n\nUsage:")
	for _, c := range commands {
		fmt.Fprintf(w, "  pbemd %s %s\n        %s\n", c.name, c.args, c.help)
	}
}

// commandUsage prints a command's synopsis, what it does and every flag
// it takes, with its default.
func commandUsage(w io.Writer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: pbemd %s %s\n\n%s\n", c.name, c.args, c.help)
	first := true
	fs.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprintln(w, "\nflags:")
			first = false
		}
		arg, text := flag.UnquoteUsage(f)
		if arg != "" {
			arg = " " + arg
		}
		if def := f.DefValue; def != "" && def != "false" && def != "0" && def != "0s" {
			text += fmt.Sprintf(" (default %s)", def)
		}
		fmt.Fprintf(w, "  --%s%s\n        %s\n", f.Name, arg, text)
	})
}

// helpRequest is -h or --help among a command's flags.
type helpRequest struct{ flags *flag.FlagSet }

func (helpRequest) Error() string { return "help requested" }

// usageError is a mistake in a command's arguments.
type usageError struct{ error }

// configError is a daemon config that cannot be used: it does not load, or
// names a password that cannot be read.
type configError struct{ error }

func (e configError) Unwrap() error { return e.error }

// newFlags returns a flag set that reports errors as usageError.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses a command's flags; -h or --help returns a
// helpRequest, which prints the command's usage and exits 0.
func parseFlags(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return helpRequest{fs}
	case err != nil:
		return usageError{err}
	}
	return nil
}

// newLogger logs as format says, "text" or "json"; empty picks text for a
// terminal and JSON for anything else: systemd's journal, a file, a pipe.
func newLogger(w io.Writer, format, level string) *slog.Logger {
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(level)); err != nil {
		lvl = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: lvl}
	if format == "" {
		format = "json"
		if f, ok := w.(*os.File); ok && isTerminal(f) {
			format = "text"
		}
	}
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// cmdVersion prints the module version and the revision the binary was
// built from.
func cmdVersion(ctx context.Context, e *env, args []string) error {
	if err := noArgs(newFlags("version"), args); err != nil {
		return err
	}
	_, err := io.WriteString(e.stdout, buildinfo.Read().String())
	return err
}

func splitWords(s string) []string { return strings.Fields(s) }

func joinWords(ws []string) string { return strings.Join(ws, " ") }
