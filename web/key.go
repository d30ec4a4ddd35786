package web

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/pbemd/pbemd/workflow"
)

// LoadKey reads the key the daemon makes its page links with from path,
// written there as hex, and writes a new random one, readable by the
// daemon's user alone, when there is none yet. The key is kept apart from
// the data file, so that a copy of the data file does not open the
// players' pages; losing it changes every link, and the players' next
// reports carry the new ones.
func LoadKey(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return newKey(path)
	}
	if err == nil && fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("web: the page key %s may be read by others (mode %v); chmod 600 it, and as others may have read it, remove it too: pbemd writes a new one and the players' links change", path, fi.Mode().Perm())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("web: read the page key: %w", err)
	}
	key, err := hex.DecodeString(strings.TrimSpace(string(data)))
	if err != nil || len(key) != workflow.PageKeyBytes {
		return nil, fmt.Errorf("web: the page key %s is not %d bytes in hex; remove it, and pbemd writes a new one (the players' links change)", path, workflow.PageKeyBytes)
	}
	return key, nil
}

// newKey writes a new key to path, which must not exist.
func newKey(path string) ([]byte, error) {
	key := make([]byte, workflow.PageKeyBytes)
	rand.Read(key)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("web: write a new page key: %w", err)
	}
	_, err = fmt.Fprintln(f, hex.EncodeToString(key))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return nil, fmt.Errorf("web: write a new page key: %w", err)
	}
	return key, nil
}
