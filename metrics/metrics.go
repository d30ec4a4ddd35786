package metrics

import (
	"log/slog"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/store"
)

// Options configure Metrics. DB is required.
type Options struct {
	// DB is read at each scrape and by /healthz.
	DB *store.DB
	// Clock defaults to the system clock.
	Clock  clock.Clock
	Logger *slog.Logger
}

// Metrics counts what the daemon does and serves it with Handler.
type Metrics struct {
	db    *store.DB
	clock clock.Clock
	log   *slog.Logger

	received, sent, failed *counterVec
	resolved               *counterVec
	campaignFailures       *counterVec
	loopPanics             *counterVec
	resolveTime            *histogram
	imapReconnects         *counter
	smtpFailures           *counter

	// imap and smtp are the mail servers' connections: IMAP down until
	// the first session works, SMTP up until a send fails.
	imap, smtp link
}

var (
	_ moderator.Observer  = (*Metrics)(nil)
	_ mail.IntakeObserver = (*Metrics)(nil)
)

// New returns Metrics counting from zero.
func New(opts Options) *Metrics {
	m := &Metrics{db: opts.DB, clock: opts.Clock, log: opts.Logger}
	if m.clock == nil {
		m.clock = clock.System{}
	}
	if m.log == nil {
		m.log = slog.New(slog.DiscardHandler)
	}
	now := m.clock.Now()
	m.imap = link{since: now}
	m.smtp = link{up: true, since: now}
	m.received = newCounterVec("pbemd_mail_received_total", "Incoming mails handled, by outcome: accepted, rejected, ignored (never answered), rate_limited (over the sender's hourly limit).", "outcome")
	for _, o := range moderator.MailOutcomes() {
		m.received.touch(string(o))
	}
	m.sent = newCounterVec("pbemd_mail_sent_total", "Mails the SMTP server accepted, by purpose (report, confirmation, rejection, welcome, ...).", "purpose")
	m.failed = newCounterVec("pbemd_mail_failed_total", "Mails the SMTP server refused for good (5xx), by purpose; they are in the failed log, not sent.", "purpose")
	m.resolved = newCounterVec("pbemd_turns_resolved_total", "Turns resolved, by campaign.", "campaign")
	m.campaignFailures = newCounterVec("pbemd_campaign_failures_total", "Failures in the work on one campaign (a panic in its ruleset's code), by campaign; each holds the campaign for its GM.", "campaign")
	m.loopPanics = newCounterVec("pbemd_loop_panics_total", "Panics of the daemon's loops, by loop; each loop is restarted after a pause.", "loop")
	for _, l := range moderator.Loops() {
		m.loopPanics.touch(l)
	}
	m.resolveTime = newHistogram("pbemd_turn_resolution_seconds",
		"How long resolving a turn took, rendering its reports and committing them included.",
		0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300)
	m.imapReconnects = &counter{name: "pbemd_imap_reconnects_total", help: "IMAP sessions that failed or could not be made; intake reconnects after each, with backoff."}
	m.smtpFailures = &counter{name: "pbemd_smtp_failures_total", help: "Attempts to send the outbox that failed for the time being (connection or 4xx); each is retried with backoff."}
	return m
}

// MailReceived counts an incoming mail by its outcome.
func (m *Metrics) MailReceived(o moderator.MailOutcome) { m.received.inc(string(o)) }

// MailSent counts a mail the SMTP server accepted.
func (m *Metrics) MailSent(purpose string) { m.sent.inc(purpose) }

// MailFailed counts a mail the SMTP server refused for good.
func (m *Metrics) MailFailed(purpose string) { m.failed.inc(purpose) }

// SMTPFailed counts a failed attempt to send and marks SMTP down.
func (m *Metrics) SMTPFailed(err error) {
	m.smtpFailures.inc()
	m.smtp.set(false, err, m.clock.Now())
}

// SMTPWorks marks SMTP up again.
func (m *Metrics) SMTPWorks() { m.smtp.set(true, nil, m.clock.Now()) }

// IMAPConnected marks the IMAP session up.
func (m *Metrics) IMAPConnected() { m.imap.set(true, nil, m.clock.Now()) }

// IMAPFailed counts a failed IMAP session and marks it down.
func (m *Metrics) IMAPFailed(err error) {
	m.imapReconnects.inc()
	m.imap.set(false, err, m.clock.Now())
}

// TurnResolved counts a resolved turn and how long it took.
func (m *Metrics) TurnResolved(c campaign.ID, took time.Duration) {
	m.resolved.inc(string(c))
	m.resolveTime.observe(took.Seconds())
}

// CampaignFailed counts a failure that held a campaign.
func (m *Metrics) CampaignFailed(c campaign.ID) { m.campaignFailures.inc(string(c)) }

// LoopPanicked counts a panic of one of the daemon's loops.
func (m *Metrics) LoopPanicked(loop string) { m.loopPanics.inc(loop) }
