//go:build !linux

package realmail

import (
	"os"
	"syscall"
)

// sysProcAttr is nil outside Linux, which realmail is written for: the
// daemon stays in the test's process group.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// signalGroup sends sig to the daemon itself.
func signalGroup(p *os.Process, sig syscall.Signal) { p.Signal(sig) }
