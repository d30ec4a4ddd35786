package e2e_test

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gomail "github.com/wneessen/go-mail"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/realmail"
	"github.com/pbemd/pbemd/mail"
	mod "github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/rules/eaw/setup"
)

// The intake benchmarks measure issue 7's first speed target: 1,000 order
// mails from 50 players, from the INBOX to every confirmation in the
// players' mailboxes, under 20 s and within 3× of a bare loop that only
// fetches the same mails and sends as many replies with the same libraries.
//
// Before the timer starts the mails wait in a staging folder of the
// moderator's mailbox and the daemon idles on an empty INBOX. The timed
// part moves them all into the INBOX with one IMAP MOVE and ends when the
// last reply has reached the players' mailboxes through Postfix and
// Dovecot's LMTP. One run is one op; -benchtime=1x is the intended use.
const (
	benchPlayers = 50
	benchMails   = 1000
	// benchSystems sizes the generated map: a campaign of 50 players on
	// 250 systems, with ten fleets each.
	benchSystems = 250
	// stagingFolder holds the mails until the timed part moves them.
	stagingFolder = "bench-staging"
	// benchWait bounds one timed run: far beyond any useful figure.
	benchWait = 5 * time.Minute
	// countEvery is how often the players' mailboxes are counted while
	// the replies come in.
	countEvery = 50 * time.Millisecond
)

// BenchmarkIntakeDovecot runs the built daemon on a campaign of 50 players
// and measures the time from 1,000 order mails landing in its Dovecot
// INBOX to the 1,000th confirmation in the players' mailboxes. Afterwards
// it checks that the data file holds every mail as accepted.
func BenchmarkIntakeDovecot(b *testing.B) {
	w := newBenchWorld(b)
	bin := buildRelease(b)
	runs := 0
	var cpu time.Duration // the daemon's, in the timed parts
	for b.Loop() {
		b.StopTimer()
		r := w.prepareDaemon(bin, fmt.Sprintf("run%d", runs))
		pid := r.d.cmd.Process.Pid
		before := procCPU(b, pid)
		b.StartTimer()
		w.deliverAndAwait(b.Context(), r.want)
		b.StopTimer()
		cpu += procCPU(b, pid) - before
		r.finish()
		b.StartTimer()
		runs++
	}
	b.ReportMetric(float64(benchMails*runs)/b.Elapsed().Seconds(), "mails/s")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(benchMails*runs), "daemon-CPU-ms/mail")
}

// BenchmarkBareLoop measures the floor BenchmarkIntakeDovecot is held to:
// the same mails moved into the INBOX the same way while the loop idles
// on it, as the daemon does; once IDLE reports them, fetched with one
// go-imap FETCH and answered with go-mail over one authenticated SMTP
// session through Postfix, until the 1,000th reply is in the players'
// mailboxes. It parses, validates and stores nothing, and leaves the mail
// in the INBOX. Like the daemon it learns of the mail only when Dovecot
// says so: Dovecot holds back what IDLE reports for half a second
// (NOTIFY_DELAY_MSECS in its mailbox-watch.c), which no IMAP client can
// avoid.
func BenchmarkBareLoop(b *testing.B) {
	w := newBenchWorld(b)
	sc := benchScenario(b)
	tokens := map[campaign.PlayerID]string{}
	for _, p := range sc.State.Players {
		tokens[p.ID] = rand.Text()[:20] // as long as a real token; nothing checks it
	}
	exists := make(chan struct{}, 1)
	imapc := loginIMAPWith(b, w.mx, "moderator", &imapclient.Options{
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil && *d.NumMessages > 0 {
					select {
					case exists <- struct{}{}:
					default:
					}
				}
			},
		},
	})
	smtpc := w.smtpClient()
	runs := 0
	for b.Loop() {
		b.StopTimer()
		mails := orderMails(b, sc, tokens, w.address, fmt.Sprintf("bare%d", runs), benchMails)
		w.stage(mails)
		want := w.replies.expect(mails)
		idle := idleOnInbox(b, imapc, exists)
		b.StartTimer()
		w.deliverAndAwait(b.Context(), want, func(ctx context.Context) error {
			select {
			case <-exists:
			case <-ctx.Done():
				return fmt.Errorf("no new mail reported while idling: %w", ctx.Err())
			}
			if err := errors.Join(idle.Close(), idle.Wait()); err != nil {
				return fmt.Errorf("end idle: %w", err)
			}
			return bareLoop(ctx, imapc, smtpc, w.address)
		})
		b.StopTimer()
		if err := emptyInbox(imapc); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		runs++
	}
	b.ReportMetric(float64(benchMails*runs)/b.Elapsed().Seconds(), "mails/s")
}

