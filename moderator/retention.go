package moderator

import (
	"context"
	"fmt"
	"time"

	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/store"
)

// The retention loop's pace.
const (
	// retentionEvery is how often the daemon looks for expired mail.
	retentionEvery = time.Hour
	// expireBatch is how many message records one transaction looks at,
	// so intake and the scheduler never wait long for the write lock.
	expireBatch = 256
)

// runRetention drops the stored copies of expired mail at start and then
// every retentionEvery, until ctx is done. A failed pass is logged and
// tried again next time.
func (m *Moderator) runRetention(ctx context.Context) error {
	for {
		if err := m.expireMail(ctx); err != nil && ctx.Err() == nil {
			m.log.Error("drop expired mail", "err", err)
		}
		if clock.Sleep(ctx, m.clock, retentionEvery) != nil {
			return nil
		}
	}
}

// expireMail drops the stored copy of every processed mail received longer
// than the retention ago, a batch per transaction (store Tx.ExpireMail).
// The records stay, so a mail that comes again is still known by its
// Message-ID and never answered twice.
func (m *Moderator) expireMail(ctx context.Context) error {
	cutoff := m.clock.Now().Add(-m.retention)
	total := 0
	for more := true; more; {
		if err := ctx.Err(); err != nil {
			return err
		}
		var n int
		err := m.db.Update(func(tx *store.Tx) (err error) {
			n, more, err = tx.ExpireMail(cutoff, expireBatch)
			return err
		})
		if err != nil {
			return fmt.Errorf("drop mail received before %s: %w", cutoff.UTC().Format(time.RFC3339), err)
		}
		total += n
	}
	if total > 0 {
		m.log.Info("expired mail dropped", "count", total, "received_before", cutoff.UTC())
	}
	return nil
}
