package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSystemdUnit reads dist/pbemd.service: the daemon runs as the pbemd
// user, and ExecStartPre checks the same config as that user (no "+" or
// "!" to run it as root), so a password file the daemon cannot read stops
// the start. Where systemd-analyze is installed, the unit verifies
// without a word, run against the binary just built.
func TestSystemdUnit(t *testing.T) {
	unit, err := os.ReadFile("../../dist/pbemd.service")
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string][]string{}
	for line := range strings.Lines(string(unit)) {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok && !strings.HasPrefix(k, "#") {
			keys[k] = append(keys[k], v)
		}
	}
	const check = "/usr/bin/pbemd config test /etc/pbemd/pbemd.yaml"
	if got := keys["ExecStartPre"]; len(got) != 1 || got[0] != check {
		t.Errorf("ExecStartPre = %q, want %q, run as the service user", got, check)
	}
	if got := keys["ExecStart"]; len(got) != 1 || got[0] != "/usr/bin/pbemd run --config /etc/pbemd/pbemd.yaml" {
		t.Errorf("ExecStart = %q, want the daemon on the config ExecStartPre checks", got)
	}
	if got := keys["User"]; len(got) != 1 || got[0] != "pbemd" {
		t.Errorf("User = %q, want pbemd", got)
	}

	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("no systemd-analyze to verify the unit with")
	}
	dir := t.TempDir()
	bin := buildPbemd(t)
	local := filepath.Join(dir, "pbemd.service")
	os.WriteFile(local, []byte(strings.ReplaceAll(string(unit), "/usr/bin/pbemd", bin)), 0o644)
	if out, err := exec.Command(analyze, "verify", local).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("systemd-analyze verify pbemd.service = %v\n%s", err, out)
	}
}
