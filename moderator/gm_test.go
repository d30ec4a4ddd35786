package moderator_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
)

var players = []string{"vorn", "castellan", "ashari", "tekkar"}

// newGMHarness starts the frontier campaign, reads every player's welcome
// and first report, and returns the GM's token from the GM's welcome.
func newGMHarness(t *testing.T) (*harness, string) {
	t.Helper()
	h := newHarness(t)
	for _, p := range players {
		h.next(p).want(t, "Welcome")
		h.next(p).want(t, "report")
	}
	w := h.next("gm")
	w.want(t, "You are the GM of", "command: status", "command: rollback")
	m := regexp.MustCompile(`token: ([A-Z2-7-]{20,})`).FindStringSubmatch(w.body())
	if m == nil {
		t.Fatalf("the GM's welcome carries no token:\n%s", w.body())
	}
	return h, m[1]
}

// gm sends a GM command and returns the answer.
func (h *harness) gm(token, command string, extra ...string) *received {
	h.t.Helper()
	body := fmt.Sprintf("campaign: frontier\ntoken: %s\ncommand: %s\n%s", token, command, strings.Join(extra, "\n"))
	h.send(h.mailFrom("gm", body))
	return h.next("gm")
}

// ask sends a player's request (extension or command lines) and returns
// the answer.
func (h *harness) ask(player string, lines ...string) *received {
	h.t.Helper()
	return h.askIn("frontier", player, lines...)
}

// askIn is ask in campaign id.
func (h *harness) askIn(id campaign.ID, player string, lines ...string) *received {
	h.t.Helper()
	body := fmt.Sprintf("campaign: %s\nplayer: %s\ntoken: %s\n%s\n", id, player, h.tokens[campaign.PlayerID(player)], strings.Join(lines, "\n"))
	h.send(h.mailFrom(player, body))
	return h.next(player)
}

// replyTo answers a mail as a mail client does: to its Reply-To, threaded
// under it, with the original quoted below.
func (h *harness) replyTo(from string, m *received, text string) string {
	h.t.Helper()
	to := regexp.MustCompile(`(?m)^Reply-To: [^<]*<([^>]+)>`).FindStringSubmatch(m.raw)
	if to == nil {
		h.t.Fatalf("mail %q has no Reply-To", m.Subject)
	}
	h.seq++
	h.lastID = fmt.Sprintf("r%d.%s@example.test", h.seq, from)
	quoted := "> " + strings.ReplaceAll(strings.TrimSpace(m.body()), "\n", "\n> ")
	h.send(fmt.Sprintf("From: %s@example.test\nTo: %s\nSubject: Re: %s\nMessage-ID: <%s>\nIn-Reply-To: <%s>\nContent-Type: text/plain; charset=utf-8\n\n%s\n\nOn Monday, pbemd wrote:\n%s\n",
		from, to[1], m.Subject, h.lastID, m.MessageID, text, quoted))
	return to[1]
}

// quiet checks that no mail came for a user: every mail the test expects
// has been read. It first waits for the daemon to settle: every mail in
// its inbox handled and filed, and its outbox sent.
func (h *harness) quiet(users ...string) {
	h.t.Helper()
	h.settle()
	for _, u := range users {
		if n := h.inboxSize(u); n != h.read[u] {
			h.t.Errorf("%s got %d mails the test did not expect", u, n-h.read[u])
		}
	}
}

