package cmdline

import (
	"cmp"
	"fmt"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// field is one word after expansion, with what its substitutions produce.
type field struct {
	Word
	in     Input // Kind "cmdsubst" or "procsub" when the word holds a substitution
	glob   bool  // holds an unquoted glob character (*, ?, [)
	prompt *Word // the value expanded by ${x@P} in it (Dynamic when unknown)
	assign bool  // the word starts with an unquoted NAME= (zsh reads it as an assignment after repeat N)
	other  bool  // a part of the word is not a tool's shell set-up output (setupOnly)
	dots   bool  // zsh's (D) qualifier: its glob's * and ? match a leading dot
}

// setupOnly reports a word that is nothing but the output of tools' shell
// set-up: "$(pyenv init -)", <(kubectl completion bash).
func (f field) setupOnly() bool {
	return f.Dynamic && f.in.setup && !f.other
}

// fieldWords drops the substitution details and folds look-alikes (the
// words rules match; see FoldWord).
func fieldWords(fs []field) []Word {
	if len(fs) == 0 {
		return nil
	}
	ws := make([]Word, len(fs))
	for i, f := range fs {
		ws[i] = folded(f.Word)
		ws[i].Glob = f.glob
	}
	return ws
}

// folded is a word as rules match it: look-alikes folded (FoldWord).
func folded(w Word) Word {
	w.Value = FoldWord(w.Value)
	return w
}

// joinFields joins words with spaces, as eval does.
func joinFields(fs []field) field {
	var out field
	var b strings.Builder
	for i, f := range fs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f.Value)
		out.Dynamic = out.Dynamic || f.Dynamic
		out.in.Remote = out.in.Remote || f.in.Remote
		out.in.Decoded = out.in.Decoded || f.in.Decoded
	}
	out.Value = b.String()
	return out
}

// resolved is a simple command with its words expanded and its wrappers
// peeled off; args are the fields behind cmd.Args.
type resolved struct {
	cmd   Command
	args  []field
	empty bool // no words: assignments or redirections only
	// coproc: zsh's coproc ran the command, in the background (zsh's
	// grammar has no coprocess statement for mvdan/sh to mark)
	coproc bool
}

// resolveCall expands and peels a simple command, once per node.
func (w *walker) resolveCall(ce *syntax.CallExpr) *resolved {
	if r, ok := w.calls[ce]; ok {
		return r
	}
	r := &resolved{}
	w.calls[ce] = r
	for _, a := range ce.Assigns {
		if a != nil && a.Name != nil && a.Value != nil && len(a.Value.Parts) > 0 {
			f := w.single(a.Value)
			r.cmd.Assigns = append(r.cmd.Assigns, Assign{Name: a.Name.Value, Value: folded(f.Word), in: f.in})
		} else if a != nil && a.Name != nil {
			r.cmd.Assigns = append(r.cmd.Assigns, Assign{Name: a.Name.Value, Value: folded(w.assignValue(a))})
		}
	}
	var fs []field
	perWord := make([]int, len(ce.Args))
	for i, a := range ce.Args {
		if len(fs) >= maxWords {
			w.overBudget() // the rest of the words go unseen
			break
		}
		if a != nil && len(a.Parts) > 0 {
			n := len(fs)
			fs = append(fs, w.fields(a)...)
			if len(fs) > n {
				fs[n].assign = assignWord(a)
			}
			perWord[i] = len(fs) - n
		}
	}
	if len(fs) == 0 {
		r.empty = true
		return r
	}
	words := fs
	var zshWraps []Wrapper
	if w.dialect == Zsh {
		fs, zshWraps, r.coproc = zshName(fs)
	}
	r.args = w.peel(&r.cmd, fs)
	r.cmd.Wrappers = concat(zshWraps, r.cmd.Wrappers)
	// peel and zshName take words off the front: the name is the word
	// before the arguments (one peel may read: $(which ps) is ps)
	if nameAt := len(words) - len(r.args) - 1; !r.cmd.Dynamic && nameAt >= 0 && (words[nameAt].Value == r.cmd.Path || words[nameAt].Dynamic) {
		w.respell(ce.Args, perWord, words, nameAt, r.cmd.Path, r.cmd.Name)
	}
	return r
}

// assignWord reports a word that starts with an unquoted NAME=, as an
// assignment does: X='a b' is one, 'X'=1 and "X=1" are not.
func assignWord(a *syntax.Word) bool {
	lit, ok := a.Parts[0].(*syntax.Lit)
	if !ok {
		return false
	}
	name, _, ok := strings.Cut(lit.Value, "=")
	return ok && zshAssign(name+"=")
}

func (w *walker) assignValue(a *syntax.Assign) Word {
	switch {
	case a.Value != nil && len(a.Value.Parts) > 0:
		return w.single(a.Value).Word
	case a.Array != nil:
		return Word{Value: w.source(a.Array.Pos(), a.Array.End())}
	}
	return Word{}
}

// Quoting modes for literal text.
const (
	unquoted = iota // backslash escapes any character
	dquoted         // backslash escapes $ ` " \ and newline only
	heredoc         // backslash escapes $ ` \ and newline only
	raw             // quoted heredoc delimiter: no escapes at all
)

