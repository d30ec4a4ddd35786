package moderator_test

import (
	"testing"

	"github.com/pbemd/pbemd/moderator"
)

func TestMailOverTheSenderLimitGetsOneAnswerThenSilence(t *testing.T) {
	h, _ := newGMHarness(t)
	h.stop()
	h.limits = moderator.Limits{SenderMailsPerHour: 3}
	h.restart()
	for range 3 {
		h.ask("vorn", "command: status").want(t, "Your status")
	}
	h.ask("vorn", "command: status").want(t, "4 mails from your address in the last hour", "more than the 3")
	h.send(h.mailFrom("vorn", "campaign: frontier\nplayer: vorn\ncommand: status\n"))
	h.quiet("vorn")
	if rec := h.outcome(h.lastID); rec.Detail != "over the sender's hourly limit" {
		t.Errorf("the fifth mail's record says %q", rec.Detail)
	}
	// Other players are not held back by vorn's mail.
	h.ask("castellan", "command: status").want(t, "Your status")
}

func TestStrangersCommandIsUnansweredButTheGMIsTold(t *testing.T) {
	h, _ := newGMHarness(t)
	h.send(h.mailFrom("stranger", "campaign: frontier\ntoken: GUESS-GUESS\ncommand: process\n"))
	h.next("gm").want(t, "stranger@example.test, who plays no seat, sent the command \"process\"")
	h.quiet("stranger")
	if c := h.campaign(); c.Turn != 1 {
		t.Errorf("a stranger's process command moved the campaign to turn %d", c.Turn)
	}
}