// settle waits until the daemon has handled and filed every mail in its
// inbox and sent every mail in its outbox. A handled mail leaves the inbox
// only after its answers are in the outbox, so then nothing is on its way.
func (h *harness) settle() {
	h.t.Helper()
	deadline := time.Now().Add(patience)
	for {
		inbox, err := h.world.Count(h.t.Context(), "moderator", password, "INBOX")
		if err != nil {
			h.t.Fatalf("read the moderator's inbox: %v", err)
		}
		var queued []*store.Mail
		err = h.db.View(func(tx *store.Tx) (err error) { queued, err = tx.Outbox(0); return })
		if err != nil {
			h.t.Fatal(err)
		}
		if inbox == 0 && len(queued) == 0 {
			return
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("the daemon did not settle: %d mails in its inbox, %d in its outbox", inbox, len(queued))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestExtensionDecidedByReplyingToTheGMMail(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	deadline := h.campaign().Deadline()

	h.ask("vorn", `extension: {hours: 48, reason: "moving house"}`).want(t, "is with the GM", "(20:00 UTC)")
	ask := h.next("gm")
	ask.want(t, "vorn asks for 48 more hours", "moving house", "has had 0 of the 2 extensions", "approve 24h", "You need no token")
	addr := h.replyTo("gm", ask, "approve 24h\n\nGood luck with the move.")
	if !strings.HasPrefix(addr, "moderator+") {
		t.Errorf("the GM mail's Reply-To is %s, want a moderator+<token> address", addr)
	}
	h.next("gm").want(t, "Approved: 24 more hours for vorn", "Fri 27 Nov 2026 20:00 UTC")
	Decision := h.next("vorn")
	Decision.want(t, "The GM approved 24 more hours", "Fri 27 Nov 2026 21:00 CET (20:00 UTC)", "Good luck with the move.")
	if Decision.InReplyTo == "" {
		t.Error("the decision is not threaded under the request")
	}
	for _, p := range []string{"castellan", "ashari", "tekkar"} {
		h.next(p).want(t, "extended the deadline of turn 1 by 24 hours", "at vorn's request")
	}
	if got := h.campaign().Deadline(); !got.Equal(deadline.Add(24 * time.Hour)) {
		t.Errorf("deadline = %v, want %v", got, deadline.Add(24*time.Hour))
	}

	// The same address again: a polite no, and nothing moves.
	h.replyTo("gm", ask, "approve")
	h.next("gm").want(t, "You already answered this request", "works once")
	// An address pbemd never gave out, or an altered one: nothing moves.
	h.seq++
	h.send(fmt.Sprintf("From: gm@example.test\nTo: moderator+%s@example.test\nSubject: Re: extension\nMessage-ID: <forged%d@example.test>\nContent-Type: text/plain; charset=utf-8\n\napprove 500h\n",
		strings.ToLower(strings.Repeat("a", 26)), h.seq))
	h.next("gm").want(t, "never gave out the address you replied to", "nothing was done")
	// Someone else at the address: refused, and the GM hears of it.
	h.replyTo("stranger", ask, "approve 500h")
	h.next("gm").want(t, "Refused", "stranger@example.test replied to the address")
	if got := h.campaign().Deadline(); !got.Equal(deadline.Add(24 * time.Hour)) {
		t.Errorf("deadline = %v after a reused and a stolen reply address; want it unchanged", got)
	}

	// A denied request.
	h.ask("castellan", `extension: {hours: 12}`).want(t, "is with the GM")
	ask = h.next("gm")
	h.replyTo("gm", ask, "Deny\n\nEveryone else is ready.")
	h.next("gm").want(t, "Denied: castellan's request")
	h.next("castellan").want(t, "did not grant your request for 12 more hours", "Everyone else is ready.")
	if got := h.campaign().Deadline(); !got.Equal(deadline.Add(24 * time.Hour)) {
		t.Errorf("deadline = %v after a denial; want it unchanged", got)
	}
	// A reply that is neither leaves the address usable.
	h.ask("ashari", `extension: {hours: 6}`)
	ask = h.next("gm")
	h.replyTo("gm", ask, "maybe later")
	h.next("gm").want(t, "could not read a decision", "still works")
	h.replyTo("gm", ask, "approve")
	h.next("gm").want(t, "Approved: 6 more hours for ashari")
	h.next("ashari").want(t, "approved 6 more hours")

	for _, p := range []string{"vorn", "castellan", "tekkar"} {
		h.next(p).want(t, "by 6 hours")
	}
	h.quiet(players...)
}

func TestExtensionCapsAndRealLifeWeek(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.ask("vorn", `extension: {hours: 500}`).want(t, "at most 168 hours")
	// Two granted extensions reach vorn's cap.
	for range 2 {
		h.ask("vorn", `extension: {hours: 1}`)
		h.replyTo("gm", h.next("gm"), "approve")
		h.next("gm").want(t, "Approved")
		h.next("vorn").want(t, "approved")
		for _, p := range []string{"castellan", "ashari", "tekkar"} {
			h.next(p)
		}
	}
	h.ask("vorn", `extension: {hours: 1}`).want(t, "You have had 2 extension(s)")
	h.quiet("gm")

	// The real-life week, where a campaign's moderation grants it: EaW
	// has no rule on extensions, so the answer cites none.
	err := h.db.Update(func(tx *store.Tx) error {
		c, err := tx.Campaign("frontier")
		if err != nil {
			return err
		}
		c.Moderation.Extensions.RealLifeWeek = true
		return tx.PutCampaign(c)
	})
	if err != nil {
		t.Fatal(err)
	}
	before := h.campaign().Deadline()
	granted := h.ask("castellan", `extension: {hours: 24, reason: "family emergency", real_life: true}`)
	granted.want(t, "Granted: a week more")
	granted.wantNot(t, "UTD")
	h.next("gm").want(t, "castellan got a week's extension", "family emergency")
	if got := h.campaign().Deadline(); !got.Equal(before.Add(7 * 24 * time.Hour)) {
		t.Errorf("deadline = %v, want a week after %v", got, before)
	}
	for _, p := range []string{"vorn", "ashari", "tekkar"} {
		h.next(p).want(t, "real-life reasons")
	}
}

func TestRemindersGoOnlyToPlayersWithoutFinalOrders(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, true)))
	h.next("vorn").want(t, "accepted")
	h.send(h.mailFrom("castellan", h.orders("castellan", 1, false)))
	h.next("castellan").want(t, "accepted")

	deadline := h.campaign().Deadline()
	h.advanceTo(deadline.Add(-24 * time.Hour))
	h.next("castellan").want(t, "due in 24 hours", "not marked final")
	for _, p := range []string{"ashari", "tekkar"} {
		r := h.next(p)
		r.want(t, "due in 24 hours", "no orders on file", "forfeit the turn: nothing of yours moves.")
		r.wantNot(t, "UTD") // EaW has no forfeit rule to cite
	}
	h.advanceTo(deadline.Add(-2 * time.Hour))
	for _, p := range []string{"castellan", "ashari", "tekkar"} {
		h.next(p).want(t, "due in 2 hours")
	}
	h.quiet(players...)
	h.quiet("vorn")
}

