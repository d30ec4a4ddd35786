package faultproxy

import (
	"bufio"
	"errors"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// waitLimit guards every read; tests never sleep.
const waitLimit = 10 * time.Second

// startEcho runs a server that greets with greeting, then echoes every line
// it reads.
func startEcho(t *testing.T, greeting string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var conns []net.Conn
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
		wg.Wait()
	})
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			wg.Go(func() {
				defer c.Close()
				if _, err := io.WriteString(c, greeting); err != nil {
					return
				}
				r := bufio.NewReader(c)
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					if _, err := io.WriteString(c, line); err != nil {
						return
					}
				}
			})
		}
	})
	return ln.Addr().String()
}

func dial(t *testing.T, p *Proxy) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatalf("dial proxy: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// dialRead connects and reads for d. The reset of a connection dropped at
// once may already fail the dial.
func dialRead(p *Proxy, d time.Duration) (string, error) {
	c, err := net.Dial("tcp", p.Addr())
	if err != nil {
		return "", err
	}
	defer c.Close()
	return readFor(c, d)
}

// readFor reads from c for d, or until c fails, and returns what came and
// the error that ended it.
func readFor(c net.Conn, d time.Duration) (string, error) {
	c.SetReadDeadline(time.Now().Add(d))
	var got []byte
	buf := make([]byte, 1024)
	for {
		n, err := c.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil {
			return string(got), err
		}
	}
}

func isTimeout(err error) bool {
	return errors.Is(err, os.ErrDeadlineExceeded)
}

func isReset(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.EOF)
}

func TestPass(t *testing.T) {
	t.Parallel() // waits real time for what must not come
	p := Start(t, startEcho(t, "hello\r\n"))
	c := dial(t, p)
	io.WriteString(c, "ping\r\n")
	got, err := readFor(c, 200*time.Millisecond)
	if got != "hello\r\nping\r\n" || !isTimeout(err) {
		t.Errorf("read through the proxy = %q, %v; want the greeting and the echo, then silence", got, err)
	}
	if n := p.Accepted(); n != 1 {
		t.Errorf("Accepted() = %d, want 1", n)
	}
}

// TestRefuse: connecting fails while refused, the open connection is
// reset, and Pass listens again on the same address.
func TestRefuse(t *testing.T) {
	t.Parallel() // waits real time for what must not come
	p := Start(t, startEcho(t, "hello\r\n"))
	open := dial(t, p)
	if got, _ := readFor(open, 100*time.Millisecond); got != "hello\r\n" {
		t.Fatalf("greeting = %q", got)
	}
	p.Refuse()
	if _, err := readFor(open, waitLimit); !isReset(err) {
		t.Errorf("open connection after Refuse: %v, want it reset", err)
	}
	if c, err := net.Dial("tcp", p.Addr()); err == nil {
		c.Close()
		t.Errorf("dial while refusing succeeded")
	}
	p.Pass()
	if got, _ := readFor(dial(t, p), 100*time.Millisecond); got != "hello\r\n" {
		t.Errorf("greeting after Pass = %q", got)
	}
	if n := p.Accepted(); n != 2 {
		t.Errorf("Accepted() = %d, want 2", n)
	}
}

func TestDrop(t *testing.T) {
	p := Start(t, startEcho(t, "hello\r\n"))
	p.Drop()
	for range 3 {
		if got, err := dialRead(p, waitLimit); got != "" || !isReset(err) {
			t.Errorf("dropped connection read %q, %v; want nothing and a reset", got, err)
		}
	}
	if n := p.Accepted(); n != 3 {
		t.Errorf("Accepted() = %d, want 3", n)
	}
}

func TestResetAt(t *testing.T) {
	t.Parallel() // waits real time for what must not come
	tests := []struct {
		name string
		cue  Cue
		want string
	}{
		{name: "at once", cue: Cue{}, want: ""},
		{name: "after bytes", cue: Cue{Bytes: 4}, want: "220 "},
		{name: "before text", cue: Cue{Text: "354"}, want: "220 hi\r\n"},
		{name: "inside text", cue: Cue{Text: "354", Bytes: 2}, want: "220 hi\r\n35"},
		{name: "text never sent", cue: Cue{Text: "999"}, want: "220 hi\r\n354 go\r\n"},
	}
	target := startEcho(t, "220 hi\r\n354 go\r\n")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := Start(t, target)
			p.ResetAt(tc.cue)
			// A reset ends the read as soon as it arrives; only the cue
			// that never comes waits for the deadline, so a slow machine
			// gets a long one where it costs nothing.
			wait := 5 * time.Second
			if tc.cue.Text == "999" {
				wait = 300 * time.Millisecond
			}
			got, err := dialRead(p, wait)
			for i := 0; i < 20 && tc.want != "" && got == "" && isReset(err); i++ {
				// The reset may overtake the bytes before it: Linux drops
				// unread data when a RST arrives, and Go's dial can report
				// the reset of an established connection when the proxy
				// was quicker than the dialing goroutine. Try again.
				got, err = dialRead(p, wait)
			}
			if got != tc.want {
				t.Errorf("ResetAt(%+v): read %q, want %q", tc.cue, got, tc.want)
			}
			if tc.cue.Text != "999" && !isReset(err) {
				t.Errorf("ResetAt(%+v): read ended with %v, want a reset", tc.cue, err)
			}
		})
	}
}

