package cmdline

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"mvdan.cc/sh/v3/syntax"
)

// zshParam computes zsh's flags, subscripts and modifiers on a value the
// line gave: X=~; rm -rf ${X:a} removes the home as $X does, and so do
// ${(P)R} (R=X), ${A[-1]}, $A[2,-1] and ${(L)X}. done is false for an
// expansion with none of them, left to lookup; ok is false when the value
// cannot be known: an unknown variable, a flag or modifier not computed
// here, one with an operator (${(U)X:-d}), or an operation whose result
// hangs on what the home is (${X[2,4]} of X=~/x, ${X:t} of X=~). The operations
// are applied in the order zsh's manual gives ("Rules"): P, the subscript,
// the modifiers (each to every element), then j, s, e, the case flags and
// Q: ${(U)X:l} is upper case, ${(j:,:)A:h} joins the heads. In double
// quotes zsh joins an array first, which zshJoinedFirst leaves unknown.
func (w *walker) zshParam(p *syntax.ParamExp) (v string, ok, done bool) {
	operation := valueOperation(p)
	plain := p.Flags == nil && len(p.Modifiers) == 0 && (p.Index == nil || wholeArray(p))
	unnamed := unnamedDefault(p)
	if w.dialect != Zsh || plain && !unnamed && (!operation || p.Param != nil && (p.Param.Value == "HOME" || p.Param.Value == "PWD")) {
		return "", false, false // $HOME's and $PWD's are read as written (isHome, ExpandPWD)
	}
	if p.Excl || p.Length || p.Width || p.IsSet || p.Names != 0 || (p.Slice != nil || p.Repl != nil || p.Exp != nil) && !operation && !unnamed {
		return "", false, true
	}
	flags := parseZshFlags(p.Flags)
	if !flags.computed || unnamed && flags.indirect {
		return "", false, true
	}
	var elems []string
	var array, known bool
	if unnamed {
		// ${:-rm}: no name has the empty value, so the default is the
		// value, which the flags and modifiers then change (${(L):-RM})
		def := w.single(p.Exp.Word)
		elems, known = []string{def.Value}, !def.Dynamic
	} else {
		elems, array, known = w.zshBase(p, flags.indirect)
	}
	if !known {
		return "", false, true
	}
	if p.Index != nil && !wholeArray(p) {
		if elems, known = w.zshSubscript(p, elems, array); !known {
			return "", false, true
		}
	}
	if operation {
		op, known := w.operationText(p)
		if !known || p.Slice != nil && (array || len(elems) > 1) {
			return "", false, true // zsh slices an array's elements, not each: not computed
		}
		for i, el := range elems {
			if elems[i], known = operatedValue(el, op, Zsh); !known {
				return "", false, true
			}
		}
	}
	for _, m := range p.Modifiers {
		modify, known := w.zshModifier(m.Value)
		if !known {
			return "", false, true
		}
		for i, el := range elems {
			if elems[i], known = modify(el); !known {
				return "", false, true
			}
		}
	}
	for _, op := range flags.ops {
		if elems, known = op(elems); !known {
			return "", false, true
		}
	}
	return strings.Join(elems, listSep), true, true
}

// unnamedDefault reports zsh's ${:-WORD}, an expansion of no name with a
// default: WORD, whatever the flags and modifiers then make of it.
func unnamedDefault(p *syntax.ParamExp) bool {
	return p.Param == nil && p.NestedParam == nil && p.Exp != nil &&
		(p.Exp.Op == syntax.DefaultUnset || p.Exp.Op == syntax.DefaultUnsetOrNull)
}

