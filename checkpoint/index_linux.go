package checkpoint

import (
	"io/fs"
	"syscall"

	"golang.org/x/sys/unix"
)

// statEntry is the stat data git would record for a file of this lstat
// result, truncated to 32 bits as the index stores it (st_dev is not
// compared by git on Linux).
func statEntry(info fs.FileInfo) (indexEntry, bool) {
	mode, ok := indexMode(info.Mode())
	if !ok {
		return indexEntry{}, false
	}
	switch st := info.Sys().(type) {
	case *syscall.Stat_t: // os.Lstat's
		return indexEntry{
			ctimeSec: uint32(st.Ctim.Sec), ctimeNsec: uint32(st.Ctim.Nsec),
			mtimeSec: uint32(st.Mtim.Sec), mtimeNsec: uint32(st.Mtim.Nsec),
			ino: uint32(st.Ino), mode: mode, uid: st.Uid, gid: st.Gid, size: uint32(st.Size),
		}, true
	case *unix.Stat_t: // the walk's (openDir)
		return indexEntry{
			ctimeSec: uint32(st.Ctim.Sec), ctimeNsec: uint32(st.Ctim.Nsec),
			mtimeSec: uint32(st.Mtim.Sec), mtimeNsec: uint32(st.Mtim.Nsec),
			ino: uint32(st.Ino), mode: mode, uid: st.Uid, gid: st.Gid, size: uint32(st.Size),
		}, true
	}
	return indexEntry{}, false
}
