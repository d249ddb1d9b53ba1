package cmdline

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// zsh is read with mvdan/sh's zsh variant, which covers most of its
// grammar: { a } without a semicolon, anonymous functions (() { … } and
// function { … }, which run at once and are walked like any body). What it
// lacks, or reads as plain words, is handled here:
//   - foreach NAME… (WORDS) LIST end, which the variant reads as commands
//     named foreach and end, and the short form for NAME… (WORDS) SUBLIST,
//     which it rejects, are made for loops (zshLoops), so that the body is
//     walked with the loop variable set as for bash's for;
//   - repeat N cmd runs cmd: repeat becomes a wrapper (repeat N { … } is
//     rewritten to the block);
//   - { a } always { b } runs both blocks: "always" is rewritten to ";";
//   - the short forms if COND { LIST } (elif, else { LIST }, while, until)
//     are rewritten to COND;{ LIST }: the list is walked as one that runs;
//     for NAME in WORDS; { LIST; }, which the variant rejects as bash's,
//     is parsed as bash's;
//   - =cmd (equals expansion) is the path of cmd: the command name loses "=";
//   - glob qualifiers that run code, *(e:'code':) and *(+func), run that
//     code for every file: it is walked as a carrier and the command is
//     marked dynamic (an ask), since what it runs depends on the files;
//     other qualifiers are taken off the word (expand, zshQualified);
//   - the (e) flag expands a value again, running its substitutions
//     (zshParamRefs).

// zshBlockFixes rewrite what the zsh variant cannot parse into what it can,
// keeping every offset. They are tried only on a line that failed to parse.
// Compiled on first use: only a zsh line that failed to parse needs them.
var zshBlockFixes = sync.OnceValue(func() []zshBlockFix {
	return []zshBlockFix{
		// "} always {" → "} ;      {"
		{regexp.MustCompile(`\}[ \t]*always[ \t\n]*\{`), func(m string) string {
			i := strings.Index(m, "always")
			return m[:i] + ";     " + m[i+len("always"):]
		}},
		// "for i (" → "⟳ i (": the short for loop, a command the parser
		// reads and zshLoops makes a loop of (the marker is 3 bytes, as
		// "for" is, so offsets stay).
		{regexp.MustCompile(`(?m)(^|[;&|({\n][ \t]*|\b(?:do|then|else)[ \t]+)for(?:[ \t]+[A-Za-z_][A-Za-z0-9_]*)+[ \t]*\(`), func(m string) string {
			i := strings.Index(m, "for")
			for !isLoopFor(m, i) {
				i += 3 + strings.Index(m[i+3:], "for")
			}
			return m[:i] + shortForMarker + m[i+3:]
		}},
		// "if COND { LIST }" → "   COND;{ LIST }": zsh's short forms of
		// if, elif, while and until; the list is walked as one that
		// runs after the condition (while's as often as it may)
		{regexp.MustCompile(`(?m)(^|[;&|({}\n][ \t]*|\b(?:do|then|else)[ \t]+)(?:if|elif|while|until)[ \t]+[^;\n]*?[^;\n \t][ \t]+\{[ \t\n]`), func(m string) string {
			i := strings.Index(m, "if")
			for _, kw := range []string{"elif", "while", "until"} {
				if j := strings.Index(m, kw); j >= 0 && (i < 0 || j < i) {
					i = j
				}
			}
			n := len("if")
			switch {
			case strings.HasPrefix(m[i:], "elif"):
				n = 4
			case strings.HasPrefix(m[i:], "while"), strings.HasPrefix(m[i:], "until"):
				n = 5
			}
			kw := strings.Repeat(" ", n)
			if strings.HasPrefix(m[i:], "elif") {
				kw = ";   " // after the if's "}"
			}
			j := strings.LastIndexByte(m, '{')
			return m[:i] + kw + m[i+n:j-1] + ";" + m[j:]
		}},
		// "} else {" → "} ;    {"
		{regexp.MustCompile(`\}[ \t\n]*else[ \t\n]+\{`), func(m string) string {
			i := strings.Index(m, "else")
			return m[:i] + ";   " + m[i+4:]
		}},
		// "repeat 3 {" → "         {"
		{regexp.MustCompile(`(?m)(^|[;&|({\n][ \t]*)repeat[ \t]+[0-9]+[ \t]*\{`), func(m string) string {
			i := strings.Index(m, "repeat")
			j := strings.LastIndexByte(m, '{')
			return m[:i] + strings.Repeat(" ", j-i) + m[j:]
		}},
	}
})

