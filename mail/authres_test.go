package mail

import (
	"strings"
	"testing"
)

// authMail is a mail from vorn@example.test with the given header fields
// on top, as the operator's server would prepend them.
func authMail(fields ...string) []byte {
	head := strings.Join(fields, "\r\n")
	if head != "" {
		head += "\r\n"
	}
	return []byte(head + "Received: from mail.example.test by mx.example.org; Mon, 23 Nov 2026 12:00:00 +0000\r\n" +
		"From: Vorn <vorn@example.test>\r\nTo: moderator@example.org\r\nSubject: orders\r\n" +
		"Message-ID: <a1@example.test>\r\nContent-Type: text/plain\r\n\r\nturn: 1\r\n")
}

// TestParse_authenticationResults checks each row of the decision table
// in docs/by-mail.md ("Forged mail"), read from the Authentication-Results
// fields of the trusted server, mx.example.org.
func TestParse_authenticationResults(t *testing.T) {
	const ar = "Authentication-Results: "
	tests := []struct {
		name   string
		fields []string
		want   Verdict
		reason string
	}{
		// Forged.
		{"dmarc fail", []string{ar + "mx.example.org; dmarc=fail (p=reject dis=none) header.from=example.test"}, Forged, "dmarc=fail by mx.example.org"},
		{"dmarc fail outweighs dkim pass", []string{ar + "mx.example.org; dkim=pass header.d=example.test; dmarc=fail header.from=example.test"}, Forged, "dmarc=fail by mx.example.org"},
		{"dmarc fail without header.from", []string{ar + "mx.example.org; dmarc=fail"}, Forged, "dmarc=fail by mx.example.org"},
		{"spf fail, no dkim", []string{ar + "mx.example.org; spf=fail smtp.mailfrom=vorn@example.test"}, Forged,
			"spf=fail smtp.mailfrom=example.test, no dkim=pass for example.test by mx.example.org"},
		{"spf fail, dkim fail", []string{ar + "mx.example.org; dkim=fail header.d=example.test; spf=fail smtp.mailfrom=example.test"}, Forged, ""},
		{"spf fail, dkim pass for another domain", []string{ar + "mx.example.org; dkim=pass header.d=mailer.example.net; spf=fail smtp.mailfrom=example.test"}, Forged, ""},
		{"spf hardfail", []string{ar + "mx.example.org; spf=hardfail smtp.mailfrom=example.test"}, Forged, ""},
		{"separate fields of one server (OpenDKIM, OpenDMARC)", []string{
			ar + "mx.example.org; dmarc=none header.from=example.test",
			ar + "mx.example.org; spf=fail smtp.mailfrom=example.test",
			ar + "mx.example.org; dkim=none",
		}, Forged, ""},
		{"comment with a semicolon", []string{ar + "mx.example.org; dkim=fail (1024-bit key; unprotected) header.d=example.test; spf=fail (sender not permitted) smtp.mailfrom=example.test"}, Forged, ""},
		{"authserv-id in another case, with a trailing dot", []string{ar + "MX.Example.ORG.; dmarc=fail"}, Forged, ""},
		{"folded field", []string{ar + "mx.example.org;\r\n\tdmarc=fail\r\n\theader.from=example.test"}, Forged, ""},

		// Authentic.
		{"dmarc pass", []string{ar + "mx.example.org; dmarc=pass header.from=example.test"}, Authentic, "dmarc=pass by mx.example.org"},
		{"dkim pass aligned", []string{ar + "mx.example.org; dkim=pass header.d=example.test header.s=sel"}, Authentic, "dkim=pass header.d=example.test by mx.example.org"},
		{"dkim pass for a subdomain", []string{ar + "mx.example.org; dkim=pass header.d=mail.example.test"}, Authentic, "dkim=pass header.d=mail.example.test by mx.example.org"},
		{"dkim pass with header.i only", []string{ar + "mx.example.org; dkim=pass header.i=vorn@example.test"}, Authentic, ""},
		{"dkim pass beats spf fail", []string{ar + "mx.example.org; dkim=pass header.d=example.test; spf=fail smtp.mailfrom=example.test"}, Authentic, ""},
		{"spf pass aligned", []string{ar + "mx.example.org; spf=pass smtp.mailfrom=vorn@example.test"}, Authentic, "spf=pass smtp.mailfrom=example.test by mx.example.org"},
		{"spf pass from a subdomain", []string{ar + "mx.example.org; spf=pass smtp.mailfrom=bounces.example.test"}, Authentic, ""},

		// Unknown: the token alone decides.
		{"no field", nil, Unknown, ""},
		{"none", []string{ar + "mx.example.org; none"}, Unknown, ""},
		{"temperror", []string{ar + "mx.example.org; dkim=temperror; spf=temperror smtp.mailfrom=example.test; dmarc=temperror"}, Unknown, ""},
		{"neutral and softfail", []string{ar + "mx.example.org; spf=softfail smtp.mailfrom=example.test; dkim=neutral header.d=example.test"}, Unknown, ""},
		{"dkim fail alone", []string{ar + "mx.example.org; dkim=fail header.d=example.test"}, Unknown, ""},
		{"dkim pass for another domain", []string{ar + "mx.example.org; dkim=pass header.d=mailer.example.net"}, Unknown, ""},
		{"spf fail for another domain", []string{ar + "mx.example.org; spf=fail smtp.mailfrom=bounces.example.net"}, Unknown, ""},
		{"dmarc fail for another From", []string{ar + "mx.example.org; dmarc=fail header.from=example.net"}, Unknown, ""},
		{"unreadable version", []string{ar + "mx.example.org 2; dmarc=fail"}, Unknown, ""},

		// Whose fields count.
		{"untrusted authserv-id", []string{ar + "evil.example.net; dmarc=fail header.from=example.test"}, Unknown, ""},
		{"authserv-id that only starts like the trusted one", []string{ar + "mx.example.org.evil.example.net; dmarc=fail"}, Unknown, ""},
		{"trusted field below another field came from outside", []string{
			ar + "mx.example.org; dmarc=pass header.from=example.test",
			"X-Spam-Status: No",
			ar + "mx.example.org; dmarc=fail header.from=example.test",
		}, Authentic, ""},
		{"untrusted field above the trusted one", []string{
			ar + "evil.example.net; dmarc=pass header.from=example.test",
			ar + "mx.example.org; dmarc=fail header.from=example.test",
		}, Forged, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, err := Parse(authMail(tc.fields...), ParseOptions{AuthServID: "mx.example.org"})
			if err != nil {
				t.Fatal(err)
			}
			if in.Auth.Verdict != tc.want || tc.reason != "" && in.Auth.Reason != tc.reason {
				t.Errorf("Parse(%q).Auth = %v, want %v (%s)", tc.fields, in.Auth, tc.want, tc.reason)
			}
		})
	}
}

// TestParse_authenticationResultsNeedAnAuthservID: without a configured
// authserv-id no field is trusted.
func TestParse_authenticationResultsNeedAnAuthservID(t *testing.T) {
	in, err := Parse(authMail("Authentication-Results: mx.example.org; dmarc=fail"), ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if in.Auth.Verdict != Unknown {
		t.Errorf("Auth = %v with no AuthServID, want unknown", in.Auth)
	}
}

func TestStripComments(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a (b; c) d", "a   d"},
		{"a (b (nested; x) c) d", "a   d"},
		{`a "(not a comment)" b`, `a "(not a comment)" b`},
		{`a (escaped \) paren; x) b`, "a   b"},
		{"a (unclosed; b", "a "},
	}
	for _, tc := range tests {
		if got := stripComments(tc.in); got != tc.want {
			t.Errorf("stripComments(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
