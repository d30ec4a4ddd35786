// Package game is the seam between the pbemd daemon and the campaign
// systems it runs. The daemon (moderator, store, control, mail, cmd) knows
// no ruleset: it finds a campaign's Ruleset in a Registry by the name its
// state carries, and asks it everything that depends on the rules — who
// is due and by when, whether orders are valid and what they cost, what
// a turn does, what each player may see, and how a report reads.
//
// A Ruleset is pure, like everything below it: no I/O, no clock, no
// global randomness, and the same state, orders and seed give the same
// bytes. Its views, events and reports cross the seam as the types here.
//
// This package holds only what every ruleset shares: the Ruleset
// interface and its optional add-ons (ReportedBattles,
// ScenarioGenerator, Sequential, TurnOrder, Calendar and the others
// beside them), who owes orders by when (Due), the part of a scenario
// file a ruleset loads (ScenarioPart), the Event a resolution reports,
// the clocks the daemon keeps of what a turn waits on (Clock), the
// rendered Report, and the Registry.
package game
