package e2e_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/internal/realmail"
	mod "github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// The benchmarks run the daemon as operators do, a release build with a
// config file, on a data file they fill in this process first.

// openDataFile opens the data file of a stopped daemon; the caller
// closes it before a daemon opens the file again.
func openDataFile(tb testing.TB, path string) *store.DB {
	tb.Helper()
	db, err := store.Open(path, store.Options{})
	if err != nil {
		tb.Fatalf("open the data file: %v", err)
	}
	return db
}

// createCampaigns creates each scenario in the data file at path, as
// `pbemd init` does but without sending, on every core, and returns every
// seat, in the order of the scenarios.
func createCampaigns(tb testing.TB, path, address string, scs ...*config.Scenario) []workflow.Seat {
	tb.Helper()
	db := openDataFile(tb, path)
	defer db.Close()
	m := mod.New(mod.Options{DB: db, Rulesets: rules.Registry(), Address: address})
	seats := make([][]workflow.Seat, len(scs))
	errs := make([]error, len(scs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				seats[i], errs[i] = m.CreateCampaign(tb.Context(), scs[i])
			}
		})
	}
	for i := range scs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			tb.Fatalf("create campaign %s: %v", scs[i].State.Campaign, err)
		}
	}
	return slices.Concat(seats...)
}

// retireOutbox marks every mail in the outbox sent without sending it.
func retireOutbox(tb testing.TB, path string) {
	tb.Helper()
	db := openDataFile(tb, path)
	defer db.Close()
	err := db.Update(func(tx *store.Tx) error {
		queued, err := tx.Outbox(0)
		for _, m := range queued {
			if err == nil {
				err = tx.MarkSent(m, time.Now().UTC())
			}
		}
		return err
	})
	if err != nil {
		tb.Fatalf("retire the outbox: %v", err)
	}
}

// writeDaemonConfig writes the config of a daemon that reads the
// moderator's INBOX and sends through Postfix, logging at info as in
// production. It polls only every 10 minutes: mail reaches it through
// IDLE.
func writeDaemonConfig(tb testing.TB, dir string, mx *realmail.System, address, password string) string {
	tb.Helper()
	local, _, _ := strings.Cut(address, "@")
	pass := filepath.Join(dir, "moderator.pass")
	cfg := filepath.Join(dir, "pbemd.yaml")
	err := errors.Join(
		os.WriteFile(pass, []byte(password+"\n"), 0o600),
		os.WriteFile(cfg, fmt.Appendf(nil, `data: pbemd.db
address: %s
imap: {host: 127.0.0.1, port: %s, tls: none, user: %s, password_file: moderator.pass, poll: 10m}
smtp: {host: 127.0.0.1, port: %s, tls: none, user: %s, password_file: moderator.pass, helo: pbemd.example.test}
log: {format: json, level: info}
`, address, port(mx.IMAPAddr()), local, port(mx.SMTPAddr()), address), 0o600))
	if err != nil {
		tb.Fatal(err)
	}
	return cfg
}

// buildRelease builds pbemd as it ships, without the race detector even
// when the benchmarks have it: the figures are the release binary's.
// PBEMD_BENCH_BIN names a binary to run instead, one built from another
// revision, to measure before and after on the same staged data file.
func buildRelease(tb testing.TB) string {
	tb.Helper()
	if bin := os.Getenv("PBEMD_BENCH_BIN"); bin != "" {
		return bin
	}
	bin := filepath.Join(tb.TempDir(), "pbemd")
	out, err := exec.CommandContext(tb.Context(), "go", "build", "-o", bin, "github.com/pbemd/pbemd/cmd/pbemd").CombinedOutput()
	if err != nil {
		tb.Fatalf("go build pbemd: %v\n%s", err, out)
	}
	return bin
}

// daemonProc is a running `pbemd run`, logging to a file that is shown if
// the test or benchmark fails.
type daemonProc struct {
	tb     testing.TB
	cmd    *exec.Cmd
	log    string
	exited chan error
}

// startDaemon starts `pbemd run` in dir and waits until it logs that it
// runs: only then does SIGTERM stop it cleanly, as main has installed its
// handler (issue 12, item 3).
func startDaemon(tb testing.TB, bin, dir, cfg string) *daemonProc {
	tb.Helper()
	d := &daemonProc{tb: tb, log: filepath.Join(dir, "pbemd.log"), exited: make(chan error, 1)}
	logFile, err := os.Create(d.log)
	if err != nil {
		tb.Fatal(err)
	}
	defer logFile.Close()
	d.cmd = exec.Command(bin, "run", "--config", cfg)
	d.cmd.Dir, d.cmd.Stdout, d.cmd.Stderr = dir, logFile, logFile
	if err := d.cmd.Start(); err != nil {
		tb.Fatalf("start pbemd run: %v", err)
	}
	cmd := d.cmd
	go func() { d.exited <- cmd.Wait() }()
	tb.Cleanup(func() {
		d.stop()
		if tb.Failed() {
			log, _ := os.ReadFile(d.log)
			tb.Logf("pbemd run's log:\n%s", log)
		}
	})
	d.awaitLog(tb.Context(), "pbemd running")
	return d
}

// awaitLog waits until the daemon has logged an event with message msg.
func (d *daemonProc) awaitLog(ctx context.Context, msg string) {
	d.tb.Helper()
	ctx, cancel := context.WithTimeout(ctx, mailWait)
	defer cancel()
	want := fmt.Sprintf(`"msg":%q`, msg)
	for {
		log, err := os.ReadFile(d.log)
		if err == nil && strings.Contains(string(log), want) {
			return
		}
		select {
		case err := <-d.exited:
			d.exited <- err
			d.tb.Fatalf("pbemd run exited (%v) before logging %q", err, msg)
		case <-ctx.Done():
			d.tb.Fatalf("pbemd run did not log %q within %v", msg, mailWait)
		case <-time.After(countEvery):
		}
	}
}

// stop sends SIGTERM and waits for the daemon to exit; after stopWait it
// kills it. Stopping a stopped daemon does nothing.
func (d *daemonProc) stop() {
	if d.cmd == nil {
		return
	}
	cmd := d.cmd
	d.cmd = nil
	select {
	case err := <-d.exited:
		d.tb.Errorf("pbemd run exited before it was stopped: %v", err)
		return
	default:
	}
	terminate(d.tb, cmd, d.exited)
}

// terminate sends a running pbemd SIGTERM and waits for it to exit 0
// within stopWait; past that it kills it and fails the test.
func terminate(tb testing.TB, cmd *exec.Cmd, exited <-chan error) {
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-exited:
		if err != nil {
			tb.Errorf("pbemd run after SIGTERM: %v, want exit status 0", err)
		}
	case <-time.After(stopWait):
		cmd.Process.Kill()
		<-exited
		tb.Errorf("pbemd run took over %v to stop after SIGTERM", stopWait)
	}
}
