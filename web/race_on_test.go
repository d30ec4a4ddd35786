//go:build race

package web_test

// raceDetector says the tests were built with -race.
const raceDetector = true
