package mail

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	netmail "net/mail"
	"strings"
	"time"
	"unicode"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // decode ISO-8859-*, Windows-125x and friends, not only UTF-8
	gmmail "github.com/emersion/go-message/mail"
)

// Limits on what Parse reads from untrusted mail.
const (
	defaultMaxAttachmentBytes = 256 << 10
	defaultMaxTextBytes       = 256 << 10
	maxHeaderBytes            = 256 << 10 // the whole header block
	maxParts                  = 100       // MIME entities, multiparts included
	maxDepth                  = 10        // nested multiparts
	maxReferences             = 100       // References ids kept (the newest)
)

// ParseOptions bounds what Parse accepts. The zero value works.
type ParseOptions struct {
	// MaxAttachmentBytes limits a .yaml attachment; 0 means 256 KiB. A larger
	// one is refused, and Inbound.Unreadable says so.
	MaxAttachmentBytes int64
	// MaxTextBytes limits the text body; 0 means 256 KiB.
	MaxTextBytes int64
	// AuthServID is the authserv-id of the operator's own mail server:
	// Inbound.Auth is read from the Authentication-Results fields it
	// wrote (RFC 8601). Empty means none is trusted.
	AuthServID string
}

func (o ParseOptions) withDefaults() ParseOptions {
	if o.MaxAttachmentBytes <= 0 {
		o.MaxAttachmentBytes = defaultMaxAttachmentBytes
	}
	if o.MaxTextBytes <= 0 {
		o.MaxTextBytes = defaultMaxTextBytes
	}
	return o
}

// Inbound is a received mail as the moderator needs it.
type Inbound struct {
	// MessageID is the Message-ID without <>. If the mail has none, it is a
	// stable synthetic ID made from a SHA-256 of the raw bytes,
	// "sha256-<hex>@pbemd.invalid".
	MessageID string
	From      string   // lower-cased addr-spec of From
	FromName  string   // display name of From, RFC 2047-decoded
	To        []string // lower-cased addr-specs of To and Cc
	Subject   string   // RFC 2047-decoded
	Date      time.Time
	// Relayed is the date of the topmost Received header: when the last
	// server on the way, the operator's own, took the mail (RFC 5321
	// §4.4); zero if there is none or it cannot be read. Unlike Date, the
	// sender does not write it.
	Relayed   time.Time
	InReplyTo string // first msg-id of In-Reply-To, without <>
	// References are the msg-ids of References without <>; comma-separated
	// lists are tolerated.
	References []string
	// Automatic is set for mail sent by a machine (RFC 3834): Auto-Submitted
	// other than "no", Precedence bulk/junk/list/auto_reply, List-Id,
	// List-Unsubscribe, X-Autoreply or X-Autorespond. It must not be
	// answered.
	Automatic bool
	// Bounce is set for a delivery status notification: an empty
	// Return-Path, From MAILER-DAEMON or postmaster, or multipart/report.
	Bounce bool
	// Text is the candidate YAML, UTF-8 with LF line endings and no BOM: the
	// first .yaml/.yml attachment if any, else the first text/plain part
	// (charset-decoded, format=flowed undone, signature removed).
	Text []byte
	// TextSource says where Text came from, "attachment NAME" or "body";
	// with Unreadable, where the unusable text was, if anywhere.
	TextSource string
	// Unreadable is set when Text is empty: a sentence for the player saying
	// why, and what to send instead.
	Unreadable string
	// HTMLText is the text of the mail's HTML part, tags dropped, when it
	// has nothing else: pbemd reads no orders from it, but a token in it
	// still shows that the mail comes from the token's holder, so that
	// the answer saying to send plain text is not lost to the hourly
	// limit of unproven mail.
	HTMLText []byte
	// Auth is what the operator's mail server (ParseOptions.AuthServID)
	// says of whether the From domain sent the mail; a DKIMVerifier may
	// fill it when the server says nothing.
	Auth Authentication
}

// Parse reads a raw RFC 5322 message. It fails only when not even the header
// can be read; a body it cannot use gives an Inbound with Unreadable set. It
// never panics.
func Parse(raw []byte, opts ParseOptions) (*Inbound, error) {
	opts = opts.withDefaults()
	e, err := message.ReadWithOptions(bytes.NewReader(raw), &message.ReadOptions{MaxHeaderBytes: maxHeaderBytes})
	if e == nil {
		return nil, fmt.Errorf("mail: read header: %w", err)
	}
	in := parseHeader(gmmail.Header{Header: e.Header}, raw)
	in.Auth = authResults(e.Header, in.From, opts.AuthServID)
	w := &walker{opts: opts}
	walkErr := w.entity(e, err, 0)
	w.finish(in, walkErr)
	return in, nil
}

