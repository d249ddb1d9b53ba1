package checkpoint

import (
	"io/fs"
	"syscall"
)

// statEntry is the stat data git would record for a file of this lstat
// result, truncated to 32 bits as the index stores it (st_dev is not
// compared by git on Linux).
func statEntry(info fs.FileInfo) (indexEntry, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return indexEntry{}, false
	}
	mode, ok := indexMode(info.Mode())
	if !ok {
		return indexEntry{}, false
	}
	return indexEntry{
		ctimeSec: uint32(st.Ctim.Sec), ctimeNsec: uint32(st.Ctim.Nsec),
		mtimeSec: uint32(st.Mtim.Sec), mtimeNsec: uint32(st.Mtim.Nsec),
		ino: uint32(st.Ino), mode: mode, uid: st.Uid, gid: st.Gid, size: uint32(st.Size),
	}, true
}
