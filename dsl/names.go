package dsl

import (
	"strings"
	"sync"
)

// programName reduces a command name to the program it runs, for the
// name classifiers: "BASH" → "bash", "bash.exe" → "bash",
// "python3.11" → "python", "ruby3.2" → "ruby".
func programName(n string) string {
	n = strings.ToLower(n)
	n = strings.TrimSuffix(n, ".exe")
	return strings.TrimRight(n, "0123456789.-")
}

var shells = nameSet{names: []string{"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish", "csh", "tcsh", "busybox", "rbash", "posh", "oksh", "loksh", "pdksh", "elvish", "rc", "sash", "xonsh", "nu", "ion", "murex", "oils-for-unix", "osh", "ysh"}}

var interpreters = nameSet{names: []string{"python", "pypy", "node", "nodejs", "deno", "bun", "perl", "ruby", "irb", "php",
	"lua", "luajit", "tclsh", "wish", "elixir", "iex", "rscript", "r", "pwsh", "powershell", "osascript",
	"groovy", "jshell", "scala", "julia", "guile", "racket", "sbcl", "swift", "kotlin", "erl", "escript",
	"awk", "gawk", "mawk", "nawk", "expect", "cmd"}}

var downloaders = nameSet{names: []string{"curl", "wget", "http", "https", "xh", "xhs", "aria2c", "fetch", "lwp-request",
	"lwp-download", "httpie", "curlie", "wget2", "invoke-webrequest", "iwr", "invoke-restmethod", "irm", "nscurl"}}

// set is a nameSet of the given names, for the sets that are not a
// package-level list of their own (a map of sets, an option table).
func set(names ...string) *nameSet { return &nameSet{names: names} }

// isShell reports whether name is a command shell.
func isShell(name string) bool { return shells.has(programName(name)) }

// isInterpreter reports whether name runs code it is given: a shell or a
// scripting language.
func isInterpreter(name string) bool {
	p := programName(name)
	return shells.has(p) || interpreters.has(p)
}

// isDownloader reports whether name fetches content from the network.
func isDownloader(name string) bool { return downloaders.has(programName(name)) }

// A nameSet is a list of names that answers has. It is declared as a
// literal (nameSet{names: []string{…}}), which the compiler lays out in the
// binary, and builds its map the first time it is asked: a set built as a
// map at start-up costs every check its allocations and hashing (about
// 0.2 ms for the package's lists in 2026-12), while a check reads few of
// them. Searching the list in order instead was slower than the map from
// a dozen names on (BenchmarkNameSet).
type nameSet struct {
	names []string
	once  sync.Once
	m     map[string]bool
}

// has reports whether name is in the set. A nil set, as a missing entry of
// a map of sets, holds nothing.
func (s *nameSet) has(name string) bool {
	if s == nil {
		return false
	}
	s.once.Do(s.build)
	return s.m[name]
}

// toMap is a new map of s's names, nil for a nil set.
func (s *nameSet) toMap() map[string]bool {
	if s == nil {
		return nil
	}
	m := make(map[string]bool, len(s.names))
	for _, n := range s.names {
		m[n] = true
	}
	return m
}

func (s *nameSet) build() {
	s.m = make(map[string]bool, len(s.names))
	for _, n := range s.names {
		s.m[n] = true
	}
}
