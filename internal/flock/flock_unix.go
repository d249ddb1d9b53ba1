//go:build unix

package flock

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// A File is a held lock.
type File struct {
	f    *os.File
	path string
}

// Lock takes a lock on path (created 0600 if missing), exclusive for
// writers or shared for readers, waiting as long as it takes.
func Lock(path string, exclusive bool) (*File, error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	return lock(path, how)
}

// TryLock takes an exclusive lock on path without waiting; when another
// process holds it the error is ErrHeld.
func TryLock(path string) (*File, error) {
	return lock(path, syscall.LOCK_EX|syscall.LOCK_NB)
}

func lock(path string, how int) (*File, error) {
	for range maxRelock {
		// Never through a symlink: a lock file planted as one would have
		// hguard create or lock a file elsewhere.
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
		if err != nil {
			return nil, err
		}
		for {
			err = syscall.Flock(int(f.Fd()), how)
			if !errors.Is(err, syscall.EINTR) {
				break
			}
		}
		switch {
		case err == nil:
			// The holder we waited for may have removed the lock file
			// (Remove): then this lock guards nothing, and the path is
			// taken again.
			held, err1 := f.Stat()
			now, err2 := os.Stat(path)
			if err1 == nil && err2 == nil && os.SameFile(held, now) {
				return &File{f: f, path: path}, nil
			}
			f.Close()
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			err = ErrHeld
		}
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	return nil, fmt.Errorf("locking %s: the lock file keeps being replaced", path)
}

// maxRelock bounds how often lock takes the path afresh after finding its
// lock file removed or replaced: Remove does that once; a file that keeps
// changing is someone else's doing, and an error.
const maxRelock = 100

// Remove deletes the lock file and releases the lock, for state that is
// gone for good. A process that was waiting for the lock then finds the
// file replaced and locks the path afresh, so it never shares a lock
// with a newcomer.
func (l *File) Remove() {
	if l != nil && l.f != nil {
		os.Remove(l.path)
		l.Unlock()
	}
}

// Unlock releases the lock; closing the file drops the flock. A nil or
// released lock is left alone.
func (l *File) Unlock() {
	if l != nil && l.f != nil {
		l.f.Close()
		l.f = nil
	}
}

// LockFile takes a lock on a file that is already open, for as long as it
// stays open or until unlock: for a file locked often, such as the audit
// log, whose lock file is opened once. Unlike Lock it cannot notice a
// removed lock file, so a file locked this way must never be removed.
func LockFile(f *os.File, exclusive bool) (unlock func(), err error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	raw, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	flock := func(how int) (err error) {
		cerr := raw.Control(func(fd uintptr) {
			for {
				if err = syscall.Flock(int(fd), how); !errors.Is(err, syscall.EINTR) {
					return
				}
			}
		})
		return errors.Join(cerr, err)
	}
	if err := flock(how); err != nil {
		return nil, fmt.Errorf("locking %s: %w", f.Name(), err)
	}
	// Through the open file, so that an unlock after Close fails instead of
	// reaching whatever file reuses the descriptor number.
	return func() { flock(syscall.LOCK_UN) }, nil
}
