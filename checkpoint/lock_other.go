//go:build !unix

package checkpoint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// lockFile takes an exclusive lock by creating path; a lock older than
// ten minutes is taken to be left by a crash.
func lockFile(path string, timeout time.Duration) (func(), error) {
	deadline := time.Now().Add(timeout)
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if fi, err := os.Stat(path); err == nil && time.Since(fi.ModTime()) > 10*time.Minute {
			os.Remove(path)
			continue
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%s is held by another process", path)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
