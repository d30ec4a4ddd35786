// Package moderator is the pbemd daemon: it takes mail in, answers it, runs
// the turn clock and drains the outbox.
//
// The loops run side by side, each recovering from panics at its edge:
//
//   - intake: mail.Intake hands each new message to Handle, which parses,
//     authenticates and validates it, then records the outcome, the orders
//     on file and the answer in one transaction;
//   - scheduler: when a deadline passes, or every player has marked their
//     orders final, it resolves the turn and commits the next state together
//     with every report mail;
//   - sender: it mails whatever waits in the outbox and marks each mail sent
//     once the SMTP server accepted it, those accepted meanwhile in one
//     commit (mail.SenderOptions.Unrecorded);
//   - retention, if Options.Retention is set: every hour it drops the stored
//     copy of mail processed longer ago than that, a batch per transaction,
//     and keeps the record, so the mail is still known by its Message-ID.
//
// Nothing here reads the wall clock or global randomness directly: the
// clock and the token source are options, so tests run weeks of deadlines
// in milliseconds.
//
// The moderator decides what to send, to whom and with what data; the
// wording of every answer, refusal, notice and alert is a report.Text,
// worded by the report kit's templates.
//
// Authentication follows DESIGN: orders count only from the player's
// registered address and with the player's token, compared in constant time
// against its stored hash. Unknown senders, automatic mail and bounces are
// logged and never answered (RFC 3834).
package moderator
