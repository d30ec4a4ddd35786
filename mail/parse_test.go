package mail

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

const ordersYAML = "campaign: eaw-7\nturn: 3\norders:\n  - fleet: A1\n    move: [3, 4]\n  - fleet: B2\n    build: 2 scouts\n"

// readEML reads a fixture from testdata/mime. The files use LF; crlf gives
// the wire form with CRLF line endings.
func readEML(t *testing.T, name string, crlf bool) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "mime", name))
	if err != nil {
		t.Fatal(err)
	}
	if crlf {
		raw = bytes.ReplaceAll(raw, []byte("\n"), []byte("\r\n"))
	}
	return raw
}

// parseEML parses a fixture in both line-ending forms and checks that they
// agree.
func parseEML(t *testing.T, name string, opts ParseOptions) *Inbound {
	t.Helper()
	lf, err := Parse(readEML(t, name, false), opts)
	if err != nil {
		t.Fatalf("Parse(%s) error: %v", name, err)
	}
	if strings.Contains(lf.Unreadable, "bytes, more than the limit") {
		return lf // the size it reports counts the CRs
	}
	crlf, err := Parse(readEML(t, name, true), opts)
	if err != nil {
		t.Fatalf("Parse(%s with CRLF) error: %v", name, err)
	}
	if lf.MessageID != crlf.MessageID && strings.HasSuffix(lf.MessageID, "@pbemd.invalid") {
		crlf.MessageID = lf.MessageID // synthetic ids hash the raw bytes
	}
	if !inboundEqual(lf, crlf) {
		t.Fatalf("Parse(%s) differs with CRLF:\n LF  %+v\n CRLF %+v", name, lf, crlf)
	}
	return lf
}

func inboundEqual(a, b *Inbound) bool {
	return a.MessageID == b.MessageID && a.From == b.From && a.FromName == b.FromName &&
		slices.Equal(a.To, b.To) && a.Subject == b.Subject && a.Date.Equal(b.Date) &&
		a.InReplyTo == b.InReplyTo && slices.Equal(a.References, b.References) &&
		a.Automatic == b.Automatic && a.Bounce == b.Bounce && bytes.Equal(a.Text, b.Text) &&
		a.TextSource == b.TextSource && a.Unreadable == b.Unreadable
}

