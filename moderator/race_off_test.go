//go:build !race

package moderator_test

// raceDetector says the tests were built with -race.
const raceDetector = false
