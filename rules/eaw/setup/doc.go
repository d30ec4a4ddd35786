// Package setup is the Empires at War part of a scenario: what EaW reads
// of a scenario file beside what every scenario has (package config reads
// that), the campaign it sets up for turn 1, and the rules it checks the
// scenario against. It also writes scenarios of any size for load tests.
//
// Load applies, to the scenario config read:
//
//   - overrides: of the eaw preset's parameters (campaign.PresetEaW);
//   - EaW 2a: each player's home is a mineral planet, nobody else's, where
//     the player's FRD and a developed mine stand; treasury: is the BPV the
//     player starts with;
//   - EaW 6.0: no unit class needs more docking points than an FRD builds
//     in a turn;
//   - EaW 1d: every system has a lane and the map is connected (EaW 1a:
//     lanes are the only way to travel);
//   - EaW 2c: each navy starts with exactly its fleets, each with a size
//     class 4 ship and a combat BPV from 175 to the first period's cap;
//   - EaW 12.0, 13.0, 16.0: a mine stands on a mineral planet, a colony on
//     a life planet, and nothing on an unknown one; one development of a
//     kind per system.
//
// Campaigns start in Y165 spring (EaW 2d) and end after Y205 (EaW 1.0,
// 4e) unless the scenario says otherwise.
//
// It builds on campaign, game and the strict-YAML kit of orders only, so
// that the packages the ruleset is made of can set up EaW campaigns in
// their tests. Like every ruleset's package it is pure.
package setup
