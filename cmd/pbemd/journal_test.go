package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLogsToTheJournalAreJSON runs the daemon as systemd does, with a
// config that says nothing of logging: its stderr is a stream socket,
// as journald's is, named by JOURNAL_STREAM (systemd.exec(5)). Every
// line it logs there is a JSON object, as the README promises.
func TestLogsToTheJournalAreJSON(t *testing.T) {
	bin := buildPbemd(t)
	site := newTestSite(t)
	cfg, err := os.ReadFile(site.config)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(site.config, []byte(strings.Replace(string(cfg), "log: {format: json, level: info}\n", "", 1)), 0o600)
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	journal, stderr := os.NewFile(uintptr(fds[0]), "journal"), os.NewFile(uintptr(fds[1]), "stderr")
	defer journal.Close()
	var st syscall.Stat_t
	if err := syscall.Fstat(fds[1], &st); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(bin, "run", "--config", site.config)
	cmd.Env = append(os.Environ(), fmt.Sprintf("JOURNAL_STREAM=%d:%d", st.Dev, st.Ino))
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stderr.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })

	journal.SetReadDeadline(time.Now().Add(30 * time.Second))
	lines := bufio.NewScanner(journal)
	for lines.Scan() {
		var rec struct{ Msg string }
		if err := json.Unmarshal(lines.Bytes(), &rec); err != nil {
			t.Fatalf("the daemon logged to the journal %q, not a JSON object: %v", lines.Text(), err)
		}
		if rec.Msg == readyMsg {
			return
		}
	}
	t.Fatalf("no %q in the journal: %v", readyMsg, lines.Err())
}
