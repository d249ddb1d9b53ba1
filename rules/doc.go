// Package rules holds hguard's built-in rule packs: one YAML file a topic,
// embedded in the binary. rules_test.go runs every rule's own match and
// nomatch examples, and scores the built-ins on the peers' corpora.
//
// hguard does not parse these files when it starts: the root package holds
// the same rules as Go data in builtin_gen.go, generated from them (parsing
// YAML would cost milliseconds on every Enter). After editing a file here,
// run go generate . in the module's root (or go generate ./...);
// TestBuiltinGenerated fails until the two agree.
package rules

import "embed"

// FS holds the built-in rule files, *.yaml at its root.
//
//go:embed *.yaml
var FS embed.FS
