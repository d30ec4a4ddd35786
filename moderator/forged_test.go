package moderator_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/internal/dkimtest"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/store"
)

// trustedServer is the authserv-id of the operator's own mail server in
// these tests.
const trustedServer = "mx.example.test"

// dmarcFail is the field the operator's server writes on mail that
// example.test's DMARC policy says example.test did not send.
const dmarcFail = "Authentication-Results: " + trustedServer + "; dmarc=fail (p=reject) header.from=example.test"

// trustServer restarts the daemon trusting the Authentication-Results of
// trustedServer.
func (h *harness) trustServer() {
	h.t.Helper()
	h.stop()
	h.authServID = trustedServer
	h.restart()
}

// forgedAudits returns the audit entries about forged mail in frontier.
func (h *harness) forgedAudits() []*store.AuditEntry {
	h.t.Helper()
	var log []*store.AuditEntry
	if err := h.db.View(func(tx *store.Tx) (err error) { log, err = tx.AuditLog("frontier"); return }); err != nil {
		h.t.Fatal(err)
	}
	var out []*store.AuditEntry
	for _, e := range log {
		if e.Action == "forged mail" {
			out = append(out, e)
		}
	}
	return out
}

// TestForgedMailIsDroppedAndThePlayerToldOnceADay: mail in vorn's name that
// the operator's server says example.test did not send gets no answer and
// costs vorn nothing: more of it than pbemd answers in an hour without a
// token leaves vorn's own token-less mail still answered, and vorn's orders
// right after are accepted. vorn and the GM are told once, not again the
// same day, even after a restart, and a day later told of everything since.
func TestForgedMailIsDroppedAndThePlayerToldOnceADay(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.trustServer()
	forgery := "campaign: frontier\nplayer: vorn\nturn: 1\ntoken: AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-HHHH\norders: []\n"
	const forgeries = moderator.DefaultUnauthenticatedMailsPerHour + 2
	var ids []string
	for range forgeries {
		h.send(h.mailFrom("vorn", forgery, dmarcFail))
		ids = append(ids, h.lastID)
	}
	notice := h.next("vorn")
	notice.want(t, "[frontier] Mail forged in your name", "1 mail with", "vorn@example.test as the sender",
		"(12:00 UTC)", "dmarc=fail by mx.example.test", "at most once a day")
	notice.wantNot(t, "AAAA", "orders: []", ids[0])
	h.next("gm").want(t, "[frontier] Mail forged in vorn's name", "1 mail with", "vorn has been told too")

	h.send(h.mailFrom("vorn", "campaign: frontier\nplayer: vorn\nturn: 1\norders: []\n"))
	h.next("vorn").want(t, "carries no token")
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 1st, path: [ferrum]}")))
	h.next("vorn").want(t, "Orders for turn 1 accepted", "path: [ferrum]")
	h.quiet("vorn", "gm")
	if rec := h.outcome(ids[0]); rec.Outcome != store.Ignored || rec.Detail != "forged From: dmarc=fail by mx.example.test" {
		t.Errorf("the first forged mail's record = %s: %q", rec.Outcome, rec.Detail)
	}
	audits := h.forgedAudits()
	if len(audits) != 4 {
		t.Errorf("%d audit entries for %d forged mails, want 4: the one told of, then 3 listed", len(audits), forgeries)
	}
	if len(audits) > 0 && !strings.Contains(audits[0].Detail, "vorn and the GM told of 1 forged mail(s)") {
		t.Errorf("the first audit entry says %q", audits[0].Detail)
	}

	h.stop()
	h.restart()
	h.send(h.mailFrom("vorn", forgery, dmarcFail))
	h.quiet("vorn", "gm")

	h.advanceTo(start.Add(24 * time.Hour))
	h.send(h.mailFrom("vorn", forgery, dmarcFail))
	h.next("vorn").want(t, "Mail forged in your name", "8 mails with", "first:   Mon 23 Nov 2026", "latest:  Tue 24 Nov 2026")
	h.next("gm").want(t, "Mail forged in vorn's name", "8 mails with")
	h.quiet("vorn", "gm")
}

