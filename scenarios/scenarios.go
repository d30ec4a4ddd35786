// Package scenarios embeds the example scenarios shipped with pbemd, so the
// demo runs from any directory.
package scenarios

import _ "embed"

// Frontier is scenarios/frontier.yaml: four empires on a map of 28 systems.
//
//go:embed frontier.yaml
var Frontier []byte
