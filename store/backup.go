package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Errors returned by BackupFile.
var (
	// ErrBackupOverData is returned by BackupFile when the target is the
	// data file itself: renaming a copy over it would cut the daemon off
	// from its own file.
	ErrBackupOverData = errors.New("store: a backup cannot replace the data file it copies")
	// ErrBackupTarget is returned by BackupFile when the target exists and
	// is not an earlier backup (a socket, a directory, a link, or a file
	// that is not a bbolt file): renaming the copy over it would destroy
	// it.
	ErrBackupTarget = errors.New("store: a backup may replace only an earlier backup")
)

// boltMagic opens the meta page of every bbolt file, after the 16 bytes
// of the page header, in the byte order of the machine that wrote it.
const boltMagic = 0xED0CDAED

// Backup writes a consistent copy of the whole file to w, from one read
// transaction (bbolt Tx.WriteTo), while the daemon goes on working. It
// returns the number of bytes written. The copy opens with Open like the
// original.
func (db *DB) Backup(w io.Writer) (int64, error) {
	var n int64
	err := db.bolt.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	if err != nil {
		return n, fmt.Errorf("back up %s: %w", db.Path(), err)
	}
	return n, nil
}

// BackupFile writes a consistent copy of the file to path, with mode 0600:
// first to a temporary file in path's directory, which is synced and then
// renamed over path, so path holds either what it held before or a whole
// copy, never a part. path must be new or an earlier backup; anything
// else is refused with ErrBackupTarget. It returns the size of the copy.
func (db *DB) BackupFile(path string) (int64, error) {
	if err := db.checkBackupTarget(path); err != nil {
		return 0, err
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*") // mode 0600
	if err != nil {
		return 0, fmt.Errorf("back up to %s: %w", path, err)
	}
	n, err := db.Backup(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return 0, fmt.Errorf("back up to %s: %w", path, err)
	}
	return n, syncDir(dir)
}

// checkBackupTarget refuses a target that is the data file itself, or
// that exists and is not an earlier backup.
func (db *DB) checkBackupTarget(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("back up to %s: %w", path, err)
	}
	self, err := filepath.Abs(db.Path())
	if err != nil {
		return fmt.Errorf("back up to %s: %w", path, err)
	}
	same := abs == self
	if fi, err := os.Stat(abs); err == nil {
		if sfi, err := os.Stat(self); err == nil && os.SameFile(fi, sfi) {
			same = true
		}
	}
	if same {
		return fmt.Errorf("back up to %s: %w", path, ErrBackupOverData)
	}
	fi, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("back up to %s: %w", path, err)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("back up to %s: %w: it is a %s; name a new file", path, ErrBackupTarget, fileKind(fi.Mode()))
	case !isBolt(abs):
		return fmt.Errorf("back up to %s: %w: the file there is not a pbemd data file; name a new file", path, ErrBackupTarget)
	}
	return nil
}

// fileKind names what a file that is not a regular file is.
func fileKind(m fs.FileMode) string {
	switch m.Type() {
	case fs.ModeSocket:
		return "socket (a daemon's control socket?)"
	case fs.ModeDir:
		return "directory"
	case fs.ModeSymlink:
		return "symbolic link"
	case fs.ModeNamedPipe:
		return "named pipe"
	}
	return "device or special file"
}

// isBolt reports whether the file at path begins as a bbolt file does.
func isBolt(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var head [20]byte
	if _, err := io.ReadFull(f, head[:]); err != nil {
		return false
	}
	return binary.NativeEndian.Uint32(head[16:]) == boltMagic
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}

// RestoreOptions configure Restore.
type RestoreOptions struct {
	// Now stamps the name the replaced data file is kept under.
	Now time.Time
	// LockTimeout is as for Open: how long to wait for another process to
	// release the data file before giving up with ErrLocked.
	LockTimeout time.Duration
}

// Restored says what Restore did.
type Restored struct {
	// Kept is where the replaced data file was kept, or "" if there was
	// none.
	Kept string
	// Campaigns is how many campaigns the restored file holds.
	Campaigns int
}

// Restore puts the backup at from in place of the data file at path. It
// copies the backup next to path and checks that the copy opens and passes
// Check; only then does it take the data file's lock, which fails with
// ErrLocked while a daemon holds it, keep the data file as
// path.before-restore-<UTC time>, and rename the copy over path. The
// backup itself is never written to.
func Restore(from, path string, opts RestoreOptions) (*Restored, error) {
	staged, err := stage(from, filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("restore %s: %w", from, err)
	}
	defer os.Remove(staged) // a no-op once renamed into place
	res := &Restored{}
	if res.Campaigns, err = checkBackup(staged); err != nil {
		return nil, fmt.Errorf("restore %s: %w", from, err)
	}
	if _, err := os.Stat(path); err == nil {
		cur, err := Open(path, Options{LockTimeout: opts.LockTimeout})
		if err != nil {
			return nil, fmt.Errorf("restore %s: %w", from, err)
		}
		defer cur.Close() // holds the lock until the backup is in place
		res.Kept = keptName(path, "restore", opts.Now)
	}
	if err := swapIn(staged, path, res.Kept); err != nil {
		return nil, fmt.Errorf("restore %s: %w", from, err)
	}
	return res, nil
}

// keptName is the name the data file at path is kept under when a
// command (restore, compact) replaces it at now.
func keptName(path, command string, now time.Time) string {
	return path + ".before-" + command + "-" + now.UTC().Format("20060102T150405Z")
}

// swapIn keeps the data file at path as kept, unless kept is empty, and
// renames staged, a synced file in the same directory, into its place.
func swapIn(staged, path, kept string) error {
	if kept != "" {
		if err := keep(path, kept); err != nil {
			return err
		}
	}
	if err := os.Rename(staged, path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// stage copies a backup into dir, synced, and returns the copy's name.
func stage(from, dir string) (string, error) {
	src, err := os.Open(from)
	if err != nil {
		return "", err
	}
	defer src.Close()
	if fi, err := src.Stat(); err != nil || fi.Size() == 0 || !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s is empty or not a regular file", from)
	}
	dst, err := os.CreateTemp(dir, ".restore-*") // mode 0600
	if err != nil {
		return "", err
	}
	_, err = io.Copy(dst, src)
	if err == nil {
		err = dst.Sync()
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(dst.Name())
		return "", fmt.Errorf("copy into %s: %w", dir, err)
	}
	return dst.Name(), nil
}

// checkBackup opens a staged backup, checks it and counts its campaigns.
func checkBackup(path string) (int, error) {
	db, err := Open(path, Options{})
	if err != nil {
		return 0, err
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		return 0, fmt.Errorf("backup is inconsistent: %w", err)
	}
	var n int
	err = db.View(func(tx *Tx) error {
		cs, err := tx.Campaigns()
		n = len(cs)
		return err
	})
	return n, err
}

// keep preserves the data file under a new name: a hard link, which is
// instant and leaves path in place until the rename replaces it, else a
// synced copy.
func keep(path, kept string) error {
	if _, err := os.Lstat(kept); err == nil {
		return fmt.Errorf("keep the data file as %s: %w", kept, os.ErrExist)
	}
	if err := os.Link(path, kept); err == nil {
		return nil
	}
	src, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("keep the data file: %w", err)
	}
	defer src.Close()
	dst, err := os.OpenFile(kept, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("keep the data file: %w", err)
	}
	_, err = io.Copy(dst, src)
	if err == nil {
		err = dst.Sync()
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(kept)
		return fmt.Errorf("keep the data file as %s: %w", kept, err)
	}
	return nil
}
