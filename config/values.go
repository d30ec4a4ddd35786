package config

import (
	"net/mail"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/orders"
)

// maxIDLen is the longest id a file may use.
const maxIDLen = 64

// validID reports whether s is a well-formed id: lower-case letters,
// digits and '-'.
func validID(s string) bool {
	if s == "" || len(s) > maxIDLen {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// fixID turns s into a well-formed id, if it can: "Tau Ceti" becomes
// "tau-ceti".
func fixID(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
			b.WriteRune(r)
		case r == ' ', r == '_', r == '.':
			b.WriteByte('-')
		}
	}
	if out := b.String(); validID(out) {
		return out
	}
	return ""
}

// id reads an id: lower-case letters, digits and '-'.
func (c *checker) id(n *yaml.Node, what string) (string, bool) {
	s, ok := c.Scalar(n, what, "an id of lower-case letters, digits and '-'", "")
	if !ok {
		return "", false
	}
	if !validID(s) {
		hint := "e.g. \"tau-ceti\""
		if fixed := fixID(s); fixed != "" {
			hint = "write " + orders.Quote(fixed)
		}
		c.Addf(n, "%s %s may use only lower-case letters, digits and '-', at most %d of them; %s", what, orders.Quote(s), maxIDLen, hint)
		return "", false
	}
	return s, true
}

// className reads a unit class name: letters of either case, digits and
// '-', as in "D7" or "light-cruiser".
func (c *checker) className(n *yaml.Node, what string) (string, bool) {
	s, ok := c.Text(n, what)
	if !ok {
		return "", false
	}
	good := len(s) <= maxIDLen
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			good = false
		}
	}
	if !good {
		c.Addf(n, "%s %s may use only letters, digits and '-', at most %d of them, e.g. \"light-cruiser\" or \"D7\"", what, orders.Quote(s), maxIDLen)
		return "", false
	}
	return s, true
}

// email reads a bare mail address and returns it lower-cased.
func (c *checker) email(n *yaml.Node, what string) (string, bool) {
	s, ok := c.Scalar(n, what, "a mail address, e.g. kor@example.org", "")
	if !ok {
		return "", false
	}
	a, err := mail.ParseAddress(s)
	if err != nil {
		c.Addf(n, "%s %s is not a mail address (%s); write e.g. kor@example.org", what, orders.Quote(s), strings.TrimPrefix(err.Error(), "mail: "))
		return "", false
	}
	if a.Address != strings.TrimSpace(s) {
		c.Addf(n, "%s %s: write only the address, %s; a name goes under name", what, orders.Quote(s), a.Address)
		return "", false
	}
	return strings.ToLower(a.Address), true
}
