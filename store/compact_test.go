package store_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/pbemd/pbemd/store"
)

// TestCompact: once stored mail has expired, compaction shrinks the data
// file to what it holds, keeps the old file beside it, and the new file
// holds the same keys, values and bucket sequences, so the outbox counts
// on (issue 12, item 6).
func TestCompact(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbemd.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	raw := bytes.Repeat([]byte("x"), 256<<10)
	for i := range 40 {
		err := db.Update(func(tx *store.Tx) error {
			if err := tx.Enqueue(&store.Mail{MessageID: fmt.Sprintf("out%d@x", i)}); err != nil {
				return err
			}
			return tx.RecordMessage(&store.MessageRecord{MessageID: fmt.Sprintf("m%d@x", i), Received: t0, Outcome: store.Rejected, Raw: raw})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for more := true; more; {
		err = db.Update(func(tx *store.Tx) (err error) { _, more, err = tx.ExpireMail(t0.Add(time.Hour), 100); return })
		if err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	want := dump(t, path)

	res, err := store.Compact(path, store.CompactOptions{Now: t0})
	if err != nil {
		t.Fatalf("Compact = %v", err)
	}
	kept := path + ".before-compact-20261122T200000Z"
	t.Logf("compacted from %d to %d bytes", res.Before, res.After)
	if res.Before < 10<<20 || res.After > 1<<20 || res.Kept != kept {
		t.Errorf("Compact = %+v; want from over 10 MiB to under 1 MiB, the old file kept as %s", res, kept)
	}
	for _, p := range []string{path, kept} {
		if got := dump(t, p); !slices.Equal(got, want) {
			t.Errorf("%s holds\n%q\nwant\n%q", filepath.Base(p), got, want)
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != res.After || fi.Mode().Perm() != 0o600 {
		t.Errorf("the compacted file: %v, %v; want %d bytes, mode 0600", fi, err, res.After)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
	db, err = store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	next := &store.Mail{MessageID: "after@x"}
	if err := db.Update(func(tx *store.Tx) error { return tx.Enqueue(next) }); err != nil || next.Seq != 41 {
		t.Errorf("the first mail queued after compaction has seq %d (%v), want 41", next.Seq, err)
	}
}

func TestCompact_refusals(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.db")
	if _, err := store.Compact(missing, store.CompactOptions{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Compact(a missing file) = %v, want fs.ErrNotExist", err)
	}
	path := filepath.Join(dir, "pbemd.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := store.Compact(path, store.CompactOptions{LockTimeout: 50 * time.Millisecond}); !errors.Is(err, store.ErrLocked) {
		t.Errorf("Compact(a file a daemon holds) = %v, want ErrLocked", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); !slices.Equal(left, []string{path}) {
		t.Errorf("files after refusals: %v, want only the data file", left)
	}
}

// dump lists every bucket with its sequence and every key with a hash of
// its value, as bbolt holds them.
func dump(t *testing.T, path string) []string {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out []string
	var walk func(prefix string, b *bolt.Bucket) error
	walk = func(prefix string, b *bolt.Bucket) error {
		out = append(out, fmt.Sprintf("%s seq %d", prefix, b.Sequence()))
		return b.ForEach(func(k, v []byte) error {
			if v == nil {
				return walk(prefix+"/"+string(k), b.Bucket(k))
			}
			out = append(out, fmt.Sprintf("%s/%q %x", prefix, k, sha256.Sum256(v)))
			return nil
		})
	}
	err = db.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error { return walk(string(name), b) })
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
