package flock

import (
	"errors"
	"fmt"
	"time"
)

// ErrHeld is what TryLock and LockTimeout return when another process
// holds the lock.
var ErrHeld = errors.New("held by another process")

// LockTimeout takes an exclusive lock on path, waiting up to timeout.
func LockTimeout(path string, timeout time.Duration) (*File, error) {
	deadline := time.Now().Add(timeout)
	for {
		f, err := TryLock(path)
		if !errors.Is(err, ErrHeld) {
			return f, err
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