// zshExpansionHead matches text that ends where zsh's flags and prefixes
// put the name an expansion reads: ${(j:,:)A, ${~A, ${(U)=A, $=A. It is
// tried on the last maxFlagsLen bytes only: longer flags count as a
// writer (the value unknown), and a long line costs linear time.
var zshExpansionHead = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\$(\{(\([^()]*\))?)?[~=^]*$`)
})

const maxFlagsLen = 40

// zshBase is the value a zsh expansion starts from: the variable's, or
// the nested expansion's (with (P), that of the variable the value
// names), as elements; array reports a variable assigned as an array
// (A=(…)) and written nowhere else on the line.
func (w *walker) zshBase(p *syntax.ParamExp, indirect bool) (elems []string, array, ok bool) {
	var name string
	switch {
	case p.NestedParam != nil:
		nested, isParam := p.NestedParam.(*syntax.ParamExp)
		if !isParam {
			return nil, false, false
		}
		v, ok := w.lookup(nested)
		if !ok && simpleParam(nested) && nested.Param.Value == "HOME" && nested.Flags == nil && len(nested.Modifiers) == 0 {
			v, ok = w.zshValue("HOME") // ${${HOME}:a}
		}
		if !indirect && ok && nestedSplit(nested) {
			return w.splitElems(strings.Split(v, listSep)) // ${${=X}[2]}: the second word
		}
		if !indirect {
			if nested.Split == syntax.OptUnset && w.zsh.wordSplit != optOff {
				return nil, false, false // SH_WORD_SPLIT splits it unquoted, not in double quotes
			}
			return strings.Split(v, listSep), false, ok // not an array whose writers are known: no subscript taken
		}
		if name = v; !ok || !isName(name) {
			return nil, false, false // (P) of an element or expression: not followed
		}
	case p.Param != nil:
		name = w.deref(p.Param.Value)
		if name == "*" {
			name = "@" // $*[2]: zsh's $* is the array $@ is
		}
		if indirect {
			v, ok := w.zshValue(name)
			if name = v; !ok || !isName(name) {
				return nil, false, false
			}
		}
	default:
		return nil, false, false
	}
	v, ok := w.zshValue(w.deref(name))
	if !ok {
		return nil, false, false
	}
	array = w.writesFollowed(name) || positionalList(name) && setOnce(w.line.Original, name)
	if strings.Contains(v, listSep) && !array {
		return nil, false, false // an array with writers the walk may not follow
	}
	return strings.Split(v, listSep), array, true
}

// zshValue is a variable's known value; the home, $HOME, where the line
// did not set HOME: ${HOME:a}, R=HOME; ${(P)R}.
func (w *walker) zshValue(name string) (string, bool) {
	v, ok := w.value(name)
	if !ok && name == "HOME" {
		return "$HOME", true
	}
	return v, ok
}

// zshSubscript applies a literal subscript, [N] or [N,M], counting from 1
// and from the end for a negative number: the elements of an array, the
// characters of a scalar. A subscript that is not a literal number, 0, or
// before the first element is not computed; characters are taken only of
// a value that holds no home or other expansion (whose length is unknown).
func (w *walker) zshSubscript(p *syntax.ParamExp, elems []string, array bool) ([]string, bool) {
	from, to, known := zshRange(w.source(p.Index.Pos(), p.Index.End()))
	if !known || zeroBased(w.line.Original) {
		return nil, false
	}
	if array {
		if from, to, known = zshBounds(from, to, len(elems)); !known {
			return nil, false
		}
		if from > to {
			return []string{""}, true // past the end: one empty value
		}
		return elems[from:to], true
	}
	if len(elems) != 1 || strings.HasPrefix(elems[0], "~") || strings.ContainsAny(elems[0], "$`") {
		return nil, false
	}
	chars := []rune(elems[0])
	if from, to, known = zshBounds(from, to, len(chars)); !known {
		return nil, false
	}
	if from > to {
		return []string{""}, true
	}
	return []string{string(chars[from:to])}, true
}

// zshRange reads a subscript's text: N, or N,M (to is from for N).
func zshRange(text string) (from, to int, ok bool) {
	first, second, pair := strings.Cut(strings.TrimSpace(text), ",")
	if leadingZero(strings.TrimSpace(first)) || leadingZero(strings.TrimSpace(second)) {
		return 0, 0, false // $A[010]: 8 with setopt octalzeroes, 10 without
	}
	from, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil {
		return 0, 0, false
	}
	if !pair {
		return from, from, true
	}
	to, err = strconv.Atoi(strings.TrimSpace(second))
	return from, to, err == nil
}

// zshBounds turns zsh's 1-based inclusive bounds (negative from the end)
// into a Go slice's, from > to for an empty one. 0 and a start before the
// first element (which zsh's versions read differently) are not taken.
func zshBounds(from, to, n int) (int, int, bool) {
	if from < 0 {
		from += n + 1
	}
	if to < 0 {
		to += n + 1
	}
	if from < 1 || to < 1 && from <= n {
		return 0, 0, false
	}
	from--
	to = min(to, n)
	if from >= n || from >= to {
		return 1, 0, true
	}
	return from, to, true
}

// zshFlags is what hguard reads of a zsh expansion's flags, ${(flags)…}.
type zshFlags struct {
	eval     bool                              // (e): the value is expanded once more, its substitutions run
	indirect bool                              // (P): the value names the variable to use
	separate bool                              // (@) or (s): separate words in double quotes too
	arith    []string                          // the widths of (l:expr:) and (r:expr:) and I's, evaluated as arithmetic
	ops      []func([]string) ([]string, bool) // the value's changes zshParam computes, in the order zsh applies them
	computed bool                              // every flag is one ops computes: else the value is unknown
}