func TestGMCommandsByMail(t *testing.T) {
	skipUnderRace(t)
	h, token := newGMHarness(t)
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, true, "move: {fleet: 1st, path: [ferrum]}")))
	h.next("vorn").want(t, "accepted")

	st := h.gm(token, "status")
	st.want(t, "turn 1", "vorn", "final, 1 orders", "castellan", "missing", "Audit log")

	// Refusals change nothing and say why.
	h.gm("WRONG-TOKEN", "process").want(t, "GM token is missing or wrong")
	h.gm(token, "resume").want(t, "not paused")
	h.gm(token, "rollback 5").want(t, "has not been resolved")
	h.gm(token, "drop nobody").want(t, `no player "nobody"`)
	h.gm(token, "deadline yesterday").want(t, "not a time pbemd can read")
	h.ask("ashari", "command: process").want(t, "Only the GM may give the command")
	h.next("gm").want(t, "Refused", "ashari")
	if c := h.campaign(); c.Turn != 1 || c.Status != store.Running {
		t.Fatalf("after refused commands the campaign is at turn %d, %s", c.Turn, c.Status)
	}

	// Broadcast.
	h.gm(token, "broadcast", "text: |", "  Welcome to the frontier, admirals.").want(t, "went to 4 players")
	for _, p := range players {
		h.next(p).want(t, "Message from the GM", "Welcome to the frontier, admirals.")
	}

	// Pause and resume: the deadline moves on by the pause.
	deadline := h.campaign().Deadline()
	h.gm(token, "pause").want(t, "is paused")
	for _, p := range players {
		h.next(p).want(t, "paused")
	}
	h.ask("vorn", "command: status").want(t, "paused")
	h.advanceTo(h.clock.Now().Add(5 * time.Hour))
	h.gm(token, "resume").want(t, "runs again")
	for _, p := range players {
		h.next(p).want(t, "resumed", "01:00 UTC")
	}
	if got := h.campaign().Deadline(); !got.Equal(deadline.Add(5 * time.Hour)) {
		t.Errorf("deadline after a 5 h pause = %v, want %v", got, deadline.Add(5*time.Hour))
	}

	// A new deadline.
	h.gm(token, "deadline 2026-11-30 18:00").want(t, "Mon 30 Nov 2026 18:00 UTC")
	for _, p := range players {
		h.next(p).want(t, "new deadline", "18:00 UTC")
	}

	// Preview: the reports come to the GM only.
	h.gm(token, "preview").want(t, "Preview of turn 1", "4 reports follow")
	for range players {
		h.next("gm").want(t, "[PREVIEW]", "Turn 2 report")
	}
	h.quiet(players...)
	if c := h.campaign(); c.Turn != 1 {
		t.Fatalf("a preview resolved the turn: now turn %d", c.Turn)
	}

	// Process.
	h.gm(token, "process").want(t, "Turn 1 is resolved", "Turn 2 is open")
	for _, p := range players {
		h.next(p).want(t, "Turn 2 report", "sent no orders for turn 1 and forfeits it")
	}

	// Rollback to turn 1: told, replayed, and the report says so.
	h.gm(token, "rollback 1").want(t, "back at the start of turn 1")
	for _, p := range players {
		h.next(p).want(t, "rolled", "back to the start of turn 1", "will be played")
	}
	if on := h.onFile("vorn", 1); on == nil || on.Submission.Final {
		t.Errorf("vorn's turn 1 orders after the rollback = %+v, want them on file, not final", on)
	}
	h.gm(token, "process").want(t, "Turn 1 is resolved")
	for _, p := range players {
		h.next(p).want(t, "Turn 2 report", "replaces the earlier turn 2 report", "turn 1 was played again")
	}

	// Replace: the new address gets a token and the latest report; the old
	// one is told and its token stops working.
	h.gm(token, "replace ashari stranger@example.test").want(t, "ashari now plays from stranger@example.test")
	h.next("ashari").want(t, "handed your seat", "no longer works")
	welcome := h.next("stranger")
	welcome.want(t, "Welcome")
	h.next("stranger").want(t, "Turn 2 report")
	NewToken := regexp.MustCompile(`token: ([A-Z2-7-]{20,})`).FindStringSubmatch(welcome.body())
	if NewToken == nil {
		t.Fatalf("the replacement's welcome has no token:\n%s", welcome.body())
	}
	h.send(h.mailFrom("stranger", strings.Replace(h.orders("ashari", 2, false), h.tokens["ashari"], NewToken[1], 1)))
	h.next("stranger").want(t, "accepted")
	h.send(h.mailFrom("ashari", h.orders("ashari", 2, false)))
	h.quiet("ashari")

	// Drop, then drop again.
	h.gm(token, "drop castellan").want(t, "castellan is out")
	h.next("castellan").want(t, "You are out of")
	h.gm(token, "drop castellan").want(t, "already out")
	h.ask("castellan", "command: status").want(t, "You are out of campaign frontier")
	h.send(h.mailFrom("castellan", h.orders("castellan", 1, false)))
	out := h.next("castellan")
	out.want(t, "You are out of campaign frontier", "Write to the GM")
	out.wantNot(t, "Fix the mistakes")

	st = h.gm(token, "status")
	st.want(t, "castellan", "out: dropped by the GM", "process: turn 1", "replace: ashari", "rollback: from turn 2 back to turn 1")
	st.wantNot(t, token)
}