// benchWorld is a real mail system with a moderator and the players of
// the benchmark campaign as its users, a connection to the moderator's
// mailbox to stage and deliver mail, and a counter of the players' mail.
type benchWorld struct {
	b        *testing.B
	mx       *realmail.System
	address  string // the moderator's
	password string
	staging  *imapclient.Client
	replies  *mailCounter
}

func newBenchWorld(b *testing.B) *benchWorld {
	b.Helper()
	mx := realmail.Start(b)
	w := &benchWorld{b: b, mx: mx}
	w.address, w.password = mx.AddUser("moderator")
	mx.AddUser("gm")
	sc := benchScenario(b)
	var players []string
	for _, p := range sc.State.Players {
		local, domain, _ := strings.Cut(p.Email, "@")
		if domain != mx.Domain() {
			b.Fatalf("player %s is at %s; realmail delivers only to %s", p.ID, p.Email, mx.Domain())
		}
		mx.AddUser(local)
		players = append(players, local)
	}
	w.staging = loginIMAP(w.b, w.mx, "moderator")
	if err := w.staging.Create(stagingFolder, nil).Wait(); err != nil {
		b.Fatalf("create %s: %v", stagingFolder, err)
	}
	w.replies = newMailCounter(b, mx, players)
	return w
}

// benchScenario is the generated campaign of the intake benchmarks. Its
// players are p01 to p50 at example.test, realmail's domain.
func benchScenario(tb testing.TB) *config.Scenario {
	tb.Helper()
	data := setup.Generate(game.ScenarioSize{Systems: benchSystems, Players: benchPlayers, Seed: 7})
	sc, err := config.ParseScenario("bench.yaml", data, rules.Registry())
	if err != nil {
		tb.Fatalf("generated scenario: %v", err)
	}
	return sc
}

// benchMail is an order mail as a player's client sends it.
type benchMail struct {
	from, id string // the sender's address; Message-ID without <>
	raw      []byte
}

// orderMails writes n turn 1 order mails to the moderator, round robin
// over the players, each spending the player's whole order-point budget
// on one-lane moves (EaW 5a) that change from mail to mail. None is final,
// so the turn stays open and every mail is confirmed. Message-IDs carry
// tag. Lines end in CRLF, as IMAP APPEND wants.
func orderMails(tb testing.TB, sc *config.Scenario, tokens map[campaign.PlayerID]string, to, tag string, n int) []benchMail {
	tb.Helper()
	st := sc.State
	date := time.Now().Format(time.RFC1123Z)
	mails := make([]benchMail, n)
	for k := range mails {
		p := st.Players[k%len(st.Players)]
		head := fmt.Sprintf("campaign: %s\r\nplayer: %s\r\nturn: %d\r\ntoken: %s\r\nfinal: false\r\norders:\r\n",
			st.Campaign, p.ID, st.Turn, tokens[p.ID])
		body := head + strings.Join(validMoves(tb, st, p.ID, k/len(st.Players)), "")
		id := fmt.Sprintf("%s.%d.%s@%s", tag, k, p.ID, st.Campaign)
		header := fmt.Sprintf("From: %s <%s>\r\nTo: %s\r\nSubject: orders, turn %d\r\nDate: %s\r\nMessage-ID: <%s>\r\n"+
			"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n", p.Name, p.Email, to, st.Turn, date, id)
		mails[k] = benchMail{from: p.Email, id: id, raw: []byte(header + body)}
	}
	return mails
}

// validMoves picks one-lane moves for a player until the budget is spent,
// starting from a fleet and a lane that shift with round. Where the
// validator refuses the first choice (a move may not stack more fleets in
// a system than EaW 17a allows), it builds the moves one by one, keeping
// each the validator passes.
func validMoves(tb testing.TB, st *campaign.State, player campaign.PlayerID, round int) []string {
	tb.Helper()
	g := campaign.NewGraph(st.Map)
	var own []campaign.Fleet
	for _, f := range st.Fleets {
		if f.Owner == player {
			own = append(own, f)
		}
	}
	move := func(i, j int) string {
		f := own[(round+i)%len(own)]
		next := g.Neighbours(f.At)
		return fmt.Sprintf("  - move: {fleet: %s, path: [%s]}\r\n", f.ID, next[(round+j)%len(next)])
	}
	n := min(st.Budget(player), len(own))
	var moves []string
	for i := range n {
		moves = append(moves, move(i, 0))
	}
	if validates(st, player, moves) {
		return moves
	}
	moves = moves[:0]
	for i := 0; i < len(own) && len(moves) < n; i++ {
		for j := range len(g.Neighbours(own[(round+i)%len(own)].At)) {
			if validates(st, player, append(moves, move(i, j))) {
				moves = append(moves, move(i, j))
				break
			}
		}
	}
	if len(moves) == 0 {
		tb.Fatalf("no valid move for %s", player)
	}
	return moves
}