// parseZshFlags reads ${(flags)…}. zshParam computes P (indirect), j:SEP:
// (join), s:SEP: (split), p (print escapes in the separators), e (expand
// again), L, U and C (case), q (quote) and Q (unquote), and @ (keep
// elements); any other flag, or q with Q, leaves the value unknown
// (computed false). The flags j, s, l, r, Z, _, I and g take arguments
// between delimiters (j:x:, s[x], l:3::0:), which are not flags; l and r
// take up to three. No flags (lit nil) change nothing.
func parseZshFlags(lit *syntax.Lit) zshFlags {
	f := zshFlags{computed: true}
	if lit == nil {
		return f
	}
	var join, split, eval, quote func([]string) ([]string, bool)
	var change func(string) string
	escapes := false // (p): the separators after it are read as print's arguments
	s := lit.Value
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case 'P':
			f.indirect = true
		case 'p':
			escapes = true
		case 'q':
			if quote != nil || i+1 < len(s) && strings.IndexByte("q+-", s[i+1]) >= 0 {
				f.computed = false // (qq), (q-), (q+) and the like quote otherwise
			}
			quote = eachElement(quotedSafe)
		case '@':
			f.separate = true
		case 'e':
			f.eval = true
			eval = eachElement(reexpanded)
		case 'Q':
			if quote != nil {
				f.computed = false
			}
			quote = eachElement(unquoted1)
		case 'L':
			change = strings.ToLower
		case 'U':
			change = strings.ToUpper
		case 'C':
			change = capitalized
		case 'j', 's', 'l', 'r', 'Z', '_', 'I', 'g':
			args, last, closed := zshFlagArgs(s, i)
			i = last
			if len(args) > 0 && (c == 'l' || c == 'r' || c == 'I') {
				f.arith = append(f.arith, args[0])
			}
			if !closed {
				f.computed = false
				return f
			}
			if c != 'j' && c != 's' || len(args) == 0 || escapes && strings.ContainsAny(args[0], "\\$") {
				f.computed = false // padding, or a print escape or a variable's value as the separator
				continue
			}
			switch sep := args[0]; {
			case c == 'j':
				join = func(elems []string) ([]string, bool) { return []string{strings.Join(elems, sep)}, true }
			case sep == "":
				f.computed = false // (s::) splits into characters: not computed
			default:
				f.separate = true
				split = splitter(sep)
			}
		default:
			f.computed = false
		}
	}
	for _, op := range []func([]string) ([]string, bool){join, split, eval} {
		if op != nil {
			f.ops = append(f.ops, op)
		}
	}
	if change != nil {
		f.ops = append(f.ops, eachElement(caseOf(change)))
	}
	if quote != nil {
		f.ops = append(f.ops, quote)
	}
	return f
}

// zshFlagArgs reads the arguments of the flag at s[at], each between
// delimiters: l and r take up to three (l:3::0:), the others one. last is
// the index of the last byte read; closed is false when an argument's
// delimiter is not closed.
func zshFlagArgs(s string, at int) (args []string, last int, closed bool) {
	c, i := s[at], at
	for n := 0; n < 3 && i+1 < len(s); n++ {
		open := s[i+1]
		j := strings.IndexByte(s[i+2:], closing(open))
		if j < 0 {
			return args, i, false
		}
		args = append(args, s[i+2:i+2+j])
		i += 2 + j
		if c != 'l' && c != 'r' || i+1 >= len(s) || s[i+1] != open {
			break
		}
	}
	return args, i, true
}

// splitter is (s:SEP:), which splits each element at SEP, dropping the
// empty words a split leaves, as zsh does.
func splitter(sep string) func([]string) ([]string, bool) {
	return func(elems []string) ([]string, bool) {
		var out []string
		for _, el := range elems {
			if _, _, home := cutHome(el); home || strings.ContainsAny(el, "$`") {
				return nil, false // the home's own path may hold the separator
			}
			for part := range strings.SplitSeq(el, sep) {
				if part != "" {
					out = append(out, part)
				}
			}
		}
		return out, len(out) > 0
	}
}

// eachElement applies a change of one value to every element.
func eachElement(f func(string) (string, bool)) func([]string) ([]string, bool) {
	return func(elems []string) ([]string, bool) {
		out := make([]string, len(elems))
		for i, el := range elems {
			var ok bool
			if out[i], ok = f(el); !ok {
				return nil, false
			}
		}
		return out, true
	}
}

