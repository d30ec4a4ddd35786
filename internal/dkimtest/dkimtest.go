// Package dkimtest publishes DKIM keys (RFC 6376) from a DNS server on
// loopback and signs mail with them, so that tests check signatures with a
// real resolver. It is for tests only.
package dkimtest

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-msgauth/dkim"
	"github.com/miekg/dns"
)

// DNS is an authoritative DNS server on 127.0.0.1, over UDP and TCP on one
// port, that answers TXT queries from a table and NXDOMAIN otherwise.
type DNS struct {
	// Addr is the server's host:port.
	Addr string
	mu   sync.Mutex
	txt  map[string][]string // by lower-case FQDN
}

// StartDNS starts a server that stops when the test ends.
func StartDNS(t testing.TB) *DNS {
	t.Helper()
	pc, ln, err := listenPair()
	if err != nil {
		t.Fatalf("dkimtest: %v", err)
	}
	d := &DNS{Addr: pc.LocalAddr().String(), txt: map[string][]string{}}
	for _, srv := range []*dns.Server{{PacketConn: pc, Handler: d}, {Listener: ln, Handler: d}} {
		started := make(chan struct{})
		srv.NotifyStartedFunc = func() { close(started) }
		done := make(chan struct{})
		go func() {
			defer close(done)
			srv.ActivateAndServe()
		}()
		<-started
		t.Cleanup(func() {
			srv.Shutdown()
			<-done
		})
	}
	return d
}

// SetTXT makes name answer with one TXT record of the given text, or
// NXDOMAIN if text is empty.
func (d *DNS) SetTXT(name, text string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	name = dns.Fqdn(strings.ToLower(name))
	if text == "" {
		delete(d.txt, name)
		return
	}
	// A character-string holds at most 255 bytes (RFC 1035 §3.3); a
	// resolver joins those of one record.
	var chunks []string
	for len(text) > 255 {
		chunks, text = append(chunks, text[:255]), text[255:]
	}
	d.txt[name] = append(chunks, text)
}

// ServeDNS answers a query.
func (d *DNS) ServeDNS(w dns.ResponseWriter, q *dns.Msg) {
	m := new(dns.Msg)
	m.SetReply(q)
	m.Authoritative = true
	d.mu.Lock()
	for _, question := range q.Question {
		txt, ok := d.txt[strings.ToLower(question.Name)]
		switch {
		case !ok:
			m.Rcode = dns.RcodeNameError
		case question.Qtype == dns.TypeTXT:
			m.Answer = append(m.Answer, &dns.TXT{
				Hdr: dns.RR_Header{Name: question.Name, Rrtype: dns.TypeTXT, Class: dns.ClassINET, Ttl: 60},
				Txt: txt,
			})
		}
	}
	d.mu.Unlock()
	w.WriteMsg(m)
}

// Key is a signing key whose public half a DNS serves.
type Key struct {
	Domain, Selector string
	// Record is the key record published for it.
	Record string
	signer crypto.Signer
}

// NewEd25519Key makes an Ed25519 key (RFC 8463) from a seed byte and
// publishes it at <selector>._domainkey.<domain>.
func NewEd25519Key(t testing.TB, d *DNS, domain, selector string, seed byte) *Key {
	t.Helper()
	priv := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{seed}, ed25519.SeedSize))
	pub := priv.Public().(ed25519.PublicKey)
	return publish(d, &Key{Domain: domain, Selector: selector, signer: priv,
		Record: "v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)})
}

// NewRSAKey makes an RSA key of the given size and publishes it.
func NewRSAKey(t testing.TB, d *DNS, domain, selector string, bits int) *Key {
	t.Helper()
	priv, err := rsa.GenerateKey(rand.Reader, bits)
	if err != nil {
		t.Fatalf("dkimtest: generate RSA key: %v", err)
	}
	der, err := x509.MarshalPKIXPublicKey(&priv.PublicKey)
	if err != nil {
		t.Fatalf("dkimtest: marshal RSA key: %v", err)
	}
	return publish(d, &Key{Domain: domain, Selector: selector, signer: priv,
		Record: "v=DKIM1; k=rsa; p=" + base64.StdEncoding.EncodeToString(der)})
}

func publish(d *DNS, k *Key) *Key {
	d.SetTXT(k.Selector+"._domainkey."+k.Domain, k.Record)
	return k
}

// Sign returns raw, a whole mail with CRLF line ends, with a
// DKIM-Signature field on top that covers From, To, Subject, Date,
// Message-ID and the body, with relaxed canonicalization.
func (k *Key) Sign(t testing.TB, raw []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	err := dkim.Sign(&b, bytes.NewReader(raw), &dkim.SignOptions{
		Domain: k.Domain, Selector: k.Selector, Signer: k.signer,
		HeaderCanonicalization: dkim.CanonicalizationRelaxed, BodyCanonicalization: dkim.CanonicalizationRelaxed,
		HeaderKeys: []string{"From", "To", "Subject", "Date", "Message-ID"},
	})
	if err != nil {
		t.Fatalf("dkimtest: sign: %v", err)
	}
	return b.Bytes()
}

// listenPair listens on one loopback port for both UDP and TCP, as a DNS
// server does. The UDP port is free for TCP only most of the time, as
// another test may hold it: then it tries another port.
func listenPair() (net.PacketConn, net.Listener, error) {
	var last error
	for range 20 {
		pc, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			return nil, nil, fmt.Errorf("listen udp: %w", err)
		}
		ln, err := net.Listen("tcp", pc.LocalAddr().String())
		if err == nil {
			return pc, ln, nil
		}
		pc.Close()
		last = err
	}
	return nil, nil, fmt.Errorf("listen tcp on the udp port: %w", last)
}
