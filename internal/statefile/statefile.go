// Package statefile holds what every stateful domain of hguard shares about
// its files under $HGUARD_HOME/state: where they live, and a cheap stamp
// that tells one version of a file from the next.
//
// Every write there is a whole new file renamed over the old one
// (internal/atomicfile), and every read-modify-write holds an flock on a
// sibling ".lock" file (internal/flock), so hguard processes and the daemon
// that touch the same file never interleave.
package statefile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
)

// Dir is $HGUARD_HOME/state, created private to the user.
func Dir(home string) (string, error) {
	if home == "" {
		return "", errors.New("no hguard home: set HGUARD_HOME or HOME")
	}
	dir := filepath.Join(home, "state")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	return dir, nil
}

// Stamp identifies one version of a file cheaply: a rename gives a new
// inode, an edit in place a new size or mtime.
type Stamp struct {
	Ino, Size, Mtime int64
}

// StampOf is the stamp of the file fi describes.
func StampOf(fi os.FileInfo) Stamp {
	st := Stamp{Size: fi.Size(), Mtime: fi.ModTime().UnixNano()}
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		st.Ino = int64(sys.Ino)
	}
	return st
}
