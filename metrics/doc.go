// Package metrics serves the daemon's metrics in the Prometheus text format
// on /metrics, and its health on /healthz, for the monitoring operators
// already run (github.com/prometheus/client_golang).
//
// Metrics owns its registry and never touches Prometheus's global one. It
// hears the daemon's events as a moderator.Observer and a
// mail.IntakeObserver, and reads the outbox and the campaigns from the
// store at each scrape, so what it shows of them is never out of step.
// Label values are outcomes, purposes, statuses and campaign ids only:
// never an address or anything a player wrote.
//
// /healthz answers 200 "ok" while the IMAP session works and the store
// answers a read transaction, and 503 with the reason otherwise. An IMAP
// session may be down for IMAPGrace before it counts: a server restart
// is not an outage.
package metrics
