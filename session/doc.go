// Package session keeps what hguard remembers about one session: a shell or
// one agent conversation. Its approvals, YOLO switch and denial counts never
// reach another session.
//
// A session's state is a JSON file, $HGUARD_HOME/state/sessions/ID.json, so
// the session id becomes a file name and is restricted to a safe alphabet
// ([ValidID]). A [Store] reads and writes the files atomically under an
// flock, keeps what it read in memory until the file changes on disk, sets
// a corrupt file aside (an empty session approves nothing), and prunes the
// state of sessions unused for a while.
package session
