package dsl

import (
	"regexp/syntax"
	"slices"
	"strings"

	"github.com/hguard/hguard/dsl/cmdline"
)

// A glob word the shell expands (cat ~/.ss?/id_*, echo x >
// ~/.terraform?c, usermod -s /bin/fa*e) is judged as each path it may
// match (cmdline.KnownPaths): the paths the built-in rules' conditions
// name in their regular expressions and the path predicates' tables
// below. The glob is matched against those fixed paths, not against the
// disk: the command is judged the same on every machine, before the
// file it writes exists, and the check costs no directory listing on
// every Enter.
func init() { cmdline.AddKnownPaths(rulePaths) }

// rulePaths are the paths and names the built-in rules and the path
// predicates know.
func rulePaths() cmdline.KnownPaths {
	var k cmdline.KnownPaths
	for _, list := range [][]string{secretPaths.names, secretDirs, persistExact.names, persistDirs, globTargets} {
		k.Paths = append(k.Paths, list...)
	}
	k.Paths = append(k.Paths, nativePaths[:]...)
	for _, dir := range slices.Concat(cmdline.UserBinDirs, shimDirs) {
		for _, name := range systemPrograms.names {
			k.Paths = append(k.Paths, dir+"/"+name) // shadow-program's: ~/.local/bin/sudo
		}
	}
	k.Names = append(k.Names, secretBases.names...)
	for i := range nativeRegexps {
		paths, names := regexpPaths(nativeRegexps[i].src)
		k.Paths, k.Names = append(k.Paths, paths...), append(k.Names, names...)
	}
	return k
}

// maxSpellings bounds the strings a regular expression is spelled out to.
const maxSpellings = 512

// Marks in a spelled-out regular expression: the start and end of the
// text, and a part that is not one fixed string.
const (
	markStart = "\x01"
	markEnd   = "\x02"
	markAny   = "\x00"
)

// regexpPaths are the paths a regular expression matches from the start
// of the text (^/proc/sys/kernel/(randomize_va_space|…)$; one with no end
// matches any name its last part starts, ^/dev/input/event is
// /dev/input/event*, and what is below it), spelled from / or ~ (a home's /home/[^/]+ is ~), and
// the names it matches as a whole last component anywhere ((^|/)\.env$)
// or as a name's ending (\.so$ is the name *.so). A part of a name that
// is not a fixed string is * (^/dev/input/event[0-9]+ is
// /dev/input/event*, ^/proc/[0-9]+/environ$ is /proc/*/environ); a
// directory's name in part not fixed ends the spelling at the directory
// above it.
func regexpPaths(src string) (paths, names []string) {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil, nil
	}
	spellings, ok := spell(re.Simplify())
	if !ok {
		return nil, nil
	}
	for _, s := range spellings {
		anchored := strings.HasPrefix(s, markStart)
		s = strings.ReplaceAll(s, markStart, "")
		for _, home := range []string{"/home/" + markAny + "/", "/Users/" + markAny + "/"} {
			if rest, found := strings.CutPrefix(s, home); found {
				s = "~/" + rest
			}
		}
		whole := strings.HasSuffix(s, markEnd)
		s = strings.TrimSuffix(s, markEnd)
		if strings.Contains(s, markEnd) {
			continue // an end in the middle matches nothing more
		}
		if !whole && !strings.HasSuffix(s, "/") && !strings.HasSuffix(s, markAny) {
			s += markAny // ^/dev/input/event: any name that starts so
		}
		s = collapseAny(s)
		comps := strings.Split(s, "/")
		for k, c := range comps[:len(comps)-1] {
			if c != "*" && strings.Contains(c, "*") {
				// a directory's name in part not fixed: the directory above
				s, whole = strings.Join(comps[:k], "/")+"/", false
				break
			}
		}
		switch {
		case anchored && (strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~/")):
			if p := strings.TrimSuffix(s, "/"); p != "" && p != "~" && !strings.HasSuffix(p, "/*") {
				paths = append(paths, p)
			}
		case anchored || !whole || strings.HasSuffix(s, "/") || strings.HasSuffix(s, "*"):
		case strings.Count(s, "/") == 1 && strings.HasPrefix(s, "/") && len(s) > 2 && s != "/*":
			names = append(names, s[1:]) // (^|/)\.env$ spelled /.env
		case !strings.Contains(s, "/") && strings.HasPrefix(s, ".") && len(s) > 2:
			names = append(names, "*"+s) // \.so$: a name ending so
		}
	}
	slices.Sort(paths)
	slices.Sort(names)
	return slices.Compact(paths), slices.Compact(names)
}

// collapseAny writes each run of parts that are not fixed as one *.
func collapseAny(s string) string {
	for strings.Contains(s, markAny+markAny) {
		s = strings.ReplaceAll(s, markAny+markAny, markAny)
	}
	return strings.ReplaceAll(s, markAny, "*")
}

// spell spells out the strings re matches, each part that is not one
// fixed string as markAny; false when they are more than maxSpellings.
func spell(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return []string{markAny}, true
		}
		return []string{string(re.Rune)}, true
	case syntax.OpEmptyMatch:
		return []string{""}, true
	case syntax.OpBeginLine, syntax.OpBeginText:
		return []string{markStart}, true
	case syntax.OpEndLine, syntax.OpEndText:
		return []string{markEnd}, true
	case syntax.OpCapture:
		return spell(re.Sub[0])
	case syntax.OpQuest:
		sub, ok := spell(re.Sub[0])
		return append([]string{""}, sub...), ok && len(sub) < maxSpellings
	case syntax.OpCharClass:
		if n := classSize(re.Rune); n > 0 && n <= 4 {
			var out []string
			for i := 0; i < len(re.Rune); i += 2 {
				for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
					out = append(out, string(r))
				}
			}
			return out, true
		}
		return []string{markAny}, true
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			s, ok := spell(sub)
			if out = append(out, s...); !ok || len(out) > maxSpellings {
				return nil, false
			}
		}
		return out, true
	case syntax.OpConcat:
		out := []string{""}
		for _, sub := range re.Sub {
			s, ok := spell(sub)
			if !ok || len(out)*len(s) > maxSpellings {
				return nil, false
			}
			next := make([]string, 0, len(out)*len(s))
			for _, a := range out {
				for _, b := range s {
					next = append(next, a+b)
				}
			}
			out = next
		}
		return out, true
	}
	return []string{markAny}, true // a repeat, any character, a word boundary
}

// classSize is how many characters a class of ranges holds.
func classSize(ranges []rune) int {
	n := 0
	for i := 0; i+1 < len(ranges); i += 2 {
		n += int(ranges[i+1]-ranges[i]) + 1
	}
	return n
}
