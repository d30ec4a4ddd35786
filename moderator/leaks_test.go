package moderator_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestAPlayersTokenUsedFromElsewhere: a stranger who holds vorn's real
// token sends commands with it. Nothing is done and the stranger gets no
// answer; vorn, at his own address, and the GM are told the token was
// used from another address, once a day however many such mails come,
// and vorn how to get a new one. The GM hears no "attempt to act as the
// GM".
func TestAPlayersTokenUsedFromElsewhere(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	for range 3 {
		h.send(h.mailFrom("stranger", fmt.Sprintf("campaign: frontier\nplayer: vorn\ntoken: %s\ncommand: resign\n", h.tokens["vorn"])))
	}
	h.send(h.mailFrom("stranger", h.orders("vorn", 1, true)))
	h.next("vorn").want(t, "[frontier] Your token was used from another address", "stranger@example.test, which is not your address",
		"no answer went to stranger@example.test", "command: token", "comes only to your address")
	h.next("gm").want(t, "vorn's token was used from another address", "vorn has been told how to get a new one")
	h.quiet("vorn", "gm", "stranger")
	if h.onFile("vorn", 1) != nil {
		t.Error("orders sent with vorn's token from another address are on file")
	}
	// A player who sends another's token is told it is not theirs.
	h.send(h.mailFrom("castellan", strings.Replace(h.orders("castellan", 1, false), h.tokens["castellan"], h.tokens["vorn"], 1)))
	h.next("castellan").want(t, "not accepted", "The token in this mail is not yours")
	h.quiet("vorn", "gm")
}

// TestNewTokenByMail: a player asks for a new token from the seat's own
// address with the current one; the answer carries it, unmasked, to that
// address only; the old token stops working and the new one works. A
// mail in the player's name without the token changes nothing, nor does
// a proxy's request. The GM renews the GM token the same way.
func TestNewTokenByMail(t *testing.T) {
	skipUnderRace(t)
	h, gmToken := newGMHarness(t)
	tokenIn := regexp.MustCompile(`token: ([A-Z2-7]{4}(?:-[A-Z2-7]{4}){7})`)

	h.send(h.mailFrom("vorn", "campaign: frontier\nplayer: vorn\ncommand: token\n"))
	h.next("vorn").want(t, "Request not carried out")
	h.ask("vorn", "command: proxy add stranger@example.test").want(t, "Proxy added")
	h.send(h.mailFrom("stranger", fmt.Sprintf("campaign: frontier\nplayer: vorn\ntoken: %s\ncommand: token\n", h.tokens["vorn"])))
	h.next("stranger").want(t, "Request not carried out", "a proxy for vorn")
	h.next("vorn").want(t, "Request not carried out") // the copy of what the proxy was told

	answer := h.ask("vorn", "command: token")
	answer.want(t, "Your new token", "Your token for Frontier Wars (frontier), as vorn, is now:", "The old one no longer works")
	m := tokenIn.FindStringSubmatch(answer.body())
	if m == nil || m[1] == h.tokens["vorn"] {
		t.Fatalf("the answer carries token %v; want a new one, in full:\n%s", m, answer.body())
	}
	old := h.tokens["vorn"]
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false)))
	h.next("vorn").want(t, "not accepted", "token")
	h.tokens["vorn"] = m[1]
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false)))
	h.next("vorn").want(t, "Orders for turn 1 accepted")
	if old == m[1] {
		t.Fatal("the token did not change")
	}

	gmAnswer := h.gm(gmToken, "token")
	gmAnswer.want(t, "Your new GM token", "Your GM token for Frontier Wars (frontier) is now:")
	g := tokenIn.FindStringSubmatch(gmAnswer.body())
	if g == nil || g[1] == gmToken {
		t.Fatalf("the GM's answer carries token %v; want a new one", g)
	}
	h.gm(gmToken, "status").want(t, "Request not carried out", "GM token is missing or wrong")
	h.gm(g[1], "status").want(t, "Frontier Wars (frontier): turn 1")
	h.quiet("stranger")
}
