//go:build !unix

package install

import (
	"errors"
	"os"
)

var errWouldBlock = errors.New("lock held")

// flock is a no-op where flock(2) does not exist; installs are still atomic.
func flock(*os.File, bool) error { return nil }
