package dsl

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Native conditions are the built-in rules' expressions translated into Go
// when the rules are generated (native_gen.go, by go generate ./dsl), so
// that a check in a fresh process compiles nothing. Compiling the dozen or
// so conditions a command meets with expr cost more than the rest of the
// check together: parsing, type-checking and code generation, and the page
// faults of running that code for the first time.
//
// A native condition is found by its exact text and scope, so a rule file
// that repeats a built-in condition gets it too; any other condition, and
// any built-in one the translator cannot express, is compiled with expr as
// before. TestNativeAgreesWithExpr runs both on every command of the rule
// examples and the peers' corpora, and FuzzNative on any command.

// A nativeCond is a condition in Go. It takes the rule environment
// (*CommandEnv or *LineEnv) and may panic where expr would fail at run
// time (an index out of range); runNative turns that into an error.
type nativeCond func(env any) bool

func (r *Rule) runNative(env any) (matched bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	return r.native(env), nil
}

// The helpers below are what the generated code calls: expr's built-ins
// and operators, with expr's semantics where Go's differ.

func anyOf[T any](list []T, pred func(T) bool) bool { return slices.ContainsFunc(list, pred) }

func allOf[T any](list []T, pred func(T) bool) bool {
	for _, v := range list {
		if !pred(v) {
			return false
		}
	}
	return true
}

func filterOf[T any](list []T, pred func(T) bool) []T {
	var out []T
	for _, v := range list {
		if pred(v) {
			out = append(out, v)
		}
	}
	return out
}

func mapOf[T, U any](list []T, f func(T) U) []U {
	out := make([]U, len(list))
	for i, v := range list {
		out[i] = f(v)
	}
	return out
}

// in is `s in ["a", "b"]`.
func in(s string, set ...string) bool { return slices.Contains(set, s) }

func keysOf(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func valuesOf(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// bounds is expr's slice arithmetic: negative bounds count from the end,
// and both are clamped to the length.
func bounds(n, from, to int) (int, int) {
	if from < 0 {
		from = max(n+from, 0)
	}
	if to < 0 {
		to = max(n+to, 0)
	}
	to = min(to, n)
	from = min(from, to)
	return from, to
}

// sliceOf is list[from:to], and substr s[from:to] (in bytes), as expr
// slices: never out of range.
func sliceOf[T any](list []T, from, to int) []T {
	from, to = bounds(len(list), from, to)
	return list[from:to]
}

func substr(s string, from, to int) string {
	from, to = bounds(len(s), from, to)
	return s[from:to]
}

// index is list[i] as expr indexes: a negative i counts from the end; out
// of range is a run-time error.
func index[T any](list []T, i int) T {
	if i < 0 {
		i += len(list)
	}
	if i < 0 || i >= len(list) {
		panic(fmt.Sprintf("index out of range: %d (array length is %d)", i, len(list)))
	}
	return list[i]
}

// matchRe is `s matches "…"`.
func matchRe(re *lazyRegexp, s string) bool {
	ok, err := re.match(s)
	if err != nil {
		panic(err)
	}
	return ok
}

// matchReWith is `s matches "…"` for a regexp every match of which
// contains lit (requiredLiteral): without lit the regexp is neither
// compiled nor run.
func matchReWith(re *lazyRegexp, lit, s string) bool {
	return strings.Contains(s, lit) && matchRe(re, s)
}

// matchReFold is matchReWith for text that matches in any ASCII case;
// lower is in lower case (requiredLiteral). A long text goes to the
// regexp, which remembers its answer (a line judged once per command).
func matchReFold(re *lazyRegexp, lower, s string) bool {
	if len(s) >= memoLen {
		return matchRe(re, s)
	}
	return containsFold(s, lower) && matchRe(re, s)
}

// matchReAny is `s matches "…"` for a regexp every match of which
// contains one of lits, NUL-separated and in lower case (requiredAny):
// without any of them, in any ASCII case, the regexp is neither compiled
// nor run. Text with other bytes goes to the regexp: under (?i) ſ and K
// (U+017F, U+212A) match s and k.
func matchReAny(re *lazyRegexp, lits, s string) bool {
	if len(s) >= memoLen || !isASCII(s) {
		return matchRe(re, s)
	}
	for rest := lits; rest != ""; {
		var lit string
		lit, rest, _ = strings.Cut(rest, "\x00")
		if containsFold(s, lit) {
			return matchRe(re, s)
		}
	}
	return false
}

// containsFold reports whether s contains lower in any ASCII case.
func containsFold(s, lower string) bool {
	for i := 0; i+len(lower) <= len(s); i++ {
		j := 0
		for ; j < len(lower); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lower[j] {
				break
			}
		}
		if j == len(lower) {
			return true
		}
	}
	return false
}

// computedRegexps caches the patterns matchComputed compiles, at most
// maxComputedRegexps of them (a daemon sees lines without end).
var (
	computedRegexps  sync.Map // string → *regexp.Regexp
	computedRegexpsN atomic.Int32
)

const maxComputedRegexps = 256

// matchComputed is `s matches pattern` for a pattern built at run time:
// compiled on first use and kept; a bad pattern is a run-time error, as in
// expr.
func matchComputed(pattern, s string) bool {
	if re, ok := computedRegexps.Load(pattern); ok {
		return re.(*regexp.Regexp).MatchString(s)
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		panic(err)
	}
	if computedRegexpsN.Add(1) <= maxComputedRegexps {
		computedRegexps.Store(pattern, re)
	}
	return re.MatchString(s)
}
