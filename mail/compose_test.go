package mail

import (
	"bytes"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
	gmmail "github.com/emersion/go-message/mail"
)

func testMessage() Message {
	return Message{
		From:          Address{Name: "EaW Game Master", Email: "gm@pbem.example"},
		To:            []Address{{Name: "Ålice Ärcher", Email: "alice@example.org"}, {Email: "bob@example.net"}},
		ReplyTo:       &Address{Name: "EaW orders", Email: "orders@pbem.example"},
		Subject:       "EaW-7 – turn 3 report for Ålice",
		MessageID:     "eaw-7.t3.alice@pbem.example",
		InReplyTo:     "t1.alice@example.org",
		References:    []string{"eaw-7.t2.alice@pbem.example", "t1.alice@example.org"},
		Date:          time.Date(2026, 11, 3, 18, 0, 0, 0, time.UTC),
		AutoSubmitted: "auto-replied",
		Text:          "Your orders for turn 3 were accepted.\n\nA line that is rather long, longer than seventy-eight characters, so that quoted-printable soft-wraps it.\n",
		HTML:          "<p>Your orders for turn 3 were accepted.</p><img src=\"cid:map.png\">",
		Attachments: []Attachment{
			{Name: "orders.yaml", ContentType: "application/yaml", Data: []byte(ordersYAML)},
			{Name: "map.png", ContentType: "image/png", Data: []byte("\x89PNG\r\n\x1a\nnot really"), Inline: true},
		},
	}
}

func TestCompose_roundTrip(t *testing.T) {
	m := testMessage()
	raw, err := Compose(m)
	if err != nil {
		t.Fatalf("Compose() error: %v", err)
	}
	in, err := Parse(raw, ParseOptions{})
	if err != nil {
		t.Fatalf("Parse(Compose()) error: %v", err)
	}
	want := &Inbound{
		MessageID:  m.MessageID,
		From:       "gm@pbem.example",
		FromName:   "EaW Game Master",
		To:         []string{"alice@example.org", "bob@example.net"},
		Subject:    m.Subject,
		Date:       m.Date,
		InReplyTo:  m.InReplyTo,
		References: m.References,
		Automatic:  true,
		Text:       []byte(ordersYAML), // the .yaml attachment wins
		TextSource: "attachment orders.yaml",
	}
	if !inboundEqual(in, want) {
		t.Errorf("Parse(Compose()) =\n %+v\nwant\n %+v", in, want)
	}

	h := header(t, raw)
	for _, c := range []struct{ key, want string }{
		{"Reply-To", `"EaW orders" <orders@pbem.example>`},
		{"Auto-Submitted", "auto-replied"},
		{"References", "<eaw-7.t2.alice@pbem.example> <t1.alice@example.org>"},
		{"In-Reply-To", "<t1.alice@example.org>"},
		{"Message-Id", "<eaw-7.t3.alice@pbem.example>"},
	} {
		if got := h.Get(c.key); got != c.want {
			t.Errorf("Compose() header %s = %q, want %q", c.key, got, c.want)
		}
	}
	for _, key := range []string{"User-Agent", "X-Mailer"} {
		if h.Has(key) {
			t.Errorf("Compose() wrote %s: %q", key, h.Get(key))
		}
	}
	if bytes.Count(raw, []byte("\r\n")) != bytes.Count(raw, []byte("\n")) {
		t.Errorf("Compose() output has bare LF line endings")
	}
}

// TestCompose_parts checks the MIME tree: text and HTML alternatives, the
// inline image and the attachment, each with its type.
func TestCompose_parts(t *testing.T) {
	m := testMessage()
	raw, err := Compose(m)
	if err != nil {
		t.Fatalf("Compose() error: %v", err)
	}
	mr, err := gmmail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("read Compose() output: %v", err)
	}
	var got []string
	for {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		var ct, name string
		switch h := p.Header.(type) {
		case *gmmail.InlineHeader:
			ct, _, _ = h.ContentType()
			name = h.Get("Content-Id")
		case *gmmail.AttachmentHeader:
			ct, _, _ = h.ContentType()
			name, _ = h.Filename()
		}
		got = append(got, strings.TrimSpace(ct+" "+name))
	}
	want := []string{"text/plain", "text/html", "image/png <map.png>", "application/yaml orders.yaml"}
	if !slices.Equal(got, want) {
		t.Errorf("Compose() parts = %q, want %q", got, want)
	}
}

// TestCompose_deterministic: the same message composes to the same bytes,
// multipart boundaries included, so that a mail composed again (after a
// crash, or to show a report again) is the mail sent; another Message-ID
// gives other boundaries, each one of its own.
func TestCompose_deterministic(t *testing.T) {
	a, errA := Compose(testMessage())
	b, errB := Compose(testMessage())
	if errA != nil || errB != nil {
		t.Fatalf("Compose() errors: %v, %v", errA, errB)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("Compose() twice differs:\n%s\n---\n%s", a, b)
	}
	boundaries := func(raw []byte) []string {
		var out []string
		for _, m := range regexp.MustCompile(`boundary=([0-9a-f]+)`).FindAllSubmatch(raw, -1) {
			out = append(out, string(m[1]))
		}
		return out
	}
	other := testMessage()
	other.MessageID = "other@pbem.example"
	c, err := Compose(other)
	if err != nil {
		t.Fatal(err)
	}
	ba, bc := boundaries(a), boundaries(c)
	if len(ba) < 2 || len(slices.Compact(slices.Sorted(slices.Values(ba)))) != len(ba) {
		t.Errorf("Compose() boundaries = %q; want nested parts, each with a boundary of its own", ba)
	}
	if slices.Equal(ba, bc) {
		t.Errorf("two Message-IDs composed with the same boundaries %q", ba)
	}
}

func TestCompose_invalid(t *testing.T) {
	tests := []struct {
		name   string
		modify func(*Message)
	}{
		{name: "no Message-ID", modify: func(m *Message) { m.MessageID = "" }},
		{name: "no Date", modify: func(m *Message) { m.Date = time.Time{} }},
		{name: "no recipient", modify: func(m *Message) { m.To = nil }},
		{name: "bad From", modify: func(m *Message) { m.From.Email = "not an address" }},
		{name: "bad To", modify: func(m *Message) { m.To[1].Email = "bob@" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := testMessage()
			tc.modify(&m)
			if _, err := Compose(m); !errors.Is(err, ErrInvalidMessage) {
				t.Errorf("Compose() error = %v, want ErrInvalidMessage", err)
			}
		})
	}
}

func TestComposeEnvelope(t *testing.T) {
	env, err := ComposeEnvelope(testMessage())
	if err != nil {
		t.Fatalf("ComposeEnvelope() error: %v", err)
	}
	if env.From != "gm@pbem.example" || !slices.Equal(env.To, []string{"alice@example.org", "bob@example.net"}) || len(env.Raw) == 0 {
		t.Errorf("ComposeEnvelope() = From %q, To %q, %d bytes", env.From, env.To, len(env.Raw))
	}
}

func header(t *testing.T, raw []byte) message.Header {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("read header: %v", err)
	}
	return e.Header
}
