// Package demo runs a whole pbemd campaign on one machine: embedded IMAP and
// SMTP servers on loopback, the daemon, and scripted players who read their
// reports and mail real orders. One seat is left free for a person with any
// mail client.
package demo

import (
	"context"
	"fmt"
	"github.com/pbemd/pbemd/rules"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
)

// Password is every demo mailbox's password.
const Password = "pbemd"

// Options configure Run. The zero value works.
type Options struct {
	// Turn is the turn length; default 3 minutes.
	Turn time.Duration
	// Data is the bbolt file; default a file in a fresh temporary
	// directory, removed afterwards.
	Data string
	// Poll is how often scripted players check their mail; default 2s.
	Poll   time.Duration
	Stdout io.Writer
	Logger *slog.Logger
	// Clock is the daemon's clock: deadlines, and when its inbox was last
	// read; default the system clock.
	Clock clock.Clock
}

// Run plays the frontier campaign until ctx is done.
func Run(ctx context.Context, opts Options) error {
	opts = withDefaults(opts)
	if opts.Data != "" {
		if _, err := os.Stat(opts.Data); err == nil {
			return fmt.Errorf("demo data file %s exists: the demo starts a new campaign, so name a new file or leave out --data", opts.Data)
		}
	}
	if opts.Data == "" {
		dir, err := os.MkdirTemp("", "pbemd-demo-")
		if err != nil {
			return fmt.Errorf("demo data directory: %w", err)
		}
		defer os.RemoveAll(dir)
		opts.Data = filepath.Join(dir, "pbemd.db")
	}
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, rules.Registry())
	if err != nil {
		return fmt.Errorf("load the frontier scenario: %w", err)
	}
	sc.Schedule = campaign.Schedule{Every: opts.Turn}

	world, err := localmail.New(localmail.Options{Domain: domainOf(sc.GM.Email), Logger: opts.Logger.With("server", "localmail")})
	if err != nil {
		return err
	}
	defer world.Close()
	moderatorAddr := world.AddUser("moderator", Password)
	world.AddUser(localPart(sc.GM.Email), Password)
	for _, p := range sc.State.Players {
		world.AddUser(localPart(p.Email), Password)
	}

	db, err := store.Open(opts.Data, store.Options{})
	if err != nil {
		return err
	}
	defer db.Close()
	smtpHost, smtpPort := world.SMTPHostPort()
	mod := moderator.New(moderator.Options{
		DB: db, Rulesets: rules.Registry(), Address: moderatorAddr, Logger: opts.Logger, Clock: opts.Clock,
		Intake: mail.NewIntake(mail.IntakeOptions{
			Addr: world.IMAPAddr, TLS: mail.TLSNone, User: "moderator", Password: Password,
			Poll: 5 * time.Second, Clock: opts.Clock, Logger: opts.Logger.With("loop", "intake"),
		}),
		Sender: mail.NewSender(mail.SenderOptions{
			Host: smtpHost, Port: smtpPort, TLS: mail.TLSNone,
			Logger: opts.Logger.With("loop", "sender"),
		}),
	})
	seats, err := mod.CreateCampaign(ctx, sc)
	if err != nil {
		return err
	}
	free := seats[len(seats)-1]
	printWelcome(opts.Stdout, world, sc, moderatorAddr, free, opts.Turn)

	var wg sync.WaitGroup
	for _, s := range seats[:len(seats)-1] {
		b := &bot{world: world, seat: s, campaign: sc.State.Campaign, moderator: moderatorAddr, poll: opts.Poll, log: opts.Logger.With("bot", s.Player)}
		wg.Go(func() { b.run(ctx) })
	}
	err = mod.Run(ctx)
	wg.Wait()
	fmt.Fprintln(opts.Stdout, "pbemd demo stopped.")
	return err
}

func withDefaults(o Options) Options {
	if o.Turn == 0 {
		o.Turn = 3 * time.Minute
	}
	if o.Poll == 0 {
		o.Poll = 2 * time.Second
	}
	if o.Stdout == nil {
		o.Stdout = io.Discard
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

func printWelcome(w io.Writer, world *localmail.World, sc *config.Scenario, moderatorAddr string, free moderator.Seat, turn time.Duration) {
	fmt.Fprintf(w, `pbemd demo: %s (campaign %s), a turn every %v.
Scripted players hold every seat but one. The free seat is yours:

  player    %s
  address   %s
  IMAP      %s   (plain, no TLS)  user %q  password %q
  SMTP      %s   (plain, no TLS)  same login
  orders to %s

Point any mail client at these servers. Your welcome mail carries your
token and an example; every deadline brings a report. The GM's mailbox is
user %q with the same password: it holds the GM token, and from there you
can run the campaign by mail (docs/by-mail.md), e.g. "command: status".

Ctrl-C stops the demo.
`, sc.State.Title, sc.State.Campaign, turn, free.Player, free.Email,
		world.IMAPAddr, localPart(free.Email), Password, world.SMTPAddr, moderatorAddr, localPart(sc.GM.Email))
}

func localPart(addr string) string {
	l, _, _ := strings.Cut(addr, "@")
	return l
}

func domainOf(addr string) string {
	_, d, _ := strings.Cut(addr, "@")
	return d
}