// validates reports whether eaw.Validate passes the moves.
func validates(st *campaign.State, player campaign.PlayerID, moves []string) bool {
	src := fmt.Sprintf("campaign: %s\nplayer: %s\nturn: %d\norders:\n%s", st.Campaign, player, st.Turn, strings.Join(moves, ""))
	sub, err := orders.Parse([]byte(strings.ReplaceAll(src, "\r", "")), orders.Only(eaw.Ruleset{}.Kinds()))
	if err == nil {
		_, err = eaw.Validate(st, sub)
	}
	return err == nil
}

// loginIMAP opens an IMAP connection as a realmail user until the
// benchmark ends.
func loginIMAP(tb testing.TB, mx *realmail.System, user string) *imapclient.Client {
	tb.Helper()
	return loginIMAPWith(tb, mx, user, nil)
}

// loginIMAPWith is loginIMAP with go-imap's options.
func loginIMAPWith(tb testing.TB, mx *realmail.System, user string, opts *imapclient.Options) *imapclient.Client {
	tb.Helper()
	_, password := mx.AddUser(user)
	c, err := imapclient.DialInsecure(mx.IMAPAddr(), opts)
	if err != nil {
		tb.Fatalf("dial imap: %v", err)
	}
	tb.Cleanup(func() { c.Close() })
	if err := c.Login(user, password).Wait(); err != nil {
		tb.Fatalf("log in to imap as %s: %v", user, err)
	}
	return c
}

// stage appends mails to the moderator's staging folder, in order.
func (w *benchWorld) stage(mails []benchMail) { stageMails(w.b, w.staging, stagingFolder, mails) }

// stageMails appends mails to a folder, in order.
func stageMails(tb testing.TB, c *imapclient.Client, folder string, mails []benchMail) {
	tb.Helper()
	for _, m := range mails {
		cmd := c.Append(folder, int64(len(m.raw)), nil)
		_, err := cmd.Write(m.raw)
		err = errors.Join(err, cmd.Close())
		if err == nil {
			_, err = cmd.Wait()
		}
		if err != nil {
			tb.Fatalf("append to %s: %v", folder, err)
		}
	}
}

// deliverAndAwait moves every staged mail into the moderator's INBOX at
// once, runs each of work, and waits until the players' mailboxes hold
// want. This is the timed part of both benchmarks.
func (w *benchWorld) deliverAndAwait(ctx context.Context, want []inboxTarget, work ...func(context.Context) error) {
	w.b.Helper()
	ctx, cancel := context.WithTimeout(ctx, benchWait)
	defer cancel()
	moveAll(w.b, w.staging, stagingFolder)
	for _, f := range work {
		if err := f(ctx); err != nil {
			w.b.Fatal(err)
		}
	}
	if err := w.replies.await(ctx, want); err != nil {
		w.b.Fatal(err)
	}
}

// moveAll moves every mail in a folder into the INBOX with one IMAP MOVE.
func moveAll(tb testing.TB, c *imapclient.Client, folder string) {
	tb.Helper()
	if _, err := c.Select(folder, nil).Wait(); err != nil {
		tb.Fatalf("select %s: %v", folder, err)
	}
	if _, err := c.Move(imap.SeqSet{imap.SeqRange{Start: 1, Stop: 0}}, "INBOX").Wait(); err != nil {
		tb.Fatalf("move the staged mail into the INBOX: %v", err)
	}
	if err := c.Unselect().Wait(); err != nil {
		tb.Fatalf("unselect %s: %v", folder, err)
	}
}

// smtpClient is a go-mail client for Postfix, logged in as the moderator
// as pbemd's sender is: no TLS, AUTH PLAIN.
func (w *benchWorld) smtpClient() *gomail.Client {
	w.b.Helper()
	smtpPort, err := strconv.Atoi(port(w.mx.SMTPAddr()))
	if err != nil {
		w.b.Fatalf("smtp port: %v", err)
	}
	c, err := gomail.NewClient("127.0.0.1", gomail.WithPort(smtpPort),
		gomail.WithTLSPolicy(gomail.NoTLS), gomail.WithHELO("bare.example.test"),
		gomail.WithSMTPAuth(gomail.SMTPAuthPlainNoEnc), gomail.WithUsername(w.address), gomail.WithPassword(w.password))
	if err != nil {
		w.b.Fatalf("configure go-mail: %v", err)
	}
	return c
}

