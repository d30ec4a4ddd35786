package moderator_test

import (
	"encoding/base64"
	"strings"
	"testing"
)

// TestBadInputGetsAnAnswerAndChangesNothing sends vorn's valid orders, then
// one bad mail per case. Each gets a reply that says what is wrong, and
// vorn's orders on file stay as they were.
func TestBadInputGetsAnAnswerAndChangesNothing(t *testing.T) {
	skipUnderRace(t)
	h := newHarness(t)
	for _, p := range []string{"vorn", "castellan"} {
		h.next(p) // welcome
		h.next(p) // first report
	}
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 1st, path: [ferrum]}")))
	h.next("vorn").want(t, "accepted")
	onFile := h.onFile("vorn", 1).MessageID
	h.allowUnauthenticated(20) // each case is answered; the limit is limits_test.go's

	bomb := "campaign: frontier\nplayer: vorn\nturn: 1\ntoken: " + h.tokens["vorn"] + "\norders: []\n" +
		"a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n" +
		"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n" +
		"e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
	big := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("# padding\n", 1000)))
	tests := []struct {
		name string
		from string
		mail func() string
		want []string
	}{
		{"no YAML", "vorn", func() string { return h.mailFrom("vorn", "Hello, when is the next deadline?\n") },
			[]string{"not accepted", "Line 1"}},
		{"HTML only", "vorn", func() string {
			return h.mailFrom("vorn", "<p>campaign: frontier</p>\n", "Content-Type: text/html; charset=utf-8")
		}, []string{"not accepted", "HTML"}},
		{"empty body", "vorn", func() string { return h.mailFrom("vorn", "") },
			[]string{"not accepted", "empty body"}},
		{"attachment over the limit", "vorn", func() string {
			return h.mailFrom("vorn", "--b\nContent-Type: text/plain\n\nSee attachment.\n--b\n"+
				"Content-Type: application/yaml\nContent-Disposition: attachment; filename=\"orders.yaml\"\nContent-Transfer-Encoding: base64\n\n"+
				big+"\n--b--\n", "MIME-Version: 1.0", `Content-Type: multipart/mixed; boundary="b"`)
		}, []string{"not accepted", "orders.yaml"}},
		{"mail too large", "vorn", func() string { return h.mailFrom("vorn", strings.Repeat("x", 300<<10)) },
			[]string{"not accepted", "too large"}},
		{"alias bomb", "vorn", func() string { return h.mailFrom("vorn", bomb) },
			[]string{"not accepted", "alias"}},
		{"campaign the sender does not play in", "vorn", func() string {
			return h.mailFrom("vorn", strings.Replace(h.orders("vorn", 1, false), "campaign: frontier", "campaign: elsewhere", 1))
		}, []string{"not accepted", `You do not play in a campaign called "elsewhere"`, "campaign: frontier"}},
		{"campaign the sender does not play in, with a misspelt order", "vorn", func() string {
			return h.mailFrom("vorn", strings.Replace(h.orders("vorn", 1, false, "mvoe: {fleet: 1st, path: [ferrum]}"), "campaign: frontier", "campaign: elsewhere", 1))
		}, []string{"not accepted", `unknown order kind "mvoe"`, `did you mean "move"?`}},
		{"wrong token", "vorn", func() string { return h.mailFrom("vorn", h.orders("castellan", 1, false)) },
			[]string{"not accepted", "The token in this mail is not yours"}},
		{"token of another seat", "vorn", func() string {
			return h.mailFrom("vorn", strings.Replace(h.orders("vorn", 1, false), h.tokens["vorn"], h.tokens["castellan"], 1))
		}, []string{"not accepted", "The token in this mail is not yours"}},
		{"capitalised token key", "vorn", func() string {
			return h.mailFrom("vorn", strings.Replace(h.orders("vorn", 1, false), "token:", "Token:", 1))
		}, []string{"not accepted", "Token: ****"}},
		{"flow style with another seat's token", "vorn", func() string {
			return h.mailFrom("vorn", "{campaign: frontier, player: vorn, turn: 1, token: "+h.tokens["castellan"]+", orders: [], bogus: 1}\n")
		}, []string{"not accepted", "The token in this mail is not yours"}},
		{"flow style with an unknown key", "vorn", func() string {
			return h.mailFrom("vorn", "{campaign: frontier, player: vorn, turn: 1, token: "+h.tokens["vorn"]+", orders: [], bogus: 1}\n")
		}, []string{"not accepted", "bogus"}},
		{"no token", "vorn", func() string {
			return h.mailFrom("vorn", strings.Replace(h.orders("vorn", 1, false), "token: "+h.tokens["vorn"]+"\n", "", 1))
		}, []string{"not accepted", "carries no token"}},
		{"wrong turn", "vorn", func() string { return h.mailFrom("vorn", h.orders("vorn", 5, false)) },
			[]string{"not accepted", "for turn 5, but turn 1 is open", "write turn: 1"}},
		{"spoofed sender", "castellan", func() string { return h.mailFrom("castellan", h.orders("vorn", 1, false)) },
			[]string{"not accepted", "The token in this mail is not yours"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h.send(tc.mail())
			reply := h.next(tc.from)
			for strings.Contains(reply.Subject, "token was used from another address") { // an earlier case's
				reply = h.next(tc.from)
			}
			reply.want(t, tc.want...)
			reply.wantNot(t, h.tokens["vorn"], h.tokens["castellan"])
			if got := h.onFile("vorn", 1).MessageID; got != onFile {
				t.Errorf("vorn's orders on file changed to %s", got)
			}
			if c := h.campaign(); c.Turn != 1 {
				t.Errorf("campaign turn is %d, want 1", c.Turn)
			}
		})
	}
}

// TestOtherCharsetsAreDecoded checks that orders in ISO-8859-1 and
// Windows-1252 bodies are read as their senders wrote them.
func TestOtherCharsetsAreDecoded(t *testing.T) {
	skipUnderRace(t)
	h := newHarness(t)
	h.next("vorn")
	h.next("vorn")
	latin1 := strings.ReplaceAll(h.orders("vorn", 1, false, "move: {fleet: 1st, path: [ferrum]}   # Gr\xfc\xdfe"), "\n", "\r\n")
	h.send(h.mailFrom("vorn", latin1, "Content-Type: text/plain; charset=iso-8859-1", "Content-Transfer-Encoding: 8bit"))
	h.next("vorn").want(t, "accepted", "path: [ferrum]")
	cp1252 := h.orders("vorn", 1, true, "move: {fleet: 2nd, path: [mistral]}   # \x80 100 \x93quoted\x94")
	h.send(h.mailFrom("vorn", cp1252, "Content-Type: text/plain; charset=windows-1252", "Content-Transfer-Encoding: 8bit"))
	h.next("vorn").want(t, "accepted", "path: [mistral]", "replace the orders you sent earlier")
}
