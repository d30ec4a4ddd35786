package moderator_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/pbemd/pbemd/rules"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/internal/syncbuf"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/metrics"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

const password = "secret"

// start is when every test campaign begins: the frontier schedule (every
// 72h at 20:00 UTC) puts the first deadline at 2026-11-26 20:00 UTC.
var start = time.Date(2026, time.November, 23, 12, 0, 0, 0, time.UTC)

// harness is a whole mail system with the daemon running against it, on a
// fake clock. Tests read as players and a GM would act.
type harness struct {
	t      *testing.T
	ctx    context.Context
	world  *localmail.World
	db     *storetest.DB
	clock  *clocktest.Clock
	mod    *moderator.Moderator
	tokens map[campaign.PlayerID]string
	read   map[string]int
	seq    int
	// lastID is the Message-ID of the last mail mailFrom wrote.
	lastID string
	// stop stops the daemon and waits for it.
	stop func()
	// generation counts restarts.
	generation int
	// limits apply to the next daemon started.
	limits moderator.Limits
	// logs, if set, gets the next daemon's log from level Info up.
	logs *syncbuf.Buffer
	// retention applies to the next daemon started.
	retention time.Duration
	// metrics hears every daemon the harness starts.
	metrics *metrics.Metrics
	// authServID and dkim, the trusted mail server and pbemd's own DKIM
	// check, apply to the next daemon started.
	authServID string
	dkim       *mail.DKIMVerifier
	// rulesets are the next daemon's rulesets: rules.Registry() unless a
	// test plays another.
	rulesets *game.Registry
	// waiting are the reports of a turn that waits for a battle, by
	// player (newTokyoBattle).
	waiting map[string]*received
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	return newHarnessWith(t, rules.Registry())
}

// newHarnessWith is newHarness with a daemon that runs the given rulesets.
// The test runs in parallel with the others: each harness has its own mail
// system, store and clock.
func newHarnessWith(t *testing.T, rulesets *game.Registry) *harness {
	t.Helper()
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	clk := clocktest.New(start)
	world := localmail.Start(t, localmail.Options{Domain: "example.test", Clock: clk})
	for _, u := range []string{"moderator", "gm", "vorn", "castellan", "ashari", "tekkar", "stranger"} {
		world.AddUser(u, password)
	}
	h := newBareHarness(t, ctx, world, clk)
	h.rulesets = rulesets
	h.mod = h.newModerator()
	h.createFrontier(ctx)
	h.run(ctx, cancel)
	return h
}

// newBareHarness is a harness on a mail system and a clock, with a store
// and metrics, but no daemon yet.
func newBareHarness(t *testing.T, ctx context.Context, world *localmail.World, clk *clocktest.Clock) *harness {
	return newHarnessOn(t, ctx, world, clk, storetest.Open(t))
}

// newHarnessOn is newBareHarness on a given store.
func newHarnessOn(t *testing.T, ctx context.Context, world *localmail.World, clk *clocktest.Clock, db *storetest.DB) *harness {
	h := &harness{t: t, ctx: ctx, world: world, db: db, clock: clk, rulesets: rules.Registry(),
		tokens: map[campaign.PlayerID]string{}, read: map[string]int{}}
	// The daemon's cache of campaigns, as pbemd run gives it; h.mod is
	// made before anything scrapes.
	campaigns := func(tx *store.Tx) ([]*store.Campaign, error) { return h.mod.Campaigns.All(tx) }
	h.metrics = metrics.New(metrics.Options{DB: h.db.DB, Campaigns: campaigns, Clock: clk, Logger: testLogger(t)})
	return h
}

// createFrontier creates the frontier campaign with the harness's daemon
// and keeps the players' tokens.
func (h *harness) createFrontier(ctx context.Context) {
	h.t.Helper()
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, rules.Registry())
	if err != nil {
		h.t.Fatalf("frontier scenario: %v", err)
	}
	seats, err := h.mod.CreateCampaign(ctx, sc)
	if err != nil {
		h.t.Fatalf("CreateCampaign = %v", err)
	}
	for _, s := range seats {
		h.tokens[s.Player] = s.Token
	}
}

