// Package config loads and checks the files users write for pbemd: the
// daemon's config (Load, Parse), a GM's scenario (LoadScenario,
// ParseScenario) and battle files for the battle simulator (LoadBattle,
// ParseBattle).
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
// A scenario is turn 1 of a campaign. Its rules: names the ruleset the
// campaign plays (eaw if it names none), which a caller's game.Registry
// holds. This package reads what every scenario has: the campaign's name,
// title and seed, its dates, the deadline schedule, the GM, moderation,
// the players with their names and addresses, the map, the unit
// catalogue, the starting fleets and developments. It checks that they
// are well formed and refer to one another, and hands the rest to the
// ruleset (game.Ruleset.LoadScenario), which reads its own keys (such as
// overrides of its parameters and the players' homes), sets the campaign
// up and checks it against its rules. Problems keep their positions,
// whoever finds them.
//
// A battle file takes only the unit catalogue of a scenario it names
// (ParseCatalogue), whatever its ruleset.
//
// This package may import only campaign, orders and game from pbemd.
package config
