//go:build unix

package plugins

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts the plugin in a process group of its own, so that it and
// anything it started can be killed together, and a Ctrl-C meant for the
// shell does not reach it.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killGroup(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	_ = p.Kill()
}
