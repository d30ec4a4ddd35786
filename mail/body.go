package mail

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
	gmmail "github.com/emersion/go-message/mail"
)

// errTooComplex stops a walk through more parts or levels than we accept.
var errTooComplex = errors.New("mail: too many MIME parts or levels")

// Player-facing reasons for an empty Inbound.Text.
const (
	msgOnlyHTML  = "Your mail had only an HTML part; send the orders as plain text or as a .yaml attachment."
	msgEmpty     = "Your mail had an empty body; write the orders into the mail as plain text or attach them as a .yaml file."
	msgStructure = "Your mail's MIME structure could not be read; send the orders as plain text or as a .yaml attachment."
	msgComplex   = "Your mail has too many parts or nested parts to read; send the orders as plain text or as a .yaml attachment."
	// msgOnlyOther names the first attachment pbemd did not open.
	msgOnlyOther = "Your mail had no text, only the attachment %q, which pbemd does not open; write the orders into the mail as plain text or attach them as a .yaml file."
)

// maxNameRunes bounds an attachment name quoted back to the player.
const maxNameRunes = 80

// walker visits the MIME tree of one message, depth first, and keeps the
// first YAML attachment and the first text/plain body part.
type walker struct {
	opts  ParseOptions
	parts int
	yaml  *candidate
	text  *candidate
	html  bool
	// htmlText is the text of the first HTML part, read only in case the
	// mail has no other (Inbound.HTMLText).
	htmlText []byte
	// other is the name of the first attachment that is neither text nor
	// YAML, such as a zip, to name it when there is nothing else.
	other string
}

// candidate is where the orders may be: text, or why it cannot be used.
type candidate struct {
	text    []byte
	source  string
	problem string
}

