package moderator

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"slices"

	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// Bounds on the stored copy of a mail that changed nothing: enough to see
// what it was and what it said, while a flood of large mail cannot grow
// the data file much.
const (
	maxStoredBytes = 32 << 10
	maxStoredHead  = 16 << 10
)

// storedCopy is what the store keeps of a processed mail, every token in
// it masked (report.Redact, and secret, the token the mail carried):
//
//   - an accepted mail, whole;
//   - a rejected mail, whole up to maxStoredBytes; a larger one as its
//     header and the text pbemd read from it, cut to fit;
//   - an ignored mail, its header only.
//
// A token in an encoded part (base64, quoted-printable) cannot be masked
// in place: then the decoded text, masked, stands instead of the body. A
// header field whose encoded words (RFC 2047) hide a token is left out.
// X-Pbemd-Stored header lines say what was cut or replaced.
func storedCopy(raw []byte, in *mail.Inbound, outcome store.Outcome, secret string) []byte {
	head, body := splitMail(raw)
	head, notes := maskHead(head, secret)
	if len(head) > maxStoredHead {
		notes = append(notes, fmt.Sprintf("the header was %d bytes; kept are its first %d", len(head), maxStoredHead))
		head = head[:maxStoredHead]
	}
	switch {
	case outcome == store.Ignored:
		if len(body) > 0 {
			notes = append(notes, fmt.Sprintf("the body (%d bytes) was not kept: the mail was ignored", len(body)))
		}
		body = nil
	case hidesToken(raw, in.Text, secret):
		notes = append(notes, "the body held a token in an encoded part; below is the text pbemd read from it, decoded, with the token masked")
		body = report.Redact(in.Text, secret)
	case outcome != store.Accepted && len(head)+len(body) > maxStoredBytes && len(in.Text) > 0:
		notes = append(notes, fmt.Sprintf("the body was %d bytes; below is the text pbemd read from it, decoded", len(body)))
		body = report.Redact(in.Text, secret)
	default:
		body = report.Redact(body, secret)
	}
	if keep := max(0, maxStoredBytes-len(head)); outcome != store.Accepted && len(body) > keep {
		notes = append(notes, fmt.Sprintf("the body below was cut to its first %d of %d bytes", keep, len(body)))
		body = body[:keep]
	}
	return withNotes(head, notes, body)
}

// withNotes joins a header and a body, with an X-Pbemd-Stored header line
// for each note.
func withNotes(head []byte, notes []string, body []byte) []byte {
	if len(notes) == 0 {
		return slices.Concat(head, body)
	}
	var b bytes.Buffer
	b.Write(bytes.TrimRight(head, "\r\n"))
	for _, n := range notes {
		fmt.Fprintf(&b, "\r\nX-Pbemd-Stored: %s", n)
	}
	b.WriteString("\r\n\r\n")
	b.Write(body)
	return b.Bytes()
}

// splitMail splits a raw mail after the first blank line, which ends its
// header, whatever its line ends.
func splitMail(raw []byte) (head, body []byte) {
	end := -1
	if i := bytes.Index(raw, []byte("\n\r\n")); i >= 0 {
		end = i + 3
	}
	if i := bytes.Index(raw, []byte("\n\n")); i >= 0 && (end < 0 || i+2 < end) {
		end = i + 2
	}
	if end < 0 {
		return raw, nil
	}
	return raw[:end], raw[end:]
}

// hidesToken reports whether text, what pbemd read from a mail, holds a
// token the raw mail does not show in clear.
func hidesToken(raw, text []byte, secret string) bool {
	for _, t := range report.FindTokens(text) {
		if !bytes.Contains(raw, t) {
			return true
		}
	}
	return len(secret) >= 4 && bytes.Contains(text, []byte(secret)) && !bytes.Contains(raw, []byte(secret))
}

// headerWords decodes RFC 2047 encoded words. Tokens are ASCII, so any
// charset reads as itself: only whether a token appears matters.
var headerWords = mime.WordDecoder{CharsetReader: func(_ string, r io.Reader) (io.Reader, error) { return r, nil }}

// maskHead masks the tokens in a mail's header, and leaves out a field
// whose encoded words hide one, with a note saying so.
func maskHead(head []byte, secret string) ([]byte, []string) {
	var out []byte
	var notes []string
	for _, field := range headerFields(head) {
		decoded, err := headerWords.DecodeHeader(string(field))
		if err == nil && hidesToken(field, []byte(decoded), secret) {
			name, _, _ := bytes.Cut(field, []byte(":"))
			notes = append(notes, fmt.Sprintf("the %s field held a token in an encoded word; it was left out", bytes.TrimSpace(name)))
			continue
		}
		out = append(out, report.Redact(field, secret)...)
	}
	return out, notes
}

// headerFields splits a header into its fields, each with its
// continuation lines and line ends.
func headerFields(head []byte) [][]byte {
	var fields [][]byte
	for len(head) > 0 {
		end := 0
		for {
			i := bytes.IndexByte(head[end:], '\n')
			if i < 0 {
				end = len(head)
				break
			}
			end += i + 1
			if end >= len(head) || (head[end] != ' ' && head[end] != '\t') {
				break
			}
		}
		fields = append(fields, head[:end])
		head = head[end:]
	}
	return fields
}
