// Package metrics serves the daemon's metrics on /metrics, through
// Prometheus's own client library (its registry, its Go and process
// collectors, promhttp), and its health on /healthz, for the monitoring
// operators already run. Every family is there from the first scrape,
// each labelled counter with a series at 0 for every value it is known
// to take; pbemd_build_info names the running version.
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
