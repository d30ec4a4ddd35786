// Package golden compares test output with files in testdata, and rewrites
// them when the tests run with -update. Review the diff of a rewrite like
// code.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files with the output the tests produce")

// Check compares got with the file at path. With -update it writes got to
// path instead. Paths must end in .golden, or .err for expected problems,
// so -update never touches an input.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if ext := filepath.Ext(path); ext != ".golden" && ext != ".err" {
		t.Fatalf("golden file %s must end in .golden or .err", path)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run with -update to create it): %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (rerun with -update and review the diff):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
