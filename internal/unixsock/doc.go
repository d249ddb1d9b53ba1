// Package unixsock is a unix stream socket for the daemon and its
// clients, built on os.File and the runtime's poller instead of package
// net.
//
// Why not net: importing net links the cgo DNS resolver, which makes
// hguard a dynamically linked program, and the dynamic loader costs about
// a millisecond on every start — on every Enter in a hooked shell. A unix
// socket needs none of net's machinery: a non-blocking descriptor wrapped
// by os.NewFile gets deadlines and close-to-unblock from the same poller.
//
// Peer credentials come from SO_PEERCRED on Linux and LOCAL_PEERCRED on
// macOS. Elsewhere every call fails with an error matching
// errors.ErrUnsupported, and hguard decides in-process without a daemon.
package unixsock
