package moderator

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// A failure is a panic in the work on one campaign: its ruleset's check,
// resolution or rendering, or the daemon's own code on its behalf. It is
// caught where that work starts (contain), so that the campaign is held
// for the GM, as it was, and the daemon and every other campaign go on.
// Without that, a ruleset that panics on one campaign's state would stop
// the daemon, and under systemd stop it again at every restart.
type failure struct {
	campaign campaign.ID
	// doing says what pbemd was doing, for the GM: "resolving turn 3".
	doing string
	value any
	stack []byte
}

func (f *failure) Error() string {
	return fmt.Sprintf("campaign %s: pbemd failed while %s: %v", f.campaign, f.doing, f.value)
}

// contain runs work on campaign id, and returns a panic in it as a
// *failure; id may be "" where the caller learns the campaign from the
// work, and fills it in.
func contain(id campaign.ID, doing string, work func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &failure{campaign: id, doing: doing, value: r, stack: debug.Stack()}
		}
	}()
	return work()
}

// asFailure returns err's failure, if it is one.
func asFailure(err error) *failure {
	var f *failure
	if errors.As(err, &f) {
		return f
	}
	return nil
}

// noteFailure logs a failure with its stack, and counts it.
func (m *Moderator) noteFailure(f *failure) {
	m.failures.Add(1)
	m.observe.CampaignFailed(f.campaign)
	m.log.Error("campaign failed; held for the GM", "campaign", f.campaign, "doing", f.doing,
		"panic", fmt.Sprint(f.value), "stack", string(f.stack))
}

// Failures returns how many failures the daemon caught in the work on one
// campaign, each holding that campaign.
func (m *Moderator) Failures() int64 { return m.failures.Load() }

// holdFailed holds the campaign a failure happened in, as it is, for the
// GM: its open turn does not resolve until the GM sends process or a new
// deadline. The GM is told once per hold: what failed, and where the
// detail is.
func (m *Moderator) holdFailed(f *failure) error {
	m.noteFailure(f)
	var c *store.Campaign
	if err := m.db.View(func(tx *store.Tx) (err error) { c, err = tx.Campaign(f.campaign); return err }); err != nil {
		return err
	}
	hold, mails, err := m.failedHold(c, f, fmt.Sprintf("failed.%s.t%d", c.ID, c.Turn))
	if err != nil || hold == nil {
		return err
	}
	composed, err := workflow.Compose(mails)
	if err != nil {
		return err
	}
	if err := m.db.Update(func(tx *store.Tx) error { return errors.Join(hold(tx), workflow.Enqueue(tx, composed)) }); err != nil {
		return fmt.Errorf("hold %s after a failure: %w", c.ID, err)
	}
	wake(m.wakeSender)
	return nil
}

// failedHold returns the step that holds campaign c after failure f, and
// the notice to the GM, named after incoming; none if c is held for a
// failure already, whose notice the GM had.
func (m *Moderator) failedHold(c *store.Campaign, f *failure, incoming string) (func(tx *store.Tx) error, []workflow.Outgoing, error) {
	if c.Failed != "" {
		return nil, nil, nil
	}
	now := m.clock.Now().UTC()
	c = c.Clone()
	if c.HeldSince.IsZero() {
		c.HeldSince = now
	}
	panicked := string(report.MaskTokens(fmt.Append(nil, f.value)))
	c.Failed = fmt.Sprintf("while %s: %s", f.doing, panicked)
	notice := m.ToGM(c, incoming, "failed", report.FailureNotice{
		Title: c.Title, Campaign: c.ID, Turn: c.Turn, Doing: f.doing, Panic: panicked,
		At: report.FormatDeadline(now, workflow.CampaignLocation(c)),
	})
	audit := store.AuditEntry{At: now, Who: "pbemd", Action: "hold", Detail: "failed " + c.Failed}
	hold := func(tx *store.Tx) error {
		cur, err := tx.Campaign(c.ID)
		if err != nil {
			return err
		}
		if cur.Failed != "" {
			return nil
		}
		cur.HeldSince, cur.Failed = c.HeldSince, c.Failed
		if err := tx.PutCampaign(cur); err != nil {
			return err
		}
		return workflow.WriteAudit(tx, c.ID, audit)
	}
	return hold, []workflow.Outgoing{notice}, nil
}

// failedMail decides on a mail whose handling failed: the campaign it was
// for is held, the GM told, and its sender, if they play in it or run it,
// that nothing of the mail was done and why. A failure outside any
// campaign is logged, and the mail goes unanswered: it is not tried
// again.
func (m *Moderator) failedMail(in *mail.Inbound, rec *store.MessageRecord, f *failure) (workflow.Decision, error) {
	rec.Outcome, rec.Detail = store.Ignored, "pbemd failed on it: "+fmt.Sprint(f.value)
	f.campaign = campaign.ID(rec.Campaign)
	if f.campaign == "" {
		m.noteFailure(f)
		return workflow.Decision{}, nil
	}
	m.noteFailure(f)
	c, err := m.CampaignByID(f.campaign)
	if err != nil || c == nil {
		return workflow.Decision{}, err
	}
	hold, mails, err := m.failedHold(c, f, in.MessageID)
	if err != nil || !knows(c, in.From) {
		return workflow.Decision{Mails: mails, Apply: hold}, err
	}
	rec.Outcome = store.Rejected
	subject, text := report.Mail(report.MailFailed{Title: c.Title, Turn: c.Turn})
	reply := workflow.Outgoing{Msg: m.Reply(in, workflow.Tagged(c.ID, subject), text), Campaign: string(c.ID), Purpose: "rejection"}
	return workflow.Decision{Mails: append([]workflow.Outgoing{reply}, mails...), Apply: hold}, nil
}

// knows reports whether addr plays in campaign c, for itself or as a
// proxy, or runs it: only those are answered.
func knows(c *store.Campaign, addr string) bool {
	if strings.EqualFold(c.GM.Email, addr) {
		return true
	}
	return slices.ContainsFunc(c.Players, func(s store.Seat) bool { return strings.EqualFold(s.Email, addr) || s.ProxiedBy(addr) })
}
