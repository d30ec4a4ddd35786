// Package moderator is the pbemd daemon: it takes mail in, runs the turn
// clock, commits what package workflow decides and drains the outbox.
//
// The loops run side by side, each recovering from panics at its edge:
//
//   - intake: mail.Intake hands each new message to Handle, which asks
//     workflow whose it is (SenderOf) and for a decision on it (Decide:
//     a mail in, a workflow.Decision out), keeping the hourly counts of
//     each sender's mail that workflow asks for, then records the
//     outcome, the orders on file, the change the decision makes and its
//     mails in one transaction;
//   - scheduler: when a deadline passes, or every player has marked their
//     orders final, it has workflow resolve the turn on a copy and
//     commits the next state together with every report mail; it also
//     keeps the battle and poll clocks, the reminders, the digests and
//     the summaries of alerts to a GM;
//   - sender: it mails whatever waits in the outbox and marks each mail sent
//     once the SMTP server accepted it, those accepted meanwhile in one
//     commit (mail.SenderOptions.Unrecorded);
//   - retention, if Options.Retention is set: every hour it drops the stored
//     copy of mail processed longer ago than that, a batch per transaction,
//     and keeps the record, so the mail is still known by its Message-ID.
//
// A campaign whose turn fails to resolve, or whose mail fails to be
// handled, is held and its GM told (failure.go); the other campaigns go
// on.
//
// Nothing here reads the wall clock or global randomness directly: the
// clock and the token source are options, so tests run weeks of deadlines
// in milliseconds.
//
// What a mail is and what it does (authentication, the tokens, orders,
// requests, the GM's verbs) is workflow's to decide; the daemon finds the
// sender's seats, keeps the hourly counts of each sender's mail, and
// commits. Unknown senders, automatic mail and bounces are logged and
// never answered (RFC 3834).
package moderator
