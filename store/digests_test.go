package store_test

import (
	"encoding/json"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

// TestHeldReportsKeepTheirOrderUntilReleased: reports held for digests
// come back oldest first across players, survive a restart, and go once
// released; a campaign that never held one reads as holding none.
func TestHeldReportsKeepTheirOrderUntilReleased(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	db.View(func(tx *store.Tx) error {
		if held, err := tx.HeldReports("c1"); err != nil || len(held) != 0 {
			t.Errorf("HeldReports(c1) before any = %v, %v; want none", held, err)
		}
		return nil
	})
	for i, p := range []campaign.PlayerID{"blue", "red", "blue"} {
		err := db.Update(func(tx *store.Tx) error {
			return tx.HoldReport("c1", &store.HeldReport{Player: p, Turn: 2 + i, Held: t0, Report: json.RawMessage(`{"n":1}`)})
		})
		if err != nil {
			t.Fatalf("HoldReport = %v", err)
		}
	}
	db = db.Reopen(t)
	var held []*store.HeldReport
	db.View(func(tx *store.Tx) (err error) { held, err = tx.HeldReports("c1"); return err })
	if len(held) != 3 || held[0].Turn != 2 || held[1].Player != "red" || held[2].Turn != 4 || string(held[2].Report) != `{"n":1}` {
		t.Fatalf("HeldReports(c1) = %+v, want turns 2, 3, 4 as held", held)
	}
	if err := db.Update(func(tx *store.Tx) error { return tx.ReleaseReports("c1", []*store.HeldReport{held[0], held[2]}) }); err != nil {
		t.Fatal(err)
	}
	db.View(func(tx *store.Tx) (err error) { held, err = tx.HeldReports("c1"); return err })
	if len(held) != 1 || held[0].Player != "red" {
		t.Errorf("HeldReports(c1) after releasing blue's = %+v, want red's alone", held)
	}
}

// TestSeatWithoutMailPrefsLoadsWithTheDefault: a seat stored before mail
// preferences existed reads with the zero value, today's behaviour, and a
// seat with preferences keeps them.
func TestSeatWithoutMailPrefsLoadsWithTheDefault(t *testing.T) {
	var old store.Seat
	if err := json.Unmarshal([]byte(`{"player":"blue","email":"blue@example.test","token_hash":"AQ=="}`), &old); err != nil {
		t.Fatal(err)
	}
	if old.Mail.TextOnly || old.Mail.Digest != "" || len(old.Mail.Without) != 0 {
		t.Errorf("old seat's mail preferences = %+v, want the default", old.Mail)
	}
	if b, _ := json.Marshal(old); string(b) != `{"player":"blue","email":"blue@example.test","token_hash":"AQ=="}` {
		t.Errorf("a seat with default preferences is stored as %s, want no mail key", b)
	}
	set := store.Seat{Player: "blue", Mail: campaign.MailPrefs{TextOnly: true, Without: []campaign.Attachment{campaign.AttachJSON}, Digest: "18:00"}}
	b, _ := json.Marshal(set)
	var back store.Seat
	if err := json.Unmarshal(b, &back); err != nil || !back.Mail.TextOnly || back.Mail.Digest != "18:00" || !back.Mail.Attaches(campaign.AttachOrders) || back.Mail.Attaches(campaign.AttachJSON) {
		t.Errorf("seat %s read back as %+v", b, back.Mail)
	}
}
