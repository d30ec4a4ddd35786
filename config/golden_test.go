package config

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/rules"
)

// registry holds the rulesets scenarios are read with.
var registry = rules.Registry()

// wantProblems returns err as Problems, failing the test if it is not.
func wantProblems(t *testing.T, err error) orders.Problems {
	t.Helper()
	var probs orders.Problems
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
			golden.Check(t, strings.TrimSuffix(path, ".yaml")+".err", []byte(probs.Error()+"\n"))
		})
	}
}