// parseHeader fills everything but the text from the top-level header.
func parseHeader(h gmmail.Header, raw []byte) *Inbound {
	in := &Inbound{}
	in.MessageID = firstOf(msgIDs(h.Get("Message-Id")))
	if in.MessageID == "" {
		sum := sha256.Sum256(raw)
		in.MessageID = "sha256-" + hex.EncodeToString(sum[:]) + "@pbemd.invalid"
	}
	if from := addresses(h, "From"); len(from) > 0 {
		in.From, in.FromName = from[0].Address, from[0].Name
	}
	for _, a := range append(addresses(h, "To"), addresses(h, "Cc")...) {
		in.To = append(in.To, a.Address)
	}
	subject, _ := h.Subject() // on a decoding error, the raw text
	in.Subject = clean(subject)
	if d, err := h.Date(); err == nil {
		in.Date = d
	}
	in.Relayed = receivedDate(h.Get("Received"))
	in.InReplyTo = firstOf(msgIDs(h.Get("In-Reply-To")))
	in.References = msgIDs(h.Get("References"))
	if n := len(in.References); n > maxReferences {
		in.References = in.References[n-maxReferences:]
	}
	in.Automatic = isAutomatic(h.Header)
	in.Bounce = isBounce(h.Header, in.From)
	return in
}

// receivedDate reads the date-time that ends a Received header, after its
// last semicolon (RFC 5321 §4.4).
func receivedDate(v string) time.Time {
	i := strings.LastIndexByte(v, ';')
	if i < 0 {
		return time.Time{}
	}
	d, err := netmail.ParseDate(strings.TrimSpace(v[i+1:]))
	if err != nil {
		return time.Time{}
	}
	return d
}

// addresses parses an address-list header leniently: when it is not valid
// RFC 5322, the addresses in angle brackets are taken, or, if there are
// none, every word that looks like an addr-spec. A display name that looks
// like an address ("vorn@example.test <evil@example.net>") is thus never
// taken for the address.
func addresses(h gmmail.Header, key string) []*netmail.Address {
	v := h.Get(key)
	if v == "" {
		return nil
	}
	list, err := h.AddressList(key)
	if err != nil {
		list = lenientAddresses(v)
	}
	var out []*netmail.Address
	for _, a := range list {
		if a == nil || a.Address == "" {
			continue
		}
		out = append(out, &netmail.Address{Name: clean(a.Name), Address: clean(strings.ToLower(a.Address))})
	}
	return out
}

// lenientAddresses takes the addr-specs out of a header value that is not a
// valid address list: those in angle brackets if there are any (RFC 5322
// §3.4: the angle-addr is the address, whatever precedes it), else the
// words with one @ inside.
func lenientAddresses(v string) []*netmail.Address {
	var bracketed, words []*netmail.Address
	for rest := v; ; {
		i := strings.IndexByte(rest, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], '>')
		if j < 0 {
			break
		}
		if a := strings.TrimSpace(rest[i+1 : i+j]); isAddrSpec(a) {
			bracketed = append(bracketed, &netmail.Address{Address: a})
		}
		rest = rest[i+j+1:]
	}
	if len(bracketed) > 0 {
		return bracketed
	}
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ';' || unicode.IsSpace(r) }) {
		if f = strings.Trim(f, "<>\"'()"); isAddrSpec(f) {
			words = append(words, &netmail.Address{Address: f})
		}
	}
	return words
}

// isAddrSpec reports whether s looks like local@domain: one @ with text on
// both sides and no space.
func isAddrSpec(s string) bool {
	return strings.Count(s, "@") == 1 && !strings.HasPrefix(s, "@") && !strings.HasSuffix(s, "@") &&
		!strings.ContainsFunc(s, unicode.IsSpace)
}

// MaxMessageIDBytes bounds a message id. A longer one is ignored, so a
// hostile Message-ID cannot overflow a store key or, echoed in
// In-Reply-To, a header line (RFC 5322 §2.1.1: 998 characters); a mail
// whose Message-ID is ignored gets a synthetic one.
const MaxMessageIDBytes = 250

// msgIDs extracts message ids from an In-Reply-To, References or Message-ID
// value without <>. It accepts what RFC 5322 §3.6.4 allows and the common
// deviations: commas between ids, comments, and ids without brackets.
func msgIDs(v string) []string {
	var ids []string
	rest := v
	for {
		i := strings.IndexByte(rest, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i+1:], '>')
		if j < 0 {
			break
		}
		if id := strings.TrimSpace(rest[i+1 : i+1+j]); id != "" && !strings.ContainsAny(id, " \t\r\n") && len(id) <= MaxMessageIDBytes {
			ids = append(ids, clean(id))
		}
		rest = rest[i+2+j:]
	}
	if len(ids) > 0 {
		return ids
	}
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		if strings.Contains(f, "@") && len(f) <= MaxMessageIDBytes+2 {
			ids = append(ids, clean(strings.Trim(f, "<>")))
		}
	}
	return ids
}

func firstOf(l []string) string {
	if len(l) == 0 {
		return ""
	}
	return l[0]
}

// clean makes header text safe to store and show: valid UTF-8, no control
// characters.
func clean(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	return strings.Map(func(r rune) rune {
		if r == '\t' {
			return ' '
		}
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, strings.TrimSpace(s))
}
