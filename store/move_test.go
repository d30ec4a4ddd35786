package store_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

// fillCampaign stores a campaign with two turns, a mail received, a reply
// address, a mail sent and one waiting in the outbox, all of campaign id.
func fillCampaign(t *testing.T, db *storetest.DB, id campaign.ID) {
	t.Helper()
	at := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	err := db.Update(func(tx *store.Tx) error {
		st := &campaign.State{Campaign: id, Turn: 1, Players: []campaign.Player{{ID: "vorn"}}}
		c := &store.Campaign{ID: id, Title: string(id), Turn: 2, Status: store.Running,
			Players: []store.Seat{{Player: "vorn", Email: "vorn@example.test"}}}
		if err := tx.CreateCampaign(c, &store.TurnRecord{State: st}); err != nil {
			return err
		}
		next := *st
		next.Turn = 2
		if err := tx.PutTurn(id, &store.TurnRecord{State: &next}); err != nil {
			return err
		}
		if err := tx.RecordMessage(&store.MessageRecord{MessageID: "orders." + string(id) + "@example.test", Campaign: string(id), Outcome: store.Accepted, Received: at, Raw: []byte("orders")}); err != nil {
			return err
		}
		if err := tx.PutApproval([]byte("hash-"+id), &store.Approval{Campaign: id, Expires: at.Add(time.Hour)}); err != nil {
			return err
		}
		for _, purpose := range []string{"report", "confirmation"} {
			m := &store.Mail{MessageID: purpose + "." + string(id) + "@example.test", To: []string{"vorn@example.test"}, Raw: []byte("Subject: x\r\n\r\nx\r\n"), Campaign: string(id), Purpose: purpose, Queued: at}
			if err := tx.Enqueue(m); err != nil {
				return err
			}
		}
		waiting, err := tx.Outbox(0)
		if err != nil {
			return err
		}
		for _, m := range waiting {
			if m.Campaign == string(id) && m.Purpose == "report" {
				return tx.MarkSent(m, at)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestExportImportCampaign: a campaign exported from one data file and
// imported into another arrives whole (its turns, the mail it received,
// its reply address, its sent log and its mail still to send, renumbered
// after the outbox already there), and the other campaigns stay where
// they were; removing it from the first file leaves nothing of it and the
// rest untouched.
func TestExportImportCampaign(t *testing.T) {
	from, to := storetest.Open(t), storetest.Open(t)
	fillCampaign(t, from, "north")
	fillCampaign(t, from, "south")
	fillCampaign(t, to, "east")
	path := filepath.Join(t.TempDir(), "north.pbemd")
	out, err := from.ExportCampaign("north", path)
	if err != nil {
		t.Fatalf("ExportCampaign = %v", err)
	}
	if out.Turns != 2 || out.Outbox != 1 {
		t.Errorf("exported %+v, want 2 turns and 1 mail waiting", out)
	}
	if _, err := from.ExportCampaign("north", path); !errors.Is(err, store.ErrExportTarget) {
		t.Errorf("an export over an existing file = %v, want ErrExportTarget", err)
	}
	in, err := to.ImportCampaign(path)
	if err != nil {
		t.Fatalf("ImportCampaign = %v", err)
	}
	if *in != *out {
		t.Errorf("imported %+v, exported %+v", in, out)
	}
	err = to.View(func(tx *store.Tx) error {
		c, err := tx.Campaign("north")
		if err != nil {
			return err
		}
		if c.Turn != 2 || c.Players[0].Email != "vorn@example.test" {
			t.Errorf("imported campaign %+v", c)
		}
		if rec, err := tx.Turn("north", 2); err != nil || rec.State.Turn != 2 {
			t.Errorf("imported turn 2: %v, %v", rec, err)
		}
		if m, err := tx.Message("orders.north@example.test"); err != nil || m == nil {
			t.Errorf("the mail north received was not imported: %v", err)
		}
		if a, err := tx.Approval([]byte("hash-north")); err != nil || a.Campaign != "north" {
			t.Errorf("north's reply address was not imported: %v, %v", a, err)
		}
		waiting, err := tx.Outbox(0)
		if err != nil {
			return err
		}
		var ids []string
		for _, m := range waiting {
			ids = append(ids, m.MessageID)
			if m.Seq == 0 {
				t.Errorf("mail %s has no sequence", m.MessageID)
			}
		}
		if len(ids) != 2 || ids[0] != "confirmation.east@example.test" || ids[1] != "confirmation.north@example.test" {
			t.Errorf("outbox %v, want east's mail, then north's after it", ids)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The imported mail leaves the outbox as any other does.
	err = to.Update(func(tx *store.Tx) error {
		waiting, err := tx.Outbox(0)
		if err != nil {
			return err
		}
		return tx.MarkSent(waiting[1], time.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
	err = to.View(func(tx *store.Tx) error {
		waiting, err := tx.Outbox(0)
		if len(waiting) != 1 || waiting[0].Campaign != "east" {
			t.Errorf("after the imported mail was sent, %d mails wait, want east's alone", len(waiting))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := to.ImportCampaign(path); !errors.Is(err, store.ErrCampaignExists) {
		t.Errorf("importing north again = %v, want ErrCampaignExists", err)
	}
	// The stored copies of the mail it brought expire here as there.
	if n := expireAll(t, to); n != 2 {
		t.Errorf("the retention dropped %d copies after the import, want east's and north's", n)
	}

	if err := from.RemoveCampaign("north"); err != nil {
		t.Fatalf("RemoveCampaign = %v", err)
	}
	err = from.View(func(tx *store.Tx) error {
		if _, err := tx.Campaign("north"); !errors.Is(err, store.ErrCampaignNotFound) {
			t.Errorf("north after its removal: %v", err)
		}
		if m, _ := tx.Message("orders.north@example.test"); m != nil {
			t.Error("north's mail record stayed")
		}
		if _, err := tx.Campaign("south"); err != nil {
			t.Errorf("south went with north: %v", err)
		}
		waiting, err := tx.Outbox(0)
		if err != nil {
			return err
		}
		if len(waiting) != 1 || waiting[0].Campaign != "south" {
			t.Errorf("outbox after removing north: %d mails, want south's alone", len(waiting))
		}
		sent, err := tx.Sent()
		if err != nil {
			return err
		}
		if len(sent) != 1 || sent[0].Campaign != "south" {
			t.Errorf("sent log after removing north: %+v, want south's alone", sent)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := expireAll(t, from); n != 1 {
		t.Errorf("the retention dropped %d copies after north left, want south's alone", n)
	}
}

// expireAll drops every stored copy of processed mail in db, as the
// retention does long after, and returns how many it dropped.
func expireAll(t *testing.T, db *storetest.DB) int {
	t.Helper()
	total := 0
	for more := true; more; {
		err := db.Update(func(tx *store.Tx) error {
			n, m, err := tx.ExpireMail(time.Date(2027, 12, 1, 0, 0, 0, 0, time.UTC), 100)
			total, more = total+n, m
			return err
		})
		if err != nil {
			t.Fatalf("ExpireMail = %v", err)
		}
	}
	return total
}

// TestImportCampaign_notAnExport: a data file of several campaigns is no
// export, nor is a file that is no data file; importing either changes
// nothing.
func TestImportCampaign_notAnExport(t *testing.T) {
	src, dst := storetest.Open(t), storetest.Open(t)
	fillCampaign(t, src, "north")
	fillCampaign(t, src, "south")
	path := filepath.Join(t.TempDir(), "both.db")
	if _, err := src.BackupFile(path); err != nil {
		t.Fatal(err)
	}
	if _, err := dst.ImportCampaign(path); !errors.Is(err, store.ErrNotAnExport) {
		t.Errorf("importing a file of two campaigns = %v, want ErrNotAnExport", err)
	}
	junk := filepath.Join(t.TempDir(), "orders.txt")
	if err := os.WriteFile(junk, []byte("campaign: frontier\nplayer: vorn\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := dst.ImportCampaign(junk); !errors.Is(err, store.ErrNotAnExport) {
		t.Errorf("importing a file that is no data file = %v, want ErrNotAnExport", err)
	}
	err := dst.View(func(tx *store.Tx) error {
		camps, err := tx.Campaigns()
		if len(camps) != 0 {
			t.Errorf("%d campaigns after a refused import", len(camps))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
