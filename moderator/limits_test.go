package moderator_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/moderator"
)

func TestMailOverTheSenderLimitGetsOneAnswerThenSilence(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.stop()
	h.limits = moderator.Limits{SenderMailsPerHour: 3}
	h.restart()
	for range 3 {
		h.ask("vorn", "command: status").want(t, "Your status")
	}
	notice := h.ask("vorn", "command: status")
	notice.want(t, "4 mails from your address in the last hour", "more than the 3")
	notice.wantNot(t, "Fix")
	h.send(h.mailFrom("vorn", "campaign: frontier\nplayer: vorn\ntoken: "+h.tokens["vorn"]+"\ncommand: status\n"))
	h.quiet("vorn")
	if rec := h.outcome(h.lastID); rec.Detail != "over the sender's hourly limit" {
		t.Errorf("the fifth mail's record says %q", rec.Detail)
	}
	// Other players are not held back by vorn's mail.
	h.ask("castellan", "command: status").want(t, "Your status")
}

func TestStrangersCommandIsUnansweredButTheGMIsTold(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.send(h.mailFrom("stranger", "campaign: frontier\ntoken: GUESS-GUESS\ncommand: process\n"))
	h.next("gm").want(t, "stranger@example.test, who plays no seat, sent the command \"process\"")
	h.quiet("stranger")
	if c := h.campaign(); c.Turn != 1 {
		t.Errorf("a stranger's process command moved the campaign to turn %d", c.Turn)
	}
}

// allowUnauthenticated restarts the daemon with a higher limit on mail
// without the sender's token, for tests that send many such mails from one
// address to check each answer.
func (h *harness) allowUnauthenticated(perHour int) {
	h.t.Helper()
	h.stop()
	h.limits.UnauthenticatedMailsPerHour = perHour
	h.restart()
}

// TestForgedMailCannotLockAPlayerOut: a hundred mails with vorn's address
// as From and no valid token (none, castellan's, a made-up one, text that
// is no YAML) neither use up vorn's hourly limit nor flood vorn with
// replies: vorn gets the first few rejections only, and vorn's genuine
// orders afterwards are accepted and confirmed.
func TestForgedMailCannotLockAPlayerOut(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	forgeries := []string{
		"campaign: frontier\nplayer: vorn\nturn: 1\norders: []\n",
		strings.Replace(h.orders("vorn", 1, false), h.tokens["vorn"], h.tokens["castellan"], 1),
		strings.Replace(h.orders("vorn", 1, false), h.tokens["vorn"], "AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-HHHH", 1),
		"This is no YAML: {[\n",
	}
	for i := range 100 {
		h.send(h.mailFrom("vorn", forgeries[i%len(forgeries)]))
	}
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 1st, path: [ferrum]}")))
	genuine := h.lastID
	for range moderator.DefaultUnauthenticatedMailsPerHour {
		h.next("vorn").want(t, "not accepted")
	}
	h.next("vorn").want(t, "Orders for turn 1 accepted", "path: [ferrum]")
	// castellan's token in a mail from vorn's address: castellan and the
	// GM hear it was used from elsewhere.
	h.next("castellan").want(t, "Your token was used from another address")
	h.next("gm").want(t, "castellan's token was used from another address")
	h.quiet("vorn", "gm")
	if rec := h.onFile("vorn", 1); rec == nil || rec.MessageID != genuine {
		t.Errorf("vorn's orders on file = %+v, want the genuine mail's", rec)
	}
}

// TestForgedRepliesToTheGMAreBounded: mail with the GM's address as From
// to decision addresses pbemd never gave out gets the GM only the first
// few answers.
func TestForgedRepliesToTheGMAreBounded(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	for i := range 20 {
		h.send(fmt.Sprintf("From: gm@example.test\nTo: moderator+%s@example.test\nSubject: Re: extension\nMessage-ID: <forged%d@example.test>\nContent-Type: text/plain; charset=utf-8\n\napprove\n",
			strings.Repeat("a", 26), i))
	}
	// Intake reads in order: once vorn has an answer, the forgeries are read.
	h.ask("vorn", "command: status").want(t, "Your status")
	for range moderator.DefaultUnauthenticatedMailsPerHour {
		h.next("gm").want(t, "never gave out the address")
	}
	h.quiet("gm")
}

// TestForgedMailCannotSilenceAPlayer: forged mail in vorn's name, without
// his token, uses up the answers an hour that unproven mail from his
// address gets. Mail that proves its sender still gets its answer: his
// own mail with only an HTML part, which carries his token in it, is told
// to send plain text; and a mail without a token that the operator's
// server found sent by example.test (Authentication-Results) is answered
// too.
func TestForgedMailCannotSilenceAPlayer(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.trustServer()
	for range moderator.DefaultUnauthenticatedMailsPerHour + 3 {
		h.send(h.mailFrom("vorn", "campaign: frontier\nplayer: vorn\nturn: 1\norders: []\n"))
	}
	html := fmt.Sprintf("<html><body><p>campaign: frontier<br>player: vorn<br>turn: 1<br>token:&nbsp;%s<br>orders: []</p></body></html>\n", h.tokens["vorn"])
	h.send(h.mailFrom("vorn", html, "Content-Type: text/html; charset=utf-8"))
	ownHTML := h.lastID
	h.send(h.mailFrom("vorn", "Hello, when is the deadline?\n", "Authentication-Results: "+trustedServer+"; dkim=pass header.d=example.test; dmarc=pass header.from=example.test"))
	signed := h.lastID
	for range moderator.DefaultUnauthenticatedMailsPerHour {
		h.next("vorn").want(t, "not accepted")
	}
	answered := map[string]string{}
	for range 2 {
		r := h.next("vorn")
		answered[r.InReplyTo] = r.body()
	}
	if !strings.Contains(answered[ownHTML], "HTML") {
		t.Errorf("vorn's own HTML mail got %q; want the answer to send plain text", answered[ownHTML])
	}
	if !strings.Contains(answered[signed], "changed nothing") {
		t.Errorf("vorn's mail signed for example.test got %q; want an answer", answered[signed])
	}
	h.quiet("vorn", "gm")
}
