package mail

import "fmt"

// TLSMode says how to secure a connection.
type TLSMode string

// The TLS modes. The zero value ("") means TLSImplicit.
const (
	// TLSImplicit speaks TLS from the first byte (IMAPS 993, SMTPS 465).
	TLSImplicit TLSMode = "implicit"
	// TLSStartTLS connects in clear text and upgrades with STARTTLS, and
	// refuses to go on without it (IMAP 143, submission 587).
	TLSStartTLS TLSMode = "starttls"
	// TLSNone never encrypts; for loopback and tests only.
	TLSNone TLSMode = "none"
)

// check returns the mode with its default applied, or an error for an
// unknown one, which must never fall back to clear text.
func (m TLSMode) check() (TLSMode, error) {
	switch m {
	case "":
		return TLSImplicit, nil
	case TLSImplicit, TLSStartTLS, TLSNone:
		return m, nil
	}
	return m, fmt.Errorf("mail: unknown TLS mode %q (want %q, %q or %q)", string(m), TLSImplicit, TLSStartTLS, TLSNone)
}
