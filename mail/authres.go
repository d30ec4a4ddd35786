package mail

import (
	"fmt"
	"strings"

	"github.com/emersion/go-message"
	"github.com/emersion/go-msgauth/authres"
)

// Verdict is what a mail server or pbemd's own DKIM check says of whether
// a mail comes from the domain in its From line.
type Verdict uint8

// The verdicts. Only Forged changes what pbemd does with a mail.
const (
	// Unknown: no check decided; the token alone says who sent the mail.
	Unknown Verdict = iota
	// Authentic: the From domain sent the mail (DMARC, or DKIM or SPF
	// aligned with it, passed).
	Authentic
	// Forged: the From domain says it did not send the mail.
	Forged
)

func (v Verdict) String() string {
	switch v {
	case Authentic:
		return "authentic"
	case Forged:
		return "forged"
	}
	return "unknown"
}

// Authentication is a verdict on a mail's From domain and what it rests on.
type Authentication struct {
	Verdict Verdict
	// Reason names the check and its result, e.g. "dmarc=fail by
	// mx.example.org"; empty for Unknown.
	Reason string
}

// Limits on the Authentication-Results fields read.
const (
	maxAuthResultsFields = 50      // header fields looked at, of any name, from the top
	maxAuthResultsBytes  = 8 << 10 // one field; a longer one is not read
	maxReasonDomainBytes = 100     // a domain quoted in a Reason
)

// authResults reads the Authentication-Results fields (RFC 8601) that the
// server named servID wrote, and judges from them whether the From domain
// sent the mail.
//
// RFC 8601 §5 requires a server to delete the fields that claim its
// authserv-id when a mail arrives, and servers prepend theirs as they take
// the mail. So only the topmost field with servID counts, with those
// directly below it that carry servID too: OpenDKIM, OpenDMARC and an SPF
// policy service each write their own field, one above the other. A field
// with servID further down was in the mail before the operator's server
// took it, and anyone may have written it.
func authResults(h message.Header, from, servID string) Authentication {
	servID = hostID(servID)
	if servID == "" {
		return Authentication{}
	}
	var results []authres.Result
	fields := h.Fields()
	for i := 0; fields.Next() && i < maxAuthResultsFields; i++ {
		rs, trusted := trustedResults(fields.Key(), fields.Value(), servID)
		switch {
		case trusted:
			results = append(results, rs...)
		case results != nil:
			return judge(results, domainOf(from), servID)
		}
	}
	return judge(results, domainOf(from), servID)
}

// trustedResults parses one header field and reports whether it is an
// Authentication-Results field of servID, with the results pbemd can
// read in it: those before a part it cannot parse, none if the field is
// too long.
func trustedResults(key, value, servID string) ([]authres.Result, bool) {
	if !strings.EqualFold(key, "Authentication-Results") {
		return nil, false
	}
	v := stripComments(value[:min(len(value), maxAuthResultsBytes)])
	id, _, _ := strings.Cut(v, ";")
	if words := strings.Fields(id); len(words) == 0 || hostID(words[0]) != servID {
		return nil, false
	}
	if len(value) > maxAuthResultsBytes {
		return []authres.Result{}, true
	}
	_, results, _ := authres.Parse(v)
	return append([]authres.Result{}, results...), true
}

// judge applies the decision table of docs/by-mail.md to the results one
// server gave for a mail from the domain from.
func judge(results []authres.Result, from, servID string) Authentication {
	var dmarcPass bool
	var dkimPass, spfPass, spfFail string // the aligned domain that passed or failed
	for _, r := range results {
		switch r := r.(type) {
		case *authres.DMARCResult:
			if r.From != "" && hostID(r.From) != from {
				continue // about another From than the one pbemd reads
			}
			switch r.Value {
			case authres.ResultFail:
				return forgedBy(servID, "dmarc=fail")
			case authres.ResultPass:
				dmarcPass = true
			}
		case *authres.DKIMResult:
			d := r.Domain
			if d == "" {
				d = domainOf(r.Identifier)
			}
			if r.Value == authres.ResultPass && aligned(d, from) {
				dkimPass = d
			}
		case *authres.SPFResult:
			d := domainOf(r.From)
			if !aligned(d, from) {
				continue
			}
			switch r.Value {
			case authres.ResultPass:
				spfPass = d
			case authres.ResultFail, authres.ResultHardFail:
				spfFail = d
			}
		}
	}
	switch {
	case dmarcPass:
		return Authentication{Authentic, "dmarc=pass by " + servID}
	case dkimPass != "":
		return Authentication{Authentic, "dkim=pass header.d=" + reasonDomain(dkimPass) + " by " + servID}
	case spfPass != "":
		return Authentication{Authentic, "spf=pass smtp.mailfrom=" + reasonDomain(spfPass) + " by " + servID}
	case spfFail != "":
		return forgedBy(servID, "spf=fail smtp.mailfrom="+reasonDomain(spfFail)+", no dkim=pass for "+from)
	}
	return Authentication{}
}

// reasonDomain makes a domain from a header safe to quote in a Reason.
func reasonDomain(d string) string {
	if len(d) > maxReasonDomainBytes {
		d = d[:maxReasonDomainBytes]
	}
	return clean(strings.ToValidUTF8(d, ""))
}

func forgedBy(servID, what string) Authentication {
	return Authentication{Forged, what + " by " + servID}
}

// aligned reports whether an authenticated domain d vouches for the From
// domain from: the same domain, or one a subdomain of the other (DMARC's
// relaxed alignment, RFC 7489 §3.1, without a public suffix list: nobody
// can sign or send for a public suffix itself).
func aligned(d, from string) bool {
	d = hostID(d)
	if d == "" || from == "" {
		return false
	}
	return d == from || strings.HasSuffix(from, "."+d) || strings.HasSuffix(d, "."+from)
}

// domainOf returns the domain of an address, lower-cased: what follows the
// last @, or the whole text if it has none.
func domainOf(addr string) string {
	return hostID(addr[strings.LastIndexByte(addr, '@')+1:])
}

// hostID normalises a host name for comparison: trimmed, lower-cased, any
// quotes and a trailing dot removed, so "MX.Example.org." is mx.example.org.
func hostID(s string) string {
	s = strings.Trim(strings.TrimSpace(s), `"`)
	return strings.TrimRight(strings.ToLower(s), ".")
}

// stripComments removes RFC 5322 comments, which may nest and hold
// semicolons ("dkim=pass (2048-bit key; unprotected)"), outside quoted
// strings, so that authres.Parse splits the field where RFC 8601 does.
func stripComments(v string) string {
	var b strings.Builder
	depth, quoted, escaped := 0, false, false
	for _, r := range v {
		switch {
		case escaped:
			escaped = false
		case r == '\\' && (quoted || depth > 0):
			escaped = true
		case r == '"' && depth == 0:
			quoted = !quoted
		case r == '(' && !quoted:
			depth++
			continue
		case r == ')' && !quoted && depth > 0:
			if depth--; depth == 0 {
				b.WriteByte(' ')
			}
			continue
		}
		if depth == 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// String writes the verdict and its reason, for logs and records.
func (a Authentication) String() string {
	if a.Reason == "" {
		return a.Verdict.String()
	}
	return fmt.Sprintf("%s (%s)", a.Verdict, a.Reason)
}