// homeSpellings are the ways a value the walk knows names the home.
var homeSpellings = []string{"~", "${HOME}", "$HOME"}

// cutHome splits a value that starts with the home (~, ~/x, $HOME/x) into
// the home's spelling and the rest.
func cutHome(v string) (home, rest string, ok bool) {
	for _, h := range homeSpellings {
		if r, found := strings.CutPrefix(v, h); found && (r == "" || r[0] == '/') {
			return h, r, true
		}
	}
	return "", v, false
}

// caseOf changes the case of a value. The home's own spelling is kept: it
// is the same directory on a case-insensitive file system (macOS's), and
// on another its name is conventionally lower case, so X=~; ${X:u} is read
// as the home, the stronger reading. Another expansion in the value is not
// changed here (unknown).
func caseOf(change func(string) string) func(string) (string, bool) {
	return func(v string) (string, bool) {
		home, rest, _ := cutHome(v)
		if strings.ContainsAny(rest, "$`~") {
			return "", false
		}
		return home + change(rest), true
	}
}

// capitalized is zsh's (C): each word's first letter upper case, the rest
// lower case, a word being a run of letters and digits.
func capitalized(s string) string {
	var b strings.Builder
	inWord := false
	for _, r := range s {
		letter := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case letter && !inWord:
			b.WriteRune(unicode.ToUpper(r))
		case letter:
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
		inWord = letter
	}
	return b.String()
}

// reexpanded is (e): the value expanded again as a double-quoted string.
// A value with nothing to expand is itself, and so is one that names the
// home ($HOME, $HOME/x: X='$HOME'; rm -rf ${(e)X}); the substitutions (e)
// runs are followed by zshParamRefs, and any other expansion is unknown.
func reexpanded(v string) (string, bool) {
	_, rest, _ := cutHome(v)
	return v, !strings.ContainsAny(rest, "$`\\")
}

// unquoted1 is (Q) and :Q, which take one level of quotes off; a value
// with none (the home has none: X=$HOME/x) is itself, one with quotes is
// not computed.
func unquoted1(v string) (string, bool) {
	_, rest, _ := cutHome(v)
	return v, !strings.ContainsAny(rest, `'"\`)
}

// zshModifier gives the change a modifier makes to one element: a and A
// (absolute; A also resolves links, which the rules' lexical reading of a
// path does not: it is judged as written), h and t (head, tail; with a
// count, the leading or trailing components kept), r (root), e
// (extension), l and u (case), q and Q (quoting), and s and gs
// (substitution). Others are not computed.
func (w *walker) zshModifier(m string) (func(string) (string, bool), bool) {
	switch m {
	case "a", "A":
		return absolute, true
	case "h", "h0":
		return head, true
	case "t", "t0":
		return tail, true
	case "r":
		return root, true
	case "e":
		return extension, true
	case "l":
		return caseOf(strings.ToLower), true
	case "u":
		return caseOf(strings.ToUpper), true
	case "q":
		return quotedSafe, true
	case "Q":
		return unquoted1, true
	}
	if n, err := strconv.Atoi(m[min(1, len(m)):]); err == nil && n > 0 && m[1] >= '0' && m[1] <= '9' {
		switch m[0] {
		case 'h':
			return func(v string) (string, bool) { return components(v, n, true) }, true
		case 't':
			return func(v string) (string, bool) { return components(v, n, false) }, true
		}
	}
	if patterns(w.line.Original) {
		return nil, false // HIST_SUBST_PATTERN: :s takes a pattern
	}
	return substitution(m)
}

// patterns reports a line that may set HIST_SUBST_PATTERN (spelled in any
// case, with any underscores), which makes :s match a pattern, or
// emulates another shell.
func patterns(text string) bool {
	norm := strings.ReplaceAll(strings.ToLower(text), "_", "")
	return strings.Contains(norm, "histsubstpattern") || strings.Contains(norm, "emulate")
}

// substitution is :s/l/r/ and :gs/l/r/ (every match), which replace the
// literal string l with r, & in r standing for l; the delimiter is any
// character, the last one optional. An empty l (the previous
// substitution's), a backslash, and an expansion in either, and a ~ in r
// (a letter there, the home as the walk spells a value) are not
// computed. In a value holding the home (~/x) l is replaced in the rest,
// where it must be found, and must not hold a / or ~.
func substitution(m string) (func(string) (string, bool), bool) {
	all := false
	if rest, ok := strings.CutPrefix(m, "g"); ok {
		m, all = rest, true
	}
	if len(m) < 2 || m[0] != 's' {
		return nil, false
	}
	delim := m[1:2]
	parts := strings.Split(m[2:], delim)
	if len(parts) < 2 || len(parts) > 3 || len(parts) == 3 && parts[2] != "" || parts[0] == "" ||
		strings.ContainsAny(m[2:], "\\$`") || strings.Contains(parts[1], "~") {
		return nil, false
	}
	from, to := parts[0], strings.ReplaceAll(parts[1], "&", parts[0])
	return func(v string) (string, bool) {
		home, rest, held := cutHome(v)
		if held && (strings.ContainsAny(from, "~/") || !strings.Contains(rest, from)) || strings.ContainsAny(rest, "~$`") {
			return "", false // a match in the home's own path is not known
		}
		if all {
			return home + strings.ReplaceAll(rest, from, to), true
		}
		return home + strings.Replace(rest, from, to, 1), true
	}, true
}

