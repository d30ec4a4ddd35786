// Package eaw is the Empires at War ruleset behind the game seam:
// simultaneous seasonal turns, order points, secret movement with vision
// radii (EaW 5e), and a New Year step. Ruleset implements game.Ruleset and
// game.ReportedBattles; the order checks are package orders'.
//
// # Resolution
//
// Resolve computes the next turn of a campaign and what each player gets
// to see of it. A turn runs in rule order (EaW 2.0, 4.0–4b): builds that
// may move this turn, movement with pinning and lane meetings (EaW 5a, 5c,
// 19a), the meetings of hostile fleets as pending battles, developments
// and the other builds (EaW 6.0, 12.0, 13.0), New Year income after winter
// (EaW 3c, 12a), and finally vision (EaW 5e), which yields each player's
// View.
//
// # Reports
//
// The package renders its views itself, with the report kit (package
// report): the text, HTML and JSON reports, the map (the view as a
// report.Map), the order template, a confirmation's echo and costs, and a
// welcome's example orders. Every renderer takes only a View, so a report
// cannot show what its player cannot see.
//
// Like everything behind the seam it is pure: no I/O, no clock, no global
// randomness, and no ranging over unsorted maps. Given the same state and
// orders it returns the same next state, events and views, byte for byte
// once marshalled, and the same view gives the same report bytes, which
// golden files pin. That is what makes replay, rollback, preview and
// golden tests possible.
package eaw
