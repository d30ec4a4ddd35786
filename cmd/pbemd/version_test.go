package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestVersion runs the built binary as an operator would: `pbemd version`
// and `pbemd --version` print the module version and the revision the
// binary was built from: the checkout's HEAD where the source is a git
// clone (the go command stamps none in a linked work tree, whose .git is a
// file).
func TestVersion(t *testing.T) {
	bin := buildPbemd(t)
	wantRevision := "revision unknown"
	if fi, err := os.Stat("../../.git"); err == nil && fi.IsDir() {
		head, err := exec.Command("git", "rev-parse", "HEAD").Output()
		if err != nil {
			t.Fatalf("git rev-parse HEAD: %v", err)
		}
		wantRevision = "revision " + strings.TrimSpace(string(head))
	}
	for _, args := range [][]string{{"version"}, {"--version"}} {
		out, err := exec.Command(bin, args...).Output()
		lines := strings.Split(string(out), "\n")
		if err != nil || len(lines) != 4 || !strings.HasPrefix(lines[0], "pbemd ") || len(lines[0]) < len("pbemd v") ||
			!strings.HasPrefix(lines[1], wantRevision) || !strings.HasPrefix(lines[2], "built with go") {
			t.Errorf("pbemd %s = %v\n%s\nwant pbemd VERSION, %s, built with go...", args[0], err, out, wantRevision)
		}
	}
}
