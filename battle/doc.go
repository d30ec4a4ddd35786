// Package battle fights a space battle automatically: the "battles: auto"
// engine of seed-tactical §4, built from three tactical rulesets. It is
// pure: no I/O, no clock, no global randomness, integer arithmetic only,
// and it never ranges over a Go map. The same Setup always gives the same
// Outcome, byte for byte.
//
// # Rules
//
// Fire follows Babylon 5 Wars Fleet Action (B5): a ship rolls one
// fire-control die per point of Attack, adds its Sensor, and hits when the
// total reaches the target's Def plus the range modifier; each hit's damage
// die against Armor gives a minor, moderate or severe hit on structure and
// systems; a lost squadron commander or flagship cuts fire; squadron morale
// is a ladder of d12 checks. Break-off, surprise, arrival rounds, leaders
// and escape pods follow the Starships chapter (001 §7.4). docs/battles.md
// gives every step with its rule number and every reading of an ambiguous
// rule; the code cites the same numbers.
//
// # Dice
//
// Every die comes from one math/rand/v2 PCG seeded with Setup.Seed, in a
// fixed draw order (docs/battles.md, "Draw order"), and every roll is an
// Event in the Outcome's log. A change to a rule or to the draw order bumps
// Version.
package battle
