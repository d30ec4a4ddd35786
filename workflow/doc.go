// Package workflow decides what each mail and each turn does to a
// campaign: it checks orders, carries out the GM's commands and the
// players' requests, runs polls, proposals, extensions and battles,
// resolves turns on a copy, and writes every mail that follows. It has no
// loops and writes nothing: each decision returns its mails and a function
// that makes its change inside a transaction the daemon (moderator) opens.
// It reads the store, through read-only caches of campaigns and open turns.
//
// A mail comes in through SenderOf, which finds whose it is and reads it,
// and Decide, which classifies it (a bounce, automatic mail, a forgery, a
// GM's reply, a stranger's) and decides what it does, with one value per
// mail (Mail), and for a request one more (request): the mail, its
// record, its submission, the campaign and the sender's seat. The GM's
// verbs are a table (gmVerbs), one file each (gm_<verb>.go), as are the
// players' commands (playerVerbs, player_<verb>.go).
//
// A resolution is the open turn played on a copy with the orders on file
// (Resolution): the next state, every report mail and the change that
// commits them; the daemon's scheduler commits it, or the GM's process
// command does, in the transaction that records the GM's mail.
//
// Nothing here reads the wall clock or global randomness directly: the
// clock and the token source come from Config.
//
// The wording of every answer, refusal, notice and alert is a report.Text,
// worded by the report kit's templates.
package workflow
