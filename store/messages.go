package store

import "time"

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
// outcome so that the same message is never processed twice.
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