// components is :hN (head) or :tN (not head): the path's first or last
// n components, the root counting as one (/p/q:h1 is /, :t2 is /p/q),
// all of them when it has fewer. Of a value holding the home, whose own
// components are unknown, only a tail within the rest is computed; a
// path with an empty component (a//b, a/) is not.
func components(v string, n int, head bool) (string, bool) {
	_, rest, held := cutHome(v)
	if strings.ContainsAny(rest, "~$`") || strings.Contains(v, "//") || strings.HasSuffix(v, "/") {
		return "", false
	}
	if held {
		parts := strings.Split(strings.TrimPrefix(rest, "/"), "/")
		if head || rest == "" || n > len(parts) {
			return "", false
		}
		return strings.Join(parts[len(parts)-n:], "/"), true
	}
	parts := strings.Split(v, "/")
	if n >= len(parts) {
		return v, true
	}
	if head {
		if out := strings.Join(parts[:n], "/"); out != "" {
			return out, true
		}
		return "/", true
	}
	return strings.Join(parts[len(parts)-n:], "/"), true
}

// absolute is :a, zsh's absolute path with . and .. taken out lexically. A
// relative path stays relative, rules resolving it in the directory the
// command runs in, the one zsh prepends, but is always a path (X=ls;
// ${X:a} runs ./ls, not the ls on PATH). A path climbing above the home
// is its parent only (${HOME}/..), else unknown.
func absolute(v string) (string, bool) {
	home, rest, isHome := cutHome(v)
	switch {
	case strings.ContainsAny(rest, "$`") || !isHome && strings.HasPrefix(v, "~"):
		return "", false
	case !isHome:
		clean := path.Clean(v)
		if !strings.HasPrefix(clean, "/") && !strings.HasPrefix(clean, ".") {
			clean = "./" + clean
		}
		return clean, true
	}
	rest = path.Clean("." + rest)
	switch {
	case rest == ".":
		return home, true
	case rest == "..":
		return "${HOME}/..", true
	case strings.HasPrefix(rest, "../"):
		return "", false
	}
	return home + "/" + rest, true
}

// trimSlashes takes trailing slashes off a path, not its root.
func trimSlashes(v string) string {
	if t := strings.TrimRight(v, "/"); t != "" {
		return t
	}
	return v[:min(1, len(v))]
}

// head is :h, the path without its last component ("." for a bare name).
// Of the home it is the home's parent, ${HOME}/.., and of that its parent
// in turn, as rules read them.
func head(v string) (string, bool) {
	v = trimSlashes(v)
	home, rest, held := cutHome(v)
	if !held {
		return path.Dir(v), true
	}
	rel := path.Clean("." + rest)
	switch {
	case rel == ".":
		return "${HOME}/..", true
	case strings.Trim(strings.ReplaceAll(rel, "..", ""), "/") == "":
		return "${HOME}/" + rel + "/..", true // above the home: one more step up
	}
	if dir := path.Dir(rel); dir != "." {
		return home + "/" + dir, true
	}
	return home, true
}

// tail is :t, the last component; the home's own name is unknown.
func tail(v string) (string, bool) {
	v = trimSlashes(v)
	if _, rest, isHome := cutHome(v); isHome && rest == "" || v == "/" {
		return "", v == "/"
	}
	return v[strings.LastIndexByte(v, '/')+1:], true
}

