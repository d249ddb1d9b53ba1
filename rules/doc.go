// Package rules holds hguard's built-in rule packs: one YAML file a topic,
// embedded in the binary. rules_test.go runs every rule's own match and
// nomatch examples, and scores the built-ins on the peers' corpora.
package rules

import "embed"

// FS holds the built-in rule files, *.yaml at its root.
//
//go:embed *.yaml
var FS embed.FS
