package tirith

import (
	"os/exec"
	"syscall"
)

// dieWithParent has Linux kill the warm tirith server when the detector
// dies, however it dies; elsewhere it ends at the end of its input, which
// the detector's exit closes.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
