package moderator_test

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/internal/syncbuf"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/store"
)

// TestATokenWrittenAnywhereIsMasked: vorn's token written anywhere but
// after token: (a misspelt key, token; for token:, as an order, as the
// turn, split by a quoted-printable soft break, in an encoded Subject)
// never appears in the reply, in the log, or in the stored copy of the
// mail, encoded or not.
func TestATokenWrittenAnywhereIsMasked(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.stop()
	h.logs = &syncbuf.Buffer{}
	h.limits.UnauthenticatedMailsPerHour = 20 // each mail gets an answer
	h.restart()
	tok := h.tokens["vorn"]
	head := "campaign: frontier\nplayer: vorn\nturn: 1\nfinal: false\n"
	tests := []struct {
		name    string
		body    string
		headers []string
		subject string
	}{
		{"misspelt key", head + "tokne: " + tok + "\norders: []\n", nil, ""},
		{"semicolon for colon", head + "token; " + tok + "\norders: []\n", nil, ""},
		{"as an order", head + "orders:\n  - " + tok + "\n", nil, ""},
		{"as the turn", "campaign: frontier\nplayer: vorn\nturn: " + tok + "\nfinal: false\norders: []\n", nil, ""},
		{"split by a soft line break", head + "tokne: " + tok[:12] + "=\n" + tok[12:] + "\norders: []\n",
			[]string{"Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable"}, ""},
		{"in an encoded subject", head + "orders: []\n", nil,
			"=?utf-8?b?" + base64.StdEncoding.EncodeToString([]byte("my token "+tok)) + "?="},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw := h.mailFrom("vorn", tc.body, tc.headers...)
			if tc.subject != "" {
				raw = strings.Replace(raw, "Subject: orders\n", "Subject: "+tc.subject+"\n", 1)
			}
			h.send(raw)
			reply := h.next("vorn")
			reply.want(t, "not accepted")
			reply.wantNot(t, tok)
			rec := h.outcome(h.lastID)
			if rec == nil {
				t.Fatal("the mail has no record")
			}
			if strings.Contains(string(rec.Raw), tok) || strings.Contains(rec.Detail, tok) {
				t.Errorf("the record holds the token:\n%s\n%s", rec.Detail, rec.Raw)
			}
			stored, err := mail.Parse(rec.Raw, mail.ParseOptions{})
			if err != nil {
				t.Fatalf("the stored copy is no mail: %v", err)
			}
			if strings.Contains(string(stored.Text), tok) || strings.Contains(stored.Subject, tok) {
				t.Errorf("the stored copy holds the token encoded:\n%s", rec.Raw)
			}
		})
	}
	// A message relayed to another player does not pass a token on.
	h.ask("vorn", "command: message castellan", "text: my token is "+tok).want(t, "castellan")
	relayed := h.next("castellan")
	relayed.want(t, "my token is")
	relayed.wantNot(t, tok)

	logs := h.logs.String()
	if !strings.Contains(logs, "orders rejected") {
		t.Fatalf("the log has no rejections:\n%s", logs)
	}
	if strings.Contains(logs, tok) {
		t.Errorf("the log holds the token:\n%s", logs)
	}
}

// TestATokenInARequestIsMaskedInTheAuditLog: a player who pastes their
// token into an extension's reason finds it masked in the audit log the
// GM reads, as everywhere else.
func TestATokenInARequestIsMaskedInTheAuditLog(t *testing.T) {
	skipUnderRace(t)
	h, gmToken := newGMHarness(t)
	tok := h.tokens["vorn"]
	h.ask("vorn", `extension: {hours: 24, reason: "my token is `+tok+`"}`).want(t, "is with the GM")
	h.next("gm").wantNot(t, tok)
	var log []*store.AuditEntry
	err := h.db.View(func(tx *store.Tx) (err error) { log, err = tx.AuditLog("frontier"); return })
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, e := range log {
		if strings.Contains(e.Detail, tok) {
			t.Errorf("the audit log holds vorn's token: %q", e.Detail)
		}
		found = found || e.Action == "extension asked"
	}
	if !found {
		t.Error("the audit log has no entry for the extension request")
	}
	h.gm(gmToken, "status").wantNot(t, tok)
}
