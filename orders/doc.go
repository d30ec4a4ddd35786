// Package orders is the order language of pbemd: it parses a player's YAML
// orders with exact positions and validates and costs them against the
// campaign state.
//
// It does no I/O, reads no clock and uses no randomness; it never ranges over
// a Go map without sorting. Given the same text and state it returns the same
// submission, costs and problems.
//
// # Parsing
//
// [Parse] reads one mail's orders. The text is decoded into a YAML node tree
// and walked by hand, so every mistake — a tab or a control character, an
// unknown or duplicate key, a value of the wrong type, a misspelt order kind,
// a missing field — is reported with its line and column and a hint of what
// to send instead.
// Anchors, aliases and custom tags are refused (which also defeats alias
// bombs), input is capped at [MaxSize] bytes, nesting at [MaxDepth] and the
// order list at [MaxOrders] items. A mail holds one YAML document: a
// second one (a "---" line after the orders) or text after a "..." line is
// a problem at that line, and a lone "---" before the orders is fine.
//
// # Validation
//
// [Validate] checks a submission against the state as its player can know it
// and costs each order, in text order, tracking where each fleet will be:
//
//   - EaW 5.0: each lane jumped, each build with mp 1 and each development
//     costs order points; the total must fit the player's budget,
//     max(3, floor(F/2)).
//   - EaW 5a: fleets move along warp lanes, once per turn.
//   - EaW 5b: one jump per fleet per turn is free from the player's own
//     developed colony.
//   - EaW 6.0, 6c, 33.0 #3: one build per FRD per turn, of known classes, at
//     most 36 docking points, paid from the treasury, into a fleet at the FRD
//     or a new one.
//   - EaW 12.0, 13.0, 12b, 13a: a mine needs a mineral planet, a colony a
//     life planet; a fleet that develops may not move afterwards (moving first
//     is allowed: digest §8 O5).
//
// Every player mistake is a [Problem]; [Problems] lists them in text order and
// is the error both functions return.
//
// # The strict-YAML kit
//
// Parse reads orders, and package config reads the daemon's config,
// scenarios and battle files, with one kit: a [Collector] gathers the
// problems of one text, with the file's name for a file. [Collector.Document]
// reads one document and turns everything yaml.v3 would say, or not say,
// into problems with positions (tabs, control characters, syntax errors,
// anchors, aliases, tags, nesting); [Collector.Mapping] reads a mapping
// with known keys and no repeats; [Collector.Scalar], [Collector.Int],
// [Collector.Bool] and [Collector.List] read values of the right type; and
// [Collector.Suggest] gives the one "did you mean" both use, with one
// threshold and a budget per text.
package orders