func TestThreeForfeitsDropAPlayer(t *testing.T) {
	skipUnderRace(t)
	h, token := newGMHarness(t)
	for turn := 1; turn <= 3; turn++ {
		for _, p := range []string{"vorn", "castellan", "ashari"} {
			h.send(h.mailFrom(p, h.orders(campaign.PlayerID(p), turn, false)))
			h.next(p).want(t, "accepted")
		}
		h.gm(token, "process").want(t, fmt.Sprintf("Turn %d is resolved", turn))
		if turn == 3 {
			h.next("tekkar").want(t, "You are out of", "dropped after 3 turns in a row without orders")
			gm := h.next("gm")
			gm.want(t, "tekkar is out", "without orders (EaW 29.0)")
			gm.wantNot(t, "UTD")
		}
		for _, p := range players {
			if turn == 3 && p == "tekkar" {
				continue
			}
			r := h.next(p)
			r.want(t, fmt.Sprintf("Turn %d report", turn+1))
			if turn < 3 {
				r.want(t, fmt.Sprintf("Grom Tekk (tekkar) sent no orders for turn %d", turn))
			} else {
				r.want(t, "left the campaign: dropped after 3 turns")
			}
		}
	}
	c := h.campaign()
	if s := c.Seat("tekkar"); s.Active() || s.Forfeits != 3 {
		t.Errorf("tekkar's seat = %+v, want out after 3 forfeits", s)
	}
	h.quiet(players...)
}

