package cmdline

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// fishOptionSet is how a fish builtin reads its options: the short
// letters it takes, those that take a value, and the long name of each.
type fishOptionSet struct {
	short, valued string
	long          map[string]byte
}

// fishSubcommands are the subcommands of fish's string and path whose
// output fishOutput computes, with the options it reads of each.
var fishSubcommands = map[string]fishOptionSet{
	"string lower":   {short: "q", long: map[string]byte{"quiet": 'q'}},
	"string upper":   {short: "q", long: map[string]byte{"quiet": 'q'}},
	"string replace": {short: "qar", long: map[string]byte{"quiet": 'q', "all": 'a', "regex": 'r'}},
	"string trim":    {short: "qlrc", valued: "c", long: map[string]byte{"quiet": 'q', "left": 'l', "right": 'r', "chars": 'c'}},
	"string sub":     {short: "qsle", valued: "sle", long: map[string]byte{"quiet": 'q', "start": 's', "length": 'l', "end": 'e'}},
	"string join":    {short: "q", long: map[string]byte{"quiet": 'q'}},
	"path basename":  {short: "q", long: map[string]byte{"quiet": 'q'}},
	"path dirname":   {short: "q", long: map[string]byte{"quiet": 'q'}},
}

// fishBuiltinArgs splits a fish builtin's arguments into its options (by
// short letter, with the value of one that takes it) and its words. fish
// reads an option anywhere before --: string join , a -q b prints
// nothing. ok is false for an option opts does not name.
func fishBuiltinArgs(args []Word, opts fishOptionSet) (set map[byte]string, words []string, ok bool) {
	set = map[byte]string{}
	valueAfter := func(i int) (string, int, bool) {
		if i+1 >= len(args) {
			return "", i, false
		}
		return args[i+1].Value, i + 1, true
	}
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		switch {
		case a == "--":
			for _, w := range args[i+1:] {
				words = append(words, w.Value)
			}
			return set, words, true
		case !strings.HasPrefix(a, "-") || a == "-":
			words = append(words, a)
		case strings.HasPrefix(a, "--"):
			name, value, inline := strings.Cut(a[2:], "=")
			short, known := opts.long[name]
			takes := strings.IndexByte(opts.valued, short) >= 0
			if !known || inline && !takes {
				return nil, nil, false
			}
			if takes && !inline {
				if value, i, ok = valueAfter(i); !ok {
					return nil, nil, false
				}
			}
			set[short] = value
		default:
			for j := 1; j < len(a); j++ {
				c := a[j]
				switch {
				case strings.IndexByte(opts.short, c) < 0:
					return nil, nil, false
				case strings.IndexByte(opts.valued, c) < 0:
					set[c] = ""
					continue
				}
				value := a[j+1:] // -c/ or -c /
				if value == "" {
					if value, i, ok = valueAfter(i); !ok {
						return nil, nil, false
					}
				}
				set[c] = value
				break
			}
		}
	}
	return set, words, true
}

// fishOutput is what fish's string (lower, upper, replace, trim, sub,
// join) and path (basename, dirname) print of known words, a line each:
// (string lower $X) of X=~ is the home, as ${X:l} is in zsh. Other
// subcommands and options, and a change that could reach into the home's
// own path, are not computed (ok false).
func fishOutput(name string, args []Word) (lines []string, ok bool) {
	if len(args) == 0 || slices.ContainsFunc(args, func(a Word) bool { return a.Dynamic }) {
		return nil, false
	}
	sub := name + " " + args[0].Value
	opts, known := fishSubcommands[sub]
	if !known {
		return nil, false
	}
	set, words, ok := fishBuiltinArgs(args[1:], opts)
	if !ok {
		return nil, false
	}
	var change func(string) (string, bool)
	switch sub {
	case "string lower":
		change = caseOf(strings.ToLower)
	case "string upper":
		change = caseOf(strings.ToUpper)
	case "string replace":
		if len(words) < 2 {
			return nil, false
		}
		_, all := set['a']
		if _, regex := set['r']; regex {
			change, ok = fishRegexReplace(words[0], words[1], all)
		} else {
			change, ok = fishReplace(words[0], words[1], all)
		}
		words = words[2:]
	case "string trim":
		change, ok = fishTrim(set)
	case "string sub":
		change, ok = fishSub(set)
	case "string join":
		if len(words) < 2 || slices.ContainsFunc(words[2:], func(w string) bool { return strings.ContainsAny(w, "~$`") }) {
			return nil, false // nothing to join (no output), or a home spelled within the line
		}
		words = []string{strings.Join(words[1:], words[0])}
		change = func(v string) (string, bool) { return v, true }
	case "path basename":
		change = tail
	case "path dirname":
		change = head
	}
	if !ok || len(words) == 0 {
		return nil, false // no operand: it reads its standard input (curl … | string trim | sh)
	}
	for _, w := range words {
		out, ok := change(w)
		if !ok {
			return nil, false
		}
		lines = append(lines, out)
	}
	if _, quiet := set['q']; quiet {
		return nil, true
	}
	return lines, true
}

