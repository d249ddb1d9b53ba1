package tirith

import (
	"os"
	"syscall"
)

func stampOf(fi os.FileInfo) (stamp, bool) {
	s, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return stamp{}, false
	}
	return stamp{dev: int64(s.Dev), ino: int64(s.Ino), size: s.Size, mtime: s.Mtim.Nano(), ctime: s.Ctim.Nano()}, true
}