// idleOnInbox selects the INBOX, forgets what exists heard before, and
// starts IDLE on it.
func idleOnInbox(tb testing.TB, c *imapclient.Client, exists chan struct{}) *imapclient.IdleCommand {
	tb.Helper()
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		tb.Fatalf("select INBOX: %v", err)
	}
	select {
	case <-exists:
	default:
	}
	idle, err := c.Idle()
	if err != nil {
		tb.Fatalf("idle on INBOX: %v", err)
	}
	return idle
}

// bareLoop fetches every mail in the selected INBOX with one FETCH, bodies
// and envelopes, and answers each in its thread over one SMTP session.
func bareLoop(ctx context.Context, c *imapclient.Client, smtpc *gomail.Client, from string) error {
	body := &imap.FetchItemBodySection{Peek: true}
	fetched, err := c.Fetch(imap.SeqSet{imap.SeqRange{Start: 1, Stop: 0}},
		&imap.FetchOptions{UID: true, Envelope: true, BodySection: []*imap.FetchItemBodySection{body}}).Collect()
	if err != nil {
		return fmt.Errorf("fetch INBOX: %w", err)
	}
	replies := make([]*gomail.Msg, 0, len(fetched))
	for _, f := range fetched {
		m := gomail.NewMsg()
		if err := m.From(from); err != nil {
			return err
		}
		if err := m.To(f.Envelope.From[0].Addr()); err != nil {
			return err
		}
		m.Subject("Re: " + f.Envelope.Subject)
		m.SetGenHeader(gomail.HeaderInReplyTo, "<"+f.Envelope.MessageID+">")
		m.SetBodyString(gomail.TypeTextPlain, "Your orders arrived:\n\n"+string(f.FindBodySection(body)))
		replies = append(replies, m)
	}
	if err := smtpc.DialAndSendWithContext(ctx, replies...); err != nil {
		return fmt.Errorf("send %d replies: %w", len(replies), err)
	}
	return nil
}

// emptyInbox deletes what the bare loop left in the selected INBOX.
func emptyInbox(c *imapclient.Client) error {
	all := imap.SeqSet{imap.SeqRange{Start: 1, Stop: 0}}
	deleted := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}
	if err := c.Store(all, deleted, nil).Close(); err != nil {
		return fmt.Errorf("delete the INBOX's mail: %w", err)
	}
	if err := c.Expunge().Close(); err != nil {
		return fmt.Errorf("expunge the INBOX: %w", err)
	}
	return c.Unselect().Wait()
}

// mailCounter counts the mail in users' INBOXes with STATUS, over one
// IMAP connection per user.
type mailCounter struct {
	tb    testing.TB
	conns map[string]*imapclient.Client // by local part
}

func newMailCounter(tb testing.TB, mx *realmail.System, users []string) *mailCounter {
	tb.Helper()
	mc := &mailCounter{tb: tb, conns: map[string]*imapclient.Client{}}
	for _, u := range users {
		mc.conns[u] = loginIMAP(tb, mx, u)
	}
	return mc
}

// count returns how much mail a user's INBOX holds.
func (mc *mailCounter) count(user string) (uint32, error) {
	data, err := mc.conns[user].Status("INBOX", &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		return 0, fmt.Errorf("status of %s's INBOX: %w", user, err)
	}
	return *data.NumMessages, nil
}

// inboxTarget is how many mails a user's INBOX must hold.
type inboxTarget struct {
	user  string
	mails uint32
}

// expect returns what each player's INBOX will hold once every one of
// mails is answered, the player whose last mail comes last first: that
// is the order in which the answers complete.
func (mc *mailCounter) expect(mails []benchMail) []inboxTarget {
	more := map[string]uint32{}
	var order []string
	for _, m := range slices.Backward(mails) {
		local, _, _ := strings.Cut(m.from, "@")
		if more[local] == 0 {
			order = append(order, local)
		}
		more[local]++
	}
	return mc.plus(more, order)
}

// plus returns what each user in order will hold with more mails than
// now.
func (mc *mailCounter) plus(more map[string]uint32, order []string) []inboxTarget {
	mc.tb.Helper()
	var want []inboxTarget
	for _, u := range order {
		have, err := mc.count(u)
		if err != nil {
			mc.tb.Fatal(err)
		}
		want = append(want, inboxTarget{user: u, mails: have + more[u]})
	}
	return want
}

