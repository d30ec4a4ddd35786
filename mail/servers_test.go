package mail

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"log/slog"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/pbemd/pbemd/mail/localmail"
)

// testWorld starts a localmail World with the users gm, alice and bob, whose
// passwords are their names. The World logs nowhere: its servers' connection
// goroutines may log after the test has ended.
func testWorld(t *testing.T, opts localmail.Options) *localmail.World {
	t.Helper()
	w := localmail.Start(t, opts)
	for _, u := range []string{"gm", "alice", "bob"} {
		w.AddUser(u, u)
	}
	return w
}

func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// testTLS makes a self-signed certificate for 127.0.0.1 and localhost, and
// returns a server config with it and a client config that trusts it.
func testTLS(t *testing.T) (server, client *tls.Config) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "localmail"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:     []string{"localhost"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	server = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}
	return server, &tls.Config{RootCAs: pool}
}

// proxy forwards TCP to a server while up; while down it accepts and closes
// every connection at once, and it cuts the open ones when it goes down.
type proxy struct {
	addr    string
	target  string
	refused chan struct{}

	mu    sync.Mutex
	up    bool
	conns []net.Conn
}

// startProxy listens on 127.0.0.1 for target; with cfg it speaks TLS to
// its clients (implicit TLS in front of a plain server).
func startProxy(t *testing.T, target string, cfg *tls.Config, up bool) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{addr: ln.Addr().String(), target: target, refused: make(chan struct{}, 100), up: up}
	if cfg != nil {
		ln = tls.NewListener(ln, cfg)
	}
	var wg sync.WaitGroup
	t.Cleanup(func() {
		ln.Close()
		p.setUp(false)
		wg.Wait()
	})
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Go(func() { p.serve(c) })
		}
	})
	return p
}

func (p *proxy) serve(c net.Conn) {
	p.mu.Lock()
	up := p.up
	p.mu.Unlock()
	if !up {
		c.Close()
		p.refused <- struct{}{}
		return
	}
	s, err := net.Dial("tcp", p.target)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	p.conns = append(p.conns, c, s)
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	go func() { io.Copy(s, c); s.Close(); done <- struct{}{} }()
	go func() { io.Copy(c, s); c.Close(); done <- struct{}{} }()
	<-done
	<-done
}

func (p *proxy) setUp(up bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.up = up
	if !up {
		for _, c := range p.conns {
			c.Close()
		}
		p.conns = nil
	}
}

// wasRefused reports whether a connection was refused since last asked.
func (p *proxy) wasRefused() bool {
	select {
	case <-p.refused:
		return true
	default:
		return false
	}
}

func (p *proxy) waitRefused(t *testing.T) {
	t.Helper()
	select {
	case <-p.refused:
	case <-time.After(waitLimit):
		t.Fatalf("no connection attempt within %v", waitLimit)
	}
}
