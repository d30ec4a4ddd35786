package mail

import (
	"bytes"
	"context"
	"errors"
	"net"
	"time"

	"github.com/emersion/go-msgauth/dkim"
)

// Limits on the work of a DKIM check.
const (
	defaultDKIMTimeout = 5 * time.Second
	// maxDKIMSignatures is how many DKIM-Signature fields of a mail are
	// checked; the rest are ignored.
	maxDKIMSignatures = 5
	// maxDKIMKeyRecordBytes bounds a key record: a 4096-bit RSA key needs
	// about 750 bytes, and a larger key costs more to check than any mail
	// is worth.
	maxDKIMKeyRecordBytes = 1024
)

// errKeyRecordTooLarge is returned to the DKIM library for a key record
// over maxDKIMKeyRecordBytes.
var errKeyRecordTooLarge = errors.New("mail: DKIM key record too large")

// DKIMOptions configure a DKIMVerifier. The zero value works.
type DKIMOptions struct {
	// Resolver is the DNS server (host:port) asked for keys; empty means
	// the system's resolver.
	Resolver string
	// Timeout bounds the key lookups for one mail; 0 means 5 s.
	Timeout time.Duration
}

// DKIMVerifier checks DKIM signatures (RFC 6376) for operators whose mail
// server writes no Authentication-Results.
type DKIMVerifier struct {
	resolver *net.Resolver
	timeout  time.Duration
}

// NewDKIMVerifier returns a verifier.
func NewDKIMVerifier(opts DKIMOptions) *DKIMVerifier {
	v := &DKIMVerifier{resolver: net.DefaultResolver, timeout: opts.Timeout}
	if v.timeout <= 0 {
		v.timeout = defaultDKIMTimeout
	}
	if opts.Resolver != "" {
		var d net.Dialer
		v.resolver = &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return d.DialContext(ctx, network, opts.Resolver)
		}}
	}
	return v
}

// Verify checks the DKIM signatures of a whole raw mail against its From
// address, from:
//   - Authentic if a signature whose domain is aligned with from's domain
//     (see aligned) verifies;
//   - else Forged if such a signature does not match the mail although its
//     key was found: the mail was changed or signed with another key;
//   - else Unknown: no signature of from's domain, or one that could not
//     be checked (no key, a DNS failure or timeout, an unsupported
//     algorithm).
func (v *DKIMVerifier) Verify(ctx context.Context, raw []byte, from string) Authentication {
	domain := domainOf(from)
	if domain == "" {
		return Authentication{}
	}
	ctx, cancel := context.WithTimeout(ctx, v.timeout)
	defer cancel()
	verifs, _ := dkim.VerifyWithOptions(bytes.NewReader(raw), &dkim.VerifyOptions{
		MaxVerifications: maxDKIMSignatures,
		LookupTXT:        func(name string) ([]string, error) { return v.lookupKey(ctx, name) },
	})
	var mismatch string
	for _, s := range verifs {
		switch {
		case !aligned(s.Domain, domain):
		case s.Err == nil:
			return Authentication{Authentic, "dkim=pass header.d=" + reasonDomain(s.Domain) + " by pbemd"}
		case !dkim.IsTempFail(s.Err) && !dkim.IsPermFail(s.Err):
			mismatch = reasonDomain(s.Domain)
		}
	}
	if mismatch != "" {
		return Authentication{Forged, "dkim=fail header.d=" + mismatch + " by pbemd"}
	}
	return Authentication{}
}

// lookupKey fetches a key record, refusing one over
// maxDKIMKeyRecordBytes.
func (v *DKIMVerifier) lookupKey(ctx context.Context, name string) ([]string, error) {
	txts, err := v.resolver.LookupTXT(ctx, name)
	if err != nil {
		return nil, err
	}
	for _, t := range txts {
		if len(t) > maxDKIMKeyRecordBytes {
			return nil, errKeyRecordTooLarge
		}
	}
	return txts, nil
}