// fishReplace is string replace of a literal pattern, in the rest of a
// value that starts with the home, which the pattern must not reach into.
// A ~ put in is a letter, which the walk would read as the home: not
// computed.
func fishReplace(pattern, with string, all bool) (func(string) (string, bool), bool) {
	if pattern == "" || strings.Contains(with, "~") {
		return nil, false
	}
	return func(v string) (string, bool) {
		home, rest, held := cutHome(v)
		if held && strings.ContainsAny(pattern, "~$/") || strings.ContainsAny(rest, "$`") {
			return "", false
		}
		if all {
			return home + strings.ReplaceAll(rest, pattern, with), true
		}
		return home + strings.Replace(rest, pattern, with, 1), true
	}, true
}

// fishRegexReplace is string replace -r, computed for a pattern Go's
// regexp reads as PCRE2 does (no escapes, no (? groups, and one that
// cannot match nothing, where the two step on differently), a
// replacement with no group references, escapes or ~, and a value of one
// line that holds no home or other expansion.
func fishRegexReplace(pattern, with string, all bool) (func(string) (string, bool), bool) {
	if strings.ContainsAny(pattern, `\`) || strings.Contains(pattern, "(?") || strings.ContainsAny(with, `$\~`) {
		return nil, false
	}
	re, err := regexp.Compile(pattern)
	if err != nil || re.MatchString("") {
		return nil, false
	}
	return func(v string) (string, bool) {
		if strings.ContainsAny(v, "~$`\n") {
			return "", false
		}
		if all {
			return re.ReplaceAllLiteralString(v, with), true
		}
		if at := re.FindStringIndex(v); at != nil {
			return v[:at[0]] + with + v[at[1]:], true
		}
		return v, true
	}, true
}

// fishWhitespace is what string trim takes off by default.
const fishWhitespace = " \f\n\r\t\v"

// fishTrim is string trim [-l] [-r] [-c CHARS]. Of a value that starts
// with the home, the left is the home's / (kept unless CHARS has it), and
// the right is computed where some of the rest stays.
func fishTrim(set map[byte]string) (func(string) (string, bool), bool) {
	chars, given := set['c']
	if !given {
		chars = fishWhitespace
	}
	_, left := set['l']
	_, right := set['r']
	if !left && !right {
		left, right = true, true
	}
	return func(v string) (string, bool) {
		home, rest, held := cutHome(v)
		if strings.ContainsAny(rest, "~$`") || held && strings.ContainsAny(chars, "/~$") {
			return "", false
		}
		if left && !held {
			rest = strings.TrimLeft(rest, chars)
		}
		if right {
			trimmed := strings.TrimRight(rest, chars)
			if held && trimmed == "" && rest != "" {
				return "", false // all of the rest taken: the home's own end next
			}
			rest = trimmed
		}
		return home + rest, true
	}, true
}

