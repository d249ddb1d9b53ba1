package dsl

import (
	"slices"
	"strings"

	"github.com/hguard/hguard/dsl/cmdline"
)

// captureShowers print the words they are given or, for a process
// substitution, the file they are given: a capture handed to them reaches
// the screen as the command's own output would.
var captureShowers = map[string]bool{"echo": true, "printf": true, "print": true, "cat": true, "tac": true, "head": true,
	"tail": true, "less": true, "more": true, "nl": true, "paste": true, "column": true, "fold": true, "fmt": true, "rev": true,
	"base64": true, "xxd": true, "od": true, "hexdump": true, "strings": true, "sort": true, "uniq": true, "tee": true, "diff": true}

// capturePrinted reports a command inside a command or process
// substitution whose output the line prints all the same: the substitution
// is a word of a printer (echo "$(gpg --export-secret-keys -a)", cat
// <(secret-tool lookup x)), or it fills a variable a printer is then given
// (T=$(vault kv get …); echo $T). The printer must show its output: the
// last of its pipeline, not itself captured or run by a program, its
// standard output not sent to a file. A capture a program takes as a value
// (export TOKEN=$(…), docker login -p "$(…)") is not printed.
func capturePrinted(c *cmdline.Command, line *cmdline.Line) bool {
	if c == nil || line == nil || len(c.Via) == 0 || c.Source == "" {
		return false
	}
	switch c.Via[len(c.Via)-1] {
	case "$(…)", "<(…)":
	default:
		return false
	}
	held := func(text string) bool {
		for _, open := range []string{"$(", "<(", "`", "("} {
			if i := strings.Index(text, open); i >= 0 && strings.Contains(text[i:], c.Source) {
				return true
			}
		}
		return false
	}
	// the variables the substitution fills, in the text that holds it
	// (the line's own, or a carrier's: bash -c 'T=$(…); echo $T')
	holder := c.Via[:len(c.Via)-1]
	var names []string
	for _, e := range line.Commands {
		if e == c || !slices.Equal(e.Via, holder) {
			continue
		}
		for _, a := range e.Assigns {
			if held(a.Value.Value) && e.Name == ":" {
				names = append(names, a.Name)
			}
		}
		if declarers[e.Name] {
			for _, w := range e.Args {
				if n, v, ok := strings.Cut(w.Value, "="); ok && held(v) && variableName(n) {
					names = append(names, n)
				}
			}
		}
	}
	for _, e := range line.Commands {
		if e == c || !captureShowers[e.Name] || len(e.Via) > 0 && !showsOutput(e.Via[len(e.Via)-1]) ||
			e.Pipe.Index != e.Pipe.Len-1 || slices.ContainsFunc(e.Redirects, func(r cmdline.Redirect) bool {
			return (r.Op == ">" || r.Op == ">>" || r.Op == ">|" || r.Op == "&>" || r.Op == "&>>") && (r.Fd == "" || r.Fd == "1")
		}) {
			continue
		}
		for _, w := range e.Args {
			if !w.Dynamic {
				continue
			}
			if held(w.Value) || slices.ContainsFunc(names, func(n string) bool { return mentionsVariable(w.Value, n) }) {
				return true
			}
		}
	}
	return false
}

// variableName reports a shell variable's name: letters, digits and _,
// not starting with a digit.
func variableName(s string) bool {
	if s == "" || '0' <= s[0] && s[0] <= '9' {
		return false
	}
	for i := range len(s) {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// mentionsVariable reports text expanding the variable name ($T, ${T},
// ${T:-x}), not a longer name that starts with it ($TOKEN for T).
func mentionsVariable(text, name string) bool {
	for _, open := range []string{"$" + name, "${" + name} {
		for rest := text; ; {
			i := strings.Index(rest, open)
			if i < 0 {
				break
			}
			rest = rest[i+len(open):]
			if rest == "" || !isNameByte(rest[0]) {
				return true
			}
		}
	}
	return false
}