// extensionAt is where the extension of the last component begins (its
// dot), or -1: a dot followed by no dot or slash to the end. The home
// itself may have a dot in its name (/home/jo.doe): unknown (ok false).
func extensionAt(v string) (at int, ok bool) {
	if _, rest, isHome := cutHome(v); isHome && rest == "" {
		return 0, false
	}
	dot := strings.LastIndexByte(v, '.')
	if dot < 0 || strings.IndexByte(v[dot:], '/') >= 0 {
		return -1, true
	}
	return dot, true
}

// root is :r, the value without its extension (.bashrc's root is empty).
func root(v string) (string, bool) {
	at, ok := extensionAt(v)
	if at >= 0 {
		v = v[:at]
	}
	return v, ok
}

// extension is :e, the extension without its dot, empty for none.
func extension(v string) (string, bool) {
	at, ok := extensionAt(v)
	if at >= 0 {
		return v[at+1:], ok
	}
	return "", ok
}

// quotedSafe is :q, which quotes the value's special characters with
// backslashes that then stay in the word; a value with none (a path of
// letters, digits, / . _ - + , @ %) is itself, another is not computed.
func quotedSafe(v string) (string, bool) {
	home, rest, _ := cutHome(v)
	if home == "" && strings.HasPrefix(rest, "~") {
		return "", false
	}
	for _, r := range rest {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("/._-+,@%:", r)) {
			return "", false
		}
	}
	return v, true
}

// zshAlternatives expands the first glob group of alternatives, (a|b), in
// an unquoted literal of a zsh word into one word per alternative:
// rm -rf ~/(.ssh|x) removes whichever of ~/.ssh and ~/x exist, so each is
// judged as a path. A group inside another, or one that is a glob flag
// ((#i)), is left as written; nil when there is no group.
func zshAlternatives(parts []syntax.WordPart) [][]syntax.WordPart {
	if !fewAlternatives(parts) {
		return nil
	}
	for i, p := range parts {
		lit, ok := p.(*syntax.Lit)
		if !ok {
			continue
		}
		open := strings.IndexByte(lit.Value, '(')
		if open < 0 {
			continue
		}
		closeAt := strings.IndexByte(lit.Value[open:], ')')
		if closeAt < 0 {
			return nil
		}
		group := lit.Value[open+1 : open+closeAt]
		if !patternGroup(group) || strings.ContainsAny(group, "(#\\'\"") {
			return nil // qualifiers, glob flags, or code: left as written
		}
		before, after := lit.Value[:open], lit.Value[open+closeAt+1:]
		var alts [][]syntax.WordPart
		for alt := range strings.SplitSeq(group, "|") {
			word := append([]syntax.WordPart(nil), parts[:i]...)
			word = append(word, &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: before + alt + after})
			alts = append(alts, append(word, parts[i+1:]...))
		}
		return alts
	}
	return nil
}

// fishIndexed is fish's $NAME[INDEX] of a list the line gave a value (the
// fish parser names it NAME[] and keeps the index in the source): INDEX
// is numbers and ranges (2, -1, 2..-1, 2.., ..3, 3..1 reversed) separated
// by blanks, counted from 1 and from the end for a negative one; an index
// past the end selects nothing. The list must have one writer the walk
// follows, its set (argv: the call's arguments), as writesFollowed asks of
// bash's arrays; anything else is unknown.
func (w *walker) fishIndexed(p *syntax.ParamExp) (v string, ok, done bool) {
	if w.dialect != Fish || p.Param == nil {
		return "", false, false
	}
	name, indexed := strings.CutSuffix(p.Param.Value, "[]")
	if !indexed {
		return "", false, false
	}
	src := w.source(p.Pos(), p.End())
	open, end := strings.IndexByte(src, '['), strings.LastIndexByte(src, ']')
	all, known := w.value(name)
	if open < 0 || end < open || !known || !setOnce(w.line.Original, name) {
		return "", false, true
	}
	elems := strings.Split(all, listSep)
	var out []string
	for item := range strings.FieldsSeq(src[open+1 : end]) {
		from, to, known := fishRange(item, len(elems))
		if !known {
			return "", false, true
		}
		step := 1
		if from > to {
			step = -1
		}
		for i := from; ; i += step {
			if i >= 1 && i <= len(elems) {
				out = append(out, elems[i-1])
			}
			if i == to {
				break
			}
		}
	}
	if len(out) == 0 {
		return "", false, true // nothing selected: no word, which the value cannot say
	}
	return strings.Join(out, listSep), true, true
}

