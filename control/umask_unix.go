//go:build unix

package control

import (
	"sync"
	"syscall"
)

// umaskMu keeps two Listens in one process (tests) from restoring each
// other's umask; the umask is process state already, not ours.
var umaskMu sync.Mutex

// withUmask runs fn with the process umask set to mask. The umask is
// process-wide: a file another goroutine creates meanwhile gets at most
// the narrower mode, never a wider one, when mask only adds bits.
func withUmask(mask int, fn func() error) error {
	umaskMu.Lock()
	defer umaskMu.Unlock()
	old := syscall.Umask(mask)
	syscall.Umask(old | mask) // keep what the operator's umask hides too
	defer syscall.Umask(old)
	return fn()
}
