package metrics

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// Handler serves /metrics in the Prometheus text format and /healthz.
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", m.serveMetrics)
	mux.HandleFunc("GET /healthz", m.serveHealth)
	return mux
}

// serveMetrics writes every family in the text format (version 0.0.4),
// in the order of their names. If the store cannot be read, the scrape
// fails with 500 and why, rather than show an empty outbox.
func (m *Metrics) serveMetrics(w http.ResponseWriter, _ *http.Request) {
	st, err := m.readStore()
	if err != nil {
		m.log.Error("serve metrics", "err", err)
		http.Error(w, "read the data file: "+err.Error(), http.StatusInternalServerError)
		return
	}
	now := m.clock.Now()
	e := expo{new(bytes.Buffer)}
	writeGo(e)
	m.campaignFailures.write(e)
	st.write(e, now)
	m.imapReconnects.write(e)
	m.imap.write(e, "pbemd_imap_up", "1 while the IMAP session works, 0 while it is down or not yet made.")
	m.loopPanics.write(e)
	m.failed.write(e)
	m.received.write(e)
	m.sent.write(e)
	st.writeOutbox(e, now)
	m.smtpFailures.write(e)
	m.smtp.write(e, "pbemd_smtp_up", "1 while sending mail works, 0 from a failed attempt until one goes through.")
	m.resolveTime.write(e)
	m.resolved.write(e)
	writeProcess(e)
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(e.w.Bytes())
}

// Start listens on addr (host:port; port 0 takes a free one) and serves
// Handler there until stop is called. It returns the address it listens
// on; stop closes the listener and every connection, and waits for them.
func (m *Metrics) Start(addr string) (stop func(), bound net.Addr, err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("metrics: %w", err)
	}
	srv := &http.Server{
		Handler:           m.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      time.Minute,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(m.log.Handler(), slog.LevelWarn),
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			m.log.Error("metrics listener stopped", "addr", ln.Addr(), "err", err)
		}
	})
	return func() { srv.Close(); wg.Wait() }, ln.Addr(), nil
}
