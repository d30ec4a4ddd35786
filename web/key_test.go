package web_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/web"
)

// TestLoadKey: the first start writes a key readable by the daemon's user
// alone, later starts read the same one, and a key file others may read,
// or that holds no key, is refused with what to do.
func TestLoadKey(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "pbemd.db.webkey")
	first, err := web.LoadKey(path)
	if err != nil || len(first) != 32 {
		t.Fatalf("the first LoadKey = %d bytes, %v", len(first), err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the key file: %v, %v; want mode 0600", fi.Mode(), err)
	}
	again, err := web.LoadKey(path)
	if err != nil || !bytes.Equal(first, again) {
		t.Errorf("a later LoadKey read another key (%v)", err)
	}
	os.Chmod(path, 0o644)
	if _, err := web.LoadKey(path); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a key others may read: %v, want refused", err)
	}
	os.WriteFile(path, []byte("not a key\n"), 0o600)
	if _, err := web.LoadKey(path); err == nil || !strings.Contains(err.Error(), "remove it") {
		t.Errorf("a file with no key: %v, want refused", err)
	}
}