// shortForMarker stands for "for" in a short for loop (for i (a b) cmd)
// the parser would reject: a word no command has, of the same length.
const shortForMarker = "\u27f3"

// isLoopFor reports whether "for" at m[i:] is the keyword, not the end of
// a longer word (before.for).
func isLoopFor(m string, i int) bool {
	return i == 0 || !isNameByte(m[i-1])
}

type zshBlockFix struct {
	re   *regexp.Regexp
	repl func(string) string
}

// zshRewrite returns src with the zsh-only forms the parser rejects
// rewritten, when there were any.
func (w *walker) zshRewrite(src string, _ error) (string, bool) {
	out := src
	for _, f := range zshBlockFixes() {
		out = f.re.ReplaceAllStringFunc(out, f.repl)
	}
	return out, out != src
}

// zshName applies zsh's reading of a command word: "=rm" is the path of rm,
// and repeat N cmd runs cmd. It returns the fields from the command word on,
// the wrappers it took off, and whether coproc runs it (in the background).
func zshName(fs []field) ([]field, []Wrapper, bool) {
	var wraps []Wrapper
	assigns := false // after repeat N, nocorrect and coproc, NAME=value words are assignments
	coproc := false
	for range 8 {
		if len(fs) == 0 {
			break
		}
		if assigns && len(fs) > 1 && fs[0].assign {
			fs = fs[1:] // repeat N X=1 cmd: X=1 is an assignment for cmd
			continue
		}
		if fs[0].Dynamic {
			break
		}
		v := fs[0].Value
		switch {
		case v == "nocorrect" && len(fs) > 1 && !fs[0].Quoted:
			// A precommand modifier of zsh's grammar: assignments may
			// follow it (nocorrect X=$(pwd) cmd).
			wraps = append(wraps, Wrapper{Name: "nocorrect"})
			fs, assigns = fs[1:], true
			continue
		case len(v) > 1 && v[0] == '=' && !fs[0].Quoted:
			fs[0].Value = v[1:]
		case v == "coproc" && len(fs) > 1 && !fs[0].Quoted:
			fs, assigns, coproc = fs[1:], true, true // zsh's coproc runs the command that follows, in the background
			continue
		case v == "-" && len(fs) > 1 && !fs[0].Quoted:
			fs = fs[1:] // the precommand modifier -: the command runs as a login program
			continue
		case v == "repeat" && len(fs) > 2:
			wraps = append(wraps, Wrapper{Name: "repeat", Args: []string{fs[1].Value}})
			fs, assigns = fs[2:], true
			continue
		}
		break
	}
	return fs, wraps, coproc
}

// zshTrailingBackslash gives a backslash that ends zsh's text (eval rm \\)
// the meaning zsh gives it: it quotes nothing, and leaves an empty word
// where bash keeps a backslash. It becomes ” (offsets before it stay).
func zshTrailingBackslash(src string) string {
	n := len(src) - len(strings.TrimRight(src, "\\"))
	if n%2 == 0 {
		return src
	}
	return src[:len(src)-1] + "''"
}

// zshNullCmd is the program zsh runs for redirections without a command
// (> f, 2>&1 | cmd): $READNULLCMD for a single input redirection (< f,
// <<< text), $NULLCMD for any other. Their defaults are pager (Debian's
// build; upstream zsh's is more) and cat.
func zshNullCmd(rs []*syntax.Redirect) string {
	if len(rs) == 1 && rs[0] != nil && (rs[0].N == nil || rs[0].N.Value == "0") {
		switch rs[0].Op {
		case syntax.RdrIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			return "pager"
		}
	}
	return "cat"
}

