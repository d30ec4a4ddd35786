package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/store"
)

var killSeed = flag.Uint64("kill.seed", 0, "seed of TestKill's kill plan and orders; 0 picks one")

// The kill test's size: at least minKills kills over at least minTurns
// turns; it gives up after maxTurns.
const (
	minKills = 50
	minTurns = 3
	// maxTurns is a bound far beyond any run: the campaign the test plays
	// lasts 204 turns (killScenario), so that a fast machine, which plays
	// more turns per life, still reaches minKills before it ends.
	maxTurns = 160
	// turnTimeout bounds how long one turn may take under the kills: a
	// bound for a daemon that is stuck, not a wait. A race-built daemon on
	// a loaded two-core machine has taken over 15 s to resolve a turn and
	// mail its reports with their maps.
	turnTimeout = 60 * time.Second
)

var killPlayers = []string{"vorn", "castellan", "ashari", "tekkar"}

// TestKill proves the daemon crash-safe (issue 7, item 2). Players mail
// orders for turn after turn, all final, so each turn resolves early; the
// test SIGKILLs the daemon at random points at least minKills times, during
// intake, resolution and sending, and restarts it after each kill. At the
// end every accepted submission is on file once and was confirmed, every
// turn resolved once, every mail reached its mailbox, any duplicate is the
// same mail resent after a kill between the SMTP server's acceptance and
// the outbox update, and the bbolt file passes Tx.Check (after every kill
// too).
//
// Each life of the daemon sends through its own SMTP tap, which notes every
// mail the server accepted and for which life: that is what ties a
// duplicate to the kill that caused it, even when the server, slowed down
// (-race), accepts a mail after its sender died.
func TestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("the kill test kills and restarts the daemon 50 times")
	}
	t.Parallel() // mostly waits on the daemon's lives
	seed := *killSeed
	if seed == 0 {
		seed = rand.Uint64()
	}
	t.Logf("seed %d; rerun with -kill.seed=%d", seed, seed)
	k := newKillRig(t, seed)
	k.initCampaign()
	begin := time.Now()
	turns := k.play()
	k.settle()
	k.summarise(turns, time.Since(begin))
	k.check(turns)
}

// killRig is the mail system, the data directory and the daemon's lives.
type killRig struct {
	t      *testing.T
	bin    string
	world  *localmail.World
	imap   string // host and port of IMAP, in YAML
	config string
	data   string
	plan   *rand.Rand    // kill plans; used by the test goroutine only
	wait   time.Duration // how long a life may wait for its plan's event
	mails  *rand.Rand    // how many mails a player sends; driver only
	tokens map[string]string

	mu        sync.Mutex
	submitted []submission // guarded by mu
	accepted  []acceptance // guarded by mu; in the order the server accepted them
	lives     []*life      // appended by the test goroutine only
	relays    sync.WaitGroup
}

// submission is an orders mail a player sent.
type submission struct {
	id     string // Message-ID without <>
	player string
	turn   int
	final  bool
}

