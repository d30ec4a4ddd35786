package store

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Errors returned when opening the store.
var (
	// ErrLocked is returned by Open when another process holds the data
	// file: a second daemon, or a CLI command while the daemon runs.
	ErrLocked = errors.New("store: data file is in use by another pbemd process")
)

// Errors returned by lookups.
var (
	// ErrCampaignNotFound is returned when no campaign has the given ID.
	ErrCampaignNotFound = errors.New("store: campaign not found")
	// ErrTurnNotFound is returned when a campaign has no state for a turn.
	ErrTurnNotFound = errors.New("store: turn not found")
	// ErrCampaignExists is returned by CreateCampaign when a campaign has
	// the new one's ID already.
	ErrCampaignExists = errors.New("store: a campaign with this ID exists already; give the scenario another campaign id")
)

var (
	bucketCampaigns = []byte("campaigns")
	bucketMessages  = []byte("messages")
	bucketIMAP      = []byte("imap")
	bucketOutbox    = []byte("outbox")
	bucketSent      = []byte("sent")
	bucketFailed    = []byte("failed")
	bucketApprovals = []byte("approvals")
	// bucketExpiring lists the processed messages that keep a stored
	// copy, by when they were received (ExpireMail).
	bucketExpiring = []byte("expiring")

	keyMeta       = []byte("meta")
	keyTurns      = []byte("turns")
	keyOrders     = []byte("orders")
	keyExtensions = []byte("extensions")
	keyAudit      = []byte("audit")
	keyBattles    = []byte("battles")
	keyRevision   = []byte("revision")
)

// Options configure Open. The zero value works.
type Options struct {
	// LockTimeout is how long Open waits for another process to release the
	// file before it returns ErrLocked; 0 means one second.
	LockTimeout time.Duration
	// Logger is told when the file is open to other users; nil logs
	// nothing.
	Logger *slog.Logger
}

// DB is an open store.
type DB struct {
	bolt *bolt.DB

	// shareMu guards shared, the UpdateShared calls waiting to commit
	// together; commitMu orders the groups.
	shareMu  sync.Mutex
	shared   *group
	commitMu sync.Mutex
}

// Open opens or creates the store at path.
func Open(path string, opts Options) (*DB, error) {
	timeout := opts.LockTimeout
	if timeout == 0 {
		timeout = time.Second
	}
	// The free pages are kept in a hash map and not written to the file:
	// with a thousand campaigns the file holds many free pages, and
	// bbolt's default, a sorted list written at every commit, made each
	// commit cost as many steps, and the sender commits once per mail
	// sent. Open then finds the free pages by walking the file's pages.
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: timeout, FreelistType: bolt.FreelistMapType, NoFreelistSync: true})
	if errors.Is(err, berrors.ErrTimeout) {
		return nil, fmt.Errorf("open %s: %w", path, ErrLocked)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	err = b.Update(func(tx *bolt.Tx) error {
		for _, name := range [][]byte{bucketCampaigns, bucketMessages, bucketIMAP, bucketOutbox, bucketSent, bucketFailed, bucketApprovals} {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		if tx.Bucket(bucketExpiring) != nil {
			return nil
		}
		if _, err := tx.CreateBucket(bucketExpiring); err != nil {
			return err
		}
		return listAllExpiring(tx)
	})
	if err != nil {
		b.Close()
		return nil, fmt.Errorf("initialise %s: %w", path, err)
	}
	if opts.Logger != nil {
		warnOpenToOthers(opts.Logger, path)
	}
	return &DB{bolt: b}, nil
}

// warnOpenToOthers warns if users other than the owner may read or write
// the file at path. Open creates a file with mode 0600, but an existing
// one is used as it is, and the file holds every campaign and the mail
// players sent.
func warnOpenToOthers(log *slog.Logger, path string) {
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm()&0o077 == 0 {
		return
	}
	log.Warn("data file is open to other users; only the daemon's user should read it",
		"data", path, "mode", fmt.Sprintf("%04o", fi.Mode().Perm()), "fix", "chmod 600 "+path)
}

// Close closes the file.
func (db *DB) Close() error { return db.bolt.Close() }

// Path returns the file's path.
func (db *DB) Path() string { return db.bolt.Path() }

// Update runs fn in a read-write transaction, committed if fn returns nil.
// fn must not do network I/O: it holds the only write lock.
func (db *DB) Update(fn func(tx *Tx) error) error {
	return db.bolt.Update(func(btx *bolt.Tx) error { return fn(&Tx{btx}) })
}

// UpdateShared is Update for a step that only writes what fn says, and may
// share its transaction with other such steps: the calls that come while
// a shared transaction commits wait, and commit together next, so that
// one pair of disk flushes serves them all. Each returns once its fn is
// committed. fn may run more than once, and must leave nothing behind it
// but its writes: when one fn of a shared transaction fails, the
// transaction is rolled back and the others run again without it, and
// the one that failed gets its error, as if it ran alone after those
// before it.
func (db *DB) UpdateShared(fn func(tx *Tx) error) error {
	db.shareMu.Lock()
	g := db.shared
	if g == nil {
		g = &group{done: make(chan struct{})}
		db.shared = g
	}
	i := len(g.fns)
	g.fns = append(g.fns, fn)
	db.shareMu.Unlock()
	if i > 0 {
		<-g.done
		return g.errs[i]
	}
	db.commitMu.Lock() // the group before commits; calls that come meanwhile join this one
	defer db.commitMu.Unlock()
	db.shareMu.Lock()
	db.shared = nil
	db.shareMu.Unlock()
	g.commit(db)
	close(g.done)
	return g.errs[0]
}

// group is the calls of UpdateShared that commit together.
type group struct {
	fns  []func(tx *Tx) error
	errs []error
	done chan struct{} // closed once errs are in
}

// commit runs every fn of the group in one transaction, and those left
// after a failure again, until one commits.
func (g *group) commit(db *DB) {
	g.errs = make([]error, len(g.fns))
	left := make([]int, len(g.fns))
	for i := range left {
		left[i] = i
	}
	for len(left) > 0 {
		failed := -1
		err := db.Update(func(tx *Tx) error {
			for k, i := range left {
				if err := safely(g.fns[i], tx); err != nil {
					failed, g.errs[i] = k, err
					return err
				}
			}
			return nil
		})
		if failed < 0 {
			for _, i := range left {
				g.errs[i] = err
			}
			return
		}
		left = slices.Delete(left, failed, failed+1)
	}
}

// safely runs fn, turning a panic into an error: it may be another
// caller's fn, in a goroutine that has nothing to do with it.
func safely(fn func(tx *Tx) error, tx *Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("store: a shared update panicked: %v", p)
		}
	}()
	return fn(tx)
}

// View runs fn in a read-only transaction.
func (db *DB) View(fn func(tx *Tx) error) error {
	return db.bolt.View(func(btx *bolt.Tx) error { return fn(&Tx{btx}) })
}

// Check verifies the file's consistency (bbolt Tx.Check). It holds the
// write lock while it runs, so writers wait: bbolt compares the pages a
// transaction reaches with the live freelist, which holds the pages a
// later commit freed or took, so a check beside a writer would report a
// sound file as "reachable freed" or "unreachable unfreed".
func (db *DB) Check() error {
	tx, err := db.bolt.Begin(true)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var errs []error
	for err := range tx.Check() {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Tx is a transaction. Its methods compose: a step of the daemon calls
// several of them in one Update.
type Tx struct {
	tx *bolt.Tx
}
