// Package audit keeps hguard's audit log, $HGUARD_HOME/audit.jsonl: every
// decision and every answer, one JSON object a line.
//
// The log is append-only and each record carries the hash of the one before
// it, so an edited, inserted or deleted record breaks the chain that
// [Verify] walks (`hguard audit verify`). Past a size the log rotates to
// audit.jsonl.1, .2, …; the chain runs on across the files. Cutting records
// off the end leaves a valid shorter chain: keep the head hash that Verify
// reports somewhere else to detect that.
package audit
