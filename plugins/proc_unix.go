//go:build unix

package plugins

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts the plugin in a process group of its own, so that it and
// anything it started can be killed together, and a Ctrl-C meant for the
// shell does not reach it. Where the system can (Linux), the plugin is
// also killed when the process that started it dies, however it dies: a
// killed hguard-plugins leaves no orphaned detector behind.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
}

func killGroup(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	_ = p.Kill()
}
