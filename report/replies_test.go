package report

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

func TestRenderRejection(t *testing.T) {
	src := []byte("campaign: frontier\nplayer: vorn\nturn: 3\ntoken: ABCD-EFGH\norders:\n  - move: {fleet: 1st, path: [vgea]}\n")
	_, text := RenderRejection(&Rejection{
		Campaign: "frontier", Source: src, SourceName: "attachment orders.yaml",
		Problems: orders.Problems{
			{Pos: orders.Pos{Line: 4, Col: 8}, Msg: "The token does not match this seat.", Hint: "copy the token from your welcome mail exactly"},
			{Pos: orders.Pos{Line: 6, Col: 33}, Rule: "EaW 5a", Msg: `there is no system "vgea"`, Hint: "did you mean vega?"},
		},
		OnFile: "Your orders received Mon 23 Nov 2026 12:00 UTC stay on file.",
	})
	if strings.Contains(text, "ABCD-EFGH") {
		t.Error("the rejection quotes the token")
	}
	checkMail(t, "testdata/rejection.txt.golden", text)
	_, text = RenderRejection(&Rejection{Reason: "Your mail had only an HTML part; send the orders as plain text."})
	checkMail(t, "testdata/rejection-reason.txt.golden", text)
}

func TestRejectionNeverQuotesAToken(t *testing.T) {
	tests := []struct{ name, src string }{
		{"block", "token: ABCD-EFGH-IJKL\n"},
		{"capitalised key", "Token: ABCD-EFGH-IJKL\n"},
		{"quoted", "token: \"ABCD-EFGH-IJKL\"\n"},
		{"flow style", "{campaign: frontier, token: ABCD-EFGH-IJKL, orders: []}\n"},
		{"secret elsewhere", "# my token is ABCD-EFGH-IJKL\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, text := RenderRejection(&Rejection{Source: []byte(tc.src), Secrets: []string{"ABCD-EFGH-IJKL"},
				Problems: orders.Problems{{Pos: orders.Pos{Line: 1, Col: 20}, Msg: "something is wrong"}}})
			if strings.Contains(text, "ABCD") {
				t.Errorf("rejection quotes the token:\n%s", text)
			}
		})
	}
}

// TestRejectionOfAHugeMailIsBounded: a 61 KB mail with a hundred problems
// on lines of 1,200 characters gets a reply of a few KB, not megabytes: ten
// problems, each line quoted as a window around its column, and a count of
// the rest.
func TestRejectionOfAHugeMailIsBounded(t *testing.T) {
	var src strings.Builder
	var ps orders.Problems
	src.WriteString("campaign: frontier\nplayer: vorn\nturn: 3\norders:\n")
	for i := range 51 {
		line := fmt.Sprintf("  - move: {fleet: 1st, path: [nowhere%d]}   # %s", i, strings.Repeat("x", 1150))
		src.WriteString(line + "\n")
		ps = append(ps,
			orders.Problem{Pos: orders.Pos{Line: 5 + i, Col: 31}, Rule: "EaW 5a", Msg: fmt.Sprintf("there is no system %q on the map", strings.Repeat("n", 400)), Hint: strings.Repeat("did you mean ", 100)},
			orders.Problem{Pos: orders.Pos{Line: 5 + i, Col: 1000}, Msg: "a second problem far along the line"})
	}
	_, text := RenderRejection(&Rejection{Campaign: "frontier", Source: []byte(src.String()), Problems: ps})
	if len(text) > 8<<10 {
		t.Errorf("the rejection of a %d-byte mail with %d problems is %d bytes, want at most 8 KiB", src.Len(), len(ps), len(text))
	}
	checkMail(t, "testdata/rejection-many.txt.golden", text)
}