// TestStallAt: after the cue nothing is forwarded either way, the
// connection stays open, and the proxy notices when the client leaves.
func TestStallAt(t *testing.T) {
	t.Parallel() // waits real time for what must not come
	p := Start(t, startEcho(t, "220 hi\r\n"))
	p.StallAt(Cue{Text: "220 hi\r\n", Bytes: 8})
	c := dial(t, p)
	if got, _ := readFor(c, 100*time.Millisecond); got != "220 hi\r\n" {
		t.Fatalf("greeting = %q", got)
	}
	io.WriteString(c, "ping\r\n")
	if got, err := readFor(c, 200*time.Millisecond); got != "" || !isTimeout(err) {
		t.Errorf("stalled connection read %q, %v; want silence and no error", got, err)
	}
	c.Close()
	waitUntil(t, func() bool { return p.open() == 0 })

	p.StallAt(Cue{})
	c = dial(t, p)
	if got, err := readFor(c, 200*time.Millisecond); got != "" || !isTimeout(err) {
		t.Errorf("connection stalled at once read %q, %v; want silence", got, err)
	}
	p.Cut()
	if _, err := readFor(c, waitLimit); !isReset(err) {
		t.Errorf("stalled connection after Cut: %v, want a reset", err)
	}
}

// TestSlowAt holds the server's answer for the pause, then forwards the
// rest.
func TestSlowAt(t *testing.T) {
	t.Parallel() // waits real time for what must not come
	p := Start(t, startEcho(t, "220 hi\r\n354 go\r\n"))
	p.SlowAt(Cue{Text: "354"}, 300*time.Millisecond)
	c := dial(t, p)
	if got, err := readFor(c, 100*time.Millisecond); got != "220 hi\r\n" || !isTimeout(err) {
		t.Errorf("read before the pause = %q, %v; want the first line, then a wait", got, err)
	}
	c.SetReadDeadline(time.Now().Add(waitLimit))
	rest := make([]byte, len("354 go\r\n"))
	if _, err := io.ReadFull(c, rest); err != nil || string(rest) != "354 go\r\n" {
		t.Errorf("read after the pause = %q, %v; want the rest", rest, err)
	}
}

// TestCut resets open connections; new ones pass.
func TestCut(t *testing.T) {
	t.Parallel() // waits real time for what must not come
	p := Start(t, startEcho(t, "hi\r\n"))
	c := dial(t, p)
	readFor(c, 100*time.Millisecond)
	p.Cut()
	if _, err := readFor(c, waitLimit); !isReset(err) {
		t.Errorf("read after Cut: %v, want a reset", err)
	}
	if got, _ := readFor(dial(t, p), 100*time.Millisecond); got != "hi\r\n" {
		t.Errorf("greeting after Cut = %q", got)
	}
}

// TestTrigger finds text split across reads; what went before the read
// that completes it is forwarded already.
func TestTrigger(t *testing.T) {
	tests := []struct {
		name   string
		cue    Cue
		chunks []string
		want   string // forwarded before the strike
	}{
		{name: "text split", cue: Cue{Text: "BODY[] {"}, chunks: []string{"* 1 FETCH (BO", "DY[] {12}\r\n"}, want: "* 1 FETCH (BO"},
		{name: "text split, bytes after", cue: Cue{Text: "BODY[] {", Bytes: 10}, chunks: []string{"* 1 FETCH (BO", "DY[] {12}\r\nSubject"}, want: "* 1 FETCH (BODY[] {12"},
		{name: "text whole", cue: Cue{Text: "BODY[] {"}, chunks: []string{"* 1 FETCH (", "BODY[] {12}\r\n"}, want: "* 1 FETCH ("},
		{name: "bytes across chunks", cue: Cue{Bytes: 5}, chunks: []string{"abc", "defg"}, want: "abcde"},
		{name: "at a chunk's end", cue: Cue{Bytes: 3}, chunks: []string{"abc", "defg"}, want: "abc"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := newTrigger(tc.cue)
			var got strings.Builder
			struck := false
			for _, c := range tc.chunks {
				n, strike := tr.next([]byte(c))
				got.WriteString(c[:n])
				if strike {
					struck = true
					break
				}
			}
			if !struck || got.String() != tc.want {
				t.Errorf("trigger(%+v) on %q forwarded %q, struck %v; want %q", tc.cue, tc.chunks, got.String(), struck, tc.want)
			}
		})
	}
}

func (p *Proxy) open() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.links)
}

func waitUntil(t *testing.T, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("condition not met within %v", waitLimit)
		}
		time.Sleep(time.Millisecond)
	}
}
