// Package dsl is hguard's rule language: the YAML schema of a rule, loading
// rule files from the built-ins, the user's rules.d and the project with
// positioned errors, compiling each `when` expression once with expr-lang
// against a typed environment, and evaluating a parsed command line into
// findings.
//
// A rule is evaluated at one of two scopes. At command scope (the default)
// its expression sees one simple command from [cmdline.Line.Commands] at a
// time: its resolved name, arguments, redirects, wrappers, stdin and so on;
// the `on` prefilter means most rules never run for most commands. At line
// scope it sees the whole line: the original and normalized text and the
// issues found while parsing. The environment and every helper function are
// described in one table ([Vars], [Funcs]) that docs/rules.md mirrors.
package dsl

// gen.go writes native_gen.go, the built-in conditions translated into Go.
//
//go:generate go run -tags hguardgen gen.go
