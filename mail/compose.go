package mail

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Address is a mailbox: an optional display name and an addr-spec.
type Address struct{ Name, Email string }

// Attachment is a file carried by a Message.
type Attachment struct {
	Name        string // file name
	ContentType string // default application/octet-stream
	Data        []byte
	// Inline embeds the file for the HTML part (multipart/related) rather
	// than attaching it; the HTML refers to it as "cid:" + ContentID.
	Inline    bool
	ContentID string // without <>; default Name
}

// Message is an outgoing mail.
type Message struct {
	From    Address
	To      []Address
	ReplyTo *Address
	Subject string
	// MessageID is the Message-ID without <>. It is required: it is fixed
	// before the mail enters the outbox, so a resend is a recognisable
	// duplicate.
	MessageID  string
	InReplyTo  string   // without <>
	References []string // without <>
	Date       time.Time
	// AutoSubmitted is the RFC 3834 Auto-Submitted keyword, e.g.
	// "auto-replied" or "auto-generated"; the header is omitted when empty.
	AutoSubmitted string
	Text          string // the text/plain body, UTF-8
	HTML          string // an optional text/html alternative
	Attachments   []Attachment
}

// Envelope is what the outbox stores and the Sender sends: the SMTP reverse
// path, the recipients and the rendered message.
type Envelope struct {
	From string   // addr-spec without <>; "" for the null reverse path
	To   []string // addr-specs without <>
	Raw  []byte   // the message, CRLF line endings
}

// ErrInvalidMessage is returned by Compose when a required field is missing
// or an address cannot be written.
var ErrInvalidMessage = errors.New("mail: invalid message")

// Compose renders m as RFC 5322 bytes with CRLF line endings. The same
// message gives the same bytes: it reads no clock, and its multipart
// boundaries derive from its Message-ID (see fixBoundaries).
func Compose(m Message) ([]byte, error) {
	msg, err := newMsg(m)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := msg.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("mail: render message %s: %w", m.MessageID, err)
	}
	return fixBoundaries(buf.Bytes(), m.MessageID), nil
}

// multipartHeader opens the header line that declares a multipart
// boundary, as go-mail writes it.
const multipartHeader = "\r\nContent-Type: multipart/"

// boundaryParam is the parameter that follows it on the next line.
const boundaryParam = ";\r\n boundary="

// drawnLen is the length of a boundary as go-mail (and mime/multipart)
// draw them: 30 random bytes in hex.
const drawnLen = 60

// fixBoundaries replaces the boundaries go-mail drew at random with ones
// derived from the Message-ID, so that composing a mail again, as after a
// crash or to show a report again, gives the same bytes. A boundary of 60
// random hex digits is found nowhere else in the mail. It searches with
// bytes.Index, not a regular expression: a report mail is a megabyte of
// base64.
func fixBoundaries(raw []byte, messageID string) []byte {
	var drawn [][]byte
	for rest := raw; ; {
		i := bytes.Index(rest, []byte(multipartHeader))
		if i < 0 {
			break
		}
		rest = rest[i+len(multipartHeader):]
		j := bytes.IndexByte(rest, ';')
		if j < 0 || !bytes.HasPrefix(rest[j:], []byte(boundaryParam)) {
			continue
		}
		b := rest[j+len(boundaryParam):]
		if len(b) >= drawnLen+2 && isHex(b[:drawnLen]) && bytes.HasPrefix(b[drawnLen:], []byte("\r\n")) {
			drawn = append(drawn, bytes.Clone(b[:drawnLen]))
		}
	}
	for i, b := range drawn {
		sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00boundary %d", messageID, i))
		raw = bytes.ReplaceAll(raw, b, []byte(hex.EncodeToString(sum[:])[:drawnLen]))
	}
	return raw
}

func isHex(b []byte) bool {
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// ComposeEnvelope renders m and addresses it from m.From to every m.To.
func ComposeEnvelope(m Message) (Envelope, error) {
	raw, err := Compose(m)
	if err != nil {
		return Envelope{}, err
	}
	env := Envelope{From: m.From.Email, Raw: raw}
	for _, a := range m.To {
		env.To = append(env.To, a.Email)
	}
	return env, nil
}

// newMsg builds the go-mail message for m.
func newMsg(m Message) (*gomail.Msg, error) {
	switch {
	case m.MessageID == "":
		return nil, fmt.Errorf("%w: no Message-ID", ErrInvalidMessage)
	case m.Date.IsZero():
		return nil, fmt.Errorf("%w %s: no Date", ErrInvalidMessage, m.MessageID)
	case len(m.To) == 0:
		return nil, fmt.Errorf("%w %s: no recipient", ErrInvalidMessage, m.MessageID)
	}
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := setAddresses(msg, m); err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrInvalidMessage, m.MessageID, err)
	}
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(m.MessageID)
	msg.SetDateWithValue(m.Date)
	if m.InReplyTo != "" {
		msg.SetGenHeader(gomail.HeaderInReplyTo, "<"+m.InReplyTo+">")
	}
	if len(m.References) > 0 {
		// One space-joined value: go-mail joins several values with ", ",
		// which RFC 5322 §3.6.4 parsers reject.
		msg.SetGenHeader(gomail.HeaderReferences, "<"+strings.Join(m.References, "> <")+">")
	}
	if m.AutoSubmitted != "" {
		msg.SetGenHeader("Auto-Submitted", m.AutoSubmitted)
		// Ask Exchange and friends not to answer us with their own
		// automatic replies, which would loop.
		msg.SetGenHeader("X-Auto-Response-Suppress", "All")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	if err := attach(msg, m.Attachments); err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrInvalidMessage, m.MessageID, err)
	}
	return msg, nil
}

func setAddresses(msg *gomail.Msg, m Message) error {
	if err := msg.FromFormat(m.From.Name, m.From.Email); err != nil {
		return fmt.Errorf("from %q: %w", m.From.Email, err)
	}
	for _, a := range m.To {
		if err := msg.AddToFormat(a.Name, a.Email); err != nil {
			return fmt.Errorf("to %q: %w", a.Email, err)
		}
	}
	if m.ReplyTo != nil {
		if err := msg.ReplyToFormat(m.ReplyTo.Name, m.ReplyTo.Email); err != nil {
			return fmt.Errorf("reply-to %q: %w", m.ReplyTo.Email, err)
		}
	}
	return nil
}

func attach(msg *gomail.Msg, files []Attachment) error {
	for _, f := range files {
		ct := f.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		opts := []gomail.FileOption{gomail.WithFileContentType(gomail.ContentType(ct))}
		var err error
		if f.Inline {
			id := f.ContentID
			if id == "" {
				id = f.Name
			}
			opts = append(opts, gomail.WithFileContentID("<"+id+">")) // RFC 2392
			err = msg.EmbedReader(f.Name, bytes.NewReader(f.Data), opts...)
		} else {
			err = msg.AttachReader(f.Name, bytes.NewReader(f.Data), opts...)
		}
		if err != nil {
			return fmt.Errorf("attach %s: %w", f.Name, err)
		}
	}
	return nil
}
