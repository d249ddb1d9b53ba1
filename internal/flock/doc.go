// Package flock locks between processes with a lock file beside what it
// guards: hguard processes, the daemon and hooks that read-modify-write
// the same state take the lock first.
//
// On Unix it is flock(2), which the kernel drops when the holder dies, so
// a crash leaves no stale lock. Elsewhere the lock is the lock file's
// existence (created exclusively), taken as stale after ten minutes, and a
// shared lock is an exclusive one.
package flock