func TestRejectionQuotesAWindowOfALongLine(t *testing.T) {
	line := strings.Repeat("a", 500) + "WRONG" + strings.Repeat("b", 500)
	_, text := RenderRejection(&Rejection{Source: []byte(line + "\n"),
		Problems: orders.Problems{{Pos: orders.Pos{Line: 1, Col: 501}, Msg: "wrong"}}})
	quote := regexp.MustCompile(`(?m)^    1 \| (.*)\n      \| (\s*)\^$`).FindStringSubmatch(text)
	if quote == nil {
		t.Fatalf("no quoted line and caret in:\n%s", text)
	}
	if n := utf8.RuneCountInString(quote[1]); n > 80 {
		t.Errorf("the quote is %d characters long, want a window of at most 80", n)
	}
	if !strings.HasPrefix(quote[1], "…") || !strings.HasSuffix(quote[1], "…") {
		t.Errorf("the quote %q does not show where the line was cut", quote[1])
	}
	if at := []rune(quote[1])[len(quote[2]):]; !strings.HasPrefix(string(at), "WRONG") {
		t.Errorf("the caret points at %q, want WRONG", string(at))
	}
}

// TestRejectionMasksATokenWhereverItStands: a token written after a
// misspelt key, as an order, or as the turn is masked in the quoted line
// and in the problem's message.
func TestRejectionMasksATokenWhereverItStands(t *testing.T) {
	const token = "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567"
	tests := []struct{ name, line, msg string }{
		{"misspelt key", "tokne: " + token, `unknown key "tokne"`},
		{"semicolon", "token; " + token, "not a mapping"},
		{"as an order", "  - " + token, fmt.Sprintf("an order must be a mapping, not the string %q", token)},
		{"as the turn", "turn: " + token, fmt.Sprintf("turn must be a whole number, not %q", token)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, text := RenderRejection(&Rejection{Source: []byte(tc.line + "\n"),
				Problems: orders.Problems{{Pos: orders.Pos{Line: 1, Col: 1}, Msg: tc.msg, Hint: "not " + token}}})
			if strings.Contains(text, "ABCD") || strings.Contains(text, "4567") {
				t.Errorf("the rejection shows the token:\n%s", text)
			}
		})
	}
}

// TestRenderGMWelcome: the GM's examples name a player of the GM's own
// campaign, not frontier's vorn.
func TestRenderGMWelcome(t *testing.T) {
	subject, text := RenderGMWelcome(&GMWelcome{Title: "Rimward Drift", Campaign: "rimward", Turn: 1,
		Deadline: "Thu 26 Nov 2026 20:00 UTC", Address: "moderator@example.test", Token: "ABCD-EFGH", Player: "zeph"})
	if subject != "[rimward] You are the GM of Rimward Drift" {
		t.Errorf("subject = %q", subject)
	}
	if !strings.Contains(text, "command: drop zeph ") || strings.Contains(text, "vorn") {
		t.Errorf("the GM's examples do not name the campaign's player zeph:\n%s", text)
	}
	checkMail(t, "testdata/gmwelcome.txt.golden", text)
}

// TestRenderGMWelcomeByVote: the GM of a campaign played one player at
// a time whose players decide by vote is told whose turn is first, and
// what the GM does there, not to answer extension requests.
func TestRenderGMWelcomeByVote(t *testing.T) {
	_, text := RenderGMWelcome(&GMWelcome{Title: "Thunderdome IV", Campaign: "td4", Turn: 1, Deadline: "Thu 10 Dec 2026 00:00 JST (15:00 UTC)",
		Address: "moderator@example.test", Token: "ABCD-EFGH", Player: "alice", Queue: []string{"bob", "alice", "carol"}, ByVote: true, VoteRule: "UTD1.7"})
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{"Turn 1 is due Thu 10 Dec 2026 00:00 JST (15:00 UTC): it is bob's, the first in the turn order (bob, alice, carol).",
		"the players decide by vote what a GM decides elsewhere (UTD1.7)", "none waits for you"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the GM's welcome lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "reply to them with") {
		t.Errorf("the GM's welcome of a campaign that decides by vote asks the GM to answer extension requests:\n%s", text)
	}
	checkMail(t, "testdata/gmwelcome-vote.txt.golden", text)
}

