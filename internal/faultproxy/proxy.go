package faultproxy

import (
	"bytes"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"
)

// dialTimeout bounds the proxy's own connection to its target.
const dialTimeout = 5 * time.Second

// mode is what the proxy does with connections.
type mode int

const (
	pass   mode = iota // forward both ways
	refuse             // not listening
	drop               // accept, then reset at once
	reset              // forward until the cue, then reset both sides
	stall              // forward until the cue, then nothing either way
	slow               // forward until the cue, pause, then forward again
)

// Cue says where on a connection a fault strikes, counted in the bytes the
// server sends: Bytes bytes into the connection, or, when Text is set, Bytes
// bytes after the first Text begins. Cue{Text: "354"} strikes just before
// the server's 354 reply reaches the client; Cue{Text: "+ idling\r\n",
// Bytes: 10} just after the IDLE continuation. The zero Cue strikes as soon
// as the connection is accepted, before anything is forwarded.
//
// The proxy never holds data back to look for Text: when Text arrives split
// across two reads, its first part is forwarded already. Servers on
// loopback write a reply at once, so this rarely matters.
type Cue struct {
	Text  string
	Bytes int
}

// Proxy forwards TCP connections from a loopback address to a target,
// breaking them as the test asks. The zero value is not usable; call Start.
type Proxy struct {
	t      testing.TB
	addr   string
	target string
	wg     sync.WaitGroup

	mu       sync.Mutex
	ln       net.Listener // nil while refusing and once closed
	mode     mode
	cue      Cue
	pause    time.Duration // for slow
	links    map[*link]struct{}
	accepted int
	closed   bool
}

// Start listens on 127.0.0.1 and forwards every connection to target until
// told otherwise. It closes the proxy when the test ends.
func Start(t testing.TB, target string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("faultproxy: listen: %v", err)
	}
	p := &Proxy{t: t, addr: ln.Addr().String(), target: target, links: map[*link]struct{}{}}
	p.serveLocked(ln)
	t.Cleanup(p.Close)
	return p
}

// Addr returns the host:port clients should connect to.
func (p *Proxy) Addr() string { return p.addr }

// HostPort returns Addr's host and port apart, as SMTP clients take them.
func (p *Proxy) HostPort() (string, int) {
	host, port, _ := net.SplitHostPort(p.addr)
	n, _ := strconv.Atoi(port)
	return host, n
}

// Pass forwards new connections both ways, listening again after Refuse.
func (p *Proxy) Pass() { p.t.Helper(); p.set(pass, Cue{}, 0) }

// Refuse stops listening, so that connecting fails at once, and resets
// every open connection: the server is down.
func (p *Proxy) Refuse() { p.t.Helper(); p.set(refuse, Cue{}, 0) }

// Drop accepts each new connection and resets it at once, before the
// server says a word; each one counts in Accepted. The client sees the
// reset when it connects or at its first read.
func (p *Proxy) Drop() { p.t.Helper(); p.set(drop, Cue{}, 0) }

// ResetAt forwards each new connection until cue, then resets both sides:
// the client reads what was forwarded, then "connection reset by peer".
func (p *Proxy) ResetAt(cue Cue) { p.t.Helper(); p.set(reset, cue, 0) }

// StallAt forwards each new connection until cue, then forwards nothing
// more either way, and holds the connection open until the client hangs up
// or the proxy closes: a server that stopped answering.
func (p *Proxy) StallAt(cue Cue) { p.t.Helper(); p.set(stall, cue, 0) }

// SlowAt forwards each new connection until cue, then holds what the
// server sends for pause before it forwards the rest: a server slow to
// answer one command.
func (p *Proxy) SlowAt(cue Cue, pause time.Duration) {
	p.t.Helper()
	p.set(slow, cue, pause)
}

// Cut resets every open connection now, whatever the mode.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cutLocked()
}

// Accepted returns how many connections the proxy has accepted, those it
// dropped or reset included, so a test can bound a client's attempts.
func (p *Proxy) Accepted() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.accepted
}

// Close stops listening, resets every connection and waits for the proxy's
// goroutines. Start registers it with t.Cleanup.
func (p *Proxy) Close() {
	p.mu.Lock()
	p.closed = true
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	p.cutLocked()
	p.mu.Unlock()
	p.wg.Wait()
}

// set switches the mode for new connections; it stops or resumes listening
// as Refuse is entered or left.
func (p *Proxy) set(m mode, cue Cue, pause time.Duration) {
	p.t.Helper()
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.mode, p.cue, p.pause = m, cue, pause
	var err error
	switch {
	case m == refuse && p.ln != nil:
		p.ln.Close()
		p.ln = nil
		p.cutLocked()
	case m != refuse && p.ln == nil:
		var ln net.Listener
		if ln, err = net.Listen("tcp", p.addr); err == nil {
			p.serveLocked(ln)
		}
	}
	p.mu.Unlock()
	if err != nil {
		p.t.Fatalf("faultproxy: listen again on %s: %v", p.addr, err)
	}
}

// serveLocked accepts connections on ln until it is closed.
func (p *Proxy) serveLocked(ln net.Listener) {
	p.ln = ln
	p.wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.wg.Go(func() { p.handle(c) })
		}
	})
}

func (p *Proxy) cutLocked() {
	for l := range p.links {
		l.cut()
	}
}

