package store_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

// deadlines returns each seat's deadline, in seat order.
func deadlines(c *store.Campaign) []time.Time {
	out := make([]time.Time, len(c.Players))
	for i, s := range c.Players {
		out[i] = s.Deadline
	}
	return out
}

// TestSeatDeadlines: every seat keeps its own deadline for the open turn.
// A turn opens with the players a ruleset names due; the others owe
// nothing. The turn's deadline is the last of the seats' deadlines, and
// moving deadlines moves only those of seats that owe orders.
func TestSeatDeadlines(t *testing.T) {
	t1, t2 := t0.Add(24*time.Hour), t0.Add(48*time.Hour)
	c := &store.Campaign{ID: "c1", Status: store.Running, Players: []store.Seat{
		{Player: "blue", Reminded: []time.Duration{time.Hour}}, {Player: "red"}, {Player: "green", Out: "dropped by the GM"},
	}}
	c.Open(2, []game.Due{{Player: "blue", By: t1}, {Player: "red", By: t2}, {Player: "green", By: t2}})
	if c.Turn != 2 || c.Players[0].Reminded != nil {
		t.Errorf("after Open: turn %d, blue reminded %v; want turn 2, no reminders", c.Turn, c.Players[0].Reminded)
	}
	if got := c.Deadline(); !got.Equal(t2) {
		t.Errorf("Deadline() = %v, want the last seat's, %v", got, t2)
	}
	if got := len(c.DueSeats()); got != 2 {
		t.Errorf("%d seats due, want 2: a seat whose player is out owes nothing", got)
	}

	c.MoveDeadlines(time.Hour)
	want := []time.Time{t1.Add(time.Hour), t2.Add(time.Hour), t2}
	if got := deadlines(c); !slices.EqualFunc(got, want, time.Time.Equal) {
		t.Errorf("after MoveDeadlines(1h): deadlines %v, want %v", got, want)
	}

	c.Open(3, []game.Due{{Player: "red", By: t1}})
	before := c.Clone()
	c.SetDeadlines(t2)
	want = []time.Time{{}, t2, {}}
	if got := deadlines(c); !slices.EqualFunc(got, want, time.Time.Equal) {
		t.Errorf("after Open(3, red) and SetDeadlines: deadlines %v, want %v", got, want)
	}
	if got := before.Players[1].Deadline; !got.Equal(t1) {
		t.Errorf("a clone's seat changed with the campaign's: %v, want %v", got, t1)
	}

	db := storetest.Open(t)
	if err := db.Update(func(tx *store.Tx) error {
		return tx.CreateCampaign(c, &store.TurnRecord{State: &campaign.State{Campaign: "c1", Turn: 3}})
	}); err != nil {
		t.Fatal(err)
	}
	db = db.Reopen(t)
	got := loadCampaign(t, db, "c1")
	if !slices.EqualFunc(deadlines(got), want, time.Time.Equal) || !got.Deadline().Equal(t2) {
		t.Errorf("stored and loaded: deadlines %v, turn's %v; want %v, %v", deadlines(got), got.Deadline(), want, t2)
	}
}

func loadCampaign(t *testing.T, db *storetest.DB, id campaign.ID) *store.Campaign {
	t.Helper()
	var c *store.Campaign
	if err := db.View(func(tx *store.Tx) (err error) { c, err = tx.Campaign(id); return err }); err != nil {
		t.Fatal(err)
	}
	return c
}

// v1Deadline is the one deadline testdata/v1-frontier.db stores for the
// open turn of its campaign.
var v1Deadline = time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)