// TestRenderWelcomeInTurnOrder: in a campaign played one player at a
// time, the first player is told the open turn is theirs and its
// deadline; each other player their place in the order, the turn that
// will be theirs and when it opens at the latest, not a deadline they do
// not have.
func TestRenderWelcomeInTurnOrder(t *testing.T) {
	w := Welcome{Title: "Thunderdome IV", Campaign: "td4", Name: "Kess", Token: "ABCD-EFGH", Address: "moderator@example.test",
		GM: "GM <gm@example.test>", Turn: 1, Deadline: "Thu 10 Dec 2026 00:00 JST (15:00 UTC)", Queue: []campaign.PlayerID{"bob", "alice", "carol"}}
	first := w
	first.Player = "bob"
	third := w
	third.Player, third.Turn, third.Opens = "carol", 3, "Sat 19 Dec 2026 00:00 JST (15:00 UTC)"
	for _, tc := range []struct {
		w         Welcome
		want, not []string
	}{
		{first, []string{"Turn 1 is open, and it is yours: you play first in the turn order (bob, alice, carol). Your orders are due Thu 10 Dec 2026 00:00 JST (15:00 UTC).",
			"Mail them to", "turn: 1"}, nil},
		{third, []string{"You play third in the turn order (bob, alice, carol): your turn, turn 3, comes after those of bob and alice.",
			"by Sat 19 Dec 2026 00:00 JST (15:00 UTC) at the latest", "Mail your orders to", "turn: 3"}, []string{"Turn 1 is open", "Thu 10 Dec"}},
	} {
		_, text := RenderWelcome(&tc.w)
		flat := strings.Join(strings.Fields(text), " ")
		for _, want := range tc.want {
			if !strings.Contains(flat, want) {
				t.Errorf("%s's welcome lacks %q:\n%s", tc.w.Player, want, text)
			}
		}
		for _, not := range tc.not {
			if strings.Contains(flat, not) {
				t.Errorf("%s's welcome says %q:\n%s", tc.w.Player, not, text)
			}
		}
	}
}

// TestRenderSequentialReplies: under a ruleset whose turns take several
// mails, a confirmation tells the turn as it now stands and how it ends
// (more mails, final: true, or orders that spend it), and a rejection
// says that nothing of the mail was applied and what to send again.
func TestRenderSequentialReplies(t *testing.T) {
	base := Confirmation{Title: "Thunder Run", Campaign: "run", Player: "vorn", Turn: 7, Deadline: "Mon 30 Nov 2026 23:59 CET (22:59 UTC)",
		Echo: "orders:\n  - move: {fleet: 1st, path: [ferrum]}\n  - move: {fleet: 2nd, path: [mistral]}\n", Summary: "2 of 3 points spent; 1 left.\n",
		Replaced: true, Sequential: true}
	var all strings.Builder
	for _, c := range []struct {
		name         string
		final, spent bool
	}{{"more to come", false, false}, {"final", true, false}, {"spent", true, true}} {
		conf := base
		conf.Final, conf.Spent = c.final, c.spent
		subject, text := RenderConfirmation(&conf)
		fmt.Fprintf(&all, "== %s: %s\n%s\n", c.name, subject, text)
	}
	_, text := RenderRejection(&Rejection{Campaign: "run", Source: []byte("orders:\n  - move: {fleet: 9th, path: [ferrum]}\n"), SourceName: "your mail",
		Problems: orders.Problems{{Pos: orders.Pos{Line: 2, Col: 19}, Msg: "you have no fleet 9th", Hint: "your fleets are 1st and 2nd"}},
		OnFile:   Say(OnFile{Received: "Mon 23 Nov 2026 13:00 CET (12:00 UTC)", Added: true}), Added: true})
	fmt.Fprintf(&all, "== rejection\n%s", text)
	_, text = RenderRejection(&Rejection{Campaign: "run", Source: []byte("orders:\n  - move: {fleet: 9th, path: [ferrum]}\n"), SourceName: "your mail",
		Problems: orders.Problems{{Pos: orders.Pos{Line: 2, Col: 19}, Msg: "you have no fleet 9th", Hint: "your fleets are 1st and 2nd"}}, Added: true})
	fmt.Fprintf(&all, "== rejection, nothing on file\n%s", text)
	if strings.Contains(text, "whole set") {
		t.Errorf("a rejection under a ruleset that adds each mail's orders asks for the whole set:\n%s", text)
	}
	checkMail(t, "testdata/sequential-replies.txt.golden", all.String())
}
