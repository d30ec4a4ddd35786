package e2e_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// userHZ is the unit of the CPU times in /proc/<pid>/stat: 100 ticks a
// second on every Linux architecture (sysconf(_SC_CLK_TCK), proc(5)).
const userHZ = 100

// procCPU returns the CPU time, user and system, a process has used.
func procCPU(tb testing.TB, pid int) time.Duration {
	tb.Helper()
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		tb.Fatal(err)
	}
	// The fields after the command name in parentheses, which may hold
	// spaces, start with the state, field 3; utime and stime are 14 and 15.
	_, after, found := bytes.Cut(stat, []byte(") "))
	fields := strings.Fields(string(after))
	if !found || len(fields) < 13 {
		tb.Fatalf("/proc/%d/stat: %q", pid, stat)
	}
	var ticks int64
	for _, f := range fields[11:13] {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			tb.Fatalf("/proc/%d/stat: %v", pid, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / userHZ
}

// procMemory is the memory lines of /proc/<pid>/status, in bytes.
type procMemory map[string]int64

func (m procMemory) mb(key string) float64 { return float64(m[key]) / (1 << 20) }

// readProcMemory reads the Vm* and Rss* lines of a process's status.
func readProcMemory(tb testing.TB, pid int) procMemory {
	tb.Helper()
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		tb.Fatal(err)
	}
	m := procMemory{}
	sc := bufio.NewScanner(bytes.NewReader(status))
	for sc.Scan() {
		key, value, _ := strings.Cut(sc.Text(), ":")
		kb, unit, _ := strings.Cut(strings.TrimSpace(value), " ")
		if !strings.HasPrefix(key, "Vm") && !strings.HasPrefix(key, "Rss") || unit != "kB" {
			continue
		}
		n, err := strconv.ParseInt(kb, 10, 64)
		if err != nil {
			tb.Fatalf("/proc/%d/status: %s: %v", pid, sc.Text(), err)
		}
		m[key] = n << 10
	}
	if m["VmRSS"] == 0 {
		tb.Fatalf("/proc/%d/status has no VmRSS:\n%s", pid, status)
	}
	return m
}
