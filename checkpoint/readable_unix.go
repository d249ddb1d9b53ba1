//go:build unix

package checkpoint

import (
	"io/fs"
	"syscall"
)

// readable reports whether this process can read the file: git would stop
// the whole snapshot at an unreadable one. Only files that are not readable
// by everyone cost a system call.
func readable(path string, info fs.FileInfo) bool {
	if info.Mode().Perm()&0o004 != 0 {
		return true
	}
	return syscall.Access(path, 4 /* R_OK */) == nil
}

// alive reports whether a process with this id exists (a gc.pid check).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}

// diskUsage is the space a file takes on disk, as du counts it.
func diskUsage(info fs.FileInfo) int64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return int64(st.Blocks) * 512
	}
	return info.Size()
}
