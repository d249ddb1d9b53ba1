package hguard

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"

	"github.com/hguard/hguard/internal/atomicfile"
)

// State files live under $HGUARD_HOME/state. Every write is a whole new
// file renamed over the old one (never a partial file), and every
// read-modify-write holds an flock on a sibling ".lock" file, so hguard
// processes and the daemon that touch the same file never interleave.

// writeFileAtomic replaces path with data: a temporary file in the same
// directory, fsynced, renamed over path, and the directory fsynced, so a
// crash leaves either the old file or the new one.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	return atomicfile.Write(path, data, perm)
}

// stateDir is $HGUARD_HOME/state, created private to the user.
func stateDir(home string) (string, error) {
	if home == "" {
		return "", errors.New("no hguard home: set HGUARD_HOME or HOME")
	}
	dir := filepath.Join(home, "state")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	return dir, nil
}

// fileStamp identifies one version of a file cheaply: a rename gives a new
// inode, an edit in place a new size or mtime.
type fileStamp struct {
	ino, size, mtime int64
}

func stampOf(fi os.FileInfo) fileStamp {
	st := fileStamp{size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		st.ino = int64(sys.Ino)
	}
	return st
}
