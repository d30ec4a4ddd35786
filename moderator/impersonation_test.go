package moderator_test

import (
	"testing"
)

// TestGMCommandFromAPlayerWithoutAPlayerLineAlertsTheGM: a GM command with
// no player: line from a player's address is refused, and the GM hears of
// it, told whether it carried the player's token (docs/by-mail.md).
func TestGMCommandFromAPlayerWithoutAPlayerLineAlertsTheGM(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.send(h.mailFrom("vorn", "campaign: frontier\ntoken: "+h.tokens["vorn"]+"\ncommand: process\n"))
	h.next("vorn").want(t, "Request not carried out", `Only the GM may give the command "process"`, "the GM has been told")
	h.next("gm").want(t, "Refused", `vorn (vorn@example.test) sent the GM command "process" with their player token`)

	h.send(h.mailFrom("castellan", "campaign: frontier\ncommand: pause\n"))
	h.next("castellan").want(t, `Only the GM may give the command "pause"`)
	h.next("gm").want(t, "Refused", `castellan (castellan@example.test) sent the GM command "pause" without a valid token`)
	if c := h.campaign(); c.Turn != 1 || c.Status != "running" {
		t.Errorf("the campaign is at turn %d, %s; want turn 1, running", c.Turn, c.Status)
	}
	h.quiet(append(players, "gm")...)
}

// TestGMTokenFromAPlayersAddressAlertsTheGM: the GM token in a mail from a
// player's address does nothing, the player is not told whose token it
// was, and the GM learns that the token is known to someone else.
func TestGMTokenFromAPlayersAddressAlertsTheGM(t *testing.T) {
	skipUnderRace(t)
	h, token := newGMHarness(t)
	for _, body := range []string{
		"campaign: frontier\ntoken: " + token + "\ncommand: process\n",
		"campaign: frontier\nplayer: vorn\ntoken: " + token + "\ncommand: status\n",
	} {
		h.send(h.mailFrom("vorn", body))
		reply := h.next("vorn")
		reply.want(t, "not carried out", "The token in this mail is not yours", "the GM has been told")
		reply.wantNot(t, "GM token", token)
		h.next("gm").want(t, "Refused", "vorn@example.test sent a mail carrying your GM token")
	}
	if c := h.campaign(); c.Turn != 1 {
		t.Errorf("the campaign is at turn %d, want 1", c.Turn)
	}
	h.quiet(append(players, "gm")...)
}

// TestAPlayersReplyToADecisionAddressIsExplained: a player who replies to
// the address meant for the GM's decision is told why nothing happened,
// and the GM is told; a stranger is not answered (docs/by-mail.md).
func TestAPlayersReplyToADecisionAddressIsExplained(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	deadline := h.campaign().Deadline()
	h.ask("vorn", `extension: {hours: 48, reason: "moving house"}`).want(t, "is with the GM")
	ask := h.next("gm")
	h.replyTo("castellan", ask, "approve 500h")
	explained := h.next("castellan")
	explained.want(t, "Your mail changed nothing", "takes only a decision of the GM", "moderator@example.test")
	explained.wantNot(t, "vorn", "moving house", "gm@example.test")
	h.next("gm").want(t, "Refused", "castellan@example.test replied to the address")
	h.replyTo("stranger", ask, "approve 500h")
	h.next("gm").want(t, "Refused", "stranger@example.test replied to the address")
	if got := h.campaign().Deadline(); !got.Equal(deadline) {
		t.Errorf("deadline = %v, want it unchanged", got)
	}
	h.quiet(append(players, "gm", "stranger")...)
}
