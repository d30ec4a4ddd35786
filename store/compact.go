package store

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
)

// compactTxBytes bounds one transaction of the copy Compact writes.
const compactTxBytes = 64 << 20

// CompactOptions configure Compact.
type CompactOptions struct {
	// Now stamps the name the old data file is kept under.
	Now time.Time
	// LockTimeout is as for Open: how long to wait for another process to
	// release the data file before giving up with ErrLocked.
	LockTimeout time.Duration
}

// Compacted says what Compact did.
type Compacted struct {
	// Before and After are the sizes of the data file, in bytes.
	Before, After int64
	// Kept is where the old data file was kept.
	Kept string
	// Campaigns is how many campaigns the compacted file holds.
	Campaigns int
}

// Compact rewrites the data file at path without the free pages bbolt
// keeps for reuse (bbolt Compact), so that the file shrinks once mail has
// expired. It holds the file's lock throughout, which fails with ErrLocked
// while a daemon runs. It writes the copy next to path, syncs it and
// checks that it opens and passes Check; only then does it keep the old
// file as path.before-compact-<UTC time> and rename the copy into place,
// with mode 0600.
func Compact(path string, opts CompactOptions) (*Compacted, error) {
	res, err := compact(path, opts)
	if err != nil {
		return nil, fmt.Errorf("compact %s: %w", path, err)
	}
	return res, nil
}

func compact(path string, opts CompactOptions) (*Compacted, error) {
	fi, err := os.Stat(path) // never create a data file to compact
	if err != nil {
		return nil, err
	}
	src, err := Open(path, Options{LockTimeout: opts.LockTimeout})
	if err != nil {
		return nil, err
	}
	defer src.Close() // holds the lock until the copy is in place
	staged, err := compactInto(src, filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	defer os.Remove(staged) // a no-op once renamed into place
	res := &Compacted{Before: fi.Size(), Kept: keptName(path, "compact", opts.Now)}
	if res.Campaigns, err = checkBackup(staged); err != nil {
		return nil, fmt.Errorf("the compacted copy: %w", err)
	}
	sfi, err := os.Stat(staged)
	if err != nil {
		return nil, err
	}
	res.After = sfi.Size()
	if err := swapIn(staged, path, res.Kept); err != nil {
		return nil, err
	}
	return res, nil
}

// compactInto writes a compacted copy of src into a new file in dir,
// synced, and returns its name.
func compactInto(src *DB, dir string) (string, error) {
	f, err := os.CreateTemp(dir, ".compact-*") // mode 0600
	if err != nil {
		return "", err
	}
	name := f.Name()
	f.Close()
	err = copyCompacted(src, name)
	if err == nil {
		err = syncFile(name)
	}
	if err != nil {
		os.Remove(name)
		return "", fmt.Errorf("write the compacted copy in %s: %w", dir, err)
	}
	return name, nil
}

func copyCompacted(src *DB, path string) error {
	dst, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		return err
	}
	err = bolt.Compact(dst, src.bolt, compactTxBytes)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncFile flushes the file at path to disk.
func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
