package realmail

import (
	"os"
	"syscall"
)

// sysProcAttr puts a daemon in a process group of its own, so that
// killGroup reaches the processes it forks, and has the kernel send it
// SIGTERM if the test binary dies before stopping it.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}

// killGroup kills the process group a daemon leads.
func killGroup(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
}