func TestOutageHoldsTheTurnForTheGM(t *testing.T) {
	skipUnderRace(t)
	h, token := newGMHarness(t)
	deadline := h.campaign().Deadline()
	h.stop()
	h.advanceTo(deadline.Add(6 * time.Hour))
	h.restart()
	held := h.next("gm")
	held.want(t, "waiting for you after an outage", "command: process", "command: deadline")
	if c := h.campaign(); c.Turn != 1 || c.HeldSince.IsZero() {
		t.Fatalf("after the outage the campaign is at turn %d, held %v; want turn 1 held", c.Turn, c.HeldSince)
	}
	h.quiet(players...)
	h.gm(token, "status").want(t, "Waiting for you since")
	h.gm(token, "process").want(t, "Turn 1 is resolved")
	for _, p := range players {
		h.next(p).want(t, "Turn 2 report")
	}
}

func TestPlayerCommandsByMail(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 1st, path: [ferrum]}", "build: {units: [frigate], fleet: 7th, mp: 0}")))
	conf := h.next("vorn")
	conf.want(t, "accepted", "Forecast", "1st      drakkar -> ferrum", "2nd      stays at ferrum", "7th      new, built at drakkar")
	conf.wantNot(t, "castel", "tekk")
	h.ask("vorn", "command: status").want(t, "Your orders for turn 1", "not marked final", "move: {fleet: 1st", "(20:00 UTC)")
	h.ask("castellan", "command: status").want(t, "no orders on file")

	h.ask("vorn", "command: report").want(t, "Turn 1 report", "sent again")
	h.ask("vorn", "command: report 4").want(t, `no turn "4" report`)

	h.ask("vorn", "command: message castellan", "text: |", "  Shall we split the Meridian march?").want(t, "went to castellan", "signed")
	msg := h.next("castellan")
	msg.want(t, "Message from vorn", "Shall we split the Meridian march?", "command: message vorn")
	msg.wantNot(t, "vorn@example.test")
	h.ask("ashari", "command: message all", "anonymous: true", "text: Beware the Horde.").want(t, "went to vorn, castellan, tekkar", "without your name")
	for _, p := range []string{"vorn", "castellan", "tekkar"} {
		m := h.next(p)
		m.want(t, "Beware the Horde.", "does not give their name")
		m.wantNot(t, "ashari")
	}
	h.ask("vorn", "command: message nobody", "text: hi").want(t, `no player "nobody"`)
	h.quiet(players...)
}
