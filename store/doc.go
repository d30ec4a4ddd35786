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
//	campaigns/<id>/meta          Campaign record: its seats, schedule and status
//	campaigns/<id>/revision      how often the record changed (Revisions)
//	campaigns/<id>/turns/<u64>   TurnRecord: the state at the start of that turn
//	campaigns/<id>/orders/<u64><player>  OrdersRecord
//	campaigns/<id>/extensions/   Extension: requests and what came of them
//	campaigns/<id>/audit/        AuditEntry: what the GM and the players' votes did
//	campaigns/<id>/battles/      BattleCase: battles fought outside pbemd
//	campaigns/<id>/digest/       HeldReport: reports held for a daily digest
//	campaigns/<id>/forgeries/    Forgery: refused mail in a player's name, per day
//	campaigns/<id>/alerts/       Alerts: what the GM was told of refused mail, per hour
//	approvals/<hash>             Approval: a single-use reply address for the GM
//	messages/<message-id>        MessageRecord, with the raw message until the retention ends
//	expiring/<u64><message-id>   the records that keep a raw message, by when they came (ExpireMail)
//	imap/<mailbox>               Cursor
//	outbox/<u64>                 Mail waiting to be sent
//	sent/<u64>                   SentRecord: to whom, for which campaign and why
//	failed/<u64>                 FailedRecord: refused for good by the SMTP server
//
// A campaign moves to another data file whole (ExportCampaign,
// ImportCampaign): its bucket, its approvals, its processed mail, its log
// of sent mail and its mail not yet sent.
package store
