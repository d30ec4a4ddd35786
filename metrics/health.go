package metrics

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/pbemd/pbemd/store"
)

// IMAPGrace is how long the IMAP session may be down, or not yet made
// after the start, before /healthz reports it. It spans intake's connect
// timeout (one minute) and the first few retries of its backoff, so a mail
// server's restart does not count as an outage.
const IMAPGrace = 2 * time.Minute

// link is what is known of the connection to a mail server.
type link struct {
	mu    sync.Mutex
	up    bool
	since time.Time // when it last went up or down
	err   error     // the last failure, while down
}

func (l *link) set(up bool, err error, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.up != up {
		l.since = now
	}
	l.up, l.err = up, err
}

func (l *link) state() (up bool, since time.Time, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.up, l.since, l.err
}

// gauge is the link's gauge: 1 while it is up, 0 while it is down.
func (l *link) gauge(name, help string) prometheus.GaugeFunc {
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 {
		if up, _, _ := l.state(); up {
			return 1
		}
		return 0
	})
}

// Health returns nil while the daemon is healthy: its IMAP session works,
// or has been down for less than IMAPGrace, and the store answers a read
// transaction. Otherwise it says why not.
func (m *Metrics) Health() error {
	up, since, err := m.imap.state()
	if !up && m.clock.Now().Sub(since) >= IMAPGrace {
		at := since.UTC().Format(time.DateTime) + " UTC"
		if err == nil {
			return fmt.Errorf("imap: no session since %s", at)
		}
		return fmt.Errorf("imap: connection failed since %s: %w", at, err)
	}
	if err := m.db.View(func(*store.Tx) error { return nil }); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// serveHealth answers 200 "ok" while Health is nil, else 503 with the
// reason.
func (m *Metrics) serveHealth(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := m.Health(); err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, err)
		return
	}
	fmt.Fprintln(w, "ok")
}
