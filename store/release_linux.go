package store

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	bolt "go.etcd.io/bbolt"
)

// ReleaseMemory hands the pages of the data file the daemon has read back
// to the kernel: bbolt maps the whole file, and after a burst of mail the
// pages it read stay resident, so an idle daemon would keep tens of MB it
// no longer needs. The mapping is shared and read-only, so the pages are
// read from the file again when next needed. It runs inside a read
// transaction, which holds bbolt's mapping in place.
func (db *DB) ReleaseMemory() error {
	path, err := filepath.Abs(db.Path())
	if err != nil {
		return err
	}
	return db.bolt.View(func(*bolt.Tx) error {
		maps, err := os.ReadFile("/proc/self/maps")
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(bytes.NewReader(maps))
		for sc.Scan() {
			fields := bytes.Fields(sc.Bytes())
			if len(fields) < 6 || string(fields[5]) != path {
				continue
			}
			start, end, ok := bytes.Cut(fields[0], []byte("-"))
			if !ok {
				continue
			}
			lo, err1 := strconv.ParseUint(string(start), 16, 64)
			hi, err2 := strconv.ParseUint(string(end), 16, 64)
			if err1 != nil || err2 != nil || hi <= lo {
				continue
			}
			if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, uintptr(lo), uintptr(hi-lo), syscall.MADV_DONTNEED); errno != 0 {
				return fmt.Errorf("release %s: madvise: %w", path, errno)
			}
		}
		return sc.Err()
	})
}
