package dkimtest_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/internal/dkimtest"
)

// TestDNSAnswersGosResolver: Go's resolver reads a record from the
// server, over TCP when it is too long for UDP, and NXDOMAIN for a name
// without one.
func TestDNSAnswersGosResolver(t *testing.T) {
	d := dkimtest.StartDNS(t)
	r := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return new(net.Dialer).DialContext(ctx, network, d.Addr)
	}}
	short, long := "v=DKIM1; k=ed25519; p=abc", "v=DKIM1; k=rsa; p="+strings.Repeat("A", 3000)
	d.SetTXT("s1._domainkey.Example.TEST", short)
	d.SetTXT("s2._domainkey.example.test.", long)
	for name, want := range map[string]string{"s1._domainkey.example.test.": short, "S2._domainkey.example.test.": long} {
		got, err := r.LookupTXT(t.Context(), name)
		if err != nil || len(got) != 1 || got[0] != want {
			t.Errorf("LookupTXT(%s) = %d records, %v; want the %d bytes set", name, len(got), err, len(want))
		}
	}
	d.SetTXT("s1._domainkey.example.test", "")
	var de *net.DNSError
	if _, err := r.LookupTXT(t.Context(), "s1._domainkey.example.test."); !errors.As(err, &de) || !de.IsNotFound {
		t.Errorf("LookupTXT of a name without a record = %v, want not found", err)
	}
}
