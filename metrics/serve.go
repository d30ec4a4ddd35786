package metrics

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Handler serves /metrics in the Prometheus text format (or another that
// the scraper asks for, through promhttp) and /healthz. A scrape fails
// with 500 if the data file cannot be read.
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{
		ErrorHandling: promhttp.HTTPErrorOnError,
		ErrorLog:      slog.NewLogLogger(m.log.Handler(), slog.LevelError),
	}))
	mux.HandleFunc("GET /healthz", m.serveHealth)
	return mux
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
