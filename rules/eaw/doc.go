// Package eaw is the Empires at War ruleset behind the game seam:
// simultaneous seasonal turns, order points, secret movement with vision
// radii (EaW 5e), and a New Year step. It implements game.Ruleset and
// game.ReportedBattles over the EaW resolution (package resolver), the
// order checks (package orders) and the report renderers (package
// templates).
//
// Like everything behind the seam it is pure: no I/O, no clock, no global
// randomness.
package eaw
