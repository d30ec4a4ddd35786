package web_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/internal/browsertest"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store/storetest"
	"github.com/pbemd/pbemd/web"
	"github.com/pbemd/pbemd/workflow"
)

// patience bounds every wait of the browser test, for the daemon's mail
// and for the page alike: a bound for something stuck, never a wait in
// itself. A race-built daemon on a loaded two-core machine has taken over
// 20 s to mail a turn's reports with their maps.
const patience = time.Minute

// mailPassword is every mail user's password in the browser test.
const mailPassword = "secret"

// TestBrowserOrdersByPage is the acceptance test of the players' pages, in
// a real browser. For each ruleset, on a phone and on a desktop, a player
// opens the link in their first report mail, drags and zooms the map,
// builds a move by tapping their fleet's system and the system a lane
// away, sees the page's check accept it, sends the mail the page wrote
// from their own address, gets the moderator's confirmation with the
// orders the check showed, and finds them on file when the page loads
// again. The screenshots are kept for the docs (PBEMD_SCREENSHOTS).
func TestBrowserOrdersByPage(t *testing.T) {
	t.Parallel()
	skipUnderRace(t)
	bin := browsertest.Chromium(t)
	games := []pageGame{
		{"eaw", "frontier.yaml", scenarios.Frontier, "vorn"},
		// Thunderdome IV: one player's turn at a time (UTD2.1), in the
		// order rolled from the seed at setup (UTD8.14): gorn first.
		{"thunderdome", "thunderdome.yaml", scenarios.Thunderdome, ""},
	}
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			for _, width := range []int{browsertest.Phone, browsertest.Desktop} {
				t.Run(strconv.Itoa(width), func(t *testing.T) { g.play(t, bin, width) })
			}
		})
	}
}

// pageGame is a campaign the browser test plays a turn of.
type pageGame struct {
	name, file string
	src        []byte
	// player plays; "" for the one player who owes orders first.
	player campaign.PlayerID
}

// play plays the first turn of g on the player's page, in Chromium with
// a screen width pixels wide.
func (g pageGame) play(t *testing.T, bin string, width int) {
	d := startDaemon(t, g.file, g.src)
	player := d.owing(g.player)
	token, link := d.welcome(player)

	p := openPage(t, bin, width, link)
	p.panAndZoom()
	order := p.buildMove(token)
	keepScreenshot(t, p.screenshot(), fmt.Sprintf("page-%s-%d.png", g.name, width))
	keepScreenshot(t, p.screenshotAt("#orders"), fmt.Sprintf("page-%s-%d-orders.png", g.name, width))
	checked := p.text("#reply")

	to, subject, body := p.mailto()
	if to != "moderator@example.test" || subject != "orders for turn 1" {
		t.Errorf("the page's mail goes to %q as %q, want moderator@example.test as \"orders for turn 1\"", to, subject)
	}
	// A mailto: body breaks its lines with CRLF (RFC 6068).
	if strings.Count(body, "\r\n") != strings.Count(body, "\n") {
		t.Errorf("the page's mail breaks lines with a bare LF:\n%q", body)
	}
	for _, want := range []string{"\ntoken: " + token + "\n", "\norders:\n  - " + order + "\n"} {
		if !strings.Contains(strings.ReplaceAll(body, "\r\n", "\n"), want) {
			t.Errorf("the page's mail lacks %q:\n%s", want, body)
		}
	}
	d.mail(player, subject, body)
	echo := d.confirmed(player, order, checked)

	p.reload()
	if got := p.value("token"); got != token {
		t.Errorf("after a reload the token field holds %q, want the token the browser kept", got)
	}
	if onFile := p.text("section.onfile pre"); !strings.Contains(onFile, echo) {
		t.Errorf("after the mail, the page's orders on file are\n%s\nwant the confirmation's\n%s", onFile, echo)
	}
	p.wantNoErrors()
}

