// Package demo runs a whole pbemd campaign on one machine: embedded IMAP and
// SMTP servers on loopback, the daemon, and scripted players who read their
// reports and mail real orders. One seat is left free for a person with any
// mail client.
package demo

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
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
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/thunderdome"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/web"
	"github.com/pbemd/pbemd/workflow"
)

// Password is every demo mailbox's password.
const Password = "pbemd"

// Options configure Run. The zero value works.
type Options struct {
	// Rules picks the campaign: "" or "eaw" plays Frontier Wars,
	// "thunderdome" plays Thunderdome IV (scenarios/thunderdome.yaml).
	Rules string
	// Turn is the turn length of Frontier Wars; default 3 minutes.
	// Thunderdome IV keeps its own clock: a player's turn ends when their
	// orders are final, or after a week.
	Turn time.Duration
	// FirstTurn is the length of Frontier Wars' first turn, which waits
	// for a newcomer to set up a mail client and write first orders: it
	// ends when every player's orders are final, or after FirstTurn;
	// default 30 minutes, or Turn if that is longer.
	FirstTurn time.Duration
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

// Run plays the campaign opts.Rules picks until ctx is done.
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
	play, ok := games[opts.Rules]
	if !ok {
		return fmt.Errorf("the demo plays --rules eaw or thunderdome, not %q", opts.Rules)
	}
	sc, err := config.ParseScenario(play.file, play.scenario, rules.Registry())
	if err != nil {
		return fmt.Errorf("load the %s scenario: %w", play.file, err)
	}
	if opts.Rules != thunderdome.Name {
		sc.Schedule = campaign.Schedule{Every: opts.FirstTurn}
		sc.Moderation.EarlyResolution = true
	}

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
	pagesLn, pages, err := listenPages()
	if err != nil {
		return err
	}
	defer pagesLn.Close()
	mod := newModerator(db, world, moderatorAddr, pages, opts)
	seats, err := mod.CreateCampaign(ctx, sc)
	if err != nil {
		return err
	}
	if opts.Rules != thunderdome.Name {
		if err := setTurn(db, sc.State.Campaign, opts.Turn); err != nil {
			return err
		}
	}
	stopPages := web.New(web.Options{DB: db, Rules: rules.Registry(), Moderation: mod.Moderation, Pages: pages,
		Address: moderatorAddr, Clock: opts.Clock, Logger: opts.Logger.With("loop", "web")}).Serve(pagesLn)
	defer stopPages()
	free := seats[len(seats)-1]
	page, err := seatPage(db, pages, sc.State.Campaign, free.Player)
	if err != nil {
		return err
	}
	printWelcome(opts.Stdout, world, sc, moderatorAddr, free, play.pace(opts), page)

	var wg sync.WaitGroup
	for _, s := range seats[:len(seats)-1] {
		b := &bot{world: world, seat: s, campaign: sc.State.Campaign, moderator: moderatorAddr, poll: opts.Poll, log: opts.Logger.With("bot", s.Player),
			script: play.script}
		wg.Go(func() { b.run(ctx) })
	}
	err = mod.Run(ctx)
	wg.Wait()
	fmt.Fprintln(opts.Stdout, "pbemd demo stopped.")
	return err
}

// listenPages listens for the players' pages on a free port of loopback,
// and returns the links under it: the reports name the port, so it
// listens before the daemon is made.
func listenPages() (net.Listener, *workflow.Pages, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, fmt.Errorf("demo: listen for the players' pages: %w", err)
	}
	key := make([]byte, workflow.PageKeyBytes)
	rand.Read(key)
	return ln, workflow.NewPages("http://"+ln.Addr().String(), key), nil
}

// newModerator wires the daemon to the demo's mail servers and store.
func newModerator(db *store.DB, world *localmail.World, address string, pages *workflow.Pages, opts Options) *moderator.Moderator {
	smtpHost, smtpPort := world.SMTPHostPort()
	return moderator.New(moderator.Options{
		DB: db, Rulesets: rules.Registry(), Address: address, Logger: opts.Logger, Clock: opts.Clock, Pages: pages,
		Intake: mail.NewIntake(mail.IntakeOptions{
			Addr: world.IMAPAddr, TLS: mail.TLSNone, User: "moderator", Password: Password,
			Poll: 5 * time.Second, Clock: opts.Clock, Logger: opts.Logger.With("loop", "intake"),
		}),
		Sender: mail.NewSender(mail.SenderOptions{
			Host: smtpHost, Port: smtpPort, TLS: mail.TLSNone,
			Logger: opts.Logger.With("loop", "sender"),
		}),
	})
}

