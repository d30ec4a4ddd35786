// Package faultproxy is a TCP proxy for tests that breaks connections on
// demand. It forwards loopback connections to a mail server and can be
// switched at any time to refuse them, drop them at once, cut them in the
// middle of a command, or stall them while holding them open, so that a test
// can prove a client retries, backs off, never hangs and never busy-loops.
//
// It counts the connections it accepts, for a test to bound the client's
// attempts. It is for tests only, and it must never listen on anything but
// 127.0.0.1.
package faultproxy
