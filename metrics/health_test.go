package metrics_test

import (
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/metrics"
	"github.com/pbemd/pbemd/store"
)

// TestHealthzWhenTheStoreFails: once the data file no longer answers a
// read transaction, /healthz says so with 503, and a scrape fails rather
// than show an empty outbox.
func TestHealthzWhenTheStoreFails(t *testing.T) {
	_, db, url := served(t)
	for _, tc := range []struct {
		page, wantBody string
		wantCode       int
	}{
		{"/healthz", "ok\n", http.StatusOK},
		{"/metrics", "\npbemd_outbox_mails 0\n", http.StatusOK},
	} {
		if code, body := fetch(t, url+tc.page); code != tc.wantCode || !strings.Contains(body, tc.wantBody) {
			t.Errorf("GET %s with the store open = %d %q, want %d with %q", tc.page, code, body, tc.wantCode, tc.wantBody)
		}
	}

	db.Close()
	if code, body := fetch(t, url+"/healthz"); code != http.StatusServiceUnavailable || body != "store: database not open\n" {
		t.Errorf("GET /healthz with the store closed = %d %q, want 503 store: database not open", code, body)
	}
	if code, _ := fetch(t, url+"/metrics"); code != http.StatusInternalServerError {
		t.Errorf("GET /metrics with the store closed = %d, want 500", code)
	}
}

// served is Metrics on a new store, with its IMAP session up, served on a
// loopback port until the test ends; its clock stands at 2026-11-23 12:00
// UTC. It returns the store and the base URL.
func served(t *testing.T) (*metrics.Metrics, *store.DB, string) {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "pbemd.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	m := metrics.New(metrics.Options{DB: db, Clock: clocktest.New(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))})
	m.IMAPConnected()
	stop, addr, err := m.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return m, db, "http://" + addr.String()
}

func fetch(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}
