// Package storetest opens real bbolt stores in a test's temporary
// directory and checks their consistency when the test ends.
package storetest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pbemd/pbemd/store"
)

// DB is a store opened for a test.
type DB struct {
	*store.DB
	path   string
	closed bool
}

// Open creates a store in t.TempDir. On cleanup it closes the store and
// fails the test if the file is inconsistent (bbolt Tx.Check).
func Open(t testing.TB) *DB {
	t.Helper()
	return open(t, filepath.Join(t.TempDir(), "pbemd.db"))
}

// OpenCopy opens a copy of the data file at src, such as a file an earlier
// release wrote, in t.TempDir, and checks it on cleanup as Open does. The
// file at src is not changed.
func OpenCopy(t testing.TB, src string) *DB {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatalf("read %s: %v", src, err)
	}
	path := filepath.Join(t.TempDir(), "pbemd.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatalf("copy %s: %v", src, err)
	}
	return open(t, path)
}

func open(t testing.TB, path string) *DB {
	t.Helper()
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatalf("store.Open(%s) = %v", path, err)
	}
	d := &DB{DB: db, path: path}
	t.Cleanup(func() {
		if d.closed {
			return
		}
		if err := db.Check(); err != nil {
			t.Errorf("store %s is inconsistent: %v", path, err)
		}
		db.Close()
	})
	return d
}

// Reopen closes the store and opens the same file again, as a restarted
// daemon would.
func (d *DB) Reopen(t testing.TB) *DB {
	t.Helper()
	if err := d.DB.Check(); err != nil {
		t.Errorf("store %s is inconsistent: %v", d.path, err)
	}
	if err := d.DB.Close(); err != nil {
		t.Fatalf("close store: %v", err)
	}
	d.closed = true
	return open(t, d.path)
}