// entity visits e and, if it is a multipart, its children. encErr is the
// error go-message reported with e (unknown charset or transfer encoding).
func (w *walker) entity(e *message.Entity, encErr error, depth int) error {
	w.parts++
	if w.parts > maxParts || depth > maxDepth {
		return errTooComplex
	}
	mr := e.MultipartReader()
	if mr == nil {
		w.leaf(e, encErr)
		return nil
	}
	for w.yaml == nil {
		p, err := mr.NextPart()
		if err == io.EOF {
			return nil
		}
		if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
			return fmt.Errorf("mail: read multipart: %w", err)
		}
		if err := w.entity(p, err, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// leaf classifies one non-multipart entity and reads it if it may hold the
// orders.
func (w *walker) leaf(e *message.Entity, encErr error) {
	ct, params, _ := e.Header.ContentType()
	if ct == "" {
		ct = "text/plain" // RFC 2045 §5.2
	}
	disp, _, _ := e.Header.ContentDisposition()
	ah := gmmail.AttachmentHeader{Header: e.Header}
	name, _ := ah.Filename()
	name = clean(name)
	switch {
	case isYAML(ct, name):
		w.yaml = w.readAttachment(e, name, encErr)
	case disp == "attachment" || (name != "" && !strings.HasPrefix(ct, "text/")):
		if w.other == "" {
			w.other = cmp.Or(truncateRunes(name, maxNameRunes), ct)
		}
	case ct == "text/plain" && w.text == nil:
		w.text = w.readBody(e, params, encErr)
	case ct == "text/html":
		if !w.html {
			w.htmlText = w.readHTML(e, encErr)
		}
		w.html = true
	}
}

// htmlTag matches an HTML tag or comment, for readHTML to drop.
var htmlTag = regexp.MustCompile(`(?s)<!--.*?-->|<[^>]*>`)

// readHTML reads the text of an HTML part, its tags dropped and its
// character references decoded; nil if it cannot be read.
func (w *walker) readHTML(e *message.Entity, encErr error) []byte {
	if encErr != nil && message.IsUnknownEncoding(encErr) {
		return nil
	}
	data, _, err := readLimited(e.Body, w.opts.MaxTextBytes)
	if err != nil || !utf8.Valid(data) {
		return nil
	}
	return []byte(html.UnescapeString(htmlTag.ReplaceAllString(string(normalize(data)), " ")))
}

// isYAML reports whether a part is a YAML attachment, by file name or type.
func isYAML(contentType, name string) bool {
	n := strings.ToLower(name)
	if strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml") {
		return true
	}
	switch contentType {
	case "application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml":
		return true
	}
	return false
}

// readAttachment reads a YAML attachment. Its bytes must be UTF-8: go-message
// converts charsets only for text/*, and YAML is UTF-8 anyway.
func (w *walker) readAttachment(e *message.Entity, name string, encErr error) *candidate {
	source := "attachment"
	label := "Your attachment"
	if name != "" {
		source += " " + name
		label += " " + name
	}
	c := &candidate{source: source}
	if message.IsUnknownEncoding(encErr) {
		c.problem = label + " uses a transfer encoding pbemd cannot read; attach it again, or paste the orders into the mail as plain text."
		return c
	}
	data, size, err := readLimited(e.Body, w.opts.MaxAttachmentBytes)
	switch {
	case err != nil:
		c.problem = label + " could not be decoded (its " + encodingName(e) + " encoding is broken); attach it again, or paste the orders into the mail as plain text."
	case size > w.opts.MaxAttachmentBytes:
		c.problem = fmt.Sprintf("%s is %s, more than the limit of %s; send shorter orders.", label, formatSize(size), formatSize(w.opts.MaxAttachmentBytes))
	case !utf8.Valid(data):
		c.problem = label + " is not UTF-8 text; save it as UTF-8 and attach it again."
	default:
		c.text = normalize(data)
		if len(bytes.TrimSpace(c.text)) == 0 {
			c.text, c.problem = nil, label+" is empty; attach the file with your orders in it."
		}
		if n := nulLine(c.text); n > 0 {
			c.text, c.problem = nil, fmt.Sprintf("%s holds a NUL byte on line %d, which text must not; save it as plain UTF-8 text and attach it again.", label, n)
		}
	}
	return c
}

// readBody reads a text/plain body part: go-message has decoded the
// transfer encoding and the charset; format=flowed and the signature are
// undone here.
func (w *walker) readBody(e *message.Entity, params map[string]string, encErr error) *candidate {
	c := &candidate{source: "body"}
	if message.IsUnknownEncoding(encErr) {
		c.problem = "Your mail's text uses a transfer encoding pbemd cannot read; send the orders as plain UTF-8 text or as a .yaml attachment."
		return c
	}
	data, size, err := readLimited(e.Body, w.opts.MaxTextBytes)
	switch {
	case err != nil:
		c.problem = "Your mail's text could not be decoded (its " + encodingName(e) + " encoding is broken); send the orders again, or as a .yaml attachment."
	case size > w.opts.MaxTextBytes:
		c.problem = fmt.Sprintf("Your mail's text is %s, more than the limit of %s; send shorter orders.", formatSize(size), formatSize(w.opts.MaxTextBytes))
	case !utf8.Valid(data) && message.IsUnknownCharset(encErr):
		c.problem = fmt.Sprintf("Your mail's text uses the character set %q, which pbemd cannot read; send it as UTF-8.", clean(params["charset"]))
	case !utf8.Valid(data):
		c.problem = "Your mail's text is not valid in its character set; send it as UTF-8."
	default:
		text := string(normalize(data))
		if strings.EqualFold(params["format"], "flowed") {
			text = unflow(text, strings.EqualFold(params["delsp"], "yes"))
		}
		c.text = []byte(cutQuotedReply(cutSignature(text)))
		if len(bytes.TrimSpace(c.text)) == 0 {
			c.text, c.problem = nil, msgEmpty
		}
		if n := nulLine(c.text); n > 0 {
			c.text, c.problem = nil, fmt.Sprintf("Your mail's text holds a NUL byte on line %d, which mail must not; send the orders again as plain text, or as a .yaml attachment.", n)
		}
	}
	return c
}

// nulLine returns the 1-based line of the first NUL byte in LF-separated
// text, or 0. Text in mail must not hold NUL (RFC 5322 §2.3, RFC 2045
// §2.7, §2.8), and a NUL echoed in a reply could cut it short in the
// player's mail program.
func nulLine(text []byte) int {
	i := bytes.IndexByte(text, 0)
	if i < 0 {
		return 0
	}
	return bytes.Count(text[:i], []byte("\n")) + 1
}

// finish chooses Text or Unreadable: the YAML attachment wins, then the text
// body; without either, the reason.
func (w *walker) finish(in *Inbound, walkErr error) {
	c := w.yaml
	if c == nil {
		c = w.text
	}
	switch {
	case c != nil && c.problem == "":
		in.Text, in.TextSource = c.text, c.source
	case c != nil:
		in.TextSource, in.Unreadable = c.source, c.problem
	case errors.Is(walkErr, errTooComplex):
		in.Unreadable = msgComplex
	case walkErr != nil:
		in.Unreadable = msgStructure
	case w.html:
		in.Unreadable, in.HTMLText = msgOnlyHTML, w.htmlText
	case w.other != "":
		in.Unreadable = fmt.Sprintf(msgOnlyOther, w.other)
	default:
		in.Unreadable = msgEmpty
	}
}

// truncateRunes shortens s to at most n characters, marking the cut with
// an ellipsis.
func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// readLimited reads up to limit bytes of r and counts the rest; size is the
// whole length. A decoding error is returned.
func readLimited(r io.Reader, limit int64) (data []byte, size int64, err error) {
	data, err = io.ReadAll(io.LimitReader(r, limit))
	if err != nil {
		return nil, int64(len(data)), err
	}
	rest, err := io.Copy(io.Discard, r)
	return data, int64(len(data)) + rest, err
}

// normalize strips a UTF-8 byte order mark and makes line endings LF.
func normalize(b []byte) []byte {
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(b, []byte("\r"), []byte("\n"))
}

func encodingName(e *message.Entity) string {
	switch enc := strings.ToLower(strings.TrimSpace(e.Header.Get("Content-Transfer-Encoding"))); enc {
	case "base64":
		return "base64"
	case "quoted-printable":
		return "quoted-printable"
	default:
		return "transfer"
	}
}

// formatSize writes a byte count for people.
func formatSize(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return fmt.Sprintf("%d KiB", (n+1<<10-1)>>10)
	default:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
}
