package config

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the .err golden files in testdata")

// checkGolden compares got with the golden file at path, or rewrites the
// golden file under -update. It refuses to write anything but a .err file,
// so -update never touches an input.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if filepath.Ext(path) != ".err" {
		t.Fatalf("checkGolden(%s): golden files end in .err", path)
	}
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run go test -update to create it): %v", err)
	}
	if got != string(want) {
		t.Errorf("problems differ from %s (run go test -update and review the diff):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// wantProblems returns err as Problems, failing the test if it is not.
func wantProblems(t *testing.T, err error) Problems {
	t.Helper()
	var probs Problems
	if !errors.As(err, &probs) {
		t.Fatalf("error = %v (%T), want Problems", err, err)
	}
	if len(probs) == 0 {
		t.Fatal("Problems is empty")
	}
	return probs
}

// goldenCases runs check on every *.yaml file in dir and compares the
// problems it returns with the file's .err golden.
func goldenCases(t *testing.T, dir string, check func(path string) error) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files in %s (%v)", dir, err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			probs := wantProblems(t, check(path))
			checkGolden(t, strings.TrimSuffix(path, ".yaml")+".err", probs.Error()+"\n")
		})
	}
}