// fields expands a command word: brace expansion of literals, quote removal,
// known values, and field splitting on $IFS and on known substitution output.
func (w *walker) fields(word *syntax.Word) []field {
	size := max(1, offset(word.End(), len(w.src))-offset(word.Pos(), len(w.src)))
	if !w.spend(size) {
		return []field{{Word: Word{Value: w.source(word.Pos(), word.End()), Dynamic: true}}}
	}
	if w.dialect == Zsh {
		if alts := zshAlternatives(word.Parts); alts != nil {
			var out []field
			for _, parts := range alts {
				fs := w.fields(&syntax.Word{Parts: parts})
				for i := range fs {
					fs[i].glob = true // a pattern: the alternatives that exist
				}
				out = append(out, fs...)
			}
			return out
		}
	}
	if hasBrace(word.Parts) && size > maxBraceWord {
		if !w.limitHit {
			w.limitHit = true
			w.issue(IssueLimit, Pos{Line: 1, Col: 1}, fmt.Sprintf("1:1: a word of %d bytes with braces is not brace-expanded (limit %d); the line is not fully analyzed", size, maxBraceWord))
		}
	} else if hasBrace(word.Parts) {
		split := &syntax.Word{Parts: slices.Clone(word.Parts)}
		if syntax.SplitBraces(split) {
			if alts := braces(split.Parts, w.dialect != Fish); alts != nil {
				var out []field
				for _, parts := range alts {
					if w.dialect == Bash && emptyParts(parts) {
						continue // bash drops an empty word braces make: {git,} push is git push (zsh and fish keep it)
					}
					for _, f := range w.expand(parts, true, unquoted) {
						if w.dialect == Bash && f.Value == "" && !f.Quoted && !f.Dynamic {
							continue // E=; {git,$E}: an unquoted expansion of nothing is no word
						}
						if w.dialect == Bash && f.Dynamic && (!f.Quoted || quotedAt(parts)) && len(alts) > 1 && oneExpansion(parts) {
							// {git,$(true)}, {git,$1}: an alternative that is one
							// expansion the walk does not know may be nothing,
							// and the word with it, which hides what runs
							continue
						}
						out = append(out, f)
					}
				}
				return out
			}
		}
	}
	return w.expand(word.Parts, true, unquoted)
}

// single expands a word that is never split: assignment values, redirection
// targets.
func (w *walker) single(word *syntax.Word) field {
	if word == nil {
		return field{}
	}
	if fs := w.expand(word.Parts, false, unquoted); len(fs) > 0 {
		return fs[0]
	}
	return field{}
}

// heredoc expands a heredoc body; with a quoted delimiter it is taken as is.
func (w *walker) heredoc(r *syntax.Redirect) field {
	if r.Hdoc == nil {
		return field{}
	}
	mode := heredoc
	if r.Word != nil && quotedWord(r.Word) {
		mode = raw
	}
	if fs := w.expand(r.Hdoc.Parts, false, mode); len(fs) > 0 {
		return fs[0]
	}
	return field{}
}