func TestParse_text(t *testing.T) {
	tests := []struct {
		name       string
		file       string
		opts       ParseOptions
		text       string
		source     string
		unreadable []string // substrings of Inbound.Unreadable; none means it must be empty
	}{
		// Readable orders.
		{name: "plain text", file: "plain.eml", text: ordersYAML, source: "body"},
		{name: "signature removed", file: "signature.eml", text: ordersYAML + "\n", source: "body"},
		{name: "thunderbird format=flowed", file: "thunderbird-flowed.eml", source: "body",
			text: "campaign: eaw-7\nturn: 3\nnote: \"This is a rather long note to the game master that Thunderbird will certainly wrap because it is longer than seventy-two characters\"\norders:\n  - fleet: A1\n    move: [3, 4]\n\n"},
		{name: "format=flowed delsp=yes", file: "flowed-delsp.eml", source: "body",
			text: "campaign: eaw-7\nturn: 3\nnote: a word split in the middle and another in the middle\n"},
		{name: "yaml attachment as octet-stream", file: "attachment-octet.eml", text: ordersYAML, source: "attachment orders.yaml"},
		{name: "first of two application/yaml attachments, BOM and CRLF", file: "attachment-yaml.eml", text: ordersYAML, source: "attachment Orders.YML"},
		{name: "ISO-8859-1 quoted-printable", file: "latin1-qp.eml", source: "body",
			text: "campaign: eaw-7\nnote: Blåbærgrød til admiralen, som er så sød og har en meget lang lækker linje\n"},
		{name: "Windows-1252 8bit", file: "cp1252.eml", source: "body", text: "campaign: eaw-7\nnote: “quoted” costs 5€ – naïve\n"},
		{name: "gmail nesting: text/plain inside alternative", file: "nested-gmail.eml", source: "body",
			text: "campaign: eaw-7\nturn: 3\nnote: a soft-broken line"},
		{name: "unknown charset, but ASCII", file: "unknown-charset.eml", text: "turn: 3\n", source: "body"},
		{name: "unparseable From", file: "bad-from.eml", text: "turn: 3\n", source: "body"},

		// Unreadable mail says why.
		{name: "HTML only", file: "html-only.eml", unreadable: []string{"only an HTML part", ".yaml attachment"}},
		{name: "empty body", file: "empty.eml", source: "body", unreadable: []string{"empty body"}},
		{name: "header only", file: "header-only.eml", source: "body", unreadable: []string{"empty body"}},
		{name: "only whitespace and a signature", file: "whitespace-and-signature.eml", source: "body", unreadable: []string{"empty body"}},
		{name: "attachment over the limit", file: "attachment-large.eml", opts: ParseOptions{MaxAttachmentBytes: 2048},
			source: "attachment big.yaml", unreadable: []string{"big.yaml is 4 KiB", "limit of 2 KiB"}},
		{name: "attachment over the default limit is fine", file: "attachment-large.eml",
			source: "attachment big.yaml", text: strings.Repeat(ordersYAML, 40)},
		{name: "text over the limit", file: "plain.eml", opts: ParseOptions{MaxTextBytes: 16},
			source: "body", unreadable: []string{"text is ", "bytes, more than the limit of 16 bytes"}},
		{name: "attachment not UTF-8", file: "attachment-latin1.eml", source: "attachment orders.yaml", unreadable: []string{"not UTF-8"}},
		{name: "invalid base64", file: "invalid-base64.eml", source: "attachment orders.yaml", unreadable: []string{"base64 encoding is broken"}},
		{name: "invalid quoted-printable", file: "invalid-qp.eml", source: "body", unreadable: []string{"quoted-printable encoding is broken"}},
		{name: "unknown charset with 8-bit bytes", file: "unknown-charset-binary.eml", source: "body", unreadable: []string{`"x-klingon"`, "UTF-8"}},
		{name: "unknown transfer encoding", file: "unknown-encoding.eml", source: "body", unreadable: []string{"transfer encoding"}},
		{name: "15 nested multiparts", file: "nested-deep.eml", unreadable: []string{"too many parts"}},
		{name: "NUL in the text", file: "nul-body.eml", source: "body", unreadable: []string{"NUL byte on line 2", "plain text"}},
		{name: "NUL in the attachment", file: "nul-attachment.eml", source: "attachment orders.yaml",
			unreadable: []string{"orders.yaml holds a NUL byte on line 2"}},
		{name: "only a zip attachment", file: "zip-only.eml", unreadable: []string{`attachment "orders.zip"`, "does not open", ".yaml"}},
		{name: "only a text attachment", file: "text-attachment-only.eml", unreadable: []string{`attachment "orders.txt"`, "plain text"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := parseEML(t, tc.file, tc.opts)
			if got := string(in.Text); got != tc.text {
				t.Errorf("Parse(%s).Text = %q, want %q", tc.file, got, tc.text)
			}
			if in.TextSource != tc.source {
				t.Errorf("Parse(%s).TextSource = %q, want %q", tc.file, in.TextSource, tc.source)
			}
			if len(tc.unreadable) == 0 && in.Unreadable != "" {
				t.Errorf("Parse(%s).Unreadable = %q, want none", tc.file, in.Unreadable)
			}
			for _, want := range tc.unreadable {
				if !strings.Contains(in.Unreadable, want) {
					t.Errorf("Parse(%s).Unreadable = %q, want it to mention %q", tc.file, in.Unreadable, want)
				}
			}
		})
	}
}

func TestParse_flags(t *testing.T) {
	tests := []struct {
		file      string
		automatic bool
		bounce    bool
	}{
		{file: "plain.eml"}, // Auto-Submitted: no
		{file: "auto-submitted.eml", automatic: true},
		{file: "precedence-bulk.eml", automatic: true},
		{file: "list-id.eml", automatic: true},
		{file: "precedence-list.eml", automatic: true},
		{file: "precedence-auto-reply.eml", automatic: true},
		{file: "x-autorespond.eml", automatic: true},
		{file: "bounce-report.eml", automatic: true, bounce: true},
		{file: "bounce-returnpath.eml", bounce: true},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			in := parseEML(t, tc.file, ParseOptions{})
			if in.Automatic != tc.automatic || in.Bounce != tc.bounce {
				t.Errorf("Parse(%s) Automatic, Bounce = %v, %v, want %v, %v", tc.file, in.Automatic, in.Bounce, tc.automatic, tc.bounce)
			}
		})
	}
}