// await waits until every INBOX holds what want says. It watches one
// INBOX at a time, in the order of want, so that counting adds little to
// Dovecot's load while the mail comes in: once the INBOX expected to
// complete last is full, the others are checked once each.
func (mc *mailCounter) await(ctx context.Context, want []inboxTarget) error {
	for _, w := range want {
		if err := mc.awaitOne(ctx, w); err != nil {
			return err
		}
	}
	return nil
}

// awaitOne counts a user's mail until it is what w says.
func (mc *mailCounter) awaitOne(ctx context.Context, w inboxTarget) error {
	for {
		have, err := mc.count(w.user)
		if err != nil || have >= w.mails {
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s's INBOX holds %d mails, want %d: %w", w.user, have, w.mails, ctx.Err())
		case <-time.After(countEvery):
		}
	}
}

// daemonRun is one `pbemd run` of the intake benchmark, idle on an empty
// INBOX with the order mails staged.
type daemonRun struct {
	w     *benchWorld
	d     *daemonProc
	data  string
	mails []benchMail
	want  []inboxTarget
}

// prepareDaemon creates the campaign in a new data file, as `pbemd init`
// does but in this process, so that the players' tokens are at hand. The
// welcome and report mails are retired from the outbox unsent: the
// players read them long ago. It stages the order mails and starts the
// daemon, and returns once intake has done its first, empty, pass.
func (w *benchWorld) prepareDaemon(bin, tag string) *daemonRun {
	w.b.Helper()
	dir := w.b.TempDir()
	data := filepath.Join(dir, "pbemd.db")
	sc := benchScenario(w.b)
	seats := createCampaigns(w.b, data, w.address, sc)
	retireOutbox(w.b, data)
	tokens := map[campaign.PlayerID]string{}
	for _, s := range seats {
		tokens[s.Player] = s.Token
	}
	r := &daemonRun{w: w, data: data, mails: orderMails(w.b, sc, tokens, w.address, tag, benchMails)}
	w.stage(r.mails)
	r.want = w.replies.expect(r.mails)
	cfg := writeDaemonConfig(w.b, dir, w.mx, w.address, w.password)
	r.d = startDaemon(w.b, bin, dir, cfg)
	r.d.awaitLog(w.b.Context(), "imap connected")
	return r
}

// finish stops the daemon and checks that it accepted every mail.
func (r *daemonRun) finish() {
	r.w.b.Helper()
	r.d.stop()
	checkAccepted(r.w.b, r.data, r.mails)
}

// BenchmarkHandleBatch measures the daemon's own part of intake: the same
// 1,000 order mails from 50 players as BenchmarkIntakeDovecot, handed to
// Moderator.HandleBatch in batches of 50, as intake fetches them, on a
// real data file, with no mail servers. One op is the 1,000 mails; it
// reports the CPU time and the allocations per mail.
func BenchmarkHandleBatch(b *testing.B) {
	const address = "moderator@example.test"
	sc := benchScenario(b)
	var mallocs, bytes uint64
	var before, after runtime.MemStats
	for b.Loop() {
		b.StopTimer()
		path := filepath.Join(b.TempDir(), "pbemd.db")
		seats := createCampaigns(b, path, address, sc)
		retireOutbox(b, path)
		tokens := map[campaign.PlayerID]string{}
		for _, s := range seats {
			tokens[s.Player] = s.Token
		}
		mails := orderMails(b, sc, tokens, address, "batch", benchMails)
		fs := make([]mail.Fetched, len(mails))
		for i, m := range mails {
			fs[i] = mail.Fetched{UIDValidity: 1, UID: uint32(i + 1), Raw: m.raw, Size: int64(len(m.raw))}
		}
		db := openDataFile(b, path)
		m := mod.New(mod.Options{DB: db, Rulesets: rules.Registry(), Address: address})
		runtime.ReadMemStats(&before)
		b.StartTimer()
		for batch := range slices.Chunk(fs, 50) {
			if n, err := m.HandleBatch(b.Context(), batch); err != nil || n != len(batch) {
				b.Fatalf("HandleBatch = %d, %v", n, err)
			}
		}
		b.StopTimer()
		runtime.ReadMemStats(&after)
		mallocs += after.Mallocs - before.Mallocs
		bytes += after.TotalAlloc - before.TotalAlloc
		db.Close()
		checkAccepted(b, path, mails)
		b.StartTimer()
	}
	per := float64(b.N * benchMails)
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/per, "ms/mail")
	b.ReportMetric(float64(bytes)/1024/per, "KiB/mail")
	b.ReportMetric(float64(mallocs)/per, "allocs/mail")
}
