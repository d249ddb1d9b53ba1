// Package creds keeps the registry of credential files that may be mounted
// into a sandbox (a Docker container, a remote host) for one session.
//
// A registered path is relative to $HGUARD_HOME, must exist, and must stay
// inside $HGUARD_HOME once every symlink is resolved: a "data" symlink to
// /etc cannot smuggle out data/shadow. Paths are recorded per session, and
// a path that overlaps one registered by another session is refused, so one
// session's credentials never appear in another's mounts. Everything is
// checked again when the mounts are made, not only when a path is added.
//
// A directory that contains symlinks is copied to a symlink-free directory
// before it is mounted; [MountSet.Close] removes the copies.
//
// The registry lives in $HGUARD_HOME/state/creds.json. Every change holds
// an exclusive lock ($HGUARD_HOME/state/creds.lock) and replaces the file
// atomically (temp file and rename). A corrupt file is moved aside, never
// silently reused or dropped.
package creds