func TestParse_header(t *testing.T) {
	in := parseEML(t, "plain.eml", ParseOptions{})
	want := &Inbound{
		MessageID:  "t1.alice@example.org",
		From:       "alice@example.org",
		FromName:   "Alice Archer",
		To:         []string{"orders@pbem.example", "bob@example.net", "carol@example.com"},
		Subject:    "Turn 3 orders – æøå",
		Date:       time.Date(2026, 11, 3, 17, 4, 5, 0, time.UTC),
		InReplyTo:  "t3.report.alice@pbem.example",
		References: []string{"t2.report.alice@pbem.example", "t3.report.alice@pbem.example"},
		Text:       []byte(ordersYAML),
		TextSource: "body",
	}
	if !inboundEqual(in, want) {
		t.Errorf("Parse(plain.eml) =\n %+v\nwant\n %+v", in, want)
	}

	in = parseEML(t, "references-comma.eml", ParseOptions{})
	wantRefs := []string{"t1.report.alice@pbem.example", "t2.report.alice@pbem.example", "t3.report.alice@pbem.example"}
	if !slices.Equal(in.References, wantRefs) || in.InReplyTo != "t3.report.alice@pbem.example" {
		t.Errorf("Parse(references-comma.eml) References, InReplyTo = %q, %q, want %q, %q", in.References, in.InReplyTo, wantRefs, wantRefs[2])
	}

	in = parseEML(t, "bad-from.eml", ParseOptions{})
	if in.From != "alice@example.org" || !slices.Equal(in.To, []string{"orders@pbem.example"}) {
		t.Errorf("Parse(bad-from.eml) From, To = %q, %q, want alice@example.org, [orders@pbem.example]", in.From, in.To)
	}
}

// TestParse_fromDisplayNameTricks: an address in the display name is only
// a name. The sender is the address in angle brackets, whether the header
// is valid RFC 5322 (quoted name) or not (bare name).
func TestParse_fromDisplayNameTricks(t *testing.T) {
	for _, file := range []string{"from-address-as-name.eml", "from-quoted-address-as-name.eml"} {
		t.Run(file, func(t *testing.T) {
			if in := parseEML(t, file, ParseOptions{}); in.From != "mallory@example.net" {
				t.Errorf("Parse(%s).From = %q, want mallory@example.net", file, in.From)
			}
		})
	}
}

func TestParse_syntheticMessageID(t *testing.T) {
	raw := readEML(t, "no-message-id.eml", false)
	a, errA := Parse(raw, ParseOptions{})
	b, errB := Parse(bytes.Clone(raw), ParseOptions{})
	if errA != nil || errB != nil {
		t.Fatalf("Parse(no-message-id.eml) errors: %v, %v", errA, errB)
	}
	sum := sha256.Sum256(raw)
	want := "sha256-" + hex.EncodeToString(sum[:]) + "@pbemd.invalid"
	if a.MessageID != want || b.MessageID != want {
		t.Errorf("Parse(no-message-id.eml).MessageID = %q, then %q, want %q both times", a.MessageID, b.MessageID, want)
	}
	other, _ := Parse(append(bytes.Clone(raw), "more\n"...), ParseOptions{})
	if other.MessageID == want {
		t.Errorf("Parse of different bytes gave the same synthetic id %q", want)
	}
}

func TestParse_badHeader(t *testing.T) {
	tests := []struct {
		name string
		raw  string
	}{
		{name: "header line without colon", raw: "From alice\r\nnot a header\r\n\r\nbody"},
		{name: "header over the limit", raw: "X-Long: " + strings.Repeat("a", maxHeaderBytes+1) + "\r\n\r\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if in, err := Parse([]byte(tc.raw), ParseOptions{}); err == nil {
				t.Errorf("Parse(%.40q) = %+v, want an error", tc.raw, in)
			}
		})
	}
}

// corpora are the directories of .eml files that seed FuzzParse: this
// package's MIME fixtures and the moderator's hostile mail corpus (whose
// {{...}} placeholders stay unexpanded here).
var corpora = []string{filepath.Join("testdata", "mime"), filepath.Join("..", "moderator", "testdata", "mail")}

// FuzzParse checks that Parse never panics and that whatever it returns
// has a Message-ID and either text or the reason there is none, and header
// text (the authentication verdict's reason included) safe to show.
func FuzzParse(f *testing.F) {
	for _, dir := range corpora {
		entries, err := os.ReadDir(dir)
		if err != nil {
			f.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() || filepath.Ext(e.Name()) != ".eml" {
				continue
			}
			raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(raw)
		}
	}
	f.Add(authMail("Authentication-Results: mx.example.org; dkim=fail (a; b) header.d=example.test; spf=fail smtp.mailfrom=example.test"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		in, err := Parse(raw, ParseOptions{MaxAttachmentBytes: 1024, MaxTextBytes: 1024, AuthServID: "mx.example.org"})
		if err != nil {
			return
		}
		if (len(in.Text) == 0) == (in.Unreadable == "") {
			t.Errorf("Parse gave Text %q and Unreadable %q; want exactly one", in.Text, in.Unreadable)
		}
		if in.MessageID == "" || len(in.MessageID) > MaxMessageIDBytes {
			t.Errorf("Parse gave MessageID %q; want one of 1 to %d bytes", in.MessageID, MaxMessageIDBytes)
		}
		if len(in.Text) > 1024 || !utf8.Valid(in.Text) || bytes.ContainsAny(in.Text, "\r\x00") {
			t.Errorf("Parse gave Text %q; want at most 1024 bytes of UTF-8 with LF line ends and no NUL", in.Text)
		}
		for _, h := range append([]string{in.From, in.FromName, in.Subject, in.MessageID, in.InReplyTo, in.Auth.Reason}, append(in.To, in.References...)...) {
			if strings.ContainsFunc(h, unicode.IsControl) || !utf8.ValidString(h) {
				t.Errorf("Parse gave header text %q with a control character or invalid UTF-8", h)
			}
		}
	})
}

