// Package plugins is hguard's detector plugin contract and the host that runs
// detector plugins.
//
// A detector is a separate program that implements [Detector] and calls
// [Serve] from its main function. hguard starts it with
// github.com/hashicorp/go-plugin over gRPC, asks it to [Detector.Describe]
// itself once, then sends it every command to [Detector.Check]. Its findings
// only ever add to hguard's own: a detector can raise a verdict, never lower it.
//
// The wire format is deliberately small: two unary gRPC methods whose request
// and response are JSON documents carried in a google.protobuf.BytesValue, so
// neither side needs generated code (see docs/plugins.md).
//
// [Host] is the hguard side: it launches plugins when they are first needed,
// keeps them warm, verifies each binary's SHA-256 and permissions before it
// runs, gives every call a deadline, and turns a crash, a hang or a garbage
// answer into a finding according to the plugin's failure mode.
package plugins
