package moderator_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestDecisionWrittenToTheModeratorsAddress: a GM whose mail client
// replies to the request's From line, the moderator's own address, rather
// than its Reply-To gets no YAML error but an answer that names the
// request and the address that decides it, as its Reply-To too; nothing
// is decided until the GM writes there, and then the decision holds.
// With two requests open and a mail that answers neither, each is named
// with its own address.
func TestDecisionWrittenToTheModeratorsAddress(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	deadline := h.campaign().Deadline()
	h.ask("vorn", `extension: {hours: 48, reason: "moving house"}`).want(t, "is with the GM")
	ask := h.next("gm")

	h.replyToFrom("gm", ask, "approve 24h")
	answer := h.next("gm")
	answer.want(t, "Your decision did not reach pbemd", "reads like a decision on an extension request",
		"To decide on vorn's request for 48 more hours for turn 1 of Frontier Wars, reply to this mail", "approve 24h")
	answer.wantNot(t, "YAML")
	if got := h.campaign().Deadline(); !got.Equal(deadline) {
		t.Errorf("deadline = %v after a decision to the wrong address; want it unchanged", got)
	}
	addr := h.replyTo("gm", answer, "approve 24h")
	if !strings.Contains(answer.body(), addr) {
		t.Errorf("the answer's Reply-To %s is not the address its text names:\n%s", addr, answer.body())
	}
	h.next("gm").want(t, "Approved: 24 more hours for vorn")
	h.next("vorn").want(t, "The GM approved 24 more hours")
	if got := h.campaign().Deadline(); !got.Equal(deadline.Add(24 * time.Hour)) {
		t.Errorf("deadline = %v, want %v", got, deadline.Add(24*time.Hour))
	}
	for _, p := range []string{"castellan", "ashari", "tekkar"} {
		h.next(p).want(t, "extended the deadline of turn 1 by 24 hours")
	}

	// Two requests open, and a new mail, not a reply: both are named.
	h.ask("castellan", `extension: {hours: 12}`).want(t, "is with the GM")
	h.next("gm")
	h.ask("ashari", `extension: {hours: 6}`).want(t, "is with the GM")
	h.next("gm")
	h.seq++
	h.send(fmt.Sprintf("From: gm@example.test\nTo: moderator@example.test\nSubject: extensions\nMessage-ID: <plain%d@example.test>\nContent-Type: text/plain; charset=utf-8\n\ndeny\n", h.seq))
	both := h.next("gm")
	both.want(t, "These requests wait for your decision", "castellan, 12 more hours for turn 1 of Frontier Wars:",
		"ashari, 6 more hours for turn 1 of Frontier Wars:")
	if n := strings.Count(both.body(), "moderator+"); n != 2 {
		t.Errorf("the answer names %d reply addresses, want 2:\n%s", n, both.body())
	}
	h.quiet("gm", "vorn", "castellan", "ashari", "tekkar")
}

// replyToFrom answers a mail as a mail client does that ignores its
// Reply-To: to its From line, the moderator's own address, threaded
// under it.
func (h *harness) replyToFrom(from string, m *received, text string) {
	h.t.Helper()
	h.seq++
	h.send(fmt.Sprintf("From: %s@example.test\nTo: moderator@example.test\nSubject: Re: %s\nMessage-ID: <r%d.%s@example.test>\nIn-Reply-To: <%s>\nContent-Type: text/plain; charset=utf-8\n\n%s\n\nOn Monday, pbemd wrote:\n> %s\n",
		from, m.Subject, h.seq, from, m.MessageID, text, strings.ReplaceAll(strings.TrimSpace(m.body()), "\n", "\n> ")))
}
