// Package metrics serves the daemon's metrics in the Prometheus text format
// on /metrics, and its health on /healthz, for the monitoring operators
// already run. The exposition is written here, not by Prometheus's client
// library, under the names and types that library gives the runtime's go_*
// and process_* families; it would bring a protocol-buffer stack the
// daemon does not need.
//
// Metrics hears the daemon's events as a moderator.Observer and a
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
