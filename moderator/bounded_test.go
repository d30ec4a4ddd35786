package moderator_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/report"
)

// storedBound is how large the stored copy of a rejected mail may be: 32
// KiB and a few lines that say what was cut.
const storedBound = 33 << 10

// TestLargeMailGetsABoundedReply: a 61 KB mail of orders with a hundred
// problems on lines of 1,200 characters gets a reply under 16 KiB (the text
// under report.MaxReplyBytes, the whole mail under 24 KiB) that lists
// ten problems and counts the rest; the store keeps at most 32 KiB of it,
// and says it cut the rest.
func TestLargeMailGetsABoundedReply(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	var items []string
	for i := range 51 {
		items = append(items, fmt.Sprintf("move: {fleet: 1st, path: [nowhere%d]}   # %s", i, strings.Repeat("x", 1150)))
	}
	body := h.orders("vorn", 1, false, items...)
	if len(body) < 60_000 {
		t.Fatalf("the mail is %d bytes, want 61 KB", len(body))
	}
	h.send(h.mailFrom("vorn", body))
	reply := h.next("vorn")
	reply.want(t, "not accepted", "Here are the first 10.", "more problems, not listed here")
	if n := len(reply.body()); n > report.MaxReplyBytes {
		t.Errorf("the reply's text is %d bytes, want at most %d", n, report.MaxReplyBytes)
	}
	if n := len(reply.raw); n > 24<<10 {
		t.Errorf("the reply is %d bytes, want at most 24 KiB", n)
	}
	for _, line := range regexp.MustCompile(`(?m)^\s+\d+ \| .*$`).FindAllString(reply.body(), -1) {
		if n := len([]rune(line)); n > 100 {
			t.Errorf("the reply quotes a line of %d characters, want a window of the line", n)
			break
		}
	}
	rec := h.outcome(h.lastID)
	if n := len(rec.Raw); n > storedBound {
		t.Errorf("the store keeps %d bytes of the rejected mail, want at most %d", n, storedBound)
	}
	if !strings.Contains(string(rec.Raw), "X-Pbemd-Stored: the body below was cut to its first") {
		t.Errorf("the stored copy does not say it was cut:\n%.600s", rec.Raw)
	}
}

// TestStoredCopiesOfRejectedMailAreBounded: a mail of 200 KB that changed
// nothing is kept as its header and the first part of its text, with a
// note of what was cut, not whole.
func TestStoredCopiesOfRejectedMailAreBounded(t *testing.T) {
	skipUnderRace(t)
	h, _ := newGMHarness(t)
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false)+strings.Repeat("# notes on the war\n", 200<<10/19)))
	h.next("vorn").want(t, "not accepted", "the limit is 65536")
	rec := h.outcome(h.lastID)
	if n := len(rec.Raw); n > storedBound {
		t.Errorf("the store keeps %d bytes of a 200 KB rejected mail, want at most %d", n, storedBound)
	}
	for _, want := range []string{"Message-ID: <" + h.lastID + ">", "X-Pbemd-Stored: ", "campaign: frontier"} {
		if !strings.Contains(string(rec.Raw), want) {
			t.Errorf("the stored copy lacks %q:\n%.600s", want, rec.Raw)
		}
	}
}
