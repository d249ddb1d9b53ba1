package hguard

import (
	"os"
	"syscall"
	"time"
)

// changeTime is when the file's inode last changed (st_ctime): a write, a
// rename, a new link, and touch -d or cp -p setting an old modification
// time all set it to now, and nothing sets it back.
func changeTime(fi os.FileInfo) (time.Time, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return time.Time{}, false
	}
	return time.Unix(st.Ctim.Sec, st.Ctim.Nsec), true
}
