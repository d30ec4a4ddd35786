// Package dkimtest publishes DKIM keys (RFC 6376) from a DNS server on
// loopback and signs mail with them, so that tests check signatures with a
// real resolver (Go's own, over UDP and TCP). It is for tests only.
package dkimtest

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-msgauth/dkim"
)

// DNS is an authoritative DNS server on 127.0.0.1, over UDP and TCP on one
// port, that answers TXT queries from a table and NXDOMAIN otherwise
// (RFC 1035). It reads only what a resolver asks of it: one question.
type DNS struct {
	// Addr is the server's host:port.
	Addr string
	mu   sync.Mutex
	txt  map[string][]string // by lower-case name, without the final dot
}

// StartDNS starts a server that stops when the test ends.
func StartDNS(t testing.TB) *DNS {
	t.Helper()
	pc, ln, err := listenPair()
	if err != nil {
		t.Fatalf("dkimtest: %v", err)
	}
	d := &DNS{Addr: pc.LocalAddr().String(), txt: map[string][]string{}}
	var wg sync.WaitGroup
	wg.Go(func() { d.serveUDP(pc) })
	wg.Go(func() { d.serveTCP(ln) })
	t.Cleanup(func() {
		pc.Close()
		ln.Close()
		wg.Wait()
	})
	return d
}

// SetTXT makes name answer with one TXT record of the given text, or
// NXDOMAIN if text is empty.
func (d *DNS) SetTXT(name, text string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	name = strings.TrimSuffix(strings.ToLower(name), ".")
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

// udpSize is the largest answer sent over UDP: what Go's resolver offers
// with EDNS(0). A larger one is truncated, and the resolver asks again over
// TCP.
const udpSize = 1232

func (d *DNS) serveUDP(pc net.PacketConn) {
	buf := make([]byte, 512)
	for {
		n, from, err := pc.ReadFrom(buf)
		if err != nil {
			return // closed
		}
		if reply := d.answer(buf[:n]); reply != nil {
			if len(reply) > udpSize {
				reply = truncated(reply)
			}
			pc.WriteTo(reply, from)
		}
	}
}

func (d *DNS) serveTCP(ln net.Listener) {
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		conn, err := ln.Accept()
		if err != nil {
			return // closed
		}
		wg.Go(func() {
			defer conn.Close()
			for { // messages with a two-byte length first (RFC 1035 §4.2.2)
				var size [2]byte
				if _, err := io.ReadFull(conn, size[:]); err != nil {
					return
				}
				q := make([]byte, binary.BigEndian.Uint16(size[:]))
				if _, err := io.ReadFull(conn, q); err != nil {
					return
				}
				reply := d.answer(q)
				if reply == nil {
					return
				}
				if _, err := conn.Write(append(binary.BigEndian.AppendUint16(nil, uint16(len(reply))), reply...)); err != nil {
					return
				}
			}
		})
	}
}

// answer answers a query message, or returns nil for one it cannot read.
// The reply holds the header, the question as asked, and the TXT record if
// the name has one; extra sections (EDNS) of the query are left out.
func (d *DNS) answer(q []byte) []byte {
	if len(q) < 12 || binary.BigEndian.Uint16(q[4:]) != 1 {
		return nil
	}
	var labels []string
	i := 12
	for i < len(q) && q[i] != 0 {
		n := int(q[i])
		if n > 63 || i+1+n > len(q) {
			return nil // a pointer or a broken label: not in a question
		}
		labels = append(labels, string(q[i+1:i+1+n]))
		i += 1 + n
	}
	if i+5 > len(q) {
		return nil
	}
	question := q[12 : i+5] // the name, its end, type and class
	qtype := binary.BigEndian.Uint16(q[i+1:])
	d.mu.Lock()
	txt, ok := d.txt[strings.ToLower(strings.Join(labels, "."))]
	d.mu.Unlock()

	const (
		flagQR, flagAA, flagRD = 1 << 15, 1 << 10, 1 << 8
		typeTXT, classIN       = 16, 1
		rcodeNXDomain          = 3
	)
	flags := uint16(flagQR | flagAA)
	flags |= binary.BigEndian.Uint16(q[2:]) & flagRD
	answers := uint16(0)
	var rr []byte
	switch {
	case !ok:
		flags |= rcodeNXDomain
	case qtype == typeTXT:
		answers = 1
		var data []byte
		for _, s := range txt {
			data = append(append(data, byte(len(s))), s...)
		}
		rr = binary.BigEndian.AppendUint16(rr, 0xc000|12) // the name: a pointer to the question's
		rr = binary.BigEndian.AppendUint16(rr, typeTXT)
		rr = binary.BigEndian.AppendUint16(rr, classIN)
		rr = binary.BigEndian.AppendUint32(rr, 60) // TTL
		rr = binary.BigEndian.AppendUint16(rr, uint16(len(data)))
		rr = append(rr, data...)
	}
	reply := append([]byte(nil), q[:2]...) // the query's ID
	for _, v := range []uint16{flags, 1, answers, 0, 0} {
		reply = binary.BigEndian.AppendUint16(reply, v)
	}
	return append(append(reply, question...), rr...)
}

// truncated is a UDP reply cut to its header and question, with the TC
// bit set, so that the resolver asks over TCP.
func truncated(reply []byte) []byte {
	const flagTC = 1 << 9
	i := 12
	for reply[i] != 0 {
		i += 1 + int(reply[i])
	}
	out := append([]byte(nil), reply[:i+5]...)
	binary.BigEndian.PutUint16(out[2:], binary.BigEndian.Uint16(out[2:])|flagTC)
	binary.BigEndian.PutUint16(out[6:], 0) // no answers
	return out
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
