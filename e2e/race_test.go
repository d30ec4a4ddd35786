//go:build race

package e2e_test

// raceEnabled builds the daemon with the race detector too.
const raceEnabled = true
