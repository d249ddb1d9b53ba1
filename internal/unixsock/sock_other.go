//go:build !linux && !darwin

package unixsock

import (
	"errors"
	"fmt"
	"runtime"
)

var errUnsupported = fmt.Errorf("unix sockets with peer credentials on %s: %w", runtime.GOOS, errors.ErrUnsupported)

func newSocket() (int, error)  { return -1, errUnsupported }
func accept(int) (int, error)  { return -1, errUnsupported }
func peerUID(int) (int, error) { return -1, errUnsupported }
func peerPID(int) (int, error) { return -1, errUnsupported }