// fishSub is string sub [-s START] [-l LENGTH | -e END]: characters counted
// from 1, and from the end for a negative START or END. A value holding
// the home or another expansion, whose length is unknown, is not computed.
func fishSub(set map[byte]string) (func(string) (string, bool), bool) {
	number := func(flag byte) (int, bool, bool) {
		s, given := set[flag]
		if !given {
			return 0, false, true
		}
		n, err := strconv.Atoi(s)
		return n, true, err == nil
	}
	start, hasStart, ok1 := number('s')
	length, hasLength, ok2 := number('l')
	end, hasEnd, ok3 := number('e')
	if !ok1 || !ok2 || !ok3 || hasStart && start == 0 || hasLength && (length < 0 || hasEnd) || hasEnd && end == 0 {
		return nil, false // fish refuses these
	}
	return func(v string) (string, bool) {
		if strings.ContainsAny(v, "~$`") {
			return "", false
		}
		chars := []rune(v)
		n := len(chars)
		from := 0
		switch {
		case start > 0:
			from = min(start-1, n)
		case start < 0:
			from = max(n+start, 0)
		}
		to := n
		switch {
		case hasLength:
			to = min(from+length, n)
		case end > 0:
			to = min(end, n)
		case end < 0:
			to = max(n+end, 0)
		}
		if to < from {
			return "", true
		}
		return string(chars[from:to]), true
	}, true
}

// fishIndirect is fish's $$NAME, the variable NAME's value names (set v
// HOME; echo $$v is the home), a step for each $ more. Each value on the
// way must be one known name; an indexed one ($$v[1]) is not followed.
func (w *walker) fishIndirect(p *syntax.ParamExp) (v string, ok, done bool) {
	if w.dialect != Fish || p.Param == nil || !strings.HasPrefix(p.Param.Value, "$") {
		return "", false, false
	}
	name := strings.TrimLeft(p.Param.Value, "$")
	for range len(p.Param.Value) - len(name) {
		if v, ok = w.value(name); !ok || !isFishName(v) {
			return "", false, true
		}
		name = v
	}
	if v, ok = w.value(name); !ok && name == "HOME" {
		return "$HOME", true, true
	}
	return v, ok, true
}

// fishIndirectName is the name fish's $$v finally reads, where each
// level's name is known; unknown reports a level whose value is not known,
// which may name any variable. Neither is set for a value that is no name.
func (w *walker) fishIndirectName(p *syntax.ParamExp) (name string, unknown bool) {
	name = strings.TrimLeft(p.Param.Value, "$")
	for range len(p.Param.Value) - len(name) {
		v, ok := w.value(name)
		if !ok {
			return "", true
		}
		if !isFishName(v) {
			return "", false
		}
		name = v
	}
	return name, false
}

// isFishName reports a fish variable's name: letters, digits and _.
func isFishName(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return r > 0x7f || !isFishVarByte(byte(r)) })
}

// fishKept is v, a fish value that keeps some of one variable's
// characters, as the variable's own, ${NAME}: an element or slice of it
// ($T[1], $T[2..-1]), or what string prints of words that name it and
// nothing else ((string lower $T), (string sub -s 1 $T), (string join ""
// a $T)). Any other v is itself; so is string length's count, and what
// string prints with -q (nothing).
func fishKept(v string) string {
	if name, index, ok := strings.Cut(strings.TrimPrefix(v, "$"), "["); ok && v[0] == '$' && isName(name) && strings.HasSuffix(index, "]") && !strings.ContainsAny(index, "$(") {
		return "${" + name + "}"
	}
	inner, ok := strings.CutPrefix(strings.TrimPrefix(v, "$"), "(")
	if !ok || !strings.HasSuffix(inner, ")") {
		return v
	}
	inner = inner[:len(inner)-1]
	fields := strings.Fields(inner)
	if len(fields) < 3 || fields[0] != "string" || fields[1] == "length" || strings.ContainsAny(inner, "()`;|&") {
		return v
	}
	name := ""
	for _, f := range fields[2:] {
		if f == "-q" || f == "--quiet" {
			return v
		}
		for _, ref := range fishRefs(f) {
			if name != "" && ref != name {
				return v
			}
			name = ref
		}
	}
	if name == "" {
		return v
	}
	return "${" + name + "}"
}

// fishRefs are the names of the variables a fish word expands ($T,
// "$T", {$T}x, $T[1]).
func fishRefs(word string) []string {
	var names []string
	for i := 0; i < len(word); i++ {
		if word[i] != '$' {
			continue
		}
		j := i + 1
		for j < len(word) && isNameByte(word[j]) {
			j++
		}
		if j > i+1 {
			names = append(names, word[i+1:j])
		}
		i = j - 1
	}
	return names
}