// globQualifiers follows the code run by glob qualifiers in c's words.
func (w *walker) globQualifiers(c *Command, ce *syntax.CallExpr, cx ctx) {
	for _, word := range ce.Args {
		if word == nil {
			continue
		}
		for _, p := range word.Parts {
			var text string
			switch p := p.(type) {
			case *syntax.Lit:
				text = p.Value
			case *syntax.ParamExp:
				// ${~x}, $~x: the value is a pattern, its qualifiers
				// run too (x='*(e:rm -rf ~:)')
				if p.GlobSubst == syntax.OptOn {
					text, _ = w.lookup(p)
				}
			}
			code, ok := qualifierCode(text)
			if !ok {
				continue
			}
			c.Untrusted = "dynamic"
			w.nested(c, code, "zsh glob qualifier", cx, false)
		}
	}
}

// qualifierCode finds a code-running glob qualifier in the literal text of
// a word: (e:code:), (e'code'), (+func), (oe:code:), (o+func), possibly
// after other qualifiers; the numbers of Lk+100 or mh+7 run nothing
// (scanQualifiers).
func qualifierCode(s string) (string, bool) {
	open := strings.LastIndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") {
		return "", false
	}
	q := s[open+1 : len(s)-1]
	if patternGroup(q) {
		return "", false // (src|test): alternatives of a pattern, not qualifiers
	}
	scan := scanQualifiers(q)
	if scan.broken && scan.code == "" {
		return "", false // a word ending in e( is no code
	}
	return scan.code, scan.runs
}

// patternGroup reports parenthesised text with an unquoted |: zsh reads
// it as a group of alternatives of the pattern, never as glob qualifiers
// (whose code may hold a quoted one: *(e:'[[ -d $REPLY ]] || …':)).
func patternGroup(q string) bool {
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case '\\':
			i++
		case '\'', '"':
			end := strings.IndexByte(q[i+1:], q[i])
			if end < 0 {
				return false
			}
			i += 1 + end
		case '|':
			return true
		}
	}
	return false
}

