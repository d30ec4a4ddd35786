package store

import (
	"encoding/json"
	"fmt"
	"time"
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

// RecordMessage stores a processed message with its outcome.
func (tx *Tx) RecordMessage(rec *MessageRecord) error {
	return putJSON(tx.tx.Bucket(bucketMessages), []byte(rec.MessageID), rec)
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

// expireBatchBytes bounds the records one ExpireMail call reads, so that
// a batch of large mails does not hold the write lock for long.
const expireBatchBytes = 4 << 20

// ExpireMail drops the stored copy (Raw) of processed messages received
// before cutoff, and keeps the rest of each record, so the message is
// still known by its Message-ID. It looks at the records after the
// Message-ID after ("" for the first), at most limit of them and, past the
// first, at most expireBatchBytes of them. It returns how many copies it
// dropped and the Message-ID to go on after, "" once it reached the end.
func (tx *Tx) ExpireMail(cutoff time.Time, after string, limit int) (dropped int, next string, err error) {
	b := tx.tx.Bucket(bucketMessages)
	c := b.Cursor()
	k, v := c.First()
	if after != "" {
		if k, v = c.Seek([]byte(after)); k != nil && string(k) == after {
			k, v = c.Next()
		}
	}
	var expired []*MessageRecord
	for read, n := 0, 0; k != nil && n < limit && (n == 0 || read < expireBatchBytes); k, v = c.Next() {
		n, read, next = n+1, read+len(v), string(k)
		var rec MessageRecord
		if err := json.Unmarshal(v, &rec); err != nil {
			return 0, "", fmt.Errorf("load message %s: %w", k, err)
		}
		if len(rec.Raw) > 0 && rec.Received.Before(cutoff) {
			expired = append(expired, &rec)
		}
	}
	if k == nil {
		next = ""
	}
	for _, rec := range expired { // after the walk: a Put moves the cursor's pages
		rec.Raw = nil
		if err := tx.RecordMessage(rec); err != nil {
			return 0, "", fmt.Errorf("drop the copy of message %s: %w", rec.MessageID, err)
		}
	}
	return len(expired), next, nil
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