func quotedWord(word *syntax.Word) bool {
	for _, p := range word.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		case *syntax.Lit:
			if strings.Contains(p.Value, `\`) {
				return true
			}
		}
	}
	return false
}

// renamedParam is the source text src of expansion p with its name
// written as open+name ($r, ${r:-x} as ${TOKEN}, ${TOKEN:-x}), its
// operations kept.
func renamedParam(p *syntax.ParamExp, src, open, name string) string {
	at := int(p.Param.Pos().Offset() - p.Pos().Offset())
	end := at + len(p.Param.Value)
	switch {
	case p.Short || at < 0 || end > len(src):
		return open + name + "}"
	case !strings.HasPrefix(src, "${"):
		return open + name + src[end:] + "}" // zsh's $r:t: ${TOKEN:t}
	}
	return open + name + src[end:]
}

// oneExpansion reports a brace alternative that is a single unquoted
// parameter expansion or command substitution, or a quoted "$@" or
// "${A[@]}" (no word where there are no elements).
func oneExpansion(parts []syntax.WordPart) bool {
	n := 0
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if p.Value != "" {
				return false
			}
		case *syntax.ParamExp, *syntax.CmdSubst:
			n++
		case *syntax.DblQuoted:
			if len(p.Parts) != 1 {
				return false
			}
			pe, ok := p.Parts[0].(*syntax.ParamExp)
			if !ok || pe.Param == nil || !(pe.Param.Value == "@" || wholeArray(pe) && pe.Index.(*syntax.Word).Lit() == "@") {
				return false
			}
			n++
		default:
			return false
		}
	}
	return n == 1
}

// quotedAt reports an alternative that is a quoted "$@" or "${A[@]}"
// (oneExpansion checks which).
func quotedAt(parts []syntax.WordPart) bool {
	return slices.ContainsFunc(parts, func(p syntax.WordPart) bool { _, ok := p.(*syntax.DblQuoted); return ok })
}

// emptyParts reports a brace alternative of no text at all: no parts,
// or only empty literals (a quoted "" is text).
func emptyParts(parts []syntax.WordPart) bool {
	for _, p := range parts {
		if l, ok := p.(*syntax.Lit); !ok || l.Value != "" {
			return false
		}
	}
	return true
}

func hasBrace(parts []syntax.WordPart) bool {
	for _, p := range parts {
		if l, ok := p.(*syntax.Lit); ok && strings.Contains(l.Value, "{") {
			return true
		}
	}
	return false
}

// maxBraceFields bounds brace expansion; a word that would expand to more
// stays as written.
const maxBraceFields = 256

// braces returns the part lists of the words a brace-split word expands to,
// or nil when there would be too many; ranges says whether {1..3} is a
// range (not in fish).
//
// Each alternative owns its slice, so that appending to it in place is
// safe: a word of many parts costs linear time, not quadratic (a{b}a{b}…
// once took minutes for 25 KB).
func braces(parts []syntax.WordPart, ranges bool) [][]syntax.WordPart {
	alts := [][]syntax.WordPart{nil}
	for _, p := range parts {
		be, ok := p.(*syntax.BraceExp)
		if !ok {
			for i := range alts {
				alts[i] = append(alts[i], p)
			}
			continue
		}
		var choices [][]syntax.WordPart
		if be.Sequence && !ranges {
			// fish has no {1..3}: the braces and dots are letters.
			choices = append(choices, []syntax.WordPart{&syntax.Lit{Value: "{" + sequenceText(be) + "}"}})
		} else if be.Sequence {
			items := sequence(be)
			if items == nil {
				return nil
			}
			for _, it := range items {
				choices = append(choices, []syntax.WordPart{&syntax.Lit{Value: it}})
			}
		} else {
			for _, el := range be.Elems {
				sub := braces(el.Parts, ranges)
				if sub == nil {
					return nil
				}
				choices = append(choices, sub...)
			}
		}
		if len(alts)*len(choices) > maxBraceFields {
			return nil
		}
		if len(choices) == 1 {
			for i := range alts {
				alts[i] = append(alts[i], choices[0]...)
			}
			continue
		}
		next := make([][]syntax.WordPart, 0, len(alts)*len(choices))
		for _, a := range alts {
			for _, ch := range choices {
				n := make([]syntax.WordPart, 0, len(a)+len(ch)+len(parts)/4+1)
				next = append(next, append(append(n, a...), ch...))
			}
		}
		alts = next
	}
	return alts
}

// sequence expands {x..y[..step]} over integers or single letters.
// sequenceText is a range's text without its braces: 1..3, a..e..2.
func sequenceText(be *syntax.BraceExp) string {
	var parts []string
	for _, e := range be.Elems {
		parts = append(parts, e.Lit())
	}
	return strings.Join(parts, "..")
}

func sequence(be *syntax.BraceExp) []string {
	if len(be.Elems) < 2 {
		return nil
	}
	lits := make([]string, len(be.Elems))
	for i, e := range be.Elems {
		if lits[i] = e.Lit(); lits[i] == "" {
			return nil
		}
	}
	step := 1
	if len(lits) > 2 {
		s, err := strconv.Atoi(lits[2])
		if err != nil || s == 0 {
			return nil
		}
		step = max(s, -s)
	}
	from, err1 := strconv.Atoi(lits[0])
	to, err2 := strconv.Atoi(lits[1])
	letters := false
	if err1 != nil || err2 != nil {
		if len(lits[0]) != 1 || len(lits[1]) != 1 {
			return nil
		}
		from, to, letters = int(lits[0][0]), int(lits[1][0]), true
	}
	if (max(from, to)-min(from, to))/step >= maxBraceFields {
		return nil
	}
	if from > to {
		step = -step
	}
	var out []string
	for i := from; (step > 0 && i <= to) || (step < 0 && i >= to); i += step {
		if letters {
			out = append(out, string(rune(i)))
		} else {
			out = append(out, strconv.Itoa(i))
		}
	}
	return out
}

// expander builds the fields of one word.
type expander struct {
	w     *walker
	split bool // unquoted $IFS and substitution output separate fields
	out   []field
	cur   field
	b     strings.Builder
	open  bool // cur has begun, even if empty ("" is a field)
}

func (w *walker) expand(parts []syntax.WordPart, split bool, mode int) []field {
	if split && w.emptyListWord(parts) {
		return nil // "$@" of no parameters is no word: f(){ irb "$@"; }; f runs irb alone
	}
	e := expander{w: w, split: split}
	heads, dots := -1, false
	if w.dialect == Zsh {
		parts = zshUnbraced(parts) // $X:t is ${X:t}
	}
	if n := len(parts); n > 0 && w.dialect == Zsh && split && mode == unquoted {
		if l, ok := parts[n-1].(*syntax.Lit); ok {
			if rest, h, ok := zshQualified(l.Value); ok && (rest != "" || n > 1) && !nullGlob(l.Value, w.source(parts[0].Pos(), l.Pos())+rest) {
				// ~(/), ~/*(/), ~/proj(:h): zsh's glob qualifiers are
				// no part of the name; :h takes the last component off
				heads, dots = h, strings.Contains(l.Value[strings.LastIndexByte(l.Value, '(')+1:], "D")
				parts = append(slices.Clip(parts[:len(parts)-1]), &syntax.Lit{ValuePos: l.ValuePos, ValueEnd: l.ValueEnd, Value: rest})
			}
		}
	}
	var extended extendedGlob // zsh's (#i) and ^ earlier in the word
	for i, p := range parts {
		l, lit := p.(*syntax.Lit)
		if w.dialect == Zsh && mode == unquoted && split && (lit || extended.negated || extended.excluded) {
			if !lit {
				continue // ^$X, *~$X: a name left out
			}
			start := i == 0
			if prev, ok := parts[max(i-1, 0)].(*syntax.Lit); ok && i > 0 {
				start = strings.HasSuffix(prev.Value, "/")
			}
			var v string
			if v, extended = zshExtendedGlob(l.Value, start, i+1 < len(parts), extended); v != l.Value {
				p = &syntax.Lit{ValuePos: l.ValuePos, ValueEnd: l.ValueEnd, Value: v} // ^x, (#i)x: globs
			}
		}
		if l, ok := p.(*syntax.Lit); ok && i == 0 && mode == unquoted && strings.HasPrefix(l.Value, "~") {
			if v, dynamic, ok := tildeUser(l.Value); ok {
				if w.dialect != Fish {
					v = oneCharClasses(v)
				}
				if mode == unquoted && isGlob(v) {
					e.cur.glob = true
				}
				e.write(unescape(v, mode))
				e.cur.Dynamic = e.cur.Dynamic || dynamic
				continue
			}
		}
		e.part(p, mode)
	}
	if heads >= 0 {
		e.cur.glob, e.cur.dots = true, dots
		if v := e.b.String(); heads > 0 && !e.cur.Dynamic {
			for range heads {
				if v == "~" || v == "$HOME" || v == "${HOME}" {
					v += "/.." // the home's parent, which rules read as such
				} else {
					v = path.Dir(v)
				}
			}
			e.b.Reset()
			e.write(v)
		}
	}
	e.end()
	return e.out
}

// onlyHeads reports zsh modifiers that are all :h (the directory).
func onlyHeads(mods []*syntax.Lit) bool {
	for _, m := range mods {
		if m == nil || m.Value != "h" {
			return false
		}
	}
	return len(mods) > 0
}

// nullGlob reports qualifiers with N on a pattern (word, without them):
// when nothing matches, the word is dropped (cp *(N) runs cp alone), so
// the word is left as written; a named path ($HOME(N/)) is taken as the
// worse case, there.
func nullGlob(lit, word string) bool {
	open := strings.LastIndexByte(lit, '(')
	quals, _, _ := strings.Cut(lit[open+1:], ":")
	return strings.Contains(quals, "N") && strings.ContainsAny(word, "*?[")
}

// zshQualified splits a word's last literal that ends in zsh glob
// qualifiers, WORD(QUALIFIERS[:MODIFIERS]), into WORD and the number of
// :h modifiers. Groups that are patterns (a|b), glob flags (#i), run code
// (e:…:, +func) or add words (P:…:) (scanQualifiers), and modifiers other
// than :h, :a and :A, are not taken.
func zshQualified(lit string) (string, int, bool) {
	if !strings.HasSuffix(lit, ")") {
		return "", 0, false
	}
	open := strings.LastIndexByte(lit, '(')
	if open < 0 || open == len(lit)-2 {
		return "", 0, false
	}
	inner := lit[open+1 : len(lit)-1]
	quals, mods, _ := strings.Cut(inner, ":")
	if scan := scanQualifiers(inner); scan.runs || scan.adds || scan.broken || strings.ContainsAny(quals, "|~#()\\") {
		return "", 0, false
	}
	heads := 0
	for m := range strings.SplitSeq(mods, ":") {
		switch m {
		case "h":
			heads++
		case "", "a", "A":
		default:
			return "", 0, false
		}
	}
	return lit[:open], heads, true
}

func (e *expander) write(s string) {
	e.b.WriteString(s)
	e.open = true
	e.cur.other = true
}

// setupDynamic writes a substitution's unknown output; a tool's shell
// set-up (setup) leaves the field's other unset.
func (e *expander) setupDynamic(s string, setup bool) {
	other := e.cur.other
	e.dynamic(s)
	if setup {
		e.cur.other = other
	}
}

// carry writes a parameter or element the walk holds as a field: its
// value, or its text with what its substitutions produce.
func (e *expander) carry(f field) {
	if !f.Dynamic {
		e.write(f.Value)
		return
	}
	if f.in.Kind != "" {
		e.note(f.in)
	}
	e.dynamic(f.Value)
}

// carryJoined writes held joined by blanks, in one field: unknown if
// any of them is.
func (e *expander) carryJoined(held []field) {
	texts, dynamic := make([]string, len(held)), false
	for i, f := range held {
		texts[i] = f.Value
		dynamic = dynamic || f.Dynamic
		if f.in.Kind != "" {
			e.note(f.in)
		}
	}
	if dynamic {
		e.dynamic(strings.Join(texts, " "))
	} else {
		e.write(strings.Join(texts, " "))
	}
}

func (e *expander) dynamic(s string) {
	e.write(s)
	e.cur.Dynamic = true
}

// end closes the current field, if any.
func (e *expander) end() {
	if e.open {
		e.cur.Value = e.b.String()
		e.out = append(e.out, e.cur)
	}
	e.cur, e.open = field{}, false
	e.b.Reset()
}

// note records what a substitution in the current field produces.
func (e *expander) note(in Input) {
	if e.cur.in.Kind == "" {
		e.cur.in = in
		return
	}
	e.cur.in.setup = e.cur.in.setup && in.setup
	e.cur.in.Static, e.cur.in.Text = false, ""
	e.cur.in.Remote = e.cur.in.Remote || in.Remote
	e.cur.in.Decoded = e.cur.in.Decoded || in.Decoded
}

// splitWrite writes known substitution output, splitting it on blanks.
func (e *expander) splitWrite(s string, in Input) {
	if ifs, ok := e.w.vars["IFS"]; ok || e.w.ifsSet {
		e.splitIFS(s, ifs, in)
		return
	}
	for i := 0; i < len(s); {
		if isBlank(s[i]) {
			e.end()
			i++
			continue
		}
		j := i
		for j < len(s) && !isBlank(s[j]) {
			j++
		}
		e.note(in)
		e.write(s[i:j])
		i = j
	}
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// splitIFS splits s as the shell does when the line set IFS
// (IFS=,; x=rm,-rf,/; $x runs rm -rf /): IFS white space separates
// fields and collapses, every other IFS byte ends one, possibly empty. An
// IFS the line does not show leaves the value one dynamic field.
func (e *expander) splitIFS(s, ifs string, in Input) {
	e.note(in)
	if e.w.ifsSet {
		e.dynamic(s)
		return
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case strings.IndexByte(ifs, c) < 0:
			e.write(s[i : i+1])
		case isBlank(c):
			e.end()
		default:
			e.open = true
			e.end()
		}
	}
}

func (e *expander) part(p syntax.WordPart, mode int) {
	w := e.w
	switch p := p.(type) {
	case *syntax.Lit:
		v := p.Value
		if mode == unquoted && w.dialect != Fish {
			v = oneCharClasses(v)
		}
		if mode == unquoted && isGlob(v) {
			e.cur.glob = true
		}
		e.write(unescape(v, mode))
	case *syntax.SglQuoted:
		e.cur.Quoted = true
		if p.Dollar {
			e.write(ansiC(p.Value))
		} else {
			e.write(p.Value)
		}
	case *syntax.DblQuoted:
		e.cur.Quoted = true
		e.open = true
		if p.Dollar && w.dialect == Zsh {
			e.write("$") // zsh has no $"…" translation: the $ is a letter
		}
		inner := p.Parts
		if w.dialect == Zsh {
			inner = zshUnbraced(inner) // "$X:t" is "${X:t}"
		}
		for _, q := range inner {
			e.part(q, dquoted)
		}
	case *syntax.ParamExp:
		src := w.source(p.Pos(), p.End())
		if promptExpansion(p) {
			v, ok := w.vars[p.Param.Value]
			e.cur.prompt = &Word{Value: v, Dynamic: !ok}
		}
		if held, each, ok := w.carrying(p); ok {
			// "$@" of f -d "$TOKEN" URL: -d, ${TOKEN}, URL, a word each,
			// as "${@:2}" and "${X[@]}" of X=(-d "$TOKEN"); "${*: -1}" and
			// "${X[*]}" what they may hold, ${TOKEN}, in one word
			if mode == dquoted && e.split && each {
				for i, f := range held {
					if i > 0 {
						e.end()
						e.open = true
					}
					e.carry(f)
				}
				return
			}
			e.carryJoined(held)
			return
		}
		if mode == dquoted && w.zshJoinedFirst(p) {
			e.dynamic(src) // "${A:t}": zsh's modifiers of the joined array
			return
		}
		if v, ok := w.lookup(p); ok && (!isHome(p) || w.dialect == Zsh && (p.Flags != nil || len(p.Modifiers) > 0)) {
			elems := strings.Split(v, listSep)
			if mode == unquoted && w.dialect == Zsh && (p.GlobSubst == syntax.OptOn || p.GlobSubst == syntax.OptUnset && w.zsh.globSubst != optOff) && isGlob(v) {
				e.cur.glob = true // ${~X}, GLOB_SUBST: the value is a pattern, X='~/.aws/cred*'
			}
			zshSplit := p.Split == syntax.OptOn || p.Split == syntax.OptUnset && w.zsh.wordSplit == optOn
			switch {
			case mode == unquoted && e.split && w.dialect == Fish && v == "" && !w.emptyElem[p.Param.Value]:
				// An empty list ($argv of fish -c) is no word.
			case e.split && w.dialect == Zsh && zshSplit && (mode == unquoted || p.Split == syntax.OptOn):
				// zsh ${=x} and $=x split the value on $IFS as sh
				// does, in double quotes too: x='rm -rf ~'; ${=x}
				// runs rm. SH_WORD_SPLIT splits an unquoted $x.
				e.splitWrite(strings.Join(elems, " "), Input{})
			case mode == unquoted && e.split && w.dialect == Zsh && p.Split == syntax.OptUnset && w.zsh.wordSplit == optEither && w.splits(v):
				e.dynamic(src) // split or not, as the line may have set SH_WORD_SPLIT
			case mode == unquoted && e.split && (w.dialect == Fish || w.dialect == Zsh):
				// fish and zsh do not split a value on blanks: one word
				// per element.
				for i, el := range elems {
					if i > 0 {
						e.end()
					}
					if el != "" || w.dialect == Fish {
						e.write(el) // fish keeps an empty element as an empty word
					}
				}
			case mode == unquoted && e.split:
				// An unquoted empty value is no word at all.
				e.splitWrite(strings.Join(elems, " "), Input{})
			case mode == dquoted && (p.Param.Value == "@" || wholeArray(p) && p.Index.(*syntax.Word).Lit() == "@" || zshKeepsElements(p)) && e.split:
				// "$@", "${X[@]}" and zsh's "${(@)X}": one word per element.
				for i, el := range elems {
					if i > 0 {
						e.end()
						e.open = true
					}
					e.write(el)
				}
			default:
				// "$*" and "${X[*]}" join with IFS's first character
				sep := " "
				if all, ok := w.vars["@"]; ok && p.Param.Value == "*" && simpleParam(p) && p.Flags == nil && len(p.Modifiers) == 0 && len(elems) == 1 && strings.Contains(all, listSep) {
					elems = strings.Split(all, listSep) // "$*" is "$@" joined by IFS; "${*:2}" is its own
				}
				// zsh joins a whole array in double quotes so: "$A"
				star := p.Param.Value == "*" || wholeArray(p) && p.Index.(*syntax.Word).Lit() == "*" || w.dialect == Zsh && p.Index == nil
				if star && len(elems) > 1 && w.dialect != Fish {
					if w.ifsSet {
						e.dynamic(strings.Join(elems, " "))
						return
					}
					if ifs, ok := w.vars["IFS"]; ok {
						sep = ifs[:min(1, len(ifs))]
					}
				}
				e.write(strings.Join(elems, sep))
			}
			return
		}
		switch {
		case isIFS(p) && e.split && mode == unquoted:
			e.end()
		case isIFS(p):
			e.write(" ")
		case homeParent(p):
			e.write("${HOME}/..") // ${HOME%/*}: the directory above the home, /home
		case isHome(p) && p.Exp != nil:
			e.write("$HOME")
		case isHome(p) && p.Flags == nil && len(p.Modifiers) == 0 && p.NestedParam == nil && (p.GlobSubst != syntax.OptUnset || p.Split != syntax.OptUnset || p.RcExpand != syntax.OptUnset):
			e.write("${HOME}") // zsh ${~HOME}, ${=HOME}, ${^HOME}: the same value
		case isHome(p) && p.Flags == nil && p.NestedParam == nil && onlyHeads(p.Modifiers):
			e.write("${HOME}" + strings.Repeat("/..", len(p.Modifiers))) // zsh ${HOME:h}: the home's parent
		case isHome(p):
			e.write(src)
		case simpleParam(p) && w.spelled[p.Param.Value] != "":
			e.dynamic(w.spelled[p.Param.Value]) // D=~u; npm publish "$D"/.ssh
		case p.Param != nil && w.aliasOf[p.Param.Value] != "" && !p.Excl && DerivedParam(src):
			// K=$GITHUB_TOKEN; curl -d "${K:-}": the operation on what K
			// copies, written on its source's name
			e.dynamic("${" + w.aliasOf[p.Param.Value] + src[2+len(p.Param.Value):])
		case (simpleParam(p) || elementParam(p)) && w.aliasOf[p.Param.Value] != "":
			if in, ok := w.fetched[p.Param.Value]; ok && simpleParam(p) {
				e.note(in) // C=$(curl …); D=$C; zzprog -e "$D"
			}
			e.dynamic("${" + w.aliasOf[p.Param.Value] + "}") // K=$GITHUB_TOKEN; curl -d "$K"; mapfile A <<< "$TOKEN"; "${A[0]}"
		case simpleParam(p) && p.Flags == nil && len(p.Modifiers) == 0 && p.NestedParam == nil && p.Param.Value != "HOME" && w.deref(p.Param.Value) == "HOME":
			e.write("$HOME") // declare -n r=HOME; rm -rf "$r"
		case w.dialect == Fish && p.Param != nil && strings.HasPrefix(p.Param.Value, "$"):
			// set v GITHUB_TOKEN; curl -d $$v: by the name it reads, or
			// any variable where that is not known, as ${!v} is
			switch name, unknown := w.fishIndirectName(p); {
			case name != "":
				e.dynamic("${" + name + "}")
			case unknown:
				e.dynamic("${!" + strings.TrimLeft(p.Param.Value, "$") + "}")
			default:
				e.dynamic(src)
			}
		case p.Param != nil && !p.Excl && !p.Length && p.NestedParam == nil && w.deref(p.Param.Value) != p.Param.Value:
			// declare -n r=GITHUB_TOKEN; curl -d "$r" (or "${r:-x}",
			// "${r%x}"): written by the name it refers to, so that what it
			// holds stays known
			e.dynamic(renamedParam(p, src, "${", w.deref(p.Param.Value)))
		case p.Param != nil && !p.Excl && !p.Length && p.NestedParam == nil && w.anyRefs[p.Param.Value]:
			// declare -n r="$v"; curl -d "$r": any variable, as ${!v} is
			e.dynamic(renamedParam(p, src, "${!", p.Param.Value))
		case p.Param != nil && p.Param.Value == "PWD" && simpleParam(p) && p.Flags == nil && len(p.Modifiers) == 0 && p.NestedParam == nil && w.cwd != "":
			e.write(w.cwd) // cd ~ && rm -rf "$PWD": the directory the line moved to
		case p.Param != nil && p.Param.Value == "PWD" && w.cwd == "" && !w.setNames["PWD"] && parentOp(p):
			e.dynamic("${PWD}/..") // cd "${PWD%/*}": the parent of where the line runs
		case w.dialect != Zsh && w.dialect != Fish && indirectParam(p) && isName(w.vars[p.Param.Value]) && w.hasValue(w.vars[p.Param.Value]):
			// X=rm; R=X; ${!R}: the value of the variable R names, known
			if v, _ := w.value(w.deref(w.vars[p.Param.Value])); mode == unquoted && e.split {
				e.splitWrite(v, Input{})
			} else {
				e.write(v)
			}
		case w.dialect != Zsh && w.dialect != Fish && indirectParam(p) && isName(w.vars[p.Param.Value]):
			e.dynamic("${" + w.vars[p.Param.Value] + "}") // v=GITHUB_TOKEN; echo "${!v}": the value of the variable v names
		case (simpleParam(p) || elementParam(p)) && w.fetched[p.Param.Value].Kind != "":
			e.note(w.fetched[p.Param.Value]) // C=$(curl -s URL); zzprog -e "$C": the download's text; mapfile A < <(curl …); "${A[0]}"
			e.dynamic(src)
		default:
			e.dynamic(src)
		}
	case *syntax.CmdSubst:
		out := w.substOutput(p, p.Stmts, "cmdsubst")
		switch {
		case !out.Static:
			e.note(out)
			e.setupDynamic(w.source(p.Pos(), p.End()), out.setup)
		case mode == unquoted && e.split && w.dialect == Fish:
			// fish splits the output into lines, not words; an empty
			// line is an empty word.
			if out.Text == "" {
				return
			}
			for i, l := range strings.Split(strings.TrimSuffix(out.Text, "\n"), "\n") {
				if i > 0 {
					e.end()
				}
				e.note(out)
				e.write(l)
			}
		case mode == unquoted && e.split:
			e.splitWrite(strings.TrimRight(out.Text, "\n"), out)
		default:
			e.note(out)
			e.write(strings.TrimRight(out.Text, "\n"))
		}
	case *syntax.ProcSubst:
		kind := "procsub"
		var out Input
		if p.Op == syntax.CmdIn {
			out = w.substOutput(p, p.Stmts, kind)
		} else {
			out = Input{Kind: kind}
		}
		e.note(out)
		e.setupDynamic(w.source(p.Pos(), p.End()), out.setup)
	case *syntax.ArithmExp:
		if n, ok := w.arithInt(p.X, 0); ok && !p.Unsigned { // $((…)), and bash's old $[…]
			e.write(strconv.Itoa(n)) // chmod 0$((4000+755)): 04755
			return
		}
		e.dynamic(w.source(p.Pos(), p.End()))
	case *syntax.ExtGlob:
		if mode == unquoted {
			// extglob's @(ssh|aws), !(x), +(…): the glob that matches at
			// least what it matches (bash with shopt -s extglob, which a
			// start-up file or an earlier line may set; zsh's kshglob)
			e.write("*")
			e.cur.glob = true
			return
		}
		e.write(w.source(p.Pos(), p.End()))
	}
}

// tildeUser expands the tilde prefix of an unquoted word that names a user
// (~root, ~alice/x) or a directory of the shell (~+ is ., ~- $OLDPWD). By
// the passwd convention ~root is /root on every system hguard serves; the
// user hguard runs as (whose commands it checks) is ~, the home the rules
// know; any other user's home is not known (the value stays as written and
// is dynamic, so rules cannot take it for a harmless path). A plain ~ is
// left to the rules.
func tildeUser(lit string) (v string, dynamic, ok bool) {
	name, rest, _ := strings.Cut(lit[1:], "/")
	if name == "" || strings.ContainsAny(name, `\*?[`) {
		return "", false, false
	}
	if rest != "" || strings.HasSuffix(lit, "/") {
		rest = "/" + rest
	}
	switch {
	case name == "root":
		return "/root" + rest, false, true
	case name == "+": // $PWD: the directory the command runs in
		return "." + rest, false, true
	case name == currentUser():
		return "~" + rest, false, true
	case name == "-" || validUser(name):
		return lit, true, true
	}
	return "", false, false
}

// currentUser is the login name of the user hguard runs as, as the
// environment says ($USER, else $LOGNAME; "" when neither is set), read on
// the first ~NAME only. Not os/user: it links cgo. A wrong name cannot
// loosen anything: it makes ~NAME the home the rules guard, or leaves it
// dynamic.
var currentUser = sync.OnceValue(func() string {
	name := cmp.Or(os.Getenv("USER"), os.Getenv("LOGNAME"))
	if !validUser(name) {
		return ""
	}
	return name
})

// validUser reports a name the shells take for a user name in ~NAME.
func validUser(name string) bool {
	for _, r := range name {
		if !(r == '_' || r == '-' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func isIFS(p *syntax.ParamExp) bool {
	return p.Param != nil && p.Param.Value == "IFS" && !p.Excl && !p.Length && p.Repl == nil && p.Names == 0
}

// isHome reports $HOME and ${HOME}, kept as written so that rules can tell a
// home directory by name.
func isHome(p *syntax.ParamExp) bool {
	return p.Param != nil && p.Param.Value == "HOME" && !p.Excl && !p.Length && p.Index == nil &&
		p.Slice == nil && p.Repl == nil && p.Names == 0 && (p.Exp == nil || homeOp(p.Exp.Op) || homeTrim(p.Exp))
}

// homeTrim: ${HOME%/}, ${HOME%%/} and an empty pattern (${HOME#}) take
// nothing from a home, which has no trailing slash.
func homeTrim(e *syntax.Expansion) bool {
	switch e.Op {
	case syntax.RemSmallSuffix, syntax.RemLargeSuffix, syntax.RemSmallPrefix, syntax.RemLargePrefix:
		pat := ""
		if e.Word != nil {
			var ok bool
			if pat, ok = literalWord(e.Word); !ok {
				return false
			}
		}
		return pat == "" || pat == "/" && (e.Op == syntax.RemSmallSuffix || e.Op == syntax.RemLargeSuffix)
	}
	return false
}

// homeParent reports ${HOME%/*}, which takes the home's last name off.
func homeParent(p *syntax.ParamExp) bool {
	if p.Param == nil || p.Param.Value != "HOME" || p.Excl || p.Length || p.Index != nil || p.Slice != nil || p.Repl != nil || p.Names != 0 ||
		p.Exp == nil || p.Exp.Op != syntax.RemSmallSuffix || p.Exp.Word == nil {
		return false
	}
	pat, ok := literalWord(p.Exp.Word)
	return ok && pat == "/*"
}

// literalWord is a word's text when it is only literal parts, quoted or not.
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			b.WriteString(x.Value)
		default:
			return "", false
		}
	}
	return b.String(), true
}

// homeOp: ${HOME:?}, ${HOME-x}, ${HOME:=x} are $HOME, which is set.
func homeOp(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull,
		syntax.AssignUnset, syntax.AssignUnsetOrNull:
		return true
	}
	return false
}

// unescape removes the backslashes that quote characters in literal text.
func unescape(s string, mode int) string {
	if mode == raw || !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		next := s[i+1]
		switch {
		case mode == unquoted,
			next == '$' || next == '`' || next == '\\' || next == '\n',
			mode == dquoted && next == '"':
			i++
			if next != '\n' {
				b.WriteByte(next)
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// ansiC decodes the body of $'…'.
func ansiC(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case 'c':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i] & 0x1f)
			}
		case 'x', 'u', 'U':
			width := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
			n, j := digits(s, i+1, width, 16)
			if j == i+1 {
				b.WriteByte('\\')
				b.WriteByte(c)
				continue
			}
			if c == 'x' {
				b.WriteByte(byte(n))
			} else if utf8.ValidRune(rune(n)) {
				b.WriteRune(rune(n))
			}
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n, j := digits(s, i, 3, 8)
			b.WriteByte(byte(n))
			i = j - 1
		case '\\', '\'', '"', '?':
			b.WriteByte(c)
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String()
}

// digits reads up to width digits in base from s[i:]; it returns the value
// and the index after the last digit.
func digits(s string, i, width, base int) (int, int) {
	n := 0
	j := i
	for ; j < len(s) && j-i < width; j++ {
		d := strings.IndexByte("0123456789abcdef", lower(s[j]))
		if d < 0 || d >= base {
			break
		}
		n = n*base + d
	}
	return n, j
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// isGlob reports literal text with a pattern character: * or ?, or a
// bracket expression [… ] (a lone [ is the test command).
func isGlob(s string) bool {
	if strings.ContainsAny(s, "*?") {
		return true
	}
	i := strings.IndexByte(s, '[')
	return i >= 0 && strings.IndexByte(s[i+1:], ']') > 0
}

// oneCharClasses writes each bracket expression of a glob that matches
// one character only ([c], [v-v]) as that character: ~/.bashr[c] names
// ~/.bashrc and nothing else (or itself, a file no one has).
func oneCharClasses(s string) string {
	if !strings.Contains(s, "[") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s):
			b.WriteString(s[i : i+2])
			i++
			continue
		case s[i] != '[':
		case i+2 < len(s) && s[i+2] == ']' && plainGlobChar(s[i+1]):
			b.WriteByte(s[i+1]) // [c]
			i += 2
			continue
		case i+4 < len(s) && s[i+4] == ']' && s[i+2] == '-' && s[i+1] == s[i+3] && plainGlobChar(s[i+1]):
			b.WriteByte(s[i+1]) // [c-c]
			i += 4
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// plainGlobChar reports a character that means itself in a glob and in
// a path.
func plainGlobChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("._@%+,:=~", c) >= 0
}

// elementParam reports ${A[i]}, ${A[@]} and the like: an element, or all,
// of an array, with no other operation.
func elementParam(p *syntax.ParamExp) bool {
	return p.Param != nil && !p.Excl && !p.Length && !p.Width && p.Index != nil && p.Slice == nil && p.Repl == nil && p.Exp == nil && p.Names == 0
}

// indirectParam reports bash's ${!X}: the variable X names, with no
// operator, index or slice.
func indirectParam(p *syntax.ParamExp) bool {
	return p.Param != nil && p.Excl && !p.Length && !p.Width && p.Index == nil && p.Slice == nil && p.Repl == nil && p.Exp == nil && p.Names == 0
}

// simpleParam reports $X or ${X}: no operator, index, length or
// indirection.
func simpleParam(p *syntax.ParamExp) bool {
	return p.Param != nil && !p.Excl && !p.Length && !p.Width && p.Index == nil && p.Slice == nil && p.Repl == nil && p.Exp == nil && p.Names == 0
}

// parentOp reports ${PWD%/*}, the parent of a directory's path (but for
// the root's children, whose parent it makes empty).
func parentOp(p *syntax.ParamExp) bool {
	return p.Exp != nil && p.Exp.Op == syntax.RemSmallSuffix && p.Exp.Word != nil && p.Exp.Word.Lit() == "/*" &&
		!p.Excl && !p.Length && p.Index == nil && p.Slice == nil && p.Repl == nil && p.Flags == nil && len(p.Modifiers) == 0 && p.NestedParam == nil
}

// emptyListWord reports a word that is nothing but "$@" of no positional
// parameters or "${A[@]}" of an array the walk knows has no element,
// which the shell expands to no word at all.
func (w *walker) emptyListWord(parts []syntax.WordPart) bool {
	if len(parts) != 1 {
		return false
	}
	dq, ok := parts[0].(*syntax.DblQuoted)
	if !ok || len(dq.Parts) != 1 || dq.Dollar {
		return false
	}
	p, ok := dq.Parts[0].(*syntax.ParamExp)
	if !ok || p.Param == nil || p.Flags != nil || len(p.Modifiers) > 0 || p.NestedParam != nil {
		return false
	}
	switch {
	case simpleParam(p) && p.Param.Value == "@":
		n, ok := w.vars["#"]
		return ok && n == "0" && w.refParams == nil && !w.volatile
	case !p.Excl && !p.Length && p.Slice == nil && p.Repl == nil && p.Exp == nil && wholeArray(p) && p.Index.(*syntax.Word).Lit() == "@":
		name := w.deref(p.Param.Value)
		_, known := w.vars[name]
		return known && w.emptyList[name] && !w.volatile
	}
	return false
}
