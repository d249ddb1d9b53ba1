package dsl

import "strings"

// programName reduces a command name to the program it runs, for the
// name classifiers: "BASH" → "bash", "bash.exe" → "bash",
// "python3.11" → "python", "ruby3.2" → "ruby".
func programName(n string) string {
	n = strings.ToLower(n)
	n = strings.TrimSuffix(n, ".exe")
	return strings.TrimRight(n, "0123456789.-")
}

var shells = set("sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish", "csh", "tcsh", "busybox", "rbash", "posh", "oksh", "loksh", "pdksh")

var interpreters = set("python", "pypy", "node", "nodejs", "deno", "bun", "perl", "ruby", "irb", "php",
	"lua", "luajit", "tclsh", "wish", "elixir", "iex", "rscript", "r", "pwsh", "powershell", "osascript",
	"groovy", "jshell", "scala", "julia", "guile", "racket", "sbcl", "swift", "kotlin", "erl", "escript",
	"awk", "gawk", "mawk", "nawk", "expect", "cmd")

var downloaders = set("curl", "wget", "http", "https", "xh", "xhs", "aria2c", "fetch", "lwp-request",
	"lwp-download", "httpie", "curlie", "wget2", "invoke-webrequest", "iwr", "invoke-restmethod", "irm")

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// isShell reports whether name is a command shell.
func isShell(name string) bool { return shells[programName(name)] }

// isInterpreter reports whether name runs code it is given: a shell or a
// scripting language.
func isInterpreter(name string) bool {
	p := programName(name)
	return shells[p] || interpreters[p]
}

// isDownloader reports whether name fetches content from the network.
func isDownloader(name string) bool { return downloaders[programName(name)] }
