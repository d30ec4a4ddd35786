// Package eaw is the Empires at War ruleset behind the game seam:
// simultaneous seasonal turns, order points, secret movement with vision
// radii (EaW 5e), and a New Year step. It implements game.Ruleset and
// game.ReportedBattles over the EaW resolution (package resolver) and the
// order checks (package orders).
//
// It renders its views itself, with the report kit (package report): the
// text, HTML and JSON reports, the map (the view as a report.Map), the
// order template, a confirmation's echo and costs, and a welcome's
// example orders. Reports are rendered from a View and nothing else, so a
// report cannot show what its player cannot see.
//
// Like everything behind the seam it is pure: no I/O, no clock, no global
// randomness, and the same input gives the same bytes, which golden files
// pin.
package eaw