func TestParse_hugeMessageIDIsReplaced(t *testing.T) {
	long := strings.Repeat("x", 40<<10) + "@example.test"
	raw := []byte("From: vorn@example.test\r\nMessage-ID: <" + long + ">\r\nIn-Reply-To: <" + long + ">\r\nReferences: <a@b> <" + long + ">\r\n\r\norders\r\n")
	in, err := Parse(raw, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(in.MessageID) > MaxMessageIDBytes || !strings.HasSuffix(in.MessageID, "@pbemd.invalid") {
		t.Errorf("MessageID = %.80q…, want a synthetic id of at most %d bytes", in.MessageID, MaxMessageIDBytes)
	}
	if in.InReplyTo != "" || len(in.References) != 1 || in.References[0] != "a@b" {
		t.Errorf("InReplyTo %.40q, References %.80q; want the long id dropped", in.InReplyTo, in.References)
	}
}

// TestParse_relayed: the arrival date is read from the topmost Received
// header, the one the operator's own server wrote; those below it, and
// the sender's Date, do not count.
func TestParse_relayed(t *testing.T) {
	tests := []struct {
		name string
		head string
		want time.Time
	}{
		{"topmost of several", "Received: from mx.example.org by imap.example.org; Thu, 26 Nov 2026 19:59:58 +0000\r\n" +
			"Received: from player.example.net by mx.example.org; Fri, 27 Nov 2026 09:00:00 +0100\r\n",
			time.Date(2026, 11, 26, 19, 59, 58, 0, time.UTC)},
		{"with a zone and a comment", "Received: from a by b (Postfix) with ESMTP id 4F; Thu, 26 Nov 2026 21:00:01 +0100 (CET)\r\n",
			time.Date(2026, 11, 26, 20, 0, 1, 0, time.UTC)},
		{"no date", "Received: from a by b\r\n", time.Time{}},
		{"garbage date", "Received: from a by b; yesterday\r\n", time.Time{}},
		{"none", "", time.Time{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw := tc.head + "From: alice@example.org\r\nDate: Mon, 1 Jan 2024 00:00:00 +0000\r\nSubject: x\r\n\r\nturn: 3\r\n"
			in, err := Parse([]byte(raw), ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !in.Relayed.Equal(tc.want) {
				t.Errorf("Parse(%q).Relayed = %v, want %v", tc.name, in.Relayed, tc.want)
			}
		})
	}
}

// TestParse_htmlText: of a mail with only an HTML part, pbemd reads no
// orders, but keeps the part's text, tags dropped and character references
// decoded, so that a token in it still shows who sent the mail.
func TestParse_htmlText(t *testing.T) {
	raw := "From: alice@example.org\r\nTo: orders@pbem.example\r\nMessage-ID: <h1@example.org>\r\n" +
		"Content-Type: text/html; charset=utf-8\r\n\r\n" +
		"<html><body><p>campaign: eaw-7<br>\r\n<b>token:</b>&nbsp;ABCD-EFGH</p><!-- a <p> in a comment --></body></html>\r\n"
	in, err := Parse([]byte(raw), ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Text) != 0 || !strings.Contains(in.Unreadable, "only an HTML part") {
		t.Errorf("Parse(HTML only) Text %q, Unreadable %q; want no text, and why", in.Text, in.Unreadable)
	}
	got := strings.Join(strings.Fields(string(in.HTMLText)), " ")
	if want := "campaign: eaw-7 token: ABCD-EFGH"; got != want {
		t.Errorf("Parse(HTML only).HTMLText = %q (fields), want %q", got, want)
	}
	plain := parseEML(t, "plain.eml", ParseOptions{})
	if plain.HTMLText != nil {
		t.Errorf("Parse(plain.eml).HTMLText = %q, want none beside a plain text", plain.HTMLText)
	}
}
