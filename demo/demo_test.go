package demo

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/store"
)

// TestDemoPlaysTurns runs the demo with one-second turns until the
// scripted players' orders have carried the campaign through a few turns,
// then stops it as Ctrl-C would.
func TestDemoPlaysTurns(t *testing.T) {
	data := filepath.Join(t.TempDir(), "demo.db")
	var out bytes.Buffer
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, Options{Turn: time.Second, Poll: 50 * time.Millisecond, Data: data, Stdout: &out})
	}()
	time.AfterFunc(4500*time.Millisecond, cancel)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run = %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the demo did not stop after its context was cancelled")
	}
	for _, want := range []string{"player    tekkar", "IMAP      127.0.0.1:", "orders to moderator@example.test", "pbemd demo stopped."} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("demo output lacks %q:\n%s", want, out.String())
		}
	}
	db, err := store.Open(data, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign("frontier")
		if err != nil {
			t.Fatal(err)
		}
		if c.Turn < 3 {
			t.Errorf("the demo reached turn %d in four and a half seconds of one-second turns, want at least 3", c.Turn)
		}
		for turn := 1; turn < c.Turn; turn++ {
			if orders, _ := tx.TurnOrders("frontier", turn); len(orders) != 3 {
				t.Errorf("turn %d had orders from %d scripted players, want 3", turn, len(orders))
			}
		}
		return nil
	})
}
