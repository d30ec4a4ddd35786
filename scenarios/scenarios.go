// Package scenarios holds the example scenarios that ship with pbemd, as
// bytes for config.ParseScenario. It only embeds files; it parses nothing.
package scenarios

import _ "embed"

// Frontier is frontier.yaml: "Frontier Wars", four players on a 28-system
// map under the Empires at War rules, with addresses at example.test for
// the demo and tests. Treat it as read-only.
//
//go:embed frontier.yaml
var Frontier []byte

// Thunderdome is thunderdome.yaml: "Thunderdome IV", four players on a
// 16-sector map under the Thunderdome IV rules, with addresses at
// example.test for the demo and tests. Treat it as read-only.
//
//go:embed thunderdome.yaml
var Thunderdome []byte
