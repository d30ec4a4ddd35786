// Package store keeps all of pbemd's state in one bbolt file: campaigns, a
// state snapshot per turn, the orders on file, the processed messages with
// the IMAP cursor, and the outbox.
//
// Every step of the daemon is one transaction: DB.Update and DB.View hand a
// Tx whose methods compose, and none of them does network I/O. A turn's next
// state and all its report mails commit together; a sender drains the
// outbox afterwards and marks each mail sent once the SMTP server has
// accepted it.
//
// # Layout
//
//	campaigns/<id>/meta          Campaign record
//	campaigns/<id>/turns/<u64>   TurnRecord: the state at the start of that turn
//	campaigns/<id>/orders/<u64><player>  OrdersRecord
//	messages/<message-id>        MessageRecord, with the raw message until the retention ends
//	imap/<mailbox>               Cursor
//	outbox/<u64>                 Mail waiting to be sent
//	sent/<u64>                   SentRecord
//	failed/<u64>                 FailedRecord: refused for good by the SMTP server
package store