// newModerator wires a daemon to the harness's mail system, store and
// clock.
func (h *harness) newModerator() *moderator.Moderator {
	smtpHost, smtpPort := h.world.SMTPHostPort()
	return moderator.New(moderator.Options{
		DB: h.db.DB, Rulesets: h.rulesets, Address: "moderator@example.test", Clock: h.clock,
		// A restarted daemon draws other tokens, as crypto/rand would.
		Rand:   rand.NewChaCha8([32]byte{7, 7, 4, 1, byte(h.generation)}),
		Logger: h.logger(),
		Intake: mail.NewIntake(mail.IntakeOptions{
			Addr: h.world.IMAPAddr, TLS: mail.TLSNone, User: "moderator", Password: password,
			Poll: time.Hour, Clock: h.clock, Logger: testLogger(h.t), MaxMessageBytes: 256 << 10, Observer: h.metrics,
		}),
		Sender: mail.NewSender(mail.SenderOptions{Host: smtpHost, Port: smtpPort, TLS: mail.TLSNone}),
		Parse:  mail.ParseOptions{MaxAttachmentBytes: 4096, AuthServID: h.authServID},
		Limits: h.limits, Retention: h.retention, Observer: h.metrics, DKIM: h.dkim,
	})
}

// logger is the daemon's logger: warnings to the test's output, or
// everything from Info up to h.logs if set.
func (h *harness) logger() *slog.Logger {
	if h.logs == nil {
		return testLogger(h.t)
	}
	return slog.New(slog.NewTextHandler(h.logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// run runs the daemon until stop or the test's end.
func (h *harness) run(ctx context.Context, cancel context.CancelFunc) {
	var wg sync.WaitGroup
	mod := h.mod
	wg.Go(func() {
		if err := mod.Run(ctx); err != nil {
			h.t.Errorf("Moderator.Run = %v", err)
		}
	})
	h.stop = func() {
		cancel()
		wg.Wait()
		if n := mod.Panics(); n > 0 {
			h.t.Errorf("the daemon recovered from %d panics", n)
		}
	}
	h.t.Cleanup(h.stop)
}

// restart starts a new daemon on the same store and mail system, as after
// an outage; call stop first.
func (h *harness) restart() {
	ctx, cancel := context.WithCancel(h.t.Context())
	h.ctx = ctx
	h.generation++
	h.mod = h.newModerator()
	h.run(ctx, cancel)
}

// send delivers a raw mail into the moderator's inbox over IMAP.
func (h *harness) send(raw string) {
	h.t.Helper()
	raw = strings.ReplaceAll(strings.ReplaceAll(raw, "\r\n", "\n"), "\n", "\r\n")
	if err := h.world.Deliver(h.t.Context(), "moderator", password, []byte(raw)); err != nil {
		h.t.Fatalf("deliver: %v", err)
	}
}

// mailFrom writes a plain-text mail from a user to the moderator.
func (h *harness) mailFrom(user, body string, headers ...string) string {
	h.seq++
	h.lastID = fmt.Sprintf("m%d.%s@example.test", h.seq, user)
	head := fmt.Sprintf("From: %s@example.test\nTo: moderator@example.test\nSubject: orders\nDate: %s\nMessage-ID: <%s>\n",
		user, h.clock.Now().Format(time.RFC1123Z), h.lastID)
	for _, hd := range headers {
		head += hd + "\n"
	}
	if !slices.ContainsFunc(headers, func(s string) bool { return strings.HasPrefix(strings.ToLower(s), "content-type:") }) {
		head += "Content-Type: text/plain; charset=utf-8\n"
	}
	return head + "\n" + body
}

// orders writes an orders document for a player of frontier with the
// right token.
func (h *harness) orders(player campaign.PlayerID, turn int, final bool, items ...string) string {
	return h.ordersIn("frontier", player, turn, final, items...)
}

// ordersIn writes an orders document for a player of a campaign with the
// right token.
func (h *harness) ordersIn(c campaign.ID, player campaign.PlayerID, turn int, final bool, items ...string) string {
	s := fmt.Sprintf("campaign: %s\nplayer: %s\nturn: %d\ntoken: %s\nfinal: %t\norders:\n", c, player, turn, h.tokens[player], final)
	if len(items) == 0 {
		return s + "  []\n"
	}
	for _, it := range items {
		s += "  - " + it + "\n"
	}
	return s
}

// next waits for the next mail in a user's inbox and returns it parsed,
// failing the test for a line of its text longer than a mail's.
func (h *harness) next(user string) *received {
	h.t.Helper()
	r := h.receive(user)
	r.checkLines(h.t)
	return r
}

// nextQueued is next for a mail an earlier version of pbemd left queued,
// worded as that version worded it.
func (h *harness) nextQueued(user string) *received {
	h.t.Helper()
	return h.receive(user)
}

// patience bounds every wait of these tests for the daemon: a bound for a
// daemon that is stuck, never a wait in itself. A race-built test on a
// loaded two-core machine has taken over 20 s to resolve a turn and mail
// its reports with their maps.
const patience = time.Minute

// receive waits for the next mail in a user's inbox and returns it parsed.
func (h *harness) receive(user string) *received {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(h.ctx, patience)
	defer cancel()
	raw, err := h.world.Await(ctx, user, password, "INBOX", h.read[user])
	if err != nil {
		h.t.Fatalf("mail %d for %s: %v", h.read[user]+1, user, err)
	}
	h.read[user]++
	in, err := mail.Parse(raw, mail.ParseOptions{MaxTextBytes: 1 << 20})
	if err != nil {
		h.t.Fatalf("parse mail to %s: %v", user, err)
	}
	return &received{Inbound: in, raw: string(raw)}
}

// inboxSize returns how many mails a user has.
func (h *harness) inboxSize(user string) int {
	h.t.Helper()
	n, err := h.world.Count(h.ctx, user, password, "INBOX")
	if err != nil {
		h.t.Fatalf("read %s's inbox: %v", user, err)
	}
	return n
}

// advanceTo moves the fake clock, firing the scheduler's deadline timer.
func (h *harness) advanceTo(t time.Time) { h.clock.AdvanceTo(t) }

// campaign reads the campaign's record.
func (h *harness) campaign() *store.Campaign {
	h.t.Helper()
	var c *store.Campaign
	err := h.db.View(func(tx *store.Tx) (err error) { c, err = tx.Campaign("frontier"); return })
	if err != nil {
		h.t.Fatal(err)
	}
	return c
}

// onFile returns a player's orders on file for a turn, or nil.
func (h *harness) onFile(player campaign.PlayerID, turn int) *store.OrdersRecord {
	h.t.Helper()
	var rec *store.OrdersRecord
	err := h.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Orders("frontier", turn, player); return })
	if err != nil {
		h.t.Fatal(err)
	}
	return rec
}

// outcome returns what became of a processed message.
func (h *harness) outcome(messageID string) *store.MessageRecord {
	h.t.Helper()
	var rec *store.MessageRecord
	err := h.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Message(messageID); return })
	if err != nil {
		h.t.Fatal(err)
	}
	return rec
}

