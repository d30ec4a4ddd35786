// Package golden compares test output with files in testdata, and rewrites
// them when the tests run with -update. Review the diff of a rewrite like
// code.
package golden

import (
	"bytes"
	"flag"
	"fmt"
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
	CheckWith(t, path, got, func(got, want []byte) error {
		if !bytes.Equal(got, want) {
			return fmt.Errorf("differs from the output:\n--- got\n%s\n--- want\n%s", got, want)
		}
		return nil
	})
}

// CheckWith is Check with its own comparison, for output whose bytes may
// differ harmlessly, such as a rasterised picture. same returns why got and
// want differ too much, or nil.
func CheckWith(t testing.TB, path string, got []byte, same func(got, want []byte) error) {
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
	if err := same(got, want); err != nil {
		t.Errorf("%s %v\n(rerun with -update and review the change)", path, err)
	}
}

// Updating reports whether the tests run with -update, for a test that
// keeps a generated file outside testdata (a schema in docs/) in step.
func Updating() bool { return *update }