// TestForgedMailInTheGMsNameTellsTheGM: a forged GM command is not carried
// out and not answered; the GM is told.
func TestForgedMailInTheGMsNameTellsTheGM(t *testing.T) {
	skipUnderRace(t)
	h, token := newGMHarness(t)
	h.trustServer()
	h.send(h.mailFrom("gm", "campaign: frontier\ntoken: "+token+"\ncommand: process\n", dmarcFail))
	notice := h.next("gm")
	notice.want(t, "[frontier] Mail forged in your name", "gm@example.test as the sender")
	notice.wantNot(t, "process", token)
	h.quiet(append(players, "gm")...)
	if c := h.campaign(); c.Turn != 1 {
		t.Errorf("a forged process command moved the campaign to turn %d", c.Turn)
	}
}

// TestAuthenticationResultsOfOtherServersAreIgnored: a verdict written by
// a server other than the configured one, or by any server when none is
// configured, does not count: the token decides, as before.
func TestAuthenticationResultsOfOtherServersAreIgnored(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	// No server is trusted yet: not even the operator's verdict counts.
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false), dmarcFail))
	h.next("vorn").want(t, "Orders for turn 1 accepted")

	h.trustServer()
	h.send(h.mailFrom("ashari", h.orders("ashari", 1, false), strings.Replace(dmarcFail, trustedServer, "mx.example.net", 1)))
	h.next("ashari").want(t, "Orders for turn 1 accepted")
	h.send(h.mailFrom("tekkar", h.orders("tekkar", 1, false), "Authentication-Results: "+trustedServer+"; dkim=pass header.d=example.test; dmarc=pass header.from=example.test"))
	h.next("tekkar").want(t, "Orders for turn 1 accepted")
	h.quiet(append(players, "gm")...)
	if n := len(h.forgedAudits()); n != 0 {
		t.Errorf("%d audit entries of forged mail, want none", n)
	}
}

// TestDKIMSignedOrdersAreCheckedByPbemd: with pbemd checking DKIM itself,
// orders signed with example.test's key, which a DNS server serves, are
// accepted; signed orders changed on the way are dropped as forged, and
// the orders on file stay.
func TestDKIMSignedOrdersAreCheckedByPbemd(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	dns := dkimtest.StartDNS(t)
	key := dkimtest.NewEd25519Key(t, dns, "example.test", "pbemd-test", 7)
	h.stop()
	h.dkim = mail.NewDKIMVerifier(mail.DKIMOptions{Resolver: dns.Addr})
	h.restart()
	sign := func(raw string) string { return string(key.Sign(t, []byte(strings.ReplaceAll(raw, "\n", "\r\n")))) }

	h.send(sign(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 1st, path: [ferrum]}"))))
	signed := h.lastID
	h.next("vorn").want(t, "Orders for turn 1 accepted", "path: [ferrum]")

	tampered := sign(h.mailFrom("vorn", h.orders("vorn", 1, true, "move: {fleet: 1st, path: [ferrum]}")))
	h.send(string(bytes.Replace([]byte(tampered), []byte("[ferrum]"), []byte("[mistral]"), 1)))
	h.next("vorn").want(t, "Mail forged in your name", "dkim=fail header.d=example.test by pbemd")
	h.next("gm").want(t, "Mail forged in vorn's name")

	// Unsigned mail is judged by its token alone, as without the check.
	h.send(h.mailFrom("castellan", h.orders("castellan", 1, false)))
	h.next("castellan").want(t, "Orders for turn 1 accepted")
	h.quiet(append(players, "gm")...)
	if rec := h.onFile("vorn", 1); rec == nil || rec.MessageID != signed || rec.Submission.Final {
		t.Errorf("vorn's orders on file = %+v, want the signed mail's, not final", rec)
	}
}
