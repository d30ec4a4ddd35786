package realmail

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

const (
	// stopTimeout is how long a daemon may take to stop after SIGTERM
	// before its process group is killed.
	stopTimeout = 10 * time.Second
	// pollInterval is how often Start checks whether a port answers.
	pollInterval = 20 * time.Millisecond
	// tailLines is how much of each log a failure shows.
	tailLines = 40
)

// errPortTaken is returned when a daemon could not listen on a port
// freePorts picked, because something else took it in the meantime.
var errPortTaken = errors.New("realmail: a port was taken before the daemon could listen on it")

// daemon is one server process of a System and the files it logs to.
type daemon struct {
	name   string
	cmd    *exec.Cmd
	logs   []string      // paths, shown by tail
	exited chan struct{} // closed once the process has exited
	err    error         // how it exited, once exited is closed
}

// startDaemon starts argv with stdout and stderr going to the first of
// logs. The process gets a group of its own, and SIGTERM if the test
// binary dies first.
func startDaemon(name string, logs []string, argv ...string) (*daemon, error) {
	out, err := os.Create(logs[0])
	if err != nil {
		return nil, fmt.Errorf("realmail: start %s: %w", name, err)
	}
	defer out.Close() // the child has its own copy
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.Env = []string{"PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LANG=C"}
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("realmail: start %s: %w", name, err)
	}
	d := &daemon{name: name, cmd: cmd, logs: logs, exited: make(chan struct{})}
	go func() {
		d.err = cmd.Wait()
		close(d.exited)
	}()
	return d, nil
}

// waitReady polls every check until all pass, the daemon exits, or ctx
// ends. An early exit is errPortTaken if one of ports cannot be bound now.
// A check in progress is cancelled when the daemon exits: whatever took its
// port may accept connections and never greet.
func (d *daemon) waitReady(ctx context.Context, ports []int, checks ...func(context.Context) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-d.exited:
			cancel()
		case <-ctx.Done():
		}
	}()
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	for {
		err := runChecks(ctx, checks)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			select {
			case <-d.exited: // which ended ctx
				return d.exitError(ports)
			default:
				return fmt.Errorf("realmail: %s did not answer in %v: %w", d.name, startTimeout, err)
			}
		case <-tick.C:
		}
	}
}

// exitError says why the daemon exited while starting: errPortTaken if
// one of ports cannot be bound now.
func (d *daemon) exitError(ports []int) error {
	if p := takenPort(ports); p != 0 {
		return fmt.Errorf("%w: %s exited (%v); port %d is in use", errPortTaken, d.name, d.err, p)
	}
	return fmt.Errorf("realmail: %s exited while starting: %v", d.name, d.err)
}

func runChecks(ctx context.Context, checks []func(context.Context) error) error {
	for _, check := range checks {
		if err := check(ctx); err != nil {
			return err
		}
	}
	return nil
}

// stop sends SIGTERM to the daemon's whole process group and waits for the
// daemon to exit; after stopTimeout it kills the group. Dovecot's master,
// signalled alone, takes a second to see its children out; signalled with
// them, it exits at once.
func (d *daemon) stop() {
	select {
	case <-d.exited:
		return
	default:
	}
	signalGroup(d.cmd.Process, syscall.SIGTERM)
	select {
	case <-d.exited:
	case <-time.After(stopTimeout):
		signalGroup(d.cmd.Process, syscall.SIGKILL)
		<-d.exited
	}
}

// tail returns the last lines of each of the daemon's log files, headed by
// their paths.
func (d *daemon) tail() string {
	var b strings.Builder
	for _, path := range d.logs {
		data, err := os.ReadFile(path)
		if err != nil {
			if !errors.Is(err, os.ErrNotExist) {
				fmt.Fprintf(&b, "--- %s: %v\n", path, err)
			}
			continue
		}
		lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
		if len(lines) > tailLines {
			lines = lines[len(lines)-tailLines:]
		}
		if len(data) > 0 {
			fmt.Fprintf(&b, "--- %s\n%s\n", path, strings.Join(lines, "\n"))
		}
	}
	return b.String()
}

// greets returns a check that port answers with a greeting line starting
// with prefix, as a server does once it serves.
func greets(port int, prefix string) func(context.Context) error {
	return func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		var dialer net.Dialer
		conn, err := dialer.DialContext(ctx, "tcp", loopback(port))
		if err != nil {
			return err
		}
		defer conn.Close()
		stop := context.AfterFunc(ctx, func() { conn.Close() })
		defer stop()
		deadline, _ := ctx.Deadline()
		conn.SetDeadline(deadline)
		line, err := bufio.NewReader(conn).ReadString('\n')
		if err != nil {
			return fmt.Errorf("read greeting on port %d: %w", port, err)
		}
		if !strings.HasPrefix(line, prefix) {
			return fmt.Errorf("port %d greets with %q, want %q", port, strings.TrimSpace(line), prefix)
		}
		return nil
	}
}

// freePorts picks four distinct free loopback ports. Another process may
// take one before the daemon listens on it; Start then tries again.
func freePorts() (ports, error) {
	var ps [4]int
	for i := range ps {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return ports{}, fmt.Errorf("realmail: pick a port: %w", err)
		}
		defer ln.Close()
		ps[i] = ln.Addr().(*net.TCPAddr).Port
	}
	return ports{imap: ps[0], lmtp: ps[1], auth: ps[2], smtp: ps[3]}, nil
}

// takenPort returns the first of ports nothing may listen on now, or 0.
func takenPort(ports []int) int {
	for _, p := range ports {
		ln, err := net.Listen("tcp", loopback(p))
		if err != nil {
			return p
		}
		ln.Close()
	}
	return 0
}

func loopback(port int) string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(port)) }
