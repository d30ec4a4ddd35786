package moderator

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

var _ mail.Handler = (*Moderator)(nil)

// Cursor returns where intake stopped in the inbox.
func (m *Moderator) Cursor(ctx context.Context) (mail.Cursor, error) {
	var c store.Cursor
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		c, err = tx.Cursor(m.mailbox)
		return err
	})
	return mail.Cursor{UIDValidity: c.UIDValidity, LastUID: c.LastUID}, err
}

// Handle processes one incoming mail and commits its outcome, the orders on
// file and the answer in one transaction. A mail processed before (same
// Message-ID) only moves the cursor. An error means nothing was committed;
// intake leaves the mail in the inbox and tries again later.
func (m *Moderator) Handle(ctx context.Context, f mail.Fetched) error {
	_, err := m.HandleBatch(ctx, []mail.Fetched{f})
	return err
}

var _ mail.BatchHandler = (*Moderator)(nil)

// HandleBatch processes mails in order, as Handle does each, and returns
// how many it committed; an error is about the mail after those, and
// nothing of it or the mails after it was committed.
//
// Under a stream of mail the disk's flushes set the pace, so the outcomes
// of several mails are committed in one transaction, as long as none of
// them depends on another: a mail is decided only after every earlier mail
// whose outcome it may read (its scope) is committed, and a mail that
// asks for a change is committed alone, before the next is decided. So a
// batch leaves the same state and sends the same answers as the same
// mails handled one by one.
func (m *Moderator) HandleBatch(ctx context.Context, fs []mail.Fetched) (int, error) {
	ins := make([]*mail.Inbound, len(fs))
	for i, f := range fs {
		ins[i] = m.inbound(ctx, f)
	}
	m.turnMu.Lock()
	defer m.turnMu.Unlock()
	committed := 0
	var group []*handling
	pending := newScope() // the scopes of group's mails
	flush := func() error {
		if len(group) == 0 {
			return nil
		}
		if err := m.db.UpdateShared(func(tx *store.Tx) error {
			for _, h := range group {
				if err := m.commit(tx, h); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			return err
		}
		for _, h := range group {
			m.handled(h)
		}
		committed += len(group)
		group, pending = group[:0], newScope()
		return nil
	}
	for i, f := range fs {
		in := ins[i]
		who, err := m.SenderOf(in)
		if err != nil {
			return committed, err
		}
		sc := m.scopeOf(in, who)
		if sc.overlaps(pending) {
			if err := flush(); err != nil {
				return committed, err
			}
		}
		h, err := m.handling(f, in, who)
		if err != nil {
			return committed, errors.Join(err, flush())
		}
		if h.out.Apply == nil {
			group = append(group, h)
			pending.add(sc)
			continue
		}
		if err := flush(); err != nil {
			return committed, err
		}
		if err := m.db.Update(func(tx *store.Tx) error { return m.commit(tx, h) }); err != nil {
			return committed, err
		}
		m.handled(h)
		committed++
	}
	return committed, flush()
}

// inbound parses a fetched mail, and checks its DKIM signatures where the
// mail server gave no verdict.
func (m *Moderator) inbound(ctx context.Context, f mail.Fetched) *mail.Inbound {
	in, err := mail.Parse(f.Raw, m.parse)
	if err != nil {
		in = &mail.Inbound{MessageID: workflow.SyntheticID(f), Unreadable: report.Say(report.UnreadableHeader{})}
	}
	if f.Truncated {
		in.Text = nil
		in.Unreadable = report.Say(report.TooLarge{Size: max(f.Size, int64(len(f.Raw)))})
	}
	m.CheckDKIM(ctx, f, in)
	return in
}

// handling is a mail decided on, its outcome ready to commit.
type handling struct {
	f        mail.Fetched
	in       *mail.Inbound
	rec      *store.MessageRecord
	out      workflow.Decision
	composed []*store.Mail
	seen     bool // processed before: only the cursor moves
}

// handling decides on a mail and composes its answers, writing nothing. A
// mail processed before gets no decision. The caller holds turnMu.
func (m *Moderator) handling(f mail.Fetched, in *mail.Inbound, who *workflow.Sender) (*handling, error) {
	log := m.log.With("msgid", in.MessageID, "uid", f.UID, "from", in.From)
	now := m.clock.Now().UTC()
	h := &handling{f: f, in: in, rec: &store.MessageRecord{
		MessageID: in.MessageID, UIDValidity: f.UIDValidity, UID: f.UID, From: in.From,
		Received: now, Arrived: arrival(f, in, now), Raw: f.Raw,
	}}
	var done bool
	err := m.db.View(func(tx *store.Tx) error {
		done = tx.Processed(in.MessageID)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if done {
		log.Info("mail seen before; skipped")
		h.seen = true
		return h, nil
	}
	rec := h.rec
	var out workflow.Decision
	err = contain("", fmt.Sprintf("handling the mail <%s> from %s", in.MessageID, in.From), func() (err error) {
		out, err = m.Decide(in, rec, who)
		return err
	})
	if f := asFailure(err); f != nil {
		out, err = m.failedMail(in, rec, f)
	}
	if err != nil {
		return nil, fmt.Errorf("decide on mail %s: %w", in.MessageID, err)
	}
	rec.Detail = string(report.MaskTokens([]byte(rec.Detail), out.Secret))
	switch rec.Outcome {
	case store.Ignored:
		log.Info("mail ignored", "why", rec.Detail)
	case store.Rejected:
		log.Info("orders rejected", "campaign", rec.Campaign, "player", rec.Player, "why", rec.Detail)
	case store.Accepted:
		if out.Filed != nil {
			log.Info("orders accepted", "campaign", rec.Campaign, "player", rec.Player, "turn", out.Filed.Turn)
		} else {
			log.Info("request done", "campaign", rec.Campaign, "player", rec.Player, "what", rec.Detail)
		}
	}
	rec.Raw = storedCopy(f.Raw, in, rec.Outcome, out.Secret)
	if rec.Outcome == store.Ignored {
		if n, _ := m.ignored.add("", m.clock.Now()); n > m.limits.IgnoredMailsPerHour {
			if n == m.limits.IgnoredMailsPerHour+1 {
				log.Warn("unanswered mail over the hourly limit; keeping only Message-IDs for the rest of the hour", "limit", m.limits.IgnoredMailsPerHour)
			}
			rec.Raw = nil
		}
	}
	h.composed, err = workflow.Compose(out.Mails)
	if err != nil {
		return nil, err
	}
	h.out = out
	return h, nil
}

// handled tells of a mail whose outcome is committed, and wakes the loops
// that have work from it.
func (m *Moderator) handled(h *handling) {
	if h.seen {
		return
	}
	m.observe.MailReceived(mailOutcome(h.rec, h.out))
	if h.out.Resolved != nil {
		m.announce(h.out.Resolved)
	}
	if len(h.composed) > 0 {
		wake(m.wakeSender)
	}
	if !h.out.AlertsDue.IsZero() && m.alerts.note(h.out.AlertsDue) {
		wake(m.wakeScheduler)
	}
	// Only final orders can make everyone final, and a request may have
	// moved the deadline; other orders give the scheduler nothing to do.
	if (h.out.Filed != nil && h.out.Filed.Submission.Final) || h.out.Apply != nil {
		wake(m.wakeScheduler)
	}
}

// arrival is when a mail reached the operator's mail server: its IMAP
// INTERNALDATE, or else the date of its topmost Received header, which
// that server wrote; never later than now. Whether orders were on time is
// judged by it, not by when pbemd got round to the mail, so mail that
// arrived before a deadline counts although pbemd was down, the IMAP
// server slow, or a backlog long.
func arrival(f mail.Fetched, in *mail.Inbound, now time.Time) time.Time {
	at := f.Arrived
	if at.IsZero() {
		at = in.Relayed
	}
	if at.IsZero() || at.After(now) {
		return now
	}
	return at.UTC()
}

// commit records a processed message in tx, moves the cursor, files
// orders, applies what the mail asked for and queues the answers: in one
// transaction, a crash leaves either all of it or none. A mail processed
// before only moves the cursor.
func (m *Moderator) commit(tx *store.Tx, h *handling) error {
	rec, f, d := h.rec, h.f, h.out
	if !tx.Processed(rec.MessageID) {
		if err := tx.RecordMessage(rec); err != nil {
			return err
		}
		if d.Filed != nil {
			if err := tx.PutOrders(d.Filed.Campaign, d.Filed.OrdersRecord); err != nil {
				return err
			}
		}
		if d.Apply != nil {
			if err := d.Apply(tx); err != nil {
				return err
			}
		}
		if err := workflow.Enqueue(tx, h.composed); err != nil {
			return err
		}
	}
	cur, err := tx.Cursor(m.mailbox)
	if err != nil {
		return err
	}
	if cur.UIDValidity != f.UIDValidity || f.UID > cur.LastUID {
		return tx.PutCursor(m.mailbox, store.Cursor{UIDValidity: f.UIDValidity, LastUID: f.UID})
	}
	return nil
}

// CheckDKIM checks a mail's DKIM signatures when pbemd is to (Options.DKIM)
// and the operator's server gave no verdict. It runs before Handle takes
// any lock, since it asks DNS.
func (m *Moderator) CheckDKIM(ctx context.Context, f mail.Fetched, in *mail.Inbound) {
	// A truncated mail has no body to check the signature against.
	if m.dkim == nil || f.Truncated || in.From == "" || in.Auth.Verdict != mail.Unknown {
		return
	}
	in.Auth = m.dkim.Verify(ctx, f.Raw, in.From)
}
