//go:build !unix

package flock

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// stale is the age past which a lock file is taken to be left by a crash.
const stale = 10 * time.Minute

// A File is a held lock.
type File struct{ path string }

// Lock takes a lock on path, waiting as long as it takes; shared locks
// are exclusive here.
func Lock(path string, exclusive bool) (*File, error) {
	for {
		f, err := TryLock(path)
		if !errors.Is(err, ErrHeld) {
			return f, err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TryLock takes the lock on path without waiting; when another process
// holds it the error is ErrHeld.
func TryLock(path string) (*File, error) {
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			f.Close()
			return &File{path: path}, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if fi, err := os.Stat(path); err == nil && time.Since(fi.ModTime()) > stale {
			os.Remove(path)
			continue
		}
		return nil, fmt.Errorf("locking %s: %w", path, ErrHeld)
	}
}

// Unlock releases the lock. A nil or released lock is left alone.
func (l *File) Unlock() {
	if l != nil && l.path != "" {
		os.Remove(l.path)
		l.path = ""
	}
}

// Remove releases the lock; here that deletes the lock file already.
func (l *File) Remove() { l.Unlock() }

// LockFile is a no-op here: an open file cannot be locked without
// flock(2). (hguard's callers build only where flock(2) exists.)
func LockFile(f *os.File, exclusive bool) (unlock func(), err error) { return func() {}, nil }
