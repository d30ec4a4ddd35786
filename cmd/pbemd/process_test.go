package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pbemd/pbemd/control"
	"github.com/pbemd/pbemd/internal/pbemdbin"
	"github.com/pbemd/pbemd/internal/syncbuf"
	"github.com/pbemd/pbemd/mail/localmail"
)

// testSite is a mail system on loopback with the accounts of the frontier
// campaign, and a daemon config pointing at it, as an operator would set
// them up.
type testSite struct {
	world  *localmail.World
	dir    string
	config string // path of the daemon config
	data   string // path of the data file
}

// newTestSite starts the mail system and writes the config.
func newTestSite(t *testing.T) *testSite {
	t.Helper()
	world := localmail.Start(t, localmail.Options{Domain: "example.test"})
	for _, u := range []string{"moderator", "gm", "vorn", "castellan", "ashari", "tekkar"} {
		world.AddUser(u, "pw")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "pass"), []byte("pw\n"), 0o600)
	s := &testSite{world: world, dir: dir, config: filepath.Join(dir, "pbemd.yaml"), data: filepath.Join(dir, "pbemd.db")}
	s.writeConfig(t, world.IMAPAddr)
	return s
}

// writeConfig writes the daemon config, reading mail from imapAddr.
func (s *testSite) writeConfig(t *testing.T, imapAddr string) {
	t.Helper()
	smtpHost, smtpPort := s.world.SMTPHostPort()
	imapHost, imapPort, _ := strings.Cut(imapAddr, ":")
	cfg := fmt.Sprintf(`data: pbemd.db
address: moderator@example.test
imap: {host: %s, port: %s, tls: none, user: moderator, password_file: pass, poll: 1s}
smtp: {host: %s, port: %d, tls: none}
log: {format: json, level: info}
`, imapHost, imapPort, smtpHost, smtpPort)
	if err := os.WriteFile(s.config, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
}

// proxyIMAP puts a recording proxy between the daemon and the IMAP server.
func (s *testSite) proxyIMAP(t *testing.T) *recordingProxy {
	t.Helper()
	p := startRecordingProxy(t, s.world.IMAPAddr)
	s.writeConfig(t, p.ln.Addr().String())
	return p
}

func TestMain(m *testing.M) { pbemdbin.Main(m) }

// buildPbemd builds the pbemd binary once per test run, for tests that need
// a real process: signals, exit codes, systemd's notify socket.
func buildPbemd(t *testing.T) string {
	t.Helper()
	return pbemdbin.Build(t, false)
}

// child is a pbemd process started by a test.
type child struct {
	cmd    *exec.Cmd
	stderr *syncbuf.Buffer
	done   chan struct{} // closed when it has exited
	err    error         // of Wait, once done
}

// startChild starts bin with args and the extra environment; the process
// is killed if the test ends first.
func startChild(t *testing.T, bin string, env []string, args ...string) *child {
	t.Helper()
	c := &child{cmd: exec.Command(bin, args...), stderr: &syncbuf.Buffer{}, done: make(chan struct{})}
	c.cmd.Env = append(os.Environ(), env...)
	c.cmd.Stdout, c.cmd.Stderr = io.Discard, c.stderr
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.err = c.cmd.Wait(); close(c.done) }()
	t.Cleanup(func() {
		c.cmd.Process.Kill()
		<-c.done
		if t.Failed() {
			t.Logf("pbemd %s stderr:\n%s", strings.Join(args, " "), c.stderr)
		}
	})
	return c
}

// wait waits at most d for the process to exit and returns its exit code.
func (c *child) wait(t *testing.T, d time.Duration) int {
	t.Helper()
	select {
	case <-c.done:
	case <-time.After(d):
		t.Fatalf("pbemd did not exit within %v", d)
	}
	var exit *exec.ExitError
	if c.err != nil && !errors.As(c.err, &exit) {
		t.Fatal(c.err)
	}
	return c.cmd.ProcessState.ExitCode()
}

// notifySocket listens where systemd would, on a unixgram socket, and
// returns the NOTIFY_SOCKET value naming it.
func notifySocket(t *testing.T, name string) (*net.UnixConn, string) {
	t.Helper()
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: name, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn, name
}

// readNotify waits for the next state a service sent to systemd.
func readNotify(t *testing.T, conn *net.UnixConn, d time.Duration) string {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(d))
	buf := make([]byte, 4096)
	n, err := conn.Read(buf)
	if err != nil {
		t.Fatalf("no notification within %v: %v", d, err)
	}
	return string(buf[:n])
}

// recordingProxy forwards TCP connections to addr and records what clients
// send, so a test can see the IMAP commands the daemon issued.
type recordingProxy struct {
	ln   net.Listener
	addr string
	sent syncbuf.Buffer
}

