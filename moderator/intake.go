package moderator

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
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
		who, err := m.senderOf(in)
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
func (m *Moderator) handling(f mail.Fetched, in *mail.Inbound, who *sender) (*handling, error) {
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
		out, err = m.decide(in, rec, who)
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

// decide classifies a mail, authenticates its sender and checks its orders.
// It fills rec's outcome and returns the answer; it writes nothing. An
// error (the store failed) means no decision: the mail is tried again.
func (m *Moderator) decide(in *mail.Inbound, rec *store.MessageRecord, who *sender) (workflow.Decision, error) {
	ignore := func(why string) (workflow.Decision, error) {
		rec.Outcome, rec.Detail = store.Ignored, why
		return workflow.Decision{}, nil
	}
	ml := &workflow.Mail{In: in, Rec: rec, Seats: who.seats, GMs: who.gms, Sub: who.sub}
	switch {
	case in.Bounce:
		return ignore("bounce")
	case in.Automatic:
		return ignore("automatic mail (RFC 3834)")
	case in.From == "" || in.From == m.address:
		return ignore("no usable sender")
	case in.Auth.Verdict == mail.Forged:
		return m.Forged(ml)
	}
	if token := m.ReplyToken(in); token != "" {
		if d, handled, err := m.HandleApproval(ml, token); handled || err != nil {
			return d, err
		}
	} else if d, handled, err := m.MisaddressedVerdict(ml); handled || err != nil {
		return d, err
	}
	if len(ml.Seats) == 0 && len(ml.GMs) == 0 {
		return m.stranger(ml)
	}
	ml.Reject = m.rejecter(ml)
	return m.decideKnown(ml, who.parseErr)
}

// rejecter answers ml with a rejection for campaign c, and fills in its
// record: the rejection quotes nothing of the token the mail carried.
func (m *Moderator) rejecter(ml *workflow.Mail) workflow.RejectFunc {
	return func(c campaign.ID, r *report.Rejection) (workflow.Decision, error) {
		var secret string // the token the mail carried, never to be quoted
		if ml.Sub != nil {
			secret = ml.Sub.Token
		}
		r.Campaign = c
		r.Added = r.Added || m.addsOrders(c, ml.Seats)
		r.Secrets = append(r.Secrets, secret)
		ml.Rec.Outcome, ml.Rec.Campaign = store.Rejected, string(c)
		ml.Rec.Detail = r.Reason
		if len(r.Problems) > 0 {
			ml.Rec.Detail = r.Problems.Error()
		}
		subject, text := report.RenderRejection(r)
		o := workflow.Outgoing{Msg: m.Reply(ml.In, subject, text), Campaign: string(c), Purpose: "rejection"}
		return workflow.Decision{Mails: []workflow.Outgoing{o}, Secret: secret}, nil
	}
}

// decideKnown decides on a mail from an address that plays or runs a
// campaign here; parseErr is why its text could not be read, if it could
// not.
func (m *Moderator) decideKnown(ml *workflow.Mail, parseErr error) (workflow.Decision, error) {
	in, seats, gms, sub := ml.In, ml.Seats, ml.GMs, ml.Sub
	if d, over, err := m.overLimit(ml); over || err != nil {
		return limited(d, err)
	}
	if in.Unreadable != "" || len(strings.TrimSpace(string(in.Text))) == 0 {
		reason := in.Unreadable
		if reason == "" {
			reason = report.Say(report.NoOrders{})
		}
		return ml.Reject(workflow.SoleCampaign(seats), &report.Rejection{Reason: reason})
	}
	if d, misused, err := m.MisusedGMToken(ml); misused || err != nil {
		return d, err
	}
	if c, s, err := m.LeakedSeat(in, sub); c != nil || err != nil {
		if err != nil {
			return workflow.Decision{}, err
		}
		return m.TokenLeaked(ml, c, s)
	}
	if parseErr != nil {
		r := workflow.ProblemsRejection(parseErr, in)
		if err := m.OwnExample(r, seats, gms); err != nil {
			return workflow.Decision{}, err
		}
		return ml.Reject(workflow.SoleCampaign(seats), r)
	}
	if sub.Command != nil || sub.Extension != nil || sub.Battle != nil {
		d, err := m.HandleRequest(ml)
		return workflow.CopyPlayer(d, ml), err
	}
	if len(seats) == 0 {
		return ml.Reject("", &report.Rejection{Reason: report.Say(report.GMSentOrders{Campaigns: workflow.CampaignIDs(gms), Campaign: gms[0].ID})})
	}
	d, err := m.CheckOrders(ml)
	return workflow.CopyPlayer(d, ml), err
}

// kindsOf finds, for orders.Parse, the order kinds of the campaign a
// mail names among those its sender plays or runs; for a campaign that is
// none of them, those of the sender's first, so that the reply lists
// every mistake in the orders before it names the campaigns the sender
// plays. A campaign whose ruleset this pbemd lacks is left out: its mail
// fails where it is handled.
func (m *Moderator) kindsOf(seats []workflow.SenderSeat, gms []*store.Campaign) orders.KindsOf {
	camps := make([]*store.Campaign, 0, len(seats)+len(gms))
	for _, s := range seats {
		camps = append(camps, s.Campaign)
	}
	camps = append(camps, gms...)
	var ids []campaign.ID
	var kinds []orders.Kinds
	for _, c := range camps {
		if rs, err := m.Ruleset(c); err == nil {
			ids, kinds = append(ids, c.ID), append(kinds, rs.Kinds())
		}
	}
	return func(id campaign.ID) (orders.Kinds, error) {
		if len(kinds) == 0 {
			return nil, errors.New(report.Say(report.NoCampaignHere{Campaign: id}))
		}
		if i := slices.Index(ids, id); i >= 0 {
			return kinds[i], nil
		}
		return kinds[0], nil
	}
}

// addsOrders reports whether campaign id, one of seats', plays one
// player at a time, a turn in several mails (game.Sequential): a mail's
// orders are added to those on file, so a rejected mail's are sent again
// alone.
func (m *Moderator) addsOrders(id campaign.ID, seats []workflow.SenderSeat) bool {
	i := slices.IndexFunc(seats, func(s workflow.SenderSeat) bool { return s.Campaign.ID == id })
	if i < 0 {
		return false
	}
	rs, err := m.Ruleset(seats[i].Campaign)
	_, sequential := rs.(game.Sequential)
	return err == nil && sequential
}

// stranger handles mail from an address that plays in no campaign: it is
// never answered. If it carries a player's token, the player and the GM
// are told (tokenLeaked); if it tries a command in a campaign, that
// campaign's GM is (withAlert).
func (m *Moderator) stranger(ml *workflow.Mail) (workflow.Decision, error) {
	in, rec := ml.In, ml.Rec
	rec.Outcome, rec.Detail = store.Ignored, "sender plays in no campaign"
	sub, _ := orders.Parse(in.Text, m.kindsOf(nil, nil))
	if c, s, err := m.LeakedSeat(in, sub); c != nil || err != nil {
		if err != nil {
			return workflow.Decision{}, err
		}
		return m.TokenLeaked(ml, c, s)
	}
	if in.Unreadable != "" || sub == nil || (sub.Command == nil && sub.Extension == nil && sub.Battle == nil) {
		return workflow.Decision{}, nil
	}
	c, err := m.CampaignByID(sub.Campaign)
	if err != nil || c == nil {
		return workflow.Decision{}, err
	}
	rec.Campaign = string(c.ID)
	alert := report.StrangerAlert{From: in.From, Campaign: c.ID}
	if sub.Command != nil {
		alert.Verb = sub.Command.Verb
	}
	return m.WithAlert(workflow.Decision{}, c, in, alert, false)
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
