package cmdline

import (
	"sort"
	"strings"
)

// pyImport is one import a Python text makes: a statement's module (import
// a.b, from a.b import c: "a.b"; from . import c: "."; from ..p import c:
// "..p", its relative dots kept) and the names it takes from it, which
// may be submodules (c); or a call's (__import__("x"),
// importlib.import_module("x")). Start says the statement begins its line
// (after its indentation: inside a function or a try block too), not
// after a ";" or a ":" on it; Code that it is not in a comment or a
// string. Each reader keeps the imports it needs.
type pyImport struct {
	Module string
	Names  []string
	Call   bool
	Start  bool
	Code   bool
}

// pyImportText finds Python's import statements and import calls: from M
// import NAMES (NAMES in brackets over several lines too, or *), import
// NAMES, each NAME with its "as ALIAS"; __import__("M") and
// import_module("M").
var pyImportText = lazyRegexp(`\bfrom\s+(\.*[\w.]*)\s+import\s*(?:\(([^)]*)\)|(\*|[\w.]+(?:\s+as\s+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:\s+as\s+\w+)?)*))|\bimport\s+([\w.]+(?:\s+as\s+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:\s+as\s+\w+)?)*)|\b(?:__import__|import_module)\(\s*['"]([A-Za-z_][\w.]*)`)

// pyImports are the imports of a Python text, in order (at most 512).
func pyImports(text string) []pyImport {
	noncode := pyNonCode(text)
	inCode := func(at int) bool {
		i := sort.Search(len(noncode), func(i int) bool { return noncode[i][1] > at })
		return i == len(noncode) || at < noncode[i][0]
	}
	var out []pyImport
	for _, m := range pyImportText().FindAllStringSubmatchIndex(text, 512) {
		at := m[0]
		before := text[:at]
		lineStart := strings.LastIndexByte(before, '\n') + 1
		start := strings.TrimLeft(before[lineStart:], " \t") == ""
		if at > 0 && m[10] < 0 && !strings.ContainsRune(" \t\r\n;:", rune(text[at-1])) {
			continue // x.import y, a.from_: not a statement
		}
		imp := pyImport{Start: start, Code: inCode(at)}
		sub := func(k int) string {
			if m[2*k] < 0 {
				return ""
			}
			return text[m[2*k]:m[2*k+1]]
		}
		switch {
		case m[10] >= 0:
			imp.Module, imp.Call, imp.Start = sub(5), true, false
		case m[8] >= 0:
			for _, n := range pyImportNames(sub(4)) {
				out = append(out, pyImport{Module: n, Start: imp.Start, Code: imp.Code})
			}
			continue
		default:
			imp.Module = sub(1)
			imp.Names = append([]string{}, pyImportNames(sub(2)+sub(3))...) // from m import *: none, not nil
		}
		out = append(out, imp)
	}
	return out
}

// pyImportNames are the names of an import's list, less their aliases and
// comments: "a as b,\n c  # x" gives a and c; * is left out.
func pyImportNames(list string) []string {
	var out []string
	for _, line := range strings.Split(list, "\n") {
		line, _, _ = strings.Cut(line, "#")
		for _, n := range strings.Split(line, ",") {
			n, _, _ = strings.Cut(strings.TrimSpace(n), " ")
			if n = strings.TrimSpace(n); n != "" && n != "*" && n != "\\" {
				out = append(out, n)
			}
		}
	}
	return out
}

// pyNonCode are the spans of a Python text that are comments or string
// literals ('…', "…", ”'…”', """…"""), in order, each [start, end).
func pyNonCode(text string) [][2]int {
	var out [][2]int
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '#':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			out = append(out, [2]int{i, i + end})
			i += end
		case '\'', '"':
			q := string(c)
			if strings.HasPrefix(text[i:], q+q+q) {
				q = q + q + q
			}
			j := i + len(q)
			for j < len(text) {
				if text[j] == '\\' {
					j += 2
					continue
				}
				if strings.HasPrefix(text[j:], q) {
					j += len(q)
					break
				}
				if text[j] == '\n' && len(q) == 1 {
					break // an unclosed one-line string ends with its line
				}
				j++
			}
			j = min(j, len(text))
			out = append(out, [2]int{i, j})
			i = j - 1
		}
	}
	return out
}