// confirmed waits for the moderator's reply to the player's mail of
// order, which must be its confirmation, echoing the orders as the page's
// check did in checked, and returns its echo.
func (d *daemon) confirmed(player campaign.PlayerID, order, checked string) string {
	d.t.Helper()
	reply := d.await(player, 2)
	if !strings.Contains(reply.subject, "Orders for turn 1 accepted") ||
		!strings.Contains(reply.text, "are on file") && !strings.Contains(reply.text, "are applied") {
		d.t.Fatalf("the reply to the page's mail is %q, want the orders accepted:\n%s", reply.subject, reply.text)
	}
	echo := ordersEcho(reply.text)
	if !strings.Contains(echo, "- "+order) {
		d.t.Errorf("the confirmation echoes\n%s\nwant %s", echo, order)
	}
	if want := ordersEcho(checked); echo != want {
		d.t.Errorf("the confirmation echoes\n%s\nbut the page's check showed\n%s", echo, want)
	}
	return echo
}

// ordersEcho is the orders a reply to orders echoes: the line "orders:"
// and the indented lines below it, each order with its cost.
func ordersEcho(reply string) string {
	var lines []string
	for _, l := range strings.Split(reply, "\n") {
		switch {
		case l == "orders:":
			lines = []string{l}
		case lines != nil && strings.HasPrefix(l, " "):
			lines = append(lines, l)
		case lines != nil:
			return strings.Join(lines, "\n")
		}
	}
	return strings.Join(lines, "\n")
}

// daemon is a moderator running against a mail system of its own, with
// its players' pages served over loopback HTTP, all on a fake clock.
type daemon struct {
	t     *testing.T
	world *localmail.World
	db    *storetest.DB
	clock *clocktest.Clock
	id    campaign.ID
}

// startDaemon creates the campaign of a scenario and runs a daemon for it
// until the test ends: IMAP intake, SMTP sender and pages, as pbemd runs.
func startDaemon(t *testing.T, file string, src []byte) *daemon {
	t.Helper()
	sc, err := config.ParseScenario(file, src, rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	clk := clocktest.New(start)
	d := &daemon{t: t, clock: clk, id: sc.State.Campaign,
		world: localmail.Start(t, localmail.Options{Domain: "example.test", Clock: clk})}
	users := []string{"moderator", sc.GM.Email}
	for _, p := range sc.State.Players {
		users = append(users, p.Email)
	}
	for _, u := range users {
		local, _, _ := strings.Cut(u, "@")
		d.world.AddUser(local, mailPassword)
	}
	d.db = storetest.Open(t)
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))

	// The links are made under the server's address, known once it
	// listens.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	pages := workflow.NewPages("http://"+ln.Addr().String(), testKey)
	host, port := d.world.SMTPHostPort()
	mod := moderator.New(moderator.Options{DB: d.db.DB, Rulesets: rules.Registry(), Address: "moderator@example.test",
		Clock: clk, Rand: rand.NewChaCha8([32]byte{5}), Logger: log, Pages: pages,
		Intake: mail.NewIntake(mail.IntakeOptions{Addr: d.world.IMAPAddr, TLS: mail.TLSNone, User: "moderator",
			Password: mailPassword, Poll: time.Hour, Clock: clk, Logger: log}),
		Sender: mail.NewSender(mail.SenderOptions{Host: host, Port: port, TLS: mail.TLSNone, Logger: log}),
	})
	if _, err := mod.CreateCampaign(t.Context(), sc); err != nil {
		t.Fatal(err)
	}
	// The rate limits run on the fake clock, which never refills them:
	// bursts that a test never reaches.
	srv := web.New(web.Options{DB: d.db.DB, Rules: rules.Registry(), Moderation: mod.Moderation, Pages: pages,
		Address: "moderator@example.test", Clock: clk, Logger: log,
		Limits: web.Limits{LinkRate: 1, LinkBurst: 1 << 20, AddressRate: 1, AddressBurst: 1 << 20}})
	t.Cleanup(srv.Serve(ln))

	ctx, cancel := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := mod.Run(ctx); err != nil {
			t.Errorf("Moderator.Run = %v", err)
		}
	})
	t.Cleanup(func() {
		cancel()
		wg.Wait()
		if n := mod.Panics(); n > 0 {
			t.Errorf("the daemon recovered from %d panics", n)
		}
	})
	return d
}

