package moderator

import (
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// Observer hears what the daemon does, for metrics: each mail read and
// what became of it, each mail sent or refused for good, the SMTP server
// failing and working again, each turn resolved. Its methods are called
// from the daemon's loops; they must return at once and be safe for
// concurrent use. Purposes and campaign ids are the only names they get:
// never an address or anything a player wrote.
type Observer interface {
	// MailReceived is called once a mail's outcome is committed.
	MailReceived(MailOutcome)
	// MailSent is called when the SMTP server accepted a mail from the
	// outbox, MailFailed when it refused one for good (5xx); purpose says
	// what the mail was ("report", "confirmation", "rejection", ...).
	MailSent(purpose string)
	MailFailed(purpose string)
	// SMTPFailed is called each time sending a batch fails and will be
	// retried; SMTPWorks when a batch goes through after failures.
	SMTPFailed(err error)
	SMTPWorks()
	// TurnResolved is called when a resolved turn is committed, with how
	// long resolving, rendering and committing it took.
	TurnResolved(c campaign.ID, took time.Duration)
	// CampaignFailed is called when the work on campaign c failed (a
	// panic in its ruleset's code) and c was held for its GM.
	CampaignFailed(c campaign.ID)
	// LoopPanicked is called when one of the daemon's loops ("intake",
	// "scheduler", "sender", "retention") panicked and is restarted.
	LoopPanicked(loop string)
	// TurnCacheRead is called for each read of an open turn, with whether
	// the turn cache held it decoded (Options.TurnCache).
	TurnCacheRead(hit bool)
}

// MailOutcome is what became of an incoming mail, as an Observer hears it.
type MailOutcome string

// The outcomes of incoming mail.
const (
	// MailAccepted: orders filed and confirmed, or a request done.
	MailAccepted MailOutcome = "accepted"
	// MailRejected: the sender was told what was wrong.
	MailRejected MailOutcome = "rejected"
	// MailIgnored: not answered (strangers, bounces, automatic mail).
	MailIgnored MailOutcome = "ignored"
	// MailRateLimited: over the sender's hourly limit; the first such
	// mail in the hour is answered, the rest are not read.
	MailRateLimited MailOutcome = "rate_limited"
)

// MailOutcomes returns every MailOutcome.
func MailOutcomes() []MailOutcome {
	return []MailOutcome{MailAccepted, MailRejected, MailIgnored, MailRateLimited}
}

// mailOutcome is the outcome an Observer hears of a decided mail.
func mailOutcome(rec *store.MessageRecord, d workflow.Decision) MailOutcome {
	switch {
	case d.Limited:
		return MailRateLimited
	case rec.Outcome == store.Accepted:
		return MailAccepted
	case rec.Outcome == store.Rejected:
		return MailRejected
	}
	return MailIgnored
}

// nobody is the Observer that hears nothing.
type nobody struct{}

func (nobody) MailReceived(MailOutcome)                {}
func (nobody) MailSent(string)                         {}
func (nobody) MailFailed(string)                       {}
func (nobody) SMTPFailed(error)                        {}
func (nobody) SMTPWorks()                              {}
func (nobody) TurnResolved(campaign.ID, time.Duration) {}
func (nobody) CampaignFailed(campaign.ID)              {}
func (nobody) LoopPanicked(string)                     {}
func (nobody) TurnCacheRead(bool)                      {}

// MailPurposes returns the purpose of every mail the daemon sends, as
// MailSent and MailFailed name them, in the order of their names.
func MailPurposes() []string {
	return []string{
		"alert", "alert-summary", "answer", "ask-gm", "battle", "battle-week", "broadcast", "confirmation", "deadline",
		"decision", "digest", "dropped", "eliminated", "ended", "extended", "failed", "farewell", "forged", "forged-gm",
		"fyi", "held", "message", "moved", "paused", "poll-failed", "rejection", "reminder", "report", "resigned", "resumed",
		"rollback", "token", "token-used", "welcome",
	}
}
