package cmdline

import (
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/pattern"
)

// ExpandPWD gives the value of a word that starts with an operation on
// $PWD (${PWD%/*}, ${PWD%%/proj*}, ${PWD#…}, ${PWD##…}, ${PWD/a/b},
// ${PWD//a/b}, ${PWD:off:len}) when the command runs in dir: from ~/proj,
// rm -rf "${PWD%/*}" removes the home. ok is false for any other word, or
// an operation hguard does not compute (a pattern with quotes or
// expansions in it).
func ExpandPWD(v, dir string) (string, bool) {
	rest, ok := strings.CutPrefix(v, "${PWD")
	if !ok || rest == "" || dir == "" {
		return "", false
	}
	end := strings.IndexByte(rest, '}')
	if end < 0 {
		return "", false
	}
	op, after := rest[:end], rest[end+1:]
	if strings.ContainsAny(op, "$`\"'\\{") {
		return "", false
	}
	var out string
	switch {
	case strings.HasPrefix(op, ":"):
		out, ok = pwdSlice(dir, op[1:])
	case strings.HasPrefix(op, "%%"):
		out, ok = trimPattern(dir, op[2:], false, true)
	case strings.HasPrefix(op, "%"):
		out, ok = trimPattern(dir, op[1:], false, false)
	case strings.HasPrefix(op, "##"):
		out, ok = trimPattern(dir, op[2:], true, true)
	case strings.HasPrefix(op, "#"):
		out, ok = trimPattern(dir, op[1:], true, false)
	case strings.HasPrefix(op, "//"):
		out, ok = replacePattern(dir, op[2:], true)
	case strings.HasPrefix(op, "/") && !strings.HasPrefix(op, "/#") && !strings.HasPrefix(op, "/%"):
		out, ok = replacePattern(dir, op[1:], false)
	default:
		return "", false
	}
	if !ok {
		return "", false
	}
	return out + after, true
}

// wholeMatch compiles a shell pattern to match a whole string.
func wholeMatch(pat string) (*regexp.Regexp, bool) {
	re, err := pattern.Regexp(pat, 0)
	if err != nil {
		return nil, false
	}
	r, err := regexp.Compile(`^(?s:` + re + `)$`)
	return r, err == nil
}

// trimPattern removes the shortest (or, longest, the longest) prefix or
// suffix of s that pat matches, as ${s#pat}, ${s##pat}, ${s%pat} and
// ${s%%pat} do.
func trimPattern(s, pat string, prefix, longest bool) (string, bool) {
	re, ok := wholeMatch(pat)
	if !ok {
		return "", false
	}
	for k := range len(s) + 1 {
		n := k // the length of the part taken off
		if longest {
			n = len(s) - k
		}
		if prefix && re.MatchString(s[:n]) {
			return s[n:], true
		}
		if !prefix && re.MatchString(s[len(s)-n:]) {
			return s[:len(s)-n], true
		}
	}
	return s, true
}

// replacePattern replaces the first (all: every) longest match of the
// pattern in ${s/pat/rep}'s "pat/rep".
func replacePattern(s, arg string, all bool) (string, bool) {
	pat, rep, _ := strings.Cut(arg, "/")
	re, ok := wholeMatch(pat)
	if !ok || pat == "" {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		j := len(s)
		for ; j > i && !re.MatchString(s[i:j]); j-- {
		}
		if j == i {
			b.WriteByte(s[i])
			i++
			continue
		}
		b.WriteString(rep)
		i = j
		if !all {
			b.WriteString(s[i:])
			return b.String(), true
		}
	}
	return b.String(), true
}

// pwdSlice is ${s:off} or ${s:off:len} with literal numbers; a negative
// length counts from the end.
func pwdSlice(s, arg string) (string, bool) {
	from, to, ok := sliceBounds(len(s), arg)
	if !ok {
		return "", false
	}
	return s[from:to], true
}

// sliceBounds are the bounds ${s:off:len} takes of n characters (or
// ${a[@]:off:len} of n elements).
func sliceBounds(size int, arg string) (int, int, bool) {
	num := func(x string) (int, bool) {
		x = strings.TrimSpace(strings.Trim(strings.TrimSpace(x), "()"))
		if len(x) > 1 && x[0] == '0' {
			return 0, false // 010 is 8 in bash, 10 in zsh: not read
		}
		n, err := strconv.Atoi(x)
		return n, err == nil
	}
	offs, length, hasLen := strings.Cut(arg, ":")
	off, ok := num(offs)
	if !ok || strings.HasPrefix(offs, "-") {
		return 0, 0, false // ${s:-x} is a default value, not a slice
	}
	if off < 0 {
		off += size
	}
	off = min(max(off, 0), size)
	end := size
	if hasLen {
		n, ok := num(length)
		if !ok {
			return 0, 0, false
		}
		if n < 0 {
			end = size + n
		} else {
			end = off + n
		}
		if end < off {
			return 0, 0, false // bash: substring expression < 0
		}
		end = min(end, size)
	}
	return off, end, true
}