func newKillRig(t *testing.T, seed uint64) *killRig {
	t.Helper()
	world := localmail.Start(t, localmail.Options{Domain: "example.test"})
	for _, u := range append([]string{"moderator", "gm"}, killPlayers...) {
		world.AddUser(u, "pw")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "pass"), []byte("pw\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	imapHost, imapPort, _ := strings.Cut(world.IMAPAddr, ":")
	k := &killRig{
		t: t, bin: buildPbemd(t), world: world, imap: fmt.Sprintf("host: %s, port: %s", imapHost, imapPort),
		config: filepath.Join(dir, "pbemd.yaml"), data: filepath.Join(dir, "pbemd.db"),
		plan: rand.New(rand.NewPCG(seed, 1)), mails: rand.New(rand.NewPCG(seed, 2)),
		tokens: map[string]string{},
	}
	t.Cleanup(func() {
		if n := len(k.lives); n > 0 {
			k.lives[n-1].stop(syscall.SIGKILL)
		}
	})
	return k
}

// writeConfig writes the daemon config, sending mail through smtp. Debug
// logs "mail sent" between the server's acceptance and the outbox update.
// The sender limit is lifted: a restart resets it anyway.
func (k *killRig) writeConfig(smtp net.Listener) {
	k.t.Helper()
	cfg := fmt.Sprintf(`data: pbemd.db
address: moderator@example.test
imap: {%s, tls: none, user: moderator, password_file: pass, poll: 1s}
smtp: {host: 127.0.0.1, port: %d, tls: none}
log: {format: json, level: debug}
limits: {sender_mails_per_hour: 10000}
`, k.imap, smtp.Addr().(*net.TCPAddr).Port)
	if err := os.WriteFile(k.config, []byte(cfg), 0o600); err != nil {
		k.t.Fatal(err)
	}
}

// scenario writes the frontier scenario with its end moved 40 years on,
// and returns its path: the kill test plays as many turns as its kills
// take.
func (k *killRig) scenario() string {
	k.t.Helper()
	src, err := os.ReadFile("../../scenarios/frontier.yaml")
	if err != nil {
		k.t.Fatal(err)
	}
	const end = "end: {year: 175}"
	if !bytes.Contains(src, []byte(end)) {
		k.t.Fatalf("scenarios/frontier.yaml has no %q: the kill test cannot lengthen it", end)
	}
	path := filepath.Join(filepath.Dir(k.config), "frontier.yaml")
	if err := os.WriteFile(path, bytes.Replace(src, []byte(end), []byte("end: {year: 215}"), 1), 0o600); err != nil {
		k.t.Fatal(err)
	}
	return path
}

// initCampaign creates the frontier campaign, sending through the tap of
// life 0, and reads each player's token from their welcome mail.
func (k *killRig) initCampaign() {
	k.t.Helper()
	tap := k.tap(0)
	k.writeConfig(tap)
	code, out, errOut := run(k.t, "init", "--config", k.config, "--scenario", k.scenario())
	tap.Close()
	if code != exitOK {
		k.t.Fatalf("init = %d, %q, %q", code, out, errOut)
	}
	for _, p := range killPlayers {
		welcome := waitForMail(k.t, k.world, p, 1)
		_, token, _ := strings.Cut(string(welcome.Text), "Your token is:\n\n    ")
		token, _, _ = strings.Cut(token, "\n")
		if token == "" {
			k.t.Fatalf("no token in %s's welcome mail:\n%s", p, welcome.Text)
		}
		k.tokens[p] = token
	}
}

// play runs the daemon and kills it again and again while the players play
// (drive), until there were minKills kills and the turn under way is done.
// It returns how many turns were resolved.
func (k *killRig) play() int {
	k.t.Helper()
	ctx := k.t.Context()
	stop := make(chan struct{})
	type result struct {
		turns int
		err   error
	}
	driven := make(chan result, 1)
	go func() {
		turns, err := k.drive(ctx, stop)
		driven <- result{turns, err}
	}()
	for kills := 0; ; {
		k.killLater(k.start())
		if kills++; kills == minKills {
			close(stop)
		}
		select {
		case r := <-driven:
			if r.err != nil {
				k.t.Fatalf("after %d kills: %v\n%s", kills, r.err, k.lastLog())
			}
			return r.turns
		default:
		}
	}
}

// drive plays turns as the players: each sends one to three orders mails
// for the open turn, the last one final, then waits for their reports. It
// stops after the turn under way once stop is closed and minTurns were
// played.
func (k *killRig) drive(ctx context.Context, stop <-chan struct{}) (int, error) {
	for turn := 1; turn <= maxTurns; turn++ {
		for _, p := range killPlayers {
			n := 1 + k.mails.IntN(3)
			for i := 1; i <= n; i++ {
				if err := k.submit(ctx, submission{id: fmt.Sprintf("kill.t%d.%s.%d@example.test", turn, p, i), player: p, turn: turn, final: i == n}); err != nil {
					return turn - 1, err
				}
			}
		}
		if err := k.waitReports(ctx, turn); err != nil {
			return turn - 1, err
		}
		select {
		case <-stop:
			if turn >= minTurns {
				return turn, nil
			}
		default:
		}
	}
	return maxTurns, nil
}

// submit delivers an orders mail to the moderator's inbox.
func (k *killRig) submit(ctx context.Context, s submission) error {
	raw := fmt.Sprintf("From: %s@example.test\r\nTo: moderator@example.test\r\nSubject: orders for turn %d\r\n"+
		"Date: %s\r\nMessage-ID: <%s>\r\n\r\ncampaign: frontier\r\nplayer: %s\r\nturn: %d\r\ntoken: %s\r\nfinal: %t\r\norders: []\r\n",
		s.player, s.turn, time.Now().Format(time.RFC1123Z), s.id, s.player, s.turn, k.tokens[s.player], s.final)
	if err := k.world.Deliver(ctx, "moderator", "pw", []byte(raw)); err != nil {
		return err
	}
	k.mu.Lock()
	k.submitted = append(k.submitted, s)
	k.mu.Unlock()
	return nil
}

// waitReports waits until every player has their report of turn n.
func (k *killRig) waitReports(ctx context.Context, n int) error {
	deadline := time.Now().Add(turnTimeout)
	for _, p := range killPlayers {
		want := reportID(n, p)
		for {
			got, err := k.mailbox(ctx, p, false)
			if err != nil {
				return err
			}
			if slices.ContainsFunc(got, func(d delivered) bool { return d.id == want }) {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("%s did not get report %s within %v", p, want, turnTimeout)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	return nil
}

func reportID(turn int, player string) string {
	return fmt.Sprintf("report.frontier.t%d.%s@example.test", turn, player)
}

// life is one run of the daemon, from its start to its death.
type life struct {
	n     int
	tap   net.Listener
	cmd   *exec.Cmd
	log   *logWatch
	done  chan struct{} // closed once it has exited
	err   error         // of Wait, once done
	start time.Time
	kill  time.Time // zero unless killed
	dead  time.Time
	plan  killPlan
	at    interrupted
}

// start starts the daemon.
func (k *killRig) start() *life {
	k.t.Helper()
	l := &life{n: len(k.lives) + 1, log: &logWatch{}, done: make(chan struct{})}
	l.tap = k.tap(l.n)
	k.writeConfig(l.tap)
	l.cmd = exec.Command(k.bin, "run", "--config", k.config)
	l.cmd.Stderr = l.log
	if err := l.cmd.Start(); err != nil {
		k.t.Fatal(err)
	}
	l.start = time.Now()
	go func() {
		l.err = l.cmd.Wait()
		l.dead = time.Now()
		close(l.done)
	}()
	k.lives = append(k.lives, l)
	return l
}

// awaitReady waits until the daemon logs that it runs, which it does only
// once it handles SIGTERM.
func (l *life) awaitReady(t *testing.T) {
	t.Helper()
	select {
	case <-l.log.arm(readyMsg):
	case <-l.done:
		t.Fatalf("the daemon (life %d) exited before it was ready: %v\n%s", l.n, l.err, l.log)
	case <-time.After(turnTimeout):
		t.Fatalf("the daemon (life %d) did not log %q within %v\n%s", l.n, readyMsg, turnTimeout, l.log)
	}
}

// stop sends sig to the daemon unless it has exited, and waits for it.
func (l *life) stop(sig syscall.Signal) {
	select {
	case <-l.done:
		l.tap.Close()
		return
	default:
	}
	if sig == syscall.SIGKILL {
		l.kill = time.Now()
	}
	l.cmd.Process.Signal(sig)
	<-l.done
	l.tap.Close()
}

// killPlan says when to kill a life: delay after the first log line with
// message after, or after the start if after is empty.
type killPlan struct {
	after string
	delay time.Duration
	fell  bool // the event did not come in time (killRig.wait)
}

// A life waits killWait for its plan's event, twice as long after each
// life in a row that waited in vain, up to maxKillWait, so that a slow
// machine still makes progress.
const (
	killWait    = 500 * time.Millisecond
	maxKillWait = 4 * time.Second
)

// newPlan draws a kill plan. Killing just after "mail fetched" lands in
// intake, before the commit; after "orders accepted", in intake or in the
// resolution the last final orders start; after "turn resolved", in the
// sending of the reports; right after "mail sent", between the server's
// acceptance and the outbox update.
func (k *killRig) newPlan() killPlan {
	upTo := func(d time.Duration) time.Duration { return time.Duration(k.plan.Int64N(int64(d))) }
	switch n := k.plan.IntN(20); {
	case n < 4:
		return killPlan{delay: 5*time.Millisecond + upTo(300*time.Millisecond)}
	case n < 7:
		return killPlan{after: "mail fetched", delay: upTo(3 * time.Millisecond)}
	case n < 10:
		return killPlan{after: "orders accepted", delay: upTo(100 * time.Millisecond)}
	case n < 14:
		return killPlan{after: "turn resolved", delay: upTo(40 * time.Millisecond)}
	default:
		return killPlan{after: "mail sent", delay: upTo(2 * time.Millisecond)}
	}
}

// killLater kills a life as its plan says, then looks at what the kill
// interrupted.
func (k *killRig) killLater(l *life) {
	k.t.Helper()
	l.plan = k.newPlan()
	if l.plan.after == "" {
		time.Sleep(time.Until(l.start.Add(l.plan.delay)))
	} else {
		k.wait = max(k.wait, killWait)
		fallback := time.NewTimer(time.Until(l.start.Add(k.wait)))
		select {
		case <-l.log.arm(l.plan.after):
			time.Sleep(l.plan.delay)
			k.wait = killWait
		case <-fallback.C:
			l.plan.fell = true
			k.wait = min(2*k.wait, maxKillWait)
		case <-l.done:
		}
		fallback.Stop()
	}
	select {
	case <-l.done:
		k.t.Fatalf("the daemon (life %d) exited by itself: %v\n%s", l.n, l.err, l.log)
	default:
	}
	k.mu.Lock()
	sent := len(k.submitted)
	k.mu.Unlock()
	l.stop(syscall.SIGKILL)
	l.at = k.inspect(l, sent)
}

// logWatch keeps a daemon's JSON log and tells when a message is logged.
type logWatch struct {
	mu    sync.Mutex
	all   bytes.Buffer
	part  []byte
	lines []logLine
	want  string
	hit   chan struct{}
}

// logLine is what the test reads of a log line.
type logLine struct {
	Level string `json:"level"`
	Msg   string `json:"msg"`
	MsgID string `json:"msgid"`
}

func (w *logWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.all.Write(p)
	w.part = append(w.part, p...)
	for {
		i := bytes.IndexByte(w.part, '\n')
		if i < 0 {
			return len(p), nil
		}
		var l logLine
		if json.Unmarshal(w.part[:i], &l) == nil {
			w.lines = append(w.lines, l)
			if w.hit != nil && l.Msg == w.want {
				close(w.hit)
				w.hit = nil
			}
		}
		w.part = w.part[i+1:]
	}
}

// arm returns a channel closed once msg is logged: at once if it was
// logged already.
func (w *logWatch) arm(msg string) <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.want, w.hit = msg, make(chan struct{})
	hit := w.hit
	if slices.ContainsFunc(w.lines, func(l logLine) bool { return l.Msg == msg }) {
		close(w.hit)
		w.hit = nil
	}
	return hit
}

func (w *logWatch) logged() []logLine {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.lines)
}

func (w *logWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.all.String()
}

// interrupted is the work a kill cut short, as the store shows it after
// the kill.
type interrupted struct {
	unread  int      // orders mails delivered before the kill and not yet processed
	decided int      // of those, ones the daemon had logged its decision on
	due     bool     // every player was final: the turn was being resolved
	outbox  int      // mails waiting to be sent
	front   []string // the first mail.DefaultUnrecorded of them: those the server may hold unrecorded
}

func (a interrupted) intake() bool     { return a.unread > 0 }
func (a interrupted) resolution() bool { return a.due }
func (a interrupted) sending() bool    { return a.outbox > 0 }

// inspect opens the store of a killed daemon, checks the file and reports
// what the kill interrupted; submitted is how many orders mails had been
// delivered before the kill.
func (k *killRig) inspect(l *life, submitted int) interrupted {
	k.t.Helper()
	db, err := store.Open(k.data, store.Options{})
	if err != nil {
		k.t.Fatalf("open the store after kill %d: %v", l.n, err)
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		k.t.Fatalf("the store fails Tx.Check after kill %d: %v", l.n, err)
	}
	k.mu.Lock()
	subs := slices.Clone(k.submitted[:submitted])
	k.mu.Unlock()
	var at interrupted
	if err := db.View(func(tx *store.Tx) error { return at.read(tx, subs, l.log.logged()) }); err != nil {
		k.t.Fatalf("read the store after kill %d: %v", l.n, err)
	}
	return at
}

// read fills a in from the store: subs are the orders mails delivered
// before the kill, lines the killed daemon's log.
func (a *interrupted) read(tx *store.Tx, subs []submission, lines []logLine) error {
	for _, s := range subs {
		if !tx.Processed(s.id) {
			a.unread++
		}
	}
	for _, l := range lines {
		if l.Msg == "orders accepted" && !tx.Processed(l.MsgID) {
			a.decided++ // logged before the commit
		}
	}
	c, err := tx.Campaign("frontier")
	if err != nil {
		return err
	}
	filed, err := tx.TurnOrders(c.ID, c.Turn)
	if err != nil {
		return err
	}
	a.due = len(filed) == len(killPlayers) && !slices.ContainsFunc(filed, func(r *store.OrdersRecord) bool { return !r.Submission.Final })
	outbox, err := tx.Outbox(0)
	a.outbox = len(outbox)
	for _, m := range outbox[:min(len(outbox), mail.DefaultUnrecorded)] {
		a.front = append(a.front, m.MessageID)
	}
	return err
}

// settle runs the daemon without kills until every orders mail has its
// confirmation, then stops it with SIGTERM, which must end it cleanly. It
// waits for the daemon to be ready first: a SIGTERM that comes before main
// has installed its handler kills the process (issue 12, item 3), and on a
// fast machine every confirmation may be in before that.
func (k *killRig) settle() {
	k.t.Helper()
	l := k.start()
	l.awaitReady(k.t)
	deadline := time.Now().Add(turnTimeout)
	for _, p := range killPlayers {
		for !k.confirmed(p) {
			if time.Now().After(deadline) {
				k.t.Fatalf("%s's orders were not all confirmed within %v\n%s", p, turnTimeout, l.log)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	l.stop(syscall.SIGTERM)
	if code := l.cmd.ProcessState.ExitCode(); code != exitOK {
		k.t.Fatalf("the last daemon exited %d after SIGTERM, want 0\n%s", code, l.log)
	}
}

// confirmed reports whether every orders mail of a player has an answer.
func (k *killRig) confirmed(player string) bool {
	k.t.Helper()
	got, err := k.mailbox(k.t.Context(), player, false)
	if err != nil {
		k.t.Fatal(err)
	}
	answered := map[string]bool{}
	for _, d := range got {
		answered[d.inReplyTo] = true
	}
	for _, s := range k.submitted {
		if s.player == player && !answered[s.id] {
			return false
		}
	}
	return true
}

// summarise logs the kills, by what each interrupted, and the duplicates:
// the figures for issue 7's closing note.
func (k *killRig) summarise(turns int, took time.Duration) {
	var kills, intake, decided, resolution, sending, fell int
	for _, l := range k.lives {
		if l.kill.IsZero() {
			continue
		}
		kills++
		a := l.at
		k.t.Logf("kill %2d after %-17q +%-9v at %5dms: unread %d (decided %d), turn due %-5t, outbox %2d",
			l.n, l.plan.after, l.plan.delay.Round(time.Microsecond), l.kill.Sub(l.start).Milliseconds(),
			a.unread, a.decided, a.due, a.outbox)
		for _, b := range []struct {
			hit bool
			n   *int
		}{{a.intake(), &intake}, {a.decided > 0, &decided}, {a.resolution(), &resolution}, {a.sending(), &sending}, {l.plan.fell, &fell}} {
			if b.hit {
				*b.n++
			}
		}
	}
	k.t.Logf("%d turns in %v: %d kills; %d during intake (%d between decision and commit), %d during resolution, %d while sending; %d waited in vain for their event",
		turns, took.Round(time.Millisecond), kills, intake, decided, resolution, sending, fell)
	if kills < minKills {
		k.t.Errorf("%d kills, want at least %d", kills, minKills)
	}
	for _, ph := range []struct {
		name string
		n    int
	}{{"intake", intake}, {"resolution", resolution}, {"sending", sending}} {
		if ph.n == 0 {
			k.t.Errorf("no kill landed during %s", ph.name)
		}
	}
}

// lastLog returns the log of the latest life, for a failure message.
func (k *killRig) lastLog() string {
	if len(k.lives) == 0 {
		return ""
	}
	l := k.lives[len(k.lives)-1]
	return fmt.Sprintf("log of life %d:\n%s", l.n, l.log)
}

// acceptance is a mail the SMTP server accepted: a 2xx answer to its DATA.
type acceptance struct {
	life int // 0 for init
	id   string
	at   time.Time
}

// tap listens for one life's SMTP connections and relays them to the mail
// system, noting each mail the server accepted.
func (k *killRig) tap(life int) net.Listener {
	k.t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		k.t.Fatal(err)
	}
	k.relays.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			k.relays.Go(func() { k.relay(life, c) })
		}
	})
	return ln
}

// relay relays one SMTP connection until the server closes it. The server
// may answer a mail's DATA after the client died: that mail was accepted
// all the same.
func (k *killRig) relay(life int, c net.Conn) {
	defer c.Close()
	s, err := net.Dial("tcp", k.world.SMTPAddr)
	if err != nil {
		return
	}
	defer s.Close()
	ids := make(chan string, 8) // Message-IDs of the mails sent, awaiting answers
	k.relays.Go(func() {
		relayCommands(c, s, ids)
		s.(*net.TCPConn).CloseWrite()
	})
	r := bufio.NewReader(s)
	data := false // the next reply answers a mail's data
	for {
		line, err := r.ReadBytes('\n')
		c.Write(line)
		if len(line) >= 4 && line[3] != '-' { // the last line of a reply
			switch code := string(line[:3]); {
			case code == "354":
				data = true
			case data:
				data = false
				var id string
				select {
				case id = <-ids:
				default:
				}
				if code[0] == '2' {
					k.mu.Lock()
					k.accepted = append(k.accepted, acceptance{life: life, id: id, at: time.Now()})
					k.mu.Unlock()
				}
			}
		}
		if err != nil {
			return
		}
	}
}

// relayCommands relays what the client sends, and puts the Message-ID of
// each mail on ids before its final dot goes out.
func relayCommands(c, s net.Conn, ids chan<- string) {
	r, w := bufio.NewReader(c), bufio.NewWriter(s)
	defer w.Flush()
	var inData, inHeader bool
	var id string
	for {
		line, err := r.ReadBytes('\n')
		text := string(bytes.TrimRight(line, "\r\n"))
		switch {
		case !inData:
			inData = strings.EqualFold(text, "DATA")
			inHeader, id = inData, ""
		case text == ".":
			inData = false
			select {
			case ids <- id:
			default:
			}
		case inHeader && text == "":
			inHeader = false
		case inHeader:
			if name, value, ok := strings.Cut(text, ":"); ok && strings.EqualFold(name, "Message-ID") {
				id = strings.Trim(strings.TrimSpace(value), "<>")
			}
		}
		w.Write(line)
		if err != nil {
			return
		}
		if r.Buffered() == 0 && w.Flush() != nil {
			return
		}
	}
}

// delivered is a mail in a mailbox.
type delivered struct {
	id, inReplyTo, subject string
	raw                    []byte // only if asked for
}

// mailbox reads the envelopes of a user's INBOX, and with raw the mails.
func (k *killRig) mailbox(ctx context.Context, user string, raw bool) ([]delivered, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", k.world.IMAPAddr)
	if err != nil {
		return nil, err
	}
	c := imapclient.New(conn, nil)
	defer c.Close()
	if err := c.Login(user, "pw").Wait(); err != nil {
		return nil, fmt.Errorf("login %s: %w", user, err)
	}
	sel, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil || sel.NumMessages == 0 {
		return nil, err
	}
	opts := &imap.FetchOptions{UID: true, Envelope: true}
	body := &imap.FetchItemBodySection{Peek: true}
	if raw {
		opts.BodySection = []*imap.FetchItemBodySection{body}
	}
	var all imap.SeqSet
	all.AddRange(1, 0)
	msgs, err := c.Fetch(all, opts).Collect()
	if err != nil {
		return nil, fmt.Errorf("fetch %s's inbox: %w", user, err)
	}
	out := make([]delivered, len(msgs))
	for i, m := range msgs {
		out[i] = delivered{id: m.Envelope.MessageID, subject: m.Envelope.Subject, raw: m.FindBodySection(body)}
		if len(m.Envelope.InReplyTo) > 0 {
			out[i].inReplyTo = m.Envelope.InReplyTo[0]
		}
	}
	return out, c.Logout().Wait()
}

// check opens the store after the last daemon stopped and checks every
// promise of issue 7 item 2 against it and the mailboxes.
func (k *killRig) check(turns int) {
	k.t.Helper()
	relayed := make(chan struct{})
	go func() { k.relays.Wait(); close(relayed) }()
	select {
	case <-relayed:
	case <-time.After(10 * time.Second):
		k.t.Fatal("SMTP connections still open 10 s after the last daemon stopped")
	}
	db, err := store.Open(k.data, store.Options{})
	if err != nil {
		k.t.Fatal(err)
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		k.t.Errorf("the store fails Tx.Check: %v", err)
	}
	boxes := map[string][]delivered{}
	for _, u := range append([]string{"moderator", "gm"}, killPlayers...) {
		if boxes[u], err = k.mailbox(k.t.Context(), u, true); err != nil {
			k.t.Fatal(err)
		}
	}
	if n := len(boxes["moderator"]); n != 0 {
		k.t.Errorf("%d mails left in the moderator's inbox, want all filed", n)
	}
	err = db.View(func(tx *store.Tx) error {
		sent, err := k.checkOutbox(tx, boxes)
		if err != nil {
			return err
		}
		if err := k.checkSubmissions(tx, boxes); err != nil {
			return err
		}
		return k.checkTurns(tx, turns, sent)
	})
	if err != nil {
		k.t.Fatal(err)
	}
	k.checkLogs()
}

// checkOutbox checks that the outbox is empty, that every mail was queued
// once and reached each recipient as often as the server accepted it, the
// same bytes each time, and that every duplicate comes from a kill in the
// window between the server's acceptance and the outbox update. It returns
// the sent log by Message-ID.
func (k *killRig) checkOutbox(tx *store.Tx, boxes map[string][]delivered) (map[string]store.SentRecord, error) {
	log, sent, err := k.sentLog(tx)
	if err != nil {
		return nil, err
	}
	accepted := map[string][]acceptance{}
	for _, a := range k.accepted {
		accepted[a.id] = append(accepted[a.id], a)
		if _, ok := sent[a.id]; !ok {
			k.t.Errorf("the server accepted %q from life %d, which is not in the sent log", a.id, a.life)
		}
	}
	copies := map[string][][]byte{}
	for user, box := range boxes {
		for _, d := range box {
			copies[user+"@example.test "+d.id] = append(copies[user+"@example.test "+d.id], d.raw)
		}
	}
	dups, late := 0, 0
	for _, rec := range log {
		got := accepted[rec.MessageID]
		for _, to := range rec.To {
			raws := copies[to+" "+rec.MessageID]
			if len(raws) == 0 || len(raws) != len(got) {
				k.t.Errorf("%s (%s) reached %s %d times; the server accepted it %d times", rec.MessageID, rec.Purpose, to, len(raws), len(got))
			}
			if slices.ContainsFunc(raws, func(r []byte) bool { return !bytes.Equal(r, raws[0]) }) {
				k.t.Errorf("the %d copies of %s to %s differ", len(raws), rec.MessageID, to)
			}
		}
		dups += max(len(got)-1, 0)
		late += k.checkDuplicates(rec.MessageID, got)
	}
	k.t.Logf("%d mails sent, %d duplicates (%d of them accepted by the server after the SIGKILL)", len(log), dups, late)
	return sent, nil
}

// sentLog checks that nothing is left in the outbox or failed, and that no
// mail was queued twice, and returns the sent log, also by Message-ID.
func (k *killRig) sentLog(tx *store.Tx) ([]store.SentRecord, map[string]store.SentRecord, error) {
	outbox, err := tx.Outbox(0)
	if err != nil {
		return nil, nil, err
	}
	failed, err := tx.Failed()
	if err != nil {
		return nil, nil, err
	}
	if len(outbox) != 0 || len(failed) != 0 {
		k.t.Errorf("%d mails left in the outbox and %d failed, want none", len(outbox), len(failed))
	}
	log, err := tx.Sent()
	sent := map[string]store.SentRecord{}
	for _, rec := range log {
		if prev, ok := sent[rec.MessageID]; ok {
			k.t.Errorf("mail %s queued and sent twice (seq %d and %d)", rec.MessageID, prev.Seq, rec.Seq)
		}
		sent[rec.MessageID] = rec
	}
	return log, sent, err
}

// checkDuplicates checks the server's acceptances of one mail: each but
// the last, by life, must be among the last mail.DefaultUnrecorded mails a
// killed life got accepted, and still among as many at the front of its
// outbox after the kill: the kill fell between the acceptance and the
// outbox update, which marks a few mails sent at a time. It returns how many of them the server
// accepted after the life was sent SIGKILL, its data already written.
func (k *killRig) checkDuplicates(id string, got []acceptance) int {
	slices.SortStableFunc(got, func(a, b acceptance) int { return a.life - b.life })
	late := 0
	for _, a := range got[:max(len(got)-1, 0)] {
		var l *life
		if a.life > 0 {
			l = k.lives[a.life-1]
		}
		switch {
		case l == nil || l.kill.IsZero():
			k.t.Errorf("duplicate of %s: life %d got it accepted and was not killed", id, a.life)
		case !slices.Contains(l.at.front, id):
			k.t.Errorf("duplicate of %s: life %d got it accepted, and after its kill the next mails in the outbox were %q", id, l.n, l.at.front)
		case !slices.Contains(k.lastAccepted(l.n, mail.DefaultUnrecorded), a):
			k.t.Errorf("duplicate of %s: life %d got %d or more mails accepted after it, so its outbox was updated", id, l.n, mail.DefaultUnrecorded)
		case a.at.After(l.kill):
			late++
			k.t.Logf("duplicate of %s: the server accepted it %v after life %d was sent SIGKILL", id, a.at.Sub(l.kill).Round(time.Microsecond), l.n)
		default:
			k.t.Logf("duplicate of %s: life %d was killed %v after the server accepted it", id, l.n, l.kill.Sub(a.at).Round(time.Microsecond))
		}
	}
	return late
}

// lastAccepted returns the last n mails the server accepted from a life.
func (k *killRig) lastAccepted(life, n int) []acceptance {
	var all []acceptance
	for _, a := range k.accepted {
		if a.life == life {
			all = append(all, a)
		}
	}
	return all[max(len(all)-n, 0):]
}

// checkSubmissions checks that every orders mail was accepted and
// confirmed, and that the last one of each player and turn is on file.
func (k *killRig) checkSubmissions(tx *store.Tx, boxes map[string][]delivered) error {
	last := map[string]submission{}
	for _, s := range k.submitted {
		rec, err := tx.Message(s.id)
		if err != nil {
			return err
		}
		if rec == nil || rec.Outcome != store.Accepted || rec.Player != s.player {
			k.t.Errorf("orders %s: record %+v, want accepted from %s", s.id, rec, s.player)
		}
		answers := map[string]bool{}
		for _, d := range boxes[s.player] {
			if d.inReplyTo == s.id {
				answers[d.id] = true
				if !strings.Contains(d.subject, "accepted") {
					k.t.Errorf("orders %s answered %q, want accepted", s.id, d.subject)
				}
			}
		}
		if len(answers) != 1 {
			k.t.Errorf("orders %s got %d distinct answers, want 1", s.id, len(answers))
		}
		last[fmt.Sprint(s.turn, s.player)] = s
	}
	for key, s := range last {
		filed, err := tx.Orders("frontier", s.turn, campaign.PlayerID(s.player))
		if err != nil {
			return err
		}
		if filed == nil || filed.MessageID != s.id || !filed.Submission.Final {
			k.t.Errorf("orders on file for %s: %+v, want the final ones, %s", key, filed, s.id)
		}
	}
	return nil
}

// checkTurns checks that every turn played was resolved once: one state
// per turn, and one report per turn and player, sent once.
func (k *killRig) checkTurns(tx *store.Tx, turns int, sent map[string]store.SentRecord) error {
	c, err := tx.Campaign("frontier")
	if err != nil {
		return err
	}
	if c.Turn != turns+1 {
		k.t.Errorf("campaign at turn %d after %d turns were played, want %d", c.Turn, turns, turns+1)
	}
	for n := 1; n <= turns+1; n++ {
		rec, err := tx.Turn("frontier", n)
		if err != nil {
			return err
		}
		if rec.State.Turn != n {
			k.t.Errorf("turn record %d holds the state of turn %d", n, rec.State.Turn)
		}
	}
	if _, err := tx.Turn("frontier", turns+2); !errors.Is(err, store.ErrTurnNotFound) {
		k.t.Errorf("turn %d: %v, want %v", turns+2, err, store.ErrTurnNotFound)
	}
	for n := 1; n <= turns; n++ {
		filed, err := tx.TurnOrders("frontier", n)
		if err != nil {
			return err
		}
		if len(filed) != len(killPlayers) {
			k.t.Errorf("turn %d has %d orders on file, want %d", n, len(filed), len(killPlayers))
		}
		for _, p := range killPlayers {
			if _, ok := sent[reportID(n, p)]; !ok {
				k.t.Errorf("report %s was never sent", reportID(n, p))
			}
		}
	}
	return nil
}

// checkLogs fails the test if any life logged an error or a panic.
func (k *killRig) checkLogs() {
	for _, l := range k.lives {
		for _, line := range l.log.logged() {
			if line.Level == "ERROR" {
				k.t.Errorf("life %d logged an error: %s", l.n, line.Msg)
			}
		}
	}
}
