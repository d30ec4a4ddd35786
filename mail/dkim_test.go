package mail_test

import (
	"bytes"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/internal/dkimtest"
	"github.com/pbemd/pbemd/mail"
)

const unsigned = "From: Vorn <vorn@example.test>\r\nTo: moderator@example.org\r\nSubject: orders\r\n" +
	"Date: Mon, 23 Nov 2026 12:00:00 +0000\r\nMessage-ID: <a1@example.test>\r\n" +
	"Content-Type: text/plain; charset=utf-8\r\n\r\ncampaign: frontier\r\nturn: 1\r\n"

// TestDKIMVerifier checks signatures against keys a DNS server on loopback
// serves, through the verifier's own resolver.
func TestDKIMVerifier(t *testing.T) {
	dns := dkimtest.StartDNS(t)
	ed := dkimtest.NewEd25519Key(t, dns, "example.test", "ed", 1)
	rsa := dkimtest.NewRSAKey(t, dns, "example.test", "rsa", 2048)
	other := dkimtest.NewEd25519Key(t, dns, "example.net", "ed", 2)
	gone := dkimtest.NewEd25519Key(t, dns, "example.test", "gone", 3)
	dns.SetTXT("gone._domainkey.example.test", "")
	// impostor signs as example.test's selector ed, with a key of its own.
	impostor := dkimtest.NewEd25519Key(t, dkimtest.StartDNS(t), "example.test", "ed", 4)

	tamper := func(raw []byte) []byte { return bytes.Replace(raw, []byte("turn: 1"), []byte("turn: 2"), 1) }
	tests := []struct {
		name   string
		raw    []byte
		want   mail.Verdict
		reason string
	}{
		{"ed25519 signature of the From domain", ed.Sign(t, []byte(unsigned)), mail.Authentic, "dkim=pass header.d=example.test by pbemd"},
		{"RSA signature of the From domain", rsa.Sign(t, []byte(unsigned)), mail.Authentic, ""},
		{"one good signature of two", ed.Sign(t, tamper(rsa.Sign(t, []byte(unsigned)))), mail.Authentic, ""},
		{"body changed after signing", tamper(ed.Sign(t, []byte(unsigned))), mail.Forged, "dkim=fail header.d=example.test by pbemd"},
		{"From changed after signing", bytes.Replace(ed.Sign(t, []byte(unsigned)), []byte("Vorn <"), []byte("Castellan <"), 1), mail.Forged, ""},
		{"signed with another key", impostor.Sign(t, []byte(unsigned)), mail.Forged, ""},
		{"no signature", []byte(unsigned), mail.Unknown, ""},
		{"signature of another domain", other.Sign(t, []byte(unsigned)), mail.Unknown, ""},
		{"tampered signature of another domain", tamper(other.Sign(t, []byte(unsigned))), mail.Unknown, ""},
		{"key no longer published", gone.Sign(t, []byte(unsigned)), mail.Unknown, ""},
	}
	v := mail.NewDKIMVerifier(mail.DKIMOptions{Resolver: dns.Addr})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := v.Verify(t.Context(), tc.raw, "vorn@example.test")
			if got.Verdict != tc.want || tc.reason != "" && got.Reason != tc.reason {
				t.Errorf("Verify = %v, want %v (%s)", got, tc.want, tc.reason)
			}
		})
	}
}

// TestDKIMVerifier_bounded: a key record too large to be worth checking
// and a DNS server that never answers both leave the verdict unknown, the
// latter within the timeout, so intake does not hang on DNS.
func TestDKIMVerifier_bounded(t *testing.T) {
	dns := dkimtest.StartDNS(t)
	huge := dkimtest.NewEd25519Key(t, dns, "example.test", "huge", 1)
	dns.SetTXT("huge._domainkey.example.test", "n="+strings.Repeat("x", 1024)+"; "+huge.Record)
	v := mail.NewDKIMVerifier(mail.DKIMOptions{Resolver: dns.Addr})
	if got := v.Verify(t.Context(), huge.Sign(t, []byte(unsigned)), "vorn@example.test"); got.Verdict != mail.Unknown {
		t.Errorf("Verify with a key record over 1 KiB = %v, want unknown", got)
	}

	silent, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	ed := dkimtest.NewEd25519Key(t, dns, "example.test", "ed", 1)
	v = mail.NewDKIMVerifier(mail.DKIMOptions{Resolver: silent.LocalAddr().String(), Timeout: 50 * time.Millisecond})
	got := v.Verify(t.Context(), ed.Sign(t, []byte(unsigned)), "vorn@example.test")
	if got.Verdict != mail.Unknown {
		t.Errorf("Verify with a silent DNS server = %v, want unknown", got)
	}
}

// TestDKIMVerifier_manySignatures: only the first few signatures are
// checked, so a mail with hundreds costs no more than one with five.
func TestDKIMVerifier_manySignatures(t *testing.T) {
	dns := dkimtest.StartDNS(t)
	ed := dkimtest.NewEd25519Key(t, dns, "example.test", "ed", 1)
	signed := ed.Sign(t, []byte(unsigned))
	sig := signed[:len(signed)-len(unsigned)]
	bogus := strings.Replace(string(sig), "d=example.test", "d=example.net", 1)
	raw := append([]byte(strings.Repeat(bogus, 200)), signed...)
	v := mail.NewDKIMVerifier(mail.DKIMOptions{Resolver: dns.Addr})
	if got := v.Verify(t.Context(), raw, "vorn@example.test"); got.Verdict != mail.Unknown {
		t.Errorf("Verify = %v, want unknown: the good signature is past the fifth", got)
	}
}
