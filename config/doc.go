// Package config loads and checks the files users write for pbemd: the
// daemon's config (Load, Parse), a GM's scenario (LoadScenario,
// ParseScenario) and battle files for the battle simulator (LoadBattle,
// ParseBattle), and generates large scenarios for benchmarks
// (GenerateScenario).
//
// Every file is parsed strictly, with the strict-YAML kit of package
// orders that players' orders are read with too. A problem in a file — a
// syntax error, an unknown or duplicate key, a value of the wrong type, a
// reference to a system that is not on the map — is an orders.Problem with
// the file, line and column, and a loader reports every problem it finds,
// in file order, as orders.Problems. Problems say what is wrong and what to
// write instead.
//
// The files are untrusted: they are capped in size, values and depth, and
// YAML anchors and aliases are refused, so an alias bomb cannot blow up
// memory. The package
// never reads passwords from a config file; IMAP.Password and SMTP.Password
// read them from a file or an environment variable.
//
// # Scenarios
//
// A scenario is turn 1 of a campaign: the map, the unit catalogue, the
// players with their homes, starting fleets and developments, the rules
// preset with its overrides, and the deadline schedule. The loader applies
// the Empires at War setup (EaW 2a): each player's home is a mineral planet
// holding the player's FRD and a developed mine. It checks the map against
// EaW 1d (every system has a lane, lanes join two different systems, the
// map is connected) and developments against the planet they stand on
// (EaW 12.0, 13.0).
//
// This package may import only campaign and orders from pbemd.
package config
