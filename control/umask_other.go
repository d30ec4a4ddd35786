//go:build !unix

package control

// withUmask runs fn; only unix has a umask, and Listen sets the socket's
// mode afterwards anyway.
func withUmask(mask int, fn func() error) error { return fn() }
