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
