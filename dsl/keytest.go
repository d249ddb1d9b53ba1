package dsl

import (
	"regexp"
	"strings"
	"sync"
)

// keyPattern is a search pattern that names a setting, not a value: a key
// at the start of a line (^PORT=, ^export API_KEY, ^aws_access_key_id),
// or a key name written as environment files spell them (DATABASE_URL).
var keyPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(\^(export\s+)?[A-Za-z_][A-Za-z0-9_.-]*\s*=?|[A-Z][A-Z0-9]*(_[A-Z0-9]+)*=?)$`)
})

// keyTestFlags are grep's options that change neither what a key test
// prints nor which lines it reads: how the pattern is read, and the
// quiet, count and file-name outputs (one of which it needs).
var keyTestFlags = map[string]bool{
	"q": true, "quiet": true, "silent": true, "s": true, "no-messages": true,
	"c": true, "count": true, "l": true, "files-with-matches": true, "L": true, "files-without-match": true,
	"E": true, "extended-regexp": true, "F": true, "fixed-strings": true, "G": true, "basic-regexp": true,
	"w": true, "word-regexp": true, "x": true, "line-regexp": true, "i": true, "ignore-case": true,
}

// testsKey reports a grep that only tests whether a file sets a key (grep
// -q '^PORT=' .env, grep -c DATABASE_URL .env): it prints nothing of a
// line, only its exit status, a count or a file's name, and every pattern
// names a key, not part of a value. Patterns from a file (-f), context,
// -o, -v, recursion and any other option are not.
func testsKey(prog string, args []string) bool {
	switch prog {
	case "grep", "egrep", "fgrep":
	default:
		return false
	}
	patterns := grepPatterns(prog, args) // the operand that is the pattern
	quiet, named := false, false
	key := func(p string) bool {
		named = true
		return keyPattern().MatchString(p)
	}
	quietFlag := func(f string) bool {
		switch f {
		case "q", "quiet", "silent", "c", "count", "l", "files-with-matches", "L", "files-without-match":
			return true
		}
		return false
	}
	operands := false // after --
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			operands = true
			continue
		case operands || !strings.HasPrefix(a, "-") || a == "-":
			if patterns[i] && !key(a) {
				return false
			}
			continue
		}
		if long, ok := strings.CutPrefix(a, "--"); ok {
			name, v, eq := strings.Cut(long, "=")
			switch {
			case name == "regexp":
				if !eq {
					if i++; i == len(args) {
						return false
					}
					v = args[i]
				}
				if !key(v) {
					return false
				}
			case !keyTestFlags[name]:
				return false
			}
			quiet = quiet || quietFlag(name)
			continue
		}
		for j := 1; j < len(a); j++ {
			f := a[j : j+1]
			if f == "e" { // -ePAT, -qe PAT: the rest of the word, or the next
				v := a[j+1:]
				if v == "" {
					if i++; i == len(args) {
						return false
					}
					v = args[i]
				}
				if !key(v) {
					return false
				}
				break
			}
			if !keyTestFlags[f] {
				return false
			}
			quiet = quiet || quietFlag(f)
		}
	}
	return quiet && named
}
