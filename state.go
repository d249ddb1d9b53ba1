package hguard

import (
	"errors"
	"fmt"
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

// fileLock is an flock held on a lock file.
type fileLock struct{ f *os.File }

// lockFile takes an flock on path (created if missing): exclusive for
// writers, shared for readers. It blocks until the lock is free.
func lockFile(path string, exclusive bool) (*fileLock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		err = syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	return &fileLock{f: f}, nil
}

// tryLockFile takes an exclusive flock without waiting; ok is false when
// another process holds it.
func tryLockFile(path string) (l *fileLock, ok bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, false, err
	}
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		f.Close()
		return nil, false, nil
	}
	if err != nil {
		f.Close()
		return nil, false, fmt.Errorf("locking %s: %w", path, err)
	}
	return &fileLock{f: f}, true, nil
}

// Unlock releases the lock; closing the file drops the flock.
func (l *fileLock) Unlock() {
	if l != nil && l.f != nil {
		l.f.Close()
		l.f = nil
	}
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
