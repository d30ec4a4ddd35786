// Package pbemdbin builds the pbemd binary once per test binary, for the
// tests that run it as a process: signals, exit codes, systemd's notify
// socket, a real mail system. It is for tests only.
package pbemdbin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var built struct {
	once sync.Once
	dir  string // temporary directory holding bin; Main removes it
	bin  string
	skip string // why there is no binary: no go tool
	err  error  // of the build, with its output
}

// Build returns the pbemd binary, built as operators build it (with the
// race detector if race) by the first test to ask. It skips the test when
// there is no go tool to build with.
func Build(t testing.TB, race bool) string {
	t.Helper()
	built.once.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			built.skip = fmt.Sprintf("no go tool to build pbemd with: %v", err)
			return
		}
		if built.dir, built.err = os.MkdirTemp("", "pbemd-test-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "pbemd")
		// As a release is built: with the revision stamped in, where
		// the source is a checkout, whatever GOFLAGS says.
		args := []string{"build", "-buildvcs=auto", "-o", built.bin}
		if race {
			args = append(args, "-race")
		}
		if out, err := exec.Command(goTool, append(args, "github.com/pbemd/pbemd/cmd/pbemd")...).CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build pbemd: %v\n%s", err, out)
		}
	})
	switch {
	case built.skip != "":
		t.Skip(built.skip)
	case built.err != nil:
		t.Fatal(built.err)
	}
	return built.bin
}

// Main runs the tests, then removes the binary: call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}
