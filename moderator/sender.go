package moderator

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime/debug"
	"time"

	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/store"
)

// Backoff bounds for a mail server that refuses or fails, and the size of
// what the sender reads at once.
const (
	minBackoff = 5 * time.Second
	maxBackoff = 15 * time.Second // a restarted SMTP server is used again within about as long
	batchSize  = 100
	// batchBytes bounds the stored size of a batch: a hundred reports
	// with their maps would take tens of MB at once.
	batchBytes = 8 << 20
	// releaseBytes is how much stored mail the sender reads from the data
	// file's mapping before it hands the pages back (store.ReleaseMemory),
	// so that a burst of reports does not keep the whole outbox resident.
	releaseBytes = 32 << 20
)

// runSender drains the outbox whenever woken, retrying with capped
// exponential backoff and jitter while the SMTP server fails, and waits
// while the scheduler resolves turns (senderHold). It logs once
// when sending starts failing and once when it recovers, not on every
// retry.
func (m *Moderator) runSender(ctx context.Context) error {
	if m.sender == nil {
		<-ctx.Done()
		return nil
	}
	defer m.sender.Close()
	jitter := rand.New(rand.NewPCG(uint64(m.clock.Now().UnixNano()), 0x9e3779b97f4a7c15))
	backoff := time.Duration(0)
	failing := false
	for {
		if m.quiet.wait(ctx) != nil {
			return nil
		}
		sent, err := m.Flush(ctx)
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			m.observe.SMTPFailed(err)
			if !failing {
				m.log.Warn("sending mail failed; will retry", "err", err)
				failing = true
			}
			backoff = min(max(2*backoff, minBackoff), maxBackoff)
			wait := backoff/2 + time.Duration(jitter.Int64N(int64(backoff/2)+1))
			if err := m.sleep(ctx, wait); err != nil {
				return nil
			}
			continue
		case failing:
			m.log.Info("sending mail works again", "sent", sent)
			m.observe.SMTPWorks()
			failing = false
		}
		backoff = 0
		// The mail sent was read from the data file's mapping: hand the
		// pages back after a burst's worth, and when the outbox is empty,
		// as an idle daemon need not keep them; nor the heap the burst
		// grew, which Go would return only over minutes.
		if n := m.read.Load(); n >= releaseBytes || (sent == 0 && n > 0) {
			m.releasePages(n)
			if sent == 0 {
				debug.FreeOSMemory()
			}
		}
		if sent > 0 {
			continue // there may be more than one batch
		}
		select {
		case <-ctx.Done():
			return nil
		case <-m.wakeSender:
		}
	}
}

// releasePages hands the data file's pages back (store.ReleaseMemory)
// and takes n, the bytes of mail counted since it last did, from read.
func (m *Moderator) releasePages(n int64) {
	if err := m.db.ReleaseMemory(); err != nil {
		m.log.Debug("release the data file's pages", "err", err)
	}
	m.read.Add(-n)
}

// Flush sends one batch of the outbox over one SMTP connection and returns
// how many mails left the outbox. The mails the server accepted are marked
// sent a few at a time while the next are on their way, one commit for
// those accepted meanwhile; a crash before the commit sends them again
// (at most mail.SenderOptions.Unrecorded of them), with the same
// Message-IDs.
// A mail the server refuses for good (5xx) moves to the failed log, so it
// cannot hold up the mails behind it; a temporary failure is returned.
func (m *Moderator) Flush(ctx context.Context) (int, error) {
	var batch []*store.Mail
	err := m.db.View(func(tx *store.Tx) error {
		var err error
		batch, err = tx.OutboxBatch(batchSize, batchBytes)
		return err
	})
	if err != nil || len(batch) == 0 || m.sender == nil {
		return 0, err
	}
	envs := make([]mail.Envelope, len(batch))
	for i, ml := range batch {
		envs[i] = mail.Envelope{From: ml.From, To: ml.To, Raw: ml.Raw}
		m.read.Add(int64(len(ml.Raw)))
	}
	sent := 0
	err = m.sender.Send(ctx, envs, func(accepted []int) error {
		now := m.clock.Now().UTC()
		err := m.db.UpdateShared(func(tx *store.Tx) error {
			for _, i := range accepted {
				if err := tx.MarkSent(batch[i], now); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, i := range accepted {
			m.log.Debug("mail sent", "msgid", batch[i].MessageID, "purpose", batch[i].Purpose, "campaign", batch[i].Campaign)
			m.observe.MailSent(batch[i].Purpose)
		}
		sent += len(accepted)
		return nil
	})
	var se *mail.SendError
	if !errors.As(err, &se) || se.Temporary() || se.Index < 0 || se.Index >= len(batch) {
		return sent, err
	}
	refused := batch[se.Index]
	m.log.Error("mail refused for good; moved to the failed log", "msgid", refused.MessageID, "to", refused.To,
		"purpose", refused.Purpose, "campaign", refused.Campaign, "err", err)
	m.observe.MailFailed(refused.Purpose)
	err = m.db.Update(func(tx *store.Tx) error { return tx.MarkFailed(refused, m.clock.Now().UTC(), se.Error()) })
	return sent + 1, err
}
