package store_test

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

// TestBackupFileWhileWriting copies the store while another goroutine
// keeps committing: the copy opens, passes Check and holds a whole
// transaction's worth of turns, never a half.
func TestBackupFileWhileWriting(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	_, stop := keepWriting(t, db)
	dir := t.TempDir()
	var paths []string
	for i := range 5 {
		path := filepath.Join(dir, fmt.Sprintf("backup-%d.db", i))
		n, err := db.BackupFile(path)
		if err != nil || n == 0 {
			t.Fatalf("BackupFile(%s) = %d, %v", path, n, err)
		}
		paths = append(paths, path)
	}
	stop()
	for _, path := range paths {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("backup %s has mode %v, want 0600", path, fi.Mode().Perm())
		}
		copied, err := store.Open(path, store.Options{})
		if err != nil {
			t.Fatalf("open backup: %v", err)
		}
		if err := copied.Check(); err != nil {
			t.Errorf("backup %s is inconsistent: %v", path, err)
		}
		err = copied.View(func(tx *store.Tx) error {
			c, err := tx.Campaign("c1")
			if err != nil {
				return err
			}
			_, err = tx.Turn("c1", c.Turn) // committed with the campaign record
			return err
		})
		if err != nil {
			t.Errorf("backup %s: %v", path, err)
		}
		copied.Close()
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestBackupFile_refusals(t *testing.T) {
	db := storetest.Open(t)
	if _, err := db.BackupFile(db.Path()); !errors.Is(err, store.ErrBackupOverData) {
		t.Errorf("BackupFile(the data file) = %v, want ErrBackupOverData", err)
	}
	link := filepath.Join(t.TempDir(), "link.db")
	if err := os.Symlink(db.Path(), link); err != nil {
		t.Fatal(err)
	}
	if _, err := db.BackupFile(link); !errors.Is(err, store.ErrBackupOverData) {
		t.Errorf("BackupFile(a link to the data file) = %v, want ErrBackupOverData", err)
	}
	missing := filepath.Join(t.TempDir(), "no-such-dir", "b.db")
	if _, err := db.BackupFile(missing); err == nil {
		t.Errorf("BackupFile(%s) succeeded", missing)
	}
}

// TestBackupFile_onlyNewOrOldBackup: a backup goes to a new file or
// replaces an earlier backup; it never replaces a socket, a directory, a
// link or a file that is not a bbolt file (issue 12, item 19).
func TestBackupFile_onlyNewOrOldBackup(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	dir := t.TempDir()
	old := filepath.Join(dir, "old.db")
	for _, path := range []string{old, old} { // new, then over the earlier backup
		if _, err := db.BackupFile(path); err != nil {
			t.Fatalf("BackupFile(%s) = %v", path, err)
		}
	}

	sock := filepath.Join(dir, "pbemd.db.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	text := filepath.Join(dir, "pbemd.yaml")
	os.WriteFile(text, []byte("data: pbemd.db\n"), 0o600)
	link := filepath.Join(dir, "link.db")
	os.Symlink(old, link)
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o700)
	for _, tc := range []struct{ name, path, want string }{
		{"a socket", sock, "it is a socket"},
		{"a text file", text, "not a pbemd data file"},
		{"a link to a backup", link, "it is a symbolic link"},
		{"a directory", sub, "it is a directory"},
	} {
		before, _ := os.Lstat(tc.path)
		_, err := db.BackupFile(tc.path)
		if !errors.Is(err, store.ErrBackupTarget) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("BackupFile(%s) = %v, want ErrBackupTarget saying %q", tc.name, err, tc.want)
		}
		if after, err := os.Lstat(tc.path); err != nil || after.Mode() != before.Mode() || after.ModTime() != before.ModTime() {
			t.Errorf("BackupFile(%s) changed it: %v, %v", tc.name, after, err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestRestore(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "pbemd.db")
	db, err := store.Open(data, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(t.TempDir(), "backup.db")
	if err := db.Update(func(tx *store.Tx) error {
		c := &store.Campaign{ID: "c1", Status: store.Running, Turn: 1}
		return tx.CreateCampaign(c, &store.TurnRecord{State: &campaign.State{Campaign: "c1", Turn: 1}})
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.BackupFile(backup); err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *store.Tx) error {
		c := &store.Campaign{ID: "later", Status: store.Running, Turn: 1}
		return tx.CreateCampaign(c, &store.TurnRecord{State: &campaign.State{Campaign: "later", Turn: 1}})
	}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(backup)
	opts := store.RestoreOptions{Now: t0, LockTimeout: 10 * time.Millisecond}

	if _, err := store.Restore(backup, data, opts); !errors.Is(err, store.ErrLocked) {
		t.Fatalf("Restore while the data file is open = %v, want ErrLocked", err)
	}
	db.Close()
	res, err := store.Restore(backup, data, opts)
	if err != nil {
		t.Fatalf("Restore = %v", err)
	}
	if want := data + ".before-restore-20261122T200000Z"; res.Kept != want || res.Campaigns != 1 {
		t.Errorf("Restore = %+v, want Kept %s and 1 campaign", res, want)
	}
	if after, _ := os.ReadFile(backup); string(after) != string(before) {
		t.Error("Restore changed the backup file")
	}
	if _, err := store.Restore(backup, data, opts); err == nil {
		t.Error("a second Restore in the same second overwrote the kept data file")
	}
	wantCampaigns(t, data, "c1")
	wantCampaigns(t, res.Kept, "c1", "later")
	if left, _ := filepath.Glob(filepath.Join(dir, ".restore-*")); len(left) > 0 {
		t.Errorf("staged copies left behind: %v", left)
	}
}

func TestRestore_refusesABadBackup(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "pbemd.db")
	db := storetest.Open(t)
	newCampaign(t, db)
	if _, err := db.BackupFile(data); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{"empty": "", "text": "campaign: frontier\n"} {
		bad := filepath.Join(t.TempDir(), name+".db")
		os.WriteFile(bad, []byte(content), 0o600)
		if _, err := store.Restore(bad, data, store.RestoreOptions{Now: t0}); err == nil {
			t.Errorf("Restore(%s backup) succeeded", name)
		}
	}
	if _, err := store.Restore(filepath.Join(dir, "missing.db"), data, store.RestoreOptions{Now: t0}); err == nil {
		t.Error("Restore(a missing backup) succeeded")
	}
	wantCampaigns(t, data, "c1")
	if left, _ := filepath.Glob(filepath.Join(dir, "*before-restore*")); len(left) > 0 {
		t.Errorf("a refused restore kept the data file as %v", left)
	}
}

// wantCampaigns opens the file at path and checks which campaigns it holds.
func wantCampaigns(t *testing.T, path string, want ...campaign.ID) {
	t.Helper()
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		t.Errorf("%s is inconsistent: %v", path, err)
	}
	db.View(func(tx *store.Tx) error {
		cs, err := tx.Campaigns()
		var got []campaign.ID
		for _, c := range cs {
			got = append(got, c.ID)
		}
		if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s holds campaigns %v (%v), want %v", path, got, err, want)
		}
		return nil
	})
}
