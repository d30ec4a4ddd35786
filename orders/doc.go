// Package orders is the order-language kit of pbemd: it reads a player's
// mail — orders or a request — as strict YAML with exact positions, and
// turns every mistake into a Problem with a hint. What an order means is
// the campaign's ruleset's: its Kinds read the order list and the
// preferences, and it checks and costs them (game.Ruleset.Check).
//
// It does no I/O, reads no clock and uses no randomness; it never ranges over
// a Go map without sorting. Given the same text it returns the same
// submission and problems.
//
// # Parsing
//
// [Parse] reads one mail. The text is decoded into a YAML node tree and
// walked by hand, so every mistake — a tab or a control character, an
// unknown or duplicate key, a value of the wrong type, a missing field —
// is reported with its line and column and a hint of what to send
// instead. Anchors, aliases and custom tags are refused (which also
// defeats alias bombs), input is capped at [MaxSize] bytes and nesting at
// [MaxDepth]. A mail holds one YAML document: a second one (a "---" line
// after the orders) or text after a "..." line is a problem at that line,
// and a lone "---" before the orders is fine.
//
// The header (campaign, player, turn, token, final) and the requests (an
// extension, a command, a battle result, command: mail's preferences) are
// the kit's. The order list under orders: and the preferences under
// prefs: are read with the [Kinds] of the campaign the mail names, which
// the caller finds ([KindsOf]); they come back as a [Part] only the
// ruleset reads.
//
// Every player mistake is a [Problem]; [Problems] lists them in text order
// and is the error Parse returns.
//
// # Order kinds
//
// Each ruleset registers its order kinds in one [Table], whose kinds are
// its own types and implement [Kind]: a name, an example, fields and an
// echo. The table does for them what is the same in every ruleset: it
// finds a kind by name, lists the names, words the problem with a list
// item that is not a mapping, keeps orders as JSON in the ruleset's
// [Stored] form (byte for byte what is on file), and walks each kind
// through these stages for the ruleset's tests ([Table.Walk]). Reading a
// kind's fields, its schema, its check and what it does are the ruleset's.
//
// # The strict-YAML kit
//
// Parse reads mails, rulesets read their orders, and package config reads
// the daemon's config, scenarios and battle files, with one kit: a
// [Collector] gathers the
// problems of one text, with the file's name for a file. [Collector.Document]
// reads one document and turns everything yaml.v3 would say, or not say,
// into problems with positions (tabs, control characters, syntax errors,
// anchors, aliases, tags, nesting); [Collector.Mapping] reads a mapping
// with known keys and no repeats; [Collector.Scalar], [Collector.Int],
// [Collector.Bool], [Collector.List], [Collector.Name] and
// [Collector.Names] read values of the right type; and [Collector.Suggest]
// gives the one "did you mean" all use, with one threshold and a budget
// per text.
package orders
