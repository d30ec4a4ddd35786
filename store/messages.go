package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Outcome says what became of an incoming message.
type Outcome string

// The outcomes of an incoming message.
const (
	// Accepted: orders filed and confirmed.
	Accepted Outcome = "accepted"
	// Rejected: the sender was told what was wrong; nothing changed.
	Rejected Outcome = "rejected"
	// Ignored: logged and never answered (unknown sender, automatic mail,
	// bounce).
	Ignored Outcome = "ignored"
)

// MessageRecord is an incoming message that was processed, kept with its
// outcome so that the same message is never processed twice. Raw, the
// stored copy, is dropped after the retention (ExpireMail); the rest of
// the record stays.
type MessageRecord struct {
	MessageID   string `json:"message_id"`
	UIDValidity uint32 `json:"uid_validity"`
	UID         uint32 `json:"uid"`
	From        string `json:"from"`
	// Received is when pbemd processed the message; Arrived is when the
	// operator's mail server took it, which decides whether it was on
	// time.
	Received time.Time `json:"received"`
	Arrived  time.Time `json:"arrived,omitzero"`
	Outcome  Outcome   `json:"outcome"`
	// Detail says why, for the log and the GM.
	Detail   string `json:"detail"`
	Campaign string `json:"campaign,omitempty"`
	Player   string `json:"player,omitempty"`
	Raw      []byte `json:"raw"`
}

// Processed reports whether a message with this Message-ID was processed.
func (tx *Tx) Processed(messageID string) bool {
	return tx.tx.Bucket(bucketMessages).Get([]byte(messageID)) != nil
}

// RecordMessage stores a processed message with its outcome. A record
// with a stored copy is listed by when it was received, for ExpireMail.
func (tx *Tx) RecordMessage(rec *MessageRecord) error {
	if err := putJSON(tx.tx.Bucket(bucketMessages), []byte(rec.MessageID), rec); err != nil {
		return err
	}
	return listExpiring(tx.tx.Bucket(bucketExpiring), rec)
}

// Message returns a processed message, or nil.
func (tx *Tx) Message(messageID string) (*MessageRecord, error) {
	var rec MessageRecord
	found, err := getJSON(tx.tx.Bucket(bucketMessages), []byte(messageID), &rec)
	if err != nil || !found {
		return nil, err
	}
	return &rec, nil
}

// listExpiring lists a record that keeps a stored copy in the expiring
// bucket, keyed by when it was received and then its Message-ID, so that
// ExpireMail reads only the records whose copy it is to drop.
func listExpiring(b *bolt.Bucket, rec *MessageRecord) error {
	if len(rec.Raw) == 0 {
		return nil
	}
	return b.Put(expiringKey(rec), nil)
}

// expiringKey is a record's key in the expiring bucket: the nanosecond
// it was received, as a big-endian uint64 (0 before 1970), and its
// Message-ID.
func expiringKey(rec *MessageRecord) []byte {
	at := uint64(max(rec.Received.UnixNano(), 0))
	return append(binary.BigEndian.AppendUint64(nil, at), rec.MessageID...)
}

// expireBatchBytes bounds the records one ExpireMail call reads, so that
// a batch of large mails does not hold the write lock for long.
const expireBatchBytes = 4 << 20

// ExpireMail drops the stored copy (Raw) of processed messages received
// before cutoff, oldest first, and keeps the rest of each record, so the
// message is still known by its Message-ID. It reads only the records
// that still keep a copy received before cutoff (the expiring bucket), at
// most limit of them and, past the first, at most expireBatchBytes of
// them, so its cost follows the mail received since its last call, not
// all the mail ever received. It returns how many copies it dropped, and
// whether more wait for another call.
func (tx *Tx) ExpireMail(cutoff time.Time, limit int) (dropped int, more bool, err error) {
	messages, expiring := tx.tx.Bucket(bucketMessages), tx.tx.Bucket(bucketExpiring)
	end := binary.BigEndian.AppendUint64(nil, uint64(max(cutoff.UnixNano(), 0)))
	var (
		listed  [][]byte
		expired []*MessageRecord
	)
	c := expiring.Cursor()
	k, _ := c.First()
	for read := 0; k != nil && bytes.Compare(k, end) < 0 && len(listed) < limit && (len(listed) == 0 || read < expireBatchBytes); k, _ = c.Next() {
		listed = append(listed, bytes.Clone(k))
		v := messages.Get(k[8:])
		if v == nil { // the campaign it was for left the data file
			continue
		}
		read += len(v)
		var rec MessageRecord
		if err := json.Unmarshal(v, &rec); err != nil {
			return 0, false, fmt.Errorf("load message %s: %w", k[8:], err)
		}
		if len(rec.Raw) > 0 {
			expired = append(expired, &rec)
		}
	}
	more = k != nil && bytes.Compare(k, end) < 0
	for _, k := range listed { // after the walk: a change moves the cursor's pages
		if err := expiring.Delete(k); err != nil {
			return 0, false, err
		}
	}
	for _, rec := range expired {
		rec.Raw = nil
		if err := putJSON(messages, []byte(rec.MessageID), rec); err != nil {
			return 0, false, fmt.Errorf("drop the copy of message %s: %w", rec.MessageID, err)
		}
	}
	return len(expired), more, nil
}

// listAllExpiring lists every record that keeps a stored copy in the
// expiring bucket: once, for a data file written before that bucket was.
func listAllExpiring(tx *bolt.Tx) error {
	expiring := tx.Bucket(bucketExpiring)
	return tx.Bucket(bucketMessages).ForEach(func(k, v []byte) error {
		var rec MessageRecord
		if err := json.Unmarshal(v, &rec); err != nil {
			return fmt.Errorf("load message %s: %w", k, err)
		}
		return listExpiring(expiring, &rec)
	})
}

// Cursor is how far intake got in a mailbox.
type Cursor struct {
	UIDValidity uint32 `json:"uid_validity"`
	LastUID     uint32 `json:"last_uid"`
}

// Cursor returns the intake cursor of a mailbox; the zero value if none.
func (tx *Tx) Cursor(mailbox string) (Cursor, error) {
	var c Cursor
	_, err := getJSON(tx.tx.Bucket(bucketIMAP), []byte(mailbox), &c)
	return c, err
}

// PutCursor stores the intake cursor of a mailbox.
func (tx *Tx) PutCursor(mailbox string, c Cursor) error {
	return putJSON(tx.tx.Bucket(bucketIMAP), []byte(mailbox), c)
}
