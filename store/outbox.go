package store

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"
)

// Mail is a message waiting in the outbox. Its bytes are final: the
// Message-ID was fixed when it was queued, so a resend after a crash is a
// recognisable duplicate.
type Mail struct {
	// Seq orders the outbox; Enqueue sets it.
	Seq       uint64    `json:"seq"`
	MessageID string    `json:"message_id"`
	From      string    `json:"from"`
	To        []string  `json:"to"`
	Raw       []byte    `json:"raw"`
	Campaign  string    `json:"campaign,omitempty"`
	Purpose   string    `json:"purpose"`
	Queued    time.Time `json:"queued"`
}

// MailInfo is what the sent and failed logs keep of a mail: not its bytes.
type MailInfo struct {
	Seq       uint64   `json:"seq"`
	MessageID string   `json:"message_id"`
	To        []string `json:"to"`
	Campaign  string   `json:"campaign,omitempty"`
	Purpose   string   `json:"purpose"`
}

func (m *Mail) info() MailInfo {
	return MailInfo{Seq: m.Seq, MessageID: m.MessageID, To: m.To, Campaign: m.Campaign, Purpose: m.Purpose}
}

// SentRecord remembers a mail after the SMTP server accepted it.
type SentRecord struct {
	MailInfo
	Sent time.Time `json:"sent"`
}

// FailedRecord remembers a mail the SMTP server refused for good (a 5xx
// reply), so that it no longer blocks the outbox and the operator can see
// what did not go out.
type FailedRecord struct {
	MailInfo
	Failed time.Time `json:"failed"`
	Reason string    `json:"reason"`
}

// Enqueue puts a mail in the outbox.
func (tx *Tx) Enqueue(m *Mail) error {
	b := tx.tx.Bucket(bucketOutbox)
	seq, err := b.NextSequence()
	if err != nil {
		return fmt.Errorf("queue mail %s: %w", m.MessageID, err)
	}
	m.Seq = seq
	return putJSON(b, seqKey(seq), m)
}

// Outbox returns up to limit mails waiting to be sent, oldest first; limit
// 0 means all.
func (tx *Tx) Outbox(limit int) ([]*Mail, error) { return tx.OutboxBatch(limit, 0) }

// OutboxBatch returns the mails waiting to be sent, oldest first, up to
// limit of them (0: no limit) and as many as are stored in maxBytes (0: no
// limit), but at least one if any waits: a batch of large reports stays
// small in memory.
func (tx *Tx) OutboxBatch(limit, maxBytes int) ([]*Mail, error) {
	var out []*Mail
	size := 0
	c := tx.tx.Bucket(bucketOutbox).Cursor()
	for k, v := c.First(); k != nil && (limit == 0 || len(out) < limit); k, v = c.Next() {
		if size += len(v); maxBytes > 0 && size > maxBytes && len(out) > 0 {
			break
		}
		var m Mail
		if err := json.Unmarshal(v, &m); err != nil {
			return nil, fmt.Errorf("load outbox mail %d: %w", binary.BigEndian.Uint64(k), err)
		}
		out = append(out, &m)
	}
	return out, nil
}

// OutboxLen returns how many mails wait in the outbox.
func (tx *Tx) OutboxLen() int { return tx.tx.Bucket(bucketOutbox).Stats().KeyN }

// MarkSent moves a mail from the outbox to the sent log.
func (tx *Tx) MarkSent(m *Mail, at time.Time) error {
	return tx.retire(m, bucketSent, SentRecord{MailInfo: m.info(), Sent: at})
}

// MarkFailed moves a mail the server refused for good from the outbox to
// the failed log.
func (tx *Tx) MarkFailed(m *Mail, at time.Time, reason string) error {
	return tx.retire(m, bucketFailed, FailedRecord{MailInfo: m.info(), Failed: at, Reason: reason})
}

// retire takes a mail out of the outbox and files its record in a log.
func (tx *Tx) retire(m *Mail, log []byte, rec any) error {
	if err := tx.tx.Bucket(bucketOutbox).Delete(seqKey(m.Seq)); err != nil {
		return fmt.Errorf("take mail %s out of the outbox: %w", m.MessageID, err)
	}
	if err := putJSON(tx.tx.Bucket(log), seqKey(m.Seq), rec); err != nil {
		return fmt.Errorf("log mail %s as %s: %w", m.MessageID, log, err)
	}
	return nil
}

// Sent returns the sent log, oldest first.
func (tx *Tx) Sent() ([]SentRecord, error) { return readLog[SentRecord](tx, bucketSent) }

// Failed returns the failed log, oldest first.
func (tx *Tx) Failed() ([]FailedRecord, error) { return readLog[FailedRecord](tx, bucketFailed) }

func readLog[T any](tx *Tx, log []byte) ([]T, error) {
	var out []T
	err := tx.tx.Bucket(log).ForEach(func(k, v []byte) error {
		var rec T
		if err := json.Unmarshal(v, &rec); err != nil {
			return fmt.Errorf("load %s record %d: %w", log, binary.BigEndian.Uint64(k), err)
		}
		out = append(out, rec)
		return nil
	})
	return out, err
}

func seqKey(seq uint64) []byte { return binary.BigEndian.AppendUint64(nil, seq) }
