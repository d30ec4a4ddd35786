package localmail

import (
	"bytes"
	"io"
	"strings"

	gmmail "github.com/emersion/go-message/mail"
)

// PlainText returns the first text/plain body part of a mail, decoded: what
// a person reads in a mail client that shows plain text. Tests use it to
// read reports, whose attachments include YAML.
func PlainText(raw []byte) string {
	r, err := gmmail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	for {
		p, err := r.NextPart()
		if err != nil {
			return ""
		}
		h, ok := p.Header.(*gmmail.InlineHeader)
		if !ok {
			continue
		}
		if ct, _, _ := h.ContentType(); strings.EqualFold(ct, "text/plain") {
			b, _ := io.ReadAll(io.LimitReader(p.Body, 16<<20))
			return strings.ReplaceAll(string(b), "\r\n", "\n")
		}
	}
}

// Attachment returns the body of the attachment named name in a raw
// message, with CRLF line endings turned to LF, or false if it has none.
func Attachment(raw []byte, name string) (string, bool) {
	r, err := gmmail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return "", false
	}
	for {
		p, err := r.NextPart()
		if err != nil {
			return "", false
		}
		h, ok := p.Header.(*gmmail.AttachmentHeader)
		if !ok {
			continue
		}
		if n, _ := h.Filename(); n == name {
			b, _ := io.ReadAll(io.LimitReader(p.Body, 16<<20))
			return strings.ReplaceAll(string(b), "\r\n", "\n"), true
		}
	}
}
