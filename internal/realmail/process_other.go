//go:build !linux

package realmail

import (
	"os"
	"syscall"
)

// sysProcAttr is nil outside Linux, which realmail is written for: the
// daemon stays in the test's process group.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// killGroup kills the daemon itself.
func killGroup(p *os.Process) { p.Kill() }