// fishRange reads one item of a fish index, N or A..B with either end
// left out, as 1-based positions in a list of n (negative from the end).
func fishRange(item string, n int) (from, to int, ok bool) {
	at := func(s string, missing int) (int, bool) {
		if s == "" {
			return missing, true
		}
		i, err := strconv.Atoi(s)
		if err != nil || i == 0 {
			return 0, false
		}
		if i < 0 {
			i += n + 1
		}
		return i, true
	}
	first, last, isRange := strings.Cut(item, "..")
	if from, ok = at(first, 1); !ok {
		return 0, 0, false
	}
	if !isRange {
		return from, from, true
	}
	if to, ok = at(last, n); !ok {
		return 0, 0, false
	}
	// a range's ends are clamped to the list: $a[-5..-1] of three is all
	return min(max(from, 1), n), min(max(to, 1), n), n > 0
}

// setOnce reports whether text names the list name once only, where it
// sets it (fish's set NAME …), else only in expansions ($NAME, zsh's
// ${(j:,:)NAME): an element may be written in ways the walk does not
// follow (set NAME[2] x, set -a, read). The positional parameters (@,
// argv), which the walk sets for a call and follows through set -- and
// shift, must have no other writer on the line (zsh's argv[2]=x).
func setOnce(text, name string) bool {
	mentions := len(mentionsOf(text, name, func(before string) bool {
		return zshExpansionHead().MatchString(before[max(0, len(before)-maxFlagsLen):])
	}))
	if positionalList(name) {
		return mentions == 0
	}
	return mentions == 1
}

// zshJoinedFirst reports a zsh expansion in double quotes whose modifiers,
// operation (${A%x}) or (s) apply to an array the quotes join first, unless (@) keeps its
// elements: "${A:t}" of A=(/a/b /c/d) is d, the tail of "/a/b /c/d". zshParam
// applies them to each element, as zsh does unquoted; this is not computed.
func (w *walker) zshJoinedFirst(p *syntax.ParamExp) bool {
	if w.dialect != Zsh || p.Param == nil {
		return false
	}
	flags := ""
	if p.Flags != nil {
		flags = p.Flags.Value
	}
	// "$@" keeps its elements for an operation ("${@%.x}"), and a slice
	// takes elements (positionalSlice)
	joinedOperation := valueOperation(p) && p.Slice == nil && p.Param.Value != "@"
	f := parseZshFlags(p.Flags)
	if !f.computed || len(p.Modifiers) == 0 && !joinedOperation && !strings.Contains(flags, "s") || strings.Contains(flags, "@") {
		return false
	}
	elems, _, ok := w.zshBase(p, f.indirect)
	return ok && len(elems) > 1
}

// zshKeepsElements reports zsh's (@) and (s) flags, which make separate
// words in double quotes ("${(s:,:)X}" of X=rm,-rf,~ runs rm), as
// "${A[@]}" does.
func zshKeepsElements(p *syntax.ParamExp) bool {
	f := parseZshFlags(p.Flags)
	return f.computed && f.separate
}

// fewAlternatives reports a word whose groups of alternatives make at most
// maxBraceFields words, as brace expansion is bounded: (a|b)(a|b)… is
// left as written past that.
func fewAlternatives(parts []syntax.WordPart) bool {
	words := 1
	for _, p := range parts {
		if lit, ok := p.(*syntax.Lit); ok {
			for _, group := range strings.Split(lit.Value, "(")[1:] {
				if words *= 1 + strings.Count(group, "|"); words > maxBraceFields {
					return false
				}
			}
		}
	}
	return true
}

// zeroBased reports a line that may make zsh count subscripts from 0: it
// sets KSH_ARRAYS (spelled in any case, with any underscores) or emulates
// another shell. Its subscripts are not computed.
func zeroBased(text string) bool {
	norm := strings.ReplaceAll(strings.ToLower(text), "_", "")
	return strings.Contains(norm, "ksharrays") || strings.Contains(norm, "emulate")
}

// positionalList reports the names of the positional parameters as a list:
// $@, and zsh's and fish's $argv.
func positionalList(name string) bool {
	return name == "@" || name == "argv"
}

