//go:build unix && !linux

package plugins

import "syscall"

// dieWithParent: no parent-death signal here; killGroup and the plugin's
// own stdin closing end it.
func dieWithParent(*syscall.SysProcAttr) {}
