package store_test

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

var t0 = time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)

func newCampaign(t *testing.T, db *storetest.DB) {
	t.Helper()
	c := &store.Campaign{ID: "c1", Title: "One", Status: store.Running, Turn: 1,
		Players: []store.Seat{{Player: "blue", Email: "blue@example.test", TokenHash: []byte{1}, Deadline: t0}}}
	st := &campaign.State{Campaign: "c1", Turn: 1}
	err := db.Update(func(tx *store.Tx) error { return tx.CreateCampaign(c, &store.TurnRecord{State: st}) })
	if err != nil {
		t.Fatalf("CreateCampaign = %v", err)
	}
}

func TestCampaignAndTurnsSurviveRestart(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	err := db.Update(func(tx *store.Tx) error {
		return tx.PutTurn("c1", &store.TurnRecord{State: &campaign.State{Campaign: "c1", Turn: 2}, ResolverVersion: 7})
	})
	if err != nil {
		t.Fatal(err)
	}
	db = db.Reopen(t)
	err = db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign("c1")
		if err != nil {
			return err
		}
		if c.Title != "One" || !c.Deadline().Equal(t0) || c.Seat("blue") == nil {
			t.Errorf("Campaign(c1) = %+v, want what was stored", c)
		}
		rec, err := tx.Turn("c1", 2)
		if err != nil {
			return err
		}
		if rec.ResolverVersion != 7 || rec.State.Turn != 2 {
			t.Errorf("Turn(c1, 2) = %+v", rec)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestLookupErrors(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	db.View(func(tx *store.Tx) error {
		if _, err := tx.Campaign("nope"); !errors.Is(err, store.ErrCampaignNotFound) {
			t.Errorf("Campaign(nope) = %v, want ErrCampaignNotFound", err)
		}
		if _, err := tx.Turn("c1", 9); !errors.Is(err, store.ErrTurnNotFound) {
			t.Errorf("Turn(c1, 9) = %v, want ErrTurnNotFound", err)
		}
		return nil
	})
	err := db.Update(func(tx *store.Tx) error {
		return tx.CreateCampaign(&store.Campaign{ID: "c1"}, &store.TurnRecord{State: &campaign.State{Turn: 1}})
	})
	if err == nil {
		t.Error("creating campaign c1 twice succeeded")
	}
}

func TestNewOrdersReplaceOldOnes(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	put := func(player campaign.PlayerID, turn int, msgid string) {
		t.Helper()
		err := db.Update(func(tx *store.Tx) error {
			return tx.PutOrders("c1", &store.OrdersRecord{Player: player, Turn: turn, MessageID: msgid, Submission: &orders.Submission{Turn: turn}})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	put("blue", 1, "first")
	put("red", 1, "red")
	put("blue", 1, "second")
	put("blue", 2, "next-turn")
	db.View(func(tx *store.Tx) error {
		recs, err := tx.TurnOrders("c1", 1)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range recs {
			ids = append(ids, r.MessageID)
		}
		if len(ids) != 2 || ids[0] != "second" || ids[1] != "red" {
			t.Errorf("TurnOrders(c1, 1) = %v, want [second red]", ids)
		}
		if r, _ := tx.Orders("c1", 3, "blue"); r != nil {
			t.Errorf("Orders(c1, 3, blue) = %+v, want none", r)
		}
		return nil
	})
}

func TestOutboxDrainsInOrder(t *testing.T) {
	db := storetest.Open(t)
	err := db.Update(func(tx *store.Tx) error {
		for _, id := range []string{"a", "b", "c"} {
			if err := tx.Enqueue(&store.Mail{MessageID: id, To: []string{"x@example.test"}, Raw: []byte(id)}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var batch []*store.Mail
	db.View(func(tx *store.Tx) (err error) { batch, err = tx.Outbox(2); return })
	if len(batch) != 2 || batch[0].MessageID != "a" || !bytes.Equal(batch[1].Raw, []byte("b")) {
		t.Fatalf("Outbox(2) = %+v, want a and b", batch)
	}
	if err := db.Update(func(tx *store.Tx) error { return tx.MarkSent(batch[0], t0) }); err != nil {
		t.Fatal(err)
	}
	db = db.Reopen(t)
	db.View(func(tx *store.Tx) error {
		left, _ := tx.Outbox(0)
		sent, _ := tx.Sent()
		if len(left) != 2 || left[0].MessageID != "b" {
			t.Errorf("outbox after sending a = %+v, want b and c", left)
		}
		if len(sent) != 1 || sent[0].MessageID != "a" || !sent[0].Sent.Equal(t0) {
			t.Errorf("sent log = %+v, want a at %v", sent, t0)
		}
		return nil
	})
}

// TestOutboxBatchBoundedBySize: a batch of the outbox holds the oldest
// mails that fit in its size, and at least one however large.
func TestOutboxBatchBoundedBySize(t *testing.T) {
	db := storetest.Open(t)
	err := db.Update(func(tx *store.Tx) error {
		for _, id := range []string{"big", "small-1", "small-2", "small-3"} {
			raw := bytes.Repeat([]byte("x"), 100)
			if id == "big" {
				raw = bytes.Repeat([]byte("x"), 10000)
			}
			if err := tx.Enqueue(&store.Mail{MessageID: id, To: []string{"x@example.test"}, Raw: raw}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ids := func(limit, maxBytes int) []string {
		var out []string
		db.View(func(tx *store.Tx) error {
			batch, err := tx.OutboxBatch(limit, maxBytes)
			for _, m := range batch {
				out = append(out, m.MessageID)
			}
			return err
		})
		return out
	}
	if got := ids(10, 1000); !slices.Equal(got, []string{"big"}) {
		t.Errorf("OutboxBatch(10, 1000) = %q, want the big mail alone", got)
	}
	if err := db.Update(func(tx *store.Tx) error {
		batch, err := tx.Outbox(1)
		if err == nil {
			err = tx.MarkSent(batch[0], t0)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if got := ids(10, 700); !slices.Equal(got, []string{"small-1", "small-2"}) {
		t.Errorf("OutboxBatch(10, 700) = %q, want the two small mails that fit", got)
	}
	if got := ids(2, 0); !slices.Equal(got, []string{"small-1", "small-2"}) {
		t.Errorf("OutboxBatch(2, 0) = %q, want two", got)
	}
}

func TestMessagesAndCursor(t *testing.T) {
	db := storetest.Open(t)
	err := db.Update(func(tx *store.Tx) error {
		if err := tx.RecordMessage(&store.MessageRecord{MessageID: "m1@x", Outcome: store.Rejected, Raw: []byte("raw")}); err != nil {
			return err
		}
		return tx.PutCursor("INBOX", store.Cursor{UIDValidity: 3, LastUID: 41})
	})
	if err != nil {
		t.Fatal(err)
	}
	db.View(func(tx *store.Tx) error {
		if !tx.Processed("m1@x") || tx.Processed("m2@x") {
			t.Error("Processed does not tell m1 (recorded) from m2 (not)")
		}
		rec, _ := tx.Message("m1@x")
		if rec == nil || rec.Outcome != store.Rejected || string(rec.Raw) != "raw" {
			t.Errorf("Message(m1) = %+v", rec)
		}
		c, _ := tx.Cursor("INBOX")
		if c != (store.Cursor{UIDValidity: 3, LastUID: 41}) {
			t.Errorf("Cursor(INBOX) = %+v", c)
		}
		return nil
	})
}

func TestSecondOpenIsLockedOut(t *testing.T) {
	db := storetest.Open(t)
	start := time.Now()
	_, err := store.Open(db.Path(), store.Options{LockTimeout: 100 * time.Millisecond})
	if !errors.Is(err, store.ErrLocked) {
		t.Fatalf("second Open = %v, want ErrLocked", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Error("second Open hung on the lock")
	}
}

func TestReleaseMemoryKeepsTheData(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	if err := db.ReleaseMemory(); err != nil {
		t.Fatalf("ReleaseMemory = %v", err)
	}
	err := db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign("c1")
		if err == nil && c.Title != "One" {
			t.Errorf("after ReleaseMemory the campaign reads %+v", c)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestOpen_warnsWhenOpenToOthers: an existing data file that group or
// others may read is opened, with a warning that names the file, its mode
// and the fix (issue 12, item 20); a file of mode 0600 opens quietly.
func TestOpen_warnsWhenOpenToOthers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbemd.db")
	for _, tc := range []struct {
		mode os.FileMode
		want string
	}{
		{0o600, ""},
		{0o644, `level=WARN msg="data file is open to other users; only the daemon's user should read it" data=` + path + ` mode=0644 fix="chmod 600 ` + path + `"`},
		{0o660, "mode=0660"},
	} {
		created, err := store.Open(path, store.Options{}) // creates it the first time
		if err != nil {
			t.Fatal(err)
		}
		created.Close()
		if err := os.Chmod(path, tc.mode); err != nil {
			t.Fatal(err)
		}
		var log bytes.Buffer
		db, err := store.Open(path, store.Options{Logger: slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{
			ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
				if a.Key == slog.TimeKey {
					return slog.Attr{}
				}
				return a
			},
		}))})
		if err != nil {
			t.Fatalf("Open(a file of mode %04o) = %v", tc.mode, err)
		}
		db.Close()
		if got := log.String(); tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("Open(a file of mode %04o) logged %q, want %q", tc.mode, got, tc.want)
		}
	}
}

// TestExpireMail drops the stored copies of mail received before the
// cutoff, oldest first and a batch at a time, and keeps each record, so
// the Message-ID is still known (issue 12, item 6). A second pass finds
// nothing left to drop.
func TestExpireMail(t *testing.T) {
	db := storetest.Open(t)
	old, young := t0.Add(-91*24*time.Hour), t0.Add(-89*24*time.Hour)
	putMessage(t, db, "a@x", old.Add(3*time.Minute), []byte("old a"))
	putMessage(t, db, "b@x", young, []byte("young b"))
	putMessage(t, db, "c@x", old, nil) // over the ignored limit: no copy kept
	putMessage(t, db, "d@x", old.Add(time.Minute), []byte("old d"))
	putMessage(t, db, "e@x", old.Add(2*time.Minute), []byte("old e"))
	cutoff := t0.Add(-90 * 24 * time.Hour)

	var batches []string
	for more := true; more; {
		var n int
		err := db.Update(func(tx *store.Tx) (err error) { n, more, err = tx.ExpireMail(cutoff, 2); return })
		if err != nil {
			t.Fatalf("ExpireMail = %v", err)
		}
		batches = append(batches, fmt.Sprintf("%d, more %t: %s", n, more, keptCopies(t, db)))
	}
	want := []string{"2, more true: a@x b@x", "1, more false: b@x"}
	if !slices.Equal(batches, want) {
		t.Errorf("ExpireMail in batches of 2 = %q, want %q (oldest first, the young copy kept)", batches, want)
	}
	db.View(func(tx *store.Tx) error {
		for id, raw := range map[string]string{"a@x": "", "b@x": "young b", "c@x": "", "d@x": "", "e@x": ""} {
			rec, err := tx.Message(id)
			if err != nil || rec == nil || !tx.Processed(id) || string(rec.Raw) != raw || rec.Outcome != store.Rejected || rec.Detail != "why" || rec.From != "vorn@example.test" {
				t.Errorf("Message(%s) after ExpireMail = %+v, %v; want the record with raw %q", id, rec, err, raw)
			}
		}
		return nil
	})
	err := db.Update(func(tx *store.Tx) error {
		n, more, err := tx.ExpireMail(cutoff, 100)
		if n != 0 || more || err != nil {
			t.Errorf("ExpireMail again = %d, %t, %v; want nothing left to drop", n, more, err)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}

	// Large copies end a batch early, so the write lock is held briefly.
	big := bytes.Repeat([]byte("x"), 2<<20) // 2.7 MiB in JSON
	for _, id := range []string{"f@x", "g@x", "h@x"} {
		putMessage(t, db, id, old, big)
	}
	err = db.Update(func(tx *store.Tx) error {
		n, more, err := tx.ExpireMail(cutoff, 100)
		if err != nil || n != 2 || !more {
			t.Errorf("ExpireMail over three 2 MiB copies = %d, %t, %v; want 2 dropped and more to go", n, more, err)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestExpireMailInAnOlderDataFile: a data file written before pbemd listed
// the stored copies by when they came lists them when it is opened, and
// its old copies expire as the new ones do.
func TestExpireMailInAnOlderDataFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbemd.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	old := t0.Add(-91 * 24 * time.Hour)
	for _, id := range []string{"a@x", "b@x"} {
		if err := db.Update(func(tx *store.Tx) error {
			return tx.RecordMessage(&store.MessageRecord{MessageID: id, Received: old, Outcome: store.Rejected, Raw: []byte("copy")})
		}); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Update(func(tx *bolt.Tx) error { return tx.DeleteBucket([]byte("expiring")) }); err != nil {
		t.Fatalf("make the file as an older pbemd left it: %v", err)
	}
	b.Close()

	db, err = store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *store.Tx) error {
		n, more, err := tx.ExpireMail(t0.Add(-90*24*time.Hour), 100)
		if n != 2 || more || err != nil {
			t.Errorf("ExpireMail in an older data file = %d, %t, %v; want both old copies dropped", n, more, err)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkExpireMail is the retention loop's hourly pass over a data file
// that holds a year of processed mail, its copies long dropped, and the
// hour's new copies: what a pass costs follows the hour's mail, not the
// year's.
func BenchmarkExpireMail(b *testing.B) {
	db := storetest.Open(b)
	const year, hour = 50000, 20
	old := t0.Add(-400 * 24 * time.Hour)
	err := db.Update(func(tx *store.Tx) error {
		for i := range year {
			rec := &store.MessageRecord{MessageID: fmt.Sprintf("old%d@x", i), From: "vorn@example.test", Received: old, Outcome: store.Accepted, Detail: "orders filed", Campaign: "c1", Player: "vorn"}
			if err := tx.RecordMessage(rec); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	raw := bytes.Repeat([]byte("x"), 4<<10)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		for j := range hour {
			putMessage(b, db, fmt.Sprintf("new%d.%d@x", i, j), old, raw)
		}
		b.StartTimer()
		for more := true; more; {
			if err := db.Update(func(tx *store.Tx) (err error) { _, more, err = tx.ExpireMail(t0, 256); return }); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// putMessage records a processed mail received at received, with the
// stored copy raw.
func putMessage(tb testing.TB, db *storetest.DB, id string, received time.Time, raw []byte) {
	tb.Helper()
	err := db.Update(func(tx *store.Tx) error {
		return tx.RecordMessage(&store.MessageRecord{MessageID: id, From: "vorn@example.test", Received: received, Outcome: store.Rejected, Detail: "why", Raw: raw})
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// keptCopies lists the processed mails that keep their stored copy.
func keptCopies(t *testing.T, db *storetest.DB) string {
	t.Helper()
	var kept []string
	db.View(func(tx *store.Tx) error {
		for _, id := range []string{"a@x", "b@x", "c@x", "d@x", "e@x"} {
			if rec, err := tx.Message(id); err == nil && rec != nil && len(rec.Raw) > 0 {
				kept = append(kept, id)
			}
		}
		return nil
	})
	return strings.Join(kept, " ")
}

// keepWriting commits a new turn of campaign c1 again and again until stop,
// which waits for the writer. Each commit rewrites the campaign record and
// so frees the pages that held it. After each commit it sends the turn on
// commits if the last one was taken.
func keepWriting(t *testing.T, db *storetest.DB) (commits <-chan int, stop func()) {
	t.Helper()
	committed, done := make(chan int, 1), make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for turn := 2; ; turn++ {
			select {
			case <-done:
				return
			default:
			}
			err := db.Update(func(tx *store.Tx) error {
				c, err := tx.Campaign("c1")
				if err != nil {
					return err
				}
				c.Turn = turn
				if err := tx.PutTurn("c1", &store.TurnRecord{State: &campaign.State{Campaign: "c1", Turn: turn}}); err != nil {
					return err
				}
				return tx.PutCampaign(c)
			})
			if err != nil {
				t.Errorf("Update = %v", err)
				return
			}
			select {
			case committed <- turn:
			default:
			}
		}
	})
	return committed, func() { close(done); wg.Wait() }
}

// TestCheckWhileWriting: a store the daemon keeps writing to passes Check.
// A check beside a commit compared the pages it reached with the freelist
// the commit had just changed, and failed a sound file with "reachable
// freed".
func TestCheckWhileWriting(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	commits, stop := keepWriting(t, db)
	defer stop()
	for range 50 {
		<-commits // a commit between any two checks
		if err := db.Check(); err != nil {
			t.Fatalf("Check while writing = %v", err)
		}
	}
}

// TestCheckFindsACorruptPage: Check still fails a copy of the store whose
// campaign page was overwritten with zeros.
func TestCheckFindsACorruptPage(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	path := filepath.Join(t.TempDir(), "copy.db")
	if _, err := db.BackupFile(path); err != nil {
		t.Fatal(err)
	}
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	var page, size int64
	err = b.View(func(tx *bolt.Tx) error {
		page, size = int64(tx.Bucket([]byte("campaigns")).Bucket([]byte("c1")).RootPage()), int64(b.Info().PageSize)
		return nil
	})
	b.Close()
	if err != nil || page == 0 {
		t.Fatalf("find c1's root page: %d, %v", page, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteAt(make([]byte, size), page*size)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	corrupt, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer corrupt.Close()
	if err := corrupt.Check(); err == nil {
		t.Error("Check passed a file with a zeroed bucket page")
	}
}

// TestRevisions: a campaign's revision moves with every write of its
// record, orders, battles or a rollback, and only with those; the
// campaigns' revision moves with every write of a record, of any campaign.
func TestRevisions(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	read := func() (rev, all uint64) {
		t.Helper()
		err := db.View(func(tx *store.Tx) error {
			revs, err := tx.Revisions()
			rev, all = revs["c1"], tx.CampaignsRevision()
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return rev, all
	}
	rev, all := read()
	writes := []struct {
		name       string
		write      func(tx *store.Tx) error
		rev, names bool // whether the write moves the campaign's revision, the campaigns'
	}{
		{"a turn", func(tx *store.Tx) error {
			return tx.PutTurn("c1", &store.TurnRecord{State: &campaign.State{Campaign: "c1", Turn: 2}})
		}, false, false},
		{"orders", func(tx *store.Tx) error {
			return tx.PutOrders("c1", &store.OrdersRecord{Player: "blue", Turn: 1, Submission: &orders.Submission{}})
		}, true, false},
		{"a battle", func(tx *store.Tx) error { return tx.PutBattle("c1", &store.BattleCase{ID: "b1"}) }, true, false},
		{"a rollback", func(tx *store.Tx) error { return tx.Rollback("c1", 1) }, true, false},
		{"the record", func(tx *store.Tx) error {
			c, err := tx.Campaign("c1")
			if err == nil {
				err = tx.PutCampaign(c)
			}
			return err
		}, true, true},
	}
	for _, w := range writes {
		if err := db.Update(w.write); err != nil {
			t.Fatalf("write %s: %v", w.name, err)
		}
		r, a := read()
		if (r != rev) != w.rev || (a != all) != w.names {
			t.Errorf("after writing %s: campaign revision %d → %d, campaigns' %d → %d; want moved %t and %t", w.name, rev, r, all, a, w.rev, w.names)
		}
		rev, all = r, a
	}
}

// TestUpdateShared: steps that commit while others do share transactions,
// and each gets its own outcome: every step that succeeds is committed,
// one that fails, or panics, leaves nothing and gets its error, however
// the steps were grouped.
func TestUpdateShared(t *testing.T) {
	db := storetest.Open(t)
	errFull := errors.New("full")
	const steps = 20
	release := make(chan struct{})
	held := make(chan struct{})
	go db.Update(func(*store.Tx) error { // hold the writer, so that the steps queue up
		close(held)
		<-release
		return nil
	})
	<-held
	errs := make([]error, steps)
	var wg sync.WaitGroup
	for i := range steps {
		wg.Go(func() {
			errs[i] = db.UpdateShared(func(tx *store.Tx) error {
				if err := tx.PutCursor(fmt.Sprint("box", i), store.Cursor{UIDValidity: 1, LastUID: uint32(i)}); err != nil {
					return err
				}
				switch i {
				case 7:
					return errFull
				case 11:
					panic("boom")
				}
				return nil
			})
		})
	}
	close(release)
	wg.Wait()
	err := db.View(func(tx *store.Tx) error {
		for i := range steps {
			c, err := tx.Cursor(fmt.Sprint("box", i))
			if err != nil {
				return err
			}
			failed := i == 7 || i == 11
			if (c.LastUID == uint32(i) && c.UIDValidity == 1) == failed {
				t.Errorf("step %d: stored %+v; failed %v", i, c, failed)
			}
			switch {
			case i == 7 && !errors.Is(errs[i], errFull), i == 11 && (errs[i] == nil || !strings.Contains(errs[i].Error(), "boom")):
				t.Errorf("step %d returned %v, want its failure", i, errs[i])
			case !failed && errs[i] != nil:
				t.Errorf("step %d returned %v, want nil", i, errs[i])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestTurnClocks: the clocks of a turn are its state's polls and pending
// battles, as the whole record has them, and nothing else of the state.
func TestTurnClocks(t *testing.T) {
	db := storetest.Open(t)
	closes := time.Date(2026, 12, 3, 20, 0, 0, 0, time.UTC)
	st := &campaign.State{Campaign: "c1", Turn: 3, Title: "Frontier",
		Players: []campaign.Player{{ID: "vorn"}, {ID: "ashari"}},
		Battles: []campaign.Battle{{ID: "b1", Turn: 2, At: "kessel", Sides: []campaign.PlayerID{"vorn", "ashari"}}},
		Polls:   []campaign.Poll{{ID: "appeal-b1", Kind: "appeal", Options: []string{"a", "b"}, Closes: closes, Voters: []campaign.PlayerID{"vorn"}}}}
	err := db.Update(func(tx *store.Tx) error {
		return tx.CreateCampaign(&store.Campaign{ID: "c1", Turn: 3}, &store.TurnRecord{State: st})
	})
	if err != nil {
		t.Fatal(err)
	}
	var clocks *campaign.State
	var whole *store.TurnRecord
	err = db.View(func(tx *store.Tx) (err error) {
		if clocks, err = tx.TurnClocks("c1", 3); err != nil {
			return err
		}
		whole, err = tx.Turn("c1", 3)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	want := &campaign.State{Battles: whole.State.Battles, Polls: whole.State.Polls}
	if fmt.Sprint(clocks) != fmt.Sprint(want) || len(clocks.Battles) != 1 || len(clocks.Polls) != 1 {
		t.Errorf("TurnClocks = %+v, want the battles and polls of the stored state alone, %+v", clocks, want)
	}
	if err := db.View(func(tx *store.Tx) error { _, err := tx.TurnClocks("c1", 4); return err }); !errors.Is(err, store.ErrTurnNotFound) {
		t.Errorf("TurnClocks of a turn never stored = %v, want ErrTurnNotFound", err)
	}
}
