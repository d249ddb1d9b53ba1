// Package daemon serves an approval.Engine on a unix socket,
// $HGUARD_HOME/state/daemon.sock (`hguard daemon`), so that a check costs a
// round trip instead of a process start-up, with rules compiled and
// detector plugins started once. It also keeps the approval queue: a caller
// with no terminal (an agent, a remote shell) waits in it until a person
// answers with `hguard approve` or `hguard deny`, or
// approvals.gateway_timeout passes (deny).
//
// The protocol is one JSON object a line each way, one request at a time
// per connection. Only the daemon's own user may connect: the socket is
// 0600 in a 0700 directory and every peer's uid is checked (SO_PEERCRED).
// [Client] is its client, and [Open] gives a caller the daemon when one
// runs, else an Engine of its own.
package daemon
