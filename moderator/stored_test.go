package moderator

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/store"
)

// TestStoredCopy: what the store keeps of a mail is bounded unless the
// mail was accepted, never holds a token, and says what it left out.
func TestStoredCopy(t *testing.T) {
	const tok = "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567"
	big := strings.Repeat("# a long note\n", 10_000)
	tests := []struct {
		name      string
		raw, text string
		outcome   store.Outcome
		want      []string // in the stored copy
		wantNot   []string
		max       int
	}{
		{name: "accepted, whole", outcome: store.Accepted,
			raw: "From: a@example.test\r\n\r\ntoken: " + tok + "\r\n" + big, text: "token: " + tok + "\n" + big,
			want: []string{"token: ****", big}, wantNot: []string{tok, "X-Pbemd-Stored"}},
		{name: "rejected, cut", outcome: store.Rejected,
			raw: "From: a@example.test\r\n\r\n" + big, text: big,
			want: []string{"X-Pbemd-Stored: the body below was cut to its first"}, max: maxStoredBytes + 1024},
		{name: "ignored, header only, LF line ends", outcome: store.Ignored,
			raw:  "From: a@example.test\nSubject: hi\n\n" + big,
			want: []string{"Subject: hi\r\nX-Pbemd-Stored: the body (140000 bytes) was not kept"}, wantNot: []string{"# a long note"}},
		{name: "token as an order", outcome: store.Rejected,
			raw: "From: a@example.test\r\n\r\norders:\r\n  - " + tok + "\r\n", text: "orders:\n  - " + tok + "\n",
			want: []string{"  - *******"}, wantNot: []string{tok}},
		{name: "token in an encoded subject", outcome: store.Rejected,
			raw:  "From: a@example.test\r\nSubject: =?utf-8?b?" + base64.StdEncoding.EncodeToString([]byte("token "+tok)) + "?=\r\n\r\nhello\r\n",
			text: "hello\n",
			want: []string{"X-Pbemd-Stored: the Subject field held a token in an encoded word", "hello"}, wantNot: []string{"Subject: =?"}},
		{name: "token split by a soft line break", outcome: store.Rejected,
			raw:  "From: a@example.test\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\ntokne: " + tok[:10] + "=\r\n" + tok[10:] + "\r\n",
			text: "tokne: " + tok + "\n",
			want: []string{"X-Pbemd-Stored: the body held a token in an encoded part", "tokne: ****"}, wantNot: []string{tok[:10], tok[10:]}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := storedCopy([]byte(tc.raw), &mail.Inbound{Text: []byte(tc.text)}, tc.outcome, "")
			for _, w := range tc.want {
				if !bytes.Contains(got, []byte(w)) {
					t.Errorf("storedCopy lacks %q:\n%.400s", w, got)
				}
			}
			for _, w := range tc.wantNot {
				if bytes.Contains(got, []byte(w)) {
					t.Errorf("storedCopy holds %q:\n%.400s", w, got)
				}
			}
			if tc.max > 0 && len(got) > tc.max {
				t.Errorf("storedCopy is %d bytes, want at most %d", len(got), tc.max)
			}
		})
	}
}