// handle applies the mode of the moment to one accepted connection.
func (p *Proxy) handle(c net.Conn) {
	l := &link{client: c, gone: make(chan struct{})}
	p.mu.Lock()
	p.accepted++
	m, cue, pause := p.mode, p.cue, p.pause
	if p.closed || m == refuse { // accepted just before the listener closed
		m = drop
	}
	p.links[l] = struct{}{}
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		delete(p.links, l)
		p.mu.Unlock()
		l.cut()
	}()
	if m == drop || (m == reset && cue == (Cue{})) {
		return
	}
	if m == stall && cue == (Cue{}) {
		l.stall()
		l.drain(c)
		return
	}
	s, err := net.DialTimeout("tcp", p.target, dialTimeout)
	if err != nil {
		return
	}
	if !l.connect(s) {
		return
	}
	var tr *trigger
	if m != pass {
		tr = newTrigger(cue)
	}
	var wg sync.WaitGroup
	wg.Go(func() { l.up() })
	l.down(tr, m, pause)
	wg.Wait()
}

// link is one client connection and the proxy's connection to the target.
type link struct {
	mu      sync.Mutex
	client  net.Conn
	server  net.Conn // nil until dialled
	stalled bool
	cutDone bool
	gone    chan struct{} // closed by cut
}

// connect records the server side; it reports false if the link was cut
// meanwhile.
func (l *link) connect(s net.Conn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cutDone {
		s.Close()
		return false
	}
	l.server = s
	return true
}

func (l *link) stall() {
	l.mu.Lock()
	l.stalled = true
	l.mu.Unlock()
}

func (l *link) isStalled() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.stalled
}

// cut resets both sides (RST, not FIN): what the client has received it
// can still read, then the connection is reset.
func (l *link) cut() {
	l.mu.Lock()
	if !l.cutDone {
		close(l.gone)
	}
	l.cutDone = true
	c, s := l.client, l.server
	l.mu.Unlock()
	abort(c)
	if s != nil {
		abort(s)
	}
}

// up forwards what the client sends, until either side hangs up; while
// stalled it reads and drops it, so that it sees the client hang up.
func (l *link) up() {
	defer l.cut()
	buf := make([]byte, 32<<10)
	for {
		n, err := l.client.Read(buf)
		if n > 0 && !l.isStalled() {
			if _, err := l.server.Write(buf[:n]); err != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// down forwards what the server sends until tr strikes; then, as m says,
// it resets the link, pauses, or stalls the link and drops whatever the
// server still sends. A stalled link stays open when the server hangs up.
func (l *link) down(tr *trigger, m mode, pause time.Duration) {
	buf := make([]byte, 32<<10)
	for {
		n, err := l.server.Read(buf)
		if n > 0 && !l.isStalled() {
			fwd, strike := n, false
			if tr != nil {
				fwd, strike = tr.next(buf[:n])
			}
			if strike && m != slow {
				// Stop forwarding the client's bytes before it can
				// answer the last ones it gets.
				l.stall()
			}
			if _, err := l.client.Write(buf[:fwd]); err != nil {
				l.cut()
				return
			}
			switch {
			case strike && m == reset:
				l.cut()
				return
			case strike && m == slow:
				if !l.sleep(pause) {
					return
				}
				tr = nil
				if _, err := l.client.Write(buf[fwd:n]); err != nil {
					l.cut()
					return
				}
			}
		}
		if err != nil {
			if !l.isStalled() {
				l.cut()
			}
			return
		}
	}
}

// sleep waits for d, and reports false if the link was cut meanwhile.
func (l *link) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-l.gone:
		return false
	}
}

// drain reads from c and drops it until c is closed.
func (l *link) drain(c net.Conn) {
	buf := make([]byte, 4<<10)
	for {
		if _, err := c.Read(buf); err != nil {
			return
		}
	}
}

// abort closes c with a reset where it can.
func abort(c net.Conn) {
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetLinger(0)
	}
	c.Close()
}

// trigger finds where a Cue strikes in the stream the server sends.
type trigger struct {
	text  []byte
	after int    // Cue.Bytes
	at    int    // stream offset to strike at; -1 until Text is found
	seen  int    // bytes forwarded so far
	tail  []byte // the last len(text)-1 bytes, for a Text split across reads
}

func newTrigger(c Cue) *trigger {
	tr := &trigger{text: []byte(c.Text), after: c.Bytes, at: c.Bytes}
	if c.Text != "" {
		tr.at = -1
	}
	return tr
}

// next takes the next chunk from the server and returns how much of it to
// forward, and whether to strike right after that.
func (tr *trigger) next(chunk []byte) (int, bool) {
	if tr.at < 0 {
		win := append(bytes.Clone(tr.tail), chunk...)
		if i := bytes.Index(win, tr.text); i >= 0 {
			tr.at = tr.seen - len(tr.tail) + i + tr.after
		} else {
			tr.tail = bytes.Clone(win[len(win)-min(len(win), len(tr.text)-1):])
		}
	}
	if tr.at >= 0 && tr.seen+len(chunk) >= tr.at {
		n := max(tr.at-tr.seen, 0)
		tr.seen += n
		return n, true
	}
	tr.seen += len(chunk)
	return len(chunk), false
}