// owing returns player, or for "" the one player who owes orders, and
// checks that they owe orders for turn 1.
func (d *daemon) owing(player campaign.PlayerID) campaign.PlayerID {
	d.t.Helper()
	due := readCampaign(d.t, d.db.DB, d.id).DueSeats()
	if player == "" && len(due) == 1 {
		return due[0].Player
	}
	for _, s := range due {
		if s.Player == player {
			return player
		}
	}
	d.t.Fatalf("%d players owe orders for turn 1 of %s, and %q is not the one", len(due), d.id, player)
	return ""
}

// received is a mail a user got: its subject and its text.
type received struct {
	subject, text string
}

// await waits for a user's mail number n, counting from 0.
func (d *daemon) await(user campaign.PlayerID, n int) received {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.t.Context(), patience)
	defer cancel()
	raw, err := d.world.Await(ctx, string(user), mailPassword, "INBOX", n)
	if err != nil {
		d.t.Fatalf("mail %d to %s: %v", n+1, user, err)
	}
	in, err := mail.Parse(raw, mail.ParseOptions{MaxTextBytes: 1 << 20})
	if err != nil {
		d.t.Fatalf("parse mail %d to %s: %v", n+1, user, err)
	}
	return received{subject: in.Subject, text: localmail.PlainText(raw)}
}

var (
	tokenLine = regexp.MustCompile(`Your token is:\s+(\S+)`)
	pageLink  = regexp.MustCompile(`(?s)Your page, only for you.*?(http://\S+/)`)
)

// welcome reads a player's first two mails, the welcome and the first
// report, and returns the token of the one and the page link of the
// other, as the player finds them.
func (d *daemon) welcome(player campaign.PlayerID) (token, link string) {
	d.t.Helper()
	w := d.await(player, 0)
	tok := tokenLine.FindStringSubmatch(w.text)
	if !strings.HasPrefix(w.text, "Welcome to") || tok == nil {
		d.t.Fatalf("%s's first mail is not a welcome with a token: %q\n%s", player, w.subject, w.text)
	}
	r := d.await(player, 1)
	m := pageLink.FindStringSubmatch(r.text)
	if !strings.Contains(r.subject, "Turn 1") || m == nil {
		d.t.Fatalf("%s's second mail is not a turn 1 report with a link to their page: %q\n%s", player, r.subject, r.text)
	}
	return tok[1], m[1]
}

// mail sends a mail from a player to the moderator as the player's mail
// client would: through the mail system's SMTP server, logged in as the
// player.
func (d *daemon) mail(player campaign.PlayerID, subject, body string) {
	d.t.Helper()
	from := string(player) + "@example.test"
	env, err := mail.ComposeEnvelope(mail.Message{From: mail.Address{Email: from},
		To: []mail.Address{{Email: "moderator@example.test"}}, Subject: subject,
		MessageID: "page." + from, Date: d.clock.Now(), Text: body})
	if err != nil {
		d.t.Fatal(err)
	}
	host, port := d.world.SMTPHostPort()
	s := mail.NewSender(mail.SenderOptions{Host: host, Port: port, TLS: mail.TLSNone, User: string(player),
		Password: mailPassword, KeepAlive: -1})
	defer s.Close()
	ctx, cancel := context.WithTimeout(d.t.Context(), patience)
	defer cancel()
	if err := s.Send(ctx, []mail.Envelope{env}, func([]int) error { return nil }); err != nil {
		d.t.Fatalf("%s sends the page's mail: %v", player, err)
	}
}