// received is a mail a user got.
type received struct {
	*mail.Inbound
	raw string
}

// checkLines fails the test for a line of the mail's text longer than
// RFC 5322 asks (report.MaxLine), which a terminal would wrap.
func (r *received) checkLines(t *testing.T) {
	t.Helper()
	for i, line := range strings.Split(r.body(), "\n") {
		if n := utf8.RuneCountInString(line); n > report.MaxLine {
			t.Errorf("line %d of mail %q is %d characters, more than %d: %q", i+1, r.Subject, n, report.MaxLine, line)
		}
	}
}

// body is the mail's plain-text part, as a person reads it.
func (r *received) body() string { return localmail.PlainText([]byte(r.raw)) }

// want checks the mail's subject and body for each of parts; a part may
// run across a line the body's text wraps.
func (r *received) want(t *testing.T, parts ...string) {
	t.Helper()
	flat := strings.Join(strings.Fields(r.body()), " ")
	for _, p := range parts {
		if !strings.Contains(r.body(), p) && !strings.Contains(flat, p) && !strings.Contains(r.Subject, p) {
			t.Errorf("mail %q lacks %q:\n%s", r.Subject, p, r.body())
		}
	}
}

// wantNot checks the raw mail and its decoded body, since quoted-printable
// can split a string across lines.
func (r *received) wantNot(t *testing.T, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if strings.Contains(r.raw, p) || strings.Contains(r.body(), p) || strings.Contains(r.Subject, p) {
			t.Errorf("mail %q contains %q:\n%s", r.Subject, p, r.body())
		}
	}
}

// skipUnderRace skips a test of what pbemd makes of a mail (the rules,
// the wording of replies and reports, bad or forged input, who may send
// what) when the tests run with the race detector. Such a test drives the
// same loops (intake, scheduler, sender) as the tests of those loops,
// which the race pass keeps; what it adds runs on one goroutine, at five
// to eight times the cost under -race. The plain `go test ./...` runs
// every test.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("a test of what pbemd makes of a mail; the race pass keeps the tests of the daemon's loops")
	}
}
