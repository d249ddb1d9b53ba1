// Package hguard decides, before a shell command runs, whether it may run
// (allow), needs a person's approval (ask), or must never run (block).
//
// A [Guard] holds the compiled rules: the built-ins embedded in the binary,
// the user's $HGUARD_HOME/rules.d/*.yaml and the project's
// .hguard/rules.yaml, which may only tighten. [Guard.Check] parses a command
// line with dsl/cmdline, evaluates the rules with dsl and returns a
// [Verdict]: the strictest finding wins.
package hguard

// gen.go writes builtin_gen.go, the built-in rule packs (rules/*.yaml) as
// Go data.
//
//go:generate go run gen.go
