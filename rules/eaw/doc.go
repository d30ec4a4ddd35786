// Package eaw is the Empires at War ruleset behind the game seam:
// simultaneous seasonal turns, order points, secret movement with vision
// radii (EaW 5e), and a New Year step. Ruleset implements game.Ruleset,
// game.ReportedBattles and game.ScenarioGenerator: every player still in
// owes orders by one deadline (Due), and its part of a scenario file is
// package setup's.
//
// # Orders
//
// EaW's order kinds (move, develop, build, resupply, transfer, scrap,
// inspect, self_repair, install, siege, move_frd, build_frd) and its
// standing preferences (prefs: explore_bonus, explore_planet) are read
// with the order kit (package orders), which reads the header and the
// requests; Ruleset.Kinds gives the kit EaW's. Validate checks a
// submission against the state as its player can know it and costs each
// order, in text order, tracking where each fleet will be:
//
//   - EaW 5.0: each lane jumped, each build with mp 1 and each development
//     costs order points; the total must fit the player's budget,
//     max(3, floor(F/2)).
//   - EaW 5a: fleets move along warp lanes, once per turn.
//   - EaW 5b: one jump per fleet per turn is free from the player's own
//     developed colony.
//   - EaW 6.0, 6c, 33.0 #3: one build per FRD per turn, of known classes, at
//     most 36 docking points, paid from the treasury, into a fleet at the FRD
//     or a new one; a ship of more, alone, over two turns at one FRD or in
//     one at two FRDs in the same system (frds: 2).
//   - EaW 12.0, 13.0, 12b, 13a: a mine needs a mineral planet, a colony a
//     life planet; a fleet that develops may not move afterwards (moving first
//     is allowed: digest §8 O5).
//
// Timing says which orders are carried out before movement and which
// after the battles (EaW 4b); Schema is the JSON Schema of the orders
// under a campaign's rules.
//
// Each order kind is one type in a file of its own, order_<kind>.go, that
// implements Kind: its fields, and a method for each stage an order goes
// through, from reading it (parse) to its JSON Schema, its echo, its check
// and cost, its bearing on when the fleet services are carried out
// (timing, track), the step of the turn that carries it out and what that
// does (step, carryOut), to the lines the order template offers (offer).
// The table kinds registers them, and templateOrder gives the order the
// template offers them in. TestKindsWalk walks the table and fails,
// naming the kind and the stage, when a kind misses one. A new kind is
// its file, its line in each of the two lists, its tests, and its row in
// the README's table of orders, with its rule readings in
// docs/rules-eaw.md; docs/orders.schema.json follows (-update).

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
// report): the text, HTML and JSON reports, the maps, wide and for a
// phone (the view as a report.Map), the order template, a confirmation's
// echo and costs, and a welcome's example orders. Every renderer takes
// only a View, so a report cannot show what its player cannot see.
//
// Like everything behind the seam it is pure: no I/O, no clock, no global
// randomness, and no ranging over unsorted maps. Given the same state and
// orders it returns the same next state, events and views, byte for byte
// once marshalled, and the same view gives the same report bytes, which
// golden files pin. That is what makes replay, rollback, preview and
// golden tests possible.
package eaw
