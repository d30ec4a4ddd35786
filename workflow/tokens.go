package workflow

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"fmt"
	"io"
	"strings"

	"github.com/pbemd/pbemd/report"
)

// NewToken returns a fresh player token: 20 random bytes in base32, in
// groups of four for reading aloud and copying.
func NewToken(r io.Reader) (string, error) {
	b := make([]byte, 20)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", fmt.Errorf("make token: %w", err)
	}
	s := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)
	var groups []string
	for len(s) > 0 {
		n := min(4, len(s))
		groups = append(groups, s[:n])
		s = s[n:]
	}
	return strings.Join(groups, "-"), nil
}

// HashToken returns the hash the store keeps instead of the token.
func HashToken(token string) []byte {
	sum := sha256.Sum256([]byte(strings.TrimSpace(token)))
	return sum[:]
}

// tokenMatches compares a token with a stored hash in constant time.
func tokenMatches(token string, hash []byte) bool {
	return subtle.ConstantTimeCompare(HashToken(token), hash) == 1
}

func MaskString(s string) string {
	return string(report.MaskTokens([]byte(s)))
}
