//go:build !unix

package creds

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// lock creates path exclusively, waiting up to ten seconds; a lock older
// than a minute is taken to be left by a dead process.
func lock(path string) (func(), error) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if st, err := os.Stat(path); err == nil && time.Since(st.ModTime()) > time.Minute {
			os.Remove(path)
			continue
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%s is held by another hguard", path)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