// zshUnbraced gives an unbraced parameter the subscript and the
// modifiers that follow it, as zsh applies them: $X:t:r, $1:h, $A[1]:t, "$X:u" and
// $X:s/a/b/ are ${X:t:r}, ${1:h}, ${A[1]:t}, "${X:u}" and ${X:s/a/b/}.
// zsh stops at the first colon followed by anything else: $X:h2 is ${X:h}
// then 2, $X:w and $X:F, which only the braces take, are $X then the
// letters. A substitution without its closing delimiter ends the word
// (text after it in another part is not computed: the value is unknown).
// parts is not changed; the result shares what it does not rewrite.
func zshUnbraced(parts []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for i, part := range parts {
		p, ok := part.(*syntax.ParamExp)
		if !ok || !p.Short || i+1 == len(parts) {
			continue
		}
		lit, ok := parts[i+1].(*syntax.Lit)
		if !ok {
			continue
		}
		q := *p
		n := 0
		if index, ok := unbracedSubscript(lit.Value); ok && p.Index == nil {
			// mvdan/sh reads "$A[2]" after an unquoted $B[1] as $A then
			// [2]: zsh's subscript all the same
			at := lit.ValuePos
			q.Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: index,
				ValuePos: syntax.NewPos(at.Offset()+1, at.Line(), at.Col()+1), ValueEnd: syntax.NewPos(at.Offset()+1+uint(len(index)), at.Line(), at.Col()+1+uint(len(index)))}}}
			n = len(index) + 2
		}
		mods, m, open := unbracedModifiers(lit.Value[n:])
		if len(mods) == 0 && n == 0 {
			continue
		}
		n += m
		if out == nil {
			out = slices.Clone(parts)
		}
		for _, mod := range mods {
			q.Modifiers = append(slices.Clip(q.Modifiers), &syntax.Lit{Value: mod})
		}
		if open && i+2 < len(parts) {
			q.Modifiers = append(q.Modifiers, &syntax.Lit{Value: "s"}) // s/a/$Y: not computed
		}
		// the expansion's text runs to the last modifier: an unknown
		// value is written as $X:t, not $X
		at := lit.ValuePos
		q.Short, q.Rbrace = false, syntax.NewPos(at.Offset()+uint(n)-1, at.Line(), at.Col()+uint(n)-1)
		out[i] = &q
		rest := *lit
		rest.Value, rest.ValuePos = lit.Value[n:], syntax.NewPos(at.Offset()+uint(n), at.Line(), at.Col()+uint(n))
		out[i+1] = &rest
	}
	if out == nil {
		return parts
	}
	return out
}

// unbracedSubscript is the subscript at the start of the text after an
// unbraced parameter, [2] or [2,-1]: numbers, a comma and minus signs
// only, for zshSubscript to read.
func unbracedSubscript(s string) (string, bool) {
	if !strings.HasPrefix(s, "[") {
		return "", false
	}
	end := strings.IndexByte(s, ']')
	if end < 2 || strings.Trim(s[1:end], "0123456789,-") != "" {
		return "", false
	}
	return s[1:end], true
}

// unbracedModifiers reads the modifiers at the start of the text after an
// unbraced parameter (:t:r, :s/a/b/): each one's letters, the bytes they
// take, and open for a substitution that runs to the end without its
// closing delimiter. The letters are zsh's for an unbraced parameter;
// :c, :P and :& are taken and not computed (zshModifier).
func unbracedModifiers(s string) (mods []string, n int, open bool) {
	for n+1 < len(s) && s[n] == ':' {
		c := s[n+1]
		switch {
		case strings.IndexByte("aAcehlPqQrtu&", c) >= 0:
			mods = append(mods, string(c))
			n += 2
		case c == 's' || c == 'g' && n+2 < len(s) && s[n+2] == 's':
			start := n + 1
			i := start + 1
			if c == 'g' {
				i++
			}
			if i >= len(s) {
				return mods, n, false
			}
			delim := s[i]
			from := strings.IndexByte(s[i+1:], delim)
			if from < 0 {
				return mods, n, false // bad substitution: zsh fails the command
			}
			to := strings.IndexByte(s[i+1+from+1:], delim)
			if to < 0 {
				return append(mods, s[start:]), len(s), true
			}
			n = i + 1 + from + 1 + to + 1
			mods = append(mods, s[start:n])
		default:
			return mods, n, false
		}
	}
	return mods, n, false
}

// nestedSplit reports a nested expansion that splits its value into words,
// in double quotes too: ${=X}.
func nestedSplit(p *syntax.ParamExp) bool {
	return p.Split == syntax.OptOn
}

// splitElems is the words of elems split as zsh's ${=X} splits each, an
// array of them: not known where the line set IFS.
func (w *walker) splitElems(elems []string) (words []string, array, ok bool) {
	if _, set := w.vars["IFS"]; set || w.ifsSet {
		return nil, false, false
	}
	for _, el := range elems {
		words = append(words, strings.FieldsFunc(el, func(r rune) bool { return r < 0x80 && isBlank(byte(r)) || r == 0 })...)
	}
	return words, true, true
}
