//go:build !linux

package main

import "time"

// Without a subreaper, orphans cannot see what the command leaves: it only
// runs it.
func becomeSubreaper() error { return nil }

type process struct {
	pid     int
	command string
}

func leftovers(time.Duration) []process { return nil }

func reapWhileRunning(int, <-chan struct{}) {}
