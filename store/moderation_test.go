package store_test

import (
	"errors"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

func TestRollbackKeepsTheTurnAndItsOrders(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	err := db.Update(func(tx *store.Tx) error {
		for turn := 1; turn <= 4; turn++ {
			if turn > 1 {
				if err := tx.PutTurn("c1", &store.TurnRecord{State: &campaign.State{Campaign: "c1", Turn: turn}}); err != nil {
					return err
				}
			}
			o := &store.OrdersRecord{Player: "blue", Turn: turn, Submission: &orders.Submission{Turn: turn}}
			if err := tx.PutOrders("c1", o); err != nil {
				return err
			}
		}
		return tx.Rollback("c1", 2)
	})
	if err != nil {
		t.Fatal(err)
	}
	db = db.Reopen(t)
	err = db.View(func(tx *store.Tx) error {
		for turn := 1; turn <= 4; turn++ {
			_, err := tx.Turn("c1", turn)
			if kept := turn <= 2; kept != (err == nil) {
				t.Errorf("turn %d: kept = %v, Turn error %v", turn, kept, err)
			}
			o, err := tx.Orders("c1", turn, "blue")
			if err != nil {
				return err
			}
			if kept := turn <= 2; kept != (o != nil) {
				t.Errorf("orders of turn %d: kept = %v, found %v", turn, kept, o != nil)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestExtensionsApprovalsAndAudit(t *testing.T) {
	db := storetest.Open(t)
	newCampaign(t, db)
	hash := []byte("0123456789abcdef0123456789abcdef")
	err := db.Update(func(tx *store.Tx) error {
		e := &store.Extension{Player: "blue", Turn: 1, Hours: 48, Status: store.ExtensionPending}
		seq, err := tx.AddExtension("c1", e)
		if err != nil {
			return err
		}
		if err := tx.PutApproval(hash, &store.Approval{Campaign: "c1", Extension: seq, Expires: t0}); err != nil {
			return err
		}
		e.Status, e.Granted = store.ExtensionApproved, 24
		if err := tx.PutExtension("c1", e); err != nil {
			return err
		}
		return tx.Audit("c1", store.AuditEntry{At: t0, Who: "gm", Action: "approve", Detail: "blue +24h"})
	})
	if err != nil {
		t.Fatal(err)
	}
	db = db.Reopen(t)
	err = db.View(func(tx *store.Tx) error {
		exts, err := tx.Extensions("c1")
		if err != nil {
			return err
		}
		if len(exts) != 1 || exts[0].Seq != 1 || exts[0].Status != store.ExtensionApproved || exts[0].Granted != 24 {
			t.Errorf("extensions = %+v, want one approved for 24h", exts)
		}
		a, err := tx.Approval(hash)
		if err != nil || a.Extension != 1 || !a.Expires.Equal(t0) {
			t.Errorf("approval = %+v, %v", a, err)
		}
		if _, err := tx.Approval([]byte("forged")); !errors.Is(err, store.ErrApprovalNotFound) {
			t.Errorf("forged approval: err = %v, want ErrApprovalNotFound", err)
		}
		log, err := tx.AuditLog("c1")
		if err != nil || len(log) != 1 || log[0].Action != "approve" {
			t.Errorf("audit log = %+v, %v", log, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