// demoGame is a campaign the demo plays: its scenario, how its scripted
// players write their mails, and how its turns pass.
type demoGame struct {
	file     string
	scenario []byte
	script   func(b *bot, view json.RawMessage) (int, []string)
	pace     func(opts Options) string
}

// games are the demo's campaigns by --rules.
var games = map[string]demoGame{
	"":    {"frontier.yaml", scenarios.Frontier, eawScript, everyTurn},
	"eaw": {"frontier.yaml", scenarios.Frontier, eawScript, everyTurn},
	thunderdome.Name: {"thunderdome.yaml", scenarios.Thunderdome, thunderdomeScript, func(Options) string {
		return "one player at a time; a turn passes when its player's orders are final, or after a week"
	}},
}

// everyTurn is the pace of a campaign whose turns pass on a schedule, the
// first waiting longer for the newcomer.
func everyTurn(opts Options) string {
	return fmt.Sprintf(`a turn every %s, or sooner once every player's orders are final.
Your first turn waits for you: it lasts %s, and ends as soon as your
orders say final: true, so take the time to set up your mail client`, short(opts.Turn), short(opts.FirstTurn))
}

// short writes a duration without its zero seconds: 3m, 1h30m.
func short(d time.Duration) string {
	return strings.TrimSuffix(d.String(), "0s")
}

// setTurn sets the length of a campaign's turns after the first, whose
// deadline CreateCampaign set from the scenario's schedule.
func setTurn(db *store.DB, id campaign.ID, turn time.Duration) error {
	return db.Update(func(tx *store.Tx) error {
		c, err := tx.Campaign(id)
		if err != nil {
			return err
		}
		c.Schedule = campaign.Schedule{Every: turn}
		return tx.PutCampaign(c)
	})
}

func withDefaults(o Options) Options {
	if o.Turn == 0 {
		o.Turn = 3 * time.Minute
	}
	if o.FirstTurn == 0 {
		o.FirstTurn = max(30*time.Minute, o.Turn)
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

// seatPage returns the link to a player's page.
func seatPage(db *store.DB, pages *workflow.Pages, id campaign.ID, p campaign.PlayerID) (string, error) {
	var link string
	err := db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign(id)
		if err != nil {
			return err
		}
		link = pages.Link(id, c.Seat(p))
		return nil
	})
	return link, err
}

func printWelcome(w io.Writer, world *localmail.World, sc *config.Scenario, moderatorAddr string, free workflow.Seat, pace, page string) {
	fmt.Fprintf(w, `pbemd demo: %s (campaign %s):
%s.
Scripted players hold every seat but one. The free seat is yours:

  player    %s
  address   %s
  IMAP      %s   (plain, no TLS)  user %q  password %q
  SMTP      %s   (plain, no TLS)  same login
  orders to %s

Point any mail client at these servers. Your welcome mail carries your
token and an example; every deadline brings a report. Your page, with the
map to zoom, your reports and an order builder that writes your mail:

  %s

The GM's mailbox is user %q with the same password: it holds the GM
token, and from there you can run the campaign by mail (docs/by-mail.md),
e.g. "command: status". Ask for more time from your seat ("extension:
{hours: 24}") and the GM approves it by replying to the request, whose
Reply-To is a single-use moderator+<token> address.

Ctrl-C stops the demo.
`, sc.State.Title, sc.State.Campaign, pace, free.Player, free.Email,
		world.IMAPAddr, localPart(free.Email), Password, world.SMTPAddr, moderatorAddr, page, localPart(sc.GM.Email))
}

func localPart(addr string) string {
	l, _, _ := strings.Cut(addr, "@")
	return l
}

func domainOf(addr string) string {
	_, d, _ := strings.Cut(addr, "@")
	return d
}
