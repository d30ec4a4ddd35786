package realmail

import (
	"os"
	"syscall"
)

// sysProcAttr puts a daemon in a process group of its own, so that
// signalGroup reaches the processes it forks, and has the kernel send it
// SIGTERM if the test binary dies before stopping it.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}

// signalGroup sends sig to the process group a daemon leads.
func signalGroup(p *os.Process, sig syscall.Signal) {
	syscall.Kill(-p.Pid, sig)
}