func closing(d byte) byte {
	switch d {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return d
}

// unquoteZsh removes one level of quotes around qualifier code ('rm x').
func unquoteZsh(s string) string {
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

func isNameByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// carrierDialect is the grammar of the text a carrier runs: the shell it
// names (zsh -c, fish -c), the current one for eval, source and trap, and bash,
// hguard's widest reading of sh, for the rest (sh -c, watch, ssh, su -c).
func carrierDialect(c *Command, cx ctx) Dialect {
	switch p := program(c.Name); {
	case p == "zsh":
		return Zsh
	case p == "fish":
		return Fish
	case shells.has(p):
		return Bash
	case c.Name == "eval" || c.Name == "source" || c.Name == "." || c.Name == "trap":
		if cx.dialect != "" {
			return cx.dialect
		}
	}
	return Bash
}

// zshAssign reports a NAME=value word.
func zshAssign(v string) bool {
	name, _, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return false
	}
	for i, r := range name {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// zshLoops turns what the zsh variant reads as plain commands into the for
// loops zsh runs: foreach NAME… (WORDS) [SUBLIST]; LIST; end (up to the
// command end), and a command named shortForMarker (the short for NAME…
// (WORDS) SUBLIST, rewritten so that it parses) wherever a pipeline may
// start: its body is the rest of its own words with the pipelines and
// and-or list that follow it. Other statements are returned as they are.
func (w *walker) zshLoops(list []*syntax.Stmt) []*syntax.Stmt {
	out := make([]*syntax.Stmt, 0, len(list))
	for i := 0; i < len(list); i++ {
		st := list[i]
		elems, _ := andOr2(st)
		call, _ := headCall(elems[0].Cmd)
		if call == nil || call.Args[0].Lit() != "foreach" {
			out = append(out, w.shortFor(st))
			continue
		}
		names, items, rest, ok := w.loopHeader(call.Args[1:])
		if !ok {
			out = append(out, st)
			continue
		}
		var body []*syntax.Stmt
		if len(rest) > 0 {
			body = append(body, w.shortFor(withHead(st, &syntax.CallExpr{Args: rest})))
		}
		j := i + 1
		for ; j < len(list); j++ {
			if c, ok := list[j].Cmd.(*syntax.CallExpr); ok && len(c.Args) == 1 && len(c.Assigns) == 0 && c.Args[0].Lit() == "end" {
				break
			}
		}
		body = append(body, list[i+1:min(j, len(list))]...)
		i = j // past end (or the last statement: an unclosed foreach runs all)
		out = append(out, &syntax.Stmt{Position: st.Position, Cmd: w.forLoop(call, names, items, body)})
	}
	return out
}

// shortFor makes a loop of a short for loop heading any pipeline of st's
// and-or list: the loop's body is that pipeline and the rest of the list.
func (w *walker) shortFor(st *syntax.Stmt) *syntax.Stmt {
	elems, ops := andOr2(st)
	changed := false
	for k, e := range elems {
		call, _ := headCall(e.Cmd)
		if call == nil || call.Args[0].Lit() != shortForMarker {
			if p := w.pipedFor(e); p != e {
				elems[k], changed = p, true
			}
			continue
		}
		names, items, rest, ok := w.loopHeader(call.Args[1:])
		if !ok || len(rest) == 0 {
			return st
		}
		body := joinAndOr(append([]*syntax.Stmt{withHead(e, &syntax.CallExpr{Args: rest})}, elems[k+1:]...), ops[k:])
		loop := &syntax.Stmt{Position: e.Position, Cmd: w.forLoop(call, names, items, []*syntax.Stmt{w.shortFor(body)})}
		top := joinAndOr(append(elems[:k:k], loop), ops[:k])
		if top != loop {
			top.Negated, top.Background, top.Coprocess, top.Disown = st.Negated, st.Background, st.Coprocess, st.Disown
		}
		return top
	}
	if !changed {
		return st // the common case: no loop, nothing rebuilt (and st's own flags kept)
	}
	top := joinAndOr(elems, ops)
	if top != elems[0] {
		top.Negated, top.Background, top.Coprocess, top.Disown = st.Negated, st.Background, st.Coprocess, st.Disown
	}
	return top
}

// pipedFor makes loops of short for loops later in a pipeline (echo x |
// for d (a b) cat): each runs its own words.
func (w *walker) pipedFor(st *syntax.Stmt) *syntax.Stmt {
	b, ok := st.Cmd.(*syntax.BinaryCmd)
	if !ok || (b.Op != syntax.Pipe && b.Op != syntax.PipeAll) {
		return st
	}
	nb := *b
	nb.X = w.pipedFor(b.X)
	if call, ok := b.Y.Cmd.(*syntax.CallExpr); ok && len(call.Args) > 0 && call.Args[0].Lit() == shortForMarker {
		if names, items, rest, ok := w.loopHeader(call.Args[1:]); ok && len(rest) > 0 {
			body := &syntax.Stmt{Position: b.Y.Position, Cmd: &syntax.CallExpr{Args: rest}, Redirs: b.Y.Redirs}
			nb.Y = &syntax.Stmt{Position: b.Y.Position, Cmd: w.forLoop(call, names, items, []*syntax.Stmt{body})}
		}
	}
	if nb.X == b.X && nb.Y == b.Y {
		return st // no loop in this pipeline
	}
	ns := *st
	ns.Cmd = &nb
	return &ns
}

// andOr2 splits a statement into its and-or list's pipelines and the
// operators between them (mvdan/sh nests a && b || c to the left).
func andOr2(st *syntax.Stmt) ([]*syntax.Stmt, []syntax.BinCmdOperator) {
	b, ok := st.Cmd.(*syntax.BinaryCmd)
	if !ok || (b.Op != syntax.AndStmt && b.Op != syntax.OrStmt) || b.X == nil || b.Y == nil {
		return []*syntax.Stmt{st}, nil
	}
	elems, ops := andOr2(b.X)
	return append(elems, b.Y), append(ops, b.Op)
}

// joinAndOr nests pipelines and operators back into one statement.
func joinAndOr(elems []*syntax.Stmt, ops []syntax.BinCmdOperator) *syntax.Stmt {
	st := elems[0]
	for k, op := range ops {
		st = &syntax.Stmt{Position: st.Position, Cmd: &syntax.BinaryCmd{OpPos: elems[k+1].Position, Op: op, X: st, Y: elems[k+1]}}
	}
	return st
}

// headCall is the first command of a pipeline.
func headCall(cmd syntax.Command) (*syntax.CallExpr, bool) {
	for {
		switch c := cmd.(type) {
		case *syntax.CallExpr:
			if len(c.Args) < 3 || len(c.Assigns) > 0 {
				return nil, false
			}
			return c, true
		case *syntax.BinaryCmd:
			if (c.Op != syntax.Pipe && c.Op != syntax.PipeAll) || c.X == nil {
				return nil, false
			}
			cmd = c.X.Cmd
		default:
			return nil, false
		}
	}
}

// withHead is a copy of the pipeline st whose first command is head.
func withHead(st *syntax.Stmt, head *syntax.CallExpr) *syntax.Stmt {
	ns := *st
	switch c := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		nb := *c
		nb.X = withHead(c.X, head)
		ns.Cmd = &nb
	default:
		ns.Cmd = head
	}
	return &ns
}

// loopHeader reads NAME… (WORDS) from a loop's words: the names, the words
// inside the parentheses, and the words after them. Words that cannot be
// read are no items: the loop variable is then unknown (dynamic).
func (w *walker) loopHeader(words []*syntax.Word) (names []string, items []*syntax.Word, rest []*syntax.Word, ok bool) {
	for k, word := range words {
		from, to := offset(word.Pos(), len(w.src)), offset(word.End(), len(w.src))
		text := w.src[from:max(from, to)]
		if strings.HasPrefix(text, "(") {
			if len(names) == 0 || !strings.HasSuffix(text, ")") {
				return nil, nil, nil, false
			}
			return names, w.zshWords(from+1, text[1:len(text)-1]), words[k+1:], true
		}
		if name := word.Lit(); name != "" && isName(name) {
			names = append(names, name)
			continue
		}
		return nil, nil, nil, false
	}
	return nil, nil, nil, false
}

// zshWords parses the words of a loop's list, which stand at offset from
// in the walker's text, as zsh splits them. The text is parsed padded to
// its place, so that the words' positions are the text's own.
func (w *walker) zshWords(from int, text string) []*syntax.Word {
	if from < 2 {
		return nil
	}
	src := strings.Repeat(" ", from-2) + ": " + text
	f, err := w.dialectParser(Zsh).Parse(strings.NewReader(src), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	c, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 {
		return nil
	}
	return c.Args[1:]
}

// forLoop is the for loop zsh runs. A loop over several names at a time
// (for a b (1 2 3 4)) sets each name to a value the line cannot pin down
// per pass: the body is walked once with the names dynamic.
func (w *walker) forLoop(call *syntax.CallExpr, names []string, items []*syntax.Word, body []*syntax.Stmt) *syntax.ForClause {
	pos := call.Pos()
	if len(names) > 1 {
		for _, n := range names {
			w.setVar(n, Word{Dynamic: true})
		}
		return &syntax.ForClause{ForPos: pos, Loop: &syntax.WordIter{}, Do: body}
	}
	return &syntax.ForClause{ForPos: pos, Loop: &syntax.WordIter{Name: &syntax.Lit{ValuePos: call.Args[1].Pos(), ValueEnd: call.Args[1].End(), Value: names[0]}, InPos: pos, Items: items}, Do: body}
}

// zshTable reads an assignment to zsh's alias and function tables (the
// zsh/parameter module's associative arrays, always loaded in an
// interactive zsh): aliases[ls]=rm defines the alias ls as alias ls=rm
// does, galiases and saliases the global and suffix ones, and
// functions[f]=BODY the function f; aliases=(K V …) and aliases+=(K V …)
// set several. A key or value not known statically defines nothing.
func (w *walker) zshTable(a *syntax.Assign, c *Command, cx ctx) {
	if w.dialect != Zsh || a == nil || a.Name == nil {
		return
	}
	var table *map[string]string
	switch a.Name.Value {
	case "aliases":
		table = &w.aliases
	case "galiases":
		table = &w.galiases
	case "saliases":
		table = &w.saliases
	case "functions":
		table = &w.zshFuncs
	default:
		return
	}
	define := func(k, v Word) {
		if k.Dynamic || v.Dynamic || k.Value == "" {
			return
		}
		if *table == nil {
			*table = make(map[string]string)
		}
		(*table)[k.Value] = v.Value
		if table == &w.zshFuncs {
			// walked where it is defined, as a function's body is
			fx := cx
			fx.fn = k.Value
			w.nestedIn(c, v.Value, k.Value+"()", fx, Zsh)
		}
	}
	switch {
	case a.Index != nil && a.Value != nil:
		if key, ok := a.Index.(*syntax.Word); ok {
			define(w.single(key).Word, w.single(a.Value).Word)
		}
	case a.Array != nil && a.Index == nil:
		var words []Word
		for _, el := range a.Array.Elems {
			if el.Index != nil || el.Value == nil {
				return
			}
			for _, f := range w.fields(el.Value) {
				words = append(words, f.Word)
			}
		}
		for i := 0; i+1 < len(words); i += 2 {
			define(words[i], words[i+1])
		}
	}
}

// zshFuncCall walks the body of a function defined through zsh's functions
// table again for a call with arguments, with the positional parameters
// set (functions[ls]='rm "$@"'; ls -rf ~ runs rm -rf ~).
func (w *walker) zshFuncCall(c *Command, args []field, cx ctx) {
	body, ok := w.zshFuncs[c.Name]
	if !ok || c.Path != c.Name || cx.fn == c.Name || len(args) == 0 || w.walks >= maxLoopWalks {
		return
	}
	w.walks++
	restore := w.positional(c.Name, args)
	fx := cx
	fx.fn = c.Name
	w.nestedIn(c, body, c.Name+"()", fx, Zsh)
	restore()
}

// zshParamRefs follows what zsh's flags evaluate. (e) expands the value
// again as a double-quoted string, so its command substitutions run
// (${(e)${:-'$(rm -rf ~)'}}, x='$(…)'; ${(e)x}): a known value is walked
// as : "VALUE"; an unknown one is code nobody has read, an eval of a
// dynamic string. The widths of (l:…:) and (r:…:) are arithmetic:
// ${(l:`rm -rf ~`:)x} runs rm.
func (w *walker) zshParamRefs(p *syntax.ParamExp, at Pos, cx ctx) {
	if p.Flags == nil || w.dialect != Zsh {
		return
	}
	f := parseZshFlags(p.Flags)
	for _, x := range f.arith {
		w.arithText(x, "zsh width flag", at, cx)
	}
	if !f.eval || cx.noSubst {
		return
	}
	via := "${(e)…}"
	vals, ok := w.zshValues(p, f.indirect)
	if !ok {
		c := &Command{Name: "eval", Path: "eval", Pipe: PipePos{Len: 1}, Untrusted: "dynamic", Pos: at, Func: cx.fn,
			Via: append(slices.Clip(cx.via), via), Source: w.source(p.Pos(), p.End())}
		w.emit(c)
	}
	for _, v := range vals {
		if hasSubst(v) {
			w.nestedText(&Command{Pos: at, Via: cx.via}, `: "`+strings.ReplaceAll(v, `"`, `\"`)+`"`, via, cx, false, Zsh)
		}
	}
}

// zshValues gives the values a zsh expansion's flags may apply to: the
// variable's (indirect: the one it names), the nested expansion's, or the
// WORD of ${:-WORD}. ok is false when a value may be one hguard does not
// know: the variable is not set on the line, or an operator changes it.
// The nested expansion's own flags are not applied.
func (w *walker) zshValues(p *syntax.ParamExp, indirect bool) (vals []string, ok bool) {
	if p.Excl || p.Length || p.Width || p.IsSet || p.Index != nil || len(p.Modifiers) > 0 || p.Slice != nil || p.Repl != nil || p.Names != 0 {
		return nil, false
	}
	v, known := "", true
	switch {
	case p.NestedParam != nil:
		var nv []string
		if nested, ok := p.NestedParam.(*syntax.ParamExp); ok {
			nv, known = w.zshValues(nested, parseZshFlags(nested.Flags).indirect)
		} else {
			f := w.single(&syntax.Word{Parts: []syntax.WordPart{p.NestedParam}})
			if f.Dynamic {
				return nil, false
			}
			nv = []string{f.Value}
		}
		if !known || len(nv) != 1 {
			return nv, false
		}
		v = nv[0]
	case p.Param != nil:
		v, known = w.vars[w.deref(p.Param.Value)]
		if known && indirect {
			v, known = w.vars[w.deref(v)]
		}
		v = strings.ReplaceAll(v, listSep, " ")
	}
	if p.Exp == nil {
		return []string{v}, known
	}
	switch p.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
		if known && (v != "" || p.Param != nil && (p.Exp.Op == syntax.DefaultUnset || p.Exp.Op == syntax.AssignUnset)) {
			return []string{v}, true
		}
		d := w.single(p.Exp.Word)
		if d.Dynamic {
			return []string{v}, false
		}
		if known {
			return []string{d.Value}, true
		}
		return []string{d.Value}, false
	}
	return []string{v}, false
}

// printValueOpts are the options of zsh's print that take a value.
const printValueOpts = "CfuvxX"

// printPrompt follows zsh's print -P with PROMPT_SUBST set: each word is
// prompt-expanded, which expands it again as a double-quoted string, so
// its command substitutions run (setopt promptsubst; print -P '$(rm -rf
// ~)', or inside %{…%}). A known word is walked as : "WORD"; an unknown
// one is code nobody has read, an eval of a dynamic string.
func (w *walker) printPrompt(c *Command, args []field, cx ctx) {
	prompt, i := false, 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic || v == "-" || v == "--" || len(v) < 2 || v[0] != '-' {
			if v == "-" || v == "--" {
				i++
			}
			break
		}
		for j := 1; j < len(v); j++ {
			if v[j] == 'P' {
				prompt = true
			}
			if strings.IndexByte(printValueOpts, v[j]) >= 0 {
				if j == len(v)-1 {
					i++ // the value is the next word
				}
				break
			}
		}
	}
	if !prompt || cx.noSubst {
		return
	}
	via := "print -P (promptsubst)"
	for _, a := range args[min(i, len(args)):] {
		if a.Dynamic {
			w.emit(&Command{Name: "eval", Path: "eval", Pipe: PipePos{Len: 1}, Untrusted: "dynamic", Pos: c.Pos, Func: cx.fn,
				Via: append(slices.Clip(c.Via), via), Source: c.Source})
			return
		}
		if hasSubst(a.Value) {
			w.nestedText(c, `: "`+strings.ReplaceAll(a.Value, `"`, `\"`)+`"`, via, cx, false, Zsh)
		}
	}
}

// extendedGlob is what the parts of a word before a literal leave
// zshExtendedGlob: an (#i) that holds, and a ^ whose component goes on.
type extendedGlob struct {
	caseless bool // the text after (#i) matches in either case
	negated  bool // in a ^'s component, which * stands for
	excluded bool // after a pattern's ~, the names it leaves out
}

// zshExtendedGlob writes the EXTENDED_GLOB forms of an unquoted literal,
// which a user's start-up files often turn on, as the plain globs that
// match at least what they match: a component's leading ^ (^proj, every
// name but proj) is *, and the text after (#i) matches in either case
// (~/(#i).SSH/id_* is ~/.[sS][sS][hH]/[iI][dD]_*), and a pattern's
// exclusion is left off (~/.ssh/*~*.pub matches what ~/.ssh/* does but
// the public keys: at least the private ones). start says the literal
// starts a component (the word, or after a /), more that other parts of
// the word follow it; state is what the parts before it left, and the
// result's what it leaves.
func zshExtendedGlob(v string, start, more bool, state extendedGlob) (string, extendedGlob) {
	if !state.caseless && !state.negated && !state.excluded && !strings.Contains(v, "^") && !strings.Contains(v, "(#i)") && !strings.Contains(v, "~") {
		return v, state
	}
	var b strings.Builder
	brackets := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case state.excluded:
			continue
		case c == '~' && i > 0 && !brackets && strings.ContainsAny(b.String(), "*?["):
			state.excluded = true // x~y: what x matches but y
			continue
		case state.negated:
			state.negated = c != '/' // the rest of the name ^ leaves out
			if state.negated {
				continue
			}
		case c == '\\' && i+1 < len(v):
			b.WriteString(v[i : i+2])
			i++
			continue
		case brackets:
			brackets = c != ']'
		case c == '[':
			brackets = true
		case strings.HasPrefix(v[i:], "(#i)"):
			state.caseless = true
			i += len("(#i)") - 1
			continue
		case c == '^' && (i == 0 && start || i > 0 && v[i-1] == '/') && (i+1 < len(v) && v[i+1] != '/' || i+1 == len(v) && more):
			b.WriteByte('*')
			state.negated = true
			continue
		case state.caseless && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'):
			b.WriteString("[" + strings.ToLower(string(c)) + strings.ToUpper(string(c)) + "]")
			continue
		}
		b.WriteByte(c)
	}
	state.negated = state.negated && more
	return b.String(), state
}