func startRecordingProxy(t *testing.T, addr string) *recordingProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &recordingProxy{ln: ln, addr: addr}
	var wg sync.WaitGroup
	t.Cleanup(func() { ln.Close(); wg.Wait() })
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Go(func() { p.forward(c) })
		}
	})
	return p
}

func (p *recordingProxy) forward(c net.Conn) {
	defer c.Close()
	s, err := net.Dial("tcp", p.addr)
	if err != nil {
		return
	}
	defer s.Close()
	done := make(chan struct{})
	go func() { io.Copy(c, s); c.Close(); close(done) }()
	io.Copy(io.MultiWriter(s, &p.sent), c)
	s.Close()
	<-done
}

// waitFor polls cond until it holds or d passes.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s did not happen within %v", what, d)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSIGTERM: under systemd (Type=notify) the daemon reports ready, and on
// SIGTERM it reports stopping, removes its control socket and exits 0
// within 5 s; it should also log out of IMAP (issue 7, item 9).
func TestSIGTERM(t *testing.T) {
	bin := buildPbemd(t)
	site := newTestSite(t)
	proxy := site.proxyIMAP(t)
	notify, name := notifySocket(t, filepath.Join(t.TempDir(), "notify"))

	d := startChild(t, bin, []string{"NOTIFY_SOCKET=" + name}, "run", "--config", site.config)
	if got := readNotify(t, notify, 30*time.Second); got != notifyReady {
		t.Fatalf("first notification = %q, want %q", got, notifyReady)
	}
	if _, err := os.Stat(control.SocketPath(site.data)); err != nil {
		t.Errorf("ready before the control socket listens: %v", err)
	}
	waitFor(t, 10*time.Second, "an IMAP SELECT", func() bool { return strings.Contains(proxy.sent.String(), "SELECT") })

	start := time.Now()
	d.cmd.Process.Signal(syscall.SIGTERM)
	code := d.wait(t, 5*time.Second)
	t.Logf("pbemd exited %d, %v after SIGTERM", code, time.Since(start).Round(time.Millisecond))
	if code != exitOK {
		t.Errorf("pbemd exited %d after SIGTERM, want 0", code)
	}
	if got := readNotify(t, notify, time.Second); got != notifyStopping {
		t.Errorf("notification after SIGTERM = %q, want %q", got, notifyStopping)
	}
	if _, err := os.Stat(control.SocketPath(site.data)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the control socket outlived the daemon: %v", err)
	}
	if !strings.Contains(d.stderr.String(), `"msg":"pbemd stopped"`) {
		t.Errorf("no stop in the log:\n%s", d.stderr)
	}
	t.Run("imap logout", func(t *testing.T) {
		if sent := proxy.sent.String(); !strings.Contains(sent, "LOGOUT") {
			t.Errorf("the daemon closed its IMAP session without LOGOUT; it sent:\n%s", sent)
		}
	})
}

// TestSecondDaemon: a second `pbemd run` on a data file a daemon holds
// exits 4 at once, naming the file and the daemon (issue 7, item 4). After
// the first daemon is killed, its stale control socket does not keep the
// next one from starting.
func TestSecondDaemon(t *testing.T) {
	bin := buildPbemd(t)
	site := newTestSite(t)
	notify, name := notifySocket(t, filepath.Join(t.TempDir(), "notify"))
	first := startChild(t, bin, []string{"NOTIFY_SOCKET=" + name}, "run", "--config", site.config)
	readNotify(t, notify, 30*time.Second)

	start := time.Now()
	second := startChild(t, bin, nil, "run", "--config", site.config)
	code := second.wait(t, 5*time.Second)
	took := time.Since(start)
	msg := second.stderr.String()
	if code != exitLocked || !strings.Contains(msg, site.data) || !strings.Contains(msg, fmt.Sprintf("pid %d", first.cmd.Process.Pid)) {
		t.Errorf("second pbemd run = exit %d, %q; want exit %d naming %s and pid %d", code, msg, exitLocked, site.data, first.cmd.Process.Pid)
	}
	if took > 2*time.Second {
		t.Errorf("second pbemd run took %v to give up, want it at once", took)
	}

	first.cmd.Process.Kill() // SIGKILL: the socket stays behind
	first.wait(t, 5*time.Second)
	if _, err := os.Lstat(control.SocketPath(site.data)); err != nil {
		t.Fatalf("a killed daemon left no socket to clean up: %v", err)
	}
	third := startChild(t, bin, []string{"NOTIFY_SOCKET=" + name}, "run", "--config", site.config)
	if got := readNotify(t, notify, 30*time.Second); got != notifyReady {
		t.Fatalf("daemon after a killed one notified %q, want %q", got, notifyReady)
	}
	code, out, errOut := run(t, "status", "--config", site.config)
	if want := fmt.Sprintf("pbemd (pid %d) runs on %s", third.cmd.Process.Pid, site.data); code != exitOK || !strings.Contains(out, want) {
		t.Errorf("status = %d, %q, %q; want %q", code, out, errOut, want)
	}
}
