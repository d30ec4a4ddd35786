// Package report is the report kit: what every ruleset's mails are made
// of, and the mails that depend on no ruleset.
//
//   - The map painter: PaintMap draws a Map, a neutral model of the shared
//     map and what one player knows of it, which a ruleset fills from its
//     view, as a PNG picture of bounded size, and PaintPhoneMap draws it
//     for a phone, the legend below the map and its labels as large as
//     they are on a desktop. The ruleset says what is drawn: whose marks
//     (Players, each in a colour of its own), which holdings, owners,
//     battles and retreats, and what the legend explains (MapKey); the
//     painting is shared.
//   - The shells of a report mail: the HTML page and its cards
//     (HTMLShell), with the maps (MapPictures), to which a ruleset adds
//     its report's body, the text template functions (TextFuncs) and
//     helpers (Wrap, WrapLines, Pad, AndList, FormatDeadline), the footer
//     of the mail preferences (MailFooter) and the daily digest's frame
//     (RenderDigest). No line of a text mail is longer than MaxLine.
//   - The replies that depend on no ruleset: the rejection of a mail
//     (RenderRejection), bounded in size and quoting the lines at fault;
//     the frames of the confirmation and the welcome mail, which a
//     ruleset fills with its echo, costs and example orders; the GM's
//     welcome and help; the notices of forged mail.
//   - The moderator's texts: every answer, refusal, notice and alert the
//     daemon sends (the GM's commands and what players hear of them, a
//     player's commands, extensions, battles fought outside pbemd,
//     intake's refusals and the rate-limit text, reminders, the outage
//     letter). A Text is a typed value whose type names its template in
//     text/ (gm, player, extensions, battles, intake, turns, outage); Say,
//     Mail and Problem word it. Package workflow decides which text goes to
//     whom, with what data; how it reads is here, each text pinned by a
//     golden file in testdata/texts.
//   - Token masking (MaskTokens, Redact, FindTokens): no reply quotes a
//     token.
//   - The JSON writer (JSON): indented JSON, byte for byte as
//     json.MarshalIndent writes it, in a fraction of the time.
//
// Rendering is pure: the same input gives the same bytes, which golden
// files pin. The package cites no ruleset's rules.
package report
