package metrics

import (
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/buildinfo"
	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/store"
)

// Options configure Metrics. DB is required.
type Options struct {
	// DB is read at each scrape and by /healthz.
	DB *store.DB
	// Campaigns reads every campaign's record at each scrape, read-only;
	// the daemon gives its cache of them (workflow), so that a scrape
	// decodes none that did not change. Nil reads them from tx.
	Campaigns func(tx *store.Tx) ([]*store.Campaign, error)
	// Clock defaults to the system clock.
	Clock  clock.Clock
	Logger *slog.Logger
}

// Metrics counts what the daemon does and serves it with Handler.
type Metrics struct {
	db        *store.DB
	campaigns func(tx *store.Tx) ([]*store.Campaign, error)
	clock     clock.Clock
	log       *slog.Logger
	reg       *prometheus.Registry

	received, sent, failed     *prometheus.CounterVec
	loopPanics                 *prometheus.CounterVec
	cacheReads                 *prometheus.CounterVec
	resolveTime                prometheus.Histogram
	imapReconnects, smtpErrors prometheus.Counter
	// turns counts the turns resolved by campaign, failures the failures
	// that held one; the store's collector shows every campaign, at 0
	// until it is counted.
	turns, failures *campaignCounts

	// imap and smtp are the mail servers' connections: IMAP down until
	// the first session works, SMTP up until a send fails.
	imap, smtp link
}

var (
	_ moderator.Observer  = (*Metrics)(nil)
	_ mail.IntakeObserver = (*Metrics)(nil)
)

// New returns Metrics counting from zero. Every family is there from the
// first scrape, and each counter with a label has a series at 0 for every
// value it is known to take: the mail outcomes and purposes, the loops,
// the campaigns in the store.
func New(opts Options) *Metrics {
	m := &Metrics{db: opts.DB, campaigns: opts.Campaigns, clock: opts.Clock, log: opts.Logger, reg: prometheus.NewRegistry(),
		turns: &campaignCounts{}, failures: &campaignCounts{}}
	if m.campaigns == nil {
		m.campaigns = (*store.Tx).Campaigns
	}
	if m.clock == nil {
		m.clock = clock.System{}
	}
	if m.log == nil {
		m.log = slog.New(slog.DiscardHandler)
	}
	now := m.clock.Now()
	m.imap = link{since: now}
	m.smtp = link{up: true, since: now}
	m.received = counterVec("pbemd_mail_received_total", "Incoming mails handled, by outcome: accepted, rejected, ignored (never answered), rate_limited (over the sender's hourly limit).", "outcome")
	m.sent = counterVec("pbemd_mail_sent_total", "Mails the SMTP server accepted, by purpose (report, confirmation, rejection, welcome, ...).", "purpose")
	m.failed = counterVec("pbemd_mail_failed_total", "Mails the SMTP server refused for good (5xx), by purpose; they are in the failed log, not sent.", "purpose")
	m.loopPanics = counterVec("pbemd_loop_panics_total", "Panics of the daemon's loops, by loop; each loop is restarted after a pause.", "loop")
	m.cacheReads = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "pbemd_cache_reads_total",
		Help: "Reads of the daemon's caches, by cache and result: turns (the open turns decoded, cache.turns of them) hit or miss."},
		[]string{"cache", "result"})
	m.cacheReads.WithLabelValues("turns", "hit")
	m.cacheReads.WithLabelValues("turns", "miss")
	for _, l := range moderator.Loops() {
		m.loopPanics.WithLabelValues(l)
	}
	for _, o := range moderator.MailOutcomes() {
		m.received.WithLabelValues(string(o))
	}
	for _, p := range moderator.MailPurposes() {
		m.sent.WithLabelValues(p)
		m.failed.WithLabelValues(p)
	}
	m.resolveTime = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "pbemd_turn_resolution_seconds",
		Help:    "How long resolving a turn took, rendering its reports and committing them included.",
		Buckets: []float64{0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300}})
	m.imapReconnects = prometheus.NewCounter(prometheus.CounterOpts{Name: "pbemd_imap_reconnects_total",
		Help: "IMAP sessions that failed or could not be made; intake reconnects after each, with backoff."})
	m.smtpErrors = prometheus.NewCounter(prometheus.CounterOpts{Name: "pbemd_smtp_failures_total",
		Help: "Attempts to send the outbox that failed for the time being (connection or 4xx); each is retried with backoff."})
	m.reg.MustRegister(
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		buildInfo(buildinfo.Read()),
		m.received, m.sent, m.failed, m.loopPanics, m.cacheReads, m.resolveTime, m.imapReconnects, m.smtpErrors,
		m.imap.gauge("pbemd_imap_up", "1 while the IMAP session works, 0 while it is down or not yet made."),
		m.smtp.gauge("pbemd_smtp_up", "1 while sending mail works, 0 from a failed attempt until one goes through."),
		&storeCollector{m: m},
	)
	return m
}

func counterVec(name, help, label string) *prometheus.CounterVec {
	return prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, []string{label})
}

// buildInfo is pbemd_build_info: 1, with the version and revision of the
// running binary as labels, as Prometheus's own *_build_info are.
func buildInfo(bi buildinfo.Info) prometheus.Collector {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "pbemd_build_info",
		Help: "1, labelled with the version of the running pbemd and the revision it was built from."},
		[]string{"version", "revision", "goversion"})
	g.WithLabelValues(bi.Version, bi.Revision, bi.Go).Set(1)
	return g
}

// MailReceived counts an incoming mail by its outcome.
func (m *Metrics) MailReceived(o moderator.MailOutcome) { m.received.WithLabelValues(string(o)).Inc() }

// MailSent counts a mail the SMTP server accepted.
func (m *Metrics) MailSent(purpose string) { m.sent.WithLabelValues(purpose).Inc() }

// MailFailed counts a mail the SMTP server refused for good.
func (m *Metrics) MailFailed(purpose string) { m.failed.WithLabelValues(purpose).Inc() }

// SMTPFailed counts a failed attempt to send and marks SMTP down.
func (m *Metrics) SMTPFailed(err error) {
	m.smtpErrors.Inc()
	m.smtp.set(false, err, m.clock.Now())
}

// SMTPWorks marks SMTP up again.
func (m *Metrics) SMTPWorks() { m.smtp.set(true, nil, m.clock.Now()) }

// IMAPConnected marks the IMAP session up.
func (m *Metrics) IMAPConnected() { m.imap.set(true, nil, m.clock.Now()) }

// IMAPFailed counts a failed IMAP session and marks it down.
func (m *Metrics) IMAPFailed(err error) {
	m.imapReconnects.Inc()
	m.imap.set(false, err, m.clock.Now())
}

// TurnResolved counts a resolved turn and how long it took.
func (m *Metrics) TurnResolved(c campaign.ID, took time.Duration) {
	m.turns.inc(c)
	m.resolveTime.Observe(took.Seconds())
}

// CampaignFailed counts a failure that held a campaign.
func (m *Metrics) CampaignFailed(c campaign.ID) { m.failures.inc(c) }

// LoopPanicked counts a panic of one of the daemon's loops.
func (m *Metrics) LoopPanicked(loop string) { m.loopPanics.WithLabelValues(loop).Inc() }

// TurnCacheRead counts a read of an open turn, found in the turn cache or
// not.
func (m *Metrics) TurnCacheRead(hit bool) {
	result := "miss"
	if hit {
		result = "hit"
	}
	m.cacheReads.WithLabelValues("turns", result).Inc()
}