// TestV1DataFile: a data file the last release with one deadline per
// campaign wrote (testdata/v1-frontier.db: frontier, turn 1 resolved,
// castellan's draft orders for turn 2 and ashari's extension request on
// file) loads with every seat still in due at that deadline and all it
// held, and is stored in the new form when next written.
func TestV1DataFile(t *testing.T) {
	db := storetest.OpenCopy(t, "testdata/v1-frontier.db")
	c := loadCampaign(t, db, "frontier")
	if c.Turn != 2 || c.Status != store.Running || c.Rules != "eaw" {
		t.Errorf("frontier: turn %d, %s, rules %q; want turn 2, running, eaw", c.Turn, c.Status, c.Rules)
	}
	if got := len(c.DueSeats()); got != 4 {
		t.Errorf("%d seats due, want all 4", got)
	}
	for _, s := range c.Players {
		if !s.Deadline.Equal(v1Deadline) {
			t.Errorf("%s is due %v, want %v", s.Player, s.Deadline, v1Deadline)
		}
	}
	var (
		draft *store.OrdersRecord
		exts  []*store.Extension
	)
	err := db.View(func(tx *store.Tx) (err error) {
		if draft, err = tx.Orders("frontier", 2, "castellan"); err != nil {
			return err
		}
		exts, err = tx.Extensions("frontier")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if draft == nil || draft.Submission.Final || draft.Submission.Orders.Len() != 1 {
		t.Errorf("castellan's orders for turn 2 = %+v, want his draft of one order", draft)
	}
	if len(exts) != 1 || exts[0].Player != "ashari" || exts[0].Turn != 2 || exts[0].Hours != 24 || exts[0].Status != store.ExtensionPending {
		t.Errorf("extensions = %+v, want ashari's pending request for 24 hours", exts)
	}

	if err := db.Update(func(tx *store.Tx) error { return tx.PutCampaign(c) }); err != nil {
		t.Fatal(err)
	}
	raw := rawCampaign(t, db, "frontier")
	if _, old := raw["deadline"]; old {
		t.Errorf("the written record still has the campaign's deadline: %s", raw["deadline"])
	}
	var seats []map[string]json.RawMessage
	if err := json.Unmarshal(raw["players"], &seats); err != nil {
		t.Fatal(err)
	}
	for _, s := range seats {
		if got := string(s["deadline"]); got != `"2026-11-26T20:00:00Z"` {
			t.Errorf("the written seat %s has deadline %s, want the stored one", s["player"], got)
		}
	}
	if got := loadCampaign(t, db, "frontier"); !slices.EqualFunc(deadlines(got), deadlines(c), time.Time.Equal) {
		t.Errorf("written and loaded again: deadlines %v, want %v", deadlines(got), deadlines(c))
	}
}

// TestLegacyRecord: a campaign record in the form before deadlines were
// kept per seat loads with every seat still in due at its deadline, and
// with the reminders already sent; a seat whose player is out owes
// nothing.
func TestLegacyRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "legacy.db")
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	const legacy = `{"id":"c1","title":"One","status":"running","turn":3,"deadline":"2026-11-22T20:00:00Z","reminded":[86400000000000],
		"players":[{"player":"blue","email":"blue@example.test","token_hash":"AQ=="},{"player":"red","email":"red@example.test","token_hash":"Ag==","out":"dropped by the GM"}]}`
	err = b.Update(func(tx *bolt.Tx) error {
		camps, err := tx.CreateBucket([]byte("campaigns"))
		if err != nil {
			return err
		}
		c1, err := camps.CreateBucket([]byte("c1"))
		if err != nil {
			return err
		}
		return c1.Put([]byte("meta"), []byte(legacy))
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	c := loadCampaign(t, storetest.OpenCopy(t, path), "c1")
	blue, red := c.Seat("blue"), c.Seat("red")
	if !blue.Deadline.Equal(t0) || !slices.Equal(blue.Reminded, []time.Duration{24 * time.Hour}) || c.Rules != "eaw" {
		t.Errorf("blue: due %v, reminded %v, rules %q; want due %v, reminded 24h, eaw", blue.Deadline, blue.Reminded, c.Rules, t0)
	}
	if red.Due() || red.Reminded != nil {
		t.Errorf("red, who is out: due %v, reminded %v; want neither", red.Deadline, red.Reminded)
	}
}

// rawCampaign returns a campaign's record as the file holds it, read from
// a backup of the store.
func rawCampaign(t *testing.T, db *storetest.DB, id campaign.ID) map[string]json.RawMessage {
	t.Helper()
	var buf bytes.Buffer
	if _, err := db.Backup(&buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "backup.db")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var raw map[string]json.RawMessage
	err = b.View(func(tx *bolt.Tx) error {
		return json.Unmarshal(tx.Bucket([]byte("campaigns")).Bucket([]byte(id)).Get([]byte("meta")), &raw)
	})
	if err != nil {
		t.Fatal(err)
	}
	return raw
}
