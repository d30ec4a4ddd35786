// Package mail is pbemd's only contact with e-mail: it fetches players' mail
// over IMAP, turns the MIME it finds into a typed Inbound message, composes
// replies and reports, and sends them over SMTP.
//
// It knows nothing of campaigns or orders: package workflow decides what a
// mail means, and package moderator, the daemon, commits it. It never marks a mail \Seen or moves it before the moderator has
// committed the outcome (Handler.Handle), so a crash can at worst deliver a
// mail twice, and the moderator dedupes by Message-ID.
//
// # Intake (IMAP)
//
// Intake polls one mailbox (RFC 9051, with IDLE where offered, RFC 2177),
// fetches new mail with BODY.PEEK[] in UID order, and after the handler
// returns marks it \Seen and MOVEs it (RFC 6851) to a processed folder. A
// UIDVALIDITY change (RFC 9051 §2.3.1.1) makes it rescan the whole mailbox.
//
// # Parsing (RFC 5322, MIME)
//
// Parse reads a raw message into an Inbound: addresses, threading headers
// (RFC 5322 §3.6.4), the RFC 3834 automatic-reply and bounce signals, and the
// candidate YAML text, taken from a .yaml attachment or from the first
// text/plain part, charset-decoded, with format=flowed undone (RFC 3676) and
// the signature cut off. Every input is bounded; nothing panics.
//
// # Sender authentication (RFC 8601, RFC 6376)
//
// Parse reads the Authentication-Results fields that the operator's own
// server wrote (ParseOptions.AuthServID) into a Verdict on the From
// domain; DKIMVerifier checks DKIM signatures itself, for servers that
// write none. Both only report: package workflow decides what a forged
// From means.
//
// # Composing and sending (SMTP)
//
// Compose renders a Message to RFC 5322 bytes with go-mail; Sender delivers
// Envelopes over one SMTP session (RFC 5321), reporting each accepted mail.
//
// Subpackage localmail is an in-process IMAP and SMTP system on loopback for
// tests and `pbemd demo`.
package mail
